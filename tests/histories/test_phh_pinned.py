"""Rules of reading a PHH hand that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.phh.read`` and fails on the mutant its
docstring names. Two hands: ``GOOD`` (three players, written by hand, no deck of its own) and a
heads-up hand the engine played and wrote, which carries its deck, seed and burn rule
(``_deck``, ``_seed``, ``_burn``) and so is dealt from that deck.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from badugi.engine import FixedLimit, FollowedHand, Hand
from badugi.errors import HandHistoryError
from badugi.histories import loads_phhs, read_phh, to_phh
from tests.histories.test_phh_garbage import GOOD


def _engine_written() -> str:
    """Heads-up, seed 5: each throws its first card at every draw, checks or calls; p2 wins the showdown."""
    hand = Hand([100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=5)
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw([hand.hands[hand.actor][0]])
        elif hand.legal().check:
            hand.check()
        else:
            hand.call()
    return to_phh(hand)


def _refusal(text: str, reader: Any = read_phh, **options: object) -> str:
    with pytest.raises(HandHistoryError) as caught:
        reader(text, **options)
    return str(caught.value)


def test_a_byte_order_mark_before_a_str_is_not_part_of_the_hand() -> None:
    """A str that starts with U+FEFF (a file read without ``utf-8-sig``) reads as the same hand.

    Rule: a reader takes what editors write (``_decode``: the mark is dropped from bytes and from
    str alike); the mutant keeps it, and TOML refuses the first line.
    """
    assert read_phh("\ufeff" + GOOD).hand.stacks == read_phh(GOOD).hand.stacks == [102, 98, 100]


def test_a_cap_of_one_bet_is_a_cap() -> None:
    """``cap=1`` is accepted (one bet a round, the big blind counting); 0 is refused.

    Rule: ``read_phh``'s ``cap`` is a positive int, None or RECORDED; the mutant ``cap <= 1``
    refuses the smallest cap.
    """
    assert read_phh(GOOD, cap=1).hand.stacks == [102, 98, 100]
    assert "cap must be a positive int" in _refusal(GOOD, cap=0)


def test_seat_numbers_may_start_at_zero() -> None:
    """``seats = [0, 1, 2]`` is read: seat numbers only place the players round the table.

    Rule: the engine seats are the players in seat-number order (``_seats``), so any distinct
    numbers from 0 up will do; the mutant asks for at least 1 and refuses the hand.
    """
    text = GOOD.replace("starting_stacks", "seats = [0, 1, 2]\nstarting_stacks")
    read = read_phh(text)
    assert read.seat_of == (0, 1, 2)
    assert read.hand.stacks == [102, 98, 100]


def test_a_stack_of_two_to_the_63_is_more_than_the_engine_holds() -> None:
    """A starting stack of 2**63 is refused by name: the engine's chips are signed 64-bit integers.

    Rule: every amount is at most 2**63 - 1 (the C core's ``int64_t``); the mutant's bound
    2**64 - 1 lets the stack through to a later, vaguer refusal.
    """
    text = GOOD.replace("starting_stacks = [100, 100, 100]", f"starting_stacks = [100, {2**63}, 100]")
    message = _refusal(text)
    assert message.endswith(
        "starting_stacks[1] (p2) is 9223372036854775808: more chips than the engine holds (2**63 - 1)"
    )


def test_a_bad_number_in_a_list_names_its_player_counting_from_one() -> None:
    """A bad ``starting_stacks[1]`` is named as p2's: PHH counts players from 1.

    Rule: the error names the field and the player (``read_phh``'s docstring); the mutant names
    ``p1`` for index 1.
    """
    text = GOOD.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 0, 100]")
    assert _refusal(text).endswith("starting_stacks[1] (p2) must be at least 1, got 0")


def test_a_folded_player_cannot_show() -> None:
    """p3 folded before the first draw; ``p3 sm QhQcQdQs`` at the end is refused, naming p3.

    Rule: a folded hand is dead and has no cards to show; the mutant's message names p2.
    """
    text = GOOD.replace('"p2 sm KhKdKs5h"', '"p2 sm KhKdKs5h", "p3 sm QhQcQdQs"')
    assert _refusal(text).endswith("action 22 ('p3 sm QhQcQdQs'): p3 has folded: it has no cards to show")


def test_the_engine_written_deck_must_hold_every_card_once() -> None:
    """A ``_deck`` of 52 cards with one card twice (and one missing) is refused.

    Rule: a deck is the 52 cards, each once; the mutant (``and`` for ``or``) only refuses a deck
    that is short, has an unknown card and a duplicate all at once, so this deck would be dealt.
    """
    text = _engine_written()
    assert 'Td4d"' in text  # the last two cards of the deck
    assert _refusal(text.replace('Td4d"', 'TdTh"')).endswith("_deck must hold the 52 cards, each once")


def test_the_burn_rule_is_true_or_false() -> None:
    """``_burn = 1`` is refused: the burn rule is a TOML boolean.

    Rule: bad input gets the documented error, not a silent answer (the mutant deleting the
    ``raise`` deals with ``burn=1``, which Python reads as true).
    """
    text = _engine_written().replace("_burn = true", "_burn = 1")
    assert _refusal(text).endswith("_burn must be true or false, got 1")


def test_a_muck_the_engine_would_pay_is_refused_naming_the_player() -> None:
    """In a hand dealt from its deck, the showdown's winner (p2) mucking is refused, naming p2.

    Rule: conceding at the showdown is not played by a dealt hand (the engine ranks every hand
    still in); the refusal names the player counted from 1 (the mutant names p1).
    """
    text = _engine_written()
    winner = next(line for line in text.splitlines() if line.startswith('  "p2 sm '))
    message = _refusal(text.replace(winner, '  "p2 sm",'))
    assert message.startswith("PHH: p2 mucks at the showdown, conceding,")
    assert "pays it 4" in message


def test_a_draw_the_record_never_deals_is_refused_naming_the_draw() -> None:
    """A record that ends after the third draw's discards, before their cards, is refused at that draw.

    Rule: each player's thrown cards are replaced (the seeds' draw); the refusal names the first
    player owed cards and the action where it drew (the mutant reads past the pair it keeps and
    fails with Python's own ``IndexError``).
    """
    text = _engine_written()
    head, rest = text.split('  "d dh p1 6c",\n', 1)
    cut = head + "]\n" + rest.split("\n]\n", 1)[1]
    assert _refusal(cut) == "PHH: p1 drew (action 17 ('p1 sd 7s')) and the record deals it no cards"


def test_a_hand_that_deals_all_52_cards_is_followed_not_dealt() -> None:
    """Four players each throwing three cards at every draw see all 52 cards: that hand is followed.

    Rule: the engine's stack keeps its last card and reshuffles the discards before dealing it
    (seed 000), so no deck of the engine deals 52 cards without a reshuffle, whose order a record
    cannot tell; such a hand is followed (``FollowedHand``), as a reshuffle is. The mutant
    (``> _DECK + 1``) builds a deck of all 52 and deals from it.
    """
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
    random.Random(1).shuffle(deck)
    cards = iter(deck)
    hands = [[next(cards) for _ in range(4)] for _ in range(4)]
    actions = [f"d dh p{k + 1} {''.join(held)}" for k, held in enumerate(hands)]
    actions += ["p3 cc", "p4 cc", "p1 cc", "p2 cc"]
    for _draw in range(3):
        for k in range(4):
            thrown, hands[k] = hands[k][:3], hands[k][3:] + [next(cards) for _ in range(3)]
            actions += [f"p{k + 1} sd {''.join(thrown)}", f"d dh p{k + 1} {''.join(hands[k][1:])}"]
        actions += ["p1 cc", "p2 cc", "p3 cc", "p4 cc"]
    actions += [f"p{k + 1} sm {''.join(held)}" for k, held in enumerate(hands)]
    text = (
        'variant = "FB"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nsmall_bet = 2\n'
        "big_bet = 4\nstarting_stacks = [100, 100, 100, 100]\nactions = ["
        + ", ".join(f'"{action}"' for action in actions)
        + "]\n"
    )
    assert next(cards, None) is None  # every card dealt once
    hand = read_phh(text).hand
    assert isinstance(hand, FollowedHand)
    assert hand.stacks == [106, 98, 98, 98]


def test_a_refused_deal_names_where_the_deck_came_from() -> None:
    """A draw's cards dealt in two actions are refused, naming the deck as worked out from the record.

    Rule: the engine deals a draw's cards at once, so ``d dh p2 5h`` then ``d dh p2 6h`` for a
    draw of two does not replay; a hand with no ``_deck`` of its own is dealt from a deck the
    reader works out from the record, and the refusal says so rather than naming a ``_deck`` the
    record does not carry.
    """
    split = GOOD.replace('"p2 sd Kc", "d dh p2 5h"', '"p2 sd KcKd", "d dh p2 5h", "d dh p2 6h"')
    message = _refusal(split.replace('"p2 sm KhKdKs5h"', '"p2 sm KhKs5h6h"'))
    assert message.endswith("the record deals p2 5h, the deck worked out from the record deals 5h6h")


def test_a_followed_hand_the_record_cannot_describe_is_refused() -> None:
    """A hand with unseen cards whose p2 throws five cards is refused with the record's reason.

    Rule: a hand with cards nobody saw is followed from its record (``phh.record``), and what
    that record refuses is the hand's refusal (the mutant deleting the ``raise`` goes on with no
    record and fails with Python's own error).
    """
    unseen = GOOD.replace('"d dh p3 QhQcQdQs"', '"d dh p3 ????????"')
    assert read_phh(unseen).hand.stacks == [102, 98, 100]
    message = _refusal(unseen.replace('"p2 sd Kc"', '"p2 sd KcKdKsKhQs"'))
    assert message.endswith("action 9 ('d dh p2 5h'): p2 threw 5 cards and is dealt 1")


def test_an_engine_hand_of_seed_zero_reads() -> None:
    """A hand the engine dealt with ``seed=0`` carries ``_seed = 0``, and reads back.

    Rule: ``_seed`` is an int from 0 to 2**128 - 1 (``Hand``'s own seeds start at 0); the mutant
    refuses seed 0.
    """
    hand = Hand([100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=0)
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw([])
        elif hand.legal().check:
            hand.check()
        else:
            hand.call()
    text = to_phh(hand)
    assert "_seed = 0\n" in text
    assert read_phh(text).hand.history == hand.history


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # More cards dealt than thrown, and fewer (none), each naming p2 and the actions.
        (
            ('"d dh p2 5h"', '"d dh p2 5h6h"'),
            "action 9 ('d dh p2 5h6h'): p2 threw 1 cards (action 8 ('p2 sd Kc')) and is dealt 2",
        ),
        ((', "d dh p2 5h"', ""), "action 8 ('p2 sd Kc'): p2 throws 1 cards and is dealt 0 in their place"),
        # A show in the middle of the betting.
        (
            ('"p3 f"', '"p1 sm Ah2c3d4s", "p3 f"'),
            "action 4 ('p1 sm Ah2c3d4s'): p1 shows or mucks before the showdown (p3 is to act)",
        ),
    ],
)
def test_a_wrong_deal_or_show_names_the_player_counted_from_one(
    change: tuple[str, str], expected: str
) -> None:
    """Each refusal names the PHH player (p1 is the first) and the actions at fault.

    Rule: a refusal names the field or the action (``read_phh``'s docstring), and PHH counts
    players from 1; the mutants name p1 or p3 for p2, or p0 for p1.
    """
    assert _refusal(GOOD.replace(*change)).endswith(expected)


def test_an_engine_hand_refuses_cards_it_did_not_deal_naming_the_player() -> None:
    """In a hand dealt from its ``_deck``: cards for a player who stood pat, and a deal moved, are refused.

    Rule: a player is dealt only in place of what it threw, and the record's deal must be the
    deck's; each refusal names the player counted from 1 (the mutants name p0 or p2).
    """
    text = _engine_written()
    assert _refusal(text.replace('  "d dh p1 Ah",\n', '  "d dh p1 Ah",\n  "d dh p1 2c",\n', 1)).endswith(
        "action 8 ('d dh p1 2c'): p1 is dealt cards it did not draw for"
    )
    first = text.split('"d dh p1 ')[1][:2]
    other = next(card for card in ("2c", "3c", "4c", "5c") if card not in text.split("_deck")[0])
    message = _refusal(text.replace(f'"d dh p1 {first}', f'"d dh p1 {other}', 1))
    assert message.startswith(f"PHH: p1 is dealt {other}")
    assert message.endswith("by the record's deck (_deck)")


@pytest.mark.parametrize(("length", "shown"), [(40, "n" * 40), (41, "n" * 37 + "...")])
def test_a_hands_name_in_a_message_is_cut_past_40_characters(length: int, shown: str) -> None:
    """A ``.phhs`` section name of 40 characters is named whole; one of 41 is cut to 37 and "...".

    Rule: a table's name is the file's own text, so a message cuts it to stay one line; the
    mutants cut at 39, or fail joining the cut name.
    """
    bad = GOOD.replace('"p2 cc", "p1 sd"', '"p2 cbr 3", "p1 sd"')
    message = _refusal(f"[{'n' * length}]\n" + bad, reader=loads_phhs)
    assert message.startswith(f"PHH hand [{shown}]: action 6 ('p2 cbr 3')")
