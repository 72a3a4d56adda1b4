"""badugi.histories: hands in and out of the engine in the formats the rest of poker speaks.

PHH, the poker hand history standard (TOML; PokerKit reads and writes it),
for fixed-limit Badugi (variant ``FB``), both ways:

>>> from badugi.engine import FixedLimit, Hand
>>> from badugi.histories import from_phh, to_phh
>>> h = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7)
>>> _ = h.fold()
>>> print(to_phh(h).split("actions")[0], end="")
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
>>> from_phh(to_phh(h)).history == h.history
True

Hands the engine did not deal are followed from what their record states
(``HandRecord``, ``follow``): the room's hand histories (Full Tilt, ...), PHH
with unknown cards (``??``). ``read_hands`` reads a file of any format, each
hand played by the engine's rules, skipped or refused on its own;
``iter_hands`` reads a file (a path or an open file) a hand at a time, in
memory bounded by its largest hand.

The engine itself never imports this package.
"""

from badugi.errors import HandHistoryError
from badugi.histories.engine_record import follow_history, record_of
from badugi.histories.files import READABLE, WRITABLE, detect, iter_hands, read_hands, write_hand, write_hands
from badugi.histories.follow import follow
from badugi.histories.fulltilt import fulltilt_records
from badugi.histories.kingsclub import from_kingsclub, kingsclub_records, read_kingsclub
from badugi.histories.merge import merge_records
from badugi.histories.phh import (
    RECORDED,
    HandOrHistory,
    PhhHand,
    dumps_phhs,
    from_phh,
    loads_phhs,
    read_phh,
    to_phh,
)
from badugi.histories.pokerstars import from_pokerstars, pokerstars_records, read_pokerstars, to_pokerstars
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step

__all__ = [
    "READABLE",
    "RECORDED",
    "WRITABLE",
    "HandHistoryError",
    "HandOrHistory",
    "HandRecord",
    "PhhHand",
    "ReadHand",
    "RecordedPlayer",
    "Step",
    "detect",
    "dumps_phhs",
    "follow",
    "follow_history",
    "from_kingsclub",
    "from_phh",
    "from_pokerstars",
    "fulltilt_records",
    "iter_hands",
    "kingsclub_records",
    "loads_phhs",
    "merge_records",
    "pokerstars_records",
    "read_hands",
    "read_kingsclub",
    "read_phh",
    "read_pokerstars",
    "record_of",
    "to_phh",
    "to_pokerstars",
    "write_hand",
    "write_hands",
]
