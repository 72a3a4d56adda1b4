"""The ratio gates of ``engine.Tables``: a step against ``Hand``'s action and against the C floor.

The subject replays a recorded stretch of play: six seats of fixed-limit Badugi, actions drawn
uniformly from each turn's legal ones (as tools/bench_ctables.py draws them), recorded once; each
timed call copies the tables as they were when the stretch began and steps them through it, so
every call does the same work and times ``step`` alone, not the drawing of the actions (the copy
is a twentieth of it). Issue 28 aims at an action in ``Tables`` at most 1/200 of an action in
``Hand``, and a hand at most twice what the library's C Monte Carlo spends dealing, drawing and
ranking the same seats.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi.engine import FixedLimit, Tables
from badugi.equity import equity
from tests.bench.paired import GateRunner
from tests.bench.random_hands import engine_hands

HANDS_A_CALL = 10  # Hand's hands in each timed call of the baseline (as the hand gate)
STEPS = 20  # steps in each timed call of the subject


class Stretch:
    """A stretch of play recorded once: the tables at its start, each step's actions, what it holds."""

    def __init__(self, count: int) -> None:
        tables = Tables(count, 6, FixedLimit(2, 4), blinds=(1, 2), stacks=200, seed=1)
        rng = np.random.default_rng(1)
        for _ in range(40):  # into play: hands of every age, as a long run has
            mask = tables.legal()
            tables.step(np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1))
        self.start = tables.copy()
        self.acts: list[Any] = []
        self.hands = 0
        for _ in range(STEPS):
            mask = tables.legal()
            acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
            self.acts.append(acts)
            self.hands += int(tables.step(acts)[1].sum())
        self.actions = count * STEPS

    def replay(self) -> None:
        tables = self.start.copy()
        for acts in self.acts:
            tables.step(acts)


@pytest.fixture(scope="module")
def hand_actions() -> int:
    """The actions of the baseline's hands: the same every call (they are seeded)."""
    return engine_hands(HANDS_A_CALL)


@pytest.fixture(scope="module")
def stretch(hand_actions: int) -> Stretch:
    # 10 x A tables, 20 steps: 200 x the baseline's A actions, so the gated ratio is 200 times
    # the ratio of an action's cost in Tables to one in Hand.
    return Stretch(10 * hand_actions)


def test_gate_tables_against_hand(ratio_gate: GateRunner, stretch: Stretch, hand_actions: int) -> None:
    assert stretch.actions == 200 * hand_actions
    result = ratio_gate("tables_vs_hand", stretch.replay, lambda: engine_hands(HANDS_A_CALL))
    assert all(r > 0 for r in result.ratios)


def test_gate_tables_against_the_c_floor(ratio_gate: GateRunner, stretch: Stretch) -> None:
    # The floor deals as many hands as the stretch finishes, six seats, three draws (the table
    # strategy's), every hand ranked: the gated ratio is a hand's cost in Tables over the floor's.
    hands = stretch.hands
    assert hands > 1000

    def floor() -> None:
        equity([[]] * 6, draws=3, strategy="table", samples=hands, seed=1, threads=1)

    result = ratio_gate("tables_vs_floor", stretch.replay, floor)
    assert all(r > 0 for r in result.ratios)
