"""A solver's strategy as a table: each information set's actions and their probabilities.

The table is the form OpenSpiel's tabular policies take
(``pyspiel.TabularPolicy(table)``, ``pyspiel.TabularBestResponse``), and plain
data (strings, ints and floats) that pickles, copies and goes into JSON.
"""

from __future__ import annotations

from badugi.solver.best_response import _checked
from badugi.solver.tree import GameTree

__all__ = ["as_table"]


def as_table(tree: GameTree, policy: object) -> dict[str, list[tuple[int, float]]]:
    """``policy`` (a probability per slot of ``tree``) by information-set key: ``[(action, p), ...]``.

    Raises:
        badugi.errors.GameSetupError: ``tree`` is not a GameTree, or ``policy`` is not a distribution
            at each of its information sets.
    """
    probabilities = _checked(tree, policy)
    actions = tree.actions.tolist()
    chances = probabilities.tolist()
    return {
        key: [(actions[s], chances[s]) for s in range(first, first + count)]
        for key, first, count in zip(tree.keys, tree.first.tolist(), tree.count.tolist(), strict=True)
    }
