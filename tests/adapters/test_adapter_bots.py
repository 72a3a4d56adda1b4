"""The engine's bots at a TableState: the view they are given, and their answers as actions."""

from __future__ import annotations

import random

import pytest

from badugi.adapters import TableState, Variant
from badugi.adapters.actions import CALL, FOLD, RAISE, mask_of
from badugi.adapters.bots import bot_action, seat_view
from badugi.cards import parse_cards
from badugi.engine import DrawBot, RandomBot, SimpleBot
from badugi.errors import IllegalActionError

VARIANT = Variant(draws=1, small_blind=0, big_blind=0, ante=1)


def dealt(hands: list[str]) -> TableState:
    state = TableState(VARIANT)
    for text in hands:
        for card in sorted(parse_cards(text)):
            state.apply(card)
    return state


def test_the_view_holds_the_seats_real_cards_and_the_public_table() -> None:
    state = dealt(["Ah 2s 3d 4c", "Kh Qh Jh Th"])
    view = seat_view(state, 0)
    assert sorted(view.cards) == sorted(["Ah", "2s", "3d", "4c"])
    assert view.legal.check
    assert view.draws_left == 1
    assert view.contributions == (1, 1)


def test_simplebot_bets_a_made_badugi_and_folds_nothing_to_a_check() -> None:
    state = dealt(["Ah 2s 3d 4c", "Kh Qh Jh Th"])
    assert bot_action(state, SimpleBot()) == RAISE
    state.apply(RAISE)
    assert bot_action(state, SimpleBot()) == FOLD  # a one-card hand facing a bet


def test_a_draw_answer_is_the_mask_of_the_cards_thrown_and_the_next_view_names_them() -> None:
    state = dealt(["Ah 2s 3d 4c", "Kh Qh Jh Th"])
    state.apply(CALL)
    state.apply(CALL)  # both check: the draw, seat 0 first
    state.apply(bot_action(state, SimpleBot()))  # a badugi stands pat
    assert state.seen[-1].text == "draws 0"
    action = bot_action(state, SimpleBot())
    hand = state.cards[1]
    assert action == mask_of(parse_cards("Kh Qh Jh"), hand)  # keeps the lowest heart, the ten
    state.apply(action)
    while state.is_chance:
        state.apply(state.chance_outcomes()[0][0])
    draws = [dict(e) for e in seat_view(state, 1).history if e["event"] == "draw"]
    assert draws[0] == {"event": "draw", "seat": 0, "count": 0, "discards": ()}
    assert draws[1]["count"] == 3
    assert sorted(draws[1]["discards"]) == sorted(["Kh", "Qh", "Jh"])
    assert seat_view(state, 0).history[-1]["discards"] == ()  # the other seat's discards stay hidden


@pytest.mark.parametrize(
    "make", [SimpleBot, DrawBot, lambda: RandomBot(seed=2)], ids=["simple", "draw", "random"]
)
def test_every_answer_is_legal_through_whole_hands(make: object) -> None:
    rng = random.Random(4)
    bot = make()  # type: ignore[operator]
    for _ in range(10):
        state = TableState(Variant(game=rng.choice(["badugi", "badeucy"]), players=3, draws=2))
        while not state.is_terminal:
            if state.is_chance:
                state.apply(state.chance_outcomes()[rng.randrange(len(state.chance_outcomes()))][0])
            else:
                action = bot_action(state, bot)
                assert action in state.legal_actions()
                state.apply(action)


def test_a_bot_is_asked_only_at_a_decision() -> None:
    with pytest.raises(IllegalActionError, match="no seat is to act"):
        bot_action(TableState(VARIANT), SimpleBot())
