"""Speed of the heads-up matrix (run with --benchmark-enable): the C batch against the old Python loop.

The baseline is the loop the C batch replaced (tests/charts/heads_up_reference.py):
one ``Spot.monte_carlo`` call into C per matchup, the threads sharing only
that matchup's chunks. Both deal the very same cells, the very same deals
(a test holds the numbers equal to the last bit): 200 cells of the
three-draw matrix, 1,000 deals each, a < b so no cell is a mirror of
another. A square matrix, both halves of each pair in one chunk, shows what
the mirrors save on top. Each records its cells, so tools/bench_report.py
prints the time per cell and the ratios. Wall time, not CPU time: what the
threads buy is the point. No gate: the figures are for reading.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from badugi.charts import canonical_hands
from badugi.charts._jobs import HEADS_UP, Job, run_chunk
from badugi.charts._matrix import monte_carlo_cells
from tests.charts.heads_up_reference import reference_cell, with_ids

CELLS = 200
SAMPLES = 1000
DRAWS = 3
ROUNDS = 3
#: The 15 x 15 square: 225 cells, 120 pairs dealt with the mirrors.
SQUARE = sorted(random.Random(2).sample(range(16_432), 15))


def _keys() -> list[tuple[int, int]]:
    """200 cells spread over the table, each with its lower class index first (dealt as it is)."""
    rng = random.Random(1)
    keys = []
    while len(keys) < CELLS:
        a, b = sorted(rng.sample(range(16_432), 2))
        keys.append((a, b))
    return keys


@pytest.fixture(scope="module")
def keys() -> list[tuple[int, int]]:
    canonical_hands()  # built once, not timed
    monte_carlo_cells(with_ids([(0, 1)]), DRAWS, "best", 10, 1, 1)  # the draw-value tables too
    return _keys()


@pytest.mark.parametrize("threads", [1, 2])
def test_heads_up_cells_python_loop(benchmark: Any, keys: list[tuple[int, int]], threads: int) -> None:
    benchmark.extra_info["hands"] = CELLS
    cells = benchmark.pedantic(
        lambda: [reference_cell(a, b, DRAWS, SAMPLES, 7, threads) for a, b in keys], rounds=ROUNDS
    )
    assert len(cells) == CELLS


@pytest.mark.parametrize("threads", [1, 2])
def test_heads_up_cells_c_batch(benchmark: Any, keys: list[tuple[int, int]], threads: int) -> None:
    benchmark.extra_info["hands"] = CELLS
    cells = benchmark.pedantic(
        lambda: monte_carlo_cells(with_ids(keys), DRAWS, "best", SAMPLES, 7, threads), rounds=ROUNDS
    )
    assert cells[:3] == [reference_cell(a, b, DRAWS, SAMPLES, 7) for a, b in keys[:3]]


def _square_job() -> Job:
    return Job(
        HEADS_UP,
        draws=DRAWS,
        strategy="best",
        samples=SAMPLES,
        seed=7,
        hands_a=SQUARE,
        hands_b=SQUARE,
        chunk_size=len(SQUARE) ** 2,
    )


@pytest.mark.parametrize("threads", [1, 2])
def test_heads_up_square_python_loop(benchmark: Any, keys: list[tuple[int, int]], threads: int) -> None:
    # Every one of the 225 cells dealt as it is, as before the mirrors.
    benchmark.extra_info["hands"] = len(SQUARE) ** 2
    cells = benchmark.pedantic(
        lambda: [reference_cell(a, b, DRAWS, SAMPLES, 7, threads) for a in SQUARE for b in SQUARE],
        rounds=ROUNDS,
    )
    assert len(cells) == len(SQUARE) ** 2


@pytest.mark.parametrize("threads", [1, 2])
def test_heads_up_square_c_batch(benchmark: Any, keys: list[tuple[int, int]], threads: int) -> None:
    # The same 225 cells as one chunk: each pair dealt once, its mirror read from the other seat.
    benchmark.extra_info["hands"] = len(SQUARE) ** 2
    job = _square_job()
    _, cells = benchmark.pedantic(lambda: run_chunk(job.task(0, threads)), rounds=ROUNDS)
    assert len(cells) == len(SQUARE) ** 2
