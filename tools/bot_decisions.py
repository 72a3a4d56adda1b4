"""How long the bots take a decision at eight seats, beside one ``badugi.evaluate`` call in the same run.

    python tools/bot_decisions.py [--matches N]

Every decision of full matches (8 seats, each game, each bot that plays it)
is timed on the process's clock; the first decision of each bot kind in the
process is reported apart, since it pays for what is built once (the five-card
scales' names, for example). Prints the median and the worst per bot and game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import badugi
from badugi.engine import DrawBot, Match, RandomBot, SimpleBot
from badugi.games import BADACEY, BADEUCY, BADUGI


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per game (default 6)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    DrawBot()  # the first one estimates its opponents, once per process
    built_in = time.perf_counter() - t0
    kinds: dict[str, Callable[[int], object]] = {
        "simple": lambda seed: SimpleBot(),
        "random": lambda seed: RandomBot(seed=seed),
        "draw": lambda seed: DrawBot(),
    }
    times: dict[tuple[str, str], list[float]] = {}

    def timed(key: tuple[str, str], bot: Any) -> Callable[[object], object]:
        def player(view: object) -> object:
            start = time.perf_counter()
            action = bot(view)
            times.setdefault(key, []).append(time.perf_counter() - start)
            return action

        return player

    for game in (BADUGI, BADEUCY, BADACEY):
        playing = [k for k in kinds if k != "draw" or DrawBot.plays(game)]
        for seed in range(args.matches):
            lineup = [playing[(seat + seed) % len(playing)] for seat in range(8)]
            players = [timed((game.name, k), kinds[k](seed * 8 + s)) for s, k in enumerate(lineup)]
            Match(players, seed=seed, game=game).run()
    n = 200_000
    start = time.perf_counter()
    for _ in range(n):
        badugi.evaluate("Ac 2d 3h 4s")
    evaluate = (time.perf_counter() - start) / n
    print(f"badugi.evaluate: {evaluate * 1e6:.2f} us a call (the baseline)")
    print(f"the first DrawBot made in {built_in:.2f} s")
    heading = ("game", "bot", "decisions", "first", "median", "worst after", "median/evaluate")
    print("{:<8} {:<7} {:>9} {:>9} {:>9} {:>11}  {}".format(*heading))
    for (game_name, kind), values in sorted(times.items()):
        first, rest = values[0], values[1:]
        median = statistics.median(rest)
        print(
            f"{game_name:<8} {kind:<7} {len(values):>9,} {first * 1e3:>7.2f}ms {median * 1e6:>7.1f}us "
            f"{max(rest) * 1e3:>9.2f}ms {median / evaluate:>14.1f}x"
        )


if __name__ == "__main__":
    main()
