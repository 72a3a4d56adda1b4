"""Solve the family's small variants exactly: a game tree as arrays, CFR+ over it, and a best response.

OpenSpiel's solvers walk Python states at every node of every iteration, and its
cached tree keeps every state (about 2.4 kB a node): the ten-card variant with
one draw, 7,384,770 nodes, would need some 18 GB. Here the tree is walked once
(``tree_of``) into flat numpy arrays (about 50 bytes a node), and CFR+
(``CFRPlus``) and the best response (``exploitability``) are vector passes over
its levels.

>>> from badugi.adapters import Variant
>>> from badugi.solver import CFRPlus, exploitability, table_root, tree_of
>>> variant = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
>>> tree = tree_of(table_root(variant))
>>> tree.nodes, tree.counts()["decision"]
(7014, 2520)
>>> solver = CFRPlus(tree)
>>> solver.iterate(100)
>>> exploitability(tree, solver.average()) < 0.01
True

``as_table`` gives a strategy by information-set key, as OpenSpiel's
``TabularPolicy`` takes it::

    table = as_table(tree, solver.average())   # {"p0 +Ac ...": [(1, 0.93), (2, 0.07)], ...}

Works on any two-player zero-sum sequential OpenSpiel game too (``SpielNode``),
which is how the tests check it against OpenSpiel's own exploitability.
``numpy`` is needed.
"""

from badugi.solver.best_response import best_response_value, exploitability, value
from badugi.solver.cfr import CFRPlus
from badugi.solver.policy import as_table
from badugi.solver.states import SpielNode, TableNode, table_root
from badugi.solver.tree import CHANCE, TERMINAL, GameTree, Walkable, tree_of

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CFRPlus",
    "GameTree",
    "SpielNode",
    "TableNode",
    "Walkable",
    "as_table",
    "best_response_value",
    "exploitability",
    "table_root",
    "tree_of",
    "value",
]
