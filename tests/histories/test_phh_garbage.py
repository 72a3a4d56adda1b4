"""Whatever the PHH functions are given, they answer with a hand or a HandHistoryError naming the problem."""

from __future__ import annotations

import contextlib
import random

import pytest

from badugi.engine import FixedLimit, HalfPotLimit, Hand, PotLimit
from badugi.errors import BadugiError, HandHistoryError
from badugi.games import BADACEY, BADEUCY
from badugi.histories import dumps_phhs, from_phh, loads_phhs, read_phh, to_phh
from tests.histories.phh_play import random_engine_hand

HEAD = """\
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
"""
DEAL = '"d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQdQs"'
GOOD = (
    HEAD
    + f'actions = [{DEAL}, "p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd Kc", "d dh p2 5h", '
    + (
        '"p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
        '"p1 sm Ah2c3d4s", "p2 sm KhKdKs5h"]\n'
    )
)


def test_the_good_hand_reads() -> None:
    hand = from_phh(GOOD)
    assert hand.stacks == [102, 98, 100]


def test_a_muck_at_the_showdown_concedes() -> None:
    # p1 holds the better hand but mucks it: p2, who shows, takes the pot. The hand is followed (a
    # FollowedHand), since the engine's dealt hands settle by every hand still in.
    hand = from_phh(GOOD.replace('"p1 sm Ah2c3d4s"', '"p1 sm"'))
    assert hand.stacks == [98, 102, 100]
    assert hand.conceded == [True, False, False]  # type: ignore[attr-defined]


def with_actions(*actions: str, head: str = HEAD) -> str:
    return head + "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"


DEALT = ("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQdQs")

