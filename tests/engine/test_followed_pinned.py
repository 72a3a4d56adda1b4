"""Rules of following a hand from a record (``FollowedHand``) that the mutation run found unpinned.

Each test is a probe (issue 31): it passes on the engine and fails on the mutant named in its
docstring (``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import pytest

from badugi.engine import FixedLimit, FollowedHand
from badugi.errors import IllegalActionError

WHEEL = ["Ac", "2d", "3h", "4s"]
KINGS = ["Kc", "Kd", "Kh", "Ks"]


def _heads_up_to_the_showdown() -> FollowedHand:
    """Heads-up 5/10, cards unseen: checked to the last round, where the button bets 20 and is called."""
    hand = FollowedHand([200, 200], 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 0, 5)
    hand.post("big_blind", 1, 10)
    hand.deal([[None] * 4] * 2)
    hand.call()
    hand.check()
    for _ in range(3):
        hand.draw([])
        hand.draw([])
        hand.check()
        if hand.round_index < 3:
            hand.check()
    assert (hand.round_index, hand.actor) == (3, 0)
    hand.raise_to(20)
    hand.call()
    assert hand.phase == "showdown"
    return hand


def test_the_last_aggressor_of_a_followed_hand_shows_first() -> None:
    """At the showdown the last bettor of the final round shows first, as in a dealt hand.

    Rule: Robert's Rules of Poker (the last aggressor on the final round shows first); the engine
    guide's showdown order. The button bets the last round: it shows first, though the big blind
    is first from the button's left. Kills ``followed.py:524`` (its condition negated: the bettor
    forgotten, the order from the button's left).
    """
    hand = _heads_up_to_the_showdown()
    hand.show(0, WHEEL)
    hand.show(1, KINGS)
    hand.settle()
    assert hand.result is not None
    assert hand.result.order == (0, 1)
    assert hand.payouts == [60, 0]


def test_payouts_if_answers_for_one_hand_per_seat_and_refuses_other_counts() -> None:
    """``payouts_if`` pays as ``settle`` would for the hands given, one per seat, and refuses others.

    Rule: ``FollowedHand.payouts_if``'s docstring (``cards[seat]`` for every seat; not one hand for
    each seat raises ``IllegalActionError``). Kills ``followed.py:546`` (the check negated),
    ``followed.py:547`` (its raise deleted) and ``followed.py:549`` (``[None] * n`` made ``//``).
    """
    hand = _heads_up_to_the_showdown()
    wheel, kings = [0, 5, 10, 15], [48, 49, 50, 51]  # Ac 2d 3h 4s; Kc Kd Kh Ks
    assert hand.payouts_if([wheel, kings]) == [60, 0]
    assert hand.payouts_if([kings, wheel]) == [0, 60]
    for cards in ([wheel], [wheel, kings, kings]):
        with pytest.raises(IllegalActionError, match="payouts_if needs one hand for each of the 2 seats"):
            hand.payouts_if(cards)


def test_a_followed_draw_receives_as_many_cards_as_it_throws() -> None:
    """A draw gives back as many cards as were thrown: a record saying otherwise is refused.

    Rule: ``FollowedHand.draw``'s docstring (``received`` not as many as thrown raises); the
    rulebook's draw (each discard is replaced). Kills ``followed.py:355`` (the raise deleted).
    """
    hand = FollowedHand([200, 200], 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 0, 5)
    hand.post("big_blind", 1, 10)
    hand.deal([[None] * 4] * 2)
    hand.call()
    hand.check()
    with pytest.raises(IllegalActionError, match=r"^seat 1 throws 1 cards and receives 2$"):
        hand.draw([None], received=[None, None])


def test_a_folded_hand_shown_is_told_not_played() -> None:
    """A folded hand shown later goes into the history as told (``played`` False) and stays out.

    Rule: ``FollowedHand.show``'s docstring (a folded or mucked hand shown "goes in the history and
    changes nothing"). Kills ``followed.py:404`` (its ``return`` deleted: the folded hand would be
    recorded as played).
    """
    hand = FollowedHand([200] * 3, 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 1, 5)
    hand.post("big_blind", 2, 10)
    hand.deal([[None] * 4] * 3)
    hand.fold()
    event = hand.show(0, WHEEL)
    assert (event["event"], event["seat"], event["played"]) == ("show", 0, False)
    assert hand.hands[0] == []
    assert hand.folded[0]


@pytest.mark.parametrize(
    ("rake", "collected", "message"),
    [
        (-1, None, "the rake is a whole number of chips, 0 or more, got -1"),
        (0, [60], "collected must give one amount for each of the 2 seats"),
        (0, [60, 0, 0], "collected must give one amount for each of the 2 seats"),
    ],
)
def test_settle_refuses_a_rake_or_collected_amounts_that_do_not_fit(
    rake: int, collected: list[int] | None, message: str
) -> None:
    """A negative rake, or collected amounts not one per seat, are refused when a hand is settled.

    Rule: ``FollowedHand.settle``'s docstring (``rake``/``collected`` that do not add up raise
    ``IllegalActionError``); the rake is chips the room took, 0 or more. Kills ``followed.py:478``
    and ``followed.py:566`` (their raises deleted).
    """
    hand = _heads_up_to_the_showdown()
    hand.show(0, WHEEL)
    hand.show(1, KINGS)
    with pytest.raises(IllegalActionError, match=f"^{message}$"):
        hand.settle(rake, collected)


def test_the_big_blind_cannot_post_a_live_blind_too() -> None:
    """A live blind is a big blind posted from another seat: the big blind's own seat may not post one.

    Rule: ``FollowedHand.post``'s docstring (a ``live_blind`` is a big blind posted from another
    seat; a seat out of place is refused). Kills ``followed.py:267`` (the raise deleted).
    """
    hand = FollowedHand([200] * 4, 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 1, 5)
    hand.post("big_blind", 2, 10)
    with pytest.raises(IllegalActionError, match=r"^seat 2 posts the big blind already$"):
        hand.post("live_blind", 2, 10)
    hand.post("live_blind", 3, 10)


def test_a_followed_hand_burns_no_card() -> None:
    """A followed hand has no deck: its setup says no card is burned (the record tells every card).

    Rule: ``badugi.engine.followed``'s docstring ("A followed hand has no deck, no seed and no
    dealing errors": the record, not a dealer, says which cards came). Kills ``followed.py:116``
    (``burn=False`` made ``True``).
    """
    hand = FollowedHand([200, 200], 0, FixedLimit(10, 20), blinds=(5, 10))
    assert hand.burn is False
    assert hand.history[0]["burn"] is False


def test_a_dead_blind_is_recorded_as_a_blind_and_an_ante_as_an_ante() -> None:
    """A dead blind goes in the history as a ``blind`` event marked ``dead``; an ante as an ``ante`` event.

    Rule: ``FollowedHand.post``'s docstring (a ``dead_blind`` is chips that are no bet) and the
    history's events (``ante`` has no ``blind`` field; a ``blind`` says which blind). Kills
    ``followed.py:220`` (the test of ``kind == "ante"`` negated: the fields swapped).
    """
    hand = FollowedHand([200] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), ante=1)
    ante = hand.post("ante", 0, 1)
    dead = hand.post("dead_blind", 0, 5)
    assert (ante["event"], "blind" in ante) == ("ante", False)
    assert (dead["event"], dead["blind"], dead["amount"]) == ("blind", "dead", 5)


def test_a_big_blind_all_in_by_its_ante_is_still_the_big_blind() -> None:
    """A big blind whose ante put it all in posts nothing, yet is the big blind: the first to act is after it.

    Rule: ``FollowedHand._big_blind_all_in_by_its_ante``'s docstring ("As in a dealt hand, the bet is
    then the full blind and the first to act is left of it"), the big blind found left of the seat
    that posted the small blind. Three seats, ante 1: seat 2 (the big blind) has 1 chip. Kills
    ``followed.py:307`` (``kind == "small_blind"`` made ``!=``: the first ante's seat taken for the
    small blind's).
    """
    hand = FollowedHand([200, 200, 1], 0, FixedLimit(10, 20), blinds=(5, 10), ante=1)
    for seat in (0, 1, 2):
        hand.post("ante", seat, 1)
    hand.post("small_blind", 1, 5)
    hand.deal([[None] * 4] * 3)
    assert hand.actor == 0
    assert hand.current_bet == 10


def test_heads_up_the_button_never_posts_the_big_blind() -> None:
    """Heads-up the button posts the small blind and the other seat the big blind, small blind or not.

    Rule: ``FollowedHand.post``'s docstring (the small blind is, heads-up, the button; the big blind
    the seat after it, or left of the button when no small blind is posted: the same seat) and
    Robert's Rules of Poker on heads-up blinds. Kills ``followed.py:258`` (``n > 2`` made ``>=``:
    heads-up, the button could post the big blind).
    """
    hand = FollowedHand([200, 200], 0, FixedLimit(10, 20), blinds=(5, 10))
    with pytest.raises(IllegalActionError, match=r"^seat 0 posts the big blind: it is seat 1's$"):
        hand.post("big_blind", 0, 10)
    hand.post("big_blind", 1, 10)
