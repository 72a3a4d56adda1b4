"""Every entry point of ``badugi.solver`` refuses bad input with ``GameSetupError``, naming the problem."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402 - after the skip
from badugi.errors import GameSetupError  # noqa: E402
from badugi.solver import (  # noqa: E402
    CHANCE,
    TERMINAL,
    CFRPlus,
    GameTree,
    as_table,
    best_response_value,
    exploitability,
    table_root,
    tree_of,
    value,
)

SMALL = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
GARBAGE: list[object] = [None, "tree", 3, 2.5, True, b"x", [], {}, object()]


@pytest.fixture(scope="module")
def tree() -> GameTree:
    return tree_of(table_root(SMALL))


class Toy:
    """A scripted tree: ``spec`` maps a path of actions to what the node there is."""

    def __init__(self, spec: dict[tuple[int, ...], Any], path: tuple[int, ...] = ()) -> None:
        self.spec, self.path = spec, path

    def kind(self) -> int:
        return int(self.spec[self.path][0])

    def outcomes(self) -> Sequence[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def actions(self) -> Sequence[int]:
        return list(self.spec[self.path][2])

    def key(self) -> str:
        return str(self.spec[self.path][1])

    def payoff(self) -> float:
        return float(self.spec[self.path][1])

    def child(self, action: int) -> Toy:
        return type(self)(self.spec, (*self.path, action))


def test_a_solver_solves_a_tree_only() -> None:
    for junk in GARBAGE:
        with pytest.raises(GameSetupError, match="CFRPlus solves a GameTree"):
            CFRPlus(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, -1, 10**7 + 1, True, 1.0, "5", None, [3]])
def test_iterate_takes_a_count(tree: GameTree, count: object) -> None:
    solver = CFRPlus(tree)
    with pytest.raises(GameSetupError, match="count must be an int from 1 to 10,000,000"):
        solver.iterate(count)  # type: ignore[arg-type]
    assert solver.iterations == 0


@pytest.mark.parametrize("junk", GARBAGE)
def test_a_best_response_needs_a_tree(junk: object, tree: GameTree) -> None:
    uniform = CFRPlus(tree).average()
    for call in (lambda: exploitability(junk, uniform), lambda: value(junk, uniform)):  # type: ignore[arg-type]
        with pytest.raises(GameSetupError, match="GameTree"):
            call()


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ("abc", "array of 1,008 probabilities|array of 1008 probabilities"),
        (None, "probabilities"),
        ([0.5] * 3, "got shape"),
        ("shape_2d", "got shape"),
        ("negative", "finite and not negative"),
        ("nan", "finite and not negative"),
        ("unnormalised", "sum to"),
    ],
)
def test_a_policy_is_a_distribution_at_each_information_set(
    tree: GameTree, policy: object, message: str
) -> None:
    uniform = CFRPlus(tree).average()
    made: object = policy
    if policy == "shape_2d":
        made = np.stack([uniform, uniform])
    elif policy == "negative":
        made = uniform.copy()
        made[0], made[1] = -0.5, made[1] + 0.5 + made[0]  # still sums to one
    elif policy == "nan":
        made = uniform.copy()
        made[3] = np.nan
    elif policy == "unnormalised":
        made = uniform * 1.5
    for call in (exploitability, value, lambda t, p: best_response_value(t, p, 0)):
        with pytest.raises(GameSetupError, match=message):
            call(tree, made)


@pytest.mark.parametrize("seat", [2, -1, True, "0", None, 0.0])
def test_a_best_response_is_for_seat_0_or_1(tree: GameTree, seat: object) -> None:
    with pytest.raises(GameSetupError, match="seat must be 0 or 1"):
        best_response_value(tree, CFRPlus(tree).average(), seat)  # type: ignore[arg-type]


def test_a_tree_is_walked_from_a_heads_up_variant() -> None:
    for junk in GARBAGE:
        with pytest.raises(GameSetupError, match="from a Variant"):
            table_root(junk)
    three = Variant(players=3, draws=0, ranks="A234", suits="cdhs", small_blind=0, big_blind=0, ante=1, cap=1)
    with pytest.raises(GameSetupError, match="two seats, the variant has 3"):
        table_root(three)


def test_an_information_set_has_one_seat_one_set_of_actions_and_one_depth() -> None:
    """Perfect recall as the solver needs it: a key seen twice must mean the same decision."""
    actions_differ = {(): (CHANCE,), (0,): (0, "k", [0, 1]), (1,): (0, "k", [0])}
    seats_differ = {(): (CHANCE,), (0,): (0, "k", [0]), (1,): (1, "k", [0])}
    depths_differ = {(): (0, "k", [0, 1]), (0,): (0, "k", [0, 1]), (1,): (TERMINAL, 1.0)}
    for leaf in ((0, 0), (0, 1), (1, 0), (0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)):
        for spec in (actions_differ, seats_differ, depths_differ):
            spec.setdefault(leaf, (TERMINAL, 0.0))
    with pytest.raises(GameSetupError, match="different seats or legal actions"):
        tree_of(Toy(actions_differ))
    with pytest.raises(GameSetupError, match="different seats or legal actions"):
        tree_of(Toy(seats_differ))
    with pytest.raises(GameSetupError, match="different depths"):
        tree_of(Toy(depths_differ))


def test_a_node_kind_is_a_seat_chance_or_terminal() -> None:
    with pytest.raises(GameSetupError, match="kind must be 0, 1, CHANCE or TERMINAL, got 7"):
        tree_of(Toy({(): (7,)}))


def test_an_endless_game_stops_at_the_depth_limit() -> None:
    class Endless(Toy):
        def kind(self) -> int:
            return 0

        def key(self) -> str:
            return str(len(self.path))

        def actions(self) -> Sequence[int]:
            return [0]

    with pytest.raises(GameSetupError, match="deeper than 120"):
        tree_of(Endless({}))


def test_a_tree_is_a_value_nobody_changes(tree: GameTree) -> None:
    """Its arrays are read-only; a solver's answers are new arrays; it pickles and copies."""
    for field in (
        "parent",
        "kind",
        "chance",
        "slot",
        "payoff",
        "levels",
        "first",
        "count",
        "actions",
        "infoset",
    ):
        with pytest.raises(ValueError, match="read-only"):
            getattr(tree, field)[0] = 1
    solver = CFRPlus(tree)
    solver.iterate(3)
    average = solver.average()
    average[:] = 0.0
    assert solver.average().sum() == pytest.approx(len(tree.keys))
    again = pickle.loads(pickle.dumps(solver))
    again.iterate(1)
    assert again.iterations == 4
    assert solver.iterations == 3
    solver.iterate(1)
    assert np.array_equal(again.average(), solver.average())
    assert copy.deepcopy(tree).keys == tree.keys


def test_a_table_holds_each_information_set_in_plain_data(tree: GameTree) -> None:
    """``as_table``: every key once, its actions in order with their probabilities, as ints and floats."""
    solver = CFRPlus(tree)
    solver.iterate(5)
    average = solver.average()
    table = as_table(tree, average)
    assert list(table) == list(tree.keys)
    for infoset, key in enumerate(tree.keys):
        start, count = int(tree.first[infoset]), int(tree.count[infoset])
        assert table[key] == [(int(tree.actions[s]), float(average[s])) for s in range(start, start + count)]
        assert all(type(a) is int and type(p) is float for a, p in table[key])
    assert pickle.loads(pickle.dumps(table)) == table
    with pytest.raises(GameSetupError, match="sum to"):
        as_table(tree, average * 2)
    with pytest.raises(GameSetupError, match="GameTree"):
        as_table("tree", average)  # type: ignore[arg-type]
