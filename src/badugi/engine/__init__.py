"""badugi.engine: a hand of Badugi, Badeucy or Badacey by the card-room rules, and a match runner.

``Hand(..., game=...)`` deals any game of ``badugi.games``; ``qualifier=`` and
``carry=`` play the home rule whose unwon pots stay in the middle.

>>> from badugi.engine import Hand, FixedLimit
>>> h = Hand(stacks=[1000] * 6, button=0, structure=FixedLimit(small_bet=20, big_bet=40),
...          blinds=(10, 20), seed=7)
>>> h.phase, h.actor, h.legal().call_amount
('bet', 3, 20)
"""

from badugi.engine import bot_kinds as _bot_kinds
from badugi.engine import hand as _hand
from badugi.engine import match as _match
from badugi.engine.betting import Legal
from badugi.engine.bot_kinds import BotKind
from badugi.engine.bots import RandomBot, SimpleBot
from badugi.engine.drawbot import DrawBot
from badugi.engine.followed import FollowedHand
from badugi.engine.hand import Hand
from badugi.engine.history import public_history
from badugi.engine.match import Level, Match, MatchResult, Standing, schedule_from
from badugi.engine.setup import Setup
from badugi.engine.solver_bot import SolverBot
from badugi.engine.structures import BettingRound, FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.engine.tables import Tables
from badugi.engine.view import SeatView, view_of
from badugi.errors import GameSetupError, IllegalActionError

#: An action as data, what ``Hand.act`` takes and the web table hands it: "fold", "check", "call",
#: ("raise", total) (a bet is a raise from nothing) or ("draw", [cards to throw]).
Action = _hand.Action
#: A player: takes what its seat may see (a ``SeatView``), returns "fold", "check",
#: "call", ("raise", total) or ("draw", [cards to throw]).
Player = _match.Player
#: Every kind of bot by name, read-only: ``simple``, ``random``, ``draw``, ``solver``. ``badugi
#: play``, ``badugi simulate`` and the web table's seats take their bots from it (see ``BotKind``).
BOTS = _bot_kinds.BOTS

__all__ = [
    "BOTS",
    "Action",
    "BettingRound",
    "BotKind",
    "DrawBot",
    "FixedLimit",
    "FollowedHand",
    "GameSetupError",
    "HalfPotLimit",
    "Hand",
    "IllegalActionError",
    "Legal",
    "Level",
    "Match",
    "MatchResult",
    "Player",
    "PotLimit",
    "RandomBot",
    "SeatView",
    "Setup",
    "SimpleBot",
    "SolverBot",
    "Standing",
    "Structure",
    "Tables",
    "public_history",
    "schedule_from",
    "view_of",
]