BAD_TEXTS = [
    (12, "PHH is text"),
    (None, "PHH is text"),
    (["variant"], "PHH is text"),
    (b"\xff\xfe", "not UTF-8"),
    ("", "'variant' is missing"),
    ("variant = ", "line 1"),
    ("variant = 'FB", "not closed"),
    ("variant = 'FB'\nvariant = 'FB'", "defined twice"),
    ('variant = "NT"', "not fixed-limit Badugi"),
    ('variant = "F2L3D"', "not fixed-limit Badugi"),
    ('variant = "FB"\nstarting_stacks = 5', "starting_stacks must be an array"),
    ('variant = "FB"\nstarting_stacks = [5]', "2 to 8 players"),
    ('variant = "FB"\nstarting_stacks = ' + str([5] * 9), "2 to 8 players"),
    (GOOD[: len(GOOD) // 2], "not closed"),  # truncated in the actions
    (
        GOOD.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, inf, 100]"),
        "unknown amount",
    ),
    (GOOD.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 1.5, 100]"), "whole chips"),
    (GOOD.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 0, 100]"), "at least 1"),
    (
        GOOD.replace("starting_stacks = [100, 100, 100]", 'starting_stacks = [100, "x", 100]'),
        "must be an integer",
    ),
    (
        GOOD.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [100, true, 100]"),
        "must be an integer",
    ),
    (GOOD.replace("antes = [0, 0, 0]", "antes = [0, 0]"), "antes has 2 numbers for 3 players"),
    (GOOD.replace("antes = [0, 0, 0]", "antes = [0, 0, 3]"), "one ante for every player"),
    (GOOD.replace("[1, 2, 0]", "[1, 2, 4]"), "no straddle"),
    (GOOD.replace("[1, 2, 0]", "[1, 0, 0]"), "without a big blind"),
    (GOOD.replace("[1, 2, 0]", "[3, 2, 0]"), "small blind is above"),
    (GOOD.replace("small_bet = 2\n", ""), "'small_bet' is missing"),
    (GOOD.replace("small_bet = 2", "small_bet = 0"), "at least 1"),
    (GOOD + "min_bet = 2\n", "'min_bet' is not a field"),
    (GOOD + "bring_in = 2\n", "'bring_in' is not a field"),
    (HEAD + "actions = 3", "actions must be an array"),
    (HEAD + f"actions = [{DEAL}, 7]", "every action is a string"),
    (with_actions(*DEALT, "d db Ah"), "no board"),
    (with_actions(*DEALT, "p4 f"), "not a player of this hand"),
    (with_actions(*DEALT, "x f"), "is not a player"),
    (with_actions(*DEALT, "p3 pb"), "no bring-in"),
    (with_actions(*DEALT, "p3 fold"), "cbr, cc, f, sd or sm"),
    (with_actions(*DEALT, "p3 f now"), "takes nothing after it"),
    (with_actions(*DEALT, "p3 cbr"), "one amount"),
    (with_actions(*DEALT, "p3 cbr 4.5"), "one amount"),
    (with_actions(*DEALT, "p3 cbr -4"), "one amount"),
    (with_actions("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQdXs", "p3 f"), "is not a card"),
    (
        with_actions("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQd??", "p3 f"),
        "stops before the hand is over: p1 is to act",
    ),
    (with_actions("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQd", "p3 f"), "dealt 3 cards"),
    (with_actions("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQdQsJs"), "more than 4 cards"),
    (with_actions("d dh p1 Ah2c3d4s", "d dh p2 KhKcKdKs", "d dh p3 QhQcQdAh", "p3 f"), "Ah is dealt twice"),
    (with_actions(*DEALT), "no action after the deal"),
    (with_actions(*DEALT, "p1 f"), r"action 4 \('p1 f'\): p1 acts out of turn: p3 is to act"),
    (with_actions(*DEALT, "p3 cbr 5"), r"action 4 \('p3 cbr 5'\).*cannot raise to 5"),
    (with_actions(*DEALT, "p3 f", "p1 f", "p2 f"), "the hand is over"),
    (with_actions(*DEALT, "p3 f", "p1 cc"), "stops before the hand is over"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p2 sd"), "p2 acts out of turn: p1 is to act"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 cc"), "turn to draw"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 sd 5h", "p2 sd", "d dh p1 6h"), "does not hold 5h"),
    (
        with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 sd Ah", "p2 sd", "p1 cc"),
        "throws 1 cards and is dealt 0",
    ),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 sd", "d dh p1 5h"), "did not draw for"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 sd Ah", "d dh p1 5h6h"), "is dealt 2"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 cc", "p1 sd Ah", "p2 sd", "d dh p1 Kh"), "Kh is dealt twice"),
    (with_actions(*DEALT, "p3 f", "p1 cc", "p2 sm KhKcKdKs"), "before the showdown"),
    (with_actions(*DEALT, "p3 f", "p1 f", "p3 sm QhQcQdQs"), "has folded"),
    (with_actions(*DEALT, "p3 f", "p1 f", "p2 sm KhKcKdKs", "p2 sm KhKcKdKs"), "shown or mucked already"),
    (with_actions(*DEALT, "p3 f", "p1 f", "p2 sm KhKcKd5s"), "shows KhKcKd5s but holds"),
    (GOOD + "finishing_stacks = [102, 97, 100]\n", "p2 ends with 97, the engine pays it to 98"),
    (GOOD + "finishing_stacks = [102, 98, 100]\n", None),
    (GOOD + "finishing_stacks = [102, 98]\n", "finishing_stacks has 2 numbers"),
    (GOOD + "seats = [1, 1, 2]\n", "names a seat twice"),
    (GOOD + "seats = [1, 3, 2]\n", "do not go clockwise"),
    (GOOD + '_deck = "Ah"\n', "52 cards"),
    (GOOD + "_seed = 3\n", "without _deck"),
    (GOOD + "_uncapped_heads_up = 1\n", "true or false"),
    (GOOD + '_cap = "lots"\n', "_cap must be an integer"),
    (GOOD.replace("[100, 100, 100]", "[100, 1, 100]"), "big blind is all-in for less"),
    (
        HEAD.replace("antes = [0, 0, 0]", "antes = [5, 5, 5]").replace("[100, 100, 100]", "[100, 100, 3]")
        + f"actions = [{DEAL}]\n",
        "short of the ante",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXTS, ids=[str(k) for k in range(len(BAD_TEXTS))])
def test_bad_phh_is_refused_naming_the_problem(text: object, message: str | None) -> None:
    if message is None:
        read_phh(text)  # type: ignore[arg-type]
        return
    with pytest.raises(HandHistoryError, match=message) as info:
        read_phh(text)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, BadugiError)


def test_an_amount_changed_or_a_card_moved_in_an_engine_hand_is_refused() -> None:
    hand = random_engine_hand(random.Random(11), seats=4)
    text = to_phh(hand)
    assert from_phh(text).history == hand.history
    first_card = text.split('"d dh p1 ')[1][:2]
    other = next(c for c in ("2c", "3c", "4c", "5c") if c not in text.split("_deck")[0])
    with pytest.raises(HandHistoryError, match=r"by the record.s deck \(_deck\)"):
        from_phh(text.replace(f'"d dh p1 {first_card}', f'"d dh p1 {other}', 1))


