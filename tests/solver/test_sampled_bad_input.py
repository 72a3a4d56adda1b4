"""Every entry point of ``badugi.solver.sampled`` refuses bad input with ``GameSetupError``, naming it."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402 - after the skip
from badugi.errors import GameSetupError  # noqa: E402
from badugi.solver import table_root, tree_of  # noqa: E402
from badugi.solver.sampled import Abstraction, SampledCFR, Schedule, buckets_for, solve  # noqa: E402

NINE = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
TEN = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=1)
GARBAGE: list[object] = [None, "x", 2.5, True, b"x", [], {}, object(), -1, 2**70]


@pytest.mark.parametrize(
    ("variant", "match"),
    [
        (Variant(players=3), "heads-up Badugi"),
        (Variant("badeucy"), "heads-up Badugi"),
        (Variant(draws=3, cap=4, stack=40), "stack above the most a seat can put in"),
        (Variant(cap=9), "cap of 1 to 8"),
        ("badugi", "plays a Variant"),
    ],
)
def test_games_it_does_not_play(variant: Any, match: str) -> None:
    with pytest.raises(GameSetupError, match=match):
        SampledCFR(variant, Abstraction.exact())


def test_bad_abstractions() -> None:
    with pytest.raises(GameSetupError, match="at most 16 cards"):
        SampledCFR(Variant(), Abstraction.exact())
    with pytest.raises(GameSetupError, match="another deck or number of draws"):
        SampledCFR(NINE, buckets_for(TEN, (3, 3)))
    with pytest.raises(GameSetupError, match="an Abstraction"):
        SampledCFR(NINE, "exact")  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="kind is 'exact' or 'buckets'"):
        Abstraction("fuzzy")
    with pytest.raises(GameSetupError, match="remember_draws"):
        buckets_for(TEN, (3, 3), remember_draws=4)
    with pytest.raises(GameSetupError, match="remember_bets"):
        buckets_for(TEN, (3, 3), remember_bets=1)  # type: ignore[arg-type]
    for sizes in [(3,), (3, 0), [3, 3], (3, "3"), "all"]:
        with pytest.raises(GameSetupError, match="sizes must be"):
            buckets_for(TEN, sizes)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="decks of 9 to 16 cards and for the full deck, got 20"):
        buckets_for(Variant(ranks="A23456789T", suits="cd"), (3, 3))
    with pytest.raises(GameSetupError, match="more slots than allowed"):
        SampledCFR(TEN, Abstraction.exact(), most_slots=1000)


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"batch": 0}, "batch must be"),
        ({"batch": 3, "epoch": 10}, "multiple of batch"),
        ({"alpha": -1}, "alpha must be"),
        ({"gamma": float("nan")}, "gamma must be"),
        ({"prune_share": 1.5}, "prune_share must be"),
        ({"prune_below": 3}, "prune_below must be"),
        ({"prune_from": -2}, "prune_from must be"),
        ({"beta": True}, "beta must be"),
    ],
)
def test_bad_schedules(fields: dict[str, Any], match: str) -> None:
    with pytest.raises(GameSetupError, match=match):
        Schedule(**fields)


def test_bad_calls() -> None:
    solver = SampledCFR(NINE, Abstraction.exact())
    for value in [*GARBAGE, 0]:
        with pytest.raises(GameSetupError, match="count must be"):
            solver.iterate(value)  # type: ignore[arg-type]
        with pytest.raises(GameSetupError, match="threads must be"):
            solver.iterate(1, threads=value)  # type: ignore[arg-type]
    for seed in [-1, 2**64, 1.0, "1"]:
        with pytest.raises(GameSetupError, match="seed must be"):
            SampledCFR(NINE, Abstraction.exact(), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="schedule must be"):
        SampledCFR(NINE, Abstraction.exact(), schedule="fast")  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="within one batch"):
        solver.sample(10, 10)
    with pytest.raises(GameSetupError, match="end must end a batch"):
        solver.commit(17)
    with pytest.raises(GameSetupError, match="the arrays are"):
        solver.array("regrets")
    with pytest.raises(GameSetupError, match="1008 int64 values"):
        solver.set_array("regret", np.zeros(5))
    with pytest.raises(GameSetupError, match="int64 values"):
        solver.set_array("regret", "many")
    with pytest.raises(GameSetupError, match="GameTree"):
        solver.strategy_for("tree")  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="not a turn of its seat"):
        solver.strategy_for(
            tree_of(
                table_root(
                    Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=2)
                )
            )
        )
    with pytest.raises(GameSetupError, match="iterations must be"):
        solve(NINE, Abstraction.exact(), iterations=0, progress=False)
    with pytest.raises(GameSetupError, match="every must be"):
        solve(NINE, Abstraction.exact(), iterations=5, every=0, progress=False)


@pytest.mark.parametrize(
    ("key", "match"),
    [
        ("", "not a heads-up information state"),
        ("p2 +Ac +2d +3h +3c", "not a heads-up information state"),
        ("p0 +Ac +2d +3h", "four cards"),
        ("p0 +Ac +2d +3h +3c +2c", "more than four cards dealt"),
        ("p0 +Ac +2d +3h +3c p0:shove", "cannot read"),
        ("p0 +Ac +2d +3h +3c p0:draws x", "cannot read"),
        ("p0 +Ac +2d +3h +3c p1:bet", "not a turn of its seat"),  # seat 1 is not to act first
        ("p1 +Ac +2d +3h +3c p0:bet p1:raise", "not a turn of its seat"),  # past the cap, and not its turn
        ("p0 +Ac +2d +3h +Kc", "not a turn of its seat"),  # a card not in the deck
        ("p0 +Ac +Ac +3h +3c", "not a turn of its seat"),  # a card twice
        ("p0 " + " ".join(["p0:check"] * 70), "more than 64 moves"),
    ],
)
def test_bad_information_states(key: str, match: str) -> None:
    solver = SampledCFR(NINE, Abstraction.exact())
    with pytest.raises(GameSetupError, match=match):
        solver.strategy(key)
