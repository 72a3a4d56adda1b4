"""The badugi command: output, JSON, and exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import badugi
from badugi.cli import main


def test_rank_prints_rank_size_cards_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "Ah 2s 3d 4c", "Qh 10d 8s 10h"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "Ah",
        "2s",
        "3d",
        "4c",
        "rank",
        "1",
        "size",
        "4",
        "plays",
        "4c",
        "3d",
        "2s",
        "Ah",
        "4-3-2-A",
        "badugi",
    ]
    assert "size 3" in lines[1]
    assert "three-card Q-10-8" in lines[1]


def test_rank_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--json", "Kc Kd Kh Ks"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {
            "hand": "Kc Kd Kh Ks",
            "rank": 1092,
            "size": 1,
            "cards": ["Kc"],
            "is_badugi": False,
            "name": "one-card K",
        }
    ]


def test_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "9c4d3h2s", "8c7d5h4s"]) == 0
    assert capsys.readouterr().out.strip() == "8c7d5h4s (8-7-5-4 badugi) beats 9c4d3h2s (9-4-3-2 badugi)"
    assert main(["compare", "--json", "KhKdJhJd", "KsJsKcJc"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["winner"]) == (0, "tie")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "Ah Ah 2c 3d"], "duplicate card Ah"),
        (["rank", "Ah"], "quote a hand"),
        (["compare", "Ah 2s 3d 4c", "Zz 2s 3d 4c"], "unknown rank 'Z'"),
    ],
)
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["compare", "Ah2s3d4c", "Kc", "Qd"], "badugi compare: error: unrecognized arguments: Qd"),
        (["simulate", "--hands", "-3"], "argument --hands: must be at least 1, got -3"),
        (["simulate", "--players", "x"], "argument --players: expected a whole number, got 'x'"),
        (["simulate", "--seed", "-1"], "argument --seed: must be at least 0, got -1"),
        (["rank"], "badugi rank: error: the following arguments are required: HAND"),
        (["shuffle"], "badugi: error: argument COMMAND: invalid choice: 'shuffle'"),
        ([], "badugi: error: the following arguments are required: COMMAND"),
    ],
)
def test_usage_errors_are_one_line_from_the_command_given(argv: list[str], says: str) -> None:
    result = _run(*argv)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert says in result.stderr


@pytest.mark.parametrize(
    ("argv", "prog"),
    [
        (["simulate", "--players", "9"], "badugi simulate"),  # was "badugi: error: --players must be 2 to 8"
        (["play", "--players", "9"], "badugi play"),
        (["simulate", "--qualifier", "Zz"], "badugi simulate"),  # an error of the run, not of argparse
        (["simulate", "--qualifier", "9" * 5000], "badugi simulate"),  # was int()'s own message
        (["rank", "Zz"], "badugi rank"),
        (["equity", "Ah"], "badugi equity"),
        (["draw", "Ah 2s 3d"], "badugi draw"),
        (["table", "plot", "--out", "x.png", "no-such-table.csv"], "badugi table plot"),
        (["history", "show", "no-such-file.phh"], "badugi history show"),
        (["simulate", "--hands", "9" * 5000], "badugi simulate"),  # int()'s own message was the answer
        (["simulate", "--blinds", "1/" + "9" * 5000], "badugi simulate"),
        (["equity", "Ah2s3d4c", "5h6d7c8s", "--samples", "9" * 5000], "badugi equity"),
        (["simulate", "--hands", "\u0663"], "badugi simulate"),  # an Arabic-Indic 3: int() takes it
    ],
)
def test_every_command_says_bad_input_in_one_style(argv: list[str], prog: str) -> None:
    """One line: the command given, "error:", the problem, and where to read what it takes."""
    result = _run(*argv)
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{prog}: error: ")
    assert line.endswith(f" (see '{prog} --help')")
    assert "Exceeds the limit" not in line
    assert len(line) < 300


@pytest.mark.parametrize(
    "argv",
    [
        ["rank", "A" * 100_000],
        ["compare", "A" * 100_000, "Ah2s3d4c"],
        ["rank", "--game", "badeucy", "A" * 100_000],
    ],
    ids=["rank", "compare", "rank five"],
)
def test_an_error_quotes_a_huge_hand_briefly(argv: list[str]) -> None:
    result = _run(*argv)
    assert result.returncode == 2
    assert "AAAA" in result.stderr
    assert len(result.stderr) < 300


def test_version() -> None:
    result = _run("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"badugi {badugi.__version__}")


def test_compare_help_describes_its_arguments() -> None:
    out = _run("compare", "--help").stdout
    assert "the first hand" in out
    assert "the second hand" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["rank", *(["Ah 2s 3d 4c"] * 20_000)],
        ["simulate", "--players", "3", "--matches", "3", "--seed", "1", "--json"],
    ],
    ids=["rank", "simulate"],
)
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "badugi", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        process.stdout.read(10)
        process.stdout.close()  # the reader goes away, as `| head -c 10` does
        err = process.stderr.read().decode()
        status = process.wait()
    assert "Traceback" not in err
    assert "BrokenPipe" not in err
    assert status in (0, 141)  # 0 if everything fit in the pipe before it closed


def test_simulate_without_a_seed_picks_a_fresh_one_and_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    seeds = set()
    outputs = {}
    for _ in range(3):
        assert main(["simulate", "--players", "3", "--hands", "5", "--no-progress", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        seeds.add(data["seed"])
        outputs[data["seed"]] = data
    assert len(seeds) == 3  # three runs in the same second, three seeds
    seed = next(iter(seeds))
    assert (
        main(["simulate", "--players", "3", "--hands", "5", "--no-progress", "--json", "--seed", str(seed)])
        == 0
    )
    assert json.loads(capsys.readouterr().out) == outputs[seed]  # the printed seed repeats the run


def test_the_progress_bar_counts_the_hands_actually_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "6", "--hands", "50", "--seed", "3404477087", "--progress"]) == 0
    captured = capsys.readouterr()
    played = int(captured.out.split(",")[1].split()[0])
    assert played < 50  # this match ends early: one player takes every chip
    assert f"{played}/50" in captured.err
    assert "50/50" not in captured.err
    assert f"the match ended after {played} of 50 hands" in captured.err


def test_rank_and_compare_five_card_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--game", "badeucy", "5s 4h 3d 2c Kc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[5:8] == ["badugi-ace-high", "rank", "1"]
    assert lines[0].endswith("5-4-3-2 badugi")
    assert lines[1].split()[:2] == ["2-7", "rank"]
    assert lines[1].endswith("K-5-4-3-2")
    assert main(["rank", "--game", "BADACEY", "--json", "Ah As 7d 6c 5h"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["game"] == "badacey"
    assert [(h["scale"], h["name"]) for h in row["halves"]] == [
        ("badugi", "7-6-5-A badugi"),
        ("A-5", "pair of aces"),
    ]
    assert main(["compare", "--game", "badeucy", "5s 4h 3d 2c Kc", "8s 7s 6h 4d 3s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("badugi-ace-high: 5s 4h 3d 2c Kc (5-4-3-2 badugi) beats")
    assert out[1].startswith("2-7: 8s 7s 6h 4d 3s (8-7-6-4-3) beats")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["rank", "--game", "badeucy", "Ah 2s 3d 4c"], "expected 5 cards, got 4"),
        (["rank", "--game", "holdem", "Ah 2s 3d 4c"], "argument --game: invalid choice: 'holdem'"),
        (["compare", "--game", "badacey", "Ah 2s 3d 4c 5h", "Ah 2s 3d 4c 5h 6h"], "expected 5 cards, got 6"),
    ],
)
def test_five_card_games_refuse_bad_hands(argv: list[str], says: str) -> None:
    result = _run(*argv)
    assert result.returncode == 2
    assert says in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_command_line_loads_no_progress_bar_until_it_draws_one() -> None:
    """tqdm cost a quarter of the command line's start-up: it is imported by a bar, not before."""
    code = (
        "import sys, badugi.cli\n"
        "assert 'tqdm' not in sys.modules, 'import'\n"
        "assert badugi.cli.main(['rank', 'Ah 2s 3d 4c']) == 0\n"
        "assert badugi.cli.main(['equity', 'Ah2s3d', '2c3h4d', '--samples', '5000', '--seed', '1']) == 0\n"
        "assert 'tqdm' not in sys.modules, 'run'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
