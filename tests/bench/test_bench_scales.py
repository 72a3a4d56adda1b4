"""Speed of the five-card scales beside their baselines (run with --benchmark-enable).

The batch baseline is the bare four-card table lookup of test_bench_evaluator;
the scalar baseline is a bare cffi call taking five small ints (conftest.py).
The gates on these figures are timed in test_gates.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi.ranking import lowball
from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, rank_many_on


def test_baseline_cffi_call5(benchmark: Any, baseline: Any, five_ids: list[tuple[int, ...]]) -> None:
    call5 = baseline.lib.baseline_call5
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
