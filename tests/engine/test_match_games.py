"""Matches of every game, and matches with a qualifier: the chips in the middle carry, and are conserved."""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi.cli import main
from badugi.engine import GameSetupError, Hand, RandomBot, SeatView, SimpleBot
from badugi.engine.match import Level, Match
from badugi.games import BADACEY, BADEUCY, BADUGI, GAMES, Game


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.name)
def test_a_match_of_every_game(game: Game) -> None:
    match = Match(
        [SimpleBot(), RandomBot(1), SimpleBot(), RandomBot(2)], seed=3, game=game, keep_histories=True
    )
    assert match.game is game
    result = match.run()
    assert sum(s.chips for s in result.standings) == 4000
    for history in result.histories:
        assert history[0]["game"] == game.name
        assert all(len(e["cards"]) == game.hand_size for e in history if e["event"] == "deal")
    replayed = Hand.replay(json.loads(json.dumps(result.histories[-1])))
    assert replayed.history == result.histories[-1]


def _passive(view: SeatView) -> Any:
    """Checks, calls and stands pat: every hand goes to a showdown."""
    if view.legal.draw:
        return ("draw", [])
    return "check" if view.legal.check else "call"


def test_chips_are_conserved_across_carries() -> None:
    # A strict qualifier (a 6-high badugi or better) and players who stand pat: most pots carry.
    match = Match(
        [_passive, SimpleBot(), _passive], seed=4, hands=30, qualifier="6c 5d 4h 3s", keep_histories=True
    )
    carries = paid = 0
    middle_before = 0
    while not match.over:
        hand = match.play_hand()
        assert hand.carry == middle_before  # each hand is dealt with what the last one left
        assert sum(match.chips) + match.middle == 3000
        carries += match.middle > 0
        paid += middle_before > 0 and match.middle == 0
        middle_before = match.middle
    assert carries > 5, "the qualifier never held a pot: the test proves little"
    assert paid > 0
    assert match.middle == 0
    assert sum(s.chips for s in match.result().standings) == 3000


def test_after_the_schedule_one_more_hand_without_the_qualifier_pays_the_middle() -> None:
    # Only A-2-3-4 qualifies and nobody draws: the scheduled hands all carry.
    match = Match([_passive, _passive, _passive], seed=1, hands=2, qualifier=1, keep_histories=True)
    result = match.run()
    assert result.hands_played == 3
    setups = [history[0] for history in result.histories]
    assert [s["qualifier"] for s in setups] == [1, 1, None]
    assert setups[1]["carry"] == 30  # the antes of the first hand (10 each)
    assert setups[2]["carry"] == 60
    assert match.middle == 0
    assert sum(s.chips for s in result.standings) == 3000
    assert result.histories[-1][-1]["carried"] == 0


def _all_in_or_fold(folds: bool) -> Any:
    """Raises or calls all the way (folds first, if ``folds``); stands pat."""

    def player(view: SeatView) -> Any:
        legal = view.legal
        if legal.draw:
            return ("draw", [])
        if folds:
            return "check" if legal.check else "fold"
        if legal.max_raise_to is not None:
            return ("raise", legal.max_raise_to)
        return "call" if legal.call else "check"

    return player


def test_a_lone_player_with_chips_takes_the_middle() -> None:
    players = [_all_in_or_fold(False), _all_in_or_fold(False), _all_in_or_fold(True)]
    match = Match(players, seed=2, stacks=50, qualifier=1, schedule=[Level(10, 20, 40)])
    hand = match.play_hand()
    assert hand.result is not None
    assert hand.result.carried == 110  # 50 and 50 all in, and the ante of the player that folded
    assert match.chips == (0, 0, 150)  # seat 2 holds every other chip: the middle is its
    assert match.middle == 0
    assert match.over
    assert [s.chips for s in match.result().standings] == [150, 0, 0]


def test_when_nobody_has_chips_left_the_hand_s_players_share_the_middle() -> None:
    players = [_all_in_or_fold(False), _all_in_or_fold(False)]
    match = Match(players, seed=2, stacks=50, qualifier=1, schedule=[Level(10, 20, 40)], button=1)
    hand = match.play_hand()
    assert hand.result is not None
    assert hand.result.carried == 100
    assert hand.stacks == [0, 0]
    assert match.chips == (50, 50)
    assert match.middle == 0
    assert not match.over
    assert match.result().standings[0].busted_on_hand is None


def test_the_share_gives_odd_chips_from_the_button_s_left() -> None:
    players = [_all_in_or_fold(False)] * 3
    match = Match(players, seed=2, stacks=51, qualifier=1, schedule=[Level(10, 20, 40)], button=0)
    hand = match.play_hand()
    assert hand.stacks == [0, 0, 0]
    assert hand.result is not None
    assert hand.result.carried == 153
    assert match.chips == (51, 51, 51)
    match = Match(players, seed=2, stacks=51, qualifier=1, schedule=[Level(10, 20, 40)], button=0)
    # Equal stacks never leave an odd chip, so one is put in the middle: it goes left of the button.
    match._middle = 1
    match.play_hand()
    assert match.chips == (51, 52, 51)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "holdem"}, "BADUGI, BADEUCY or BADACEY, or its name, got 'holdem'"),
        ({"game": None}, "game must be one of badugi.games"),
        ({"qualifier": 1, "game": BADEUCY}, "Badeucy takes no qualifier"),
        ({"qualifier": "9c 8d 7h 6s", "game": BADACEY}, "Badacey takes no qualifier"),
        ({"qualifier": "9c 8d 7h"}, "expected 4 cards, got 3"),
        ({"qualifier": 0}, "qualifier rank 0 out of range 1..1092"),
        ({"qualifier": 1.5}, "qualifier must be a hand or a rank number, got 1.5"),
        ({"qualifier": b"\x01\x02"}, "qualifier must be a hand of Badugi"),
    ],
)
def test_a_bad_game_or_qualifier_is_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(GameSetupError) as info:
        Match([SimpleBot(), SimpleBot()], **kwargs)
    assert message in str(info.value)


def test_the_game_and_the_qualifier_read_back() -> None:
    match = Match([SimpleBot(), SimpleBot()], qualifier="9c 8d 7h 6s")
    assert (match.game, match.qualifier, match.middle) == (BADUGI, 126, 0)


@pytest.mark.parametrize("game", list(GAMES), ids=str)
def test_simulate_plays_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", game, "--players", "4", "--matches", "2", "--seed", "5", "--no-progress"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == game
    assert data["qualifier"] is None
    assert sum(s["chips"] for s in data["standings"]) == 2 * 4000
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(f"2 matches of {GAMES[game].title}, ")


def test_simulate_with_a_qualifier(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "3", "--hands", "20", "--seed", "2", "--no-progress"]
    assert main([*argv, "--qualifier", "9c 8d 7h 6s"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 match of Badugi (qualifier 9-8-7-6 badugi), ")
    assert main([*argv, "--qualifier", "126", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["qualifier"] == 126
    assert sum(s["chips"] for s in data["standings"]) == 3000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "badeucy", "--qualifier", "5"], "Badeucy takes no qualifier"),
        (["--qualifier", "9c 8d"], "expected 4 cards, got 2"),
        (["--qualifier", "0"], "qualifier rank 0 out of range"),
        (["--qualifier", "-3"], "qualifier must be a hand of Badugi or a rank number, got '-3'"),
        (["--game", "holdem"], "argument --game: invalid choice: 'holdem'"),
    ],
)
def test_simulate_refuses_a_bad_game_or_qualifier(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv, "--no-progress"]) == 2
    assert message in capsys.readouterr().err
