"""Misdeals (seed 000), for software that records a live table.

"A misdeal is declared, and the hand redealt, if the first or second card of
the deal is exposed by the dealer, if two or more cards are exposed during the
deal, or if a player is dealt the wrong number of cards and this is
discovered before substantial action."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, Hand, IllegalActionError, public_history, view_of
from badugi.engine.misdeal import substantial
from tests.engine.randomplay import snapshot

ORDERED = list(range(52))  # card k has id k


def table(**options: Any) -> Hand:
    """Four seats, button 0, blinds 5/10 (seats 1 and 2), the deck in id order."""
    args: dict[str, Any] = {"blinds": (5, 10), "deck": ORDERED, "seed": 7}
    args.update(options)
    return Hand([200, 300, 400, 500], 0, FixedLimit(10, 20), **args)


def events(hand: Hand, kind: str) -> list[Any]:
    return [e for e in hand.history if e["event"] == kind]


def test_substantial_action_is_two_actions_one_with_chips_or_any_three() -> None:
    assert not substantial([])
    assert not substantial([True])  # one call
    assert not substantial([False, False])  # two checks, or a check and a fold
    assert substantial([True, False])  # a call and a fold
    assert substantial([False, True])
    assert substantial([False, False, False])  # any three


@pytest.mark.parametrize("position", [0, 1])
def test_the_first_or_second_card_exposed_is_a_misdeal(position: int) -> None:
    hand = table()
    before = hand.hands
    assert hand.record_exposed_card(position) == "misdeal"
    assert hand.misdeals == 1
    misdeal = events(hand, "misdeal")[0]
    assert misdeal["returned"] == (0, 5, 10, 0)  # every chip put in comes back...
    assert misdeal["reason"] == ["the first card", "the second card"][position] + " of the deal was exposed"
    # ... and the hand is dealt again with the same button: the same blinds, a new shuffle.
    assert [(e["seat"], e["amount"]) for e in events(hand, "blind")] == [(1, 5), (2, 10)] * 2
    assert hand.stacks == [200, 295, 390, 500]
    assert hand.button == 0
    assert (hand.phase, hand.actor, hand.round_index) == ("bet", 3, 0)
    assert hand.hands != before
    assert len(events(hand, "deal")) == 8
    assert misdeal["deck"][:16] == tuple(CARD_TEXT[c] for c in hand._dealer.dealt)


def test_one_card_exposed_later_in_the_deal_is_replaced_and_burned() -> None:
    hand, twin = table(), table()
    # Card 5 of the deal (id 5) went to seat 2, its second card.
    assert hand.hands[2][1] == CARD_TEXT[5]
    assert hand.record_exposed_card(5) == "replaced"
    assert hand.hands[2] == [CARD_TEXT[1], CARD_TEXT[16], CARD_TEXT[9], CARD_TEXT[13]]  # the next card, 16
    assert 5 in hand.cards_in_play()["burns"]
    assert hand.misdeals == 0
    assert [hand.hands[s] for s in (0, 1, 3)] == [twin.hands[s] for s in (0, 1, 3)]
    # The exposed card is the first draw's burn: every other player draws what it would have.
    for h in (hand, twin):
        while h.phase == "bet":
            h.check() if h.legal().check else h.call()
        while h.phase == "draw":
            h.draw(h.hands[h.actor][:2])  # type: ignore[index]
    assert [e["card"] for e in events(hand, "burn")] == []  # no second burn card
    assert [e["card"] for e in events(twin, "burn")] == [CARD_TEXT[16]]
    assert [e["received"] for e in events(hand, "draw")] == [e["received"] for e in events(twin, "draw")]


def test_a_second_exposed_card_makes_a_misdeal() -> None:
    hand = table()
    assert hand.record_exposed_card(9) == "replaced"
    hand.call()  # one action: not yet substantial
    assert hand.record_exposed_card(14) == "misdeal"
    assert hand.misdeals == 1
    assert hand.stacks == [200, 295, 390, 500]  # the call came back too
    assert events(hand, "misdeal")[0]["returned"] == (0, 5, 10, 10)
    assert [e["ruling"] for e in events(hand, "deal_exposed")] == ["replaced", "misdeal"]


def test_after_substantial_action_the_deal_stands() -> None:
    hand = table()
    hand.call()
    hand.fold()  # a call and a fold: substantial action
    before = hand.hands
    for position in (0, 1, 7):
        assert hand.record_exposed_card(position) == "stands"
    assert hand.hands == before
    assert hand.misdeals == 0
    # Checks alone: three are substantial, two are not.
    checks = Hand([100] * 4, 0, FixedLimit(2, 4), ante=1, seed=3)
    checks.check()
    checks.check()
    assert checks.record_exposed_card(0) == "misdeal"
    checks.check()
    checks.check()
    checks.check()
    assert checks.record_exposed_card(1) == "stands"


def test_a_card_of_a_folded_hand_is_not_replaced_but_counts() -> None:
    hand = table()
    hand.fold()  # seat 3 (its first card is card 2 of the deal)
    assert hand.record_exposed_card(6) == "stands"  # seat 3's second card: nothing to replace
    assert hand.record_exposed_card(11) == "misdeal"  # but it was the first of two


def test_the_wrong_number_of_cards_before_substantial_action_is_a_misdeal() -> None:
    hand = table()
    hand.call()
    assert hand.record_wrong_count(1) == "misdeal"
    assert events(hand, "misdeal")[0]["reason"] == "seat 1 was dealt the wrong number of cards"
    assert hand.stacks == [200, 295, 390, 500]
    assert hand.actor == 3


def test_the_wrong_number_of_cards_after_substantial_action_kills_the_hand() -> None:
    hand = table()
    hand.call()  # seat 3
    hand.call()  # seat 0: substantial
    assert hand.record_wrong_count(3) == "dead"
    assert hand.folded == [False, False, False, True]
    assert hand.hands[3] == []
    assert hand.contributions[3] == 10  # its chips stay in the pot
    assert hand.actor == 1
    hand.fold()
    assert hand.record_wrong_count(0) == "dead"  # the last hand but one: the other wins
    assert hand.phase == "over"
    assert hand.payouts == [0, 0, 35, 0]
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.record_wrong_count(2)


def test_a_dead_hand_owed_a_late_card_gives_back_what_was_held_for_it() -> None:
    hand = table(exposed_replacement="after_draw")
    while hand.phase == "bet":
        hand.check() if hand.legal().check else hand.call()
    hand.draw(hand.hands[1][:3], exposed=2)  # seat 1 is owed two cards
    assert hand.record_wrong_count(1) == "dead"
    where = hand.cards_in_play()
    assert sorted(where["hands"] + where["stub"] + where["discards"] + where["burns"]) == list(range(52))
    assert hand._dealer._deck.held_aside == []
    while hand.phase == "draw":
        hand.draw([])
    assert hand.phase == "bet"
    assert events(hand, "late_replacement") == []


def test_a_dead_last_aggressor_does_not_show_first() -> None:
    hand = table()
    while hand.round_index < 3:
        if hand.phase == "draw":
            hand.draw([])
        else:
            hand.check() if hand.legal().check else hand.call()
    assert hand.actor == 1
    hand.raise_to(20)  # seat 1 bets on the last round...
    assert hand.record_wrong_count(1) == "dead"  # ... and its hand is found to be of the wrong size
    while hand.phase != "over":
        hand.check() if hand.legal().check else hand.call()
    assert hand.result is not None
    assert 1 not in hand.result.order
    assert hand.result.order[0] == 2  # no live last aggressor: the first seat in left of the button
    assert sum(hand.payouts or []) == sum(hand.contributions)


def test_refused_reports_change_nothing() -> None:
    hand = table()
    for position in (None, -1, 16, 1.0, True, "3", 10**5000):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match="position must be an int from 0 to 15"):
            hand.record_exposed_card(position)  # type: ignore[arg-type]
        assert snapshot(hand) == before
    hand.record_exposed_card(4)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="card 4 of the deal is already recorded"):
        hand.record_exposed_card(4)
    for seat in (None, 4, -1, True, 2.0):
        with pytest.raises(IllegalActionError, match="is not a seat of this hand"):
            hand.record_wrong_count(seat)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    while hand.phase == "bet":
        hand.check() if hand.legal().check else hand.call()
    with pytest.raises(IllegalActionError, match="before the first draw"):
        hand.record_exposed_card(5)
    dead = Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    dead.call()
    dead.fold()  # seat 1: a call and a fold, substantial action
    with pytest.raises(IllegalActionError, match="seat 1 has folded"):
        dead.record_wrong_count(1)


def test_histories_with_misdeals_replay_and_views_hide_what_they_must() -> None:
    hand = table()
    hand.record_exposed_card(0)  # misdeal
    hand.record_exposed_card(6)  # replaced
    hand.call()
    hand.record_wrong_count(2)  # misdeal: one action only
    hand.call()
    hand.call()
    hand.record_wrong_count(3)  # dead
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw(hand.hands[hand.actor][:1])  # type: ignore[index]
        else:
            hand.check() if hand.legal().check else hand.call()
    assert hand.misdeals == 2
    text = json.dumps(hand.history)
    again = Hand.replay(json.loads(text))
    assert again.history == hand.history
    assert again.misdeals == 2
    assert sum(hand.stacks) == 1400
    seen = public_history(hand.history, 1)
    for item in seen:
        assert "deck" not in item  # nobody sees the order of any deck
    exposed = [e for e in seen if e["event"] == "deal_exposed"]
    assert all("card" in e for e in exposed)  # an exposed card was seen by the whole table
    replacement = next(e for e in hand.history if e["event"] == "deal_replacement")
    others = [
        e
        for e in public_history(hand.history, (replacement["seat"] + 1) % 4)
        if e["event"] == "deal_replacement"
    ]
    assert others == [{"event": "deal_replacement", "seat": replacement["seat"]}]
    assert view_of(hand, 0).history == hand.public_history(0)


def test_an_edited_misdeal_does_not_replay() -> None:
    hand = table()
    hand.record_exposed_card(1)
    history = json.loads(json.dumps(hand.history))
    misdeal = next(i for i, e in enumerate(history) if e["event"] == "misdeal")
    history[misdeal]["returned"] = [0, 0, 15, 0]
    with pytest.raises(Exception, match=f"event {misdeal} \\(misdeal\\) does not follow"):
        Hand.replay(history)
