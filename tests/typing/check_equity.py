"""Static checks of the draw-equity types: mypy (strict) reads this file, pytest does not run it."""

from __future__ import annotations

from typing_extensions import assert_type

import badugi
from badugi import BestDiscard, DrawOdds, DrawOption, DrawView, Equity
from badugi.engine import DrawBot

assert_type(badugi.strength("Ah 2s 3d 4c"), float)

choice = badugi.best_discard("Ah 2s 3d Kd", draws=2, dead=["5c"])
assert_type(choice, BestDiscard)
assert_type(choice.keep, tuple[str, ...])
assert_type(choice.discard, tuple[str, ...])
assert_type(choice.expected, float)
assert_type(choice.options, tuple[DrawOption, ...])

odds = badugi.draw_odds([2, 7, 9, 49], draws=3, keep="Ah 2s 3d", samples=1000, seed=1)
assert_type(odds, DrawOdds)
assert_type(odds.badugi, float)
assert_type(odds.by_size, dict[int, float])
assert_type(odds.at_or_better(100), float)
assert_type(odds.std_error, float)
assert_type(odds.seed, int | None)


def throw_nothing(view: DrawView) -> list[str]:
    assert_type(view.cards, tuple[str, ...])
    assert_type(view.draw_counts, tuple[tuple[int, ...], ...])
    return []


result = badugi.equity(["Ah2s3d", "2c3h4d", ""], draws=3, strategy=["best", "pat", throw_nothing])
assert_type(result, Equity)
assert_type(result.equity, tuple[float, ...])
assert_type(result.win, tuple[float, ...])
assert_type(result.exact, bool)
assert_type(result.samples, int)
assert_type(badugi.equity(["Ah", "2c"], strategy=throw_nothing, threads=2), Equity)

bot = DrawBot(raise_at=0.9, bet_at=0.4)
