"""The 1,092 hand classes: what each rank number means.

A class is a number of counting cards and their ranks. Rank numbers run from
1 (the A-2-3-4 badugi) to 1,092 (a lone king): every badugi first (715), then
three-card hands (286), two-card hands (78) and one-card hands (13). Within a
size, the lower highest card is better, then the next, and so on.

The list is built by sorting, the obvious way, on first use (about a
millisecond), so ``import badugi`` does not pay for it.
"""

from __future__ import annotations

import itertools
from functools import cache

__all__ = ["HandClass", "class_of", "number_of"]

#: (size, ranks highest first), with ranks A=1 .. K=13.
HandClass = tuple[int, tuple[int, ...]]


@cache
def _classes() -> tuple[HandClass, ...]:
    keys = [
        (size, tuple(sorted(ranks, reverse=True)))
        for size in (4, 3, 2, 1)
        for ranks in itertools.combinations(range(1, 14), size)
    ]
    # More cards first; then lexicographically on the ranks taken highest first.
    keys.sort(key=lambda key: (-key[0], key[1]))
    return tuple(keys)


@cache
def _numbers() -> dict[HandClass, int]:
    return {key: number for number, key in enumerate(_classes(), start=1)}


def class_of(rank: int) -> HandClass:
    """The class (size, ranks highest first) of a rank number 1..1092."""
    if not 1 <= rank <= len(_classes()):
        raise ValueError(f"rank {rank} out of range 1..1092")
    return _classes()[rank - 1]


def number_of(size: int, ranks: tuple[int, ...]) -> int:
    """The rank number of a class; ``ranks`` must be distinct, highest first."""
    return _numbers()[(size, ranks)]
