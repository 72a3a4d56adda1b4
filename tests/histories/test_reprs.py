"""A read hand and a record print on one line (issue 30: one was 5,786 characters)."""

from __future__ import annotations

from pathlib import Path

from badugi.errors import HandHistoryError
from badugi.histories import read_hands
from badugi.histories.record import ReadHand

FILES = Path(__file__).parent / "files"


def test_each_outcome_prints_on_one_short_line() -> None:
    hands = read_hands((FILES / "pokerstars_cash.txt").read_text(encoding="utf-8-sig"))
    followed = hands[0]
    assert repr(followed) == "ReadHand('PokerStars hand #211004887201', line 1, followed)"
    assert repr(followed.record) == "HandRecord('PokerStars hand #211004887201', 6 players, 48 steps, line 1)"
    refused = ReadHand(7, "a hand", error=HandHistoryError("x" * 5000))
    skipped = ReadHand(9, "b hand", skipped="another game")
    unfollowed = ReadHand(1, "c hand", record=followed.record)
    assert repr(skipped) == "ReadHand('b hand', line 9, skipped: 'another game')"
    assert repr(unfollowed) == "ReadHand('c hand', line 1, read, not followed)"
    assert repr(ReadHand(2, "d hand")) == "ReadHand('d hand', line 2, empty)"
    assert repr(ReadHand(3, "e hand", hand=followed.hand)) == "ReadHand('e hand', line 3, played)"
    for read in (followed, refused, skipped, unfollowed):
        assert "\n" not in repr(read)
        assert len(repr(read)) <= 200, repr(read)
    assert repr(refused).startswith("ReadHand('a hand', line 7, refused: 'xxx")
