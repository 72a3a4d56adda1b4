"""Builder of the four-card Badugi table and the colex binomials that index it.

How the table is built, on purpose differently from ``badugi.references.badugi4``
(which takes one hand, tries every subset of its cards and keeps the best
group). Here the work runs the other way, from hand *classes* to hands:

1. A class is a size k (1..4) and a set of k distinct ranks. Its number is
   computed by formula: classes with more cards come first, and within a size
   the classes are counted in the combinatorial number system over the ranks
   taken highest first, which is exactly "lower highest card first, then the
   next".
2. Every class is realised by giving its ranks k distinct suits. Every
   four-card hand that contains such a realisation can play at least that well,
   so the hand's value is the best class number over all realisations it
   contains. We "push" each class number to all supersets and keep the minimum.

The perfect hash of a hand is the colex index of its sorted card ids,
``C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4)``, a bijection from the 270,725
four-card sets onto 0..270,724. The C lookup uses the binomial tables built
here, so the index and the table can never disagree.
"""

from __future__ import annotations

import functools
import itertools
from math import comb

DECK = 52
RANKS = 13  # A=1 .. K=13
SUITS = 4
HANDS = comb(DECK, 4)  # 270,725
CLASSES_BY_SIZE = {k: comb(RANKS, k) for k in (4, 3, 2, 1)}  # 715, 286, 78, 13
WORST = sum(CLASSES_BY_SIZE.values())  # 1,092


def class_number(ranks: tuple[int, ...]) -> int:
    """Number 1..1092 of the class with these distinct ranks (1..13), 1 best."""
    k = len(ranks)
    offset = sum(CLASSES_BY_SIZE[bigger] for bigger in range(4, k, -1))
    highest_first = sorted(ranks, reverse=True)
    # Classes of this size that beat us: at the first position where they
    # differ they hold a lower rank; counting them gives sum C(r_i - 1, k - i).
    better = sum(comb(r - 1, k - i) for i, r in enumerate(highest_first))
    return offset + better + 1


def colex_index(ids: tuple[int, ...]) -> int:
    """Perfect-hash slot of a set of four card ids."""
    a, b, c, d = sorted(ids)
    return comb(a, 1) + comb(b, 2) + comb(c, 3) + comb(d, 4)


def card_id(rank: int, suit: int) -> int:
    return 4 * (rank - 1) + suit


def build_table() -> list[int]:
    """The rank of every four-card hand, indexed by colex slot."""
    return list(_ranks())


@functools.cache
def _ranks() -> tuple[int, ...]:
    # Built once per process: the five-card table is made from this one too.
    table = [WORST + 1] * HANDS
    for k in (1, 2, 3, 4):
        for ranks in itertools.combinations(range(1, RANKS + 1), k):
            number = class_number(ranks)
            for suits in itertools.permutations(range(SUITS), k):
                core = tuple(card_id(r, s) for r, s in zip(ranks, suits, strict=True))
                rest = [c for c in range(DECK) if c not in core]
                for extra in itertools.combinations(rest, 4 - k):
                    slot = colex_index(core + extra)
                    table[slot] = min(table[slot], number)
    if max(table) > WORST:
        raise AssertionError("some hand realises no class")
    return tuple(table)


def binomial_row(k: int) -> list[int]:
    """C(n, k) for every card id n: the colex weight of the k-th lowest id."""
    return [comb(n, k) for n in range(DECK)]
