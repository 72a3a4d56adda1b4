"""Make the full game's strategy from a seed: heads-up fixed-limit Badugi, 52 cards, three draws.

The game is ``badugi.adapters``' heads-up Badugi as the rooms deal it: blinds of
1 and 2, bets of 2 and 4, four bets a round, three draws, stacks of 100 (no one
is ever all in). The abstraction is made from the seed
(``badugi.solver.sampled.buckets_for``: every hand of the full deck valued by
the library's C draw values, ``badugi.solver.sampled.full_deck``; k-means
seeded), then sampled CFR runs to ``--iterations`` with a checkpoint every
``--every`` seconds. Run again with the same ``--out``, it goes on from the
checkpoint (its abstraction and settings are the file's).

Run it in the background, one thread, niced::

    nice -n 15 python tools/make_full_strategy.py --out full.npz --iterations 100000000

It prints the abstraction's sizes, then a progress bar with the time left.
With ``--blueprint PATH`` it then writes the strategy as the solver bot plays
it (``badugi.engine.blueprint``); the package's is
``src/badugi/data/heads-up-badugi.blueprint``, made this way (its header says
the seed and the iterations). A run's result is the same to the last bit
however it was stopped and resumed, so the same seed and iterations make the
same file.

Pruning is on by default from iteration 200,000, as Pluribus pruned after its
first minutes: after 20,000 iterations 45% of the regrets were below -5 chips,
and pruning them in 95% of the traversals made an iteration 13 times faster
(343 against 4,535 iterations a second, measured one after the other on one
core of the development machine). The defaults' first run: 492,672
information sets, 1,386,944 slots; about 300 iterations a second before
pruning, 6,570 after.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from badugi.adapters import Variant
from badugi.solver.sampled import Schedule, buckets_for, load, solve
from badugi.solver.sampled.blueprint import write_blueprint

FULL = {"draws": 3, "cap": 4, "small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4, "stack": 100}
# Seed 003's game heads-up: an ante of half a small bet from each seat, no blinds (the library's default
# format is this game at ante 10, bets 20/40).
ANTE = {**FULL, "small_blind": 0, "big_blind": 0, "ante": 1}
GAMES = {"blinds": FULL, "ante": ANTE}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the checkpoint (.npz), written and resumed")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--game", choices=sorted(GAMES), default="blinds", help="blinds, or the ante game")
    parser.add_argument("--sizes", default="64,64,64,64", help="buckets with 0, 1, 2 and 3 draws left")
    parser.add_argument("--remember-bets", action="store_true", help="every round's bets, not only the pot")
    parser.add_argument("--remember-draws", type=int, default=1, help="the latest draws' counts kept")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--epoch", type=int, default=65536)
    parser.add_argument("--prune-share", type=float, default=0.95, help="share of traversals that prune")
    parser.add_argument(
        "--prune-below", type=float, default=-20.0, help="chips: regrets below this are pruned"
    )
    parser.add_argument("--prune-from", type=int, default=200_000, help="the first iteration that prunes")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--every", type=float, default=600.0, help="seconds between checkpoints")
    parser.add_argument("--blueprint", help="then write the strategy here as a blueprint (the solver bot's)")
    args = parser.parse_args()
    variant = Variant(**GAMES[args.game])  # type: ignore[arg-type]
    if os.path.exists(args.out):
        previous = load(args.out)
        abstraction, schedule, seed = previous.abstraction, previous.schedule, previous.seed
        print(f"resuming {args.out}: {previous.iterations:,} iterations done")
    else:
        sizes = tuple(int(size) for size in args.sizes.split(","))
        started = time.perf_counter()
        abstraction = buckets_for(
            variant,
            sizes,
            remember_bets=args.remember_bets,
            remember_draws=args.remember_draws,
            seed=args.seed,
        )
        print(f"abstraction made in {time.perf_counter() - started:.0f} s: {abstraction!r}")
        schedule = Schedule(
            batch=args.batch,
            epoch=args.epoch,
            prune_share=args.prune_share,
            prune_below=args.prune_below,
            prune_from=args.prune_from,
        )
        seed = args.seed
    try:
        solver = solve(
            variant,
            abstraction,
            iterations=args.iterations,
            seed=seed,
            schedule=schedule,
            threads=args.threads,
            checkpoint_path=args.out,
            every=args.every,
        )
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: solve saved the run before it stopped
        saved = load(args.out).iterations
        print(f"stopped: {saved:,} iterations saved to {args.out}; the same command goes on from there")
        sys.exit(130)
    print(
        f"{solver.iterations:,} iterations; {solver.information_sets:,} information sets, "
        f"{solver.slots:,} slots; checkpoint {args.out} ({os.path.getsize(args.out) / 2**20:.1f} MB)"
    )
    if args.blueprint:
        size = write_blueprint(solver, args.blueprint)
        print(f"blueprint {args.blueprint} ({size / 2**20:.1f} MB)")


if __name__ == "__main__":
    main()
