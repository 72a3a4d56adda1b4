"""Every five-card hand, and the references' answer for each, computed the affordable way.

The references value one hand at a time in Python, which would take hours
over 2,598,960 hands. What the rules say makes it affordable:

* a low depends only on its five ranks and (2-7) whether it is a flush, so the
  reference values one hand of each rank multiset and suit pattern, and numpy
  spreads that value to every hand with the same ranks and pattern;
* the Badugi half is the best of the five four-card subsets, so the reference
  values each of the 270,725 four-card hands once and numpy takes the minimum
  over each hand's five subsets.

This is test code: it shares nothing with tools/table_*.py.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from math import comb

import numpy as np

from badugi.references import badugi4 as reference
from badugi.references import badugi5 as reference_badugi5
from badugi.references import lowball as reference_lowball

HANDS = comb(52, 5)


@cache
def all_hands() -> np.ndarray:
    """(2,598,960, 5) uint8, each row sorted ascending, rows in lexicographic order."""
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    return np.fromiter(flat, dtype=np.uint8, count=5 * HANDS).reshape(HANDS, 5)


def _rank_code(ranks: np.ndarray) -> np.ndarray:
    """Base-13 number of each row's ranks (0..12) sorted ascending: one per multiset."""
    ordered = np.sort(ranks.astype(np.int64), axis=1)
    return (
        (((ordered[:, 0] * 13 + ordered[:, 1]) * 13 + ordered[:, 2]) * 13 + ordered[:, 3]) * 13
    ) + ordered[:, 4]


@cache
def expected_low(scale: str) -> np.ndarray:
    """The reference's rank of every hand of all_hands() on "2-7" or "A-5"."""
    by_pattern = np.zeros((2, 13**5), dtype=np.uint16)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        copies = Counter(ranks)
        if max(copies.values()) > 4:
            continue
        seen: Counter[int] = Counter()
        suits = []
        for r in ranks:
            suits.append(seen[r])
            seen[r] += 1
        distinct = len(copies) == 5
        if distinct:
            suits = [0, 0, 0, 0, 1]  # five ranks, not a flush
        code = _rank_code(np.array([ranks]))[0]
        ids = [4 * r + s for r, s in zip(ranks, suits, strict=True)]
        by_pattern[0, code] = reference_lowball.rank_ids(ids, scale)
        if distinct:
            by_pattern[1, code] = reference_lowball.rank_ids([4 * r for r in ranks], scale)
    hands = all_hands()
    suits = hands % 4
    flush = (suits == suits[:, :1]).all(axis=1).astype(np.int64)
    return by_pattern[flush, _rank_code(hands // 4)]


def _colex4(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> np.ndarray:
    choose = [np.array([comb(n, k) for n in range(52)], dtype=np.int64) for k in range(5)]
    return choose[1][a] + choose[2][b] + choose[3][c] + choose[4][d]


@cache
def expected_badugi(aces_high: bool) -> np.ndarray:
    """The reference's Badugi rank (best four of five) of every hand of all_hands()."""
    fours = list(itertools.combinations(range(52), 4))
    value = reference_badugi5.ace_high_rank_ids if aces_high else reference.rank_ids
    by_four = np.zeros(len(fours), dtype=np.uint16)
    columns = np.array(fours, dtype=np.int64)
    slots = _colex4(columns[:, 0], columns[:, 1], columns[:, 2], columns[:, 3])
    by_four[slots] = [value(list(h)) for h in fours]
    hands = all_hands().astype(np.int64)
    best = None
    for drop in range(5):
        keep = [hands[:, i] for i in range(5) if i != drop]
        ranks = by_four[_colex4(*keep)]
        best = ranks if best is None else np.minimum(best, ranks)
    assert best is not None
    return best
