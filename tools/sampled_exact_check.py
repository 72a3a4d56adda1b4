"""The sampled pipeline checked where the exact answer is known: exploitability against compute, beside CFR+.

On a variant ``badugi.solver`` solves exactly (by default the ten-card variant
with one draw: A-5 of clubs and diamonds, an ante of 1, one bet of 2 a round,
7,384,770 nodes; ``--three-draws``: the nine-card variant with the real game's
three draws, A-3 of clubs, diamonds and hearts, two bets a round, 1,573,194
nodes and more information sets than the ten-card one), in one process on one
core, each run for the same budget of seconds:

* exact CFR+ (``badugi.solver.CFRPlus``) over the whole tree;
* sampled CFR (``badugi.solver.sampled.SampledCFR``) under several
  abstractions: the exact information sets (no abstraction: the sampling
  alone), every hand up to the suits (``"classes"``: the hand exact, the draws
  a count, the cards thrown forgotten), the hands bucketed by the distribution
  of their final strength (every distinct one, and a few), each with a memory
  of the betting.

At each mark (CPU seconds of that solver's own compute, doubling) the strategy is
measured in the *unabstracted* game by the exact best response
(``badugi.solver.exploitability``, chips a hand; the ante is 1), and its value
to seat 0 beside the game's. The time to measure is not counted as compute.

Prints one table per solver and a summary by budget; ``--json`` writes the
numbers, ``--plot`` a log-log chart (matplotlib).

Usage: nice -n 15 python tools/sampled_exact_check.py [--seconds 128] [--nine | --three-draws]
    [--json F] [--plot F]
"""

from __future__ import annotations

import argparse
import functools
import json
import time
from collections.abc import Callable
from typing import Any

from badugi.adapters import Variant
from badugi.solver import CFRPlus, GameTree, exploitability, table_root, tree_of, value
from badugi.solver.sampled import Abstraction, SampledCFR, Schedule, buckets_for

TEN = {"draws": 1, "ranks": "A2345", "suits": "cd", "small_blind": 0, "big_blind": 0, "ante": 1, "cap": 1}
NINE = {**TEN, "draws": 0, "ranks": "A23", "suits": "cdh"}
THREE_DRAWS = {**NINE, "draws": 3, "cap": 2}


def marks(most: float) -> list[float]:
    """0.25 s, 0.5 s, 1 s, ... up to ``most``."""
    out, mark = [], 0.25
    while mark <= most:
        out.append(mark)
        mark *= 2
    return out


def curve(
    name: str, step: Callable[[], int], policy: Callable[[], Any], tree: GameTree, budget: float
) -> list[dict[str, Any]]:
    """Run ``step`` (returns iterations done in all) until each mark of compute, measuring there."""
    rows = []
    spent = 0.0
    done = 0
    for mark in marks(budget):
        while spent < mark:
            started = time.process_time()
            done = step()
            spent += time.process_time() - started
        strategy = policy()
        row = {
            "solver": name,
            "mark": mark,
            "seconds": round(spent, 3),
            "iterations": done,
            "exploitability": exploitability(tree, strategy),
            "value": value(tree, strategy),
        }
        rows.append(row)
        print(
            f"  {row['seconds']:>8.2f} s {done:>12,} it  exploitability {row['exploitability']:.5f}"
            f"  value {row['value']:+.5f}",
            flush=True,
        )
    return rows


