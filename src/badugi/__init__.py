"""badugi: exact, constant-time Badugi hand evaluation.

>>> import badugi
>>> badugi.rank("Ah 2s 3d 4c")
1
>>> badugi.compare("8c7d5h4s", "9c4d3h2s")
1
>>> str(badugi.evaluate("Qh 10d 8s 10h"))
'three-card Q-10-8'
"""

from badugi import _moved
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
from badugi.pots import Pot, PotHalf
from badugi.ranking.four_card import compare, evaluate, rank, rank_many, winners
from badugi.ranking.value import HandValue
from badugi.showdown import Showdown, showdown

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

__version__ = "0.2.0"

_moved.install()


def __getattr__(name: str) -> object:
    """The old top-level modules (``badugi.scales`` and the like) for one more release, with a warning."""
    old = _moved.OLD_ATTRIBUTES.get(name)
    if old is None:
        raise AttributeError(f"module 'badugi' has no attribute {name!r}")
    module = _moved.load(old)
    globals()[name] = module  # warned once: later lookups find it
    return module
