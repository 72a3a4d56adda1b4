"""The bots of a table, dealt afresh for every hand from the table's seed, the hand's number and the seat.

A bot made once for the whole match would carry its random state from hand to
hand; after a crash the hand in play is dealt again, and a bot that had
already drawn from its generator would then play it differently. A bot made
for each hand from (seed, hand, seat) plays that hand the same way however
often it is dealt, so a match that was interrupted ends as the same match
played straight through.
"""

from __future__ import annotations

from badugi.engine import BOTS, Player

__all__ = ["bot_for", "bot_seed"]


def bot_seed(table_seed: int, hand: int, seat: int) -> int:
    """The seed of the bot at ``seat`` for hand ``hand`` (from 1) of a table seeded ``table_seed``.

    Each (seed, hand, seat) has its own, within the engine's 128 bits.
    """
    return (table_seed % 2**64) + ((hand % 2**32) << 64) + ((seat + 1) << 96)


def bot_for(kind: str, table_seed: int, hand: int, seat: int) -> Player:
    """A bot of ``kind`` (a name of ``badugi.engine.BOTS``) for one hand at one seat."""
    return BOTS[kind].make(bot_seed(table_seed, hand, seat))
