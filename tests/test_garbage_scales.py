"""Arbitrary Python objects into the scales' entry points: a right answer or InvalidHandError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.cards import parse_cards
from badugi.ranking import lowball, scales
from badugi.references import badugi5 as reference_badugi5
from badugi.references import lowball as reference_lowball
from tests.test_garbage import CARD_TEXT, _outcome, inputs, scalars

five_card_hands = st.one_of(
    st.lists(st.integers(-2, 54), min_size=4, max_size=6),
    st.lists(st.sampled_from(CARD_TEXT), min_size=4, max_size=6),
    st.lists(st.one_of(st.sampled_from(CARD_TEXT), st.integers(0, 51), scalars), min_size=5, max_size=5),
    st.lists(st.sampled_from(CARD_TEXT), min_size=5, max_size=5).map(" ".join),
)
hands = st.one_of(inputs, five_card_hands)


def _reference(scale: scales.Scale, hand: Any) -> int:
    ids = parse_cards(hand)
    if scale is scales.BADUGI:
        return reference_badugi5.ace_low_rank_ids(ids)
    if scale is scales.BADUGI_ACE_HIGH:
        return reference_badugi5.ace_high_rank_ids(ids)
    return reference_lowball.rank_ids(ids, scale.name)


@settings(max_examples=800)
@given(hands)
def test_every_scale_ranks_right_or_refuses(hand: Any) -> None:
    if isinstance(hand, type(iter([]))):
        hand = list(hand)
        fresh: Callable[[], Any] = lambda: iter(hand)  # noqa: E731
    else:
        fresh = lambda: hand  # noqa: E731
    for scale in scales.SCALES:
        kind, value = _outcome(lambda scale=scale: scale.rank(fresh()))  # type: ignore[misc]
        eval_kind, evaluated = _outcome(lambda scale=scale: scale.evaluate(fresh()))  # type: ignore[misc]
        assert eval_kind == kind
        if kind == "ok":
            assert value == evaluated.rank == _reference(scale, fresh())
            assert 1 <= value <= scale.worst
            assert scale.describe(value) == evaluated.name
        if scale in (scales.LOW_27, scales.LOW_A5):
            assert _outcome(lambda scale=scale: lowball.rank(fresh(), scale.name)) == (kind, value)  # type: ignore[misc]
            ref = _outcome(lambda scale=scale: reference_lowball.rank(fresh(), scale.name))  # type: ignore[misc]
            assert ref[0] == kind


@settings(max_examples=400)
@given(hands, st.one_of(st.sampled_from(["2-7", "A-5", "badugi"]), scalars))
def test_batches_describe_and_scale_names_only_raise_the_documented_error(value: Any, name: Any) -> None:
    _outcome(lambda: lowball.rank_many(value, "2-7"))
    _outcome(lambda: lowball.rank_many([value], "A-5"))
    _outcome(lambda: lowball.rank(value, name))
    _outcome(lambda: scales.BADUGI.rank_many([value]))
    _outcome(lambda: scales.BADUGI_ACE_HIGH.rank_many(value, cards_per_hand=name))
    _outcome(lambda: scales.rank_many_on([scales.BADUGI_ACE_HIGH, scales.LOW_27], [value]))
    _outcome(lambda: scales.rank_many_on(value, [[0, 4, 8, 12, 16]]))
    _outcome(lambda: scales.rank_many_on([name], [[0, 4, 8, 12, 16]]))
    _outcome(lambda: scales.by_name(name))
    _outcome(lambda: scales.LOW_27.describe(value))
