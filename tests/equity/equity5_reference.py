"""Slow, obvious references for the five-card draw values; they share no code with csrc/equity/drawvalue5.c.

* Ranks: for the exhaustive checks, ``badugi.references`` on every hand
  (through ``five_card_hands``, which makes that affordable); for the fast
  ones, one ``Game.rank_many`` call over every hand (the C scale kernels,
  which ``test_exhaustive_five`` checks against the references on every hand
  and ``tests/equity/test_five.py`` on a sample).
* Strength: counted from its definition over each half's rank histogram.
* Keep values: summed over every replacement, one by one, with no
  inclusion-exclusion.
* The draw-value tables: re-derived in numpy, each R as a ``bincount`` over
  every hand's proper subsets (summed in limbs small enough that float64
  stays exact), and U_2 of a hand in Python ints from its 32 keeps.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from badugi.games import Game
from badugi.references import badugi5 as reference_badugi5
from badugi.references import lowball as reference_lowball
from tests.five_card_hands import all_hands, expected_badugi, expected_low

HANDS = comb(52, 5)
#: Where each group size (0..4 cards) starts in the group index.
GROUP_START = (0, 1, 53, 1379, 23479)
GROUPS = 294_204
#: lcm over k of C(52 - k, 5 - k): the factor each draw to come puts on a value's scale.
LEVEL = 12_994_800
#: LEVEL / C(52 - k, 5 - k), what brings a k-card keep to the common scale.
UP = tuple(LEVEL // comb(52 - k, 5 - k) for k in range(6))
_LIMB = 24  # bits: 2,598,960 values below 2^24 sum exactly in float64


def colex(rows: np.ndarray) -> np.ndarray:
    """Colex index of each row of sorted ids (any width k): the sum of C(id_i, i + 1)."""
    table = np.array([[comb(n, k) for n in range(52)] for k in range(6)], dtype=np.int64)
    rows = rows.astype(np.int64)
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        index += table[i + 1][rows[:, i]]
    return index


@cache
def hand_colex() -> np.ndarray:
    """The colex index of every row of ``all_hands()`` (rows are sorted ascending)."""
    return colex(all_hands())


def strength_by_rank(ranks: np.ndarray) -> np.ndarray:
    """s(r) = 2 * (hands of a worse rank) + (hands of rank r), from every hand's rank on one half."""
    count = np.bincount(ranks.astype(np.int64))
    worse = np.concatenate([np.cumsum(count[::-1])[::-1][1:], [0]])  # hands ranked after r
    return 2 * worse + count


def _reference_ranks(scale_name: str) -> np.ndarray:
    by_name = {
        "badugi": lambda: expected_badugi(False),
        "badugi-ace-high": lambda: expected_badugi(True),
        "2-7": lambda: expected_low("2-7"),
        "A-5": lambda: expected_low("A-5"),
    }
    return by_name[scale_name]()


@cache
def strength_table(game: Game, source: str) -> np.ndarray:
    """U_0, the strength count of every hand by colex index, from "references" or "kernel" ranks."""
    hands = all_hands()
    if source == "references":
        ranks = [_reference_ranks(half.name) for half in game.halves]
    else:
        both = np.asarray(game.rank_many(hands))
        ranks = [both[:, h] for h in range(len(game.halves))]
    total = np.zeros(HANDS, dtype=np.int64)
    for r in ranks:
        total += strength_by_rank(r)[r.astype(np.int64)]
    out = np.zeros(HANDS, dtype=np.int64)
    out[hand_colex()] = total
    return out


def index_of(cards: list[int] | tuple[int, ...]) -> int:
    """Colex index of one hand."""
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(cards)))


def group_of(cards: list[int] | tuple[int, ...]) -> int:
    """Group index of 0..4 cards."""
    return GROUP_START[len(cards)] + index_of(cards)


@cache
def _positions(n: int, k: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.int64).reshape(comb(n, k), k)


def completions(kept: list[int], unseen: list[int]) -> np.ndarray:
    """The colex index of every hand of the kept cards plus 5 - len(kept) unseen ones."""
    extra = np.array(unseen, dtype=np.int64)[_positions(len(unseen), 5 - len(kept))]
    rows = np.concatenate([np.tile(np.array(kept, dtype=np.int64), (len(extra), 1)), extra], axis=1)
    return colex(np.sort(rows, axis=1))


