"""What DrawBot expects of an opponent in a split game: the final strengths of random hands drawing.

Badugi's model (``badugi.engine.drawbot``) weighs every final rank of many
random hands by ``draw_odds``; a split game has no such rank list (a final
hand is a pair of ranks), so here the model is a sample: random five-card
hands of the game (a fixed seed for each game and number of draws), each
drawing the given number of times by the best discard with no card seen
(the table strategy's keep), each final hand valued by the game's
strength. Sorted, it is the distribution the bot reads an opponent's
chance from. It is built once per process for each game and number of
draws, on the first decision that needs it; the first also builds the
game's draw-value tables (a second or two).
"""

from __future__ import annotations

import random

from badugi.equity import _run5 as run5
from badugi.games import Game

__all__ = ["split_opponent_strengths"]

#: Random hands the model holds for each game and number of draws.
SAMPLE_HANDS = 2000
_samples: dict[tuple[object, int], list[float]] = {}


def split_opponent_strengths(game: Game, draws: int) -> list[float]:
    """Final strengths of random hands of ``game`` drawing ``draws`` (0..3) times, sorted ascending."""
    key = (game.halves, draws)
    if key not in _samples:
        rng = random.Random(f"badugi-drawbot-{game.name}-{draws}")
        scale = run5.scale(len(game.halves), 0)
        values = []
        for _ in range(SAMPLE_HANDS):
            deck = rng.sample(range(52), 5 + 5 * draws)  # the hand, then every card it may draw
            hand, stub = deck[:5], deck[5:]
            for left in range(draws, 0, -1):
                keep = run5.best_keep(game.halves, hand, [], left)
                kept = [c for i, c in enumerate(hand) if keep >> i & 1]
                hand, stub = kept + stub[: 5 - len(kept)], stub[5 - len(kept) :]
            values.append(run5.strength(game.halves, hand) / scale)
        _samples[key] = sorted(values)
    return _samples[key]
