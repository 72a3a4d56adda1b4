"""PokerStars' text hand histories of fixed-limit Badugi: read, and written.

``read`` splits a file into its hands and reads each into its record
(``hand`` reads one hand, line by line, by the grammar in ``lines``, the
summary by ``summary``; ``record`` builds the record); ``write`` writes an
engine hand as PokerStars does, with the fields it keeps (``fields``,
``kept``). The records are played through the engine by
``badugi.histories.follow``.
"""

from badugi.histories.pokerstars.read import (
    RECOGNISE,
    from_pokerstars,
    iter_pokerstars_records,
    pokerstars_records,
    read_pokerstars,
)
from badugi.histories.pokerstars.write import to_pokerstars

__all__ = [
    "RECOGNISE",
    "from_pokerstars",
    "iter_pokerstars_records",
    "pokerstars_records",
    "read_pokerstars",
    "to_pokerstars",
]
