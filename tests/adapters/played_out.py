"""A hand played to its end by random legal moves, chance by its true odds: the adapters' tests' walk."""

from __future__ import annotations

import random

from badugi.adapters import TableState


def play_out(state: TableState, rng: random.Random) -> TableState:
    """Play ``state`` to its end in place, and return it."""
    while not state.is_terminal:
        if state.is_chance:
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(cards, chances)[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
