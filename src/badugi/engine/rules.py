"""What the engine asks of the game it deals, in one place.

The engine deals any game of ``badugi.games``: each player holds
``game.hand_size`` cards, and ``game.draws`` draws alternate with betting
rounds. The few numbers the engine derives from a game live here; nothing
else in the engine says "four cards" or "three draws", and nothing branches
on a game's name.
"""

from __future__ import annotations

from badugi.games import Game

__all__ = ["MAX_SEATS", "betting_rounds", "largest_draw"]

#: The most players at one table (seeds 000 and 001: two to eight).
MAX_SEATS = 8


def betting_rounds(game: Game) -> int:
    """One betting round before the first draw and one after each draw."""
    return game.draws + 1


def largest_draw(game: Game) -> int:
    """The most cards one draw can take from the deck: every card thrown, and as many exposed."""
    return 2 * game.hand_size
