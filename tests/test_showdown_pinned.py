"""Rules of the settlement that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the code and fails on the mutant named in its docstring
(``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from badugi.errors import InvalidHandError
from badugi.pots import Pot, PotHalf
from badugi.showdown import Showdown, showdown

MAX_CHIPS = 2**63 - 1
KINGS = "Kc Kd Kh Ks"
WHEEL = "Ac 2d 3h 4s"


def _won(amount: int, winner: int) -> Pot:
    return Pot(amount, (0, 1), (winner,), (amount,), (PotHalf("badugi", amount, (winner,), (amount,)),))


def test_the_uncalled_excess_of_the_last_seat_in_goes_back_to_it() -> None:
    """When everyone else folds, the chips nobody matched go back: the pot is what the others put in.

    Rule: Robert's Rules of Poker, "an uncalled bet is returned"; ``showdown``'s docstring (a seat
    wins from each opponent only as much as it put in, with or without a showdown). The big blind
    put in 10, the small blind folded with 5: the pot is 10, and 5 goes back. Kills
    ``showdown.py:267`` (``mine - others`` made ``+``: 15 back, no pot) and ``showdown.py:265``
    (``s != seat`` made ``==``: the seat measured against itself, nothing back, a pot of 15).
    """
    result = showdown([None, KINGS], [5, 10], button=0)
    assert result.payouts == (0, 15)
    assert result.returned == (0, 5)
    assert [(pot.amount, pot.winners) for pot in result.pots] == [(10, (1,))]
    three = showdown([None, None, KINGS], [20, 5, 50], button=0)
    assert (three.returned, [pot.amount for pot in three.pots]) == ((0, 0, 30), [45])


def test_a_void_hand_makes_no_pot_and_the_carry_stays_in_the_middle() -> None:
    """If every hand still in is dead the hand is void: no pot is played, the carry stays carried.

    Rule: ``badugi.showdown``'s docstring ("If every hand still in is dead, nobody can win: the hand
    is void and every seat gets back what it put in") and ``Showdown``'s check (a hand without
    pots was void). Kills ``showdown.py:341`` (the deleted ``return`` of the void hand: the carry
    would become a pot nobody won).
    """
    result = showdown(["Ah 2s 3d", "Kc Kd Kh"], [20, 20], button=0, carry=7)
    assert result.pots == ()
    assert result.payouts == (20, 20)
    assert result.carried == 7
    assert result.dead == (0, 1)


def test_the_contributions_and_the_carry_fit_one_payout() -> None:
    """The contributions and the carry together may not pass 2**63-1 chips (every chip fits one payout).

    Rule: ``showdown``'s docstring (a bad carry raises ``InvalidHandError``) and the chip cap of the
    engine, 2**63-1. Kills ``showdown.py:315`` (``+ extra`` made ``- extra``: a carry that pushes the
    total past the cap would be accepted).
    """
    half = MAX_CHIPS // 2
    showdown([WHEEL, KINGS], [half, half], button=0, carry=1)  # 2**63-2 + 1: at the cap, accepted
    with pytest.raises(InvalidHandError, match=r"add up to more than 2\*\*63-1 chips"):
        showdown([WHEEL, KINGS], [half, half], button=0, carry=2)


@pytest.mark.parametrize("contributions", [{0: 10, 1: 10}, {10, 20}, frozenset({5})])
def test_contributions_in_a_set_or_a_mapping_are_refused(contributions: object) -> None:
    """Contributions are a sequence in seat order: a set or a mapping has no such order and is refused.

    Rule: ``showdown``'s docstring (one contribution per seat, seats numbered from 0) and the house
    rule that bad input raises the documented ``InvalidHandError`` naming it. Kills
    ``showdown.py:162`` (the deleted raise: a mapping would be read as its keys).
    """
    with pytest.raises(InvalidHandError, match="contributions must be a sequence in seat order"):
        showdown([WHEEL, KINGS], contributions, button=0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("build", "msg"),
    [
        (
            lambda: Showdown((10, 0), (_won(10, 0),), (0, 1), (0,), ()),
            "Showdown.returned must hold one amount per seat: 2, got 1",
        ),  # :106
        (
            lambda: Showdown((10, 0), ("pot",), (0, 1), (0, 0), ()),  # type: ignore[arg-type]
            "Showdown.pots must hold Pot values, got",
        ),  # :102
        (
            lambda: Showdown((4, 0), (Pot(4, (0, 2), (), ()),), (0, 1), (0, 0), (), carried=4),
            "Showdown.pots: a seat of Pot(",
        ),  # :112 and :113 (seat 2 of two seats: the first past the table)
    ],
)
def test_a_settlement_refuses_fields_that_do_not_fit(build: Callable[[], object], msg: str) -> None:
    """A ``Showdown`` refuses ``returned`` not one per seat, a pot not a ``Pot``, a seat past the table.

    Rule: ``Showdown.__init__``'s docstring (``returned`` not one per seat, a seat outside the
    seats of ``payouts``) and the house rule that bad input raises ``InvalidHandError`` naming
    the field. Kills the deleted raises of ``showdown.py`` lines 102, 106 and 113, and line 112's
    ``seat >= n`` made ``>``.
    """
    with pytest.raises(InvalidHandError) as info:
        build()
    assert msg in str(info.value)
