"""Every hand ``Tables`` plays replays through ``Hand.replay`` to the same history, event by event."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from badugi.engine import FixedLimit, HalfPotLimit, PotLimit
from badugi.engine.tables import Tables
from badugi.games import BADACEY, BADEUCY
from tests.engine.tables_play import check_against_hand, random_legal

# Seats, games, forced bets, the burn option, the deal and stacks: each a table set of its own
# (three deal as Hand(seed=s) does, the others with the fast deal, the default). The short
# stacks (SHORT) go all in on the blinds, the antes, calls and raises: side pots, chips that go
# back, all-ins for less that do or do not reopen the betting (both rules), rounds that nobody can
# bet in. The carried stacks start each hand where the last left them, and every seat afresh
# once one is short. The last five play the pot limits, each bet of the menu (the least, half the
# pot, the pot) at random, deep and short, with blinds or antes; in the last the big blind is often
# all in for less than itself, and the bet to match is still the whole blind.
SETTINGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 6, "deal": "hand"},
    {"players": 8},
    {"players": 6, "game": BADEUCY},
    {"players": 3, "game": BADACEY, "ante": 1},
    {"players": 5, "blinds": None, "ante": 2},
    {"players": 4, "burn": False},
    {"players": 8, "game": BADEUCY, "stacks": 300, "deal": "hand"},
    {"players": 6, "stacks": (3, 7, 12, 20, 9, 1)},
    {"players": 5, "game": BADEUCY, "blinds": None, "ante": 2, "stacks": (5, 11, 1, 16, 8)},
    {"players": 3, "game": BADACEY, "stacks": (9, 4, 15), "structure": FixedLimit(2, 4, full_bet_rule=True)},
    {"players": 6, "stacks": 24, "carry_stacks": True},
    {"players": 2, "game": BADEUCY, "blinds": None, "ante": 1, "stacks": (12, 30), "carry_stacks": True},
    {"players": 6, "structure": PotLimit()},
    {"players": 3, "structure": HalfPotLimit(), "game": BADACEY, "stacks": (40, 25, 60)},
    {
        "players": 4,
        "structure": PotLimit(min_bet=3),
        "blinds": None,
        "ante": 1,
        "stacks": 30,
        "carry_stacks": True,
    },
    {"players": 2, "structure": HalfPotLimit(), "stacks": (9, 50), "deal": "hand"},
    {"players": 4, "structure": PotLimit(), "blinds": (0, 2), "ante": 1, "stacks": (2, 3, 60, 9)},
]
SHORT = SETTINGS[8:11]


def _tables(settings: dict[str, Any], seed: int, count: int = 32) -> Tables:
    chosen = {"structure": FixedLimit(2, 4), **settings}
    return Tables(count, seed=seed, **chosen)


HANDS_A_SET = 560  # 18 sets: 10,080 hands in the fast tests


def test_the_fast_tests_play_ten_thousand_hands() -> None:
    assert HANDS_A_SET * len(SETTINGS) >= 10_000


@pytest.mark.parametrize("number", range(len(SETTINGS)))
def test_random_hands_replay_event_by_event(number: int) -> None:
    """Every fourth hand is also played turn by turn: each mask is what ``Hand.legal()`` allows.

    A test a table set, so that the test workers share them.
    """
    tables = _tables(SETTINGS[number], 11 + number)
    assert check_against_hand(tables, HANDS_A_SET, 11 + number, legal_every=4) >= HANDS_A_SET


# 72,000 more hands (4,000 a table set; --agreement-hands sets it, and bash .ci/agreement plays a
# million), a test a table set so that the slow run spreads them over its workers (one test of
# 100,000 took 747 s of one core here: most of it Hand.replay, the reference).
@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(SETTINGS)))
def test_more_random_hands_replay_event_by_event(number: int, request: pytest.FixtureRequest) -> None:
    hands = request.config.getoption("agreement_hands")
    assert isinstance(hands, int)  # a positive int: the option's own check (tests/conftest.py)
    tables = _tables(SETTINGS[number], 1_000 + number)
    assert check_against_hand(tables, hands, 1_000 + number, legal_every=50) >= hands


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


def _short_stack_paths(history: tuple[Any, ...]) -> set[str]:
    """The all-in paths one hand took."""
    seen = set()
    kinds = [item["event"] for item in history]
    for item in history:
        kind = item["event"]
        if kind in ("ante", "blind", "call") and item["all_in"]:
            seen.add(f"all-in {kind}")
        if kind in ("bet", "raise") and not item["full"]:
            seen.add("all-in raise for less")
        if kind == "showdown" and len(item["pots"]) > 1:
            seen.add("side pots")
    if any(a == "round" and b == "draw_round" for a, b in itertools.pairwise(kinds)):
        seen.add("a round nobody bets in")
    paid = sum(history[-1]["payouts"])
    if "showdown" in kinds and sum(pot["amount"] for pot in history[-2]["pots"]) < paid:
        seen.add("chips nobody matched go back")
    return seen


def test_the_short_stacks_reach_every_all_in_path() -> None:
    """The short-stack sets play all-ins of every kind, side pots, and rounds skipped."""
    seen: set[str] = set()
    for number, settings in enumerate(SHORT):
        tables = _tables(settings, 40 + number, count=64)
        rng = np.random.default_rng(40 + number)
        for _ in range(400):
            _, done = tables.step(random_legal(tables.legal(), rng))
            for table in np.flatnonzero(done):
                seen |= _short_stack_paths(tables.history(int(table)))
    assert seen == {
        "all-in ante",
        "all-in blind",
        "all-in call",
        "all-in raise for less",
        "side pots",
        "a round nobody bets in",
        "chips nobody matched go back",
    }


@pytest.mark.parametrize(
    "settings",
    [
        {"structure": PotLimit(), "blinds": (2**20, 2**21), "carry_stacks": True},
        {"structure": HalfPotLimit(), "blinds": (2**27, 2**28)},
        {"structure": FixedLimit(2**27, 2**28, cap=3)},
        {"structure": FixedLimit(2**30, 2**31 - 1), "ante": 2**31 - 1, "blinds": None},
    ],
)
def test_the_deepest_stacks_and_the_largest_bets_replay_event_by_event(settings: dict[str, Any]) -> None:
    """Eight seats of 268,435,455 chips, a table's 2,147,483,640: the C core counts a table's chips
    in 32 bits, and a bet or a blind past every stack is all in for less, as ``Hand`` plays it."""
    tables = Tables(8, 8, stacks=2**28 - 1, seed=3, **settings)
    assert check_against_hand(tables, 80, 3, legal_every=4) >= 80