def test_every_random_edit_is_a_hand_or_a_clear_error() -> None:
    rng = random.Random(5)
    for _ in range(150):
        try:
            text = to_phh(random_engine_hand(rng, seats=rng.randint(2, 4))) if rng.random() < 0.9 else GOOD
        except HandHistoryError:  # a short big blind, which PHH says otherwise
            continue
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            spot = rng.randrange(len(chars))
            choice = rng.random()
            if choice < 0.4:
                del chars[spot : spot + rng.randint(1, 5)]
            elif choice < 0.8:
                chars[spot] = rng.choice('0123456789pdfcsmbr "[],=#\n?AKhs')
            else:
                chars = chars[:spot]
        with contextlib.suppress(HandHistoryError):
            read_phh("".join(chars))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Hand([50, 50], 0, PotLimit(), blinds=(1, 2), seed=1), "PotLimit"),
        (lambda: Hand([50, 50], 0, HalfPotLimit(), blinds=(1, 2), seed=1), "HalfPotLimit"),
        (lambda: Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, game=BADEUCY), "badeucy"),
        (lambda: Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, game=BADACEY), "badacey"),
        (lambda: Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, qualifier=500), "qualifier"),
        (lambda: Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, carry=7), "carried"),
    ],
)
def test_what_phh_cannot_express_is_refused(make: object, message: str) -> None:
    hand = make()  # type: ignore[operator]
    hand.fold()
    with pytest.raises(HandHistoryError, match=message):
        to_phh(hand)


def test_dealing_errors_are_refused() -> None:
    hand = Hand([50] * 4, 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    hand.record_exposed_card(1)
    while hand.actor is not None:
        hand.fold()
    with pytest.raises(HandHistoryError, match="a card exposed in the deal"):
        to_phh(hand)
    hand = Hand([50] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    hand.call()
    hand.call()
    hand.check()
    hand.draw(hand.hands[1][:1], exposed=1)
    while hand.actor is not None:
        hand.act(("draw", []) if hand.legal().draw else "check")
    with pytest.raises(HandHistoryError, match="a card exposed in a draw"):
        to_phh(hand)


@pytest.mark.parametrize(
    ("value", "fields", "message"),
    [
        (3, None, "takes a Hand or its history"),
        ("text", None, "takes a Hand or its history"),
        ([{"event": "nothing"}], None, "does not replay"),
        ([1, 2], None, "does not replay"),
        (None, 5, "fields must be a mapping"),
        (None, {"actions": []}, "written from the hand itself"),
        (None, {"_deck": "x"}, "written from the hand itself"),
        (None, {"color": "red"}, "not a PHH field"),
        (None, {1: "x"}, "a field name is a string"),
        (None, {"_x": object()}, "holds"),
        (None, {"_x": float("nan")}, "holds"),
        (None, {"_x": {"a": 1}}, "holds"),
    ],
)
def test_bad_arguments_to_the_writer(value: object, fields: object, message: str) -> None:
    hand = Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    hand.fold()
    with pytest.raises(HandHistoryError, match=message):
        to_phh(hand if value is None else value, fields=fields)  # type: ignore[arg-type]


def test_bad_phhs() -> None:
    with pytest.raises(HandHistoryError, match="takes a list"):
        dumps_phhs(5)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match=r"hand 1: .*takes a Hand"):
        dumps_phhs([5])  # type: ignore[list-item]
    hand = Hand([50, 50], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    hand.fold()
    with pytest.raises(HandHistoryError, match="more hands than fields"):
        dumps_phhs([hand, hand], fields=[None])
    with pytest.raises(HandHistoryError, match="'variant' is not a hand"):
        loads_phhs('variant = "FB"')
    with pytest.raises(HandHistoryError, match=r"PHH hand \[2\]: .*acts out of turn"):
        loads_phhs(dumps_phhs([hand]) + "\n[2]\n" + with_actions(*DEALT, "p1 f"))
    with pytest.raises(HandHistoryError, match="PHHS: not TOML"):
        loads_phhs("[1")
    with pytest.raises(HandHistoryError, match="PHHS: PHH is text"):
        loads_phhs(3)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match="cap must be"):
        read_phh(GOOD, cap="4")  # type: ignore[arg-type]
    assert loads_phhs(b"\xef\xbb\xbf" + dumps_phhs([hand]).encode())[0].hand.history == hand.history


@pytest.mark.parametrize(
    "text",
    [
        "x" * 100_000,
        'a = "' + "y" * 100_000,
        'variant = "FB"\n' + "k" * 100_000 + " = 1",
        "[" + "z" * 100_000 + "]",
        "[" + "z" * 100_000 + "]\nvariant = 1",
    ],
    ids=["a long line", "a long string", "a long key", "a long table name", "a long table name, a bad hand"],
)
def test_huge_text_makes_a_short_message(text: str) -> None:
    for read in (read_phh, loads_phhs):
        with pytest.raises(HandHistoryError) as caught:
            read(text)
        assert len(str(caught.value)) <= 300
