"""Time a subject and its baseline in one loop, so that noise hits both alike.

A ratio gate compares two code paths measured in the same run. Timed by two
separate benchmarks, seconds apart, a burst of load from another process can
slow one and not the other, and the ratio then moves with the load rather than
with the code. Here each round times the baseline and the subject back to back:

- each side is called as often as makes both halves of the round last about as
  long, so a burst is as likely to land in either;
- which side goes first alternates, so neither always runs on the cache the
  other left;
- the clock is the process's CPU time, so time spent waiting for the core while
  another process runs is not counted (cache misses and stalls still are).

The gate reads the median of the per-round ratios: a burst that lands in one
round moves that round's ratio only, and the median ignores it. The median is
not an optimistic pick either, as the minimum of the ratios would be (it keeps
the one round where a burst slowed only the baseline).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ROUNDS = 201
WARMUP_ROUNDS = 5
MAX_CALLS_PER_ROUND = 100


@dataclass(frozen=True)
class PairedRatios:
    """Per-round ratios of subject time to baseline time, timed in one loop."""

    ratios: tuple[float, ...]
    subject_ns: tuple[float, ...]  # per call, one per round
    baseline_ns: tuple[float, ...]
    calls_per_round: tuple[int, int]  # subject, baseline

    @property
    def median(self) -> float:
        """The gated figure: the median of the per-round ratios."""
        return statistics.median(self.ratios)

    def quartiles(self) -> tuple[float, float]:
        """The first and third quartiles of the per-round ratios."""
        if len(self.ratios) < 2:
            return self.ratios[0], self.ratios[0]
        q1, _, q3 = statistics.quantiles(self.ratios, n=4, method="inclusive")
        return q1, q3

    def to_json(self) -> dict[str, Any]:
        """What tools/bench_report.py reads from the benchmark JSON."""
        q1, q3 = self.quartiles()
        return {
            "median": self.median,
            "q1": q1,
            "q3": q3,
            "min": min(self.ratios),
            "max": max(self.ratios),
            "rounds": len(self.ratios),
            "calls_per_round": list(self.calls_per_round),
            "subject_median_ns": statistics.median(self.subject_ns),
            "baseline_median_ns": statistics.median(self.baseline_ns),
        }


# What the ``ratio_gate`` fixture (tests/bench/conftest.py) hands a gate:
# gate name, subject, baseline -> the recorded ratios.
GateRunner = Callable[[str, Callable[[], object], Callable[[], object]], PairedRatios]


# CPU time of this process, not wall time: while another process holds the
# core, this one waits, and that wait is no cost of the code being timed. Work
# on other threads counts too. Where the CPU-time clock is coarse (Windows
# reads it in 15.6 ms steps), wall time is the better of two poor choices.
_clock = (
    time.process_time_ns if time.get_clock_info("process_time").resolution <= 1e-6 else time.perf_counter_ns
)


def _time_per_call_ns(call: Callable[[], object], repeats: int) -> float:
    start = _clock()
    for _ in range(repeats):
        call()
    # A zero reading (a coarse clock) would divide by zero later: count it as 1 ns.
    return max(_clock() - start, 1) / repeats


def _calls_per_round(subject: Callable[[], object], baseline: Callable[[], object]) -> tuple[int, int]:
    """How often to call each side per round so that both halves last about as long.

    A burst of load is then as likely to land in either half, so the per-round
    ratios scatter evenly around the true one; with one call each, the slower
    side would be hit more often and the median would drift up with the load.
    """
    s = min(_time_per_call_ns(subject, 1) for _ in range(3))
    b = min(_time_per_call_ns(baseline, 1) for _ in range(3))
    if s >= b:
        return 1, min(MAX_CALLS_PER_ROUND, round(s / b))
    return min(MAX_CALLS_PER_ROUND, round(b / s)), 1


def time_paired(
    subject: Callable[[], object],
    baseline: Callable[[], object],
    *,
    rounds: int = ROUNDS,
    warmup_rounds: int = WARMUP_ROUNDS,
) -> PairedRatios:
    """Time ``subject`` and ``baseline`` back to back, round after round.

    Each call should do enough work to take tens of microseconds at least (a
    loop over many hands), so the timer's own cost is lost in it.
    """
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    subject_calls, baseline_calls = _calls_per_round(subject, baseline)
    subject_ns: list[float] = []
    baseline_ns: list[float] = []
    for i in range(warmup_rounds + rounds):
        if i % 2:
            s = _time_per_call_ns(subject, subject_calls)
            b = _time_per_call_ns(baseline, baseline_calls)
        else:
            b = _time_per_call_ns(baseline, baseline_calls)
            s = _time_per_call_ns(subject, subject_calls)
        if i >= warmup_rounds:
            subject_ns.append(s)
            baseline_ns.append(b)
    ratios = tuple(s / b for s, b in zip(subject_ns, baseline_ns, strict=True))
    return PairedRatios(ratios, tuple(subject_ns), tuple(baseline_ns), (subject_calls, baseline_calls))
