"""Speed of the five-card scales beside their baselines (run with --benchmark-enable).

The batch baseline is the bare four-card table lookup of test_bench_evaluator;
the scalar baseline is a bare cffi call taking five small ints, compiled here.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

import numpy as np
import pytest
from cffi import FFI

from badugi import lowball
from badugi.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, rank_many_on

BATCH = 1_000_000
SCALAR = 1_000


@pytest.fixture(scope="module")
def call5(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A bare cffi function of five small ints, compiled like badugi's own."""
    ffi = FFI()
    ffi.cdef("int baseline_call5(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e);")
    ffi.set_source(
        "_badugi_bench_call5",
        "#include <stdint.h>\n"
        "int baseline_call5(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e)"
        " { return a + b + c + d + e + 1; }\n",
    )
    path = ffi.compile(tmpdir=str(tmp_path_factory.mktemp("call5")), verbose=False)
    spec = importlib.util.spec_from_file_location("_badugi_bench_call5", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_badugi_bench_call5"] = module
    spec.loader.exec_module(module)
    return module.lib.baseline_call5


@pytest.fixture(scope="module")
def fives() -> np.ndarray:
    """1M random valid five-card hands, (N, 5) uint8."""
    rng = np.random.default_rng(5)
    return np.argpartition(rng.random((BATCH, 52), dtype=np.float32), 5, axis=1)[:, :5].astype(np.uint8)


@pytest.fixture(scope="module")
def five_ids(fives: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(row) for row in fives[:SCALAR].tolist()]


def test_baseline_cffi_call5(benchmark: Any, call5: Any, five_ids: list[tuple[int, ...]]) -> None:
    benchmark.extra_info["hands"] = len(five_ids)
    benchmark(lambda: [call5(*h) for h in five_ids])


@pytest.mark.parametrize("scale", ["2-7", "A-5"])
def test_lowball_rank_ids(benchmark: Any, scale: str, five_ids: list[tuple[int, ...]]) -> None:
    rank = lowball.rank
    benchmark.extra_info["hands"] = len(five_ids)
    result = benchmark(lambda: [rank(h, scale) for h in five_ids])
    assert result == lowball.rank_many(five_ids, scale).tolist()


@pytest.mark.parametrize("scale", ["2-7", "A-5"])
def test_lowball_rank_many(benchmark: Any, scale: str, fives: np.ndarray) -> None:
    benchmark.extra_info["hands"] = len(fives)
    result = benchmark(lowball.rank_many, fives, scale)
    assert result[:500].tolist() == [lowball.rank(h, scale) for h in fives[:500].tolist()]


@pytest.mark.parametrize("game", ["badeucy", "badacey"], ids=["badeucy", "badacey"])
def test_rank_many_on_split(benchmark: Any, game: str, fives: np.ndarray) -> None:
    chosen = [BADUGI_ACE_HIGH, LOW_27] if game == "badeucy" else [BADUGI, LOW_A5]
    benchmark.extra_info["hands"] = len(fives)
    result = benchmark(rank_many_on, chosen, fives)
    for j, scale in enumerate(chosen):
        assert result[:500, j].tolist() == [scale.rank(h) for h in fives[:500].tolist()]


@pytest.mark.parametrize("scale", [BADUGI, BADUGI_ACE_HIGH], ids=["aces-low", "aces-high"])
def test_badugi_of_five_rank_many(benchmark: Any, scale: Any, fives: np.ndarray) -> None:
    benchmark.extra_info["hands"] = len(fives)
    benchmark(scale.rank_many, fives)
