"""A vs-random row dealt slowly in Python: the reference the tables' C deals are checked against.

Dealt by the game engine's deck (``badugi.engine.deck.Deck``), each half's
share from ``game.rank``: it shares no code with the C engine but
``best_discard``'s choice.
"""

from __future__ import annotations

import random

from badugi import best_discard
from badugi.cards import parse_cards
from badugi.engine.deck import Deck
from badugi.games import Game


def simulated_share(hand: str, game: Game, draws: int, deals: int, seed: int) -> float:
    """The hand's class against a hand of the other cards, both playing the best discard at every draw."""
    rng = random.Random(seed)
    size = game.hand_size
    share = 0.0
    for _ in range(deals):
        suits = list(range(4))
        rng.shuffle(suits)  # a hand of the class, with suits at random
        ours = [c - c % 4 + suits[c % 4] for c in parse_cards(hand)]
        stack = [c for c in range(52) if c not in ours]
        rng.shuffle(stack)
        deck = Deck(stack, rng)
        hands = [list(ours), [deck.deal() for _ in range(size)]]
        thrown_by: list[list[int]] = [[], []]
        for d in range(draws):
            burned = False
            for p in (0, 1):
                seen = sorted(set(thrown_by[p]) - set(hands[p]))
                thrown = parse_cards(best_discard(hands[p], draws=draws - d, dead=seen, game=game).discard)
                received, _, _ = deck.replace(thrown, burn_first=not burned and bool(thrown))
                burned |= bool(thrown)
                hands[p] = [c for c in hands[p] if c not in thrown] + received
                thrown_by[p] += thrown
        mine, theirs = game.rank(hands[0]), game.rank(hands[1])
        halves = [1.0 if a < b else 0.5 if a == b else 0.0 for a, b in zip(mine, theirs, strict=True)]
        share += sum(halves) / len(halves)  # each half an even share of the pot
    return share / deals
