"""Slow, obvious references for the draw-equity tests; they share no code with csrc/equity/drawvalue.c.

The C tables push each hand's value onto its subsets; this module pulls: for
every group it lists the completions and adds up their values with numpy.
Strength is counted straight from its definition over a sorted list of every
hand's rank, and keep values are summed over every replacement, with no
inclusion-exclusion.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

import badugi

HANDS = comb(52, 4)
#: Where each group size starts in the group index: 1 + 52 + 1,326 + 22,100 groups.
GROUP_START = (0, 1, 53, 1379)
GROUPS = 23_479
SCALE = 2 * HANDS


def colex(rows: np.ndarray) -> np.ndarray:
    """Colex index of each row of sorted ids (any width k): sum of C(id_i, i + 1)."""
    rows = rows.astype(np.int64)
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        c = rows[:, i]
        term = np.ones_like(c)
        for j in range(i + 1):
            term = term * (c - j)
        index += term // np.int64(np.prod(np.arange(1, i + 2)))
    return index


def combinations(k: int) -> np.ndarray:
    """Every sorted k-subset of the 52 cards, one per row, in colex order (one empty row for k = 0)."""
    rows = np.array(list(itertools.combinations(range(52), k)), dtype=np.int64).reshape(comb(52, k), k)
    return rows[np.argsort(colex(rows), kind="stable")]


@cache
def rank_by_index() -> np.ndarray:
    """The rank of every hand, by colex index (ranked by badugi.rank_many)."""
    hands = combinations(4)
    return np.asarray(badugi.rank_many(hands.astype(np.uint8)), dtype=np.int64)


@cache
def strength_by_rank() -> tuple[int, ...]:
    """s(rank) = 2 * (hands of a worse rank) + (hands of that rank), from a sorted list of all ranks."""
    ranks = np.sort(rank_by_index())
    s = [0]
    for r in range(1, 1093):
        below = int(np.searchsorted(ranks, r, side="left"))
        upto = int(np.searchsorted(ranks, r, side="right"))
        s.append(2 * (HANDS - upto) + (upto - below))
    return tuple(s)


def _completions(k: int) -> np.ndarray:
    """For every k-group (colex order), the colex index of each completion to four cards.

    Shape (groups, C(52 - k, 4 - k)).
    """
    groups = combinations(k)
    extra = combinations(4 - k)
    # Every group with every (4-k)-set, then keep the disjoint ones (the same count per group).
    g = np.repeat(groups, len(extra), axis=0)
    e = np.tile(extra, (len(groups), 1))
    disjoint = np.ones(len(g), dtype=bool)
    for i in range(k):
        for j in range(4 - k):
            disjoint &= g[:, i] != e[:, j]
    both = np.sort(np.concatenate([g, e], axis=1)[disjoint], axis=1)
    return colex(both).reshape(len(groups), comb(52 - k, 4 - k))


@cache
def _completion_index() -> tuple[np.ndarray, ...]:
    return tuple(_completions(k) for k in range(4))


def _group_sums(hand_values: np.ndarray) -> list[int]:
    """R over every group: the sum of hand_values over its completions, as exact Python ints."""
    # Summed in 32-bit halves, so int64 never overflows even where the total passes 2^63.
    hi, lo = hand_values >> 32, hand_values & 0xFFFFFFFF
    out: list[int] = []
    for index in _completion_index():
        out += [(int(h) << 32) + int(low) for h, low in zip(hi[index].sum(1), lo[index].sum(1), strict=True)]
    return out


def _hand_level(groups: list[int], below: np.ndarray) -> np.ndarray:
    """U over every hand: the best of standing pat and each proper keep, at the common scale."""
    hands = combinations(4)
    r = np.array(groups, dtype=np.int64)
    best = below * HANDS
    for k in range(4):
        scale = HANDS // comb(52 - k, 4 - k)
        for keep in itertools.combinations(range(4), k):
            index = GROUP_START[k] + colex(hands[:, list(keep)])
            best = np.maximum(best, r[index] * scale)
    return best


@cache
def draw_tables() -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """(R, U): R[n] over groups for n = 1..3, U[n] over hands for n = 0..2, exact ints."""
    strength = np.array(strength_by_rank(), dtype=np.int64)
    u0 = strength[rank_by_index()]
    r1 = _group_sums(u0)
    u1 = _hand_level(r1, u0)
    r2 = _group_sums(u1)
    u2 = _hand_level(r2, u1)
    r3 = _group_sums(u2)
    return {1: r1, 2: r2, 3: r3}, {0: u0.tolist(), 1: u1.tolist(), 2: u2.tolist()}


def hand_index(cards: list[int] | tuple[int, ...]) -> int:
    """Colex index of one hand."""
    a, b, c, d = sorted(cards)
    return a + comb(b, 2) + comb(c, 3) + comb(d, 4)


@cache
def _positions(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), one per row."""
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.int64).reshape(comb(n, k), k)


def completions(kept: list[int], unseen: list[int]) -> np.ndarray:
    """Every hand of the kept cards plus 4 - len(kept) unseen ones, one per row."""
    extra = np.array(unseen, dtype=np.int64)[_positions(len(unseen), 4 - len(kept))]
    return np.concatenate([np.tile(np.array(kept, dtype=np.int64), (len(extra), 1)), extra], axis=1)


def _exact_sum(values: np.ndarray) -> int:
    hi, lo = values >> 32, values & 0xFFFFFFFF
    return (int(hi.sum()) << 32) + int(lo.sum())


def keep_values(hand: list[int], seen: list[int], draws: int) -> list[tuple[int, int]]:
    """(sum of U_{draws-1} over every replacement, how many) for each keep mask, summed one by one."""
    u = np.array(draw_tables()[1][draws - 1], dtype=np.int64)
    unseen = [c for c in range(52) if c not in hand and c not in seen]
    out = []
    for mask in range(16):
        kept = [c for i, c in enumerate(hand) if mask >> i & 1]
        rows = completions(kept, unseen)
        out.append((_exact_sum(u[colex(np.sort(rows, axis=1))]), len(rows)))
    return out


def best_keeps(hand: list[int], seen: list[int], draws: int) -> list[tuple[Fraction, int]]:
    """(expected strength, keep mask) for each keep, best first (ties: more kept, then lower ids)."""
    scale = SCALE * HANDS ** (draws - 1)
    rows = []
    for mask, (total, count) in enumerate(keep_values(hand, seen, draws)):
        kept = sorted(c for i, c in enumerate(hand) if mask >> i & 1)
        rows.append((-Fraction(total, count * scale), -len(kept), kept, mask))
    rows.sort()
    return [(-value, mask) for value, _, _, mask in rows]
