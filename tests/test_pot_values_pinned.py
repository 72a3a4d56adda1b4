"""What a ``Pot`` and a ``PotHalf`` refuse, and how chips are layered into pots (issue 31).

Each test is a probe, found unpinned by the mutation run: it passes on the code and fails on the
mutant named in its docstring (``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from badugi.errors import InvalidHandError
from badugi.pots import Pot, PotHalf, layer


def _half(amount: int, winner: int) -> PotHalf:
    return PotHalf("badugi", amount, (winner,), (amount,))


@pytest.mark.parametrize(
    ("build", "msg"),
    [
        (lambda: PotHalf("badugi", 10, (), ()), "PotHalf.winners must hold at least one seat"),  # :57
        (lambda: PotHalf("badugi", 10, (0, 0), (5, 5)), "PotHalf.winners must not hold a seat twice"),  # :142
        (lambda: Pot(10, (0, 0), (), ()), "Pot.eligible must not hold a seat twice"),  # :142
        (
            lambda: PotHalf("badugi", 10, (0, 1), (10,)),
            "PotHalf.shares must hold one share per winner: 2, got 1",
        ),  # :148
        (
            lambda: PotHalf("badugi", 10, (0,), (9,)),
            "PotHalf.shares must add up to the amount 10, got 9",
        ),  # :152
        (
            lambda: Pot(10, (0, 1), (0,), (10,), ("half",)),  # type: ignore[arg-type]
            "Pot.halves must hold PotHalf values, got",
        ),  # :116
        (
            lambda: Pot(10, (0, 1), (2,), (10,), (_half(10, 2),)),
            "Pot.winners (2,) must be eligible seats (0, 1)",
        ),  # :118
        (
            lambda: Pot(10, (0, 1), (0,), (10,), (_half(10, 1),)),
            "Pot.winners must be the seats that won some half",
        ),  # :124
    ],
)
def test_a_pot_and_its_halves_refuse_fields_that_do_not_fit(build: Callable[[], object], msg: str) -> None:
    """A pot or a half whose winners, shares or halves contradict each other is refused, naming the field.

    Rule: the docstrings of ``Pot`` and ``PotHalf`` (no winner, a winner twice, shares that do not
    match the winners or add up to the amount, halves that are not ``PotHalf`` values, winners not
    eligible or not the seats that won some half) and the house rule that bad input raises the
    documented ``InvalidHandError`` naming the problem. Kills the deleted raises of ``pots.py``
    lines 57, 116, 118, 124, 142, 148 and 152 (each case names its line).
    """
    with pytest.raises(InvalidHandError) as info:
        build()
    assert msg in str(info.value)


def test_a_half_shows_its_fields() -> None:
    """A ``PotHalf``'s repr names its scale, amount, winners and shares (what a report prints).

    Rule: ``PotHalf``'s attributes, as its ``__repr__`` lists them. Kills ``pots.py:63`` (the
    deleted ``return`` of ``__repr__``: ``repr`` would raise ``TypeError``).
    """
    half = PotHalf("2-7", 11, (1, 0), (6, 5))
    assert repr(half) == "PotHalf(scale='2-7', amount=11, winners=(1, 0), shares=(6, 5))"


def test_a_seat_that_put_nothing_in_makes_no_pot() -> None:
    """Only chips make pots: a seat in the hand that put nothing in is in no pot, and no pot is empty.

    Rule: ``layer``'s docstring (the chips are layered by contribution, main pot first); Robert's
    Rules of Poker, side pots (a player contests only the pots they put chips in). Kills
    ``pots.py:169`` ``c > 0`` made ``c >= 0``: a level of 0 chips would make an empty pot that
    every seat in the hand contests.
    """
    assert layer([10, 10, 0], {0, 1, 2}, {0, 1, 2}) == ([(20, [0, 1])], [0, 0, 0])
    assert layer([0, 0], {0, 1}, {0, 1}) == ([], [0, 0])
    assert layer([1, 2], {0, 1}, {0, 1}) == ([(2, [0, 1])], [0, 1])  # one chip is a level too
