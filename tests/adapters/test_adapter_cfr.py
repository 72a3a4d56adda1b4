"""OpenSpiel's CFR solves a small variant below the exploitability docs/guide/solvers.md states."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy  # noqa: E402 - after the skip
from open_spiel.python.algorithms import exploitability  # noqa: E402

import badugi.adapters.openspiel  # noqa: E402, F401 - registers python_badugi

#: The guide's variant: heads-up Badugi, no draw, a nine-card deck (A-2-3 of clubs, diamonds,
#: hearts), an ante of 1 and one bet of 2 a round.
SMALL = "python_badugi(draws=0,ranks=A23,suits=cdh,cap=1,small_blind=0,big_blind=0,ante=1)"
#: The guide's bound: after 200 iterations of CFR, exploitability under 0.01 chips a hand.
ITERATIONS, BOUND = 200, 0.01


@pytest.fixture(scope="module")
def small() -> Any:
    """The small variant through OpenSpiel's cached tree (the Python game walked once)."""
    return pyspiel.convert_to_cached_tree(pyspiel.load_game(SMALL))


def test_uniform_random_exploitability_agrees_between_python_and_cc(small: Any) -> None:
    python = exploitability.exploitability(small, policy.UniformRandomPolicy(small))
    cc = pyspiel.exploitability(small, pyspiel.UniformRandomPolicy(small))
    assert python == pytest.approx(cc)
    assert 0 < cc < 1  # a random player loses some of its ante to a best response, never all of it


def test_cfr_solves_the_small_variant_below_the_stated_bound(small: Any) -> None:
    solver = pyspiel.CFRSolver(small)
    for _ in range(ITERATIONS):
        solver.evaluate_and_update_policy()
    reached = pyspiel.exploitability(small, solver.average_policy())
    uniform = pyspiel.exploitability(small, pyspiel.UniformRandomPolicy(small))
    assert reached < BOUND
    assert reached < uniform / 50
