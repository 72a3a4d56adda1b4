"""Lines no room writes, each consistent with the rest of its hand, refused naming the hand and the line.

A rake no room takes (the whole pot, or more than a tenth of it), a ``shows``
line whose hand name is not the cards', and ``discards 0 cards``.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from badugi.histories import read_hands, to_phh
from badugi.histories._rake import rake_refusal
from badugi.histories.engine_record import record_of
from badugi.histories.follow import follow
from tests.histories.phh_play import random_engine_hand

FILES = Path(__file__).parent / "files"


def text_of(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8-sig")


def only_error(text: str, form: str) -> str:
    hands = read_hands(text, form)
    assert hands[0].hand is None, "the hand is read"
    return str(hands[0].error)


def first_pokerstars_hand() -> str:
    text = text_of("pokerstars_cash.txt")
    return text[: text.index("PokerStars Hand #", 10)]


def first_fulltilt_hand() -> str:
    text = text_of("fulltilt_heads_up.txt")
    return text[: text.index("Full Tilt Poker Game #", 10)]


def test_the_hands_as_they_are_read() -> None:
    assert read_hands(first_pokerstars_hand())[0].hand is not None
    assert read_hands(first_fulltilt_hand())[0].hand is not None


@pytest.mark.parametrize(
    ("rake", "won", "why"),
    [("$2.90", "$0", "the whole pot"), ("$0.90", "$2", "more than a tenth of the pot")],
)
def test_pokerstars_a_rake_no_room_takes_is_refused(rake: str, won: str, why: str) -> None:
    text = first_pokerstars_hand().replace("Rake $0.15", f"Rake {rake}")
    text = text.replace("B0bbyDraw collected $2.75 from pot", f"B0bbyDraw collected {won} from pot")
    text = text.replace("and won ($2.75)", f"and won ({won})")
    error = only_error(text, "pokerstars")
    assert error.startswith("PokerStars hand #211004887201, line 56 ('Total pot $2.90"), error
    assert why in error


def test_fulltilt_a_rake_no_room_takes_is_refused() -> None:
    text = first_fulltilt_hand().replace("Rake $0.05", "Rake $0.40")
    text = text.replace("wins the pot ($1.35)", "wins the pot ($1)").replace(
        "collected ($1.35)", "collected ($1)"
    )
    error = only_error(text, "fulltilt")
    assert error.startswith("Full Tilt hand #41000000101, line 38 ('Total pot $1.40 | Rake $0.40')"), error
    assert "more than a tenth" in error


def test_merge_a_rake_no_room_takes_is_refused() -> None:
    text = text_of("merge_fixed_limit.xml").replace('<winner amount="24.00"', '<winner amount="20.00"', 1)
    hands = read_hands(text, "merge")
    error = str(hands[0].error)
    assert error.startswith('Merge hand #51200001-7, line 64 (\'<winner amount="20.00"'), error
    assert "more than a tenth" in error
    assert hands[1].hand is not None


def test_kingsclub_a_rake_no_room_takes_is_refused() -> None:
    text = text_of("kingsclub_badugi.txt")
    first = text[: text.index("\n#", 10)]
    raked = (
        first.replace("Rake 2.50", "Rake 100")
        .replace("Hero wins pot (657.50)", "Hero wins pot (560)")
        .replace("Seat 4: Hero (997.50) +357.50", "Seat 4: Hero (900) +260")
    )
    error = only_error(raked, "kingsclub")
    assert error.startswith("KingsClub hand #5100001, line 45 ('Rake 100')"), error
    assert "the rake 10000 is more than a tenth of the pot of 66000" in error
    assert read_hands(first, "kingsclub")[0].hand is not None  # the hand as the room wrote it reads


def test_phh_a_rake_no_room_takes_is_refused() -> None:
    # An engine hand followed again with a fifth of its pot raked off the biggest winner: consistent, but
    # no room takes that much.
    for seed in range(100):
        hand = random_engine_hand(random.Random(seed))
        record = record_of(hand)
        collects = [k for k, step in enumerate(record.steps) if step.kind == "collect"]
        pot = sum(hand.contributions) - sum(hand.result.returned)
        biggest = max(collects, key=lambda k: record.steps[k].amount or 0)
        rake = pot // 5
        if pot >= 50 and (record.steps[biggest].amount or 0) > rake:
            break
    steps = list(record.steps)
    steps[biggest] = dataclasses.replace(steps[biggest], amount=(steps[biggest].amount or 0) - rake)
    raked = follow(dataclasses.replace(record, steps=tuple(steps), rake=rake))
    phh = to_phh(raked)
    assert f"_rake = {rake}" in phh
    error = only_error(phh, "phh")
    assert "_rake" in error
    assert "more than a tenth of the pot" in error


def test_the_rake_rule() -> None:
    assert rake_refusal(0, 0) is None
    assert rake_refusal(1, 1) is not None  # the whole pot
    assert rake_refusal(1, 5) is None  # a cent of a five-cent pot: rounding
    assert rake_refusal(1, 10) is None
    assert rake_refusal(2, 10) is not None
    assert rake_refusal(10, 100) is None
    assert rake_refusal(11, 100) is not None
    assert rake_refusal(300, 10_000) is None  # a $3 cap on a $100 pot


@pytest.mark.parametrize(
    ("shown", "why"),
    [
        ("(Badugi: 9,8,5,3)", "the hand shown is a Badugi: 8, 5, 3, A"),  # other ranks
        ("(Badugi: 8,5,A)", "the hand shown is a Badugi: 8, 5, 3, A"),  # three of the four
    ],
)
def test_pokerstars_a_shown_hand_named_wrong_is_refused(shown: str, why: str) -> None:
    text = first_pokerstars_hand().replace(
        "shows [8h 5d 3c As] (Badugi: 8,5,3,A)", f"shows [8h 5d 3c As] {shown}"
    )
    error = only_error(text, "pokerstars")
    assert error.startswith("PokerStars hand #211004887201, line 51 ('B0bbyDraw: shows [8h 5d 3c As]"), error
    assert why in error


def test_pokerstars_a_badugi_that_is_not_one_is_refused() -> None:
    text = first_pokerstars_hand().replace("[8h 5d 3c As]", "[8h 5d 3c Ad]")
    error = only_error(text, "pokerstars")
    assert "line 51" in error
    assert "the hand shown is a 3-card hand: 8, 3, A, not '(Badugi: 8,5,3,A)'" in error


def test_fulltilt_a_shown_hand_named_wrong_is_refused() -> None:
    text = text_of("fulltilt_heads_up.txt")
    text = text.replace(
        "Orla shows [8h 5d 3s Ac] a Badugi: 8, 5, 3, A", "Orla shows [8h 5d 3s Ac] a Badugi: 8, 5, 4, A"
    )
    hands = read_hands(text, "fulltilt")
    assert hands[0].hand is not None
    error = str(hands[1].error)
    assert "line 74 ('Orla shows [8h 5d 3s Ac] a Badugi: 8, 5, 4, A')" in error
    assert "the hand shown is a Badugi: 8, 5, 3, A" in error


def test_a_discard_of_no_card_is_refused() -> None:
    text = first_pokerstars_hand().replace("B0bbyDraw: stands pat\n", "B0bbyDraw: discards 0 cards\n")
    error = only_error(text, "pokerstars")
    assert error.startswith("PokerStars hand #211004887201, line 35 ('B0bbyDraw: discards 0 cards')"), error
    assert "stands pat" in error
    text = first_fulltilt_hand().replace("Orla stands pat on [7c 4h 2s 9d]", "Orla discards 0 cards")
    error = only_error(text, "fulltilt")
    assert "line 20 ('Orla discards 0 cards')" in error
    assert "stands pat" in error
