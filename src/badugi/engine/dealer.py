"""The dealer: who holds which cards, the deal, the draws, the burn cards and the dealer's mistakes.

The dealer works one ``Deck`` (the stub, the discards, the burns and the
cards held aside) and records what it does in the hand's ``History``: the
deal, every burn, reshuffle and exposed card, each draw and each late
replacement. The rules it follows are in ``badugi.engine.deck`` and in the
README ("Playing hands").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from badugi.cards import CARD_TEXT
from badugi.engine.deck import Deck, shuffled
from badugi.engine.history import Event, History
from badugi.engine.rules import largest_draw
from badugi.engine.setup import Setup
from badugi.games import Game

__all__ = ["Dealer"]


class Dealer:
    """Deals one hand: the cards in each seat's hands and everywhere else.

    Args:
        setup: the deck (top first), the seed of the reshuffles, whether to
            burn and when an exposed card is replaced.
        game: how many cards a hand holds (and so how much a draw can take).
        log: where the dealer records what it does.
        redeal: 0 for the first deal; after the k-th misdeal, k: the deck is
            shuffled again (by the seed and k), whatever deck the setup gave.
    """

    def __init__(self, setup: Setup, game: Game, log: History, redeal: int = 0) -> None:
        order, reshuffles = list(setup.deck), f"badugi-reshuffle-{setup.seed}"
        if redeal:  # a misdeal's redeal: a fresh shuffle, seeded by the hand's seed and the redeal's number
            shuffled(order, random.Random(f"badugi-deal-{setup.seed}-redeal-{redeal}"))
            reshuffles += f"-redeal-{redeal}"
        self.order = tuple(order)  # the deck this deal starts from, top first
        self._deck = Deck(order, reshuffles)
        self._game = game
        self._burn = setup.burn
        self._replace_exposed_now = setup.exposed_replacement == "now"
        self._log = log
        # The live cards a deferred replacement must leave: the largest draw another could make, and the last.
        self._reserve = largest_draw(game) + 1
        self.hands: list[list[int]] = []  # each seat's cards, in the order received
        self._owed: dict[int, tuple[list[int], list[int]]] = {}  # seat -> (cards exposed to it, its discards)
        self._burned = False  # whether this draw has had its burn card
        self._burn_waiting = False  # a card exposed in the deal, already burned for the first draw
        self.dealt: list[int] = []  # the cards of the deal, in the order dealt

    def deal(self, seats: int, first: int) -> None:
        """Deal every seat a hand, one card at a time, clockwise from ``first``, and record each hand."""
        size = self._game.hand_size
        dealt = self._deck.deal_many(size * seats)  # one card at a time: card j goes to seat first + j
        self.dealt.extend(dealt)
        hands: list[list[int]] = [[] for _ in range(seats)]
        for k in range(seats):  # card j goes to seat first + j: the seat k after first gets every seats-th
            hands[(first + k) % seats] = dealt[k::seats]
        self.hands = hands
        add, text = self._log.add, CARD_TEXT.__getitem__
        for seat, cards in enumerate(hands):
            add("deal", seat=seat, cards=tuple(map(text, cards)))

    def muck(self, seat: int) -> None:
        """A folded (or dead) hand goes into the discards, with anything held aside for its draw."""
        self._deck.discards.extend(self.hands[seat])
        self.hands[seat] = []
        if seat in self._owed:
            exposed, discards = self._owed.pop(seat)
            self._deck.release(exposed + discards)

    def replace_exposed_in_deal(self, seat: int, position: int) -> None:
        """Card ``position`` of the deal was exposed: the seat gets the next card, the exposed one is burned.

        The exposed card, which everyone has seen, becomes the first draw's
        burn card, so every other player gets exactly the cards it would have
        got without the error, in the deal and in the first draw.
        """
        exposed = self.dealt[position]
        cards = self.hands[seat]
        replacement = self._deck.deal()
        cards[cards.index(exposed)] = replacement
        self._deck.burns.append(exposed)
        self._burn_waiting = self._burn
        self._log.add("deal_replacement", seat=seat, card=CARD_TEXT[replacement])

    def start_draws(self) -> None:
        """A new draw: its first replacement card gets a burn card (unless one is already burned)."""
        self._burned, self._burn_waiting = self._burn_waiting, False

    def draw(self, seat: int, thrown: list[int], exposed: int) -> Event:
        """Replace the cards ``seat`` throws (it holds them), the first ``exposed`` dealt exposed; the event.

        An exposed card may not be taken: it is replaced at once, or owed
        until ``complete_draws`` (if the deck keeps enough live cards for the
        largest draw another player could still make, and the last card).
        """
        kept = [card for card in self.hands[seat] if card not in thrown]
        received, owed, events = self._deck.replace(
            thrown, self._burn and not self._burned, exposed, self._replace_exposed_now, self._reserve
        )
        if owed:
            self._owed[seat] = (owed, thrown)
        if thrown and self._burn:
            self._burned = True
        if events:
            self._log.extend(events)
        self.hands[seat] = kept + received
        text = CARD_TEXT.__getitem__
        return self._log.add(
            "draw",
            seat=seat,
            count=len(thrown),
            exposed=exposed,
            discards=tuple(map(text, thrown)),
            received=tuple(map(text, received)),
        )

    def owed(self, seat: int) -> int:
        """Replacements still owed to ``seat`` this draw."""
        return len(self._owed[seat][0]) if seat in self._owed else 0

    def complete_draws(self, order: Sequence[int]) -> None:
        """Deal the replacements owed for exposed cards, to the seats in ``order`` (the draw order)."""
        for seat in order:
            if seat not in self._owed:
                continue
            exposed, discards = self._owed.pop(seat)
            received, events = self._deck.deal_owed(exposed, discards)
            self._log.extend(events)
            self.hands[seat].extend(received)
            self._log.add(
                "late_replacement",
                seat=seat,
                count=len(received),
                received=tuple([CARD_TEXT[c] for c in received]),
            )

    def cards_in_play(self) -> dict[str, list[int]]:
        """Where every card is: hands, stub, discards (with cards held aside), burns."""
        deck = self._deck
        return {
            "hands": [card for cards in self.hands for card in cards],
            "stub": list(deck.stack),
            "discards": deck.discards + deck.held_aside,
            "burns": list(deck.burns),
        }
