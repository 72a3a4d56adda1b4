"""Hands with known decisions for the review's tests: a dealt heads-up hand, and a fake advisor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from badugi.engine import FixedLimit, Hand, SeatView

#: The dealt hand's seed: seat 0 (the button) holds Ks 2h 2c 5s, seat 1 Qd 6c 5h Qs.
SEED = 11
BUTTON_CARDS = ("Ks", "2h", "2c", "5s")
#: What the button throws at the first draw: 5s, keeping a pair (the best throws Ks 2h).
BAD_THROW = ("5s",)


def scripted_hand() -> Hand:
    """Heads-up, 2/4 fixed limit, blinds 1/2: the button calls, both check; at the first draw the big
    blind throws its queens and the button throws 5s; then both stand pat and check to the showdown."""
    hand = Hand([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=SEED)
    assert tuple(hand.hands[0]) == BUTTON_CARDS
    hand.call()
    hand.check()
    hand.draw(["Qd", "Qs"])
    hand.draw(list(BAD_THROW))
    while hand.actor is not None:
        hand.act(("draw", []) if hand.legal().draw else "check")
    return hand


def fake_advisor(view: SeatView) -> Sequence[tuple[Any, float]] | None:
    """A strategy that never answers at a draw; facing a bet it calls 3% of the time (75% once the
    betting is capped); else it checks 90%."""
    legal = view.legal
    if legal.draw:
        return None
    if legal.min_raise_to is None:  # the betting is capped
        return (("fold", 0.25), ("call", 0.75)) if legal.call else (("check", 1.0),)
    if legal.call:
        return (("fold", 0.25), ("call", 0.03), (("raise", legal.min_raise_to), 0.72))
    return (("check", 0.9), (("bet", legal.min_raise_to), 0.1))
