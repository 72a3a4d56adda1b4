"""The game code behind ``badugi.openspiel`` and ``badugi.pettingzoo``: no optional dependency here.

A ``Variant`` says what is played (the game, the seats, the draws, the
limits, the deck); a ``TableState`` plays it one integer action at a time,
chance included, as solvers and learners need, over the engine's own
betting and settlement (``badugi.engine.followed.FollowedHand``). The two
adapters only translate it into their library's API.

>>> from badugi.adapters import TableState, Variant
>>> state = TableState(Variant(game="badugi", draws=0, ranks="A234", suits="cd"))
>>> state.is_chance, len(state.chance_outcomes())
(True, 5)
"""

from badugi.adapters.table import TableState
from badugi.adapters.variant import Variant

__all__ = ["TableState", "Variant"]
