"""Reading KingsClub text hand histories of fixed-limit Badugi, Badeucy and Badacey, each hand on its own.

``kingsclub_records(text)`` splits a file into its hands (each starts with a
``#37732805: Limit Badugi - 30/60`` line) and reads each one into a
``ReadHand``: its ``record`` (a ``HandRecord``), or ``skipped`` for a hand of
another game (KingsClub deals many), or ``error`` naming the hand and the
line for text not understood; the file's other hands still import.
``read_kingsclub(text)`` also plays each record through the engine
(``badugi.histories.follow``), which checks every line by the rules and that
the pots pay what the room paid.

A cash game's amounts are dollars and cents (the record counts cents, its
``currency`` field ``"USD"``); a tournament's (``Table 'T123 [4]'``) are chips.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from badugi.histories._lines import Lines, text_hands
from badugi.histories.follow import follow_read
from badugi.histories.kingsclub.hand import SOURCE, read_hand
from badugi.histories.kingsclub.lines import HEADER
from badugi.histories.record import ReadHand, only_hand

__all__ = ["RECOGNISE", "from_kingsclub", "iter_kingsclub_records", "kingsclub_records", "read_kingsclub"]

#: What recognises a KingsClub file among its first lines (for ``badugi.histories.files.ROOM_READERS``).
RECOGNISE = re.compile(
    r"^[ \t]*#[0-9]+: (?:No Limit|Pot Limit|Limit) .+ - [0-9.,]+/[0-9.,]+[ \t]*\r?\n"
    r"(?:[ \t]*[0-9]{4}-[0-9]{2}-[0-9]{2} .*\r?\n)?[ \t]*Table (?:ID )?'",
    re.MULTILINE,
)


def kingsclub_records(text: str | bytes, *, cap: int | None = 4) -> list[ReadHand]:
    """Every hand of a KingsClub text file as its record states it (not yet followed).

    Args:
        text: the file's text: a str, or bytes in UTF-8 (with or without a
            BOM) or UTF-16; any line ends.
        cap: the bets and raises a round allows (4: a bet and three raises).

    Returns:
        One ``ReadHand`` a hand, in the file's order; text before the first
        hand is one more ``ReadHand`` with an error.

    Raises:
        HandHistoryError: only when ``text`` is not text at all.
    """
    return list(iter_kingsclub_records(Lines(text, SOURCE), cap=cap))


def iter_kingsclub_records(lines: Lines, *, cap: int | None = 4) -> Iterator[ReadHand]:
    """``kingsclub_records`` a hand at a time, from a file's lines (``badugi.histories._lines``).

    Raises:
        HandHistoryError: only when the file cannot be read.
    """
    return text_hands(lines, HEADER, SOURCE, read_hand, cap)


def read_kingsclub(text: str | bytes, *, cap: int | None = 4) -> list[ReadHand]:
    """Every hand of a KingsClub text file, read and followed through the engine.

    A hand the rules refuse keeps its ``record`` and gets the ``error``; a
    followed hand has ``hand`` (the ``FollowedHand``) and ``names``.

    Raises:
        HandHistoryError: only when ``text`` is not text at all.
    """
    return [follow_read(read) for read in kingsclub_records(text, cap=cap)]


def from_kingsclub(text: str | bytes, *, cap: int | None = 4) -> Any:
    """The one hand of a KingsClub text, followed through the engine (a ``FollowedHand``).

    Raises:
        HandHistoryError: the text does not hold exactly one hand, or the
            hand is skipped or refused (the message says why).
    """
    return only_hand(read_kingsclub(text, cap=cap), SOURCE)