def sampled(
    variant: Variant, abstraction: Abstraction, schedule: Schedule, seed: int
) -> tuple[Callable[[], int], SampledCFR]:
    """A step of sampled CFR (small steps first, so that the early marks are met closely) and its solver."""
    solver = SampledCFR(variant, abstraction, seed=seed, schedule=schedule)
    size = [solver.schedule.batch]

    def step() -> int:
        solver.iterate(size[0])
        size[0] = min(size[0] * 2, 1 << 16)
        return solver.iterations

    return step, solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=128.0, help="CPU seconds of each solver")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--nine", action="store_true", help="the nine-card variant without a draw")
    which.add_argument(
        "--three-draws", action="store_true", help="the nine-card variant with three draws, two bets a round"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--solvers",
        default="cfr,exact,classes,distinct,eight",
        help="of cfr, exact, pruned (exact, pruned as the full run is), classes, distinct, eight",
    )
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("--plot", help="write a log-log chart here")
    args = parser.parse_args()
    variant = Variant(**(NINE if args.nine else THREE_DRAWS if args.three_draws else TEN))  # type: ignore[arg-type]
    print(f"variant: {variant!r}")
    started = time.perf_counter()
    tree = tree_of(table_root(variant))
    print(
        f"tree: {tree.nodes:,} nodes, {len(tree.keys):,} information sets, walked in "
        f"{time.perf_counter() - started:.1f} s"
    )
    rows: list[dict[str, Any]] = []
    wanted = set(args.solvers.split(","))
    game_value = None
    if "cfr" in wanted:
        exact = CFRPlus(tree)

        def cfr_step() -> int:
            exact.iterate(1)
            return exact.iterations

        print("exact CFR+ (badugi.solver.CFRPlus)")
        rows += curve("CFR+ (exact)", cfr_step, exact.average, tree, args.seconds)
        game_value = rows[-1]["value"]
    pruned = Schedule(prune_share=0.95, prune_below=-20.0, prune_from=200_000)
    abstractions: list[tuple[str, str, Abstraction, Schedule]] = [
        ("exact", "sampled, exact information sets", Abstraction.exact(), Schedule()),
        ("pruned", "sampled, exact information sets, pruned", Abstraction.exact(), pruned),
        (
            "classes",
            "sampled, hand classes, last draw",
            buckets_for(variant, "classes", remember_draws=1),
            Schedule(),
        ),
        (
            "distinct",
            "sampled, distinct distributions",
            buckets_for(variant, None, remember_draws=1),
            Schedule(),
        ),
        (
            "eight",
            "sampled, 8 buckets, pot only",
            buckets_for(
                variant, (8,) * (variant.draws + 1), remember_bets=False, remember_draws=0, seed=args.seed
            ),
            Schedule(),
        ),
    ]
    for key, name, abstraction, schedule in abstractions:
        if key not in wanted:
            continue
        step, solver = sampled(variant, abstraction, schedule, args.seed)
        print(f"{name}: {solver.information_sets:,} information sets, {solver.slots:,} slots")
        rows += curve(name, step, functools.partial(solver.strategy_for, tree), tree, args.seconds)
    if game_value is not None:
        print(f"\nthe game's value to seat 0 (CFR+ at the end): {game_value:+.5f}")
    names = list(dict.fromkeys(row["solver"] for row in rows))
    print("\n| compute (s) | " + " | ".join(names) + " |")
    print("|---:|" + "---:|" * len(names))
    # Each solver's strategy at each mark: what it had once its compute first reached the mark (an
    # iteration of CFR+ on a big tree can overshoot the early marks: its seconds are in the rows).
    for mark in marks(args.seconds):
        cells = []
        for name in names:
            row = next(row for row in rows if row["solver"] == name and row["mark"] == mark)
            cells.append(f"{row['exploitability']:.4f} ({row['iterations']:,})")
        print(f"| {mark:g} | " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"variant": repr(variant), "game_value": game_value, "rows": rows}, handle, indent=1)
    if args.plot:
        plot(rows, names, args.plot, variant)


def plot(rows: list[dict[str, Any]], names: list[str], path: str, variant: Variant) -> None:
    import matplotlib  # noqa: PLC0415 - only for the chart

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, axes = plt.subplots(figsize=(7.5, 4.5))
    for name in names:
        mine = [row for row in rows if row["solver"] == name]
        axes.loglog([r["seconds"] for r in mine], [r["exploitability"] for r in mine], marker="o", label=name)
    axes.set_xlabel("compute, CPU seconds (one core)")
    axes.set_ylabel("exploitability, chips a hand (ante 1)")
    cards = len(variant.ranks) * len(variant.suits)
    draws = {1: "one draw", 2: "two draws", 3: "three draws"}.get(variant.draws, "no draw")
    axes.set_title(f"Exact best response in the unabstracted {cards}-card variant, {draws}")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
