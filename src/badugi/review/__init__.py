"""A seat's decisions in a hand history, each valued: ``badugi review`` and ``badugi drill`` in Python.

``review_file(path, seat)`` reads a hand-history file of any format the
library reads and gives, hand by hand, each decision of the seat: played
again through the engine (the history is checked, never trusted), with its
equity and pot odds at a bet, the best discard and what the discard made
cost at a draw, and the solved strategy's probabilities where it has an
answer; heads-up, where it answers, each bet's value in big bets by playing the
hand out under it (``badugi.review.playouts``). ``largest_mistakes`` ranks
them. ``deal_drill`` and ``answer_drill`` are the discard drill.

What each value measures is defined in ``badugi.review.values``; an advisor
(the strategy's probabilities) in ``badugi.review.advice``.
"""

from badugi.review import advice as _advice
from badugi.review import decisions as _decisions
from badugi.review import playouts as _playouts
from badugi.review import reviews as _reviews
from badugi.review.advice import default_advisor
from badugi.review.decisions import Decision
from badugi.review.drill import Drill, DrillAnswer, answer_drill, deal_drill
from badugi.review.playouts import BetValue
from badugi.review.reviews import HandReview, largest_mistakes, mistake_rank, review_file, review_hand
from badugi.review.values import DrawCost, Equity, draw_cost, pot_odds

#: An action as the engine takes it: "fold", "check", "call", ("bet", total), ("raise", total),
#: ("draw", cards).
Action = _advice.Action
#: The strategy's probability of each legal action: a tuple of (action, probability) pairs.
Advice = _advice.Advice
#: Where the advice comes from: a ``SeatView`` in; (action, probability) pairs, or None where the
#: strategy has no answer, out.
Advisor = _advice.Advisor
#: The advisor argument's default: the solved strategy's advice (``BOTS["solver"]``), where there is one.
SOLVER = _reviews.SOLVER
#: Play-outs of each action that value a heads-up bet, by default (200).
PLAYOUTS = _playouts.PLAYOUTS
#: The most play-outs of each action a review takes (100,000).
MOST_PLAYOUTS = _playouts.MOST_PLAYOUTS
#: A bet the strategy makes with a probability below this (5%) is a mistake.
RARE = _decisions.RARE
#: A draw giving up more expected final strength than this is a mistake (below it: a tie in floating point).
COST_TOLERANCE = _decisions.COST_TOLERANCE

__all__ = [
    "COST_TOLERANCE",
    "MOST_PLAYOUTS",
    "PLAYOUTS",
    "RARE",
    "SOLVER",
    "Action",
    "Advice",
    "Advisor",
    "BetValue",
    "Decision",
    "DrawCost",
    "Drill",
    "DrillAnswer",
    "Equity",
    "HandReview",
    "answer_drill",
    "deal_drill",
    "default_advisor",
    "draw_cost",
    "largest_mistakes",
    "mistake_rank",
    "pot_odds",
    "review_file",
    "review_hand",
]
