"""``badugi serve`` at the command line: its options, its refusals, and its word when the extra is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from badugi._extras import install_command
from badugi.cli import main


def test_serve_is_a_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "badugi", "serve", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0
    for option in ("--host", "--port", "--data", "--public-url", "--bot-delay", "--between-hands"):
        assert option in result.stdout


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--port", "70000"], "a port is 0 to 65535"),
        (["--port", "http"], "a port is 0 to 65535"),
        (["--bot-delay", "soon"], "not a number of seconds"),
        (["--between-hands", "-1"], "between 0 and 60"),
    ],
)
def test_bad_options_are_one_line_and_status_2(
    arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *arguments]) == 2
    assert said in capsys.readouterr().err


def test_without_the_web_extra_it_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util  # noqa: PLC0415

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    assert main(["serve", "--port", "0"]) == 1
    assert install_command("web") in capsys.readouterr().err


def test_the_command_is_the_one_that_works_where_badugi_was_installed_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import badugi._extras  # noqa: PLC0415

    clone = Path(__file__).resolve().parent.parent
    if "site-packages" not in badugi._extras.__file__:  # run from this clone, installed editable
        assert badugi._extras._clone() == clone
    monkeypatch.setattr(badugi._extras, "_clone", lambda: None)
    assert install_command("web") == "python -m pip install 'badugi[web]'"
    monkeypatch.setattr(badugi._extras, "_clone", lambda: clone)
    assert install_command("web") == f"python -m pip install '.[web]' (in the clone, {clone})"


def test_an_address_in_use_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    pytest.importorskip("uvicorn")
    import socket  # noqa: PLC0415

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "listening on 127.0.0.1 only" in err
    assert f"cannot serve on 127.0.0.1:{port}" in err
