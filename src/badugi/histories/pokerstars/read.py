"""Reading PokerStars text hand histories of fixed-limit Badugi: each hand as its record states it.

``pokerstars_records(text)`` splits a file into its hands (each starts with a
``PokerStars Hand #...`` or ``PokerStars Game #...`` line) and reads each one
on its own into a ``ReadHand``: its ``record`` (a ``HandRecord``), or
``skipped`` for a hand of another game, or ``error`` naming the hand and the
line for text that is not understood; the file's other hands still import.

A real PokerStars hand shows only its own player's cards (``Dealt to Hero``)
and the hands shown at the showdown or in the summary; every other card is
None in the record. The reader checks nothing against the rules: that is
``follow``'s (``badugi.histories.follow``), which ``read_pokerstars`` calls
on each record to play it through the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from badugi.histories._lines import Lines, text_hands
from badugi.histories.follow import follow_read
from badugi.histories.pokerstars.hand import SOURCE, read_hand
from badugi.histories.pokerstars.lines import HEADER
from badugi.histories.record import ReadHand, only_hand

__all__ = ["RECOGNISE", "from_pokerstars", "iter_pokerstars_records", "pokerstars_records", "read_pokerstars"]

#: What recognises a PokerStars file among its first lines (for ``badugi.histories.files.ROOM_READERS``).
RECOGNISE = re.compile(r"^\s*PokerStars (?:Zoom |Rush |Home Game )?(?:Hand|Game) #[0-9]+:", re.MULTILINE)


def pokerstars_records(text: str | bytes, *, cap: int | None = 4) -> list[ReadHand]:
    """Every hand of a PokerStars text file as its record states it (not yet followed).

    Args:
        text: the file's text: a str, or bytes in UTF-8 (with or without a
            BOM) or UTF-16; any line ends.
        cap: the bets and raises a round allows (PokerStars' fixed limit: 4).

    Returns:
        One ``ReadHand`` a hand, in the file's order, each with its
        ``record``, or ``skipped`` (another game, a cancelled hand), or
        ``error``; text before the first hand is one more ``ReadHand`` with
        an error.

    Raises:
        HandHistoryError: only when ``text`` is not text at all.
    """
    return list(iter_pokerstars_records(Lines(text, SOURCE), cap=cap))


def iter_pokerstars_records(lines: Lines, *, cap: int | None = 4) -> Iterator[ReadHand]:
    """``pokerstars_records`` a hand at a time, from a file's lines (``badugi.histories._lines``).

    Raises:
        HandHistoryError: only when the file cannot be read.
    """
    return text_hands(lines, HEADER, SOURCE, read_hand, cap)


def read_pokerstars(text: str | bytes, *, cap: int | None = 4) -> list[ReadHand]:
    """Every hand of a PokerStars text file, read and followed through the engine.

    Each hand's record (see ``pokerstars_records``) is played by
    ``follow``: a hand the rules refuse keeps its ``record`` and gets the
    ``error``; a followed hand has ``hand``, the ``FollowedHand``, and ``names``.

    Raises:
        HandHistoryError: only when ``text`` is not text at all.
    """
    return [follow_read(read) for read in pokerstars_records(text, cap=cap)]


def from_pokerstars(text: str | bytes, *, cap: int | None = 4) -> Any:
    """The one hand of a PokerStars text, followed through the engine (a ``FollowedHand``).

    Raises:
        HandHistoryError: the text does not hold exactly one hand, or the
            hand is skipped or refused (the message says why).
    """
    return only_hand(read_pokerstars(text, cap=cap), SOURCE)
