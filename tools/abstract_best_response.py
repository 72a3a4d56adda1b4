"""How exploitable a shipped blueprint is in its own abstract game: a best response learned and played.

A best response to the blueprint's strategy is learned inside its abstraction by
external sampling (``badugi.solver.sampled.respond``), in stages: after each
stage's iterations (``--stages``, cumulative) it is played on fresh deals. At each
stage the threshold (the regret, in chips, an action needs before the response
leaves the strategy for it, keeping the learning's noise out of the play) is
chosen among ``--thresholds`` on one set of deals, and the chosen one is then
measured on another, so the figure reported is not the luckiest of several.

What the response wins is a lower bound on the blueprint's exploitability in the
abstract game (and in the real one). Figures are in thousandths of the big bet a
hand (mbb), with 95% intervals; ``--out`` appends a JSON line a stage.

    python tools/abstract_best_response.py --game blinds --stages 1e6,4e6,16e6 --hands 2000000
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from badugi.engine.blueprint import SHIPPED, Blueprint
from badugi.solver.sampled.respond import AbstractBestResponse, BestResponseEstimate

GAMES = {"blinds": SHIPPED[0], "ante": SHIPPED[1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="blinds")
    parser.add_argument(
        "--stages", default="1e5,1e6", help="iterations learned by each stage's end, a comma list"
    )
    parser.add_argument("--thresholds", default="0,4,16,64,256", help="chips of regret, a comma list")
    parser.add_argument(
        "--hands", type=int, default=2_000_000, help="deals that measure the chosen threshold"
    )
    parser.add_argument("--choose-hands", type=int, default=500_000, help="deals that choose it")
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", help="append each stage's result as a JSON line to this file")
    parser.add_argument(
        "--blueprint",
        help="a blueprint file to measure (make_full_strategy.py --blueprint), not the shipped one",
    )
    args = parser.parse_args(argv)
    stages = [int(float(part)) for part in args.stages.split(",")]
    thresholds = [float(part) for part in args.thresholds.split(",")]
    if args.blueprint:
        blueprint = Blueprint.load(args.blueprint)
    else:
        blueprint = next(b for b in Blueprint.shipped() if b.header and GAMES[args.game] == b._name)
    big_bet = blueprint.rules["big_bet"]

    def mbb(chips: float) -> str:
        return f"{1000.0 * chips / big_bet:+8.1f}"

    def cell(found: BestResponseEstimate) -> str:
        return f"{mbb(found.exploitability)} ± {1000.0 * found.interval / big_bet:5.1f}"

    response = AbstractBestResponse(blueprint, seed=args.seed)
    print(f"{blueprint!r}")
    print(
        f"{'iterations':>12} {'threshold':>9} {'seat 0':>9} {'seat 1':>9} {'bound (mbb)':>17} {'learn s':>8}"
    )
    for stage in stages:
        started = time.monotonic()
        response.learn(max(0, stage - response.iterations), threads=args.threads, progress=True)
        learned = time.monotonic() - started
        # Choosing on one stream (seed 1), measuring on another (seed 2): apart from the learning's.
        tried = [
            response.measure(args.choose_hands, seed=1, threshold=t, threads=args.threads) for t in thresholds
        ]
        chosen = max(tried, key=lambda found: found.exploitability).threshold
        found = response.measure(args.hands, seed=2, threshold=chosen, threads=args.threads, progress=True)
        seats = " ".join(mbb(won) for won in found.won)
        print(f"{response.iterations:>12,} {chosen:>9g} {seats} {cell(found):>17} {learned:8.0f}", flush=True)
        if args.out:
            record = {
                "game": args.game,
                "blueprint_iterations": blueprint.header.get("iterations"),
                "iterations": response.iterations,
                "seed": args.seed,
                "threads": args.threads,
                "learn_seconds": learned,
                "tried": {
                    f"{t:g}": 1000.0 * f.exploitability / big_bet
                    for t, f in zip(thresholds, tried, strict=True)
                },
                "threshold": chosen,
                "hands": found.hands,
                "won_mbb": [1000.0 * won / big_bet for won in found.won],
                "bound_mbb": 1000.0 * found.exploitability / big_bet,
                "interval_mbb": 1000.0 * found.interval / big_bet,
            }
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
