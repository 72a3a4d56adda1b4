"""Every reader's ``read_*`` follows each hand alike (``follow_read``): the hand, the names, the refusal."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi.errors import HandHistoryError
from badugi.histories import read_hands, read_kingsclub, read_pokerstars
from badugi.histories.follow import follow_read
from badugi.histories.merge import merge_hands
from badugi.histories.record import ReadHand

FILES = Path(__file__).parent / "files"
READERS: dict[str, tuple[Callable[[str], list[ReadHand]], str]] = {
    "pokerstars": (read_pokerstars, "pokerstars_cash.txt"),
    "kingsclub": (read_kingsclub, "kingsclub_badugi.txt"),
    "merge": (merge_hands, "merge_fixed_limit.xml"),
}


@pytest.mark.parametrize("form", sorted(READERS))
def test_a_followed_hand_has_its_players_names_in_seat_order(form: str) -> None:
    read, name = READERS[form]
    text = (FILES / name).read_text(encoding="utf-8-sig")
    hands = [hand for hand in read(text) if hand.hand is not None]
    assert hands
    for hand in hands:
        assert hand.record is not None
        assert hand.names == tuple(player.name for player in hand.record.players)
    # read_hands follows each hand the same way.
    assert [(r.label, r.names, r.hand.history) for r in read_hands(text, form) if r.hand is not None] == [
        (r.label, r.names, r.hand.history) for r in hands
    ]


def test_a_refused_hand_keeps_its_record_and_a_skipped_one_is_left_as_it_is() -> None:
    good = next(r for r in read_kingsclub((FILES / "kingsclub_badugi.txt").read_text()) if r.hand)
    assert good.record is not None
    # A cent of rake the pots do not account for: the record states it, the rules refuse it.
    unpaid = ReadHand(good.line, good.label, dataclasses.replace(good.record, rake=good.record.rake + 1))
    refused = follow_read(unpaid)
    assert refused.hand is None
    assert refused.record is unpaid.record
    assert refused.error is not None
    assert refused.error.label == good.label  # the refusal carries the hand's place
    skipped = ReadHand(3, "a hand", skipped="another game")
    assert follow_read(skipped) is skipped
    assert follow_read(refused) is refused  # followed once only


@pytest.mark.parametrize("garbage", [None, 5, "hand", object()])
def test_follow_read_takes_a_read_hand_only(garbage: object) -> None:
    with pytest.raises(HandHistoryError, match="follow_read takes a ReadHand, got"):
        follow_read(garbage)  # type: ignore[arg-type]
