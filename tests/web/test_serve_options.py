"""``badugi serve`` given what cannot serve: each refused in one line and status 1, before anything listens.

A data folder that is a file or cannot be made, a data file that is no
SQLite database (or another server's), a public URL no link can be made
with: each is said as ``badugi serve: error: ...`` on one line, never a
traceback, and the server does not start. An address of 127.0.0.0/8 is
said to be this machine only.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from badugi.cli import main
from badugi.web.app import check_public_url, create_app
from badugi.web.protocol import WebInputError
from badugi.web.server import DATA_FILE

#: Long enough for a start-up that fails; a server that starts instead is stopped and fails the test.
REFUSAL_WAIT = 30


def refusal(*arguments: str) -> list[str]:
    """The lines ``badugi serve ARGUMENTS`` writes to stderr, having exited 1 on its own."""
    try:
        result = subprocess.run(
            [sys.executable, "-m", "badugi", "serve", "--port", "0", *arguments],
            capture_output=True,
            text=True,
            check=False,
            timeout=REFUSAL_WAIT,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"badugi serve {' '.join(arguments)} started instead of refusing") from None
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith("badugi serve: listening on"), lines
    assert len(lines) == 2, lines  # the bind's word, then the one error line
    assert lines[1].startswith("badugi serve: error: "), lines
    return lines


def corrupted(tmp_path: Path) -> Path:
    folder = tmp_path / "corrupted"
    folder.mkdir()
    (folder / DATA_FILE).write_bytes(b"not a database, only text, over and over\n" * 200)
    return folder


def another_schema(tmp_path: Path) -> Path:
    folder = tmp_path / "other"
    folder.mkdir()
    db = sqlite3.connect(folder / DATA_FILE)
    db.execute("PRAGMA user_version=7")
    db.close()
    return folder


def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "a-file"
    path.write_text("x")
    return path


def under_a_file(tmp_path: Path) -> Path:
    return a_file(tmp_path) / "data"


def a_folder_in_the_way(tmp_path: Path) -> Path:
    folder = tmp_path / "folder"
    (folder / DATA_FILE).mkdir(parents=True)
    return folder


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (corrupted, "file is not a database"),
        (another_schema, "another version of badugi serve"),
        (a_file, "is not a folder"),
        (under_a_file, "Not a directory"),
        (a_folder_in_the_way, "unable to open database file"),
    ],
    ids=["corrupted SQLite", "another schema", "a file", "under a file", "a folder for the file"],
)
def test_a_data_folder_that_cannot_serve_is_one_line(tmp_path: Path, make: object, said: str) -> None:
    assert callable(make)
    data = make(tmp_path)
    lines = refusal("--data", str(data))
    assert f"--data {data}" in lines[1]
    assert said in lines[1]


@pytest.mark.parametrize(
    "url",
    ["garbage", "ftp://friend.example", "http://", "http://friend.example:99x", "http://h.example/badugi"],
)
def test_a_public_url_no_link_can_use_is_one_line(tmp_path: Path, url: str) -> None:
    lines = refusal("--data", str(tmp_path), "--public-url", url)
    assert "the public URL must be http://HOST[:PORT]" in lines[1]
    with pytest.raises(WebInputError, match="public URL"):
        create_app(":memory:", public_url=url)


def test_a_public_url_as_friends_write_it_is_kept() -> None:
    assert check_public_url("https://friend.example:8443/") == "https://friend.example:8443"
    assert check_public_url("http://[2001:db8::1]:8000") == "http://[2001:db8::1]:8000"


@pytest.mark.parametrize("port", ["²", "-1", "8000.0", " 80"])
def test_a_port_that_is_no_ascii_number_is_refused(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 2
    assert "a port is 0 to 65535" in capsys.readouterr().err


def test_every_loopback_address_is_said_to_be_this_machine_only(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "badugi",
            "serve",
            "--host",
            "127.0.0.2",
            "--port",
            "0",
            "--data",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        said = process.stderr.readline()
    finally:
        process.kill()
        process.wait(timeout=10)
    assert said.startswith("badugi serve: listening on 127.0.0.2 only (this machine)"), said
