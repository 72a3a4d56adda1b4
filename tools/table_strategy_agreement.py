"""How often, and by how much, the table strategy differs from the best discard.

Usage: python tools/table_strategy_agreement.py [--hands N] [--rows N] [--samples N] [--seed S]

The table strategy (``strategy="table"``) takes, at every draw, the keep that
``best_discard`` chooses with no card seen. ``"best"`` counts what the player
has seen: its own earlier discards and the dead cards. The two agree at the
first draw of a hand with nothing dead; after it, they can differ. This
measures both sides of that:

1. **Decisions.** Heads-up three-draw deals of a random four-card hand against
   a random hand, both playing "best". At each later decision of the first
   hand, both keeps are valued by ``keep_values`` with what the player has
   seen; a table keep worth exactly as much as the best one counts as the
   same. Reports the share of decisions that differ, by draws left, and the
   expected final strength they give up (in strength, 0..1).
2. **Equity.** Rows of the vs-random starting-hand table (``badugi.tables``)
   under both strategies, the same seed: the difference per row, against its
   standard error.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

import badugi
from badugi.cards import CARD_TEXT, ID_BY_TEXT
from badugi.equity import DrawView
from badugi.equity import _run as run
from badugi.tables import canonical_hands, vs_random


class Recorder:
    """A strategy callable that plays the best discard and records how the table's keep compares."""

    def __init__(self) -> None:
        self.decisions: Counter[int] = Counter()  # by draws left
        self.differ: Counter[int] = Counter()
        self.loss: Counter[int] = Counter()  # summed strength given up, as floats

    def __call__(self, view: DrawView) -> list[str]:
        """Throw what the best discard throws; compare the table's keep at the later draws."""
        ids = [ID_BY_TEXT[c] for c in view.cards]
        seen = sorted({ID_BY_TEXT[c] for c in view.discards + view.dead} - set(ids))
        best = run.best_keep(ids, seen, view.draws_left)
        if view.draws_left < 3:  # a later decision: the first draw's keep is the table's, nothing seen
            table = run.table_keep(ids, view.draws_left)
            values = run.keep_values(ids, seen, view.draws_left)
            scale = run.STRENGTH_SCALE * 270_725 ** (view.draws_left - 1)
            worth = {k: values[k][0] / (values[k][1] * scale) for k in (best, table)}
            n = view.draws_left
            self.decisions[n] += 1
            # Exactly equal values are the same choice (the cross-multiplied integers decide).
            same = values[best][0] * values[table][1] == values[table][0] * values[best][1]
            if not same:
                self.differ[n] += 1
                self.loss[n] += worth[best] - worth[table]
        return [CARD_TEXT[c] for i, c in enumerate(ids) if not best >> i & 1]


def decisions(hands: int, seed: int) -> None:
    """Part 1: later decisions of random hands playing the best discard."""
    rng = random.Random(seed)
    recorder = Recorder()
    start = time.perf_counter()
    for i in range(hands):
        hand = [CARD_TEXT[c] for c in rng.sample(range(52), 4)]
        badugi.equity([hand, ""], draws=3, strategy=[recorder, "best"], samples=8, seed=seed + i)
    seconds = time.perf_counter() - start
    print(f"## Decisions: {hands} random hands x 8 deals, three draws, heads-up ({seconds:.0f} s)\n")
    print("| draws left | decisions | table differs | share | mean strength given up when it differs |")
    print("|---:|---:|---:|---:|---:|")
    for n in sorted(recorder.decisions, reverse=True):
        d, k = recorder.decisions[n], recorder.differ[n]
        mean_loss = recorder.loss[n] / k if k else 0.0
        print(f"| {n} | {d:,} | {k:,} | {k / d:.2%} | {mean_loss:.5f} |")
    d, k = sum(recorder.decisions.values()), sum(recorder.differ.values())
    print(f"| all later | {d:,} | {k:,} | {k / d:.2%} | {sum(recorder.loss.values()) / max(k, 1):.5f} |\n")


def equity_rows(rows: int, samples: int, seed: int) -> None:
    """Part 2: vs-random rows under both strategies."""
    every = canonical_hands()
    picked = [every[i].cards for i in random.Random(seed).sample(range(len(every)), rows)]
    start = time.perf_counter()
    best = vs_random(draws=3, samples=samples, strategy="best", seed=seed, hands=picked)
    middle = time.perf_counter()
    table = vs_random(draws=3, samples=samples, strategy="table", seed=seed, hands=picked)
    end = time.perf_counter()
    differences = []
    beyond = 0
    for b, t in zip(best.rows, table.rows, strict=True):
        diff = t.equity - b.equity
        error = math.hypot(b.std_error, t.std_error)
        differences.append(diff)
        beyond += abs(diff) > 2 * error
    mean = sum(differences) / rows
    print(f"## Equity: {rows} random starting hands, {samples:,} deals each, three draws, seed {seed}\n")
    best_s, table_s = middle - start, end - middle
    print(f"- best: {best_s:.1f} s of wall time; table: {table_s:.1f} s ({best_s / table_s:.1f}x)")
    print(
        f"- table minus best, per row: mean {mean:+.5f}, "
        f"mean |diff| {sum(map(abs, differences)) / rows:.5f}, "
        f"largest {max(differences, key=abs):+.5f}"
    )
    print(f"- rows differing by more than two standard errors of the difference: {beyond} of {rows}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=int, default=3000, help="random hands for the decisions (default 3000)"
    )
    parser.add_argument("--rows", type=int, default=100, help="table rows for the equity (default 100)")
    parser.add_argument("--samples", type=int, default=100_000, help="deals a row (default 100,000)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    decisions(args.hands, args.seed)
    equity_rows(args.rows, args.samples, args.seed)


if __name__ == "__main__":
    main()
