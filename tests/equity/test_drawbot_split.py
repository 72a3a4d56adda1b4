"""DrawBot in the split games: it draws the game's best discard and bets by the game's strength."""

from __future__ import annotations

import random

import pytest

from badugi import best_discard
from badugi.engine import DrawBot, FixedLimit, Hand, RandomBot, SimpleBot, view_of
from badugi.engine.match import Match
from badugi.engine.split_opponents import SAMPLE_HANDS, split_opponent_strengths
from badugi.games import BADACEY, BADEUCY, Game

GAMES = {"badeucy": BADEUCY, "badacey": BADACEY}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_drawbot_plays_only_legal_actions(name: str) -> None:
    rng = random.Random(name)
    for seed in range(6):
        seats = 2 + seed % 4
        hand = Hand([1000] * seats, 0, FixedLimit(20, 40), blinds=(10, 20), seed=seed, game=GAMES[name])
        players = [DrawBot() if rng.random() < 0.5 else RandomBot(seed=seed) for _ in range(seats)]
        while hand.actor is not None:
            hand.act(players[hand.actor](view_of(hand, hand.actor)))  # IllegalActionError would fail
        assert sum(hand.stacks) == 1000 * seats


@pytest.mark.parametrize("name", sorted(GAMES))
def test_drawbot_draws_the_games_best_discard(name: str) -> None:
    game = GAMES[name]
    drawn = 0
    for seed in range(4):
        hand = Hand([1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=seed, game=game)
        bot = DrawBot()
        while hand.actor is not None:
            view = view_of(hand, hand.actor)
            action = bot(view)
            if hand.phase == "draw":
                thrown = [
                    c
                    for e in view.history
                    if e.get("event") == "draw" and e.get("seat") == view.seat
                    for c in e["discards"]
                ]
                seen = sorted(set(thrown) - set(view.cards))
                left = view.draws_left + 1
                assert len(view.cards) == 5
                assert action == (
                    "draw",
                    list(best_discard(view.cards, draws=left, dead=seen, game=game).discard),
                )
                drawn += 1
            elif hand.legal().call:
                action = "call"  # keep both in to the end
            hand.act(action)
    assert drawn >= 8


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_opponent_model_is_a_fixed_sorted_sample_that_draws_better(name: str) -> None:
    game = GAMES[name]
    samples = [split_opponent_strengths(game, draws) for draws in range(4)]
    for values in samples:
        assert len(values) == SAMPLE_HANDS
        assert values == sorted(values)
        assert all(0.0 < v < 1.0 for v in values)
    means = [sum(v) / len(v) for v in samples]
    assert means[0] == pytest.approx(0.5, abs=0.03)  # a random hand standing pat is an average hand
    assert means[0] < means[1] < means[2] < means[3]  # each draw makes it stronger
    assert split_opponent_strengths(game, 2) is samples[2]  # built once


def test_drawbot_beats_the_simple_and_random_bots_in_badeucy() -> None:
    # Heads-up matches, each bot in each seat; a bot that read its hands wrong would not win most.
    wins = {"simple": 0, "random": 0}
    for m in range(8):
        seat = m % 2
        for name in wins:
            players = [SimpleBot() if name == "simple" else RandomBot(seed=m) for _ in range(2)]
            players[seat] = DrawBot()
            wins[name] += Match(players, seed=m, game=BADEUCY).run().standings[0].player == seat
    assert wins["random"] >= 7
    assert wins["simple"] >= 5


def test_drawbot_plays_the_games_of_the_family() -> None:
    assert all(DrawBot.plays(game) for game in GAMES.values())
    three_halves = Game(
        "triple", title="Triple", hand_size=5, draws=3, halves=BADEUCY.halves * 2, odd_chip_half=1
    )
    assert not DrawBot.plays(three_halves)