def exact_sum(values: np.ndarray) -> int:
    """The exact sum of non-negative int64 values below 2^48."""
    return (int((values >> _LIMB).sum()) << _LIMB) + int((values & ((1 << _LIMB) - 1)).sum())


def keep_sums(
    table: np.ndarray, hand: list[int], seen: list[int], least_kept: int = 0
) -> list[tuple[int, int]]:
    """(sum of table over every replacement from the unseen cards, how many) for each keep mask.

    Keeps of fewer than ``least_kept`` cards are not summed: (0, 0).
    """
    unseen = [c for c in range(52) if c not in hand and c not in seen]
    out = []
    for mask in range(32):
        kept = [c for i, c in enumerate(hand) if mask >> i & 1]
        if 5 - len(kept) > len(unseen) or len(kept) < least_kept:
            out.append((0, 0))
            continue
        index = completions(kept, unseen)
        out.append((exact_sum(table[index]), len(index)))
    return out


def _subsets() -> list[tuple[int, ...]]:
    """The 31 proper subsets of five places."""
    return [s for k in range(5) for s in itertools.combinations(range(5), k)]


def _group_sums(values: np.ndarray) -> list[np.ndarray]:
    """R over every group of the hand values (by colex), as exact limb sums: R = sum(limb_i << 24i)."""
    hands = all_hands()
    by_row = values[hand_colex()]
    limbs = []
    rest = by_row
    while True:
        limbs.append((rest & ((1 << _LIMB) - 1)).astype(np.float64))
        rest = rest >> _LIMB
        if not rest.any():
            break
    sums = [np.zeros(GROUPS, dtype=np.float64) for _ in limbs]
    for subset in _subsets():
        group = GROUP_START[len(subset)] + (colex(hands[:, list(subset)]) if subset else 0)
        group = np.broadcast_to(group, (HANDS,))
        for i, limb in enumerate(limbs):
            sums[i] += np.bincount(group, weights=limb, minlength=GROUPS)
    return [total.astype(np.int64) for total in sums]


def _combine(limbs: list[np.ndarray], g: int) -> int:
    return sum(int(limb[g]) << (_LIMB * i) for i, limb in enumerate(limbs))


@cache
def draw_tables(game: Game) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """(U_0, U_1 by colex index as int64, R_2 over groups as limbs), from the reference strengths."""
    u0 = strength_table(game, "references")
    r1_limbs = _group_sums(u0)
    r1 = sum(limb << (_LIMB * i) for i, limb in enumerate(r1_limbs))  # below 2^45: fits int64
    hands = all_hands()
    best = u0[hand_colex()] * LEVEL
    for subset in _subsets():
        group = GROUP_START[len(subset)] + (colex(hands[:, list(subset)]) if subset else 0)
        best = np.maximum(best, r1[group] * UP[len(subset)])
    u1 = np.zeros(HANDS, dtype=np.int64)
    u1[hand_colex()] = best
    return u0, u1, _group_sums(u1)


def r2(game: Game, cards: list[int] | tuple[int, ...]) -> int:
    """R_2 of a group of 0..4 cards."""
    return _combine(draw_tables(game)[2], group_of(cards))


def u2(game: Game, hand: tuple[int, ...]) -> int:
    """U_2 of a hand: the best of standing pat and each proper keep, at the common scale."""
    u1 = draw_tables(game)[1]
    best = int(u1[index_of(hand)]) * LEVEL
    for k in range(5):
        for kept in itertools.combinations(sorted(hand), k):
            best = max(best, r2(game, kept) * UP[k])
    return best


def reference_rank(scale_name: str, ids: list[int]) -> int:
    """One hand's rank on a half, straight from ``badugi.references``."""
    if scale_name == "badugi":
        return reference_badugi5.ace_low_rank_ids(ids)
    if scale_name == "badugi-ace-high":
        return reference_badugi5.ace_high_rank_ids(ids)
    return reference_lowball.rank_ids(ids, scale_name)


def best_keeps(values: list[tuple[int, int]], hand: list[int], scale: int) -> list[tuple[Fraction, int]]:
    """(expected strength, keep mask) of each possible keep, best first (ties: more kept, then lower ids)."""
    rows = []
    for mask, (total, count) in enumerate(values):
        if count == 0:
            continue
        kept = sorted(c for i, c in enumerate(hand) if mask >> i & 1)
        rows.append((-Fraction(total, count * scale), -len(kept), kept, mask))
    rows.sort()
    return [(-value, mask) for value, _, _, mask in rows]
