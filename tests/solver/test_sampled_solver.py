"""Sampled CFR against the exact solver where the exact answer is known, and its runs made again exactly.

On the nine-card variant without a draw (7,014 nodes), the sampled strategy of
the exact abstraction is measured by ``badugi.solver``'s exact best response in
the real game: its exploitability falls as iterations are added, and its value
reaches the game's value (CFR+'s). A run's regrets depend on its seed, schedule
and iterations only: not on the threads, not on stopping and going on, not on
splitting a batch into parts. The ten-card variant with a draw is in the slow
tests (its tree takes a minute to walk).
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402 - after the skip
from badugi.solver import CFRPlus, GameTree, exploitability, table_root, tree_of, value  # noqa: E402
from badugi.solver.sampled import Abstraction, SampledCFR, Schedule, buckets_for  # noqa: E402

NINE = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
TEN = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=1)


@pytest.fixture(scope="module")
def nine() -> GameTree:
    return tree_of(table_root(NINE))


@pytest.fixture(scope="module")
def nine_value(nine: GameTree) -> float:
    solver = CFRPlus(nine)
    solver.iterate(1000)
    assert exploitability(nine, solver.average()) < 1e-4
    return value(nine, solver.average())


def same(a: SampledCFR, b: SampledCFR) -> bool:
    return all(np.array_equal(a.array(name), b.array(name)) for name in ("regret", "average", "delta"))


def test_the_exact_abstraction_has_the_trees_information_sets(nine: GameTree) -> None:
    solver = SampledCFR(NINE, Abstraction.exact())
    assert (solver.information_sets, solver.slots) == (len(nine.keys), nine.slots)
    # The ten-card tree with a draw (walked in the slow test and by tools/solve_draw_variant.py):
    # every information set it has, told apart by every card and every draw count.
    ten = SampledCFR(TEN, Abstraction.exact())
    assert (ten.information_sets, ten.slots) == (128_730, 263_130)


def test_exploitability_falls_and_the_value_reaches_the_games(nine: GameTree, nine_value: float) -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=3)
    gaps = []
    for total in (1_000, 10_000, 100_000):
        solver.iterate(total - solver.iterations)
        policy = solver.strategy_for(nine)
        gaps.append(exploitability(nine, policy))
    assert gaps[0] > 2 * gaps[1] > 4 * gaps[2], gaps
    assert gaps[2] < 0.01, gaps
    assert abs(value(nine, policy) - nine_value) < 0.005, (value(nine, policy), nine_value)
    uniform = exploitability(nine, SampledCFR(NINE, Abstraction.exact()).strategy_for(nine))
    assert gaps[0] < uniform


@pytest.mark.parametrize(
    "schedule",
    [
        Schedule(epoch=0),  # plain MCCFR
        Schedule(alpha=1.0, beta=1.0, gamma=1.0),  # linear weights by epoch
        Schedule(batch=1, epoch=100, prune_share=0.95, prune_below=-0.5, prune_from=2000),
    ],
)
def test_every_schedule_converges(nine: GameTree, schedule: Schedule) -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=4, schedule=schedule)
    solver.iterate(50_000)
    assert exploitability(nine, solver.strategy_for(nine)) < 0.03  # 0.017, 0.008, 0.020 here


def test_a_bucket_abstraction_plays_a_strategy_of_the_real_game(nine: GameTree) -> None:
    abstraction = buckets_for(NINE, (4,))
    assert abstraction.sizes == (4,)
    solver = SampledCFR(NINE, abstraction, seed=5)
    solver.iterate(20_000)
    policy = solver.strategy_for(nine)
    assert np.allclose(np.add.reduceat(policy, nine.first), 1.0)
    assert solver.information_sets < len(nine.keys) / 10  # four buckets: far fewer sets
    assert exploitability(nine, policy) < exploitability(
        nine, SampledCFR(NINE, abstraction).strategy_for(nine)
    )


def test_the_result_does_not_depend_on_threads() -> None:
    one = SampledCFR(NINE, Abstraction.exact(), seed=6)
    one.iterate(3_000)
    three = SampledCFR(NINE, Abstraction.exact(), seed=6)
    three.iterate(3_000, threads=3)
    assert same(one, three)
    other = SampledCFR(NINE, Abstraction.exact(), seed=7)
    other.iterate(3_000)
    assert not np.array_equal(one.array("regret"), other.array("regret"))


def test_stopping_anywhere_and_going_on_gives_the_same_run() -> None:
    schedule = Schedule(batch=16, epoch=64)
    whole = SampledCFR(NINE, Abstraction.exact(), seed=8, schedule=schedule)
    whole.iterate(1_000)
    parts = SampledCFR(NINE, Abstraction.exact(), seed=8, schedule=schedule)
    parts.iterate(37)  # mid-batch: the delta waits for the batch's end
    resumed = pickle.loads(pickle.dumps(parts))
    assert same(resumed, parts)
    assert resumed.iterations == 37
    resumed.iterate(963)
    assert same(resumed, whole)


def test_a_batch_split_into_parts_and_added_up_is_the_batch() -> None:
    """How Dask workers share a batch: each samples a part on a copy, their arrays are added."""
    schedule = Schedule(batch=32, epoch=64)
    whole = SampledCFR(NINE, Abstraction.exact(), seed=9, schedule=schedule)
    whole.iterate(128)
    driver = SampledCFR(NINE, Abstraction.exact(), seed=9, schedule=schedule)
    for start in range(0, 128, 32):
        for first, count in ((start, 10), (start + 10, 22)):
            worker = driver.copy()
            worker.set_array("delta", np.zeros(driver.slots, dtype=np.int64))
            worker.set_array("average", np.zeros(driver.slots, dtype=np.int64))
            worker.sample(first, count)
            driver.set_array("delta", worker.array("delta"), add=True)
            driver.set_array("average", worker.array("average"), add=True)
        driver.commit(start + 32)
    assert same(driver, whole)


def test_copies_are_independent() -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=10)
    solver.iterate(100)
    for twin in (solver.copy(), copy.copy(solver), copy.deepcopy(solver), pickle.loads(pickle.dumps(solver))):
        assert same(twin, solver)
        assert twin.iterations == 100
        twin.iterate(50)
        assert not same(twin, solver)
        assert solver.iterations == 100
    regret = solver.array("regret")
    regret[:] = 7  # a copy handed out: the solver's own regrets are untouched
    assert not np.array_equal(solver.array("regret"), regret)


def test_strategy_at_one_information_state() -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=11)
    solver.iterate(20_000)
    # the nuts (A-2-3 of three suits) facing a bet calls; the worst hand facing a bet folds
    assert solver.strategy("p1 +Ac +2d +3h +3c p0:bet")[1] > 0.99
    worst: Any = solver.strategy("p1 +2c +2d +3c +3d p0:bet")
    assert worst[0] > 0.9
    assert abs(sum(worst) - 1) < 1e-9


@pytest.mark.slow
def test_the_ten_card_variant_with_a_draw() -> None:
    """The smallest variant with a draw (7.4 M nodes): the value near CFR+'s, exploitability falling.

    One test, not two: building the tree and the exact reference are most of its time, and two
    tests would pay for the tree twice.
    """
    tree = tree_of(table_root(TEN))
    exact = CFRPlus(tree)
    exact.iterate(134)  # exploitable for 0.0013 chips a hand: its value is near enough (the guide's curve)
    game_value = value(tree, exact.average())
    solver = SampledCFR(TEN, Abstraction.exact(), seed=12)
    gaps = []
    for total in (10_000, 100_000, 1_000_000):
        solver.iterate(total - solver.iterations)
        policy = solver.strategy_for(tree)
        gaps.append(exploitability(tree, policy))
    assert gaps[0] > 2 * gaps[1] > 4 * gaps[2], gaps
    assert gaps[2] < 0.02, gaps
    assert abs(value(tree, policy) - game_value) < 0.005, (value(tree, policy), game_value)
    classes = SampledCFR(TEN, buckets_for(TEN, "classes", remember_draws=1), seed=12)
    classes.iterate(1_000_000)
    assert exploitability(tree, classes.strategy_for(tree)) < 0.05


@pytest.mark.slow
def test_a_variant_with_two_draws_reaches_the_games_value_and_grows_less_exploitable() -> None:
    """Nine cards and two draws (82,614 nodes): the sampling checked on a game with more than one draw."""
    two_draws = Variant(draws=2, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
    tree = tree_of(table_root(two_draws))
    exact = CFRPlus(tree)
    exact.iterate(200)
    assert exploitability(tree, exact.average()) < 0.002  # its value is near enough the game's
    game_value = value(tree, exact.average())
    solver = SampledCFR(two_draws, Abstraction.exact(), seed=12)
    gaps = []
    for total in (3_000, 30_000, 300_000):
        solver.iterate(total - solver.iterations)
        gaps.append(exploitability(tree, solver.strategy_for(tree)))
    assert gaps[0] > 4 * gaps[1] > 16 * gaps[2], gaps
    assert gaps[2] < 0.02, gaps
    assert abs(value(tree, solver.strategy_for(tree)) - game_value) < 0.005
