"""``badugi history`` and ``play`` against hostile files and input: no file emptied, no name obeyed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.play.play_driver import play_piped

FILES = Path(__file__).parent / "histories" / "files"
TITLE = "\x1b]0;pwned\x07"  # a terminal that is sent this sets its window's title to "pwned"


def badugi(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, check=False
    )


def test_convert_leaves_the_out_file_as_it_was_when_no_hand_is_written(tmp_path: Path) -> None:
    refused = tmp_path / "refused.txt"
    text = (FILES / "pokerstars_cash.txt").read_text(encoding="utf-8")
    refused.write_text(text.replace("*** SUMMARY ***", "*** NOT A SUMMARY ***"), encoding="utf-8")
    out = tmp_path / "kept.phh"
    out.write_text("a file the user keeps\n", encoding="utf-8")
    for to in ("phh", "json", "pokerstars"):
        result = badugi("history", "convert", str(refused), "--to", to, "--out", str(out))
        assert result.returncode != 0, result.stderr
        assert "nothing written" in result.stderr
        assert f"{out} is left as it was" in result.stderr
        assert out.read_text(encoding="utf-8") == "a file the user keeps\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".badugi-")] == []  # no temporary left
    to_stdout = badugi("history", "convert", str(refused), "--to", "phh")
    assert to_stdout.returncode != 0
    assert to_stdout.stdout == ""


def test_convert_still_writes_a_file_when_hands_are_written(tmp_path: Path) -> None:
    out = tmp_path / "cash.phh"
    out.write_text("old\n", encoding="utf-8")
    result = badugi(
        "history", "convert", str(FILES / "pokerstars_cash.txt"), "--to", "phh", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    shown = badugi("history", "show", str(out))
    assert "2 played by the rules" in shown.stderr


def test_show_escapes_the_control_characters_of_names_and_tables(tmp_path: Path) -> None:
    text = (FILES / "pokerstars_cash.txt").read_text(encoding="utf-8")
    hostile = text.replace("nachtzug", "nacht" + TITLE).replace("Ariadne IV", "Ariadne" + TITLE)
    path = tmp_path / "hostile.txt"
    path.write_text(hostile, encoding="utf-8")
    shown = badugi("history", "show", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "2 played by the rules" in shown.stderr
    for stream in (shown.stdout, shown.stderr):
        assert "\x1b" not in stream
        assert "\x07" not in stream
    assert "nacht\\x1b]0;pwned\\x07" in shown.stdout
    assert "Ariadne\\x1b]0;pwned\\x07" in shown.stdout


def test_refusals_and_file_names_are_escaped_too(tmp_path: Path) -> None:
    path = tmp_path / f"x{TITLE}.txt"
    text = (FILES / "pokerstars_cash.txt").read_text(encoding="utf-8")
    path.write_text(text.replace("Badugi Limit", "Badugi\x1b[2J Limit", 1), encoding="utf-8")
    shown = badugi("history", "show", str(path))
    assert "\x1b" not in shown.stdout + shown.stderr
    assert "passed over: PokerStars hand" in shown.stderr


def test_play_escapes_what_it_echoes_of_piped_input() -> None:
    result = play_piped([TITLE, "quit"], "--seed", "3", "--players", "2", "--hands", "1")
    assert "\x1b" not in result.stdout + result.stderr
    assert "> \\x1b]0;pwned\\x07" in result.stdout
