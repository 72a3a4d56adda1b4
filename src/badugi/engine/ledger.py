"""The chips of one hand: what each seat has in front of it, what it has put in, and who has folded.

With a qualifier, a pot nobody qualifies for stays in the middle for the next
deal: that deal starts with it in the pot (``carry``), belonging to no seat.

The ledger keeps its totals as it goes (the pot, the players still in, those
who can still bet), because the betting asks for them at every turn.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Ledger"]


class Ledger:
    """Chips in front of each seat, chips each seat has put in, and the carry: each chip is in one.

    Change it through its methods only: ``put_in``, ``fold``, ``refund``, ``pay``.
    """

    __slots__ = ("able", "carry", "contributions", "folded", "in_hand", "pot", "stacks")

    def __init__(self, stacks: Sequence[int], carry: int = 0) -> None:
        self.stacks = list(stacks)
        self.carry = carry  # chips an earlier deal left in the middle: dead money in the main pot
        self.contributions = [0] * len(stacks)  # the whole hand, antes and blinds included
        self.folded = [False] * len(stacks)
        self.pot = carry  # every chip in the middle: what the seats put in, and the carry
        self.in_hand = len(self.stacks)  # seats that have not folded
        self.able = self.in_hand - self.stacks.count(0)  # seats that can still bet

    def _count(self) -> None:
        self.in_hand = self.folded.count(False)  # seats that have not folded
        self.able = sum(1 for stack, out in zip(self.stacks, self.folded, strict=True) if stack and not out)

    def put_in(self, seat: int, amount: int) -> None:
        """Move ``amount`` of the seat's chips into the pot."""
        left = self.stacks[seat] - amount
        self.stacks[seat] = left
        self.contributions[seat] += amount
        self.pot += amount
        if not left and amount and not self.folded[seat]:
            self.able -= 1

    def fold(self, seat: int) -> None:
        """``seat`` is out of the hand (folded, mucked or dead): its chips stay in the pot."""
        if not self.folded[seat]:
            self.folded[seat] = True
            self.in_hand -= 1
            if self.stacks[seat]:
                self.able -= 1

    def players_in(self) -> int:
        """Seats that have not folded."""
        return self.in_hand

    def can_act(self, seat: int) -> bool:
        """A seat can still bet: it has not folded and has chips left."""
        return not self.folded[seat] and self.stacks[seat] > 0

    def refund(self) -> list[int]:
        """Give every seat back every chip it put in (a misdeal; the carry stays); returns what came back."""
        returned = self.contributions
        self.stacks = [stack + back for stack, back in zip(self.stacks, returned, strict=True)]
        self.contributions = [0] * len(returned)
        self.folded = [False] * len(returned)
        self.pot = self.carry
        self._count()
        return returned

    def pay(self, payouts: Sequence[int]) -> None:
        """Hand each seat what it won."""
        for seat, won in enumerate(payouts):
            self.stacks[seat] += won
        self._count()
