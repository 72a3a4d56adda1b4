"""Rules of reading a KingsClub hand that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.kingsclub.hand`` and fails on the mutant its
docstring names. The hands are the first two of the invented ``files/kingsclub_badugi.txt``
(Ann, Bo and Hero: a showdown after three draws, then a hand the big blind wins uncontested),
changed line by line.
"""

from __future__ import annotations

from pathlib import Path

from badugi.histories.follow import follow
from badugi.histories.kingsclub import kingsclub_records
from badugi.histories.kingsclub.event import Event
from badugi.histories.kingsclub.hand import _blinds
from badugi.histories.record import HandRecord, ReadHand
from tests.histories.one_hand import only, record_of, refusal_of

FILES = Path(__file__).parent.parent / "files"


def _hands() -> list[str]:
    return [
        hand + "\n" for hand in (FILES / "kingsclub_badugi.txt").read_text(encoding="utf-8").split("\n\n")
    ]


def _only(text: str) -> ReadHand:
    return only(kingsclub_records, text)


def _record(text: str) -> HandRecord:
    return record_of(kingsclub_records, text)


def _error(text: str) -> tuple[int | None, str]:
    error = refusal_of(kingsclub_records, text)
    return error.line, str(error)


def test_a_header_with_nothing_after_it_is_refused_at_the_header() -> None:
    """A header line alone, or with only its time line, is refused: the table line is missing.

    Rule: a hand names its table and button before its seats; a file cut after the header is
    refused at the header (the mutants ``k <= len(body)`` read a line past the end and fail with
    Python's own ``IndexError``).
    """
    expected = "expected \"Table '...' Seat N is the button\""
    for text in ("#5100001: Limit Badugi - 30/60\n", "#5100001: Limit Badugi - 30/60\n2021-03-14 20:01:07\n"):
        line, message = _error(text)
        assert line == 1
        assert message.endswith(expected)


def test_a_hand_with_no_seats_is_refused_at_the_line_after_the_table() -> None:
    """A hand whose seat lines are gone is refused at the line where they should start (line 4).

    Rule: every error names the hand and the line (``HandHistoryError``'s contract); the mutant
    passes the line's text where its number belongs.
    """
    text = "".join(line for line in _hands()[0].splitlines(keepends=True) if not line.startswith("Seat "))
    line, message = _error(text)
    assert line == 4
    assert message.endswith(
        "line 4 ('*** 1ST BETTING ROUND ***'): expected the seats (\"Seat 1: Name (1,285)\")"
    )


def test_a_summary_seat_that_is_not_the_players_is_refused() -> None:
    """``Seat 2: Bo (790.50) -60`` in the summary, where Bo sits in seat 3, is refused.

    Rule: the summary repeats each player's seat; a different number is a damaged hand (the
    mutant deleting the ``raise`` reads on).
    """
    line, message = _error(_hands()[0].replace("Seat 3: Bo (790.50) -60", "Seat 2: Bo (790.50) -60"))
    assert line == 43
    assert message.endswith("'Bo' is seated at seat 3, not 2")


def test_a_hand_cut_before_its_summary_is_refused_at_its_last_line() -> None:
    """A hand that stops before ``*** SUMMARY ***`` is refused at its last line (line 40).

    Rule: a missing line has no line of its own, so the reader names the last one it read; the
    mutants name the first line of the hand, or pass the last line's text as its number.
    """
    line, message = _error(_hands()[0].split("*** SUMMARY ***")[0])
    assert line == 40
    assert message.endswith(
        "line 40 ('Ann shows [Ac 5d 6h 8s]'): the hand stops before its summary (a truncated file?)"
    )


def test_each_record_starts_at_its_header_line() -> None:
    """The records of a file start at their header lines, counted from 1: here lines 1 and 48.

    Rule: a record's ``line`` is the line of the file its hand starts on (``HandRecord``'s
    contract: an error found when the record is followed points back into the file); the mutant
    gives ``start - 1``.
    """
    hands = kingsclub_records("\n".join(_hands()[:2]))
    assert [hand.record.line for hand in hands if hand.record is not None] == [1, 48]


def test_a_draw_rounds_step_points_at_its_marker_line() -> None:
    """The first hand's draw rounds are its lines 16, 26 and 32 (``*** 1ST DRAW ***`` and so on).

    Rule: each step points at the line it was read from, counted from 1; the mutant points one
    line above.
    """
    record = _record(_hands()[0])
    lines = [s.line for s in record.steps if s.kind == "draw_round"]
    assert lines == [16, 26, 32]
    text = _hands()[0].splitlines()
    assert [text[n - 1] for n in lines] == ["*** 1ST DRAW ***", "*** 2ND DRAW ***", "*** 3RD DRAW ***"]


def test_an_uncalled_bet_line_returns_the_bet_to_the_player_it_names() -> None:
    """``Uncalled bet (15) returned to Ann`` returns 15 to Ann, as the reader works out without it.

    Rule: a bet nobody called goes back to who bet it; the line names the amount and then the
    player (the mutant takes the amount for the name and finds no such player).
    """
    second = _hands()[1]
    with_line = _record(second.replace("Hero folds\n", "Hero folds\nUncalled bet (15) returned to Ann\n"))
    assert [(s.kind, s.seat, s.amount) for s in with_line.steps if s.kind in ("returned", "collect")] == [
        ("returned", 0, 1500),
        ("collect", 0, 3000),
    ]
    assert follow(with_line).payouts == follow(_record(second)).payouts == [4500, 0, 0]


def test_a_label_keeps_the_first_30_digits_of_a_long_hand_number() -> None:
    """A hand number of 40 digits is read, and its label shows its first 30.

    Rule: a message names the hand but stays short (``MESSAGE_LIMIT``); the mutant keeps 31.
    """
    hand = _only(_hands()[0].replace("#5100001:", "#" + "7" * 40 + ":"))
    assert hand.label == "KingsClub hand #" + "7" * 30
    assert hand.record is not None


def test_an_all_in_small_blind_is_the_custom_blind_of_half_the_small_bet() -> None:
    """A small blind all in for less is taken as the table's blind: half the small bet, rounded down.

    Rule: the record's blinds are the table's, and a short all-in post says only that the player
    had no more (as the PokerStars reader reads it). At a small bet of 1 chip the half is 0, so a
    small blind all in for nothing is a blind of 0 (the mutant ``or 1`` makes it 1).
    """

    def posts(small: int, small_bet: int) -> tuple[int, int] | None:
        events = [
            Event("small_blind", "A", 7, amount=small, all_in=True),
            Event("big_blind", "B", 8, amount=small_bet),
        ]
        return _blinds(events, small_bet)

    assert posts(0, 1) == (0, 1)
    assert posts(10, 60) == (30, 60)
    assert posts(45, 60) == (45, 60)
