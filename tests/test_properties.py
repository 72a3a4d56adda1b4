"""Invariants that must hold for every hand (hypothesis)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi
from badugi.references import badugi4 as reference

hands = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)
suit_maps = st.permutations(range(4))


def deal(count: int, min_count: int | None = None) -> st.SearchStrategy[list[list[int]]]:
    """``count`` hands (or from ``min_count`` to ``count``) dealt from one shuffled deck: no card twice."""
    low = count if min_count is None else min_count
    return st.tuples(st.permutations(range(52)), st.integers(low, count)).map(
        lambda d: [list(d[0][4 * i : 4 * i + 4]) for i in range(d[1])]
    )


def relabel(hand: list[int], suits: list[int]) -> list[int]:
    return [4 * (c // 4) + suits[c % 4] for c in hand]


@given(hands, suit_maps)
def test_relabelling_suits_never_changes_the_rank(hand: list[int], suits: list[int]) -> None:
    assert badugi.rank(relabel(hand, suits)) == badugi.rank(hand)


@given(hands, st.randoms(use_true_random=False))
def test_card_order_never_matters(hand: list[int], rnd: object) -> None:
    shuffled = hand[:]
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert badugi.rank(shuffled) == badugi.rank(hand)
    assert badugi.evaluate(shuffled) == badugi.evaluate(hand)
    assert badugi.evaluate(shuffled).cards == badugi.evaluate(hand).cards


@given(deal(2))
def test_compare_is_antisymmetric(two: list[list[int]]) -> None:
    a, b = two
    assert badugi.compare(a, b) == -badugi.compare(b, a)
    assert (badugi.compare(a, b) == 0) == (badugi.rank(a) == badugi.rank(b))


@given(deal(3))
def test_compare_is_transitive(three: list[list[int]]) -> None:
    a, b, c = three
    ordered = sorted([a, b, c], key=badugi.rank)
    for x, y in itertools.combinations(ordered, 2):
        assert badugi.compare(x, y) >= 0
    if badugi.compare(a, b) >= 0 and badugi.compare(b, c) >= 0:
        assert badugi.compare(a, c) >= 0


@given(hands)
def test_native_equals_reference(hand: list[int]) -> None:
    assert badugi.rank(hand) == reference.rank(hand)


@given(hands)
def test_evaluate_is_consistent(hand: list[int]) -> None:
    value = badugi.evaluate(hand)
    assert len(value.cards) == value.size
    assert set(value.cards) <= {badugi.card_str(c) for c in hand}
    ids = [badugi.card_id(c) for c in value.cards]
    assert len({c % 4 for c in ids}) == len({c // 4 for c in ids}) == value.size
    assert ids == sorted(ids, key=lambda c: -(c // 4))
    assert (value.size, tuple(c // 4 + 1 for c in ids)) == reference.hand_class(hand)


@settings(max_examples=50)
@given(st.lists(hands, min_size=0, max_size=300))
def test_rank_many_equals_rank_row_by_row(rows: list[list[int]]) -> None:
    expected = [badugi.rank(r) for r in rows]
    as_array = np.array(rows, dtype=np.int64).reshape(-1, 4)
    assert badugi.rank_many(as_array).tolist() == expected
    assert badugi.rank_many(as_array.astype(np.uint8)).tolist() == expected
    assert list(badugi.rank_many(bytes(itertools.chain.from_iterable(rows)))) == expected


@given(deal(9, min_count=1))
def test_winners_are_exactly_the_best(rows: list[list[int]]) -> None:
    best = min(badugi.rank(r) for r in rows)
    assert badugi.winners(rows) == [i for i, r in enumerate(rows) if badugi.rank(r) == best]
    assert badugi.winners(rows) == reference.winners(rows)


@given(hands, hands)
def test_compare_refuses_exactly_the_hands_no_deck_deals(a: list[int], b: list[int]) -> None:
    shared = set(a) & set(b)
    if shared:
        with pytest.raises(badugi.InvalidHandError, match="is in hand a and hand b"):
            badugi.compare(a, b)
        with pytest.raises(badugi.InvalidHandError, match="is in hand a and hand b"):
            reference.compare(a, b)
    else:
        assert badugi.compare(a, b) == reference.compare(a, b)
