"""Rules of the pots and the settlement that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the code and fails on the mutant named in its docstring.
"""

from __future__ import annotations

import pytest

from badugi.errors import InvalidHandError
from badugi.pots import Pot, PotHalf, layer, split
from badugi.showdown import Showdown


def _won(amount: int, winner: int, eligible: tuple[int, ...] = (0, 1)) -> Pot:
    half = PotHalf("badugi", amount, (winner,), (amount,))
    return Pot(amount, eligible, (winner,), (amount,), (half,))


@pytest.mark.parametrize(("winners", "shares"), [((0,), ()), ((), (10,)), ((0,), (10,))])
def test_a_pot_with_winners_or_shares_has_halves(winners: tuple[int, ...], shares: tuple[int, ...]) -> None:
    """A pot somebody won says how each half went; one with neither winners nor shares stays in the middle.

    Rule: ``Pot``'s docstring ("winners without halves" is refused; "a pot nobody won has
    neither"), after Robert's Rules of Poker on split pots (each half awarded on its own). The
    mutant ``won and paid`` accepted a pot with winners but no shares, or shares but no winners.
    """
    with pytest.raises(InvalidHandError, match="a Pot with winners has halves"):
        Pot(10, (0, 1), winners, shares)
    unwon = Pot(10, (0, 1), (), ())
    assert (unwon.winners, unwon.shares, unwon.halves) == ((), (), ())


def test_the_carried_chips_are_those_of_the_pots_nobody_won() -> None:
    """Chips that stay in the middle (no hand qualified) are exactly the pots nobody won.

    Rule: ``Showdown``'s docstring ("with ``carried`` they always sum to everything put in"),
    after Robert's Rules of Poker on qualifiers: an unclaimed pot plays on to the next deal.
    """
    unwon = Pot(30, (0, 1), (), ())
    won = _won(20, 1)
    settled = Showdown((0, 20), (won, unwon), (0, 1), (0, 0), (), carried=30)
    assert settled.carried == 30
    for wrong in (0, 29, 31, 50):
        with pytest.raises(InvalidHandError, match="carried must be the chips of the pots nobody won: 30"):
            Showdown((0, 20), (won, unwon), (0, 1), (0, 0), (), carried=wrong)
    with pytest.raises(InvalidHandError, match="nobody won: 0"):
        Showdown((0, 20), (won,), (0, 1), (0, 0), (), carried=1)


def test_the_payouts_are_the_pots_won_plus_the_chips_returned() -> None:
    """Each seat is paid what it won plus what went back to it, no more and no less.

    Rule: a seat wins from each opponent at most what it put in (Robert's Rules of Poker, side pots).
    """
    Showdown((0, 25), (_won(20, 1),), (0, 1), (0, 5), ())
    for payouts in ((0, 20), (5, 20), (0, 26)):
        with pytest.raises(InvalidHandError, match="payouts must be the pots won plus the chips returned"):
            Showdown(payouts, (_won(20, 1),), (0, 1), (0, 5), ())


def test_an_uncalled_excess_goes_back_and_a_lone_caller_is_not_a_pot() -> None:
    """The part of a bet nobody called goes back to the bettor; chips nobody live matched go back.

    Rule: Robert's Rules of Poker, "an uncalled bet is returned"; a seat wins from each opponent at
    most what it put in (side pots, main pot first).
    """
    pots, returned = layer([10, 30, 50], {0, 1, 2}, {0, 1, 2})
    assert pots == [(30, [0, 1, 2]), (40, [1, 2])]
    assert returned == [0, 0, 20]
    pots, returned = layer([10, 30, 30], {0, 1}, {0, 1})  # seat 2 folded with 30 in
    assert pots == [(30, [0, 1]), (40, [1])]
    assert returned == [0, 0, 0]
    pots, returned = layer([10, 30, 30], {0}, {0})  # only seat 0 can win: the rest goes back
    assert (pots, returned) == ([(30, [0])], [0, 20, 20])


def test_odd_chips_go_from_the_button_s_left_and_the_odd_half_chip_to_its_half() -> None:
    """An odd chip goes to the first tied winner left of the button; between halves, to ``odd_chip_half``.

    Rule: Robert's Rules of Poker, "the odd chip goes to the first player to the left of the button"
    and, in split games, to the high (here the named) half.
    """
    pot = split(11, (0, 1, 2), {0: (1,), 2: (1,)}, scales=("badugi",), odd_chip_half=0, button=0, n=3)
    assert (pot.winners, pot.shares) == ((2, 0), (6, 5))
    pot = split(11, (0, 1, 2), {0: (1,), 2: (1,)}, scales=("badugi",), odd_chip_half=0, button=2, n=3)
    assert (pot.winners, pot.shares) == ((0, 2), (6, 5))
    halves = split(
        11, (0, 1), {0: (1, 2), 1: (2, 1)}, scales=("badugi", "2-7"), odd_chip_half=1, button=0, n=2
    )
    assert [(h.amount, h.winners) for h in halves.halves] == [(5, (0,)), (6, (1,))]
    lone = split(11, (0, 1), {1: (1, 1)}, scales=("badugi", "2-7"), odd_chip_half=0, button=0, n=2)
    assert (lone.winners, lone.shares, [h.amount for h in lone.halves]) == ((1,), (11,), [6, 5])
