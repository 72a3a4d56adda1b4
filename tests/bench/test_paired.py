"""The gates' timing harness (paired.py) measures what it says."""

from __future__ import annotations

import pytest

from tests.bench import paired
from tests.bench.paired import time_paired


class FakeClock:
    """A clock that only the work below moves: the harness's arithmetic is tested, not this machine."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now

    def work(self, ns: int) -> None:
        self.now += ns


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(paired, "_clock", fake)
    return fake


def _work(n: int) -> None:
    sum(range(n))


def test_twice_the_work_reads_exactly_twice(clock: FakeClock) -> None:
    result = time_paired(lambda: clock.work(40_000), lambda: clock.work(20_000), rounds=31)
    assert len(result.ratios) == 31
    assert result.calls_per_round == (1, 2)
    assert result.median == 2.0
    assert result.quartiles() == (2.0, 2.0)


def test_the_faster_side_is_called_more_often_so_both_halves_last_alike(clock: FakeClock) -> None:
    result = time_paired(lambda: clock.work(10_000), lambda: clock.work(40_000), rounds=5)
    assert result.calls_per_round == (4, 1)
    assert result.median == 0.25


def test_twice_the_work_reads_about_twice_on_this_machine() -> None:
    # The real clock, with a generous band: a smoke test that the clock is wired in.
    result = time_paired(lambda: _work(40_000), lambda: _work(20_000), rounds=31)
    assert 1.2 < result.median < 3.5, result.median


def test_the_json_carries_what_the_report_reads() -> None:
    data = time_paired(lambda: _work(1_000), lambda: _work(1_000), rounds=3).to_json()
    assert data["rounds"] == 3
    assert data["min"] <= data["q1"] <= data["median"] <= data["q3"] <= data["max"]


@pytest.mark.parametrize("rounds", [0, -1])
def test_rounds_must_be_positive(rounds: int) -> None:
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        time_paired(lambda: None, lambda: None, rounds=rounds)
