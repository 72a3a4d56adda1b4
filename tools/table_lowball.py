"""Builders of the five-card lowball tables: deuce-to-seven and ace-to-five.

A five-card low depends only on its five ranks and, in 2-7, on whether the
five cards share one suit. So each table has one slot per *multiset* of five
ranks (combinations with repetition of 13 ranks taken 5: 6,188 slots), and the
2-7 table a second block of 6,188 slots for flushes. Slots no hand can reach
(five of one rank, or a paired flush) hold 0.

The perfect hash of a multiset with ranks ``r0 <= r1 <= ... <= r4`` (0..12)
is the colex index of the strictly increasing ``r_i + i`` (0..16):
``sum C(r_i + i, i + 1)``, a bijection onto 0..6,187. The C code reads the
terms from ``multiset_row(k)``, indexed by card id, so it needs no division
by four. Ranks count from the lowest card of the scale: for A-5 the ace is 0
and the king 12, for 2-7 the deuce is 0 and the ace 12, which is why C remaps
ids for 2-7 (``id - 4``, aces ``id + 48``) before sorting them.

How the numbers are made, on purpose differently from
``badugi.references.lowball`` (which reads one hand, names its category and
then sorts every possible key): here each scale is a list of categories, best
for low first, and each category *generates* its rank patterns in order, best
first. Numbers are handed out 1, 2, 3, ... as the patterns come, so equal
hands share a number and the numbers are dense by construction.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from math import comb

RANKS = 13
SLOTS = comb(RANKS + 4, 5)  # 6,188 multisets of five ranks
WORST_27 = 7462
WORST_A5 = 6175

# A pattern is (ranks of the five cards, lowest first, as a tuple) and whether
# it is a flush. A category yields its patterns best first.
Pattern = tuple[tuple[int, ...], bool]
Category = Callable[[], Iterator[Pattern]]


def multiset_index(ranks: tuple[int, ...]) -> int:
    """Slot of a multiset of five ranks (0..12), in 0..6,187."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


def multiset_row(k: int) -> list[int]:
    """The k-th term (k = 1..5) of the multiset index, for a card id (rank = id // 4) in k-th place."""
    return [comb(card // 4 + k - 1, k) for card in range(52)]


def _distinct(count: int, exclude: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Sets of distinct ranks, each highest first, best (lowest) set first."""
    pool = [r for r in range(RANKS) if r not in exclude]
    # combinations of the pool in ascending order, compared by their highest
    # card first: sorting the reversed tuples is lexicographic from the top.
    return iter(sorted(tuple(reversed(c)) for c in itertools.combinations(pool, count)))


def _is_run(high_first: tuple[int, ...]) -> bool:
    return all(high_first[i] - 1 == high_first[i + 1] for i in range(4))


def _no_pair(straights: bool, flush: bool) -> Category:
    """Five distinct ranks; straights are skipped when they count as a category of their own."""

    def patterns() -> Iterator[Pattern]:
        for ranks in _distinct(5):
            if straights and _is_run(ranks):
                continue
            yield ranks, flush

    return patterns


def _straight(flush: bool) -> Category:
    def patterns() -> Iterator[Pattern]:
        # Lowest top card first; in 2-7 ranks the lowest straight is 6-5-4-3-2.
        for top in range(4, RANKS):
            yield tuple(range(top, top - 5, -1)), flush

    return patterns


def _groups(sizes: tuple[int, ...]) -> Category:
    """Hands made of rank groups of these sizes, e.g. (2, 1, 1, 1) for one pair.

    They are ordered by the ranks of the bigger groups first, then the kickers.
    """

    def patterns() -> Iterator[Pattern]:
        keys = []
        for ranks in itertools.permutations(range(RANKS), len(sizes)):
            # Within groups of the same size, list the higher rank first, so
            # each hand appears once and compares from the top.
            ok = all(ranks[i] > ranks[i + 1] for i in range(len(sizes) - 1) if sizes[i] == sizes[i + 1])
            if ok:
                keys.append(ranks)
        for ranks in sorted(keys):
            yield tuple(r for r, size in zip(ranks, sizes, strict=True) for _ in range(size)), False

    return patterns


# Best for low first. 2-7: the high-hand categories, worst high hand first;
# the ace is high only, so A-5-4-3-2 is no straight but an ace-high hand.
SCALE_27: list[Category] = [
    _no_pair(straights=True, flush=False),
    _groups((2, 1, 1, 1)),
    _groups((2, 2, 1)),
    _groups((3, 1, 1)),
    _straight(flush=False),
    _no_pair(straights=True, flush=True),
    _groups((3, 2)),
    _groups((4, 1)),
    _straight(flush=True),
]
# straights and flushes do not count, pairs do.
SCALE_A5: list[Category] = [
    _no_pair(straights=False, flush=False),
    _groups((2, 1, 1, 1)),
    _groups((2, 2, 1)),
    _groups((3, 1, 1)),
    _groups((3, 2)),
    _groups((4, 1)),
]


def _number(categories: list[Category], flush_block: bool, relabel: int = 0) -> list[int]:
    """Number the patterns in order; ``relabel`` shifts every rank by that much, mod 13, before slotting."""
    table = [0] * (SLOTS * (2 if flush_block else 1))
    number = 0
    for category in categories:
        for ranks, flush in category():
            number += 1
            slot = multiset_index(tuple((r + relabel) % RANKS for r in ranks)) + (SLOTS if flush else 0)
            if table[slot]:
                raise AssertionError(f"slot of {ranks} numbered twice")
            table[slot] = number
    return table


def build_27() -> list[int]:
    """Deuce-to-seven rank 1..7,462 at [flush * 6188 + multiset slot] (ranks 2=0 .. A=12)."""
    table = _number(SCALE_27, flush_block=True)
    if max(table) != WORST_27:
        raise AssertionError(f"2-7 has {max(table)} classes, not {WORST_27}")
    return table


def build_27_aces_low() -> list[int]:
    """The same 2-7 ranks, slotted by the multiset of the ranks counted ace-low (A=0 .. K=12).

    A rank multiset is the same hand whichever way its ranks are labelled, so
    this table is a permutation of ``build_27``'s. It lets C rank 2-7 from ids
    sorted as they come, with no remap, when nothing else needs aces high.
    """
    table = _number(SCALE_27, flush_block=True, relabel=1)
    if sorted(table) != sorted(build_27()):
        raise AssertionError("the two 2-7 tables hold different ranks")
    return table


def build_a5() -> list[int]:
    """Ace-to-five rank 1..6,175 at [multiset slot] (ranks A=0 .. K=12)."""
    table = _number(SCALE_A5, flush_block=False)
    if max(table) != WORST_A5:
        raise AssertionError(f"A-5 has {max(table)} classes, not {WORST_A5}")
    return table
