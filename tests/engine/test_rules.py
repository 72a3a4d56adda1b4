"""One test per rule of the hand engine, each naming the seed it comes from."""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, GameSetupError, HalfPotLimit, Hand, IllegalActionError, PotLimit
from tests.engine.randomplay import snapshot
from tests.engine.stacked import ORDERED_DECK, check_down, everyone_draws_everything, finish_betting


def stacked_hand(**options: Any) -> Hand:
    """Three seats, button 0, fixed limit 2/4, and the deck in id order (card k has id k)."""
    return Hand(
        stacks=[100] * 3,
        button=0,
        structure=FixedLimit(2, 4),
        blinds=(1, 2),
        deck=ORDERED_DECK,
        seed=1,
        **options,
    )


def events(hand: Hand, kind: str) -> list[dict[str, Any]]:
    return [e for e in hand.history if e["event"] == kind]


# ---- betting structures (002, 000, 003) ----------------------------------------------


@pytest.mark.parametrize(("structure", "most"), [(PotLimit(), 18), (HalfPotLimit(), 11)])
def test_pot_and_half_pot_limit_seed_002_example(structure: PotLimit, most: int) -> None:
    # 002: small blind 2, big blind 4, one caller of 4: the next player may raise
    # to 18 in pot limit ((2 + 4 + 4) + 4 called = 14, on top of the call), 11 in half-pot.
    hand = Hand(stacks=[1000] * 4, button=0, structure=structure, blinds=(2, 4), seed=1)
    assert hand.actor == 3
    hand.call()
    legal = hand.legal()
    assert hand.actor == 0
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (4, 8, most)
    with pytest.raises(IllegalActionError, match=f"between 8 and {most}"):
        hand.raise_to(most + 1)
    hand.raise_to(most)
    assert hand.bets == [most, 2, 4, 4]


