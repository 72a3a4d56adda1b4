"""A best response learned inside a sampled strategy's abstraction and measured by play: where the
abstraction is the game itself it finds the exact best response's value; through buckets it stays a
lower bound on the real exploitability; a blueprint and its solver give the same figure; garbage is
refused by name."""

from __future__ import annotations

import pickle

import pytest

from badugi.errors import GameSetupError

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402
from badugi.engine.blueprint import Blueprint  # noqa: E402
from badugi.solver import exploitability, table_root, tree_of  # noqa: E402
from badugi.solver.sampled import Abstraction, SampledCFR, Schedule, buckets_for  # noqa: E402
from badugi.solver.sampled.blueprint import blueprint_bytes  # noqa: E402
from badugi.solver.sampled.respond import (  # noqa: E402
    AbstractBestResponse,
    BestResponseEstimate,
    abstract_best_response,
)

# Nine cards, no draw, an ante of 1 and one bet of 1: small enough for the exact best response.
NINE = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
# Ten cards and one draw: what the bucketed abstractions are checked on.
TEN = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=2)


@pytest.fixture(scope="module")
def nine_tree():
    return tree_of(table_root(NINE))


def exact_exploitability(solver: SampledCFR, tree) -> float:
    return exploitability(tree, solver.strategy_for(tree))


@pytest.mark.parametrize("trained", [0, 300, 3000])
def test_with_no_abstraction_it_finds_the_exact_best_responses_value(nine_tree, trained: int) -> None:
    # Untrained (uniform), barely trained and trained strategies: the learned response wins what the
    # exact best response wins, within the measurement's interval.
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    if trained:
        solver.iterate(trained)
    exact = exact_exploitability(solver, nine_tree)
    found = abstract_best_response(solver, iterations=50_000, hands=200_000, seed=7)
    assert isinstance(found, BestResponseEstimate)
    # Never above the exact value (it is a lower bound), and below it only by what the learning has
    # still to learn (a few thousandths of a chip here).
    assert exact - found.interval - 0.004 <= found.exploitability <= exact + found.interval, (found, exact)
    assert found.interval < 0.006


def test_with_no_learning_the_response_is_the_strategy_itself(nine_tree) -> None:
    # Where no regret is positive the response plays the strategy it answers: unlearned, it is that
    # strategy, which against itself wins the game's value from one seat and loses it from the other.
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    solver.iterate(300)
    untrained = abstract_best_response(solver, iterations=0, hands=200_000, seed=7)
    assert abs(untrained.exploitability) <= untrained.interval
    trained = abstract_best_response(solver, iterations=20_000, hands=100_000, seed=7)
    assert trained.exploitability > 0.3 > 10 * trained.interval
    assert exact_exploitability(solver, nine_tree) > 0.3


@pytest.mark.parametrize("sizes", [(2,), (4,)])
def test_through_buckets_it_is_a_lower_bound_on_the_real_exploitability(sizes: tuple[int, ...]) -> None:
    # Ten cards and no draw (the exact tree of a draw is too slow for the fast suite): a response that
    # sees only buckets wins less than the real best response, and more than nothing.
    variant = Variant(draws=0, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=2)
    solver = SampledCFR(variant, buckets_for(variant, sizes), seed=3)
    solver.iterate(3000)
    real = exact_exploitability(solver, tree_of(table_root(variant)))
    found = abstract_best_response(solver, iterations=20_000, hands=100_000, seed=2)
    assert found.exploitability <= real + found.interval
    assert found.exploitability > 2 * found.interval


def test_a_blueprint_made_from_bytes_is_refused_and_a_solver_given_is_left_as_it_was() -> None:
    solver = SampledCFR(TEN, buckets_for(TEN, (4, 4), remember_draws=1), seed=3)
    solver.iterate(2000)
    blueprint = Blueprint.from_bytes(blueprint_bytes(solver))
    with pytest.raises(GameSetupError, match="made from bytes"):
        abstract_best_response(blueprint, iterations=10, hands=10)
    kept = solver.copy()
    abstract_best_response(solver, iterations=5000, hands=20_000, seed=4)
    assert np.array_equal(solver.array("regret"), kept.array("regret"))  # the solver given is untouched
    assert np.array_equal(solver.array("average"), kept.array("average"))


def test_a_loaded_blueprint_is_read_again_and_gives_its_solvers_figure(tmp_path) -> None:
    from badugi.solver.sampled.blueprint import write_blueprint  # noqa: PLC0415

    solver = SampledCFR(TEN, buckets_for(TEN, (4, 4), remember_draws=1), seed=3)
    solver.iterate(2000)
    path = tmp_path / "ten.blueprint"
    write_blueprint(solver, path)
    blueprint = Blueprint.load(path)
    again = blueprint.reread()
    assert again is not blueprint
    assert again.header == blueprint.header
    from_blueprint = abstract_best_response(blueprint, iterations=5000, hands=50_000, seed=4)
    from_solver = abstract_best_response(solver, iterations=5000, hands=50_000, seed=4)
    # The blueprint's shares are the solver's rounded to 1/65535: the same figure, within the interval.
    assert abs(from_blueprint.exploitability - from_solver.exploitability) <= from_solver.interval


