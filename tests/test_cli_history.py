"""``badugi history show`` and ``convert``, and ``simulate --history-out``, run as a person runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FILES = Path(__file__).parent / "histories" / "files"


def badugi(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, cwd=cwd, check=False
    )


@pytest.mark.parametrize("form", ["json", "phh", "pokerstars"])
def test_a_match_written_in_each_format_reads_back_and_converts_to_every_other(
    form: str, tmp_path: Path
) -> None:
    out = tmp_path / f"match.{form}"
    made = badugi(
        "simulate",
        "--players",
        "3",
        "--hands",
        "4",
        "--seed",
        "9",
        "--no-progress",
        "--history-out",
        str(out),
        "--history-format",
        form,
    )
    assert made.returncode == 0, made.stderr
    assert made.stderr.strip().endswith(f"4 hands written to {out}")
    shown = badugi("history", "show", str(out))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Hand 1: ")  # no blank line first
    assert shown.stdout.count("\n\nHand ") == 3
    assert "4 hands read: 4 played by the rules, 0 passed over, 0 refused" in shown.stderr
    for to in ("json", "phh", "pokerstars"):
        converted = tmp_path / f"again.{to}"
        result = badugi("history", "convert", str(out), "--to", to, "--out", str(converted))
        assert result.returncode == 0, result.stderr
        assert result.stderr.strip().endswith(f"4 hands written as {to} to {converted}")
        again = badugi("history", "show", str(converted))
        assert "4 played by the rules" in again.stderr
        # The same hands, told the same way from each format (the headers name the format).
        body = [line for line in again.stdout.splitlines() if not line.startswith("Hand ")]
        first = [line for line in shown.stdout.splitlines() if not line.startswith("Hand ")]
        assert body == first


def test_show_starts_with_the_first_hand_and_a_blank_line_separates_the_next(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    assert (
        badugi(
            "simulate", "--players", "3", "--hands", "2", "--seed", "4", "--history-out", str(path)
        ).returncode
        == 0
    )
    shown = badugi("history", "show", str(path))
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("Hand 1: JSON history (line 1), ")
    assert lines.count("") == 1
    assert lines[lines.index("") + 1].startswith("Hand 2: JSON history (line 2), ")


def test_show_tells_a_room_hand_as_its_player_saw_it() -> None:
    shown = badugi("history", "show", str(FILES / "fulltilt_six_max.txt"))
    assert shown.returncode == 0
    lines = shown.stdout.splitlines()
    assert "Hero is dealt Kc 9d 3h 2c: three-card 9-3-2" in lines
    assert "Hero throws Kc and draws 5s: 9d 3h 2c 5s, 9-5-3-2 badugi" in lines
    assert "Odo draws 2" in lines
    assert "Bellamy mucks" in lines
    assert lines[-1] == "Rake $0.70; collected: Hero $13.30"


def test_a_file_with_refused_and_skipped_hands_says_why_and_shows_the_rest() -> None:
    shown = badugi("history", "show", str(FILES / "fulltilt_mixed_games.txt"))
    assert shown.returncode == 0
    assert "5 hands read: 2 played by the rules, 3 passed over, 0 refused" in shown.stderr
    assert "passed over: a hand of Limit Hold'em" in shown.stderr
    assert shown.stdout.count("not played (") == 3


def test_hands_a_format_cannot_state_are_left_out_saying_why(tmp_path: Path) -> None:
    result = badugi("history", "convert", str(FILES / "merge_pot_limit.xml"), "--to", "phh")
    assert result.returncode == 2  # nothing could be written: an error, not an empty file
    assert "not written as phh: PHH has no variant for PotLimit Badugi" in result.stderr
    assert result.stderr.strip().endswith(
        "none of the 1 hand played can be written as phh (see 'badugi history convert --help')"
    )
    assert result.stdout == ""
    both = tmp_path / "both.xml"
    both.write_bytes(
        (FILES / "merge_pot_limit.xml").read_bytes() + (FILES / "merge_fixed_limit.xml").read_bytes()
    )
    result = badugi("history", "convert", str(both), "--to", "phh", "--out", str(tmp_path / "out.phhs"))
    assert result.returncode == 0
    assert "not written as phh: PHH has no variant for PotLimit Badugi" in result.stderr
    assert result.stderr.strip().endswith("2 hands written as phh to " + str(tmp_path / "out.phhs"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["history", "show", "no-such-file"], "cannot read no-such-file: No such file or directory"),
        (["history", "show", str(FILES)], "cannot read"),
        (
            ["history", "show", __file__],
            "the format of the file is not recognised; pass --from FORMAT (one of ",
        ),
        (
            ["history", "show", str(FILES / "merge_pot_limit.xml"), "--hand", "2"],
            "--hand 2: the file holds 1 hand",
        ),
        (["history", "show", str(FILES / "merge_pot_limit.xml"), "--hand", "0"], "must be at least"),
        (
            ["history", "convert", str(FILES / "merge_pot_limit.xml")],
            "the following arguments are required: --to",
        ),
        (["history", "convert", str(FILES / "merge_pot_limit.xml"), "--to", "xml"], "invalid choice: 'xml'"),
        (
            ["simulate", "--structure", "pot", "--history-out", "x", "--history-format", "pokerstars"],
            "fixed-limit",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv: list[str], message: str, tmp_path: Path) -> None:
    result = badugi(*argv, cwd=tmp_path)
    assert result.returncode == 2, result
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "x").exists()


def test_a_format_named_wrongly_reads_no_hand_and_says_why() -> None:
    result = badugi("history", "show", str(FILES / "merge_pot_limit.xml"), "--from", "phh")
    assert result.returncode == 0
    assert "1 hand read: 0 played by the rules, 0 passed over, 1 refused" in result.stderr
    assert "not TOML" in result.stderr


def test_convert_never_writes_over_the_file_it_reads(tmp_path: Path) -> None:
    source = tmp_path / "hands.xml"
    source.write_bytes((FILES / "merge_pot_limit.xml").read_bytes())
    result = badugi("history", "convert", str(source), "--to", "json", "--out", str(source))
    assert result.returncode == 2
    assert "is the file being read" in result.stderr
    assert source.read_bytes() == (FILES / "merge_pot_limit.xml").read_bytes()


def test_room_hands_go_through_json_and_back_with_their_late_shows(tmp_path: Path) -> None:
    for name in ("pokerstars_cash.txt", "pokerstars_sidepot.txt", "fulltilt_six_max.txt"):
        out = tmp_path / f"{name}.json"
        assert (
            badugi("history", "convert", str(FILES / name), "--to", "json", "--out", str(out)).returncode == 0
        )
        first, again = badugi("history", "show", str(FILES / name)), badugi("history", "show", str(out))
        assert "0 refused" in again.stderr, again.stderr
        assert [line for line in again.stdout.splitlines() if not line.startswith("Hand ")] == [
            line for line in first.stdout.splitlines() if not line.startswith("Hand ")
        ]


def test_hands_converted_to_pokerstars_are_numbered_one_by_one(tmp_path: Path) -> None:
    result = badugi("history", "convert", str(FILES / "engine_match.phhs"), "--to", "pokerstars")
    numbers = [
        line.split("#")[1].split(":")[0]
        for line in result.stdout.splitlines()
        if line.startswith("PokerStars")
    ]
    assert numbers == ["1", "2", "3", "4"]
    merged = badugi("history", "convert", str(FILES / "merge_fixed_limit.xml"), "--to", "pokerstars")
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout.count("PokerStars Hand #") == 2
    out = tmp_path / "twice.txt"
    for _ in range(2):
        made = badugi(
            "simulate",
            "--players",
            "2",
            "--hands",
            "2",
            "--seed",
            "3",
            "--no-progress",
            "--history-out",
            str(out),
            "--history-format",
            "pokerstars",
        )
        assert made.returncode == 0, made.stderr
    text = out.read_text()
    assert [line.split(":")[0] for line in text.splitlines() if line.startswith("PokerStars")] == [
        f"PokerStars Hand #{k}" for k in (1, 2, 3, 4)
    ]


def test_convert_writes_through_a_link_and_keeps_the_files_mode(tmp_path: Path) -> None:
    target = tmp_path / "kept.json"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert (
        badugi(
            "history", "convert", str(FILES / "engine_match.phhs"), "--to", "json", "--out", str(link)
        ).returncode
        == 0
    )
    assert link.is_symlink()
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_text().count("\n") == 4


def test_the_summary_marks_the_thousands_of_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """A 1 GB file's summary said '608,294 hands read: 608294 played': one style for every figure."""
    import argparse  # noqa: PLC0415
    from types import SimpleNamespace  # noqa: PLC0415

    from badugi.cli.history import _Tally  # noqa: PLC0415

    tally = _Tally()
    for k in range(2500):
        tally.add(
            SimpleNamespace(
                hand=object() if k % 5 else None, skipped="other" if k % 5 == 0 else None, error=None
            )
        )
    tally.say(argparse.Namespace(file="big.txt"))
    assert (
        "big.txt: 2,500 hands read: 2,000 played by the rules, 500 passed over, 0 refused"
        in capsys.readouterr().err
    )
