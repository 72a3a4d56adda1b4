"""The heads-up cell as it was computed before issue 17 part 3: a Python loop, one C call per matchup.

A test-only copy of the loop the C batch (``badugi_heads_up_monte_carlo``,
``badugi.charts._matrix``) replaced, kept as the reference it must equal to
the last bit: each matchup ``j`` of a's representative against b's
relabellings gets ``ceil(samples / k)`` deals from ``unit_seed(seed, a, b, j)``
through ``Spot.monte_carlo``, and the cell averages them.
"""

from __future__ import annotations

import math

from badugi.charts._hands import representative_ids
from badugi.charts._pairs import Result, matchups, unit_seed
from badugi.equity._run import BEST, KEEP_BY_STRATEGY, Spot


def reference_cell(  # noqa: PLR0917 - one cell's whole description
    a_index: int, b_index: int, draws: int, samples: int, seed: int, threads: int = 1
) -> Result:
    """Cell (a, b) dealt as it is, a drawing first, by the old loop."""
    a, b = representative_ids(a_index), representative_ids(b_index)
    found = matchups(a, b)
    if not found:
        nan = math.nan
        return (nan, nan, nan, nan, 0, 0)
    each = -(-samples // len(found))
    equity = win = tie = variance = 0.0
    for j, other in enumerate(found):
        spot = Spot([list(a), list(other)], draws, [], [KEEP_BY_STRATEGY] * 2, [BEST] * 2, relabel_suits=True)
        sums = spot.monte_carlo(each, unit_seed(seed, a_index, b_index, j), threads)
        equity += sums.equity(0)
        win += sums.win[0] / each
        tie += sums.tie[0] / each
        variance += sums.std_error(0) ** 2
    k = len(found)
    return (equity / k, math.sqrt(variance) / k, win / k, tie / k, each * k, k)


def with_ids(keys: list[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[tuple[int, ...], ...]]]:
    """Cells as ``monte_carlo_cells`` takes them: each pair of class indices with its representatives."""
    return [(key, (representative_ids(key[0]), representative_ids(key[1]))) for key in keys]
