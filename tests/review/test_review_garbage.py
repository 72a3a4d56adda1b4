"""Arbitrary objects into every entry point of ``badugi.review``: a right answer or the documented error."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.errors import BadugiError
from badugi.review import Drill, answer_drill, deal_drill, draw_cost, pot_odds, review_file, review_hand
from badugi.review.decisions import value_moments
from badugi.review.moments import moments_of
from badugi.review.playouts import bet_value
from badugi.review.ranges import Particle
from tests.review.hands import scripted_hand

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.sampled_from(["Ah", "Kd", "Ah Kd", "-", "q", object(), Ellipsis, complex(1, 1)]),
)
garbage = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner), max_leaves=8
)
HAND = scripted_hand()
VIEW = moments_of(HAND, {0})[0].view
RIVAL = Particle(("Qd", "6c", "5h", "Qs"), [])
DRILL = Drill(("Ah", "2s", "3d", "Kd"), 2, (1,))


def _answer_or_documented_error(call: Any, *args: Any, **kwargs: Any) -> None:
    # Every error the library raises on purpose for bad input is a ValueError too.
    try:
        call(*args, **kwargs)
    except ValueError as exc:
        if not isinstance(exc, BadugiError):
            raise


@settings(max_examples=150, deadline=None)
@given(garbage, garbage)
def test_review_hand(seat: Any, advisor: Any) -> None:
    _answer_or_documented_error(review_hand, HAND, seat, advisor=advisor)
    _answer_or_documented_error(review_hand, seat)
    _answer_or_documented_error(review_hand, HAND, 0, advisor=None, playouts=seat)


@settings(max_examples=150, deadline=None)
@given(garbage, garbage, garbage)
def test_review_file(file: Any, seat: Any, source: Any) -> None:
    _answer_or_documented_error(lambda: list(review_file(file, seat, source=source, advisor=None)))
    _answer_or_documented_error(lambda: list(review_file(file, 0, advisor=None, playouts=seat)))


@settings(max_examples=200, deadline=None)
@given(garbage, garbage)
def test_the_drill(throw: Any, seed: Any) -> None:
    _answer_or_documented_error(answer_drill, DRILL, throw)
    _answer_or_documented_error(answer_drill, throw, "Kd")
    _answer_or_documented_error(deal_drill, seed)


@settings(max_examples=200, deadline=None)
@given(garbage, garbage, garbage, garbage)
def test_the_values(a: Any, b: Any, c: Any, d: Any) -> None:
    _answer_or_documented_error(pot_odds, a, b)
    _answer_or_documented_error(draw_cost, a, b, c, d, "badugi")
    _answer_or_documented_error(draw_cost, ("Ah", "2s", "3d", "Kd"), a, 2, (), "badugi")


def _station(view: Any) -> Any:
    return (("call", 1.0),) if view.legal.call else (("check", 1.0),)


@settings(max_examples=150, deadline=None)
@given(garbage, garbage)
def test_the_play_outs(a: Any, b: Any) -> None:
    _answer_or_documented_error(bet_value, a, VIEW, "call", [RIVAL], _station)
    _answer_or_documented_error(bet_value, HAND, a, "call", [RIVAL], _station)
    _answer_or_documented_error(bet_value, HAND, VIEW, a, [RIVAL], _station)
    _answer_or_documented_error(bet_value, HAND, VIEW, "call", a, _station)
    _answer_or_documented_error(bet_value, HAND, VIEW, "call", [Particle(a, [], b)], _station)
    _answer_or_documented_error(bet_value, HAND, VIEW, "call", [RIVAL], a)
    _answer_or_documented_error(bet_value, HAND, VIEW, "call", [RIVAL], _station, seed=a)
    _answer_or_documented_error(bet_value, HAND, VIEW, "call", [RIVAL], lambda view: a)
    _answer_or_documented_error(value_moments, a, (0,), None)
    _answer_or_documented_error(value_moments, HAND, a, None)
    _answer_or_documented_error(value_moments, HAND, (0,), None, a)
    _answer_or_documented_error(review_hand, HAND, 0, advisor=None, seed=a)
