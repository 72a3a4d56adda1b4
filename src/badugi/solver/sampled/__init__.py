"""Sampled CFR of heads-up Badugi: external-sampling Monte Carlo CFR in C, over an abstraction.

``badugi.solver`` solves small variants exactly; the full game is too big for
that. Here the same game (``badugi.adapters``' heads-up fixed-limit Badugi) is
solved by sampling: each iteration deals one hand at random and walks every
action of one seat against sampled play of the other (external sampling,
Lanctot et al. 2009), with discounting by epochs (Brown and Sandholm's
discounted CFR) and optional regret-based pruning; over an abstraction of the
game that says what a strategy tells apart (``Abstraction``: the exact
information sets, or buckets of hands and a memory of the betting).

How the method was chosen, and how it is checked against the exact solver on
the variants that solver can solve, is the docs' page "How the strategy is made".
"""

from badugi.solver.sampled.abstraction import Abstraction, buckets_for
from badugi.solver.sampled.checkpoint import load, save
from badugi.solver.sampled.run import solve
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.solver import SampledCFR

__all__ = ["Abstraction", "SampledCFR", "Schedule", "buckets_for", "load", "save", "solve"]
