"""badugi.histories: hands in and out of the engine in the formats the rest of poker speaks.

PHH, the poker hand history standard (TOML; PokerKit reads and writes it),
for fixed-limit Badugi (variant ``FB``), both ways:

>>> from badugi.engine import FixedLimit, Hand
>>> from badugi.histories import from_phh, to_phh
>>> h = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7)
>>> h.fold()
>>> print(to_phh(h).split("actions")[0], end="")
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
>>> from_phh(to_phh(h)).history == h.history
True

The engine itself never imports this package.
"""

from badugi.errors import HandHistoryError
from badugi.histories.phh_read import RECORDED, PhhHand, from_phh, read_phh
from badugi.histories.phh_write import HandOrHistory, to_phh
from badugi.histories.phhs import dumps_phhs, loads_phhs
from badugi.histories.pokerstars_read import PokerStarsHand, from_pokerstars, read_pokerstars
from badugi.histories.pokerstars_write import to_pokerstars

__all__ = [
    "RECORDED",
    "HandHistoryError",
    "HandOrHistory",
    "PhhHand",
    "PokerStarsHand",
    "dumps_phhs",
    "from_phh",
    "from_pokerstars",
    "loads_phhs",
    "read_phh",
    "read_pokerstars",
    "to_phh",
    "to_pokerstars",
]
