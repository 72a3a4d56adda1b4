"""What the engine assumes about the game it deals, in one place.

The engine plays a draw game: each player holds ``hand_size`` cards, and
``draws`` draws alternate with ``draws + 1`` betting rounds. Nothing else in
the engine says "four cards" or "three draws": it asks the game. Today the
only game is triple-draw Badugi; a game model that knows its hand size and
number of draws can take its place.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_SEATS", "TRIPLE_DRAW_BADUGI", "DrawGame"]

#: The most players at one table (seeds 000 and 001: two to eight).
MAX_SEATS = 8


@dataclass(frozen=True)
class DrawGame:
    """The shape of a draw game: how many cards each player holds, and how many draws there are."""

    hand_size: int
    draws: int

    @property
    def betting_rounds(self) -> int:
        """One betting round before the first draw and one after each draw."""
        return self.draws + 1

    @property
    def largest_draw(self) -> int:
        """The most cards one draw can take from the deck: every card thrown, and as many exposed."""
        return 2 * self.hand_size


#: Badugi: four cards, three draws (seeds 000 and 001).
TRIPLE_DRAW_BADUGI = DrawGame(hand_size=4, draws=3)
