"""The cards of a hand the engine did not deal: what a record says each seat got, unknown where it is silent.

A ``FollowedHand`` is told the cards instead of dealing them. This dealer
holds them, ``UNKNOWN`` where the record does not show a card, and checks
that what it is told can have happened: a card is in one place at a time,
a seat throws only cards it holds, and a card that has left play (thrown or
folded) comes back only once the stub may have run out and the discards been
shuffled in. It keeps the ``Dealer``'s interface where ``Hand`` uses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi.cards import CARD_TEXT, DECK_SIZE
from badugi.engine.history import Event, History
from badugi.errors import IllegalActionError
from badugi.games import Game

__all__ = ["UNKNOWN", "UNKNOWN_TEXT", "FollowedDealer", "card_text"]

#: A card the record does not show (in ``FollowedDealer.hands``).
UNKNOWN = -1
#: How an unknown card is written in the history and in ``hands``.
UNKNOWN_TEXT = "??"


def card_text(card: int) -> str:
    """A card's text, ``"??"`` for an unknown one."""
    return UNKNOWN_TEXT if card == UNKNOWN else CARD_TEXT[card]


class FollowedDealer:
    """The cards of a followed hand: each seat's, as the record gives them.

    Args:
        game: how many cards a hand holds.
        log: where the deal and the draws are recorded.
    """

    def __init__(self, game: Game, log: History) -> None:
        self._game = game
        self._log = log
        self.hands: list[list[int]] = []  # each seat's cards, UNKNOWN where not shown
        self.dealt: list[int] = []  # the deal, seat by seat (the order is not recorded)
        self.order: tuple[int, ...] = ()
        self._gone: set[int] = set()  # known cards that left play: thrown or folded
        # Cards given to the seats, known or not: the stub is 52 less these and the burns.
        self._handed_out = 0
        self._draws_begun = 0  # each may have burned a card
        self._maybe_reshuffled = False

    # ---- what may be dealt -------------------------------------------------------------------

    def _stub_may_be_out(self, coming: int) -> bool:
        # With ``coming`` more cards handed out (and one burn a draw at most) the stub may be down to
        # its last card, which rooms do not deal: the discards are shuffled into a new stub, and a
        # card seen thrown may be dealt again, then and for the rest of the hand.
        if self._handed_out + coming + self._draws_begun >= DECK_SIZE - 1:
            self._maybe_reshuffled = True
        return self._maybe_reshuffled

    def check_new(self, seat: int, cards: Sequence[int], where: str, coming: int = 0) -> None:
        """``cards`` newly known in ``seat``'s hand: none may be in another hand, or out of play too early.

        Raises:
            IllegalActionError: a card in two places, naming it.
        """
        for card in cards:
            if card == UNKNOWN:
                continue
            for other, held in enumerate(self.hands):
                if other != seat and card in held:
                    raise IllegalActionError(
                        f"{where}: {CARD_TEXT[card]} is in seat {other}'s hand already", seat
                    )
            if card in self._gone and not self._stub_may_be_out(coming):
                raise IllegalActionError(
                    f"{where}: {CARD_TEXT[card]} has left play already (thrown or folded), "
                    "and the stub cannot have run out yet",
                    seat,
                )

    # ---- the deal and the draws --------------------------------------------------------------

    def deal_known(self, hands: Sequence[Sequence[int]]) -> None:
        """Give each seat the cards the record says it was dealt (``UNKNOWN`` where it is silent)."""
        self.hands = []
        for seat, cards in enumerate(hands):
            self.check_new(seat, cards, f"the deal to seat {seat}")
            known = [card for card in cards if card != UNKNOWN]
            if len(set(known)) != len(known):
                raise IllegalActionError(f"the deal to seat {seat} names a card twice", seat)
            self.hands.append(list(cards))
        self.dealt = [card for cards in self.hands for card in cards]
        self._handed_out = len(self.dealt)
        for seat, cards in enumerate(self.hands):
            self._log.record("deal", seat=seat, cards=[card_text(c) for c in cards])

    def swap(self, seat: int, thrown: Sequence[int], received: Sequence[int]) -> Event:
        """``seat`` throws ``thrown`` (``UNKNOWN``: a card not shown), gets ``received``; returns the event.

        Raises:
            IllegalActionError: a thrown card the seat does not hold, or a received card
                that cannot be dealt now.
        """
        held = list(self.hands[seat])
        for card in thrown:
            if card in held:
                held.remove(card)
            elif card == UNKNOWN:
                raise IllegalActionError(
                    f"seat {seat}'s cards are all known: the record must name the cards it throws", seat
                )
            else:
                raise IllegalActionError(f"seat {seat} does not hold {CARD_TEXT[card]}", seat)
        known = [card for card in received if card != UNKNOWN]
        if len(set(known)) != len(known):
            raise IllegalActionError(f"seat {seat} receives a card twice", seat)
        for card in known:
            if card in thrown:
                raise IllegalActionError(
                    f"seat {seat} receives {CARD_TEXT[card]}, which it has just thrown", seat
                )
            if card in held:
                raise IllegalActionError(f"seat {seat} receives {CARD_TEXT[card]}, which it holds", seat)
        self.check_new(seat, known, f"the draw of seat {seat}", coming=len(received))
        self._gone.update(card for card in thrown if card != UNKNOWN)
        self._handed_out += len(received)
        self.hands[seat] = held + list(received)
        return self._log.record(
            "draw",
            seat=seat,
            count=len(thrown),
            exposed=0,
            discards=[card_text(c) for c in thrown],
            received=[card_text(c) for c in received],
        )

    def reveal(self, seat: int, cards: Sequence[int]) -> None:
        """``seat``'s hand is shown: ``cards`` replace its unknown ones.

        Raises:
            IllegalActionError: a known card of the seat missing from the shown ones,
                or a shown card that is somewhere else.
        """
        for card in self.hands[seat]:
            if card != UNKNOWN and card not in cards:
                raise IllegalActionError(
                    f"seat {seat} shows a hand without {CARD_TEXT[card]}, which it holds", seat
                )
        self.check_new(
            seat, [card for card in cards if card not in self.hands[seat]], f"the hand seat {seat} shows"
        )
        self.hands[seat] = list(cards)

    def muck(self, seat: int) -> None:
        """A folded (or conceded) hand leaves play."""
        self._gone.update(card for card in self.hands[seat] if card != UNKNOWN)
        self.hands[seat] = []

    # ---- the parts of ``Dealer`` that ``Hand`` calls ------------------------------------------

    def start_draws(self) -> None:
        """A new draw: it may burn a card (the record does not say)."""
        self._draws_begun += 1

    def owed(self, seat: int) -> int:
        """Replacements owed for exposed cards: a followed hand has none."""
        return 0

    def complete_draws(self, order: Sequence[int]) -> None:
        """Nothing is owed in a followed hand."""

    def cards_in_play(self) -> dict[str, list[int]]:
        """The known cards in the hands (the stub, discards and burns are not recorded)."""
        return {
            "hands": [card for cards in self.hands for card in cards if card != UNKNOWN],
            "stub": [],
            "discards": sorted(self._gone),
            "burns": [],
        }
