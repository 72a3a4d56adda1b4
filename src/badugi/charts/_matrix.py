"""A chunk's Monte Carlo heads-up cells, every matchup of them dealt in one call into C.

Each cell is the pair ``dealt_pair`` says (itself, or its mirror read from
the other seat, whose matchups it reports as its own), each pair dealt once
however many cells read it. The representatives' ids come with the cells,
as a task carries them, so a worker needs no table of starting hands. A pair's
matchups each get ``ceil(samples / k)`` deals with the seed
``unit_seed(seed, a, b, j)``, the deals of a call per matchup; the C call
spreads them over the threads by (matchup, chunk of deals), so the integer
sums, and so every number, are the same for any number of threads. The
numbers are then averaged here, in the order and with the arithmetic of
one ``Spot.monte_carlo`` per matchup, to the last bit.
"""

from __future__ import annotations

import math

from badugi.charts._pairs import Result, dealt_pair, matchups, unit_seed
from badugi.equity._args import NAMED_STRATEGIES
from badugi.equity._run import HEADS_UP_SUMS, heads_up_runs, mean_share, share_error

__all__ = ["monte_carlo_cells"]

#: A cell's two representatives' ids, a's then b's, as a task carries them.
Hands = tuple[tuple[int, ...], ...]


def monte_carlo_cells(  # noqa: PLR0917 - a chunk's whole description
    units: list[tuple[tuple[int, int], Hands]],
    draws: int,
    strategy: str,
    samples: int,
    seed: int,
    threads: int,
) -> list[Result]:
    """The numbers of the cells ``units`` (class indices and representatives' ids), in order."""
    plan = [dealt_pair(key, strategy) for key, _ in units]
    first: dict[tuple[int, int], tuple[int, int]] = {}  # pair -> (its first run, its matchups)
    cards: list[int] = []
    seeds: list[int] = []
    deals: list[int] = []
    for (key, ids), (pair, _) in zip(units, plan, strict=True):
        if pair in first:
            continue
        a, b = ids if pair == key else ids[::-1]  # a mirror deals b's representative first
        found = matchups(a, b)
        first[pair] = (len(seeds), len(found))
        each = -(-samples // len(found)) if found else 0
        for j, other in enumerate(found):
            cards += (*a, *other)
            seeds.append(unit_seed(seed, *pair, j))
            deals.append(each)
    sums = heads_up_runs(cards, seeds, deals, draws, NAMED_STRATEGIES[strategy], threads)
    return [
        _cell(sums, *first[pair], seat, first[pair][1] if pair == key else len(matchups(*ids)))
        for (key, ids), (pair, seat) in zip(units, plan, strict=True)
    ]


def _cell(sums: list[int], start: int, k: int, seat: int, own: int) -> Result:
    """A cell's numbers from its pair's k runs (from ``start``), read from one seat."""
    if k == 0:
        nan = math.nan
        return (nan, nan, nan, nan, 0, 0)
    equity = win = tie = variance = 0.0
    each = 0
    for run in range(start, start + k):
        base = HEADS_UP_SUMS * run
        each = sums[base]
        won, tied, share, share_sq = sums[base + 1 + 4 * seat : base + 5 + 4 * seat]
        equity += mean_share(share, each)
        win += won / each
        tie += tied / each
        variance += share_error(share, share_sq, each) ** 2
    return (equity / k, math.sqrt(variance) / k, win / k, tie / k, each * k, own)