def test_pot_limit_min_raise_is_the_last_raise() -> None:
    hand = Hand(stacks=[1000] * 3, button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(35)  # seat 0 raises by 25
    assert hand.legal().min_raise_to == 60  # seat 1 must raise by at least 25 more


def test_fixed_limit_units_and_cap() -> None:
    # 000/003: one bet and three raises; the big blind counts as the bet.
    hand = Hand(stacks=[1000] * 4, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    assert hand.legal().min_raise_to == hand.legal().max_raise_to == 40
    with pytest.raises(IllegalActionError, match="between 40 and 40"):
        hand.raise_to(50)
    hand.raise_to(40)
    hand.raise_to(60)
    hand.raise_to(80)  # big blind + 3 raises: capped
    assert hand.actor == 2
    assert hand.legal().min_raise_to is None
    with pytest.raises(IllegalActionError, match="capped"):
        hand.raise_to(100)
    finish_betting(hand)
    # The last two rounds use the big bet.
    for _ in range(2):
        while hand.phase == "draw":
            hand.draw([])
        if hand.round_index < 2:
            finish_betting(hand)
    assert hand.round_index == 2
    assert hand.legal().min_raise_to == 40
    assert hand.structure.unit(2) == 40  # type: ignore[attr-defined]


def test_cap_is_configurable_and_can_lift_heads_up() -> None:
    uncapped = Hand(
        stacks=[1000] * 4, button=0, structure=FixedLimit(20, 40, cap=None), blinds=(10, 20), seed=1
    )
    for total in (40, 60, 80, 100, 120):
        uncapped.raise_to(total)
    assert uncapped.legal().min_raise_to == 140
    for lift, expected in ((False, None), (True, 100)):
        heads_up = Hand(
            stacks=[1000, 1000],
            button=0,
            structure=FixedLimit(20, 40, uncapped_heads_up=lift),
            blinds=(10, 20),
            seed=1,
        )
        for total in (40, 60, 80):
            heads_up.raise_to(total)
        assert heads_up.legal().min_raise_to == expected


def test_all_in_short_of_a_full_raise_does_not_reopen_betting() -> None:
    # Seat 0 raises to 20 (a full raise of 10), seat 1 calls, seat 2 (big blind,
    # 25 in all) goes all-in to 25: 5 more, short of a full raise of 10.
    hand = Hand(stacks=[1000, 1000, 25], button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(20)
    hand.call()
    assert hand.legal().min_raise_to == hand.legal().max_raise_to == 25  # all-in for less is allowed
    hand.raise_to(25)
    for _ in range(2):
        legal = hand.legal()
        assert (legal.call, legal.call_amount, legal.min_raise_to) == (True, 5, None)
        with pytest.raises(IllegalActionError, match="does not reopen"):
            hand.raise_to(60)
        hand.call()
    assert hand.phase == "draw"


def test_a_full_all_in_raise_reopens_betting() -> None:
    hand = Hand(stacks=[1000, 1000, 35], button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(20)
    hand.call()
    hand.raise_to(35)  # 15 more: a full raise
    assert hand.legal().min_raise_to == 50


def test_all_ins_that_together_make_a_full_raise_reopen_betting() -> None:
    # Robert's Rules: "multiple all-in wagers, each of an amount too small to individually
    # qualify as a raise, still act as a raise and reopen the betting if the resulting wager
    # size to a player qualifies as a raise". Seat 3 raises to 20 (a full raise of 10); seats
    # 0 and 1 go all-in to 25 and 30, 5 more each; seat 3 then faces 10, a full raise.
    hand = Hand(stacks=[25, 30, 1000, 1000], button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(20)
    hand.raise_to(25)
    hand.raise_to(30)
    assert hand.legal().min_raise_to == 40  # seat 2 had not acted: it may raise anyway
    hand.call()
    assert hand.actor == 3
    legal = hand.legal()
    assert (legal.call_amount, legal.min_raise_to) == (10, 40)
    hand.raise_to(40)  # which reopens it for seat 2 in turn
    assert hand.legal().min_raise_to == 50


def test_all_ins_short_of_a_full_raise_together_still_do_not_reopen() -> None:
    # The same with 4 and 4 more: seat 3 faces 8, short of 10.
    hand = Hand(stacks=[24, 28, 1000, 1000], button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(20)
    hand.raise_to(24)
    hand.raise_to(28)
    hand.call()
    legal = hand.legal()
    assert (hand.actor, legal.call_amount, legal.min_raise_to) == (3, 8, None)
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.raise_to(40)


def test_fixed_limit_completes_an_all_in_for_less_than_a_full_bet() -> None:
    # An all-in bet of 3 into a 10 round: the next player calls 3 or completes the bet to 10
    # (not 13); the bettor who checked first then faces a full bet and may raise to 20.
    hand = Hand(stacks=[1000, 13, 1000], button=0, structure=FixedLimit(10, 20), blinds=(5, 10), seed=1)
    hand.call()
    hand.call()
    hand.check()
    while hand.phase == "draw":
        hand.draw([])
    assert hand.actor == 1
    hand.raise_to(3)  # seat 1 is all-in
    legal = hand.legal()
    assert (hand.actor, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (2, 3, 10, 10)
    hand.raise_to(10)
    assert hand.legal().min_raise_to == 20


def test_fixed_limit_all_ins_reaching_the_next_level_make_a_full_raise() -> None:
    # Seat 3 calls the big blind of 10; seats 4 and 5 go all-in to 15 and 20. The 20 is a
    # completed raise (counted toward the cap), so seat 3 may raise again, to 30.
    hand = Hand(
        stacks=[1000, 1000, 1000, 1000, 15, 20],
        button=0,
        structure=FixedLimit(10, 20),
        blinds=(5, 10),
        seed=1,
    )
    hand.call()
    assert (hand.actor, hand.legal().min_raise_to) == (4, 15)  # a raise to 20, all-in for less
    hand.raise_to(15)
    assert (hand.actor, hand.legal().min_raise_to) == (5, 20)  # completes it: a full raise
    hand.raise_to(20)
    hand.fold()
    hand.fold()
    hand.call()
    legal = hand.legal()
    assert (hand.actor, legal.call_amount, legal.min_raise_to) == (3, 10, 30)


def test_all_in_call_for_less() -> None:
    hand = Hand(stacks=[1000, 1000, 35], button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    hand.raise_to(40)
    hand.fold()
    assert hand.actor == 2
    assert hand.legal().call_amount == 15  # 20 to call, 15 left
    hand.call()
    assert hand.stacks[2] == 0
    assert hand.phase == "draw"


def test_a_short_big_blind_still_sets_the_full_bet() -> None:
    # The big blind has only 15: the others must still call 20, and the 5 it
    # cannot match is contested only by them.
    hand = Hand(stacks=[1000, 1000, 15], button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    assert hand.bets == [0, 10, 15]
    assert hand.legal().call_amount == 20
    assert hand.legal().min_raise_to == 40


# ---- blinds, antes and the order of action (000, 001, 003) ------------------------------


def test_blinds_are_posted_left_of_the_button_and_are_live() -> None:
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    assert [(e["seat"], e["blind"], e["amount"]) for e in events(hand, "blind")] == [
        (1, "small", 10),
        (2, "big", 20),
    ]
    assert hand.actor == 0  # left of the big blind
    hand.call()
    hand.call()
    assert hand.actor == 2  # the big blind's option
    legal = hand.legal()
    assert legal.check
    assert legal.min_raise_to == 40
    hand.check()
    assert hand.phase == "draw"


def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    hand = Hand(stacks=[1000, 1000], button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    assert [(e["seat"], e["blind"]) for e in events(hand, "blind")] == [(0, "small"), (1, "big")]
    assert hand.actor == 0  # the button acts first before the draw
    hand.call()
    hand.check()
    assert (hand.phase, hand.actor) == ("draw", 1)  # draws start left of the button
    hand.draw([])
    hand.draw([])
    assert (hand.phase, hand.actor) == ("bet", 1)  # and the button acts last
    hand.check()
    assert hand.actor == 0


def test_ante_game_without_blinds() -> None:
    # 003: everyone antes; betting starts left of the button, who may check.
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), ante=10, seed=1)
    assert hand.contributions == [10, 10, 10]
    assert hand.stacks == [990, 990, 990]
    assert hand.bets == [0, 0, 0]
    assert hand.actor == 1
    legal = hand.legal()
    assert (legal.check, legal.call, legal.min_raise_to, legal.max_raise_to) == (True, False, 20, 20)
    hand.check()
    hand.raise_to(20)
    hand.call()
    assert hand.actor == 1
    assert hand.legal().min_raise_to == 40


def test_later_rounds_start_with_first_seat_still_in_left_of_button() -> None:
    hand = Hand(stacks=[1000] * 4, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    hand.call()  # seat 3
    hand.call()  # seat 0
    hand.fold()  # seat 1 (small blind)
    hand.check()  # seat 2
    assert hand.actor == 2  # seat 1 folded, so seat 2 draws first
    for _ in range(3):
        hand.draw([])
    assert hand.actor == 2


def test_a_player_all_in_from_the_ante_still_draws_and_shows() -> None:
    hand = Hand(stacks=[5, 1000, 1000], button=0, structure=FixedLimit(20, 40), ante=10, seed=3)
    assert hand.stacks[0] == 0
    check_down(hand)
    assert hand.result is not None
    assert 0 in hand.result.order
    assert sum(hand.stacks) == 2005


# ---- the deal and the deck (001, 000) -------------------------------------------------


def test_deal_is_one_card_at_a_time_from_the_button_s_left() -> None:
    hand = Hand(
        stacks=[100] * 3, button=1, structure=FixedLimit(2, 4), blinds=(1, 2), deck=ORDERED_DECK, seed=1
    )
    # Card 0 goes to seat 2 (left of button 1), card 1 to seat 0, card 2 to seat 1, and round again.
    assert hand.hands == [
        [CARD_TEXT[k] for k in (1, 4, 7, 10)],
        [CARD_TEXT[k] for k in (2, 5, 8, 11)],
        [CARD_TEXT[k] for k in (0, 3, 6, 9)],
    ]


def test_one_burn_card_before_each_draw() -> None:
    hand = stacked_hand()
    finish_betting(hand)
    assert hand.actor == 1
    thrown = hand.hands[1][:2]
    hand.draw(thrown)  # burns card 12, gets 13 and 14
    hand.draw(hand.hands[2][:1])  # no second burn: gets 15
    hand.draw([])
    assert [e["card"] for e in events(hand, "burn")] == [CARD_TEXT[12]]
    assert hand.hands[1][2:] == [CARD_TEXT[13], CARD_TEXT[14]]
    assert hand.hands[2][3:] == [CARD_TEXT[15]]
    assert [e["count"] for e in events(hand, "draw")] == [2, 1, 0]  # the counts are public
    finish_betting(hand)
    hand.draw(hand.hands[1][:1])  # the second draw burns again: card 16, gets 17
    assert [e["card"] for e in events(hand, "burn")] == [CARD_TEXT[12], CARD_TEXT[16]]
    assert hand.hands[1][3] == CARD_TEXT[17]


def test_burning_can_be_turned_off() -> None:
    hand = stacked_hand(burn=False)
    finish_betting(hand)
    hand.draw(hand.hands[1][:2])
    assert hand.hands[1][2:] == [CARD_TEXT[12], CARD_TEXT[13]]
    assert events(hand, "burn") == []


def test_eight_players_drawing_four_three_times_reshuffle_without_the_drawer_s_discards() -> None:
    # 000: the last card is never dealt; when the stub runs out the discards, the burns
    # and the last card are shuffled into a new stack, without the drawer's own discards.
    hand = Hand(
        stacks=[1000] * 8, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), deck=ORDERED_DECK, seed=9
    )
    reshuffles = everyone_draws_everything(hand)
    # The first reshuffle: 32 cards dealt, one burned and 16 drawn leave 3 in the stub;
    # seat 5 gets two and the last card (Ks, id 51, never dealt) goes into the new stack
    # with the 16 discards and the burn card: 18 cards.
    assert reshuffles[0] == {"drawer": 5, "last": 51, "size": 18}
    assert len(reshuffles) >= 3
    assert len(events(hand, "reshuffle")) == len(reshuffles)


def test_an_exposed_card_is_replaced_at_once_by_default() -> None:
    # 000: a card the dealer exposes during the draw goes with the discards and is replaced.
    hand = stacked_hand()
    finish_betting(hand)
    hand.draw(hand.hands[1][:2], exposed=1)  # burn 12; 13 is exposed; the seat gets 14 and 15
    assert hand.hands[1][2:] == [CARD_TEXT[14], CARD_TEXT[15]]
    assert [e["card"] for e in events(hand, "exposed")] == [CARD_TEXT[13]]
    assert 13 in hand.cards_in_play()["discards"]


def test_an_exposed_card_can_be_replaced_after_everyone_has_drawn() -> None:
    hand = stacked_hand(exposed_replacement="after_draw")
    finish_betting(hand)
    hand.draw(hand.hands[1][:2], exposed=1)  # burn 12; 13 exposed; gets 14 now and is owed one
    assert len(hand.hands[1]) == 3
    hand.draw(hand.hands[2][:1])  # gets 15
    hand.draw([])
    assert hand.phase == "bet"  # the owed card came once everyone had drawn
    assert hand.hands[1][2:] == [CARD_TEXT[14], CARD_TEXT[16]]
    assert hand.hands[2][3] == CARD_TEXT[15]
    assert [(e["seat"], e["count"]) for e in events(hand, "late_replacement")] == [(1, 1)]


def test_an_exposed_card_never_reaches_its_player_even_through_a_reshuffle() -> None:
    for rule in ("now", "after_draw"):
        hand = Hand(
            stacks=[1000] * 8,
            button=0,
            structure=FixedLimit(2, 4),
            blinds=(1, 2),
            seed=4,
            exposed_replacement=rule,
        )
        for _ in range(3):
            finish_betting(hand)
            shown_to: dict[int, set[str]] = {}
            while hand.phase == "draw":
                seat = hand.actor
                assert seat is not None
                before = len(events(hand, "exposed"))
                hand.draw(hand.hands[seat], exposed=2)
                shown_to[seat] = {e["card"] for e in events(hand, "exposed")[before:]}
            for seat, shown in shown_to.items():
                assert not shown & set(hand.hands[seat]), f"seat {seat} got an exposed card back ({rule})"
        assert events(hand, "reshuffle"), "no reshuffle happened: the test proves nothing"


def test_exposed_count_must_fit_the_draw() -> None:
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    finish_betting(hand)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="exposed must be an int from 0 to 1"):
        hand.draw(hand.hands[1][:1], exposed=2)
    assert snapshot(hand) == before


# ---- the end of the hand (000) ------------------------------------------------------------


def test_all_fold_to_one_wins_at_once_without_showing() -> None:
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    hand.fold()
    hand.fold()
    assert hand.phase == "over"
    assert hand.actor is None
    assert hand.payouts == [0, 0, 30]
    assert hand.stacks == [1000, 990, 1010]
    assert events(hand, "showdown") == []


def test_a_short_all_in_big_blind_wins_only_what_it_matched_when_all_fold() -> None:
    h = Hand([1000, 5], 0, FixedLimit(20, 40), blinds=(10, 20), seed=1)
    h.fold()  # the small blind (the button, heads-up) folds to the all-in big blind
    assert h.payouts == [5, 10]
    assert h.stacks == [995, 10]


def test_a_short_big_blind_multiway_wins_only_what_it_matched_when_all_fold() -> None:
    h = Hand([1000, 1000, 5], 0, FixedLimit(20, 40), blinds=(10, 20), seed=2)
    h.fold()  # the button
    h.fold()  # the small blind: 10 in, of which the all-in big blind matched 5
    assert h.payouts == [0, 5, 10]
    assert h.result is not None
    assert h.result.returned == (0, 5, 0)


def test_an_uncalled_bet_in_an_ante_game_comes_back_when_all_fold() -> None:
    h = Hand([1000] * 3, 0, FixedLimit(20, 40), ante=10, seed=3)
    h.raise_to(20)  # seat 1 bets
    h.fold()
    h.fold()
    assert h.payouts == [0, 50, 0]  # the three antes, and its own bet back
    assert h.result is not None
    assert h.result.returned == (0, 20, 0)


def test_showdown_uses_the_final_round_s_last_aggressor() -> None:
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=5)
    for _ in range(3):
        finish_betting(hand)
        while hand.phase == "draw":
            hand.draw([])
    assert hand.round_index == 3
    assert hand.actor == 1
    hand.check()
    hand.raise_to(40)  # seat 2 bets: it shows first
    hand.call()
    hand.call()
    assert hand.phase == "over"
    assert hand.result is not None
    assert hand.result.order == (2, 0, 1)
    assert sum(hand.payouts or []) == sum(hand.contributions)


def test_showdown_with_no_final_bet_starts_left_of_button() -> None:
    hand = Hand(stacks=[1000] * 3, button=2, structure=FixedLimit(20, 40), blinds=(10, 20), seed=5)
    check_down(hand)
    assert hand.result is not None
    assert hand.result.order == (0, 1, 2)


# ---- illegal actions and history ----------------------------------------------------------


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    attempts = [
        (lambda: hand.call(seat=2), "out of turn"),
        (lambda: hand.raise_to(50), "between 40 and 40"),
        (lambda: hand.raise_to("40"), "needs an int"),  # type: ignore[arg-type]
        (hand.check, "cannot check: 20 to call"),
        (lambda: hand.draw([]), "cannot draw now"),
        (lambda: hand.act("dance"), "unknown action"),
        (lambda: hand.act(("raise", 40, 60)), "unknown action"),
    ]
    for attempt, message in attempts:
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match=message):
            attempt()
        assert snapshot(hand) == before
    finish_betting(hand)
    mine = hand.hands[1]
    other = hand.hands[2][0]
    attempts = [
        (lambda: hand.draw([other]), f"does not hold {other}"),
        (lambda: hand.draw([mine[0], mine[0]]), f"duplicate card {mine[0]}"),
        (lambda: hand.draw(["Zz"]), "unknown rank"),
        (lambda: hand.draw(mine[0]), "a list of cards"),  # type: ignore[arg-type]
        (lambda: hand.draw([], seat=2), "out of turn"),
        (hand.call, "cannot call now"),
        (hand.fold, "cannot fold now"),
    ]
    for attempt, message in attempts:
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match=message):
            attempt()
        assert snapshot(hand) == before
    assert issubclass(IllegalActionError, ValueError)


def test_no_action_after_the_hand_is_over() -> None:
    hand = Hand(stacks=[1000] * 2, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    hand.fold()
    with pytest.raises(IllegalActionError, match="'over' phase"):
        hand.check()
    assert hand.legal().min_raise_to is None


def test_history_is_json_and_replays() -> None:
    hand = Hand(stacks=[300, 200, 400, 150], button=3, structure=PotLimit(), blinds=(5, 10), ante=1, seed=11)
    script = iter([("raise", 30), ("call",), ("call",), ("fold",)])
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw(hand.hands[hand.actor][:2])  # type: ignore[index]
        else:
            action = next(script, None)
            if action is None:
                finish_betting(hand)
            else:
                hand.act(action)
    text = json.dumps(hand.history)
    again = Hand.replay(json.loads(text))
    assert again.history == hand.history
    assert again.stacks == hand.stacks


def test_every_card_in_a_history_is_text_and_older_histories_with_ids_still_replay() -> None:
    hand = stacked_hand()
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw(hand.hands[hand.actor][:1], exposed=1)  # type: ignore[index]
        else:
            finish_betting(hand)
    burned_or_shown = [e for e in hand.history if e["event"] in ("burn", "exposed")]
    assert {e["event"] for e in burned_or_shown} == {"burn", "exposed"}
    assert all(isinstance(e["card"], str) for e in burned_or_shown)
    # Earlier versions recorded these two events' cards as ids.
    older = json.loads(json.dumps(hand.history))
    for item in older:
        if item["event"] in ("burn", "exposed"):
            item["card"] = CARD_TEXT.index(item["card"])
    assert Hand.replay(older).history == hand.history
    older[next(i for i, e in enumerate(older) if e["event"] == "burn")]["card"] = 52
    with pytest.raises(GameSetupError, match="'card' is 52 in the history"):
        Hand.replay(older)


def test_same_seed_same_cards() -> None:
    a = Hand(stacks=[100] * 5, button=2, structure=FixedLimit(2, 4), blinds=(1, 2), seed=42)
    b = Hand(stacks=[100] * 5, button=2, structure=FixedLimit(2, 4), blinds=(1, 2), seed=42)
    c = Hand(stacks=[100] * 5, button=2, structure=FixedLimit(2, 4), blinds=(1, 2), seed=43)
    assert a.hands == b.hands
    assert a.hands != c.hands
