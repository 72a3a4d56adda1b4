"""Arbitrary Python objects into every public entry point: a right answer or the documented error.

Each entry point either returns what the reference says, or raises
``InvalidHandError``; any other exception (TypeError, KeyError, SystemError,
UnicodeEncodeError, ...) fails the test.
"""

from __future__ import annotations

import decimal
import fractions
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError
from badugi.references import badugi4 as reference

CARD_TEXT = [badugi.card_str(i) for i in range(52)]

# Text with every code point, lone surrogates included.
any_text = st.text(alphabet=st.characters(codec=None, categories=None), max_size=30)
card_like_text = st.lists(
    st.sampled_from([*CARD_TEXT, "10h", "A♥", "x", " ", ",", "1", "\ud800"]), max_size=6
).map("".join)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(0, 51),
    st.floats(allow_nan=True),
    any_text,
    card_like_text,
    st.binary(max_size=6),
    st.sampled_from(CARD_TEXT),
    st.sampled_from(
        [
            np.float32(1.9),
            np.int64(3),
            np.uint8(7),
            np.bool_(True),
            fractions.Fraction(3, 2),
            decimal.Decimal("2"),
            complex(1, 1),
            object(),
            Ellipsis,
            float("inf"),
        ]
    ),
)
garbage = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=6).map(tuple),
        st.lists(inner, max_size=6).map(iter),
        st.dictionaries(st.integers(0, 51), inner, max_size=4),
        st.frozensets(st.integers(-3, 60), max_size=6),
    ),
    max_leaves=12,
)
# Mostly near-valid hands, so the success paths run too.
near_hands = st.one_of(
    st.lists(st.integers(-2, 54), min_size=3, max_size=5),
    st.lists(st.sampled_from(CARD_TEXT), min_size=3, max_size=5),
    st.lists(st.one_of(st.sampled_from(CARD_TEXT), st.integers(0, 51), scalars), min_size=4, max_size=4),
    st.lists(st.sampled_from(CARD_TEXT), min_size=4, max_size=4).map(" ".join),
)
inputs = st.one_of(garbage, near_hands)


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", call()
    except InvalidHandError as exc:
        message = str(exc)
    assert message, "the error names the problem"
    assert len(message) < 400, "the error quotes only a short prefix"
    return "error", None


@settings(max_examples=1500)
@given(inputs)
def test_rank_and_evaluate_agree_with_the_reference_or_refuse(hand: Any) -> None:
    if isinstance(hand, type(iter([]))):
        hand = list(hand)
        fresh: Callable[[], Any] = lambda: iter(hand)  # noqa: E731
    else:
        fresh = lambda: hand  # noqa: E731
    kind, value = _outcome(lambda: badugi.rank(fresh()))
    ref_kind, ref_value = _outcome(lambda: reference.rank(fresh()))
    assert (kind, value) == (ref_kind, ref_value)
    eval_kind, evaluated = _outcome(lambda: badugi.evaluate(fresh()))
    assert eval_kind == kind
    if kind == "ok":
        assert 1 <= value <= 1092
        assert evaluated.rank == value
        assert _outcome(lambda: badugi.compare(fresh(), fresh()))[0] == "error"  # every card in both
        assert badugi.winners([fresh()]) == [0]
    else:
        for call in (
            lambda: badugi.compare(fresh(), "Ah 2s 3d 4c"),
            lambda: badugi.compare("Ah 2s 3d 4c", fresh()),
            lambda: badugi.winners(["Ah 2s 3d 4c", fresh()]),
        ):
            assert _outcome(call)[0] == "error"


@settings(max_examples=500)
@given(inputs)
def test_winners_rank_many_and_card_functions_only_raise_the_documented_error(value: Any) -> None:
    _outcome(lambda: badugi.winners(value))
    _outcome(lambda: badugi.rank_many(value))
    _outcome(lambda: badugi.rank_many([value]))
    _outcome(lambda: badugi.card_id(value))
    kind, text = _outcome(lambda: badugi.card_str(value))
    if kind == "ok":
        assert badugi.card_id(text) == value


@settings(max_examples=500)
@given(inputs, inputs, inputs, inputs)
def test_showdown_only_raises_the_documented_error(
    hands: Any, contributions: Any, button: Any, last: Any
) -> None:
    for args in ((hands, contributions, button), (hands, contributions, button, last)):
        kind, result = _outcome(lambda args=args: badugi.showdown(*args))  # type: ignore[misc]
        if kind == "ok":
            assert sum(result.payouts) >= 0


@settings(max_examples=300)
@given(st.data())
def test_showdown_with_plausible_tables(data: st.DataObject) -> None:
    seats = data.draw(st.integers(1, 6))
    deck = data.draw(st.permutations(CARD_TEXT))
    dealt = st.integers(3, 5).map(lambda k: deck[:k])
    plausible_hand = st.one_of(st.none(), dealt, dealt, dealt, st.just(deck[:4]), near_hands, garbage)
    hands = []
    for seat in range(seats):
        hand = data.draw(plausible_hand)
        if isinstance(hand, list) and hand and hand[0] in deck[:5]:
            hand = deck[6 * seat : 6 * seat + len(hand)]  # distinct cards across seats
        hands.append(hand)
    contributions = data.draw(
        st.lists(st.one_of(st.integers(0, 100), scalars), min_size=seats, max_size=seats)
    )
    button = data.draw(st.one_of(st.integers(0, seats - 1), scalars))
    kind, result = _outcome(lambda: badugi.showdown(hands, contributions, button))
    if kind == "ok":
        assert sum(result.payouts) == sum(contributions)


@settings(max_examples=300)
@given(inputs)
def test_games_only_raise_the_documented_error(value: Any) -> None:
    from badugi.games import GAMES, by_name  # noqa: PLC0415

    for game in GAMES.values():
        kind, ranks = _outcome(lambda game=game: game.rank(value))  # type: ignore[misc]
        if kind == "ok":
            assert len(ranks) == len(game.halves)
        _outcome(lambda game=game: game.evaluate(value))  # type: ignore[misc]
        _outcome(lambda game=game: game.rank_many(value))  # type: ignore[misc]
        _outcome(lambda game=game: game.rank_many([value]))  # type: ignore[misc]
    kind, game = _outcome(lambda: by_name(value))
    if kind == "ok":
        assert game in GAMES.values()
    _outcome(lambda: badugi.showdown(["Ah 2s 3d 4c", "Kc"], [1, 1], 0, game=value))
    _outcome(lambda: badugi.showdown(["Ah 2s 3d 4c", "Kc Qd Jh Ts"], [1, 1], 0, qualifier=value))
    _outcome(lambda: badugi.showdown(["Ah 2s 3d 4c", "Kc Qd Jh Ts"], [1, 1], 0, carry=value))
