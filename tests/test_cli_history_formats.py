"""``--history-out`` and ``--history`` append only to a file of their own format, refusing others by name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SIMULATE = (sys.executable, "-m", "badugi", "simulate", "--players", "3", "--hands", "1", "--seed", "4")
PLAY = (sys.executable, "-m", "badugi", "play", "--seed", "2", "--players", "3", "--hands", "1")


def simulate(out: Path, form: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SIMULATE, "--no-progress", "--history-out", str(out), "--history-format", form],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(("first", "then"), [("phh", "json"), ("json", "pokerstars"), ("pokerstars", "phh")])
def test_a_file_of_another_format_is_refused_naming_both_and_left_as_it_was(
    first: str, then: str, tmp_path: Path
) -> None:
    out = tmp_path / "match.txt"
    assert simulate(out, first).returncode == 0
    before = out.read_bytes()
    refused = simulate(out, then)
    assert refused.returncode == 2
    assert f"{out} holds {first} hands: --history-format {then} would append another format" in refused.stderr
    assert out.read_bytes() == before


def test_a_file_of_the_same_format_is_appended_to(tmp_path: Path) -> None:
    out = tmp_path / "match.phhs"
    assert simulate(out, "phh").returncode == 0
    again = simulate(out, "phh")
    assert again.returncode == 0, again.stderr
    assert "[2]\n" in out.read_text(encoding="utf-8")


def test_text_in_no_format_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\n", encoding="utf-8")
    refused = simulate(out, "json")
    assert refused.returncode == 2
    assert "holds text in no format read" in refused.stderr
    assert out.read_text(encoding="utf-8") == "my notes\n"


def test_the_play_command_refuses_the_same(tmp_path: Path) -> None:
    out = tmp_path / "match.phhs"
    assert simulate(out, "phh").returncode == 0
    played = subprocess.run(
        [*PLAY, "--history", str(out), "--bots", "simple,random"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    assert played.returncode == 2
    assert "holds phh hands: --history-format json would append another format" in played.stderr


@pytest.mark.parametrize("form", ["json", "phh", "pokerstars"])
def test_every_format_keeps_the_players_names(form: str, tmp_path: Path) -> None:
    """The JSON history keeps the players' names as PHH and PokerStars do (in its setup event)."""
    import json  # noqa: PLC0415

    from badugi.engine import Hand  # noqa: PLC0415
    from badugi.histories import read_hands  # noqa: PLC0415

    out = tmp_path / f"match.{form}"
    made = simulate(out, form)
    assert made.returncode == 0, made.stderr
    (read,) = read_hands(out.read_bytes())
    assert read.names == ("simple-0", "random-1", "simple-2"), read.names
    if form == "json":  # and the engine still replays the line, names and all
        assert Hand.replay(json.loads(out.read_text(encoding="utf-8"))).names == read.names
    shown = subprocess.run(
        [sys.executable, "-m", "badugi", "history", "show", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Seats: simple-0 1,000 (button), random-1 1,000, simple-2 1,000" in shown.stdout, shown.stdout
