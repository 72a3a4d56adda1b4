"""A file of one hand read by a room's reader: its outcome, its record, or its refusal.

The reader is any of the ``*_records`` functions (text in, one ``ReadHand`` a hand out); the
pinned tests of each format change one line of a hand and ask what it became.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi.errors import HandHistoryError
from badugi.histories.record import HandRecord, ReadHand

Reader = Callable[[str], Sequence[ReadHand]]


def only(read: Reader, text: str) -> ReadHand:
    """The one hand ``read`` makes of ``text`` (a file of exactly one hand)."""
    hands = read(text)
    assert len(hands) == 1
    return hands[0]


def record_of(read: Reader, text: str) -> HandRecord:
    """The record of ``text``'s one hand, which must read without error."""
    hand = only(read, text)
    assert hand.record is not None, hand.error
    return hand.record


def refusal_of(read: Reader, text: str) -> HandHistoryError:
    """The error ``text``'s one hand is refused with (neither read nor skipped)."""
    hand = only(read, text)
    assert hand.record is None, hand.record
    assert hand.error is not None, hand.skipped
    return hand.error
