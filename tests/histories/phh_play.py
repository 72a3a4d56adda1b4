"""Random hands for the PHH tests: the engine's, and PokerKit's, and PokerKit as the referee."""

from __future__ import annotations

import random
import warnings
from typing import Any

from badugi.engine import FixedLimit, Hand

MAX_ACTIONS = 400


def random_engine_hand(rng: random.Random, seats: int | None = None, cap: int | None = 4) -> Hand:
    """A fixed-limit Badugi hand of the engine, played to its end by random legal actions.

    Short stacks make all-ins and side pots common; blinds, antes, or both.
    """
    n = seats if seats is not None else rng.randint(2, 6)
    unit = rng.choice([2, 4, 10, 20])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    kind = rng.randrange(3)
    blinds = (rng.choice([0, unit // 2, unit // 2, unit]), unit) if kind != 1 else None
    ante = 0 if kind == 0 else rng.choice([1, unit // 2, unit])
    hand = Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=FixedLimit(unit, 2 * unit, cap=cap),
        blinds=blinds,
        ante=ante,
        seed=rng.randrange(2**40),
        burn=rng.random() < 0.8,
    )
    play_randomly(hand, rng)
    return hand


def play_randomly(hand: Hand, rng: random.Random) -> None:
    for _ in range(MAX_ACTIONS):
        if hand.actor is None:
            return
        legal = hand.legal()
        if legal.draw:
            cards = hand.hands[hand.actor]
            hand.draw([c for c in cards if rng.random() < rng.choice([0.2, 0.5, 0.8])])
            continue
        choices = []
        if legal.check:
            choices += ["check"] * 3
        if legal.call:
            choices += ["call"] * 4
        if legal.fold and not legal.check:
            choices += ["fold"] * 2
        if legal.min_raise_to is not None:
            choices += ["raise"] * 3
        choice = rng.choice(choices)
        if choice == "raise":
            assert legal.min_raise_to is not None
            assert legal.max_raise_to is not None
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            getattr(hand, choice)()
    raise AssertionError("the hand did not end")


# ---- PokerKit, the referee ----------------------------------------------------------------------

PLAYER_OPERATIONS = (
    "Folding",
    "CheckingOrCalling",
    "CompletionBettingOrRaisingTo",
    "StandingPatOrDiscarding",
)


def pokerkit_stacks(text: str) -> list[int]:
    """The final stacks PokerKit reaches from a PHH text, every action applied as written.

    PokerKit repairs a history it cannot follow (it checks, folds or deals
    unknown cards in the place of an action it refuses, and tries the action
    again); that would hide a difference, so a hand it repaired is an error here.
    """
    import pokerkit  # noqa: PLC0415 - only where the tests found it

    history = pokerkit.HandHistory.loads(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a card after the deck runs out is 'not recommended' to PokerKit
        state = None
        for state, _action in history.state_actions:  # noqa: B007 - the last state is the one we want
            pass
    assert state is not None
    assert not state.status, "PokerKit did not reach the end of the hand"
    counts: dict[str, int] = {}
    for operation in state.operations:
        name = type(operation).__name__
        counts[name] = counts.get(name, 0) + 1
    words = [action.split() for action in history.actions]
    expected = {
        "Folding": sum(w[1:2] == ["f"] for w in words),
        "CheckingOrCalling": sum(w[1:2] == ["cc"] for w in words),
        "CompletionBettingOrRaisingTo": sum(w[1:2] == ["cbr"] for w in words),
        "StandingPatOrDiscarding": sum(w[1:2] == ["sd"] for w in words),
        "HoleDealing": sum(w[:2] == ["d", "dh"] for w in words),
    }
    for name, count in expected.items():
        assert counts.get(name, 0) == count, (
            f"PokerKit repaired the history: {name} {counts.get(name, 0)} != {count}"
        )
    return [int(stack) for stack in state.stacks]


def pokerkit_random_hand(rng: random.Random, seats: int | None = None) -> tuple[Any, Any]:  # noqa: PLR0912
    """A fixed-limit Badugi hand PokerKit plays by random legal actions: (the state, its game)."""
    import pokerkit  # noqa: PLC0415 - only where the tests found it
    from pokerkit import Automation  # noqa: PLC0415

    n = seats if seats is not None else rng.randint(2, 6)
    unit = rng.choice([2, 4, 10, 20])
    kind = rng.randrange(3)
    blinds = [0] * n
    if kind != 1:
        blinds[0], blinds[1] = rng.choice([0, unit // 2, unit // 2, unit]), unit
    ante = 0 if kind == 0 else rng.choice([1, unit // 2, unit])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    game = pokerkit.FixedLimitBadugi(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_DEALING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        False,
        [ante] * n,
        blinds,
        unit,
        2 * unit,
        mode=pokerkit.Mode.CASH_GAME,
    )
    state = game(stacks, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(MAX_ACTIONS):
            if not state.status:
                break
            if state.can_stand_pat_or_discard():
                index = state.stand_patter_or_discarder_index
                held = state.hole_cards[index]
                state.stand_pat_or_discard([c for c in held if rng.random() < rng.choice([0.2, 0.5, 0.8])])
            elif state.actor_index is not None:
                choices = ["cc"] * 4
                if state.checking_or_calling_amount:
                    choices += ["f"] * 2
                if state.can_complete_bet_or_raise_to():
                    choices += ["cbr"] * 3
                choice = rng.choice(choices)
                if choice == "cc":
                    state.check_or_call()
                elif choice == "f":
                    state.fold()
                else:
                    state.complete_bet_or_raise_to()
            elif state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(True)
            else:
                raise AssertionError(f"PokerKit is stuck: {state}")
        else:
            raise AssertionError("the PokerKit hand did not end")
    return state, game
