"""Names of five-card lows, and the order their cards are read in.

Deuce-to-seven names: "8-6-5-4-2" and "A-5-4-3-2" (no pair; ace-high), "pair
of 2s", "two pair, 8s and 3s", "three 7s", "7-high straight", "flush,
K-9-6-4-3", "full house, 7s over 2s", "four 7s", "7-high straight flush".
Ace-to-five uses the same words except that it has no straights and no
flushes, and its ace is the lowest card: "5-4-3-2-A", "pair of aces".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from badugi.cards import RANK_NAMES, card_rank

__all__ = ["low_name", "read_order"]

_PLURALS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
# Hands with a pair or more, by their group sizes; filled with the grouped ranks, in order.
_GROUPED = {
    (2, 1, 1, 1): "pair of {0}",
    (2, 2, 1): "two pair, {0} and {1}",
    (3, 1, 1): "three {0}",
    (3, 2): "full house, {0} over {1}",
    (4, 1): "four {0}",
}


def _value(rank: int, aces_high: bool) -> int:
    return 14 if aces_high and rank == 1 else rank


def _plural(rank: int) -> str:
    return _PLURALS.get(rank, f"{RANK_NAMES[rank - 1]}s")


def read_order(ids: Sequence[int], aces_high: bool) -> list[int]:
    """The ids in the order they compare: bigger rank groups first, then higher ranks, then by id."""
    counts = Counter(card_rank(c) for c in ids)
    return sorted(ids, key=lambda c: (-counts[card_rank(c)], -_value(card_rank(c), aces_high), c))


def low_name(ranks: Sequence[int], flush: bool, aces_high: bool) -> str:
    """The name of a low with these five ranks (A=1..K=13); ``aces_high`` and ``flush`` for 2-7 only."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (-item[1], -_value(item[0], aces_high)))
    shape = tuple(n for _, n in groups)
    top = [r for r, _ in groups]
    if shape in _GROUPED:
        return _GROUPED[shape].format(*(_plural(r) for r in top))
    spelled = "-".join(RANK_NAMES[r - 1] for r in top)
    if not aces_high:
        return spelled
    straight = _value(top[0], aces_high) - _value(top[4], aces_high) == 4
    if straight:
        return f"{RANK_NAMES[top[0] - 1]}-high straight{' flush' if flush else ''}"
    return f"flush, {spelled}" if flush else spelled
