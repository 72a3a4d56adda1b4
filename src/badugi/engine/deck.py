"""The deck during a hand: the stub, the discards, the burns, and the reshuffle.

The rules (seed 000):

* The last card of a stack is never dealt.
* One card is burned before the replacement cards of each draw (an option,
  on by default, as in card rooms).
* When the stack cannot complete a draw, what can be dealt is dealt; then the
  discards, the burn cards and the last card are shuffled into a new stack and
  the draw is completed from it. The discards of the player drawing are held
  aside and are not included.
* A card the dealer exposes during the draw may not be taken by the player: it
  goes with the discards and is replaced, at once or after every other player
  has drawn (venues differ; the hand chooses). A player's draw is complete
  only once its last replacement is dealt: until then its discards and the
  cards exposed to it are held aside, so no reshuffle can give them back to it.
* Holding cards aside shrinks what the deck can deal. A replacement is put off
  until the end of the draw only if the deck keeps enough cards for the
  largest draw any other player could still make (every card thrown and every
  replacement exposed, plus the last card, which is never dealt); otherwise the
  exposed card is replaced at once.

Folded hands are mucked with the discards.
"""

from __future__ import annotations

import random

from badugi.cards import CARD_TEXT
from badugi.engine.history import Event

__all__ = ["Deck", "shuffled"]

Events = list[Event]


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """``cards`` shuffled in place by ``rng`` and returned: ``rng.shuffle(cards)``, step for step.

    The same Fisher-Yates walk, each index drawn by rejection from the fewest
    random bits that hold it, as CPython's ``random.shuffle`` draws it (3.10 to
    3.13), so a seed deals the deck it always dealt; written out here, it costs
    a third less than the library's method calls and no longer hangs on them.
    """
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class Deck:
    """A stack of card ids (top first), the discard pile, the burn cards, and cards held aside.

    ``reshuffles`` shuffles the discards into a new stack: a generator, or the
    text that seeds one, made at the first reshuffle (most hands have none).
    """

    def __init__(self, cards: list[int], reshuffles: random.Random | str) -> None:
        self.stack = list(cards)
        self.discards: list[int] = []
        self.burns: list[int] = []
        self.held_aside: list[int] = []  # the drawer's discards and cards exposed to players still owed one
        self._reshuffles = reshuffles

    def live_cards(self) -> int:
        """Cards the deck can still draw on: the stack, the discards and the burns (not those held aside)."""
        return len(self.stack) + len(self.discards) + len(self.burns)

    def can_deal(self) -> bool:
        """True while the stack holds more than its last card."""
        return len(self.stack) >= 2

    def deal(self) -> int:
        """The top card. The caller checks ``can_deal()`` first."""
        if not self.can_deal():
            raise SystemError("badugi: dealt the last card of the stack")
        return self.stack.pop(0)

    def deal_many(self, count: int) -> list[int]:
        """The top ``count`` cards, in order. The stack must keep its last card."""
        if len(self.stack) <= count:
            raise SystemError("badugi: dealt the last card of the stack")
        dealt = self.stack[:count]
        del self.stack[:count]
        return dealt

    def reshuffle(self) -> list[int]:
        """Shuffle the discards, the burns and the last card into a new stack; return it."""
        pile = self.discards + self.burns + self.stack
        if isinstance(self._reshuffles, str):
            self._reshuffles = random.Random(self._reshuffles)
        shuffled(pile, self._reshuffles)
        self.stack = pile
        self.discards = []
        self.burns = []
        if not self.can_deal():
            raise SystemError("badugi: the reshuffled stack cannot deal a card")
        return list(pile)

    def _next(self, events: Events) -> int:
        """Deal one card, reshuffling first if the stack is down to its last card."""
        if not self.can_deal():
            events.append(Event(event="reshuffle", cards=len(self.reshuffle())))
        return self.deal()

    def replace(
        self,
        discards: list[int],
        burn_first: bool,
        exposed: int = 0,
        replace_exposed_now: bool = True,
        reserve: int = 0,
    ) -> tuple[list[int], list[int], Events]:
        """Deal one player's replacements; return (cards received, cards exposed and still owed, events).

        The first ``exposed`` cards dealt to the player are exposed by the
        dealer: each goes aside and is replaced at once, or, with
        ``replace_exposed_now`` False, is owed until ``deal_owed``. Owing
        keeps the player's discards aside until then, so it is done only if
        ``reserve`` live cards remain for the other players' draws.
        """
        events: Events = []
        burn = bool(discards) and burn_first
        if not exposed and len(self.stack) > len(discards) + burn:  # the stack covers it: no reshuffle
            stack = self.stack
            if burn:
                card = stack.pop(0)
                self.burns.append(card)
                events.append(Event(event="burn", card=CARD_TEXT[card]))
            dealt = stack[: len(discards)]
            del stack[: len(discards)]
            self.discards.extend(discards)
            return dealt, [], events
        self.held_aside.extend(discards)
        defer = not replace_exposed_now and exposed > 0 and self.live_cards() - len(discards) >= reserve
        if discards and burn_first:
            card = self._next(events)
            self.burns.append(card)
            events.append(Event(event="burn", card=CARD_TEXT[card]))
        received: list[int] = []
        shown: list[int] = []
        for position in range(len(discards)):
            card = self._next(events)
            if position < exposed:
                events.append(Event(event="exposed", card=CARD_TEXT[card]))
                self.held_aside.append(card)  # never back to this player
                shown.append(card)
                if defer:
                    continue
                card = self._next(events)
            received.append(card)
        if defer:  # the draw is not complete: its discards stay aside with the exposed cards
            return received, shown, events
        self.release(discards + shown)
        return received, [], events

    def deal_owed(self, exposed: list[int], own_discards: list[int]) -> tuple[list[int], Events]:
        """Complete a player's draw: deal the replacements owed for ``exposed`` cards, then release them.

        The player's discards and the exposed cards were held aside since its
        draw, so none of them can come back to it.
        """
        events: Events = []
        received = [self._next(events) for _ in exposed]
        self.release(exposed + own_discards)
        return received, events

    def release(self, cards: list[int]) -> None:
        """Cards held aside join the discards (their player's draw is over)."""
        for card in cards:
            self.held_aside.remove(card)
        self.discards.extend(cards)
