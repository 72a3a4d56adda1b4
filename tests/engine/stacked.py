"""Helpers of the engine tests that set up a table: a deck that deals given hands, and playing on."""

from __future__ import annotations

from typing import Any

from badugi.cards import CARD_TEXT, card_id
from badugi.engine import FixedLimit, Hand
from badugi.games import BADUGI, Game

ORDERED_DECK = list(CARD_TEXT)  # Ac Ad Ah As 2c ... Ks: deck[k] has id k


def finish_betting(hand: Hand) -> None:
    """Check or call round the table until the betting round ends."""
    while hand.phase == "bet":
        hand.check() if hand.legal().check else hand.call()


def check_down(hand: Hand) -> None:
    """Everyone stands pat and checks or calls to the showdown."""
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw([])
        else:
            finish_betting(hand)


def deck_dealing(hands: list[str], button: int) -> list[str]:
    """A deck that deals ``hands[seat]`` to each seat (one card at a time from the button's left)."""
    n = len(hands)
    cards = [text.split() for text in hands]
    size = len(cards[0])
    deck: list[str | None] = [None] * 52
    for seat, held in enumerate(cards):
        for j, card in enumerate(held):
            deck[j * n + (seat - button - 1) % n] = CARD_TEXT[card_id(card)]
    rest = iter(c for c in ORDERED_DECK if c not in {CARD_TEXT[card_id(x)] for h in cards for x in h})
    filled = [card if card is not None else next(rest) for card in deck]
    assert len(set(filled)) == 52
    assert all(len(h) == size for h in cards)
    return filled


def heads_up(hands: list[str], game: Game = BADUGI, **options: Any) -> Hand:
    """Two seats of 100 chips, button 0, fixed limit 2/4, blinds 1/2, dealt ``hands``."""
    deck = deck_dealing(hands, 0)
    return Hand([100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), deck=deck, seed=1, game=game, **options)


def everyone_draws_everything(hand: Hand) -> list[dict[str, Any]]:
    """Play the hand out, everyone checking or calling and throwing every card at every draw.

    Checks every reshuffle as it happens (it comes only when the last card is
    left, takes that card, and never the drawer's own discards) and every draw
    (no card comes back to the player that threw it, and all 52 cards are
    somewhere); returns each reshuffle: who was drawing, the last card and the
    new stack's size.
    """
    deck = hand._dealer._deck
    original = deck.reshuffle
    reshuffles: list[dict[str, Any]] = []

    def watched() -> list[int]:
        assert len(deck.stack) == 1, "a reshuffle comes only when just the last card is left"
        last, aside = deck.stack[0], list(deck.held_aside)
        assert len(aside) == hand.game.hand_size
        pile = original()
        assert last in pile
        assert not set(aside) & set(pile), "the drawer's own discards were shuffled in"
        reshuffles.append({"drawer": hand.actor, "last": last, "size": len(pile)})
        return pile

    deck.reshuffle = watched  # type: ignore[method-assign]
    while hand.phase != "over":
        finish_betting(hand)
        while hand.phase == "draw":
            seat = hand.actor
            assert seat is not None
            thrown = hand.hands[seat]
            hand.draw(thrown)
            assert len(hand.hands[seat]) == hand.game.hand_size
            assert not set(thrown) & set(hand.hands[seat]), "a player got back a card it threw"
            where = hand.cards_in_play()
            every = where["hands"] + where["stub"] + where["discards"] + where["burns"]
            assert sorted(every) == list(range(52))
    return reshuffles