def test_threads_change_nothing() -> None:
    solver = SampledCFR(TEN, buckets_for(TEN, (4, 4), remember_draws=1), seed=3)
    solver.iterate(1000)
    one = abstract_best_response(solver, iterations=4096, hands=150_000, seed=9, threads=1)
    two = abstract_best_response(solver, iterations=4096, hands=150_000, seed=9, threads=2)
    assert one == two
    other = abstract_best_response(solver, iterations=4096, hands=150_000, seed=10, threads=1)
    assert other != one


def test_the_two_seats_are_measured_apart() -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    found = abstract_best_response(solver, iterations=2000, hands=50_000, seed=1)
    assert found.exploitability == pytest.approx((found.won[0] + found.won[1]) / 2)
    assert all(width > 0 for width in found.won_interval)
    assert found.iterations == 2000
    assert found.hands == 50_000


GARBAGE = [None, "solver", 3, 1.5, object(), Abstraction.exact()]


@pytest.mark.parametrize("strategy", GARBAGE)
def test_garbage_strategies_are_refused_by_name(strategy: object) -> None:
    with pytest.raises(GameSetupError, match="strategy must be"):
        abstract_best_response(strategy, iterations=1, hands=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("iterations", -1),
        ("iterations", 1.5),
        ("iterations", True),
        ("iterations", "10"),
        ("hands", 0),
        ("hands", None),
        ("seed", -1),
        ("seed", 2**63),
        ("seed", 1.0),
        ("threads", 0),
        ("threads", 65),
        ("threads", "2"),
        ("schedule", "fast"),
        ("schedule", {}),
    ],
)
def test_garbage_arguments_are_refused_by_name(argument: str, value: object) -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    arguments: dict[str, object] = {"iterations": 1, "hands": 1, argument: value}
    with pytest.raises(GameSetupError, match=argument):
        abstract_best_response(solver, **arguments)  # type: ignore[arg-type]


def test_a_schedule_given_is_used() -> None:
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    plain = abstract_best_response(solver, iterations=3000, hands=20_000, seed=1)
    discounted = abstract_best_response(
        solver,
        iterations=3000,
        hands=20_000,
        seed=1,
        schedule=Schedule(batch=16, epoch=16, alpha=0.0, beta=0.0),
    )
    assert plain != discounted


def test_learning_in_parts_is_learning_at_once() -> None:
    solver = SampledCFR(TEN, buckets_for(TEN, (4, 4), remember_draws=1), seed=3)
    solver.iterate(1000)
    parts = AbstractBestResponse(solver, seed=2)
    parts.learn(1500)
    parts.learn(0)
    parts.learn(2596, threads=2)
    whole = AbstractBestResponse(solver, seed=2)
    whole.learn(4096)
    assert parts.iterations == whole.iterations == 4096
    assert parts.measure(30_000) == whole.measure(30_000)
    assert "4,096 iterations" in repr(whole)


def test_a_threshold_keeps_the_response_nearer_the_strategy() -> None:
    # Above every regret it learned, the response is the strategy itself again: it wins nothing.
    solver = SampledCFR(NINE, Abstraction.exact(), seed=5)
    solver.iterate(300)
    response = AbstractBestResponse(solver, seed=1)
    response.learn(20_000)
    learned = response.measure(100_000)
    held = response.measure(100_000, threshold=1e9)
    assert learned.threshold == 0.0
    assert held.threshold == 1e9
    assert learned.exploitability > 0.3
    assert abs(held.exploitability) <= held.interval
    assert response.measure(100_000, seed=4) != learned  # another stream (the default is 2 * 1 + 1)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"hands": 0}, "hands"),
        ({"hands": 10, "threshold": -1.0}, "threshold"),
        ({"hands": 10, "threshold": float("nan")}, "threshold"),
        ({"hands": 10, "threshold": "0"}, "threshold"),
        ({"hands": 10, "threshold": True}, "threshold"),
        ({"hands": 10, "seed": -2}, "seed"),
        ({"hands": 10, "threads": 0}, "threads"),
    ],
)
def test_garbage_measurements_are_refused_by_name(arguments: dict[str, object], named: str) -> None:
    response = AbstractBestResponse(SampledCFR(NINE, Abstraction.exact(), seed=5))
    with pytest.raises(GameSetupError, match=named):
        response.measure(**arguments)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="count"):
        response.learn(-1)
    with pytest.raises(GameSetupError, match="pickle"):
        pickle.dumps(response)


def test_a_shipped_blueprint_is_answered_apart_from_the_one_the_bots_share() -> None:
    from badugi._native import ffi, lib  # noqa: PLC0415

    shared = Blueprint.shipped()[0]
    again = shared.reread()
    assert again is not shared
    assert again.header == shared.header
    response = AbstractBestResponse(shared, seed=1)
    response.learn(200)
    found = response.measure(2000)
    assert found.hands == 2000
    slots = int(shared.header["slots"])
    regret = ffi.new("int64_t[]", slots)
    assert lib.badugi_sampled_get(shared._handle, lib.BADUGI_SAMPLED_REGRET, regret, slots) == 0
    assert not any(regret)  # the learning ran on its own copy
