"""OpenSpiel's CFR solves a small variant below the exploitability docs/guide/solvers.md states."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
import badugi.openspiel  # noqa: E402, F401 - registers python_badugi

#: The guide's variant: heads-up Badugi, no draw, a nine-card deck (A-2-3 of clubs, diamonds,
#: hearts), an ante of 1 and one bet of 2 a round.
SMALL = "python_badugi(draws=0,ranks=A23,suits=cdh,cap=1,small_blind=0,big_blind=0,ante=1)"
#: The guide's bound: after 200 iterations of CFR, exploitability under 0.01 chips a hand.
ITERATIONS, BOUND = 200, 0.01


def test_cfr_solves_the_small_variant_below_the_stated_bound() -> None:
    game = pyspiel.convert_to_cached_tree(pyspiel.load_game(SMALL))
    solver = pyspiel.CFRSolver(game)
    for _ in range(ITERATIONS):
        solver.evaluate_and_update_policy()
    reached = pyspiel.exploitability(game, solver.average_policy())
    uniform = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
    assert reached < BOUND
    assert reached < uniform / 50
