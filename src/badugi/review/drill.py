"""The discard drill: a Badugi hand, the draws to come and what the others drew, and what to throw.

``deal_drill(seed)`` deals a spot: four cards, this draw and the ones after it
(``draws``, 1 to 3 counting this one) and how many cards each opponent, drawing
before the seat, threw at this draw. ``answer_drill(drill, throw)`` answers a
throw with the exact best discard (``badugi.best_discard``) and what the throw
cost: the best discard's expected final strength minus the throw's, as
``badugi review`` values a draw (``badugi.review.values.draw_cost``). The
others' draws are for the player to weigh; the best discard does not depend on
them (it maximises the expected strength of the final hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from badugi.cards import CARD_TEXT, parse_cards, quote
from badugi.errors import GameSetupError, InvalidHandError
from badugi.games import BADUGI
from badugi.review.values import DrawCost, draw_cost

__all__ = ["PAT", "Drill", "DrillAnswer", "answer_drill", "deal_drill", "parse_throw"]

#: What stands for throwing nothing (standing pat), besides an empty answer.
PAT = "-"
#: The most opponents a drill seats.
MOST_OPPONENTS = 3


@dataclass(frozen=True)
class Drill:
    """A spot to answer.

    Attributes:
        cards: the seat's four cards, as text.
        draws: the draws to come, counting this one (1 to 3).
        others: how many cards each opponent threw at this draw, in the order they drew (before the seat).
    """

    cards: tuple[str, ...]
    draws: int
    others: tuple[int, ...]


@dataclass(frozen=True)
class DrillAnswer:
    """A throw answered.

    Attributes:
        thrown: the cards thrown (none: pat).
        value: the best and the throw valued (``DrawCost``: the best discard, both
            expected final strengths, and the cost).
    """

    thrown: tuple[str, ...]
    value: DrawCost

    @property
    def cost(self) -> float:
        """The expected final strength the throw gave up: 0 for the best discard."""
        return self.value.cost

    @property
    def best(self) -> tuple[str, ...]:
        """The exact best discard (``badugi.best_discard``)."""
        return self.value.best


def deal_drill(seed: int | None = None) -> Drill:
    """A random spot: four cards from a shuffled deck, 1 to 3 draws to come, 1 to 3 opponents' draws.

    Raises:
        badugi.errors.GameSetupError: a seed that is not None or a whole number.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise GameSetupError(f"seed must be a whole number or None, got {quote(seed)}")
    rng = random.Random(seed)
    cards = tuple(rng.sample(CARD_TEXT, BADUGI.hand_size))
    draws = rng.randint(1, BADUGI.draws)
    others = tuple(rng.randint(0, BADUGI.hand_size) for _ in range(rng.randint(1, MOST_OPPONENTS)))
    return Drill(cards, draws, others)


def parse_throw(drill: Drill, text: str) -> tuple[str, ...]:
    """The cards a typed answer throws (``"Kh 9s"``, ``"Kh9s"``; ``"-"`` or nothing for pat).

    Raises:
        badugi.errors.InvalidHandError: text that is not cards, a card twice, or a card the hand
            does not hold.
    """
    if not isinstance(text, str):
        raise InvalidHandError(f"a throw is text, got {quote(text)}")
    words = text.strip()
    if words in ("", PAT):
        return ()
    thrown = tuple(CARD_TEXT[card] for card in parse_cards(words))
    for card in thrown:
        if card not in drill.cards:
            raise InvalidHandError(f"{card} is not in the hand {' '.join(drill.cards)}")
    return thrown


def answer_drill(drill: Drill, throw: str | Sequence[str]) -> DrillAnswer:
    """The exact best discard and what ``throw`` (text, or a sequence of the cards) cost.

    Raises:
        badugi.errors.InvalidHandError: a throw that is not cards of the hand.
        badugi.errors.GameSetupError: ``drill`` is not a Drill.
    """
    if not isinstance(drill, Drill):
        raise GameSetupError(f"answer_drill takes a Drill, got {quote(drill)}")
    if isinstance(throw, str):
        thrown = parse_throw(drill, throw)
    else:  # cards one an item (text or ids), checked as every hand of the library is
        thrown = parse_throw(drill, " ".join(CARD_TEXT[card] for card in parse_cards(throw)) or PAT)
    return DrillAnswer(thrown, draw_cost(drill.cards, thrown, drill.draws, (), BADUGI))
