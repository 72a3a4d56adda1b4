"""Rules of reading a Full Tilt hand that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.fulltilt.read`` and fails on the mutant its
docstring names. The hand is the first of the invented ``files/fulltilt_heads_up.txt``, changed
line by line.
"""

from __future__ import annotations

from pathlib import Path

from badugi.histories.fulltilt.read import fulltilt_records
from badugi.histories.record import HandRecord, ReadHand
from tests.histories.one_hand import only, record_of, refusal_of

FILES = Path(__file__).parent / "files"


def _hand() -> str:
    """Wren and Orla heads-up: three draws, Orla (whose cards are shown) wins when Wren folds."""
    return (FILES / "fulltilt_heads_up.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0] + "\n"


def _only(text: str) -> ReadHand:
    return only(fulltilt_records, text)


def _record(text: str) -> HandRecord:
    return record_of(fulltilt_records, text)


def _error(text: str) -> str:
    return str(refusal_of(fulltilt_records, text))


def test_a_number_too_long_for_python_refuses_that_hand_with_the_reason() -> None:
    """A seat number of 5,000 digits refuses the hand, saying the number is too long.

    Rule: bad input gets the documented error (a ``HandHistoryError`` for the hand), never
    Python's own ``ValueError`` from ``int()``. The mutant that deletes the ``return`` of the
    ``ValueError`` branch falls through to a record it never made.
    """
    message = _error(_hand().replace("Seat 1: Wren", "Seat " + "1" * 5000 + ": Wren", 1))
    assert message.startswith("Full Tilt hand #41000000101, line 1: ")
    assert "a number of 5,000 digits is too long" in message


def test_a_hand_with_no_seat_lines_is_refused() -> None:
    """A header followed by no ``Seat N: name ($stack)`` line is refused at the header.

    Rule: a hand is played by the seated; with no seat line there is no one to play it (the
    mutant deleting the ``raise`` reads on with no players).
    """
    text = "".join(
        line
        for line in _hand().splitlines(keepends=True)
        if not line.startswith(("Seat 1: Wren (", "Seat 2: Orla ("))
    )
    message = _error(text)
    assert "line 1 (" in message
    assert message.endswith("no seat lines ('Seat 1: Bob ($2)') after the header")


def test_a_hero_who_kept_cards_must_be_dealt_the_kept_and_the_new_ones() -> None:
    """After a draw of one card, "Dealt to Orla [9d]" (one bracket) is refused.

    Rule: Full Tilt writes the hero's cards after a draw as ``[kept] [new]``; a single bracket is a
    whole new hand, which only a player who threw all four cards gets. The mutant ``or`` for
    ``and`` takes the one bracket as the new cards and forgets the three kept.
    """
    message = _error(_hand().replace("Dealt to Orla [7c 4h 2s] [9d]", "Dealt to Orla [9d]"))
    assert message.endswith("new cards that are not the 1 the player threw")


def test_a_player_draws_once_a_draw() -> None:
    """A second "discards" line from one player in one draw is refused.

    Rule: each player draws once in each draw (the seeds' triple draw); the mutant deleting the
    ``raise`` takes the second draw.
    """
    message = _error(
        _hand().replace("Wren discards 2 cards\n", "Wren discards 2 cards\nWren discards 2 cards\n", 1)
    )
    assert "line 14 ('Wren discards 2 cards')" in message
    assert message.endswith("the player draws twice in one draw")


def test_no_total_pot_line_means_no_rake_and_no_total() -> None:
    """A summary with no "Total pot ... | Rake ..." line gives a rake of 0 and no total pot.

    Rule: the rake is what the room says it took; a hand that does not say took nothing (the
    mutant starts the rake at 1 chip).
    """
    record = _record(_hand().replace("Total pot $1.40 | Rake $0.05\n", ""))
    assert (record.rake, record.total_pot) == (0, None)
    assert (_record(_hand()).rake, _record(_hand()).total_pot) == (5, 140)


def test_a_hand_with_no_antes_has_an_ante_of_zero() -> None:
    """A hand whose header and lines post no ante has ``ante == 0``.

    Rule: the ante is the header's or else the largest posted (none posted: no ante); the mutant
    ``max(antes, default=1)`` gives every hand without antes an ante of one chip.
    """
    assert _record(_hand()).ante == 0


def test_a_button_on_an_empty_seat_before_every_player_is_the_last_players() -> None:
    """With players in seats 3 and 5 and the button in seat 2, the button is the player in seat 5.

    Rule: the button moves clockwise, so a button on an empty seat belongs to the nearest player
    before it, and before seat 2 come, going round, seats 1 and then 5 (the dead button of the
    card rooms). The mutant gives the button to index ``len(players) + 1``, who is not there.
    """
    text = _hand().replace("Seat 1: Wren", "Seat 3: Wren").replace("Seat 2: Orla", "Seat 5: Orla")
    text = text.replace("The button is in seat #1", "The button is in seat #2")
    record = _record(text)
    assert [p.seat for p in record.players] == [3, 5]
    assert record.button == 1
    text = text.replace("The button is in seat #2", "The button is in seat #4")
    assert _record(text).button == 0


def test_stakes_that_cannot_be_played_are_refused_at_the_header() -> None:
    """A header of "$0/$0 - Limit Badugi" is refused, naming the header's line.

    Rule: every error names the hand and the line it comes from (``HandHistoryError``'s
    contract); the stakes are on the header, line 1 here (the mutant names line 2, the first
    seat).
    """
    hand = _only(_hand().replace("$0.10/$0.20 - Limit", "$0/$0 - Limit"))
    assert hand.error is not None
    assert (hand.error.line, hand.error.text) == (1, _hand().splitlines()[0].replace("$0.10/$0.20", "$0/$0"))
    assert "the stakes cannot be played: small_bet must be a positive int, got 0" in str(hand.error)
