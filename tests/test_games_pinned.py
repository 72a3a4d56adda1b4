"""The game model's bounds and identities, each at its edge (issue 31's mutation run).

Each test is a probe: it passes on ``badugi.games`` and fails on a mutant that moves a bound by
one, flips a flag, or drops a refusal or a return.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from badugi.errors import InvalidHandError
from badugi.games import BADACEY, BADEUCY, BADUGI, GAMES, MAX_DRAWS, Game, by_name, game_of
from badugi.ranking.scales import BADUGI as BADUGI_SCALE
from badugi.ranking.scales import LOW_27


def _game(**fields: object) -> Game:
    base: dict[str, object] = {
        "title": "Mine",
        "hand_size": 5,
        "draws": 3,
        "halves": (BADUGI_SCALE, LOW_27),
        "odd_chip_half": 1,
    }
    base.update(fields)
    return Game("mine", **base)  # type: ignore[arg-type]


def test_the_family_deals_four_or_five_cards_and_draws_up_to_three_times() -> None:
    """Badugi deals four cards, Badeucy and Badacey five; triple draw means at most three draws.

    Rule: the games table of ``badugi.games`` (Robert's Rules of Poker, triple draw: "three draws").
    """
    assert MAX_DRAWS == 3
    assert [(g.hand_size, g.draws, len(g.halves)) for g in (BADUGI, BADEUCY, BADACEY)] == [
        (4, 3, 1),
        (5, 3, 2),
        (5, 3, 2),
    ]
    assert [g.is_split for g in (BADUGI, BADEUCY, BADACEY)] == [False, True, True]
    assert [g.odd_chip_half for g in (BADUGI, BADEUCY, BADACEY)] == [0, 1, 1]  # the five-card low half
    assert _game(hand_size=4, halves=(BADUGI_SCALE,), odd_chip_half=0).hand_size == 4
    assert [_game(draws=n).draws for n in (0, 3)] == [0, 3]
    for field, value in (("hand_size", 3), ("hand_size", 6), ("draws", -1), ("draws", 4)):
        with pytest.raises(InvalidHandError, match=rf"Game.{field}"):
            _game(**{field: value})


def test_a_game_has_one_to_sixteen_halves_each_ranking_its_hand_size() -> None:
    """The pot splits among 1 to 16 halves, each a scale that ranks the game's hands.

    Rule: ``Game``'s docstring (the C side's ``BADUGI_MAX_SCALES`` is 16).
    """
    assert len(_game(halves=(BADUGI_SCALE,) * 16, odd_chip_half=15).halves) == 16
    for halves in ((), (BADUGI_SCALE,) * 17):
        with pytest.raises(InvalidHandError, match=r"Game.halves must hold 1 to 16 scales"):
            _game(halves=halves, odd_chip_half=0)
    with pytest.raises(InvalidHandError, match=r"scale 2-7 does not rank 4-card hands"):
        _game(hand_size=4, halves=(LOW_27,), odd_chip_half=0)
    with pytest.raises(InvalidHandError, match=r"must hold scales of badugi.ranking.scales"):
        _game(halves=("badugi",), odd_chip_half=0)
    with pytest.raises(InvalidHandError, match=r"Game.odd_chip_half"):
        _game(odd_chip_half=2)
    with pytest.raises(InvalidHandError, match=r"Game.name must be a non-empty str"):
        Game("", title="x", hand_size=4, draws=3, halves=(BADUGI_SCALE,), odd_chip_half=0)
    with pytest.raises(InvalidHandError, match=r"Game.title must be a non-empty str"):
        _game(title="")


def test_games_are_found_by_name_in_any_case_and_keep_their_identity() -> None:
    """A game's name finds it in any case; the library's games stay the same object through copies.

    Rule: ``game_of`` and ``by_name``'s docstrings; a game is a description that compares by what it is.
    """
    assert game_of(" Badeucy ") is BADEUCY
    assert game_of(BADUGI) is BADUGI
    assert game_of("holdem") is None
    assert game_of(4) is None
    assert by_name("BADACEY") is BADACEY
    with pytest.raises(
        InvalidHandError, match=r"unknown game 'holdem': choose one of badugi, badeucy, badacey"
    ):
        by_name("holdem")
    with pytest.raises(InvalidHandError, match=r"unknown game"):
        by_name(4)  # type: ignore[arg-type]
    for game in GAMES.values():
        assert pickle.loads(pickle.dumps(game)) is game
        assert copy.copy(game) is game
        assert copy.deepcopy(game) is game
        assert repr(game) == f"badugi.games.{game.name.upper()}"
    mine = _game()
    again = pickle.loads(pickle.dumps(mine))
    assert (again.name, again.hand_size, again.draws, again.halves, again.odd_chip_half) == (
        "mine",
        5,
        3,
        (BADUGI_SCALE, LOW_27),
        1,
    )
    assert repr(mine).startswith("badugi.games.Game('mine', title='Mine', hand_size=5, draws=3")


def test_a_game_ranks_each_half_of_its_own_hands() -> None:
    """A game ranks a hand once per half, the Badugi half first, 1 the best; other sizes are refused.

    Rule: the module's example (``BADEUCY.rank("5s 4h 3d 2c 7c") == (1, 1)``).
    """
    assert BADEUCY.rank("5s 4h 3d 2c 7c") == (1, 1)
    assert len(BADUGI.rank("Ac 2d 3h 4s")) == 1
    assert BADUGI.rank("Ac 2d 3h 4s") == (1,)
    assert [v.rank for v in BADEUCY.evaluate("5s 4h 3d 2c 7c")] == [1, 1]
    with pytest.raises(InvalidHandError):
        BADUGI.rank("5s 4h 3d 2c 7c")
