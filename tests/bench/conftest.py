"""Baselines compiled for the benchmarks, the data they share, and the ratio gates.

The ratios in the README compare badugi with the floor of what is possible on
the same machine in the same run: a bare C loop that looks up a uint16 table
at precomputed indices, and one bare cffi call with four small ints. Both are
compiled here with cffi, so they pay exactly the costs badugi pays.

The gates (tests/bench/test_gates.py) time badugi and its baseline in one loop
through the ``ratio_gate`` fixture; their ratios go into the
``--benchmark-json`` file, where tools/bench_report.py judges them.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

import numpy as np
import pytest
from cffi import FFI

import badugi
from tests.bench.paired import GateRunner, PairedRatios, time_paired
from tests.c_harness import compile_module

BASELINE_CDEF = """
int baseline_call4(uint8_t a, uint8_t b, uint8_t c, uint8_t d);
int baseline_call5(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e);
void baseline_lookup(const uint16_t *table, const uint32_t *index, size_t n, uint16_t *out);
"""

BASELINE_SOURCE = """
#include <stddef.h>
#include <stdint.h>
/* The cheapest possible scalar call: four small ints in, one int out. */
int baseline_call4(uint8_t a, uint8_t b, uint8_t c, uint8_t d) { return a + b + c + d + 1; }
/* The same with five ints, the floor for five-card hands. */
int baseline_call5(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e) { return a + b + c + d + e + 1; }
/* The cheapest possible batch: one table load per hand, the index given. */
void baseline_lookup(const uint16_t *table, const uint32_t *index, size_t n, uint16_t *out)
{
    for (size_t i = 0; i < n; i++) {
        out[i] = table[index[i]];
    }
}
"""

BATCH = 1_000_000
SCALAR = 1_000


@pytest.fixture(scope="session")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The compiled baseline module (lib)."""
    ffi = FFI()
    ffi.cdef(BASELINE_CDEF)
    ffi.set_source("_badugi_bench_baseline", BASELINE_SOURCE)
    return compile_module(ffi, "_badugi_bench_baseline", tmp_path_factory.mktemp("baseline"))


@pytest.fixture(scope="session")
def batch() -> np.ndarray:
    """1M random valid hands, (N, 4) uint8."""
    rng = np.random.default_rng(1)
    # Four distinct ids per row: rejection-free via argpartition of random keys.
    return np.argpartition(rng.random((BATCH, 52), dtype=np.float32), 4, axis=1)[:, :4].astype(np.uint8)


@pytest.fixture(scope="session")
def batch_index(batch: np.ndarray) -> np.ndarray:
    """Colex index of each hand in the batch, for the bare-lookup baseline."""
    s = np.sort(batch.astype(np.uint32), axis=1)
    choose = [np.array([comb(n, k) for n in range(52)], dtype=np.uint32) for k in (1, 2, 3, 4)]
    return choose[0][s[:, 0]] + choose[1][s[:, 1]] + choose[2][s[:, 2]] + choose[3][s[:, 3]]


@pytest.fixture(scope="session")
def scalar_ids(batch: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(row) for row in batch[:SCALAR].tolist()]


@pytest.fixture(scope="session")
def fives() -> np.ndarray:
    """1M random valid five-card hands, (N, 5) uint8."""
    rng = np.random.default_rng(5)
    return np.argpartition(rng.random((BATCH, 52), dtype=np.float32), 5, axis=1)[:, :5].astype(np.uint8)


@pytest.fixture(scope="session")
def five_ids(fives: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(row) for row in fives[:SCALAR].tolist()]


@pytest.fixture(scope="session")
def scalar_text(scalar_ids: list[tuple[int, ...]]) -> list[str]:
    return [" ".join(badugi.card_str(c) for c in ids) for ids in scalar_ids]


@pytest.fixture(scope="session")
def bare_lookup(baseline: Any, batch_index: np.ndarray) -> Callable[[], np.ndarray]:
    """The bare C loop over the batch: one load of a random uint16 table per hand.

    Returns a callable that runs it and returns its output array (refilled on
    every call).
    """
    ffi, lib = baseline.ffi, baseline.lib
    table = np.random.default_rng(2).integers(1, 1093, size=270_725, dtype=np.uint16)
    out = np.empty(len(batch_index), dtype=np.uint16)
    table_c = ffi.from_buffer("uint16_t[]", table)
    index_c = ffi.from_buffer("uint32_t[]", batch_index)
    out_c = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def run() -> np.ndarray:
        lib.baseline_lookup(table_c, index_c, len(batch_index), out_c)
        return out

    run()
    assert np.array_equal(out, table[batch_index])
    return run


_GATES = pytest.StashKey[dict[str, PairedRatios]]()


def _benchmarks_enabled(config: pytest.Config) -> bool:
    # pyproject's addopts disable benchmarks; --benchmark-enable turns them on.
    return bool(config.getoption("benchmark_enable")) or not config.getoption("benchmark_disable")


@pytest.fixture
def ratio_gate(request: pytest.FixtureRequest) -> GateRunner:
    """Time a subject against its baseline in one loop and record it under a gate's name.

    With benchmarks enabled it runs the full paired timing (tests/bench/paired.py)
    and records the ratios for the ``--benchmark-json`` file. In the plain test
    run (benchmarks disabled) it times three rounds, which proves both sides run,
    and records nothing: no figure is judged from a run that was not a benchmark.
    """
    config = request.config

    def run(name: str, subject: Callable[[], object], baseline: Callable[[], object]) -> PairedRatios:
        if not _benchmarks_enabled(config):
            return time_paired(subject, baseline, rounds=3, warmup_rounds=0)
        recorded = config.stash.setdefault(_GATES, {})
        assert name not in recorded, f"two gates are named {name!r}"
        recorded[name] = time_paired(subject, baseline)
        return recorded[name]

    return run


def pytest_benchmark_update_json(config: pytest.Config, output_json: dict[str, Any]) -> None:
    """Add every gate's paired ratios to the ``--benchmark-json`` file."""
    output_json["gates"] = {name: r.to_json() for name, r in config.stash.get(_GATES, {}).items()}
