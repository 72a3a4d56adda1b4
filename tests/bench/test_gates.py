"""The ratio gates: badugi against the floor of what is possible, timed in one loop.

Each gate times its subject and its baseline round by round in one loop
(paired.py), so load from other processes slows both alike, and records the
per-round ratios; tools/bench_report.py fails the run when a gate's median
ratio passes its limit. To add a gate, see that file's docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from paired import GateRunner

import badugi


def test_gate_rank_many(
    ratio_gate: GateRunner, batch: np.ndarray, bare_lookup: Callable[[], np.ndarray]
) -> None:
    # rank_many on 1M uint8 hands, against a C loop that only loads a table
    # slot per hand at a precomputed index: limit 3x.
    result = ratio_gate("rank_many", lambda: badugi.rank_many(batch), bare_lookup)
    assert all(r > 0 for r in result.ratios)


def test_gate_rank_ids(ratio_gate: GateRunner, baseline: Any, scalar_ids: list[tuple[int, ...]]) -> None:
    # rank() on four ids, hand by hand, against one bare cffi call taking
    # four small ints: limit 2x.
    rank, call4 = badugi.rank, baseline.lib.baseline_call4
    result = ratio_gate(
        "rank_ids", lambda: [rank(h) for h in scalar_ids], lambda: [call4(*h) for h in scalar_ids]
    )
    assert all(r > 0 for r in result.ratios)
