"""The engine's shortcuts give what the long ways give: each is checked against the long way here.

The engine works out a turn once, settles its own hands without reading them
again, shuffles with its own copy of the library's walk and asks the
structures here for numbers rather than a ``BettingRound``. Every history is
the same event for event (the random-play tests replay them); these pin the
shortcuts themselves, each against the code it stands in for.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

import pytest

from badugi.engine import BettingRound, FixedLimit, HalfPotLimit, Hand, PotLimit, Structure
from badugi.engine.deck import shuffled
from badugi.engine.structures import _numbers
from badugi.pots import layer


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 52, 60])
def test_the_shuffle_is_the_library_s_step_for_step(size: int) -> None:
    for seed in range(300):
        theirs = list(range(size))
        rng = random.Random(f"seed-{seed}")
        rng.shuffle(theirs)
        mine = random.Random(f"seed-{seed}")
        assert shuffled(list(range(size)), mine) == theirs
        assert mine.random() == rng.random()  # the generator is left where the library leaves it


def test_one_hand_left_is_layered_as_layer_does() -> None:
    settle = sys.modules["badugi.showdown"]
    rng = random.Random(3)
    for _ in range(20_000):
        n = rng.randint(2, 8)
        chips = [rng.choice([0, 0, 1, 5, 10, rng.randint(0, 60)]) for _ in range(n)]
        seat = rng.randrange(n)
        assert settle._unseen_layers(seat, chips) == layer(chips, {seat}, {seat}), (seat, chips)


def _rounds(rng: random.Random) -> BettingRound:
    current = rng.randint(0, 200)
    return BettingRound(
        index=rng.randrange(4),
        current_bet=current,
        player_bet=rng.randint(0, current),
        pot=rng.randint(current, 2000),
        last_raise=rng.choice([0, 10, 20, 40]),
        full_bets=rng.randrange(6),
        players_in=rng.randint(2, 8),
        big_blind=rng.choice([None, 10, 20]),
        ante=rng.choice([0, 1, 5]),
        last_full_bet=rng.randint(0, current),
        reopened_at=rng.randint(0, current),
    )


@pytest.mark.parametrize(
    "structure",
    [
        FixedLimit(10, 20),
        FixedLimit(5, 10, cap=None, full_bet_rule=True),
        FixedLimit(2, 4, cap=3, uncapped_heads_up=True),
        PotLimit(),
        PotLimit(min_bet=7),
        HalfPotLimit(),
    ],
)
def test_the_numbers_the_engine_asks_are_the_structure_s_answers(structure: Structure) -> None:
    rng = random.Random(8)
    for _ in range(5_000):
        state = _rounds(rng)
        quote = structure._quote(*_numbers(state))
        full, reopening = structure.raise_range(state), structure.reopening_total(state)
        assert (quote is None) is (full is None)
        if quote is not None:
            assert full is not None
            assert quote == (full[0], full[1], reopening)


@dataclass(frozen=True)
class TwiceTheBet(FixedLimit):
    """A structure of a user's own: fixed limit whose every raise is two units (its own raise_range)."""

    def raise_range(self, state: BettingRound) -> tuple[int, int] | None:
        full = super().raise_range(state)
        unit = self.unit(state.index)
        return None if full is None else (full[0] + unit, full[1] + unit)


def test_a_structure_that_answers_otherwise_is_asked_its_own_answers() -> None:
    hand = Hand([1000] * 3, 0, TwiceTheBet(10, 20), blinds=(5, 10), seed=1)
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (30, 30)
    hand.raise_to(30)
    assert hand.legal().min_raise_to == 50


class Spread(Structure):
    """Any total from one unit to four above the bet: a structure written from the base class alone."""

    def raise_range(self, state: BettingRound) -> tuple[int, int] | None:
        return state.current_bet + 10, state.current_bet + 40

    def describe(self) -> dict[str, object]:
        return {"type": "Spread"}


def test_a_structure_of_one_s_own_plays() -> None:
    hand = Hand([1000] * 3, 0, Spread(), blinds=(5, 10), seed=1)
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (20, 50)
    hand.raise_to(35)
    assert (hand.legal().min_raise_to, hand.legal().max_raise_to) == (45, 75)


def test_a_turn_s_legal_actions_are_shared_values_and_stay_right() -> None:
    first = Hand([1000] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=1)
    second = Hand([1000] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=2)
    assert first.legal() is second.legal()  # the same answer: one value
    first.call()
    assert first.legal() != second.legal()
    assert (first.legal().call_amount, second.legal().call_amount) == (5, 10)
