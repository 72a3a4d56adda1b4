"""What a simple player reads from its cards on each half of a game, by asking the game.

``SimpleBot`` plays every game of ``badugi.games`` the same way. It asks the
game for the value of its cards on each half (``game.evaluate``), and asks
each half's scale two things, by ranking hands on it (never by its name):

* where the ace plays: the scale's ranks from the lowest up, so its *low
  cards* are its eight lowest ranks (A to 8 with the ace low, 2 to 9 with it
  high);
* whether a hand's value counts a *group* of its cards (a badugi: one card
  of each suit, at most four) or *every* card (a five-card low).

On a badugi half the cards worth keeping are the group, whatever their
ranks; on a low half, one card of each low rank. A half is *made* when those
cards make a whole hand (four for a badugi, every card for a low).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from badugi.cards import CARD_TEXT, card_rank
from badugi.games import Game
from badugi.scales import Scale

__all__ = ["LOW_RANKS", "HalfReading", "HandReading", "counts_a_group", "ranks_low_to_high", "read_hand"]

#: How many of a scale's lowest ranks a simple player calls low cards.
LOW_RANKS = 8
#: A badugi holds at most one card of each suit.
WHOLE_GROUP = 4


def _four_of(rank: int, scale: Scale) -> list[int]:
    """Four cards of ``rank``, with one card of another rank if the scale ranks only five."""
    cards = [4 * (rank - 1) + suit for suit in range(4)]
    if WHOLE_GROUP not in scale.sizes:
        kicker = 13 if rank != 13 else 12
        cards.append(4 * (kicker - 1))
    return cards


@cache
def ranks_low_to_high(scale: Scale) -> tuple[int, ...]:
    """The thirteen ranks (A=1 .. K=13) from the lowest to the highest on ``scale``.

    Four cards of one rank rank by that rank alone on every scale (a one-card
    hand on a badugi scale, four of a kind on a low), so ranking them orders
    the ranks: the ace comes first where it is low and last where it is high.
    """
    return tuple(sorted(range(1, 14), key=lambda rank: scale.rank(_four_of(rank, scale))))


@cache
def counts_a_group(scale: Scale) -> bool:
    """Whether a hand's value on ``scale`` counts a group of its cards (a badugi) or all of them (a low)."""
    cards = _four_of(1, scale)
    return len(scale.evaluate(cards).cards) < len(cards)


class HalfReading(NamedTuple):
    """One half of a hand as a simple player reads it."""

    keep: tuple[str, ...]  # the cards worth keeping for this half, as text
    short: int  # how many cards the half lacks to be a whole hand (0: made)


class HandReading(NamedTuple):
    """A hand as a simple player reads it: each half, and what that means for the draw."""

    cards: tuple[str, ...]  # the hand, as text
    halves: tuple[HalfReading, ...]  # in the game's order of halves

    @property
    def throw(self) -> list[str]:
        """The cards no half keeps."""
        keep = {card for half in self.halves for card in half.keep}
        return [card for card in self.cards if card not in keep]

    @property
    def short(self) -> int:
        """How many cards the best-read half lacks to be whole (0: a made hand on some half)."""
        return min(half.short for half in self.halves)


def read_hand(game: Game, cards: Sequence[str]) -> HandReading:
    """How each half of ``game`` reads ``cards``.

    The badugi halves are read first, so that a low half keeps, of two cards
    of one rank, the one a badugi group already keeps.

    Raises:
        InvalidHandError: ``cards`` are not a hand of the game.
    """
    ids = game.parse(cards)
    values = [scale.evaluate(ids) for scale in game.halves]
    kept: set[str] = set()
    readings: dict[int, HalfReading] = {}
    halves = list(enumerate(game.halves))
    for half, scale in sorted(halves, key=lambda item: not counts_a_group(item[1])):
        if counts_a_group(scale):
            keep = values[half].cards
            readings[half] = HalfReading(keep, WHOLE_GROUP - len(keep))
        else:
            low = set(ranks_low_to_high(scale)[:LOW_RANKS])
            by_rank: dict[int, str] = {}
            for card in ids:
                rank, text = card_rank(card), CARD_TEXT[card]
                if rank in low and (rank not in by_rank or text in kept):
                    by_rank[rank] = text
            keep = tuple(by_rank.values())
            readings[half] = HalfReading(keep, len(ids) - len(keep))
        kept.update(keep)
    return HandReading(tuple(CARD_TEXT[card] for card in ids), tuple(readings[half] for half, _ in halves))
