"""How much a strategy gives up: each seat's best response to it, over the whole tree.

The best response is computed exactly, bottom up, one level at a time: at a
level, each of the responder's information sets takes the action whose
children are worth most, summed over the set's nodes and weighted by the
chance of reaching each (the opponent's strategy times chance). Every node of
an information set is at one depth (``badugi.solver.tree`` checks it), so the
set's children are all in the level below it.

The exploitability is OpenSpiel's: the mean over the two seats of what a best
response to the other seat's strategy wins, which is zero at an equilibrium
(``pyspiel.exploitability`` gives the same figure; the tests check it on Kuhn
poker, Leduc poker and the family's small trees).
"""

from __future__ import annotations

from typing import Any

from badugi.errors import GameSetupError
from badugi.solver.passes import Edges, down, up
from badugi.solver.tree import CHANCE, GameTree, _numpy

__all__ = ["best_response_value", "exploitability", "value"]


def _checked(tree: object, policy: object) -> Any:
    np = _numpy()
    if not isinstance(tree, GameTree):
        raise GameSetupError(f"a best response is to a GameTree's strategy, got {type(tree).__name__}")
    try:
        probabilities = np.asarray(policy, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise GameSetupError(
            f"a policy is an array of {tree.slots} probabilities, got {type(policy).__name__}"
        ) from exc
    if probabilities.shape != (tree.slots,):
        raise GameSetupError(
            f"a policy is an array of {tree.slots} probabilities, got shape {probabilities.shape}"
        )
    if not np.all(np.isfinite(probabilities)) or np.any(probabilities < 0.0):
        raise GameSetupError("a policy's probabilities must be finite and not negative")
    totals = np.add.reduceat(probabilities, tree.first) if tree.slots else probabilities
    if not np.allclose(totals, 1.0, atol=1e-6):
        worst = int(np.argmax(np.abs(totals - 1.0)))
        raise GameSetupError(
            f"a policy's probabilities at {tree.keys[worst]!r} sum to {totals[worst]}, not 1"
        )
    return probabilities


def _weights(tree: GameTree, edges: Edges, policy: Any, seats: tuple[int, ...]) -> Any:
    weight = tree.chance.copy()
    for seat in seats:
        weight[edges.below[seat]] = policy[edges.below_slot[seat]]
    return weight


def value(tree: GameTree, policy: object) -> float:
    """Seat 0's expected return when both seats play ``policy`` (a probability per slot).

    Raises:
        badugi.errors.GameSetupError: ``tree`` is not a GameTree, or ``policy`` is not a distribution
            at each information set.
    """
    probabilities = _checked(tree, policy)
    assert isinstance(tree, GameTree)
    edges = Edges(tree)
    return float(up(tree, _weights(tree, edges, probabilities, (0, 1)))[0])


def best_response_value(tree: GameTree, policy: object, seat: int) -> float:
    """What ``seat`` wins, at best, against the other seat playing ``policy``.

    Raises:
        badugi.errors.GameSetupError: as ``value``, or ``seat`` is not 0 or 1.
    """
    if type(seat) is not int or seat not in (0, 1):
        raise GameSetupError(f"seat must be 0 or 1, got {seat!r}")
    probabilities = _checked(tree, policy)
    return _best_response(tree, Edges(tree), probabilities, seat)


def _best_response(tree: GameTree, edges: Edges, policy: Any, seat: int) -> float:
    np = _numpy()
    other = 1 - seat
    reach = down(tree, _weights(tree, edges, policy, (other,)))
    value = tree.payoff * (1.0 if seat == 0 else -1.0)
    parent, slot, levels = tree.parent, tree.slot, tree.levels
    parent_kind = np.full(tree.nodes, CHANCE, dtype=np.int8)
    parent_kind[1:] = tree.kind[parent[1:]]
    weight = _weights(tree, edges, policy, (other,))
    index = np.arange(tree.slots)
    for depth in range(levels.shape[0] - 2, 0, -1):
        start, end = levels[depth], levels[depth + 1]
        top, bottom = levels[depth - 1], levels[depth]
        mine = start + np.flatnonzero(parent_kind[start:end] == seat)
        level_weight = weight[start:end].copy()
        if mine.size:
            worth = np.bincount(slot[mine], weights=reach[parent[mine]] * value[mine], minlength=tree.slots)
            best = np.maximum.reduceat(worth, tree.first)
            first_best = np.minimum.reduceat(
                np.where(worth >= best[tree.infoset], index, tree.slots), tree.first
            )
            chosen = np.zeros(tree.slots + 1)
            chosen[first_best] = 1.0
            level_weight[mine - start] = chosen[slot[mine]]
        sums = np.bincount(
            parent[start:end] - top, weights=level_weight * value[start:end], minlength=bottom - top
        )
        value[top:bottom] += sums
    return float(value[0])


def exploitability(tree: GameTree, policy: object) -> float:
    """The mean over both seats of a best response's winnings against ``policy``: 0 at an equilibrium.

    Raises:
        badugi.errors.GameSetupError: as ``value``.
    """
    probabilities = _checked(tree, policy)
    assert isinstance(tree, GameTree)
    edges = Edges(tree)
    return (
        _best_response(tree, edges, probabilities, 0) + _best_response(tree, edges, probabilities, 1)
    ) / 2.0
