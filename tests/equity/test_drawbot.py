"""DrawBot: legal play in every situation, and how it does against SimpleBot over seeded matches."""

from __future__ import annotations

import math
import os
import random

import pytest

from badugi import best_discard
from badugi.engine import DrawBot, FixedLimit, Hand, PotLimit, RandomBot, SimpleBot, view_of
from badugi.engine.match import Match

#: Heads-up matches for the measurement; BADUGI_DRAWBOT_MATCHES overrides it for a longer run.
MATCHES = int(os.environ.get("BADUGI_DRAWBOT_MATCHES", "120"))


@pytest.mark.parametrize("seats", [2, 3, 6, 8])
def test_drawbot_plays_only_legal_actions(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(12):
        structure = FixedLimit(20, 40) if seed % 2 else PotLimit()
        hand = Hand([1000] * seats, seed % seats, structure, blinds=(10, 20), seed=seed)
        players = [DrawBot() if rng.random() < 0.5 else RandomBot(seed=seed) for _ in range(seats)]
        while hand.actor is not None:
            hand.act(players[hand.actor](view_of(hand, hand.actor)))  # IllegalActionError would fail
        assert sum(hand.stacks) == 1000 * seats


def test_drawbot_draws_the_best_discard_with_what_it_has_seen() -> None:
    for seed in range(6):
        hand = Hand([1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=seed)
        bot = DrawBot()
        draws_seen = 0
        while hand.actor is not None:
            view = view_of(hand, hand.actor)
            action = bot(view)
            if hand.phase == "draw":
                # Its own earlier discards (not back in its hand) are out of the deck for it.
                thrown = [
                    c
                    for e in view.history
                    if e.get("event") == "draw" and e.get("seat") == view.seat
                    for c in e["discards"]
                ]
                seen = sorted(set(thrown) - set(view.cards))
                assert action == (
                    "draw",
                    list(best_discard(view.cards, draws=3 - draws_seen // 2, dead=seen).discard),
                )
                draws_seen += 1
            elif hand.legal().call:
                action = "call"  # keep both in to the end
            hand.act(action)


def test_drawbot_chance_falls_with_more_opponents() -> None:
    hand = Hand([1000] * 4, 0, FixedLimit(20, 40), blinds=(10, 20), seed=3)
    view = view_of(hand, hand.actor)
    bot = DrawBot()
    assert 0.0 <= bot.chance_to_win(view) <= 1.0
    hand.fold()
    hand.fold()
    heads_up = view_of(hand, hand.actor)
    assert bot.chance_to_win(heads_up) >= 0.0


@pytest.mark.slow
def test_drawbot_beats_simplebot_heads_up(capsys: pytest.CaptureFixture[str]) -> None:
    wins = 0
    for m in range(MATCHES):
        seat = m % 2  # each bot sits in each seat equally often
        players = [SimpleBot(), SimpleBot()]
        players[seat] = DrawBot()
        wins += Match(players, seed=m).run().standings[0].player == seat
    rate = wins / MATCHES
    margin = 1.96 * math.sqrt(rate * (1 - rate) / MATCHES)
    with capsys.disabled():
        print(
            f"\nDrawBot against SimpleBot, heads-up: won {wins} of {MATCHES} matches "
            f"({rate:.1%} ± {margin:.1%})"
        )
    # Far from a coin flip: the lower end of the 95% interval is above one half.
    assert rate - margin > 0.5
