"""CFR+ over a ``GameTree``: regret matching plus, alternating updates, linear averaging.

Tammelin's CFR+ (2014; Tammelin, Burch, Johanson and Bowling, "Solving
heads-up limit Texas hold'em", IJCAI 2015): each iteration updates seat 0 and
then seat 1 against the other's current strategy; regrets are floored at zero
after each update; iteration ``t`` adds its strategy to the average with
weight ``t``. Each update is three passes over the tree
(``badugi.solver.passes``): the values up, the opponent's and chance's reach
down, and the seat's own reach down.
"""

from __future__ import annotations

from typing import Any

from badugi.engine._checks import as_count, short_repr
from badugi.errors import GameSetupError
from badugi.solver.passes import Edges, down, strategy, up
from badugi.solver.tree import GameTree, _numpy

__all__ = ["CFRPlus"]

MAX_ITERATIONS = 10**7


class CFRPlus:
    """A CFR+ solver of one tree; ``iterate`` runs it, ``average`` is its answer.

    >>> from badugi.adapters import Variant
    >>> from badugi.solver import CFRPlus, exploitability, table_root, tree_of
    >>> variant = Variant(draws=0, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=1)
    >>> tree = tree_of(table_root(variant))
    >>> solver = CFRPlus(tree)
    >>> solver.iterate(20)
    >>> round(exploitability(tree, solver.average()), 4)   # chips a hand; 0.4974 for the uniform policy
    0.0091

    Raises:
        badugi.errors.GameSetupError: ``tree`` is not a ``GameTree``.
    """

    def __init__(self, tree: GameTree) -> None:
        if not isinstance(tree, GameTree):
            raise GameSetupError(f"CFRPlus solves a GameTree, got {short_repr(tree)}")
        np = _numpy()
        self.tree = tree
        self.iterations = 0
        self._edges = Edges(tree)
        self._regrets = np.zeros(tree.slots)
        self._sum = np.zeros(tree.slots)

    def iterate(self, count: int = 1) -> None:
        """Run ``count`` more iterations (each updates both seats).

        Raises:
            badugi.errors.GameSetupError: ``count`` is not an int from 1 to 10**7.
        """
        number = as_count(count, 1, MAX_ITERATIONS)
        if number is None:
            raise GameSetupError(
                f"count must be an int from 1 to {MAX_ITERATIONS:,}, got {short_repr(count)}"
            )
        for _ in range(number):
            self.iterations += 1
            for seat in (0, 1):
                self._update(seat)

    def current(self) -> Any:
        """The current strategy, a probability per slot (``tree.actions``): a new array."""
        return strategy(self.tree, self._regrets)

    def average(self) -> Any:
        """The average strategy, a probability per slot: what converges to an equilibrium. A new array."""
        return strategy(self.tree, self._sum)

    def _update(self, seat: int) -> None:
        np = _numpy()
        tree, edges = self.tree, self._edges
        sigma = strategy(tree, self._regrets)
        played = [sigma[slots] for slots in edges.below_slot]
        weight = tree.chance.copy()
        for below, probability in zip(edges.below, played, strict=True):
            weight[below] = probability
        value = up(tree, weight)
        other = 1 - seat
        others = tree.chance.copy()
        others[edges.below[other]] = played[other]
        reach_others = down(tree, others)
        own = np.ones(tree.nodes)
        own[edges.below[seat]] = played[seat]
        reach_own = down(tree, own)
        nodes, parents, slots = edges.below[seat], edges.below_parent[seat], edges.below_slot[seat]
        sign = 1.0 if seat == 0 else -1.0
        gain = sign * (value[nodes] - value[parents]) * reach_others[parents]
        self._regrets += np.bincount(slots, weights=gain, minlength=tree.slots)
        np.maximum(self._regrets, 0.0, out=self._regrets)
        mass = reach_own[parents] * played[seat]
        self._sum += self.iterations * np.bincount(slots, weights=mass, minlength=tree.slots)
