"""``badugi equity`` and ``badugi draw``: output, JSON, progress and one-line errors."""

from __future__ import annotations

import json

import pytest

import badugi
from badugi.cli import main


def test_equity_prints_each_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "Ah2s3d", "2c3h4d"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 draw, strategy best: exact, 2,070 deals"
    expected = badugi.equity(["Ah2s3d", "2c3h4d"])
    assert lines[2].split()[:3] == ["0", "Ah2s3d", f"{100 * expected.equity[0]:.3f}%"]
    assert lines[3].split()[:3] == ["1", "2c3h4d", f"{100 * expected.equity[1]:.3f}%"]


def test_equity_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "Ah2s3d", "2c3h4d", "-", "--draws", "3", "--samples", "3000", "--seed", "4", "--json"]
    assert main([*args, "--threads", "2", "--dead", "Kd"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = badugi.equity(["Ah2s3d", "2c3h4d", ""], draws=3, dead="Kd", samples=3000, seed=4)
    assert out["exact"] is False
    assert (out["samples"], out["seed"], out["draws"]) == (3000, 4, 3)
    assert [p["hand"] for p in out["players"]] == ["Ah2s3d", "2c3h4d", ""]
    assert [p["equity"] for p in out["players"]] == list(expected.equity)
    assert [p["std_error"] for p in out["players"]] == list(expected.std_error)


def test_equity_pat_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "Ah2s3dKc", "2c3h4d5s", "--strategy", "pat", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True
    # Both stand pat: the 5-4-3-2 badugi beats the K-3-2-A badugi in the one deal there is.
    assert out["samples"] == 1
    assert [p["equity"] for p in out["players"]] == [0.0, 1.0]


def test_equity_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "equity",
        "Ah2s3d",
        "2c3h4d",
        "--draws",
        "2",
        "--samples",
        "250000",
        "--seed",
        "1",
        "--threads",
        "2",
    ]
    assert main([*args, "--progress"]) == 0
    with_bar = capsys.readouterr()
    assert "deals" in with_bar.err
    assert main([*args, "--no-progress"]) == 0
    without = capsys.readouterr()
    assert without.err == ""
    assert without.out == with_bar.out


def test_draw_prints_the_best_discard_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["draw", "Ah 2s 3d Kd", "--draws", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Ah 2s 3d Kd, 2 draws left: throw Kd"
    assert "later draws valued from the draw-value table" in lines[1]
    options = lines[3:]
    assert len(options) == 16
    assert options[0].split() == [
        "1",
        "3d",
        "2s",
        "Ah",
        "Kd",
        f"{badugi.best_discard('Ah2s3dKd', 2).expected:.6f}",
    ]


def test_draw_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["draw", "Ah 2s 3d 4c", "--json", "--dead", "5c"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["discard"] == []
    assert out["exact"] is True
    assert len(out["options"]) == 16
    assert out["expected"] == badugi.best_discard("Ah 2s 3d 4c", dead="5c").expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "Ah2s", "Ah3d"], "badugi equity: error: card Ah is in hand 0 and hand 1"),
        (["equity", "Ah", "2c", "--draws", "4"], "argument --draws: invalid choice: 4"),
        (["equity", "Ah", "2c", "--strategy", "smart"], "argument --strategy: invalid choice: 'smart'"),
        (["equity", "Ah", "2c", "--samples", "0"], "argument --samples: must be at least 1, got 0"),
        (
            ["equity", "Ah", "2c", "--seed", "99999999999999999999999"],
            "argument --seed: must be at most 2**64 - 1",
        ),
        (["equity", "Ah"], "badugi equity: error: equity takes 2 to 8 hands, got 1"),
        (["equity", "Ah", "2c", "--dead", "Ah"], "card Ah is both in hand 0 and dead"),
        (["draw", "Ah 2s 3d"], "badugi draw: error: expected 4 cards, got 3"),
        (["draw", "Ah 2s 3d 4c", "--draws", "0"], "argument --draws: invalid choice: 0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_counts_read_as_a_person_writes_them(capsys: pytest.CaptureFixture[str]) -> None:
    # "1 deals" with --draws 0, and a hand with no known card printed as a blank.
    assert main(["equity", "Ah2s3d4c", "5c6d7h8s", "--draws", "0"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "0 draws, strategy best: exact, 1 deal"
    assert main(["equity", "Ah2s3d", "2c3h4d", "", "-", "--samples", "2000", "--seed", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "1 draw, strategy best: Monte Carlo, 2,000 deals, seed 1"
    assert [row.split()[1] for row in rows[-2:]] == ["-", "-"]
    assert main(["simulate", "--players", "2", "--hands", "5", "--matches", "1300", "--seed", "3"]) == 0
    standings = capsys.readouterr().out.splitlines()
    assert standings[0].startswith("1,300 matches of Badugi, 6,500 hands")
    assert "," in standings[2].split()[2]  # the winner's wins: a four-digit count


SPLIT = ["--game", "badeucy", "2c 3d 4h 5s 9h", "Kc Qd 7h 6s 2h"]


def test_a_split_game_says_what_win_and_tie_mean(capsys: pytest.CaptureFixture[str]) -> None:
    """A split game's hand wins "0.000%" and ties "93%" with half the pot: the table says why."""
    assert main(["equity", *SPLIT, "--draws", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "win: the whole pot (both halves); tie: a part of it (one half, or a share of a split)"
    assert main(["equity", "Ah2s3d", "2c3h4d"]) == 0
    assert "tie:" not in capsys.readouterr().out  # in Badugi a tie is a split pot, as in every game
    assert main(["equity", *SPLIT, "--draws", "0", "--json"]) == 0
    json.loads(capsys.readouterr().out)  # the JSON stays JSON


def test_a_long_run_says_its_cost_and_the_fast_strategy_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A three-draw split-game run sat silent for 77 s through a pipe: it says what it will cost first."""
    from badugi.cli import equity as command  # noqa: PLC0415

    argv = ["equity", *SPLIT, "--draws", "3", "--samples", "40000", "--seed", "1"]
    assert main(argv) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""  # 40,000 deals take well under the 5 s that is said
    monkeypatch.setattr(command, "_SAY_COST_FROM_SECONDS", 0.0)  # every run is "long" now
    assert main(argv) == 0
    said = capsys.readouterr()
    assert said.out == quiet.out  # the trials change nothing of the answer
    assert said.err.startswith("badugi equity: 40,000 deals will take about ")
    assert "--strategy table plays the draws from a table at a fraction of the cost" in said.err
    assert main([*argv, "--strategy", "table"]) == 0
    table = capsys.readouterr().err
    assert "deals will take about" in table
    assert "--strategy table" not in table  # it is the fast strategy already
    assert main(["equity", "Ah2s3d", "2c3h4d"]) == 0  # exact: counted, nothing to estimate
    assert capsys.readouterr().err == ""
