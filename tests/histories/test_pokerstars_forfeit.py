"""A seat all in while sitting out, folded by PokerStars: read as that seat forfeiting its hand.

PokerStars deals a sitting-out tournament player in, posts its ante or blind
(all in, when that is all it has) and then writes ``dr.lowball: folds`` for it,
though an all-in seat has nothing to decide; the pot goes to the others. The
hands of ``files/pokerstars_sitting_out.txt`` are invented; their stacks were
worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.engine import FixedLimit
from badugi.engine.followed import FollowedHand
from badugi.errors import HandHistoryError, IllegalActionError
from badugi.histories import read_hands, write_hand
from badugi.histories.follow import follow
from badugi.histories.pokerstars.read import pokerstars_records, read_pokerstars

TEXT = (Path(__file__).parent / "files" / "pokerstars_sitting_out.txt").read_text(encoding="utf-8")
#: The stacks after each hand: the antes and the big blind the forfeited seats posted go to the others.
AFTER = [[1930, 1460, 1020, 0], [940, 1080, 0]]


def test_the_fold_of_an_all_in_seat_is_read_as_a_forfeit_and_the_hand_pays_the_others() -> None:
    reads = read_pokerstars(TEXT)
    assert [read.error for read in reads] == [None, None]
    assert [read.hand.stacks for read in reads] == AFTER
    # The first hand's forfeiting seat is the fourth, the second's the third; neither wins a chip.
    assert [[s.seat for s in read.record.steps if s.kind == "forfeit"] for read in reads] == [[3], [2]]
    assert [read.hand.payouts[seat] for read, seat in zip(reads, (3, 2), strict=True)] == [0, 0]
    assert not any(s.kind == "fold" and s.seat == 3 for s in reads[0].record.steps)


def test_the_forfeit_is_in_the_hand_s_history() -> None:
    hand = read_pokerstars(TEXT)[1].hand
    forfeits = [item for item in hand.history if item["event"] == "forfeit"]
    assert forfeits == [{"event": "forfeit", "seat": 2}]


def test_a_fold_out_of_turn_by_a_seat_with_chips_is_still_refused() -> None:
    text = TEXT.split("\n\n\n\n")[1].replace("snooze4u (20 in chips)", "snooze4u (500 in chips)")
    text = text.replace("snooze4u: posts big blind 20 and is all-in", "snooze4u: posts big blind 20")
    text = text.replace(
        "Oona_S: calls 20\npelle.p: calls 10\nsnooze4u: folds", "snooze4u: folds\nOona_S: calls 20"
    )
    (read,) = read_pokerstars(text)
    assert read.hand is None
    assert "out of turn" in str(read.error)


@pytest.mark.parametrize("to", ["pokerstars", "json"])
def test_a_forfeited_hand_is_written_and_reads_back_paid_the_same(to: str) -> None:
    for read in read_pokerstars(TEXT):
        (again,) = read_hands(write_hand(read.hand, to, names=read.names or None), to)
        assert again.error is None
        assert again.hand.stacks == read.hand.stacks
        assert [i["event"] for i in again.hand.history].count("forfeit") == 1


def test_phh_cannot_state_a_forfeit_and_says_so() -> None:
    hand = read_pokerstars(TEXT)[0].hand
    with pytest.raises(HandHistoryError, match="PHH has no notation for an all-in hand given up out of turn"):
        write_hand(hand, "phh")


def _followed() -> FollowedHand:
    hand = FollowedHand([100, 5, 100], 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 1, 5)
    hand.post("big_blind", 2, 10)
    hand.deal([[None] * 4] * 3)
    return hand


def test_the_engine_takes_a_forfeit_only_from_a_seat_still_in_and_all_in() -> None:
    hand = _followed()
    with pytest.raises(IllegalActionError, match="only a hand still in and all in can"):
        hand.forfeit(2)
    with pytest.raises(IllegalActionError, match="only a hand still in and all in can"):
        hand.forfeit(7)
    with pytest.raises(IllegalActionError, match="only a hand still in and all in can"):
        hand.forfeit("1")  # type: ignore[arg-type]
    hand.forfeit(1)
    assert hand.folded == [False, True, False]
    with pytest.raises(IllegalActionError, match="only a hand still in and all in can"):
        hand.forfeit(1)
    hand.fold()  # the button folds: the big blind is the last hand in
    assert hand.phase == "showdown"
    with pytest.raises(IllegalActionError, match="while it is played"):
        hand.forfeit(2)


def test_a_record_s_forfeit_of_a_seat_with_chips_names_the_line() -> None:
    record = pokerstars_records(TEXT)[1].record
    steps = list(record.steps)
    at = next(k for k, s in enumerate(steps) if s.kind == "forfeit")
    steps[at] = type(steps[at])("forfeit", 0, line=steps[at].line)
    broken = type(record)(**{**record.__dict__, "steps": tuple(steps)})
    with pytest.raises(HandHistoryError, match=r"line 46: Oona_S forfeits its hand, but only a hand"):
        follow(broken)
