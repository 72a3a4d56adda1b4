"""What a simple player reads from its cards on each half of a game, by asking the game.

``SimpleBot`` plays every game of ``badugi.games`` the same way. It asks each
half of the game how its cards rank there (and, to draw, which of them count:
the half's value), and asks each half's scale two things once, by ranking
hands on it (never by its name):

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
from badugi.classes import class_of
from badugi.games import Game
from badugi.ranking.scales import Scale

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


class _HalfPlan(NamedTuple):
    """What ``read_hand`` needs to know of one half, asked of its scale once."""

    place: int  # the half's place in the game's order
    scale: Scale
    group: bool  # counts a group (a badugi) rather than every card (a low)
    low: frozenset[int]  # the ranks of its low cards


#: Each game's halves, badugi halves first, by the game's id (the game is kept, so the id stays its).
_PLANS: dict[int, tuple[Game, tuple[_HalfPlan, ...]]] = {}


def _plan(game: Game) -> tuple[_HalfPlan, ...]:
    # Asked on every decision of every bot: looked up by identity, since hashing a game or a
    # scale (frozen values, hashed by their fields) would cost more than the rest of the reading.
    known = _PLANS.get(id(game))
    if known is not None and known[0] is game:
        return known[1]
    halves = [
        _HalfPlan(index, scale, counts_a_group(scale), frozenset(ranks_low_to_high(scale)[:LOW_RANKS]))
        for index, scale in enumerate(game.halves)
    ]
    plan = tuple(sorted(halves, key=lambda half: not half.group))
    _PLANS[id(game)] = (game, plan)
    return plan


class HandReading:
    """A hand as a simple player reads it: how far it is from a made hand, and what it would draw.

    A bet needs only ``short``, which the ranks give at once; ``halves`` and
    ``throw`` (the draw) ask the scales for the cards that count, which costs
    more, and only when asked.

    Attributes:
        cards: the hand, as text.
        short: how many cards the best-read half lacks to be whole (0: a made hand on some half).
    """

    __slots__ = ("_ids", "_plan", "cards", "short")

    def __init__(self, game: Game, cards: Sequence[str]) -> None:
        self._ids = game.parse(cards)
        self._plan = _plan(game)
        self.cards = tuple(CARD_TEXT[card] for card in self._ids)
        self.short = min(self._short(half) for half in self._plan)

    def _short(self, half: _HalfPlan) -> int:
        if half.group:  # a badugi scale numbers its classes as Badugi does: the class says the group's size
            size, _ = class_of(half.scale.rank(self._ids))
            return WHOLE_GROUP - size
        return len(self._ids) - len({card_rank(card) for card in self._ids} & half.low)

    @property
    def halves(self) -> tuple[HalfReading, ...]:
        """Each half, in the game's order.

        The badugi halves are read first, so that a low half keeps, of two
        cards of one rank, the one a badugi group already keeps.
        """
        kept: set[str] = set()
        readings: list[HalfReading | None] = [None] * len(self._plan)
        for half in self._plan:
            if half.group:
                keep = half.scale.evaluate(self._ids).cards
                readings[half.place] = HalfReading(keep, WHOLE_GROUP - len(keep))
            else:  # a low counts every card: it keeps one card of each low rank
                by_rank: dict[int, str] = {}
                for card in self._ids:
                    rank, text = card_rank(card), CARD_TEXT[card]
                    if rank in half.low and (rank not in by_rank or text in kept):
                        by_rank[rank] = text
                keep = tuple(by_rank.values())
                readings[half.place] = HalfReading(keep, len(self._ids) - len(keep))
            kept.update(keep)
        return tuple(r for r in readings if r is not None)

    @property
    def throw(self) -> list[str]:
        """The cards no half keeps."""
        keep = {card for half in self.halves for card in half.keep}
        return [card for card in self.cards if card not in keep]


def read_hand(game: Game, cards: Sequence[str]) -> HandReading:
    """How ``game`` reads ``cards``, half by half.

    Raises:
        InvalidHandError: ``cards`` are not a hand of the game.
    """
    return HandReading(game, cards)
