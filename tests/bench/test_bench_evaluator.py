"""Side-by-side speed of badugi and its baselines (run with --benchmark-enable).

Each benchmark records how many hands one round ranks, so
tools/bench_report.py can print ns per hand and the ratios.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import badugi
from badugi.references import badugi4 as reference


def test_reference(benchmark: Any, scalar_ids: list[tuple[int, ...]]) -> None:
    hands = scalar_ids[:100]
    benchmark.extra_info["hands"] = len(hands)
    result = benchmark(lambda: [reference.rank(h) for h in hands])
    assert result == [badugi.rank(h) for h in hands]


def test_baseline_cffi_call(benchmark: Any, baseline: Any, scalar_ids: list[tuple[int, ...]]) -> None:
    call4 = baseline.lib.baseline_call4
    benchmark.extra_info["hands"] = len(scalar_ids)
    benchmark(lambda: [call4(*h) for h in scalar_ids])


def test_rank_ids(benchmark: Any, scalar_ids: list[tuple[int, ...]]) -> None:
    rank = badugi.rank
    benchmark.extra_info["hands"] = len(scalar_ids)
    result = benchmark(lambda: [rank(h) for h in scalar_ids])
    assert result == [reference.rank_ids(h) for h in scalar_ids]


def test_rank_string(benchmark: Any, scalar_text: list[str]) -> None:
    rank = badugi.rank
    benchmark.extra_info["hands"] = len(scalar_text)
    result = benchmark(lambda: [rank(h) for h in scalar_text])
    assert result == [badugi.rank(t) for t in scalar_text]


def test_baseline_bare_lookup(benchmark: Any, bare_lookup: Callable[[], np.ndarray]) -> None:
    # The fixture checked its output against numpy's fancy indexing.
    benchmark.extra_info["hands"] = len(bare_lookup())
    benchmark(bare_lookup)


def test_rank_many(benchmark: Any, batch: np.ndarray) -> None:
    benchmark.extra_info["hands"] = len(batch)
    result = benchmark(badugi.rank_many, batch)
    assert np.array_equal(result[:1000], [badugi.rank(h) for h in batch[:1000].tolist()])


def test_rank_many_int64(benchmark: Any, batch: np.ndarray) -> None:
    # numpy's default integer dtype: 8 bytes an id, checked and narrowed in C.
    wide = batch.astype(np.int64)
    benchmark.extra_info["hands"] = len(wide)
    result = benchmark(badugi.rank_many, wide)
    assert np.array_equal(result, badugi.rank_many(batch))


def _run_python(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("what", ["python", "import_badugi"])
def test_startup(benchmark: Any, what: str) -> None:
    code = "pass" if what == "python" else "import badugi"
    benchmark.extra_info["hands"] = 1
    benchmark.pedantic(_run_python, args=(code,), rounds=15, warmup_rounds=2)
