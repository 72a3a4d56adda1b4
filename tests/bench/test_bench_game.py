"""Speed of settling and playing hands (run with --benchmark-enable).

The baseline is ``badugi.showdown`` alone on the same kind of table, so the
report can say what a whole hand costs relative to settling one. Badugi and
Badeucy each have both: the five-card split game deals, draws and ranks more.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import badugi
from badugi.engine import FixedLimit, Hand, SimpleBot, view_of
from badugi.games import BADEUCY, BADUGI, Game
from tests.bench.random_hands import engine_hands, pokerkit_hands

HANDS = 200


def _tables(game: Game) -> list[tuple[list[list[int]], list[int]]]:
    rng = random.Random(3)
    size = game.hand_size
    tables = []
    for _ in range(HANDS):
        deck = rng.sample(range(52), 6 * size)
        tables.append(
            (
                [deck[size * i : size * i + size] for i in range(6)],
                [rng.choice([20, 60, 100]) for _ in range(6)],
            )
        )
    return tables


def _showdowns(benchmark: Any, game: Game) -> None:
    tables = _tables(game)
    benchmark.extra_info["hands"] = len(tables)
    results = benchmark(lambda: [badugi.showdown(hands, paid, 0, game=game) for hands, paid in tables])
    assert all(sum(r.payouts) == sum(paid) for r, (_, paid) in zip(results, tables, strict=True))


def _play_hands(benchmark: Any, game: Game) -> None:
    bot = SimpleBot()

    def play_all() -> int:
        chips = 0
        for seed in range(HANDS):
            hand = Hand([1000] * 6, seed % 6, FixedLimit(20, 40), blinds=(10, 20), seed=seed, game=game)
            while hand.actor is not None:
                hand.act(bot(view_of(hand, hand.actor)))
            chips += sum(hand.stacks)
        return chips

    benchmark.extra_info["hands"] = HANDS
    assert benchmark(play_all) == HANDS * 6000


# Badugi keeps the benchmarks' first names, so reports from before the games compare.
def test_showdown_six_seats(benchmark: Any) -> None:
    _showdowns(benchmark, BADUGI)


def test_play_hand_six_simple_bots(benchmark: Any) -> None:
    _play_hands(benchmark, BADUGI)


def test_showdown_six_seats_badeucy(benchmark: Any) -> None:
    _showdowns(benchmark, BADEUCY)


def test_play_hand_six_simple_bots_badeucy(benchmark: Any) -> None:
    _play_hands(benchmark, BADEUCY)


def test_play_hand_six_random(benchmark: Any) -> None:
    # Six seats of fixed-limit Badugi by random legal actions (tests/bench/random_hands.py).
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(engine_hands, HANDS) > 10 * HANDS


def test_play_hand_six_random_pokerkit(benchmark: Any) -> None:
    # The same table and policy in PokerKit 0.7.7: the baseline of the row above.
    pokerkit = pytest.importorskip("pokerkit")
    benchmark.extra_info["hands"] = HANDS // 10
    assert benchmark(pokerkit_hands, pokerkit, HANDS // 10) > HANDS
