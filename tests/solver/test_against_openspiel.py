"""The solver's figures are OpenSpiel's: its tree, best responses, values and exploitability.

OpenSpiel is the referee: the same policy, given to OpenSpiel's own C++ best
response (``TabularBestResponse``), value (``expected_returns``) and
``exploitability``, must give the same numbers, on OpenSpiel's Kuhn and Leduc
poker and on the family's nine-card variant (through OpenSpiel's cached tree of
``python_badugi``). The solver shares no code with those.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import badugi.adapters.openspiel  # noqa: E402, F401 - registers python_badugi
from badugi.adapters.openspiel import variant_of  # noqa: E402
from badugi.solver import (  # noqa: E402
    CFRPlus,
    GameTree,
    SpielNode,
    as_table,
    best_response_value,
    exploitability,
    table_root,
    tree_of,
    value,
)

NINE_CARDS = "python_badugi(draws=0,ranks=A23,suits=cdh,cap=1,small_blind=0,big_blind=0,ante=1)"
GAMES = ("kuhn_poker", "leduc_poker", NINE_CARDS)


@pytest.fixture(scope="module", params=GAMES)
def game_and_tree(request: pytest.FixtureRequest) -> tuple[Any, GameTree]:
    """A game as OpenSpiel's C++ algorithms take it, and the solver's tree of it."""
    game = pyspiel.load_game(request.param)
    tree = tree_of(SpielNode(game.new_initial_state()))
    return (pyspiel.convert_to_cached_tree(game) if request.param.startswith("python_") else game), tree


def skewed(tree: GameTree, seed: int) -> Any:
    """A random policy far from uniform and from any equilibrium: every information set its own mix."""
    weights = np.random.default_rng(seed).random(tree.slots) ** 3
    totals = np.add.reduceat(weights, tree.first)
    return weights / totals[tree.infoset]


def test_the_tree_holds_every_node_of_the_game(game_and_tree: tuple[Any, GameTree]) -> None:
    """Every state OpenSpiel's game has is a node, and every information set one key."""
    game, tree = game_and_tree
    states = 0
    keys: set[str] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        states += 1
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            keys.add(state.information_state_string())
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        stack.extend(state.child(a) for a in actions)
    assert tree.nodes == states
    assert set(tree.keys) == keys
    assert len(tree.keys) == len(keys)


@pytest.mark.parametrize("seed", [1, 2])
def test_best_responses_and_values_are_openspiels(game_and_tree: tuple[Any, GameTree], seed: int) -> None:
    """Each seat's best response to a skewed policy, and the policy's value, as OpenSpiel computes them."""
    game, tree = game_and_tree
    probabilities = skewed(tree, seed)
    policy = as_table(tree, probabilities)
    root = game.new_initial_state()
    for seat in (0, 1):
        expected = pyspiel.TabularBestResponse(game, seat, policy).value(root.history_str())
        assert best_response_value(tree, probabilities, seat) == pytest.approx(expected, abs=1e-9)
    on_policy = pyspiel.expected_returns(root, pyspiel.TabularPolicy(policy), -1, True)
    assert value(tree, probabilities) == pytest.approx(on_policy[0], abs=1e-9)
    assert exploitability(tree, probabilities) == pytest.approx(
        pyspiel.exploitability(game, pyspiel.TabularPolicy(policy)), abs=1e-9
    )


def test_cfr_plus_converges_and_openspiel_agrees(game_and_tree: tuple[Any, GameTree]) -> None:
    """CFR+ drives the exploitability down; OpenSpiel measures the same figure for its average."""
    game, tree = game_and_tree
    solver = CFRPlus(tree)
    solver.iterate(1)
    first = exploitability(tree, solver.average())
    solver.iterate(199)
    reached = exploitability(tree, solver.average())
    assert solver.iterations == 200
    assert reached < first / 20
    expected = pyspiel.exploitability(game, pyspiel.TabularPolicy(as_table(tree, solver.average())))
    assert reached == pytest.approx(expected, abs=1e-9)


def test_kuhn_poker_solves_to_its_known_value() -> None:
    """Kuhn poker's equilibrium value to the first player is -1/18 (Kuhn 1950)."""
    tree = tree_of(SpielNode(pyspiel.load_game("kuhn_poker").new_initial_state()))
    solver = CFRPlus(tree)
    solver.iterate(1000)
    assert exploitability(tree, solver.average()) < 1e-4
    assert value(tree, solver.average()) == pytest.approx(-1 / 18, abs=1e-3)


def test_the_table_walk_is_the_openspiel_walk() -> None:
    """The TableState walk and OpenSpiel's walk of python_badugi build one tree, array for array."""
    game = pyspiel.load_game(NINE_CARDS)
    by_table = tree_of(table_root(variant_of(game.get_parameters())))
    by_spiel = tree_of(SpielNode(game.new_initial_state()))
    assert by_table.keys == by_spiel.keys
    for field in ("parent", "kind", "chance", "slot", "payoff", "levels", "player", "first", "actions"):
        assert np.array_equal(getattr(by_table, field), getattr(by_spiel, field)), field
