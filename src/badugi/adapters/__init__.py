"""The solvers' and learners' adapters: OpenSpiel's game, PettingZoo's environment, and their game code.

``badugi.adapters.openspiel`` and ``badugi.adapters.pettingzoo`` import their optional extras (so
this package imports neither); the game code they share, here and in the modules beside them, none.

A ``Variant`` says what is played (the game, the seats, the draws, the
limits, the deck); a ``TableState`` plays it one integer action at a time,
chance included, as solvers and learners need, over the engine's own
betting and settlement (``badugi.engine.followed.FollowedHand``). The two
adapters only translate it into their library's API.

>>> from badugi.adapters import TableState, Variant
>>> state = TableState(Variant(game="badugi", draws=0, ranks="A23", suits="cdh"))
>>> state.is_chance, len(state.chance_outcomes())     # seat 0's lowest card: one of the six lowest
(True, 6)
>>> while state.is_chance:
...     state.apply(state.chance_outcomes()[-1][0])
>>> from badugi.cards import CARD_TEXT
>>> [" ".join(CARD_TEXT[card] for card in cards) for cards in state.cards]
['2h 3c 3d 3h', 'Ad Ah 2c 2d']
>>> state.actor, state.legal_actions()   # the button (seat 1) has the small blind: fold, call, raise
(1, [0, 1, 2])
"""

from badugi.adapters.table import TableState
from badugi.adapters.variant import Variant

__all__ = ["TableState", "Variant"]
