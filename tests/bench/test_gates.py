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
import pytest

import badugi
from badugi.ranking import lowball
from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, Scale, rank_many_on
from tests.bench.paired import GateRunner
from tests.bench.random_hands import engine_hands, pokerkit_hands

HANDS_A_CALL = 10  # whole hands in each timed call of the hand gate


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


@pytest.mark.parametrize(
    ("scale", "gate"), [("2-7", "lowball_rank_many_27"), ("A-5", "lowball_rank_many_a5")]
)
def test_gate_lowball_rank_many(
    ratio_gate: GateRunner, fives: np.ndarray, bare_lookup: Callable[[], np.ndarray], scale: str, gate: str
) -> None:
    # A five-card low on 1M uint8 hands, against the bare four-card lookup: limit 3x.
    result = ratio_gate(gate, lambda: lowball.rank_many(fives, scale), bare_lookup)
    assert all(r > 0 for r in result.ratios)


@pytest.mark.parametrize(
    ("halves", "gate"),
    [
        ((BADUGI_ACE_HIGH, LOW_27), "rank_many_on_badeucy"),
        ((BADUGI, LOW_A5), "rank_many_on_badacey"),
    ],
)
def test_gate_split_game(
    ratio_gate: GateRunner,
    fives: np.ndarray,
    bare_lookup: Callable[[], np.ndarray],
    halves: tuple[Scale, Scale],
    gate: str,
) -> None:
    # A split game's two halves in one fused call on 1M hands, against the bare
    # four-card lookup: limit 8x.
    result = ratio_gate(gate, lambda: rank_many_on(halves, fives), bare_lookup)
    assert all(r > 0 for r in result.ratios)


@pytest.mark.parametrize(("scale", "gate"), [("2-7", "lowball_rank_ids_27"), ("A-5", "lowball_rank_ids_a5")])
def test_gate_lowball_rank_ids(
    ratio_gate: GateRunner, baseline: Any, five_ids: list[tuple[int, ...]], scale: str, gate: str
) -> None:
    # lowball.rank() on five ids, hand by hand, against one bare cffi call
    # taking five small ints: limit 2x.
    rank, call5 = lowball.rank, baseline.lib.baseline_call5
    result = ratio_gate(
        gate, lambda: [rank(h, scale) for h in five_ids], lambda: [call5(*h) for h in five_ids]
    )
    assert all(r > 0 for r in result.ratios)


def test_gate_hand_against_pokerkit(ratio_gate: GateRunner) -> None:
    # A whole hand of six-seat fixed-limit Badugi by random legal actions (tests/bench/random_hands.py):
    # the engine's Hand against PokerKit 0.7.7 playing the same table by the same policy, 10 hands
    # each a call. The engine took 0.22 of PokerKit's time before a hand cost half, 0.105 after:
    # limit 0.15.
    pokerkit = pytest.importorskip("pokerkit")
    result = ratio_gate(
        "hand_vs_pokerkit",
        lambda: engine_hands(HANDS_A_CALL),
        lambda: pokerkit_hands(pokerkit, HANDS_A_CALL),
    )
    assert all(r > 0 for r in result.ratios)
