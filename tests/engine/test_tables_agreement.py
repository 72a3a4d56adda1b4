"""Every hand ``Tables`` plays replays through ``Hand.replay`` to the same history, event by event."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi.engine import FixedLimit
from badugi.engine.tables import Tables
from badugi.games import BADACEY, BADEUCY
from tests.engine.tables_play import check_against_hand

# Seats, games, forced bets and the burn option: each a table set of its own.
SETTINGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 6},
    {"players": 8},
    {"players": 6, "game": BADEUCY},
    {"players": 3, "game": BADACEY, "ante": 1},
    {"players": 5, "blinds": None, "ante": 2},
    {"players": 4, "burn": False},
    {"players": 8, "game": BADEUCY, "stacks": 300},
]


def _play(hands_each: int, seed: int) -> int:
    played = 0
    for number, settings in enumerate(SETTINGS):
        tables = Tables(32, structure=FixedLimit(2, 4), seed=seed + number, **settings)
        played += check_against_hand(tables, hands_each, seed + number)
    return played


def test_ten_thousand_random_hands_replay_event_by_event() -> None:
    assert _play(1250, seed=11) >= 10_000


# 40,000 more hands (5,000 a table set; --agreement-hands sets it, and bash .ci/agreement plays a
# million), a test a table set so that the slow run spreads them over its workers (one test of
# 100,000 took 747 s of one core here: most of it Hand.replay, the reference).
@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(SETTINGS)))
def test_more_random_hands_replay_event_by_event(number: int, request: pytest.FixtureRequest) -> None:
    hands = request.config.getoption("agreement_hands")
    assert isinstance(hands, int)  # a positive int: the option's own check (tests/conftest.py)
    tables = Tables(32, structure=FixedLimit(2, 4), seed=1_000 + number, **SETTINGS[number])
    assert check_against_hand(tables, hands, 1_000 + number) >= hands


def test_the_random_hands_reach_the_rare_paths() -> None:
    """Reshuffles, split pots and folds to a bet all happen in the hands the agreement plays."""
    tables = Tables(64, 8, FixedLimit(2, 4), seed=5, game=BADEUCY, stacks=300)
    rng = np.random.default_rng(5)
    seen: set[str] = set()
    for _ in range(20_000):
        if {"reshuffle", "split", "no showdown"} <= seen:
            break
        mask = tables.legal()
        acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
        _, done = tables.step(acts)
        for table in np.flatnonzero(done):
            history = tables.history(int(table))
            kinds = {item["event"] for item in history}
            seen |= kinds & {"reshuffle"}
            if "showdown" not in kinds:
                seen.add("no showdown")
            elif any(len(pot["winners"]) > 1 for pot in history[-2]["pots"]):
                seen.add("split")
    assert seen == {"reshuffle", "split", "no showdown"}
