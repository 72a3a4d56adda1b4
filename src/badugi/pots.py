"""Pots: layering the chips by contribution, and splitting one pot among its winners.

Pure functions of numbers; ``badugi.showdown`` reads the hands and calls them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from badugi import _fields as check
from badugi._fields import trusted
from badugi._frozen import Frozen
from badugi.cards import describe
from badugi.errors import InvalidHandError
from badugi.ranking.scales import SCALES

__all__ = ["Pot", "PotHalf", "layer", "split"]


class PotHalf(Frozen):
    """One half of a pot (the whole pot in a game that does not split).

    Attributes:
        scale: the name of the scale this half is ranked on ("badugi", "2-7", ...).
        amount: chips in this half.
        winners: seats that won it (several on a tie), in the order the odd
            chips went: from the button's left, clockwise, after those who
            took an odd chip of the pot in an earlier half.
        shares: chips each winner got from this half, aligned with ``winners``.
    """

    __slots__ = ("amount", "scale", "shares", "winners")

    scale: str
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]

    def __init__(self, scale: str, amount: int, winners: Sequence[int], shares: Sequence[int]) -> None:
        """A half as ``badugi.showdown`` reports it; every field is checked.

        Raises:
            InvalidHandError: a field of the wrong type or out of range (chips
                are ints in 0..2**63-1, seats ints of 0 or more), no winner, a
                winner twice, or shares that do not match the winners or add
                up to ``amount``.
        """
        name = check.text("PotHalf", "scale", scale)
        if name not in _SCALE_NAMES:
            raise InvalidHandError(
                f"PotHalf.scale must name a scale ({', '.join(_SCALE_NAMES)}), got {name!r:.60}"
            )
        chips = check.integer("PotHalf", "amount", amount)
        seats = _seats("PotHalf", "winners", winners)
        paid = check.integers("PotHalf", "shares", shares)
        if not seats:
            raise InvalidHandError("PotHalf.winners must hold at least one seat")
        _check_shares("PotHalf", chips, seats, paid)
        self._set(scale=name, amount=chips, winners=seats, shares=paid)

    def __repr__(self) -> str:
        fields = f"scale={self.scale!r}, amount={self.amount}, winners={self.winners}, shares={self.shares}"
        return f"PotHalf({fields})"


class Pot(Frozen):
    """One pot: its chips, the seats that may win it and the seats that did.

    Attributes:
        amount: chips in the pot.
        eligible: seats still in that put in enough to contest it, in seat order.
        winners: seats that won any of it (several on a tie or a split), in the
            order the odd chips went: from the button's left, clockwise.
        shares: chips each winner got from this pot, aligned with ``winners``.
        halves: how each half of the pot went, one ``PotHalf`` per half of the
            game (one for Badugi, two for the split games). Empty when no hand
            qualified for the pot and it stays in the middle.
    """

    __slots__ = ("amount", "eligible", "halves", "shares", "winners")

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    halves: tuple[PotHalf, ...]

    def __init__(
        self,
        amount: int,
        eligible: Sequence[int],
        winners: Sequence[int],
        shares: Sequence[int],
        halves: Sequence[PotHalf] = (),
    ) -> None:
        """A pot as ``badugi.showdown`` reports it; every field is checked.

        Raises:
            InvalidHandError: a field of the wrong type or out of range (chips
                are ints in 0..2**63-1, seats ints of 0 or more), eligible
                seats not in ascending order, a winner that is not eligible or
                is there twice, shares that do not match the winners or add up
                to ``amount``, halves that do not add up to ``amount`` or whose
                winners are not the pot's, or winners without halves (a pot
                nobody won has neither).
        """
        chips = check.integer("Pot", "amount", amount)
        seats = _seats("Pot", "eligible", eligible)
        if list(seats) != sorted(seats):
            raise InvalidHandError(f"Pot.eligible must be in ascending seat order, got {seats!r:.80}")
        won = _seats("Pot", "winners", winners)
        paid = check.integers("Pot", "shares", shares)
        parts = check.items("Pot", "halves", halves)
        for part in parts:
            if not isinstance(part, PotHalf):
                raise InvalidHandError(f"Pot.halves must hold PotHalf values, got {describe(part)}")
        if not set(won) <= set(seats):
            raise InvalidHandError(f"Pot.winners {won!r:.80} must be eligible seats {seats!r:.80}")
        if parts:
            _check_shares("Pot", chips, won, paid)
            if sum(part.amount for part in parts) != chips:
                raise InvalidHandError(f"Pot.halves must add up to the amount {chips}")
            if {seat for part in parts for seat in part.winners} != set(won):
                raise InvalidHandError("Pot.winners must be the seats that won some half")
        elif won or paid:
            raise InvalidHandError("a Pot with winners has halves (one per half of the game)")
        self._set(amount=chips, eligible=seats, winners=won, shares=paid, halves=parts)

    def __repr__(self) -> str:
        return (
            f"Pot(amount={self.amount}, eligible={self.eligible}, winners={self.winners}, "
            f"shares={self.shares}, halves={self.halves})"
        )


_SCALE_NAMES = tuple(scale.name for scale in SCALES)


def _seats(owner: str, name: str, value: object) -> tuple[int, ...]:
    seats = check.integers(owner, name, value)
    if len(set(seats)) != len(seats):
        raise InvalidHandError(f"{owner}.{name} must not hold a seat twice, got {seats!r:.80}")
    return seats


def _check_shares(owner: str, amount: int, winners: tuple[int, ...], shares: tuple[int, ...]) -> None:
    if len(shares) != len(winners):
        raise InvalidHandError(
            f"{owner}.shares must hold one share per winner: {len(winners)}, got {len(shares)}"
        )
    if sum(shares) != amount:
        raise InvalidHandError(f"{owner}.shares must add up to the amount {amount}, got {sum(shares)}")


def layer(
    contributions: Sequence[int], in_hand: set[int], live: set[int]
) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """Layer the chips into (amount, eligible seats) pots, main pot first, and the chips that go back.

    A seat wins from each opponent at most what it put in, so a layer that no
    live hand reached (one seat's uncalled excess, or chips above every live
    hand's contribution put in by seats that folded or are dead) goes back to
    the seats that put it in.
    """
    n = len(contributions)
    returned = [0] * n
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        reached = [s for s in range(n) if contributions[s] >= level]
        step = level - previous
        previous = level
        eligible = [s for s in reached if s in in_hand]
        if len(reached) == 1 or not any(s in live for s in eligible):
            for seat in reached:  # nobody who can win matched it: it goes back
                returned[seat] += step
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + step * len(reached), eligible)
        else:
            pots.append((step * len(reached), eligible))
    return pots, returned


def split(
    amount: int,
    eligible: Sequence[int],
    ranks: Mapping[int, tuple[int, ...]],
    *,
    scales: Sequence[str],
    odd_chip_half: int,
    button: int,
    n: int,
) -> Pot:
    """Split one pot: evenly among the halves, each half among its best hands.

    ``ranks`` holds the rank per half (1 best) of every seat that may win; the
    half ``odd_chip_half`` takes the chip left over when the pot does not split
    evenly between the halves; within a half, odd chips go one at a time to
    the tied winners from the first one left of the button, those who took
    fewer odd chips of this pot in the halves before first (so players who
    tie every half chop the whole pot evenly, as one pot would split).
    """
    contenders = [seat for seat in eligible if seat in ranks]
    base = amount // len(scales)
    amounts = [base] * len(scales)
    amounts[odd_chip_half] += amount - base * len(scales)
    if len(contenders) == 1:  # one hand takes every half: nothing to compare, no odd chip to place
        winner = (contenders[0],)
        return trusted(
            Pot,
            amount=amount,
            eligible=tuple(sorted(eligible)),
            winners=winner,
            shares=(amount,),
            halves=tuple(
                trusted(PotHalf, scale=scale, amount=chips, winners=winner, shares=(chips,))
                for scale, chips in zip(scales, amounts, strict=True)
            ),
        )

    def from_the_button_s_left(seat: int) -> int:
        return (seat - button - 1) % n

    won: dict[int, int] = {}
    odd_chips: dict[int, int] = {}  # odd chips of this pot each seat has taken so far
    halves = []
    for half, (scale, half_amount) in enumerate(zip(scales, amounts, strict=True)):
        best = min(ranks[seat][half] for seat in contenders)
        winners = sorted(
            (seat for seat in contenders if ranks[seat][half] == best),
            key=lambda seat: (odd_chips.get(seat, 0), from_the_button_s_left(seat)),
        )
        share, odd = divmod(half_amount, len(winners))
        shares = [share + (1 if i < odd else 0) for i in range(len(winners))]
        for i, (seat, chips) in enumerate(zip(winners, shares, strict=True)):
            won[seat] = won.get(seat, 0) + chips
            if i < odd:
                odd_chips[seat] = odd_chips.get(seat, 0) + 1
        halves.append(
            trusted(PotHalf, scale=scale, amount=half_amount, winners=tuple(winners), shares=tuple(shares))
        )
    order = tuple(sorted(won, key=from_the_button_s_left))
    return trusted(
        Pot,
        amount=amount,
        eligible=tuple(sorted(eligible)),
        winners=order,
        shares=tuple(won[seat] for seat in order),
        halves=tuple(halves),
    )
