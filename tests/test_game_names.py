"""Every function that takes a game takes the game's name too, in any case, as the command line does."""

from __future__ import annotations

import pickle

import pytest

import badugi
from badugi.charts import canonical_hands, starting_hand
from badugi.engine import FixedLimit, Hand, Match
from badugi.engine.drawbot import DrawBot
from badugi.errors import GameSetupError, InvalidHandError
from badugi.games import BADACEY, BADEUCY, BADUGI, Game, game_of

NAMES = [("badeucy", BADEUCY), ("BADEUCY", BADEUCY), ("Badacey", BADACEY), (" badugi ", BADUGI)]
FIVE = ["Ah 2s 3d 4c 5h", "Kc Qd 7h 6s 2h"]


@pytest.mark.parametrize(("name", "game"), NAMES)
def test_game_of_finds_the_game_by_its_name_in_any_case(name: str, game: Game) -> None:
    assert game_of(name) is game
    assert game_of(game) is game


@pytest.mark.parametrize("value", ["holdem", "", "badugi2", b"badugi", None, 3, 2.5, BADUGI.halves, object()])
def test_game_of_a_value_that_names_no_game_is_none(value: object) -> None:
    assert game_of(value) is None


@pytest.mark.parametrize(("name", "game"), NAMES[:3])
def test_equity_strength_and_the_best_discard_take_a_name(name: str, game: Game) -> None:
    """badugi.equity([...], game="badeucy") refused the name the CLI takes."""
    assert badugi.equity(FIVE, game=name, draws=0) == badugi.equity(FIVE, game=game, draws=0)
    assert badugi.strength(FIVE[0], game=name) == badugi.strength(FIVE[0], game=game)
    assert badugi.best_discard(FIVE[0], game=name) == badugi.best_discard(FIVE[0], game=game)


@pytest.mark.parametrize(("name", "game"), NAMES[:3])
def test_a_showdown_takes_a_name(name: str, game: Game) -> None:
    named = badugi.showdown(FIVE, [10, 10], button=0, game=name)
    assert named == badugi.showdown(FIVE, [10, 10], button=0, game=game)


@pytest.mark.parametrize(("name", "game"), NAMES)
def test_a_hand_and_a_match_take_a_name_and_record_the_game(name: str, game: Game) -> None:
    hand = Hand([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), game=name, seed=1)
    assert hand.game is game
    assert hand.history[0]["game"] == hand.game.name
    replayed = Hand.replay(pickle.loads(pickle.dumps(hand.history)))
    assert replayed.game is game
    match = Match([DrawBot(seed=1), DrawBot(seed=2)], hands=1, game=name, seed=3, keep_histories=True)
    assert match.run().histories[0][0]["game"] == game.name


@pytest.mark.parametrize(("name", "game"), NAMES[:3])
def test_the_tables_take_a_name(name: str, game: Game) -> None:
    assert canonical_hands(name) is canonical_hands(game)
    assert starting_hand(FIVE[0], name) == starting_hand(FIVE[0], game)


def test_a_bot_says_whether_it_plays_a_game_named() -> None:
    assert DrawBot.plays("badeucy")
    with pytest.raises(GameSetupError, match="or its name, got 'holdem'"):
        DrawBot.plays("holdem")


@pytest.mark.parametrize(
    "call",
    [
        lambda: badugi.equity(FIVE, game="holdem"),
        lambda: badugi.strength(FIVE[0], game="holdem"),
        lambda: badugi.showdown(FIVE, [10, 10], button=0, game="holdem"),
        lambda: canonical_hands("holdem"),
    ],
)
def test_a_name_of_no_game_is_the_documented_error_naming_it(call: object) -> None:
    with pytest.raises(InvalidHandError, match="holdem"):
        call()  # type: ignore[operator]
