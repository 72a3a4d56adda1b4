"""What an action returns (the event it recorded), what a refusal carries (its seat), how a hand prints."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from badugi.engine import FixedLimit, FollowedHand, Hand, IllegalActionError
from tests.engine.randomplay import apply, random_action, random_hand


def test_each_action_returns_the_event_it_recorded() -> None:
    rng = random.Random(4)
    returned = 0
    for _ in range(300):
        hand = random_hand(rng)
        while hand.phase != "over":
            action = random_action(hand, rng)
            before = len(hand.history)
            result = apply(hand, action)
            if action[0] in ("exposed_in_deal", "wrong_count"):
                continue  # a ruling, as before
            # The event of this action, not the last one recorded (a round, a showdown, the payouts).
            kinds = {"bet", "raise"} if action[0] == "raise" else {action[0]}
            mine = [
                e for e in hand.history[before:] if e["event"] in kinds and e.get("seat") == result["seat"]
            ]
            assert mine
            assert mine[0] is result
            returned += 1
    assert returned > 3000


def test_a_fold_that_ends_the_hand_returns_the_fold() -> None:
    hand = Hand([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    event = hand.fold()
    assert dict(event) == {"event": "fold", "seat": 0}
    assert hand.history[-1]["event"] == "payouts"
    with pytest.raises(TypeError, match="read-only"):
        event["seat"] = 1  # type: ignore[index]


def test_act_returns_what_the_method_returns() -> None:
    hand = Hand([100, 100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    assert hand.act("raise") == {"event": "raise", "seat": 0, "to": 4, "full": True, "all_in": False}
    assert hand.act(("call",))["amount"] == 3
    assert hand.act("fold")["event"] == "fold"
    drawn = hand.act(("draw", hand.hands[hand.actor][:1]))  # type: ignore[index]
    assert (drawn["event"], drawn["count"], len(drawn["received"])) == ("draw", 1, 1)


def test_a_followed_hand_returns_its_events_too() -> None:
    hand = FollowedHand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2))
    assert hand.post("small_blind", 1, 1)["blind"] == "small"
    assert hand.post("big_blind", 2, 2)["amount"] == 2
    hand.deal([[None] * 4, ["Ah", "2c", "3d", "4s"], [None] * 4])
    assert hand.raise_to(4)["event"] == "raise"
    assert hand.call()["event"] == "call"
    assert hand.call()["to"] == 4
    drawn = hand.draw(["Ah"], received=["5h"])
    assert (drawn["seat"], drawn["discards"], drawn["received"]) == (1, ("Ah",), ("5h",))


def test_a_refusal_carries_the_seat_it_refused() -> None:
    hand = Hand([100, 100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    cases = [
        (lambda: hand.raise_to(5), 0),  # the seat to act, asked to raise off the limit
        (hand.check, 0),  # a bet to call
        (lambda: hand.call(seat=2), 2),  # out of turn: the seat named
        (lambda: hand.call(seat=9), None),  # no seat of this hand
        (lambda: hand.draw([]), 0),  # not a draw
        (lambda: hand.raise_to("x"), 0),  # type: ignore[arg-type]
        (lambda: hand.act(("dance",)), 0),
        (lambda: hand.record_exposed_card(99), None),  # a card of the deal: no seat's
    ]
    for act, seat in cases:
        with pytest.raises(IllegalActionError) as caught:
            act()
        assert caught.value.seat == seat, (caught.value, seat)
    hand.call()
    hand.call()
    hand.check()
    with pytest.raises(IllegalActionError, match="does not hold") as caught:
        hand.draw(["Ks" if "Ks" not in hand.hands[1] else "Kh"])
    assert caught.value.seat == 1


def test_a_refusal_keeps_its_seat_and_words_through_pickle_and_copy() -> None:
    error = IllegalActionError("seat 3 cannot check: 4 to call", 3)
    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert (str(again), again.seat, type(again)) == (str(error), 3, IllegalActionError)
    assert IllegalActionError("no seat's").seat is None
    assert isinstance(error, ValueError)


def test_a_followed_hand_s_refusals_name_the_seat_of_the_cards() -> None:
    hand = FollowedHand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2))
    hand.post("small_blind", 1, 1)
    hand.post("big_blind", 2, 2)
    with pytest.raises(IllegalActionError) as caught:
        hand.deal([["Ah", "2c", "3d", "4s"], [None] * 4, ["Ah", None, None, None]])
    assert caught.value.seat == 2
    with pytest.raises(IllegalActionError) as caught:
        hand.deal([[None] * 4, [None] * 4, ["Zz", None, None, None]])
    assert caught.value.seat == 2


def test_a_hand_prints_its_game_phase_turn_and_stacks() -> None:
    hand = Hand([100, 100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=3)
    assert repr(hand) == "<Hand badugi, bet, seat 0 to act, stacks [100, 99, 98]>"
    hand.fold()
    hand.fold()
    assert repr(hand) == "<Hand badugi, over, stacks [100, 99, 101]>"
    followed = FollowedHand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), game="badeucy")
    assert repr(followed) == "<FollowedHand badeucy, post, stacks [100, 100]>"
