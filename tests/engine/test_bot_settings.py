"""Settings of the bots and betting structures: numpy integers accepted as plain ints, junk refused."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from badugi.cards import quote
from badugi.engine import GameSetupError
from badugi.engine.bots import RandomBot
from badugi.engine.drawbot import DrawBot
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit
from badugi.games import BADACEY, BADEUCY, BADUGI
from tests.stable_ids import stable


class _Index:
    def __init__(self, value: object) -> None:
        self.value = value

    def __index__(self) -> object:
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


def test_structures_take_numpy_integers_as_plain_ints() -> None:
    made = FixedLimit(np.int64(20), np.int32(40), cap=np.int64(3))
    plain = FixedLimit(20, 40, cap=3)
    assert made == plain
    assert hash(made) == hash(plain)
    assert made.describe() == plain.describe()
    assert all(type(v) is int for v in (made.small_bet, made.big_bet, made.cap))
    assert pickle.loads(pickle.dumps(made)) == plain
    assert copy.deepcopy(made) == plain
    for cls in (PotLimit, HalfPotLimit):
        pot = cls(min_bet=np.int64(5))
        assert pot == cls(min_bet=5)
        assert type(pot.min_bet) is int
        assert pot.describe() == cls(min_bet=5).describe()
    assert FixedLimit(_Index(2), _Index(4)) == FixedLimit(2, 4)


@pytest.mark.parametrize(
    "bad",
    [
        True,
        np.bool_(True),
        2.0,
        np.float64(2.0),
        "2",
        None,
        0,
        -1,
        np.int64(0),
        2**63,
        10**5000,
        _Index(-3),
        _Index("x"),
        _Index(ValueError("no")),
    ],
    ids=stable(quote),
)
def test_structures_refuse_junk(bad: object) -> None:
    with pytest.raises(GameSetupError, match="small_bet"):
        FixedLimit(bad, 40)  # type: ignore[arg-type]
    if bad is not None:
        with pytest.raises(GameSetupError, match="cap"):
            FixedLimit(20, 40, cap=bad)  # type: ignore[arg-type]
        with pytest.raises(GameSetupError, match="min_bet"):
            PotLimit(min_bet=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "seed",
    [-1, 2**128, 10**5000, np.int64(-1), _Index(-1), _Index(ValueError("no")), True, 1.0, "1"],
    ids=stable(quote),
)
def test_random_bot_refuses_seeds_outside_0_to_2_128(seed: object) -> None:
    with pytest.raises(GameSetupError, match="seed"):
        RandomBot(seed)  # type: ignore[arg-type]


def test_random_bot_seeds_like_plain_ints() -> None:
    for seed in (np.uint64(7), _Index(7)):
        a, b = RandomBot(seed), RandomBot(7)  # type: ignore[arg-type]
        assert a._rng.random() == b._rng.random()
    RandomBot(0)
    RandomBot(2**128 - 1)


@pytest.mark.parametrize(
    "value",
    ["x", None, float("nan"), float("inf"), -5, -0.01, 1.01, True, np.bool_(False), 10**5000, b"1", [0.5]],
    ids=stable(quote),
)
def test_draw_bot_refuses_thresholds_outside_0_to_1(value: object) -> None:
    with pytest.raises(GameSetupError, match="raise_at"):
        DrawBot(raise_at=value)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="bet_at"):
        DrawBot(bet_at=value)  # type: ignore[arg-type]


def test_draw_bot_takes_real_numbers_as_floats() -> None:
    bot = DrawBot(raise_at=1, bet_at=np.float32(0.5))
    assert (bot.raise_at, bot.bet_at) == (1.0, 0.5)
    assert type(bot.bet_at) is float
    assert DrawBot(0, 0).raise_at == 0.0


@pytest.mark.parametrize("game", [None, "holdem", 4, 1.0, b"x", object(), [BADUGI]], ids=stable(quote))
def test_draw_bot_plays_is_asked_of_a_game_only(game: object) -> None:
    with pytest.raises(GameSetupError, match=r"game must be a badugi\.games\.Game"):
        DrawBot.plays(game)  # type: ignore[arg-type]


def test_draw_bot_plays_badugi_only() -> None:
    assert [DrawBot.plays(g) for g in (BADUGI, BADEUCY, BADACEY)] == [True, True, True]
