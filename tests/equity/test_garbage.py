"""Arbitrary objects into every draw-equity entry point: a right answer or InvalidHandError.

And the values they return: immutable, equal to their pickled and copied selves.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError
from tests.test_garbage import CARD_TEXT, _outcome, garbage, inputs, near_hands, scalars

HANDS = ["Ah2s3d", "2c3h4d"]
card_lists = st.lists(st.sampled_from(CARD_TEXT), max_size=6, unique=True)
anything = st.one_of(inputs, card_lists, card_lists.map(" ".join), st.integers(-3, 300))


@settings(max_examples=400)
@given(anything)
def test_strength_and_best_discard_take_anything(value: Any) -> None:
    kind, s = _outcome(lambda: badugi.strength(value))
    assert kind == _outcome(lambda: badugi.rank(value))[0]
    if kind == "ok":
        assert 0 < s < 1
    _outcome(lambda: badugi.best_discard(value))
    for name in ("draws", "dead"):
        kind, result = _outcome(lambda name=name: badugi.best_discard("Ah 2s 3d Kd", **{name: value}))  # type: ignore[misc]
        if kind == "ok":
            assert len(result.options) == 16
            assert 0 < result.expected < 1


@settings(max_examples=300)
@given(anything)
def test_draw_odds_takes_anything(value: Any) -> None:
    _outcome(lambda: badugi.draw_odds(value))
    for name in ("draws", "keep", "dead", "samples", "seed"):
        # draws=2 and 3 run Monte Carlo: keep those runs short.
        extra = {"samples": 500} if name in ("draws", "keep", "dead") else {}
        kind, result = _outcome(
            lambda name=name, extra=extra: badugi.draw_odds("Ah 2s 3d Kd", **{name: value}, **extra)
        )  # type: ignore[misc]
        if kind == "ok":
            assert sum(result.by_size.values()) == pytest.approx(1.0)
    odds = badugi.draw_odds("Ah 2s 3d Kd")
    _outcome(lambda: odds.at_or_better(value))
    _outcome(lambda: odds.chance(value))


@settings(max_examples=300)
@given(anything)
def test_equity_takes_anything(value: Any) -> None:
    _outcome(lambda: badugi.equity(value, samples=500))
    _outcome(lambda: badugi.equity([value, "2c3h4d"], samples=500))
    _outcome(lambda: badugi.equity([*HANDS, value], samples=500))
    for name in ("draws", "dead", "strategy", "threads"):
        kind, result = _outcome(lambda name=name: badugi.equity(HANDS, samples=500, **{name: value}))  # type: ignore[misc]
        if kind == "ok":
            assert sum(result.equity) == pytest.approx(1.0)
    for name in ("samples", "seed"):  # one draw: exact, so a huge sample count costs nothing
        kind, result = _outcome(lambda name=name: badugi.equity(HANDS, **{name: value}))  # type: ignore[misc]
        if kind == "ok":
            assert result.exact


@settings(max_examples=200)
@given(st.lists(st.one_of(near_hands, card_lists.map("".join), scalars, garbage), min_size=0, max_size=9))
def test_equity_takes_any_list_of_hands(hands: list[Any]) -> None:
    kind, result = _outcome(lambda: badugi.equity(hands, draws=2, samples=300, seed=1, threads=2))
    if kind == "ok":
        assert 2 <= len(result.equity) <= 8
        assert sum(result.equity) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: badugi.equity(["Ah2s", "Ah3d"]), "card Ah is in hand 0 and hand 1"),
        (lambda: badugi.equity(["Ah2s", "3d"], dead="2s"), "card 2s is both in hand 0 and dead"),
        (lambda: badugi.equity(["Ah"] * 1), "2 to 8 hands, got 1"),
        (lambda: badugi.equity([""] * 9), "equity takes at most 8 hands, got 9"),
        (
            lambda: badugi.equity(itertools.repeat("Ah")),
            "at most 8 hands, got more than 8",
        ),  # read no further
        (
            lambda: badugi.equity({"Ah2s3d", "2c3h4d"}),
            "a sequence of hands, got set",
        ),  # seats in hash order
        (lambda: badugi.equity(["Ah", "2c"], strategy=itertools.repeat("best")), "more than 2 strategies"),
        (lambda: badugi.equity(["Ah", "2c"], strategy={"best", "pat"}), "unknown strategy"),
        (lambda: badugi.equity(["Ah", "2c"], strategy={"best": 1, "pat": 2}), "unknown strategy"),
        (lambda: badugi.equity(["Ah2s3d4c5h", "Kd"]), "hand 0: a hand holds at most 4 cards, got 5"),
        (lambda: badugi.equity(HANDS, draws=4), "draws must be a whole number from 0 to 3, got int 4"),
        (lambda: badugi.equity(HANDS, draws=-1), "draws must be a whole number from 0 to 3"),
        (lambda: badugi.equity(HANDS, draws=1.0), "draws must be a whole number from 0 to 3, got float 1.0"),  # type: ignore[arg-type]
        (lambda: badugi.equity(HANDS, draws=True), "got bool True"),  # type: ignore[arg-type]
        (lambda: badugi.equity(HANDS, draws=0), "hand 0: draws=0 is a showdown and needs 4 cards"),
        (lambda: badugi.equity(HANDS, strategy="smart"), "unknown strategy 'smart'"),
        (lambda: badugi.equity(HANDS, strategy=["best"]), "1 strategies for 2 players"),
        (lambda: badugi.equity(HANDS, strategy=None), "unknown strategy"),  # type: ignore[arg-type]
        (lambda: badugi.equity(HANDS, samples=0), "samples must be a whole number from 1"),
        (lambda: badugi.equity(HANDS, samples=2.5), "samples must be"),  # type: ignore[arg-type]
        (lambda: badugi.equity(HANDS, seed=-1), "seed must be a whole number from 0"),
        (lambda: badugi.equity(HANDS, seed=2**64), "seed must be"),
        (lambda: badugi.equity(HANDS, threads=0), "threads must be a whole number from 1 to 256"),
        (lambda: badugi.equity(HANDS, threads="2"), "threads must be"),  # type: ignore[arg-type]
        (lambda: badugi.equity(["", ""], dead=CARD_TEXT[:45]), "too many known and dead cards"),
        (lambda: badugi.best_discard("Ah2s3d4c", draws=0), "draws must be a whole number from 1 to 3"),
        (lambda: badugi.best_discard("Ah2s3d4c5h"), "expected 4 cards, got 5"),
        (lambda: badugi.best_discard("Ah2s3d4c", dead="Ah"), "card Ah is both in the hand and dead"),
        (
            lambda: badugi.best_discard("Kc Kd Kh Ks", dead=CARD_TEXT[:45]),
            "45 dead cards leave 3 unseen; at least 4 must be",
        ),
        (lambda: badugi.draw_odds("Ah2s3d4c", keep="Kd"), "keep: Kd is not in the hand"),
        (
            lambda: badugi.draw_odds("Ah2s3d4c", draws=0, keep="Ah"),
            "with no draw left the hand keeps all four",
        ),
        (
            lambda: badugi.draw_odds("Ah2s3d4c").at_or_better(0),
            "a rank is an integer from 1 to 1092, got int 0",
        ),
        (lambda: badugi.draw_odds("Ah2s3d4c").chance(True), "got bool True"),  # type: ignore[arg-type]
    ],
)
def test_errors_name_the_problem(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        call()


def test_four_unseen_cards_are_enough() -> None:
    # 44 dead cards leave exactly the four a full draw needs.
    result = badugi.best_discard("Kc Kd Kh Ks", dead=CARD_TEXT[:44])
    assert result.options[-1].expected > 0
    assert badugi.draw_odds("Kc Kd Kh Ks", keep=[], dead=CARD_TEXT[:44]).samples == 1


def _values() -> list[Any]:
    return [
        badugi.best_discard("Ah 2s 3d Kd", draws=2),
        badugi.best_discard("Ah 2s 3d Kd").options[3],
        badugi.draw_odds("Ah 2s 3d Kd"),
        badugi.draw_odds("Ah 2s 3d Kd", draws=3, samples=2_000, seed=4),
        badugi.equity(HANDS),
        badugi.equity(HANDS, draws=2, samples=2_000, seed=4),
        badugi.DrawView(
            player=1,
            cards=("Ah", "2s", "3d", "4c"),
            draws_left=2,
            discards=(),
            dead=("Kc",),
            draw_counts=((1,),),
        ),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_are_immutable_and_survive_pickle_and_copy(value: Any) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    assert hash(value) == hash(copy.deepcopy(value))
    for name in value.__slots__:
        with pytest.raises(AttributeError):
            setattr(value, name, None)
    assert repr(value)


def test_dicts_handed_out_are_fresh() -> None:
    odds = badugi.draw_odds("Ah 2s 3d Kd")
    sizes = odds.by_size
    sizes[4] = 2.0
    assert odds.by_size[4] == odds.badugi < 1
