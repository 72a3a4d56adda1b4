"""Baselines compiled for the benchmarks, and the data they share.

The ratios in the README compare badugi with the floor of what is possible on
the same machine in the same run: a bare C loop that looks up a uint16 table
at precomputed indices, and one bare cffi call with four small ints. Both are
compiled here with cffi, so they pay exactly the costs badugi pays.
"""

from __future__ import annotations

import importlib.util
import sys
from math import comb
from typing import Any

import numpy as np
import pytest
from cffi import FFI

import badugi

BASELINE_CDEF = """
int baseline_call4(uint8_t a, uint8_t b, uint8_t c, uint8_t d);
void baseline_lookup(const uint16_t *table, const uint32_t *index, size_t n, uint16_t *out);
"""

BASELINE_SOURCE = """
#include <stddef.h>
#include <stdint.h>
/* The cheapest possible scalar call: four small ints in, one int out. */
int baseline_call4(uint8_t a, uint8_t b, uint8_t c, uint8_t d) { return a + b + c + d + 1; }
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
    tmp = tmp_path_factory.mktemp("baseline")
    path = ffi.compile(tmpdir=str(tmp), verbose=False)
    spec = importlib.util.spec_from_file_location("_badugi_bench_baseline", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_badugi_bench_baseline"] = module
    spec.loader.exec_module(module)
    return module


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
def scalar_text(scalar_ids: list[tuple[int, ...]]) -> list[str]:
    return [" ".join(badugi.card_str(c) for c in ids) for ids in scalar_ids]
