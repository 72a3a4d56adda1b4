"""Six seats of fixed-limit Badugi played to the end by random legal actions: the engine and PokerKit.

The benchmark of a whole hand's cost in the engine (``Hand``), and the same
kind of hand in PokerKit 0.7.7, by the same random policy: at each betting
turn one of check (with nothing to call), call or fold (facing a bet), and
the bet or raise when one is allowed, each as likely; at each draw every card
thrown with chance 1/2. Blinds 10/20, bets 20/40, 1,000 chips a seat, the
button moving round the table. ``tests/bench/test_gates.py`` times the two in
one loop. Run as a script it prints the microseconds a hand of each:

    python tests/bench/random_hands.py [HANDS]
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from typing import Any

from badugi.engine import FixedLimit, Hand

SEATS = 6
STACK = 1000
STRUCTURE = FixedLimit(20, 40)
BLINDS = (10, 20)


def engine_hand(seed: int, rng: random.Random) -> int:
    """One engine hand (its deck shuffled by ``seed``), played to the end; returns the actions taken."""
    hand = Hand([STACK] * SEATS, seed % SEATS, STRUCTURE, blinds=BLINDS, seed=seed)
    actions = 0
    while (seat := hand.actor) is not None:
        actions += 1
        legal = hand.legal()
        if legal.draw:
            hand.draw([card for card in hand.hands[seat] if rng.random() < 0.5])
            continue
        choices = ["check"] if legal.check else ["call", "fold"]
        if legal.min_raise_to is not None:
            choices.append("raise")
        choice = choices[int(rng.random() * len(choices))]
        if choice == "raise":
            hand.raise_to(legal.min_raise_to)  # type: ignore[arg-type]  # fixed limit: the one total
        else:
            getattr(hand, choice)()
    return actions


def engine_hands(count: int, seed: int = 1) -> int:
    """``count`` engine hands; returns the actions taken."""
    rng = random.Random(seed)
    return sum(engine_hand(seed * 1_000_003 + k, rng) for k in range(count))


_AUTOMATIONS = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "CARD_BURNING",
    "HOLE_DEALING",
    "HOLE_CARDS_SHOWING_OR_MUCKING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)


def pokerkit_hand(pokerkit: Any, rng: random.Random) -> int:
    """One PokerKit hand of the same table and policy, everything but the players' actions automated."""
    automations = tuple(getattr(pokerkit.Automation, name) for name in _AUTOMATIONS)
    state = pokerkit.FixedLimitBadugi.create_state(
        automations, True, 0, BLINDS, STRUCTURE.small_bet, STRUCTURE.big_bet, (STACK,) * SEATS, SEATS
    )
    actions = 0
    while state.status:
        actions += 1
        if state.can_stand_pat_or_discard():
            held = state.hole_cards[state.stand_patter_or_discarder_index]
            state.stand_pat_or_discard([card for card in held if rng.random() < 0.5])
            continue
        facing = state.checking_or_calling_amount != 0
        choices = [state.check_or_call, state.fold] if facing else [state.check_or_call]
        if state.can_complete_bet_or_raise_to():
            choices.append(state.complete_bet_or_raise_to)
        choices[int(rng.random() * len(choices))]()
    return actions


def pokerkit_hands(pokerkit: Any, count: int, seed: int = 1) -> int:
    """``count`` PokerKit hands; returns the actions taken."""
    rng = random.Random(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Returning reserved (mucked, etc.) cards as dealable"
        return sum(pokerkit_hand(pokerkit, rng) for _ in range(count))


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    start = time.process_time()
    actions = engine_hands(hands)
    ours = (time.process_time() - start) / hands
    print(f"engine: {ours * 1e6:,.0f} µs a hand, {actions / hands:.1f} actions a hand")
    try:
        import pokerkit  # noqa: PLC0415 - optional, benchmark-only
    except ImportError:
        print("PokerKit is not installed (Python 3.11+): pip install pokerkit==0.7.7")
        return
    start = time.process_time()
    actions = pokerkit_hands(pokerkit, hands // 4)
    theirs = (time.process_time() - start) / (hands // 4)
    print(f"PokerKit 0.7.7: {theirs * 1e6:,.0f} µs a hand, {actions / (hands // 4):.1f} actions a hand")
    print(f"engine / PokerKit: {ours / theirs:.3f}")


if __name__ == "__main__":
    main()
