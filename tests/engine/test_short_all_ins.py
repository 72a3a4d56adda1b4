"""Fixed limit's half-bet rule, and the turn of a player nobody can bet against.

The half-bet rule: Robert's Rules of Poker, "An all-in wager of a half a bet or
more is treated as a full bet", and the TDA's Rule 47-B, "In limit, at least
50% of a full bet or raise is required to re-open betting for players who have
already acted". The amounts after such an all-in are PokerStars', from its
tournament hands (a bet of 60 raised to 120, an all-in to 150, and the raiser
to 120 "raises 30 to 180"): the raise completes the all-in to one unit above
the last full bet.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import sys
from typing import Any

import pytest

from badugi.engine import FixedLimit, GameSetupError, Hand, IllegalActionError, Setup
from badugi.engine.setup import RULES_VERSION
from badugi.engine.structures import structure_from
from tests.engine.randomplay import snapshot


def three_handed(short: int, **rule: bool) -> Hand:
    """Button 0 (1,000), the small blind short (``short`` chips), the big blind 1,000; blinds 30/60."""
    return Hand([1000, short, 1000], 0, FixedLimit(60, 120, **rule), blinds=(30, 60), seed=1)


def raised_to_120_then_all_in(short: int, **rule: bool) -> Hand:
    """The button raises to 120, the small blind goes all in for ``short``, the big blind calls."""
    hand = three_handed(short, **rule)
    hand.raise_to(120)
    hand.raise_to(short)
    hand.call()
    assert hand.actor == 0  # back to the raiser
    return hand


# ---- the half-bet rule ------------------------------------------------------------------------------


def test_an_all_in_of_half_a_bet_reopens_the_betting_and_the_raise_completes_it() -> None:
    # PokerStars' hand: 30 over 120 in a round of 60 is half a bet; the raiser raises again, to 180.
    hand = raised_to_120_then_all_in(150)
    legal = hand.legal()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (30, 180, 180)
    hand.raise_to(180)
    raises = [e for e in hand.history if e["event"] == "raise"]
    assert [(e["to"], e["full"]) for e in raises] == [(120, True), (150, False), (180, True)]
    assert hand.legal().min_raise_to == 240  # the big blind may raise the full raise in turn


def test_under_the_full_bet_rule_the_same_all_in_does_not_reopen_it() -> None:
    hand = raised_to_120_then_all_in(150, full_bet_rule=True)
    legal = hand.legal()
    assert (legal.call, legal.call_amount, legal.min_raise_to) == (True, 30, None)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"an all-in short of a full bet or raise does not reopen"):
        hand.raise_to(180)
    assert snapshot(hand) == before


@pytest.mark.parametrize("short", [121, 140, 149])
def test_an_all_in_of_less_than_half_a_bet_does_not_reopen_it(short: int) -> None:
    hand = raised_to_120_then_all_in(short)
    assert hand.legal().min_raise_to is None
    with pytest.raises(IllegalActionError, match=r"an all-in short of half a bet does not reopen"):
        hand.raise_to(180)


def test_half_an_odd_bet_is_rounded_up() -> None:
    # A round of 5: an all-in 2 over the raise is less than half (2.5), 3 over is half or more.
    for over, reopens in ((2, False), (3, True)):
        hand = Hand([1000, 10 + over, 1000], 0, FixedLimit(5, 10), blinds=(2, 5), seed=1)
        hand.raise_to(10)
        hand.raise_to(10 + over)
        hand.call()
        assert (hand.legal().min_raise_to == 15) is reopens


def test_a_player_who_has_not_acted_completes_an_all_in_under_either_rule() -> None:
    # The big blind has not acted since the raise: facing 150 it may raise to 180 (not 210), either rule.
    for rule in (False, True):
        hand = three_handed(150, full_bet_rule=rule)
        hand.raise_to(120)
        hand.raise_to(150)
        legal = hand.legal()
        assert (hand.actor, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (2, 90, 180, 180)


def test_the_half_bet_all_in_does_not_count_toward_the_cap() -> None:
    # The blind (1), 120 (2), the all-in to 150 (not counted), 180 (3), 240 (4): then capped. PokerStars
    # writes "Betting is capped" after the fourth bet, and writes none after such a hand's 180.
    hand = Hand([1000, 150, 1000, 1000], 0, FixedLimit(60, 120), blinds=(30, 60), seed=1)
    hand.raise_to(120)  # seat 3
    hand.call()  # seat 0
    hand.raise_to(150)  # seat 1, all in
    hand.call()  # seat 2
    hand.raise_to(180)  # seat 3, reopened
    assert hand.legal().min_raise_to == 240
    hand.raise_to(240)  # seat 0
    hand.call()  # seat 2
    legal = hand.legal()
    assert (hand.actor, legal.call_amount, legal.min_raise_to) == (3, 60, None)
    with pytest.raises(IllegalActionError, match="capped"):
        hand.raise_to(300)


def test_an_all_in_bet_of_half_a_bet_reopens_it_for_the_player_who_checked() -> None:
    # After the first draw, a round of 60: seat 1 checks, seat 2 bets all in for 30 (29: not half).
    for left, reopens in ((30, True), (29, False)):
        hand = Hand([1000, 1000, 60 + left], 0, FixedLimit(60, 120), blinds=(30, 60), seed=1)
        hand.call()
        hand.call()
        hand.check()
        while hand.phase == "draw":
            hand.draw([])
        hand.check()  # seat 1
        hand.raise_to(left)  # seat 2, all in
        hand.call()  # seat 0
        assert hand.actor == 1
        assert hand.legal().min_raise_to == (60 if reopens else None)


def test_all_ins_short_of_half_a_bet_together_reopen_it_when_they_reach_half() -> None:
    # Robert's Rules: "Multiple all-in wagers, each of an amount too small to individually qualify as a
    # raise, still act as a raise and reopen the betting if the resulting wager size to a player
    # qualifies as a raise." 120, then all in to 135 and to 150: 15 each, 30 together.
    hand = Hand([150, 1000, 1000, 135], 3, FixedLimit(60, 120), blinds=(30, 60), seed=1)
    hand.raise_to(120)  # seat 2
    hand.raise_to(135)  # seat 3, the button, all in
    hand.raise_to(150)  # seat 0, the small blind, all in
    hand.call()  # seat 1
    assert hand.actor == 2
    assert hand.legal().min_raise_to == 180


def test_after_a_half_bet_all_in_another_needs_half_a_bet_more() -> None:
    # 120, all in to 150 (it reopens), a call of 150, all in to 170: 20 more is short of half a bet
    # for the player who called 150, though 50 over the last full bet.
    hand = Hand([1000, 150, 170, 1000, 1000], 0, FixedLimit(60, 120), blinds=(30, 60), seed=1)
    hand.raise_to(120)  # seat 3
    hand.call()  # seat 4
    hand.call()  # seat 0
    hand.raise_to(150)  # seat 1, all in: reopens for 3, 4 and 0
    hand.raise_to(170)  # seat 2, the big blind, all in
    hand.call()  # seat 3 calls 170 (it might have raised)
    assert hand.actor == 4
    assert hand.legal().min_raise_to == 180  # seat 4 acted at 120: reopened by the all-in to 150
    hand.call()  # seat 4 calls 170
    hand.call()  # seat 0 calls 170
    assert hand.phase == "draw"  # the all-in to 170 reopened nothing for anyone who had matched 150


def test_the_rule_is_recorded_and_a_structure_without_it_plays_the_half_bet_rule() -> None:
    strict, half = FixedLimit(60, 120, full_bet_rule=True), FixedLimit(60, 120)
    assert strict.describe()["full_bet_rule"] is True
    assert half.describe()["full_bet_rule"] is False
    assert structure_from(strict.describe()) == strict
    described = {k: v for k, v in strict.describe().items() if k != "full_bet_rule"}
    assert structure_from(described) == half  # histories from before the rule replay identically under it
    for value in (strict, half):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert strict != half
    assert hash(strict) != hash(half)


@pytest.mark.parametrize("bad", ["yes", 1, 0, None, 1.0, b"", [True]])
def test_the_rule_is_a_bool(bad: object) -> None:
    with pytest.raises(GameSetupError, match="full_bet_rule must be a bool"):
        FixedLimit(60, 120, full_bet_rule=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rule", [False, True])
def test_a_hand_with_a_half_bet_all_in_replays(rule: bool) -> None:
    hand = raised_to_120_then_all_in(150, full_bet_rule=rule)
    hand.raise_to(180) if not rule else hand.call()
    while hand.actor is not None:
        hand.draw([]) if hand.phase == "draw" else (hand.check() if hand.legal().check else hand.call())
    again = Hand.replay(json.loads(json.dumps(hand.history)))
    assert again.history == hand.history
    assert again.structure == hand.structure


# ---- a player nobody can bet against ------------------------------------------------------------


def short_button(rules_version: int = RULES_VERSION) -> Hand:
    """Blinds 10/20; the button calls all in for 15, the small blind folds: the big blind is left."""
    setup = Setup(
        [15, 1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=3, rules_version=rules_version
    )
    hand = Hand.from_setup(setup)
    hand.call()  # the button, all in for 15
    hand.fold()  # the small blind
    return hand


def test_a_player_nobody_can_bet_against_has_no_decision() -> None:
    hand = short_button()
    assert hand.phase == "draw"  # the big blind was not asked to check (nor offered a fold)
    assert [e["event"] for e in hand.history if e.get("seat") == 2 and e["event"] != "deal"] == ["blind"]
    drew = []
    while hand.actor is not None:
        assert hand.phase == "draw"  # every later betting round is skipped too; the draws still happen
        drew.append(hand.actor)
        hand.draw([])
    assert drew == [2, 0] * 3
    assert hand.phase == "over"
    assert sum(hand.stacks) == 2015
    assert Hand.replay(hand.history).history == hand.history


def test_facing_a_bet_it_still_calls_or_folds() -> None:
    # The button raises all in to 30 (short of a full raise); the small blind folds: the big blind owes 10.
    hand = Hand([30, 1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=3)
    hand.raise_to(30)
    hand.fold()
    legal = hand.legal()
    assert (hand.actor, legal.fold, legal.call) == (2, True, True)
    assert (legal.call_amount, legal.min_raise_to) == (10, None)
    hand.call()
    assert hand.phase == "draw"


def test_a_dead_hand_can_leave_a_player_nobody_can_bet_against() -> None:
    # The button all in for 15, the small blind completes: substantial action. The small blind's hand
    # is then found dead; the big blind, still to act, has nobody left to bet against.
    hand = Setup([15, 1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=3)
    played = Hand.from_setup(hand)
    played.call()
    played.call()
    assert played.actor == 2
    assert played.record_wrong_count(1) == "dead"
    assert played.phase == "draw"


def test_histories_recorded_before_still_replay_with_the_decision_they_record() -> None:
    # rules_version 1 asked the big blind to act; its history (which records no rules_version) replays.
    hand = short_button(rules_version=1)
    assert hand.phase == "bet"
    assert hand.actor == 2
    assert hand.legal().check
    hand.check()
    while hand.actor is not None:
        hand.draw([]) if hand.phase == "draw" else hand.check()
    old = json.loads(json.dumps(hand.history))
    assert old[0].pop("rules_version") == 1
    again = Hand.replay(old)
    assert again.setup.rules_version == 1
    assert json.loads(json.dumps(again.history[1:])) == old[1:]
    # The same decision under the rules of today does not follow: the turn is skipped.
    old[0]["rules_version"] = RULES_VERSION
    with pytest.raises(GameSetupError, match=r"\(check by seat 2\) is not legal|does not follow"):
        Hand.replay(old)


@pytest.mark.parametrize("bad", [0, 3, -1, True, 1.0, "2", None])
def test_the_rules_version_is_checked(bad: object) -> None:
    with pytest.raises(GameSetupError, match="rules_version must be an int from 1 to 2"):
        Setup([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), rules_version=bad)  # type: ignore[arg-type]


# ---- where PokerKit 0.7.7 plays these spots otherwise (docs/guide/engine.md) -------------------------


def pokerkit_or_skip() -> Any:
    """PokerKit, or skip; under CI on Python 3.11+ a missing PokerKit fails (it is in the test extra)."""
    try:
        import pokerkit  # noqa: PLC0415 - an optional test dependency
    except ImportError:
        if os.environ.get("CI") == "true" and sys.version_info >= (3, 11):
            pytest.fail("PokerKit must be installed under CI (pip install '.[test]')")
        pytest.skip("PokerKit is not installed (Python 3.11+)")
    return pokerkit


def pokerkit_state(stacks: tuple[int, ...], blinds: tuple[int, int], small_bet: int) -> Any:
    """PokerKit's fixed-limit Badugi, all but the players' actions automated (seats: SB, BB, ..., button)."""
    pokerkit = pokerkit_or_skip()
    automations = tuple(
        getattr(pokerkit.Automation, name)
        for name in (
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
    )
    return pokerkit.FixedLimitBadugi.create_state(
        automations, True, 0, blinds, small_bet, 2 * small_bet, stacks, len(stacks)
    )


def test_pokerkit_plays_the_strict_rule_and_raises_on_top_of_the_all_in() -> None:
    # The engine's spot above, in PokerKit's seat order: the small blind (150), the big blind, the button.
    state = pokerkit_state((150, 1000, 1000), (30, 60), 60)
    state.complete_bet_or_raise_to(120)  # the button
    state.complete_bet_or_raise_to(150)  # the small blind, all in: half a bet more
    assert state.min_completion_betting_or_raising_to_amount == 210  # on top of the all-in; the engine: 180
    state.check_or_call()  # the big blind
    assert state.actor_index == 2
    assert not state.can_complete_bet_or_raise_to()
    engine = raised_to_120_then_all_in(150)
    assert engine.legal().min_raise_to == 180


def test_pokerkit_asks_the_big_blind_the_engine_skips() -> None:
    state = pokerkit_state((1000, 1000, 15), (10, 20), 20)
    state.check_or_call()  # the button, all in for 15
    state.fold()  # the small blind
    assert state.actor_index == 1  # the big blind: a check, and no fold
    assert state.can_check_or_call()
    assert not state.can_fold()
    assert not state.can_complete_bet_or_raise_to()
    assert short_button().phase == "draw"
