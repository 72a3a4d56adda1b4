"""Time a subject and its baseline in one loop, so that noise hits both alike.

A ratio gate compares two code paths measured in the same run. Timed by two
separate benchmarks, seconds apart, a burst of load from another process can
slow one and not the other, and the ratio then moves with the load rather than
with the code. Here every round times the baseline and the subject back to back
(which of the two goes first alternates, so neither always runs on the cache the
other left), and the gate reads the median of the per-round ratios: a burst that
lands in one round moves that round's ratio only, and the median ignores it.
The median is not an optimistic pick either, as a minimum of ratios would be.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ROUNDS = 201
WARMUP_ROUNDS = 5


@dataclass(frozen=True)
class PairedRatios:
    """Per-round ratios of subject time to baseline time, timed in one loop."""

    ratios: tuple[float, ...]
    subject_ns: tuple[int, ...]
    baseline_ns: tuple[int, ...]

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
            "subject_median_ns": statistics.median(self.subject_ns),
            "baseline_median_ns": statistics.median(self.baseline_ns),
        }


# What the ``ratio_gate`` fixture (tests/bench/conftest.py) hands a gate:
# gate name, subject, baseline -> the recorded ratios.
GateRunner = Callable[[str, Callable[[], object], Callable[[], object]], PairedRatios]


def _time_ns(call: Callable[[], object]) -> int:
    start = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - start


def time_paired(
    subject: Callable[[], object],
    baseline: Callable[[], object],
    *,
    rounds: int = ROUNDS,
    warmup_rounds: int = WARMUP_ROUNDS,
) -> PairedRatios:
    """Time ``subject`` and ``baseline`` once each per round, back to back.

    Each call should do enough work to take tens of microseconds at least (a
    loop over many hands), so the timer's own cost is lost in it.
    """
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    subject_ns: list[int] = []
    baseline_ns: list[int] = []
    for i in range(warmup_rounds + rounds):
        if i % 2:
            s = _time_ns(subject)
            b = _time_ns(baseline)
        else:
            b = _time_ns(baseline)
            s = _time_ns(subject)
        if i >= warmup_rounds:
            subject_ns.append(s)
            baseline_ns.append(b)
    # A zero reading (a coarse clock) would divide by zero: count it as 1 ns.
    ratios = tuple(s / max(b, 1) for s, b in zip(subject_ns, baseline_ns, strict=True))
    return PairedRatios(ratios, tuple(subject_ns), tuple(baseline_ns))
