"""badugi.engine: a hand of Badugi, Badeucy or Badacey by the card-room rules, and a match runner.

``Hand(..., game=...)`` deals any game of ``badugi.games``; ``qualifier=`` and
``carry=`` play the home rule whose unwon pots stay in the middle.

>>> from badugi.engine import Hand, FixedLimit
>>> h = Hand(stacks=[1000] * 6, button=0, structure=FixedLimit(small_bet=20, big_bet=40),
...          blinds=(10, 20), seed=7)
>>> h.phase, h.actor, h.legal().call_amount
('bet', 3, 20)
"""

from badugi.engine.betting import Legal
from badugi.engine.bots import RandomBot, SimpleBot
from badugi.engine.drawbot import DrawBot
from badugi.engine.hand import Hand
from badugi.engine.history import public_history
from badugi.engine.setup import Setup
from badugi.engine.structures import BettingRound, FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.engine.view import SeatView, view_of
from badugi.errors import GameSetupError, IllegalActionError

__all__ = [
    "BettingRound",
    "DrawBot",
    "FixedLimit",
    "GameSetupError",
    "HalfPotLimit",
    "Hand",
    "IllegalActionError",
    "Legal",
    "PotLimit",
    "RandomBot",
    "SeatView",
    "Setup",
    "SimpleBot",
    "Structure",
    "public_history",
    "view_of",
]
