"""Chance in a hand: which card comes next, and how likely each is, by the rules of ``badugi.engine.deck``.

A solver needs every chance outcome with its probability, where the engine
shuffles. The rules are the engine's (seed 000), without burn cards (a burn
is a card nobody sees, so it changes no probability but after a reshuffle):

* the stub's last card is never dealt; when the stub is down to it, the
  discards are shuffled in with it, and the draw goes on from the new stub;
* the discards of the player drawing are held aside: they never come back to it.

Cards that arrive together (a seat's hand, one draw's replacements) come in
increasing order: each set of cards then has exactly one sequence of chance
outcomes, with its true probability, and the tree is smaller by the
factorial of their number. Order carries no information at the table
(the cards of one deal are exchangeable), so no decision loses anything.
A draw that a reshuffle interrupts deals its cards one at a time, as dealt.

A reduced deck may not hold enough cards to replace a large draw even after
a reshuffle (a full deck always does: the engine keeps that reserve); there,
a seat may throw only as many cards as the deck can replace (``most_thrown``).
"""

from __future__ import annotations

from math import comb

__all__ = ["Batch", "most_thrown", "outcomes", "take"]


class Batch:
    """Cards still to come to one seat: how many, the last one dealt, and whether they come in order.

    Attributes:
        seat: the seat they go to.
        need: cards still to come.
        last: the last card dealt of a sorted batch (-1 before the first).
        ascending: whether the cards come in increasing order (from the stub alone).
        held: the seat's own discards, held aside until its draw is over.
    """

    __slots__ = ("ascending", "held", "last", "need", "seat")

    def __init__(self, seat: int, need: int, ascending: bool, held: tuple[int, ...] = ()) -> None:
        self.seat = seat
        self.need = need
        self.last = -1
        self.ascending = ascending
        self.held = held

    def copy(self) -> Batch:
        """An independent copy."""
        new = Batch(self.seat, self.need, self.ascending, self.held)
        new.last = self.last
        return new


def most_thrown(stub: list[int], discards: list[int], hand_size: int) -> int:
    """The most cards one seat may throw now: what the stub and a reshuffle of the discards can replace."""
    return max(0, min(hand_size, len(stub) + len(discards) - 1))


def outcomes(batch: Batch, stub: list[int], discards: list[int]) -> list[tuple[int, float]]:
    """The next card's possible values (ascending) and their probabilities."""
    if batch.ascending:
        above = [card for card in stub if card > batch.last]
        total = comb(len(above), batch.need)
        # The next card is the smallest of the batch: as many sets start with it as the
        # ways to choose the rest from the cards above it.
        result = []
        for index, card in enumerate(above):
            ways = comb(len(above) - index - 1, batch.need - 1)
            if ways:
                result.append((card, ways / total))
        return result
    pile = stub if len(stub) >= 2 else stub + discards  # a reshuffle when the stub is down to its last card
    chance = 1.0 / len(pile)
    return [(card, chance) for card in sorted(pile)]


def take(batch: Batch, card: int, stub: list[int], discards: list[int]) -> None:
    """Deal ``card`` to the batch's seat: out of the stub (reshuffling the discards in first if needed)."""
    if not batch.ascending and len(stub) < 2:
        stub.extend(discards)
        stub.sort()
        discards.clear()
    stub.remove(card)
    batch.last = card
    batch.need -= 1
