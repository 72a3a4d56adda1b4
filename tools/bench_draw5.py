"""Build times of the split games' draw tables and the per-call cost of best_discard, 5 cards against 4.

Run ``python tools/bench_draw5.py`` in a fresh process (the tables are built
once per process, so the first figures are the build times). Prints medians
over the calls; quote ratios from one run, since absolute times drift.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import badugi
from badugi._native import ffi, lib
from badugi.games import BADACEY, BADEUCY, Game


def _seconds(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def _build_times(game: Game) -> None:
    codes = ffi.new("int32_t[]", [half._code for half in game.halves])
    for level in (1, 2, 3):
        took = _seconds(lambda level=level: lib.badugi_draw5_build(codes, len(game.halves), level, 0))
        print(f"{game.name}: tables through {level} draw(s) left: {took:.2f} s")
    for level in (1, 2, 3):
        took = _seconds(lambda level=level: lib.badugi_draw5_build(codes, len(game.halves), level, 1))
        print(f"{game.name}: keep table, {level} draw(s) left: {took:.2f} s")


def _per_call(name: str, calls: list[Callable[[], object]]) -> float:
    times = []
    for call in calls:
        times.append(_seconds(call))
    median = statistics.median(times)
    print(f"{name}: median {median * 1e6:,.1f} us over {len(calls)} calls")
    return median


def _c_best_keep(game: Game | None, spot: list[int], size: int) -> int:
    hand = ffi.new(f"uint8_t[{size}]", spot[:size])
    seen = ffi.new("uint8_t[]", spot[size:]) if len(spot) > size else ffi.NULL
    if game is None:
        return int(lib.badugi_best_keep(hand, seen, len(spot) - size, 1))
    codes = ffi.new("int32_t[]", [half._code for half in game.halves])
    return int(lib.badugi_best_keep5(codes, len(game.halves), hand, seen, len(spot) - size, 1))


def main() -> None:
    """Print the figures."""
    for game in (BADEUCY, BADACEY):
        _build_times(game)
    rng = random.Random(1)
    for dead_count in (0, 8):
        spots4 = [rng.sample(range(52), 4 + dead_count) for _ in range(300)]
        spots5 = [rng.sample(range(52), 5 + dead_count) for _ in range(300)]
        for draws in (1, 3):
            four = _per_call(
                f"best_discard Badugi, 4 cards, {dead_count} dead, draws={draws}",
                [partial(badugi.best_discard, s[:4], draws=draws, dead=s[4:]) for s in spots4],
            )
            for game in (BADEUCY, BADACEY):
                five = _per_call(
                    f"best_discard {game.title}, 5 cards, {dead_count} dead, draws={draws}",
                    [partial(badugi.best_discard, s[:5], draws=draws, dead=s[5:], game=game) for s in spots5],
                )
                print(f"  ratio to 4 cards: {five / four:.2f}x")
        four = _per_call(
            f"C best keep (cffi), 4 cards, {dead_count} dead",
            [partial(_c_best_keep, None, s, 4) for s in spots4],
        )
        five = _per_call(
            f"C best keep (cffi), Badeucy, {dead_count} dead",
            [partial(_c_best_keep, BADEUCY, s, 5) for s in spots5],
        )
        print(f"  ratio to 4 cards: {five / four:.2f}x")


if __name__ == "__main__":
    main()
