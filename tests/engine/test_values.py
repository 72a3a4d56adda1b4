"""Every value the engine hands out copies and pickles equal to itself, and cannot be changed.

Values cross process boundaries (a simulator farming hands out to a process
pool pickles views, results and structures) and get copied by callers; both
must give back an equal value, still immutable.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from typing import Any

import pytest

from badugi._frozen import Frozen
from badugi.engine import (
    FixedLimit,
    HalfPotLimit,
    Hand,
    Legal,
    PotLimit,
    RandomBot,
    SimpleBot,
    view_of,
)
from badugi.engine.history import Event
from badugi.engine.match import DEFAULT_SCHEDULE, Level, Match, MatchResult, Standing
from badugi.engine.setup import Setup
from badugi.engine.structures import BettingRound, structure_from
from badugi.games import BADACEY, BADEUCY


def _hand() -> Hand:
    hand = Hand([300] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=3)
    hand.call()
    return hand


def _values() -> list[Any]:
    hand = _hand()
    match = Match([SimpleBot(), RandomBot(2)], seed=1, hands=3, keep_histories=True)
    result = match.run()
    return [
        FixedLimit(20, 40),
        FixedLimit(20, 40, cap=None, uncapped_heads_up=True),
        PotLimit(),
        PotLimit(min_bet=5),
        HalfPotLimit(min_bet=2),
        Legal(fold=True, call=True, call_amount=20, min_raise_to=40, max_raise_to=40),
        hand.legal(),
        view_of(hand, 0),
        view_of(hand, hand.actor),  # type: ignore[arg-type]
        BettingRound(0, 20, 10, 30, 20, 1, 3, 20, 0),
        hand.setup,
        hand.game,
        Setup([5, 6], 1, PotLimit(2), ante=1, seed=2**100, burn=False, exposed_replacement="after_draw"),
        Setup([5, 6], 1, PotLimit(2), ante=1, seed=4, game=BADEUCY, carry=9),
        Setup([5, 6], 1, PotLimit(2), ante=1, seed=4, qualifier="9c 8d 7h 6s", carry=2**62),
        view_of(Hand([50] * 3, 2, FixedLimit(2, 4), blinds=(1, 2), seed=5, game=BADACEY), 1),
        BADEUCY,
        Level(10, 20, 40),
        DEFAULT_SCHEDULE,
        result.standings[0],
        result,
        hand.history,
        hand.history[0],
        hand.public_history(1),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_copy_and_pickle_equal(value: Any) -> None:
    for again in (
        copy.copy(value),
        copy.deepcopy(value),
        pickle.loads(pickle.dumps(value)),
        pickle.loads(pickle.dumps(value, protocol=0)),
    ):
        assert again == value
        assert type(again) is type(value)
        if not isinstance(value, tuple):
            assert repr(again) == repr(value)


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_cannot_be_changed(value: Any) -> None:
    for again in (value, copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        if dataclasses.is_dataclass(again):
            name = dataclasses.fields(again)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(again, name, 1)
        elif isinstance(again, Event):
            with pytest.raises(TypeError):
                again["event"] = "x"
        elif isinstance(again, Frozen):  # the game (badugi.games)
            with pytest.raises(AttributeError):
                setattr(again, again._fields()[0], 1)
        else:
            assert isinstance(again, tuple)


def test_values_that_should_be_hashable_are() -> None:
    for value in (FixedLimit(20, 40), PotLimit(), HalfPotLimit(), Level(1, 2, 4), Legal(draw=True)):
        assert hash(value) == hash(copy.deepcopy(value)) == hash(pickle.loads(pickle.dumps(value)))


def test_structures_compare_by_their_settings() -> None:
    assert FixedLimit(20, 40) == FixedLimit(20, 40, cap=4)
    assert FixedLimit(20, 40) != FixedLimit(20, 40, cap=3)
    assert PotLimit() != HalfPotLimit()  # same settings, another structure
    assert HalfPotLimit(min_bet=2) == HalfPotLimit(min_bet=2)
    for structure in (FixedLimit(2, 4, cap=None, uncapped_heads_up=True), PotLimit(3), HalfPotLimit()):
        assert structure_from(json.loads(json.dumps(structure.describe()))) == structure


def test_a_match_result_carries_its_histories_through_pickle() -> None:
    result = Match([SimpleBot(), RandomBot(5)], seed=8, hands=4, keep_histories=True).run()
    again: MatchResult = pickle.loads(pickle.dumps(result))
    assert again == result
    assert isinstance(again.histories[0][0], Event)
    replayed = Hand.replay(again.histories[0])
    assert replayed.history == result.histories[0]
    assert isinstance(result.standings[0], Standing)


def test_a_copied_hand_plays_on_by_itself() -> None:
    # Solvers explore a hand by copying it: the copy and the original never share state.
    hand = _hand()
    for twin in (copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        twin.fold()
        assert twin.folded != hand.folded
        assert len(twin.history) == len(hand.history) + 1
    bot = SimpleBot()
    twin = copy.deepcopy(hand)
    for h in (hand, twin):
        while h.actor is not None:
            h.act(bot(view_of(h, h.actor)))
    assert twin.history == hand.history
    assert twin.payouts == hand.payouts


def test_a_setup_deals_the_same_hand_every_time() -> None:
    hand = _hand()
    setup = hand.setup
    assert setup == Setup([300] * 3, 0, FixedLimit(10, 20), blinds=[5, 10], seed=3)
    assert setup.deck == tuple(Setup([300] * 3, 0, FixedLimit(10, 20), seed=3).deck)  # the seed's shuffle
    for again in (Hand.from_setup(setup), Hand.from_setup(pickle.loads(pickle.dumps(setup)))):
        assert again.history[0] == hand.history[0]
        assert again.hands == Hand([300] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=3).hands
    assert Setup.from_event(json.loads(json.dumps(hand.history[0]))) == setup
    assert Hand.replay(hand.history).setup == setup
