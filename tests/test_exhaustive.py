"""Every one of the 270,725 hands: the C table against the independent reference."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import badugi
from badugi.references import badugi4 as reference

ALL_HANDS = list(itertools.combinations(range(52), 4))


@pytest.mark.slow
def test_every_hand_matches_the_reference() -> None:
    mismatches = [h for h in ALL_HANDS if badugi.rank(h) != reference.rank_ids(h)]
    assert len(ALL_HANDS) == 270_725
    assert mismatches == [], f"{len(mismatches)} hands differ, first {mismatches[:5]}"


@pytest.mark.slow
def test_rank_many_over_every_hand_matches_rank() -> None:
    flat = bytes(itertools.chain.from_iterable(ALL_HANDS))
    ranks = badugi.rank_many(flat)
    assert list(ranks) == [badugi.rank(h) for h in ALL_HANDS]


@pytest.mark.slow
def test_class_sizes_and_numbering() -> None:
    counts = Counter(reference.hand_class(h) for h in ALL_HANDS)
    by_size = Counter(size for size, _ in counts)
    assert by_size == {4: 715, 3: 286, 2: 78, 1: 13}
    ranks = sorted({badugi.rank(h) for h in ALL_HANDS})
    assert ranks == list(range(1, 1093))
