"""The gates' timing harness (paired.py) measures what it says."""

from __future__ import annotations

import pytest
from paired import time_paired


def _work(n: int) -> None:
    sum(range(n))


def test_twice_the_work_reads_about_twice() -> None:
    result = time_paired(lambda: _work(40_000), lambda: _work(20_000), rounds=31)
    assert len(result.ratios) == 31
    assert result.calls_per_round == (1, 2)
    assert 1.6 < result.median < 2.5, result.median
    q1, q3 = result.quartiles()
    assert q1 <= result.median <= q3


def test_the_faster_side_is_called_more_often_so_both_halves_last_alike() -> None:
    result = time_paired(lambda: _work(10_000), lambda: _work(40_000), rounds=5)
    assert result.calls_per_round == (4, 1)
    assert 0.15 < result.median < 0.4, result.median


def test_the_json_carries_what_the_report_reads() -> None:
    data = time_paired(lambda: _work(1_000), lambda: _work(1_000), rounds=3).to_json()
    assert data["rounds"] == 3
    assert data["min"] <= data["q1"] <= data["median"] <= data["q3"] <= data["max"]


@pytest.mark.parametrize("rounds", [0, -1])
def test_rounds_must_be_positive(rounds: int) -> None:
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        time_paired(lambda: None, lambda: None, rounds=rounds)
