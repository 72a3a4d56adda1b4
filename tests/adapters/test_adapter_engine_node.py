"""The engine hands a TableState shares across deals, and its kept payouts against the engine's settle."""

from __future__ import annotations

import random

import pytest

from badugi.adapters import TableState, Variant
from badugi.adapters._engine_copy import engine_copy
from tests.adapters.played_out import play_out

VARIANTS = {
    "tiny": Variant(draws=0, ranks="A23", suits="cdh", cap=1, small_blind=0, big_blind=0, ante=1),
    "reduced-draw": Variant(draws=2, ranks="A2345", suits="cdh"),
    "badeucy-3": Variant("badeucy", players=3, draws=3),
    "badacey-6-all-in": Variant("badacey", players=6, draws=1, stack=7),
}


def settled(state: TableState) -> list[float]:
    """The engine's own settlement of the state's hand: each live hand shown, then ``settle``."""
    hand = engine_copy(state.hand)
    live = [seat for seat, out in enumerate(hand.folded) if not out]
    if len(live) > 1:
        for seat in live:
            hand.show(seat, state.cards[seat])
    hand.settle()
    return [float(stack - state.variant.stack) for stack in hand.stacks]


@pytest.mark.parametrize("name", VARIANTS)
def test_kept_payouts_are_what_the_engine_settles(name: str) -> None:
    # Every hand from one root, so the later ones meet payouts kept from earlier deals.
    root, rng = TableState(VARIANTS[name]), random.Random(18)
    ends = [play_out(root.clone(), rng) for _ in range(150)]
    for state in ends:
        assert state.returns() == settled(state), str(state)
        assert state.hand.phase == "showdown"  # the shared hand itself is never settled
    # The same betting under other deals reached the same engine hand, not a copy of it.
    assert len({id(state.hand) for state in ends}) < len(ends)


def test_a_move_is_played_once_and_shared() -> None:
    root = TableState(VARIANTS["tiny"])
    first, second = root.clone(), root.clone()
    for state, pick in ((first, 0), (second, -1)):  # the lowest cards to come, then the highest
        while state.is_chance:
            state.apply(state.legal_actions()[pick])
        state.apply(state.legal_actions()[-1])  # a bet
    assert first.cards != second.cards
    assert first.hand is second.hand
    assert root.hand.phase == "bet"  # the root's own hand is not the one the bet was played on
    assert root.hand.contributions != first.hand.contributions
