"""Two bot kinds head to head in duplicate: mbb of the big bet a hand, with a 95% interval.

Heads-up, each deal is played twice, the bots swapping seats (the same seed
deals the same cards to the same seat, so each bot holds the other's cards in
the twin hand); the luck of the deal cancels and what is left is the play.
With ``--seats`` 3 or more, the first kind sits at each seat in turn against
the second kind everywhere else, on the same deal.

Blinds of 1 and 2 (``--game ante``: an ante of 1, no blinds), bets of 2 and 4,
four bets a round (the solves' games), stacks of 200 chips reset every hand:
nobody is ever all in. A hand's result is the
first kind's chips won; the interval is 1.96 standard errors of the deals'
means (each deal's hands are one sample, so the pairing's correlation counts).

    python tools/head_to_head.py --bots solver,draw --hands 1000000 --workers 2

It prints one line, and with ``--json`` appends the result to a file.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tqdm import tqdm

from badugi.engine import BOTS, FixedLimit, Hand, view_of

BIG_BET = 4
STACK = 200
CHUNK = 500  # deals a task plays
STAKES: dict[str, dict[str, Any]] = {"blinds": {"blinds": (1, 2)}, "ante": {"ante": 1}}


def play_deal(players: list[Any], seats: int, seed: int, game: str) -> float:
    """The first kind's chips won on one deal, summed over its seats (the others are the second kind)."""
    first, second = players
    won = 0
    for place in range(seats):
        lineup = [first if seat == place else second for seat in range(seats)]
        hand = Hand([STACK] * seats, seats - 1, FixedLimit(2, 4), seed=seed, **STAKES[game])
        while hand.actor is not None:
            seat = hand.actor
            hand.act(lineup[seat](view_of(hand, seat)))
        payouts = hand.payouts
        assert payouts is not None
        won += payouts[place] - hand.contributions[place]
    return won / seats


def play_chunk(task: tuple[str, str, int, int, int, str]) -> tuple[int, float, float]:
    """Deals ``start .. start + CHUNK - 1``: their count, and the sum and sum of squares of their means."""
    first, second, seats, seed, start, game = task
    players = [BOTS[first].make(seed=seed * 2**32 + start), BOTS[second].make(seed=seed * 2**32 + start + 1)]
    total = squares = 0.0
    for deal in range(start, start + CHUNK):
        won = play_deal(players, seats, seed * 2**40 + deal, game)
        total += won
        squares += won * won
    return CHUNK, total, squares


def tasks(
    args: argparse.Namespace, first: str, second: str, deals: int
) -> Iterator[tuple[str, str, int, int, int, str]]:
    for start in range(0, deals, CHUNK):
        yield first, second, args.seats, args.seed, start, args.game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="two kinds of badugi.engine.BOTS, first,second")
    parser.add_argument("--hands", type=int, default=100_000, help="hands in all (deals times seats)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--game", choices=sorted(STAKES), default="blinds")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, help="append the result, as a JSON line, to this file")
    args = parser.parse_args()
    first, _, second = args.bots.partition(",")
    for kind in (first, second):
        if kind not in BOTS:
            parser.error(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}")
    if not 2 <= args.seats <= 6:
        parser.error("--seats must be 2 to 6")
    deals = max(CHUNK, args.hands // args.seats // CHUNK * CHUNK)
    started = time.perf_counter()
    count = 0
    total = squares = 0.0
    jobs = list(tasks(args, first, second, deals))
    with multiprocessing.Pool(args.workers) as pool, tqdm(total=deals, unit="deal", file=sys.stderr) as bar:
        for done, part, part_squares in pool.imap_unordered(play_chunk, jobs):
            count += done
            total += part
            squares += part_squares
            bar.update(done)
    mean = total / count
    spread = math.sqrt(max(squares / count - mean * mean, 0.0) / (count - 1))
    result = {
        "first": first,
        "second": second,
        "seats": args.seats,
        "game": args.game,
        "hands": count * args.seats,
        "mbb_per_hand": 1000 * mean / BIG_BET,
        "interval_95": 1000 * 1.96 * spread / BIG_BET,
        "seconds": round(time.perf_counter() - started, 1),
        "seed": args.seed,
    }
    print(
        f"{first} against {second}, {args.game} game, {args.seats} seats: {result['mbb_per_hand']:+.1f} ± "
        f"{result['interval_95']:.1f} mbb/hand over {result['hands']:,} hands ({result['seconds']} s)"
    )
    if args.json:
        with open(args.json, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
