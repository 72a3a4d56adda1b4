"""Speed of settling and playing hands (run with --benchmark-enable).

The baseline is ``badugi.showdown`` alone on the same kind of table, so the
report can say what a whole hand costs relative to settling one.
"""

from __future__ import annotations

import random
from typing import Any

import badugi
from badugi.game import FixedLimit, Hand, SimpleBot, view_of

HANDS = 200


def _tables() -> list[tuple[list[list[int]], list[int]]]:
    rng = random.Random(3)
    tables = []
    for _ in range(HANDS):
        deck = rng.sample(range(52), 24)
        tables.append(
            ([deck[4 * i : 4 * i + 4] for i in range(6)], [rng.choice([20, 60, 100]) for _ in range(6)])
        )
    return tables


def test_showdown_six_seats(benchmark: Any) -> None:
    tables = _tables()
    benchmark.extra_info["hands"] = len(tables)
    results = benchmark(lambda: [badugi.showdown(hands, paid, 0) for hands, paid in tables])
    assert all(sum(r.payouts) == sum(paid) for r, (_, paid) in zip(results, tables, strict=True))


def test_play_hand_six_simple_bots(benchmark: Any) -> None:
    bot = SimpleBot()

    def play_all() -> int:
        chips = 0
        for seed in range(HANDS):
            hand = Hand([1000] * 6, seed % 6, FixedLimit(20, 40), blinds=(10, 20), seed=seed)
            while hand.actor is not None:
                hand.act(bot(view_of(hand, hand.actor)))
            chips += sum(hand.stacks)
        return chips

    benchmark.extra_info["hands"] = HANDS
    assert benchmark(play_all) == HANDS * 6000
