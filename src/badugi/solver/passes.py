"""The vector passes over a ``GameTree`` that CFR and the best response share.

A pass down the tree multiplies each node's reach by the factor of the edge
above it, one level at a time; a pass up sums each level's values into its
parents with ``numpy.bincount``. Both loop over the levels only (twenty-odd
for the family's trees), each step a handful of whole-slice operations.
"""

from __future__ import annotations

from typing import Any

from badugi.solver.tree import CHANCE, GameTree, _numpy

__all__ = ["Edges", "down", "strategy", "up"]


class Edges:
    """Which nodes hang below a chance node, below seat 0 and below seat 1: fixed for a tree."""

    def __init__(self, tree: GameTree) -> None:
        np = _numpy()
        parent_kind = np.full(tree.nodes, CHANCE, dtype=np.int8)
        parent_kind[1:] = tree.kind[tree.parent[1:]]
        self.below = [np.flatnonzero(parent_kind == seat) for seat in (0, 1)]
        self.below_slot = [tree.slot[nodes] for nodes in self.below]
        self.below_parent = [tree.parent[nodes] for nodes in self.below]


def strategy(tree: GameTree, weights: Any) -> Any:
    """Each slot's probability: ``weights`` made a distribution within each information set.

    Negative weights count as zero; an information set with no positive weight plays uniformly.
    """
    np = _numpy()
    positive = np.maximum(weights, 0.0)
    totals = np.add.reduceat(positive, tree.first) if tree.slots else positive
    uniform = 1.0 / tree.count
    total = totals[tree.infoset]
    return np.where(total > 0.0, positive / np.where(total > 0.0, total, 1.0), uniform[tree.infoset])


def down(tree: GameTree, factor: Any) -> Any:
    """Each node's reach: the product of ``factor`` over the edges from the root to it."""
    np = _numpy()
    reach = np.empty(tree.nodes)
    reach[0] = 1.0
    levels = tree.levels
    parent = tree.parent
    for depth in range(1, levels.shape[0] - 1):
        start, end = levels[depth], levels[depth + 1]
        np.multiply(reach[parent[start:end]], factor[start:end], out=reach[start:end])
    return reach


def up(tree: GameTree, weight: Any) -> Any:
    """Each node's value to seat 0: a terminal's payoff, else its children's values weighted by ``weight``."""
    np = _numpy()
    value = tree.payoff.copy()
    levels = tree.levels
    parent = tree.parent
    for depth in range(levels.shape[0] - 2, 0, -1):
        start, end = levels[depth], levels[depth + 1]
        top, bottom = levels[depth - 1], levels[depth]
        sums = np.bincount(
            parent[start:end] - top, weights=weight[start:end] * value[start:end], minlength=bottom - top
        )
        value[top:bottom] += sums
    return value
