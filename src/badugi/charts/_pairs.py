"""Which deals a unit's numbers come from: its seed, its matchups, and the pair a heads-up cell deals.

A heads-up cell (a, b) and its mirror (b, a) are the same deals seen from the
other seat when the strategy ignores the other player's draws (it chooses
from its own cards and discards only) and no reshuffle can happen (two
hands, three draws at most: 8 + 24 cards and 3 burns of the 44 left, so the
stub never runs out). Then which player draws first changes nothing: the
stub is dealt in a random order and neither choice depends on the other's
cards, so the final hands of the two seats are exchangeable. Such a cell
with a > b (class indices) is dealt as its mirror (b, a), with the mirror's
seeds and matchups, and read from the second seat: a rule on the pair alone,
so any slice of a table, any chunking and any resume give the same numbers,
and a table holding both halves deals each pair once.
"""

from __future__ import annotations

import hashlib

from badugi.charts._hands import relabellings

__all__ = ["SEAT_BLIND", "Result", "dealt_pair", "matchups", "unit_seed"]

#: A unit's numbers: equity, std_error, win, tie, samples (deals counted), matchups.
Result = tuple[float, float, float, float, int, int]

#: The table strategies that choose from a player's own cards and discards only, never from what
#: the other player drew: their heads-up cells are their mirrors' deals from the other seat.
SEAT_BLIND = frozenset({"best", "table"})


def unit_seed(seed: int, *key: int) -> int:
    """A unit's Monte Carlo seed, 0..2**64-1, from the table's seed and the unit's numbers."""
    text = ",".join(str(part) for part in (seed, *key)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


def matchups(a: tuple[int, ...], b: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The relabellings of b's suits that share no card with a."""
    return [m for m in relabellings(b) if not set(m) & set(a)]


def dealt_pair(key: tuple[int, int], strategy: str) -> tuple[tuple[int, int], int]:
    """The pair of class indices a Monte Carlo heads-up cell deals, and the seat (0 or 1) it is read from."""
    a, b = key
    if strategy in SEAT_BLIND and a > b:
        return (b, a), 1
    return key, 0
