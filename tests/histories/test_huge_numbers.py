"""Numbers of thousands of digits, and lone surrogates, refused in the library's own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.engine import FixedLimit
from badugi.errors import HandHistoryError
from badugi.histories import HandRecord, RecordedPlayer, follow, merge_records, read_hands

FILES = Path(__file__).parent / "files"
BIG = "9" * 5000  # over Python's 4,300 digits for int()


def text_of(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8-sig")


CASES = {
    "pokerstars chips": ("pokerstars_tournament.txt", "(2340 in chips)", f"({BIG} in chips)"),
    "pokerstars dollars": ("pokerstars_cash.txt", "($4.35 in chips)", f"(${BIG} in chips)"),
    "fulltilt": ("fulltilt_heads_up.txt", "Seat 1: Wren ($3.30)", f"Seat 1: Wren (${BIG})"),
    "merge balance": ("merge_fixed_limit.xml", 'balance="$40.00"', f'balance="${BIG}"'),
    "kingsclub": ("kingsclub_badugi.txt", "Seat 1: Ann (1,200)", f"Seat 1: Ann ({BIG})"),
    "merge seat": ("merge_fixed_limit.xml", 'seat="0" nickname', f'seat="{BIG}" nickname'),
    "phh": ("engine_match.phhs", "starting_stacks = [", f"starting_stacks = [{BIG}, "),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_of_thousands_of_digits_is_refused_in_the_library_words(case: str) -> None:
    name, old, new = CASES[case]
    text = text_of(name)
    assert old in text
    hands = read_hands(text.replace(old, new, 1))
    refused = [read for read in hands if read.error is not None]
    assert len(refused) == 1
    error = str(refused[0].error)
    assert error.startswith(refused[0].label)
    assert "set_int_max_str_digits" not in error
    assert "Exceeds the limit" not in error
    assert "instance at 0x" not in error


def test_a_json_history_of_a_huge_number_is_refused_in_the_library_words() -> None:
    (read,) = read_hands('[{"event": "start", "stacks": [' + BIG + "]}]\n", "json")
    assert "is too long" in str(read.error)
    assert "set_int_max_str_digits" not in str(read.error)


def test_a_record_of_a_huge_stack_names_the_player_not_an_address() -> None:
    player = RecordedPlayer("Wren", 10**5000, 1)
    assert repr(player) == "RecordedPlayer(name='Wren', stack=an int of 16610 bits, seat=1)"
    record = HandRecord(
        "PokerStars", "hand #1", (player, RecordedPlayer("Orla", 100)), 0, FixedLimit(2, 4), (1, 2), ()
    )
    with pytest.raises(HandHistoryError) as raised:
        follow(record)
    assert "player 0 is RecordedPlayer(" in str(raised.value)
    assert "16610 bits" in str(raised.value)
    assert "instance at" not in str(raised.value)
    assert "(whole numbers, 0 to 2**63-1)" in str(raised.value)  # why a whole number is refused


def test_a_lone_surrogate_in_the_merge_reader_is_a_hand_history_error_not_unicode_error() -> None:
    text = text_of("merge_fixed_limit.xml").replace('nickname="Bob"', 'nickname="B\ud83dob"', 1)
    first, second = merge_records(text)
    assert isinstance(first.error, HandHistoryError)
    assert "lone surrogate (U+D83D)" in str(first.error)
    assert second.record is not None
