"""Which bets and all-ins reopen the betting: the rules the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the engine and fails on the mutant named in its docstring
(``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import pytest

from badugi.engine import FixedLimit, Hand, IllegalActionError, PotLimit
from badugi.engine.structures import BettingRound


class _HalfARaiseReopens(PotLimit):
    """Pot limit where an all-in of half a full raise or more reopens the betting (one's own)."""

    def reopening_total(self, state: BettingRound) -> int | None:
        full = self.raise_range(state)
        if full is None:
            return None
        return state.current_bet + (full[0] - state.current_bet + 1) // 2


class _NoOpinionOnReopening(PotLimit):
    """Pot limit whose ``reopening_total`` gives no answer (None) although a raise is allowed."""

    def reopening_total(self, state: BettingRound) -> int | None:
        return None


def test_a_half_bet_all_in_then_a_smaller_one_does_not_reopen_for_who_called_the_first() -> None:
    """Under the half-bet rule, an all-in reopens only if it is half a bet over the last reopening total.

    Rule: ``FixedLimit``'s docstring (the half-bet rule of Robert's Rules of Poker and the TDA's
    Rule 47-B: an all-in of half a bet or more reopens the betting, counted from the last bet that
    reopened it). Fixed limit 10, blinds 5/10: seat 3 is all in for 15 (half a bet: it reopens,
    and the next reopening total is 20), seat 4 calls 15, seat 5 is all in for 17 (2 more: it
    does not reopen); back at seat 4, only a call or a fold. Kills ``betting.py:344``
    ``total >= quote[2]`` made ``quote[1]``: the 15 would not count as a reopening, the total that
    reopens for seat 4 would stay 15 and the 17 would reopen the betting for it.
    """
    stacks = [1000, 1000, 1000, 15, 1000, 17]
    hand = Hand(stacks=stacks, button=0, structure=FixedLimit(10, 20), blinds=(5, 10), seed=1)
    assert hand.actor == 3
    hand.raise_to(15)  # all in: half a bet over the big blind
    assert hand.actor == 4
    hand.call()
    assert hand.actor == 5
    hand.raise_to(17)  # all in: 2 over the 15, short of half a bet
    for seat in (0, 1, 2):
        assert hand.actor == seat
        hand.call()
    assert hand.actor == 4
    legal = hand.legal()
    assert (legal.call, legal.call_amount) == (True, 2)
    assert legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="does not reopen the betting"):
        hand.raise_to(30)


def test_a_structure_of_ones_own_says_which_all_in_reopens_the_betting() -> None:
    """A structure's own ``reopening_total`` decides which all-in for less reopens the betting.

    Rule: ``Structure.reopening_total``'s docstring (the least total a bet or raise must reach to
    reopen the betting for players who have acted) and ``Structure._quote`` (its third answer).
    Pot limit 5/10 where half a full raise reopens: seat 0 calls 10, seat 1 is all in for 15 (half
    the raise to 20), seat 2 calls; seat 0 may raise again. Kills ``structures.py:134``
    ``reopening is None`` negated (or made ``is not``): the full raise, 20, would be asked instead.
    """
    hand = Hand(stacks=[1000, 15, 1000], button=0, structure=_HalfARaiseReopens(), blinds=(5, 10), seed=1)
    hand.call()
    hand.raise_to(15)  # seat 1 all in: half a full raise
    hand.call()
    assert hand.actor == 0
    assert hand.legal().min_raise_to == 25  # the last full raise was the blind's 10


def test_a_full_raise_reopens_when_a_structure_gives_no_reopening_total() -> None:
    """With no answer from ``reopening_total`` (None) though a raise is allowed, a full raise reopens.

    Rule: ``Structure.reopening_total``'s docstring ("A full bet or raise always reopens it") and
    ``Structure._quote`` (the least full raise when the structure gives no reopening total).
    Pot limit 5/10, four seats: seat 3 calls 10, the button raises to 25 (a full raise, short of
    the pot's 45), the blinds call; seat 3 may raise again. Kills ``structures.py:134``
    ``full[0] if reopening is None`` made ``full[1]``: only the pot-sized 45 would reopen.
    """
    hand = Hand(stacks=[1000] * 4, button=0, structure=_NoOpinionOnReopening(), blinds=(5, 10), seed=1)
    assert hand.actor == 3
    hand.call()
    assert (hand.legal().min_raise_to, hand.legal().max_raise_to) == (20, 45)
    hand.raise_to(25)
    hand.call()
    hand.call()
    assert hand.actor == 3
    assert hand.legal().min_raise_to == 40  # 25 and the last full raise, 15
