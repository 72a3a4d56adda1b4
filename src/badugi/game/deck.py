"""The deck during a hand: the stub, the discards, the burns, and the reshuffle.

The rules (seed 000, "The last card of the deck shall not be dealt ..."):

* The last card of a stack is never dealt.
* One card is burned before the replacement cards of each draw (an option,
  on by default, as in card rooms).
* When the stack cannot complete a draw, what can be dealt is dealt; then the
  discards, the burn cards and the last card are shuffled into a new stack and
  the draw is completed from it. The discards of the player drawing are held
  aside and are not included.

Folded hands are mucked with the discards.
"""

from __future__ import annotations

import random

__all__ = ["Deck"]


class Deck:
    """A stack of card ids (top first) plus the discard pile and the burn cards."""

    def __init__(self, cards: list[int], rng: random.Random) -> None:
        self.stack = list(cards)
        self.discards: list[int] = []
        self.burns: list[int] = []
        self.held_aside: list[int] = []  # the current drawer's discards
        self.reshuffles = 0
        self._rng = rng

    def can_deal(self) -> bool:
        """True while the stack holds more than its last card."""
        return len(self.stack) >= 2

    def deal(self) -> int:
        """The top card. The caller checks ``can_deal()`` first."""
        if not self.can_deal():
            raise SystemError("badugi: dealt the last card of the stack")
        return self.stack.pop(0)

    def reshuffle(self) -> list[int]:
        """Shuffle the discards, the burns and the last card into a new stack; return it."""
        pile = self.discards + self.burns + self.stack
        self._rng.shuffle(pile)
        self.stack = pile
        self.discards = []
        self.burns = []
        self.reshuffles += 1
        if not self.can_deal():
            raise SystemError("badugi: the reshuffled stack cannot deal a card")
        return list(pile)

    def replace(self, discards: list[int], burn_first: bool) -> tuple[list[int], list[dict[str, object]]]:
        """Deal replacements for one player's discards; return them and the deck events.

        The discards are held aside while the player is dealt to, so a
        reshuffle cannot give them back, then join the discard pile.
        """
        events: list[dict[str, object]] = []
        self.held_aside = list(discards)
        received: list[int] = []
        if discards and burn_first:
            if not self.can_deal():
                events.append({"event": "reshuffle", "cards": len(self.reshuffle())})
            events.append({"event": "burn", "card": self.deal_burn()})
        while len(received) < len(discards):
            if not self.can_deal():
                events.append({"event": "reshuffle", "cards": len(self.reshuffle())})
            received.append(self.deal())
        self.discards.extend(self.held_aside)
        self.held_aside = []
        return received, events

    def deal_burn(self) -> int:
        """Burn the top card (the stack can deal)."""
        card = self.deal()
        self.burns.append(card)
        return card

    def all_cards(self) -> list[int]:
        """Every card the deck object holds (stack, discards, burns, held aside)."""
        return self.stack + self.discards + self.burns + self.held_aside
