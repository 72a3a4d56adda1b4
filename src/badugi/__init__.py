"""badugi: exact, constant-time Badugi hand evaluation.

>>> import badugi
>>> badugi.rank("Ah 2s 3d 4c")
1
>>> badugi.compare("8c7d5h4s", "9c4d3h2s")
1
>>> str(badugi.evaluate("Qh 10d 8s 10h"))
'three-card Q-10-8'
"""

from badugi.cards import HandLike, card_id, card_str
from badugi.equity import (
    BestDiscard,
    DrawOdds,
    DrawOption,
    DrawView,
    Equity,
    best_discard,
    draw_odds,
    equity,
    strength,
)
from badugi.errors import BadugiError, InvalidHandError
from badugi.evaluate import compare, evaluate, rank, rank_many, winners
from badugi.pots import Pot, PotHalf
from badugi.showdown import Showdown, showdown
from badugi.value import HandValue

__all__ = [
    "BadugiError",
    "BestDiscard",
    "DrawOdds",
    "DrawOption",
    "DrawView",
    "Equity",
    "HandLike",
    "HandValue",
    "InvalidHandError",
    "Pot",
    "PotHalf",
    "Showdown",
    "best_discard",
    "card_id",
    "card_str",
    "compare",
    "draw_odds",
    "equity",
    "evaluate",
    "rank",
    "rank_many",
    "showdown",
    "strength",
    "winners",
]

__version__ = "0.1.0"
