"""The chips of one hand: what each seat has in front of it, what it has put in, and who has folded.

With a qualifier, a pot nobody qualifies for stays in the middle for the next
deal: that deal starts with it in the pot (``carry``), belonging to no seat.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Ledger"]


class Ledger:
    """Chips in front of each seat, chips each seat has put in, and the carry: each chip is in one."""

    __slots__ = ("carry", "contributions", "folded", "stacks")

    def __init__(self, stacks: Sequence[int], carry: int = 0) -> None:
        self.stacks = list(stacks)
        self.carry = carry  # chips an earlier deal left in the middle: dead money in the main pot
        self.contributions = [0] * len(stacks)  # the whole hand, antes and blinds included
        self.folded = [False] * len(stacks)

    def put_in(self, seat: int, amount: int) -> None:
        """Move ``amount`` of the seat's chips into the pot."""
        self.stacks[seat] -= amount
        self.contributions[seat] += amount

    @property
    def pot(self) -> int:
        """Every chip in the middle: what the seats put in, and the carry."""
        return sum(self.contributions) + self.carry

    def players_in(self) -> int:
        """Seats that have not folded."""
        return self.folded.count(False)

    def can_act(self, seat: int) -> bool:
        """A seat can still bet: it has not folded and has chips left."""
        return not self.folded[seat] and self.stacks[seat] > 0

    def refund(self) -> list[int]:
        """Give every seat back every chip it put in (a misdeal; the carry stays); returns what came back."""
        returned = self.contributions
        self.stacks = [stack + back for stack, back in zip(self.stacks, returned, strict=True)]
        self.contributions = [0] * len(returned)
        self.folded = [False] * len(returned)
        return returned

    def pay(self, payouts: Sequence[int]) -> None:
        """Hand each seat what it won."""
        for seat, won in enumerate(payouts):
            self.stacks[seat] += won
