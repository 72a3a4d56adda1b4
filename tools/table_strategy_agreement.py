"""How often, and by how much, the table strategy differs from the best discard.

Usage: python tools/table_strategy_agreement.py [--game G] [--hands N] [--rows N] [--samples N] [--seed S]

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
2. **Equity.** Rows of the vs-random starting-hand chart (``badugi.charts``)
   under both strategies, the same seed: the difference per row, against its
   standard error. In a split game (``--game badeucy``), which has no
   starting-hand chart yet, random five-card hands against a random hand by
   ``badugi.equity``, both hands playing the strategy, the same seed.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

import badugi
from badugi.cards import CARD_TEXT, ID_BY_TEXT
from badugi.charts import canonical_hands, vs_random
from badugi.equity import DrawView
from badugi.equity import _run as run
from badugi.equity import _run5 as run5
from badugi.games import GAMES, Game


class Recorder:
    """A strategy callable that plays the best discard and records how the table's keep compares."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.decisions: Counter[int] = Counter()  # by draws left
        self.differ: Counter[int] = Counter()
        self.loss: Counter[int] = Counter()  # summed strength given up, as floats

    def _values(
        self, ids: list[int], seen: list[int], draws: int
    ) -> tuple[int, int, list[tuple[int, int]], int]:
        """The best keep with what is seen, the table's, every keep's (sum, count), and the values' scale."""
        if self.game.hand_size == 4:
            best, table = run.best_keep(ids, seen, draws), run.table_keep(ids, draws)
            values = run.keep_values(ids, seen, draws)
            return best, table, values, run.STRENGTH_SCALE * 270_725 ** (draws - 1)
        halves = self.game.halves
        best, table = run5.best_keep(halves, ids, seen, draws), run5.best_keep(halves, ids, [], draws)
        values = run5.keep_values(halves, ids, seen, draws)
        return best, table, values, run5.scale(len(halves), draws - 1)

    def __call__(self, view: DrawView) -> list[str]:
        """Throw what the best discard throws; compare the table's keep at the later draws."""
        ids = [ID_BY_TEXT[c] for c in view.cards]
        seen = sorted({ID_BY_TEXT[c] for c in view.discards + view.dead} - set(ids))
        best, table, values, scale = self._values(ids, seen, view.draws_left)
        if view.draws_left < 3:  # a later decision: the first draw's keep is the table's, nothing seen
            n = view.draws_left
            self.decisions[n] += 1
            # Exactly equal values are the same choice (the cross-multiplied integers decide).
            same = values[best][0] * values[table][1] == values[table][0] * values[best][1]
            if not same:
                worth = {k: values[k][0] / (values[k][1] * scale) for k in (best, table)}
                self.differ[n] += 1
                self.loss[n] += worth[best] - worth[table]
        return [CARD_TEXT[c] for i, c in enumerate(ids) if not best >> i & 1]


def decisions(game: Game, hands: int, seed: int) -> None:
    """Part 1: later decisions of random hands playing the best discard."""
    rng = random.Random(seed)
    recorder = Recorder(game)
    start = time.perf_counter()
    for i in range(hands):
        hand = [CARD_TEXT[c] for c in rng.sample(range(52), game.hand_size)]
        badugi.equity([hand, ""], draws=3, strategy=[recorder, "best"], samples=8, seed=seed + i, game=game)
    seconds = time.perf_counter() - start
    print(
        f"## {game.title}: decisions of {hands} random hands x 8 deals, three draws, heads-up "
        f"({seconds:.0f} s)\n"
    )
    print("| draws left | decisions | table differs | share | mean strength given up when it differs |")
    print("|---:|---:|---:|---:|---:|")
    for n in sorted(recorder.decisions, reverse=True):
        d, k = recorder.decisions[n], recorder.differ[n]
        mean_loss = recorder.loss[n] / k if k else 0.0
        print(f"| {n} | {d:,} | {k:,} | {k / d:.2%} | {mean_loss:.5f} |")
    d, k = sum(recorder.decisions.values()), sum(recorder.differ.values())
    print(f"| all later | {d:,} | {k:,} | {k / d:.2%} | {sum(recorder.loss.values()) / max(k, 1):.5f} |\n")


def _rows(game: Game, rows: int, samples: int, seed: int, strategy: str) -> list[tuple[float, float]]:
    """(equity, std_error) of each row: the table's rows in Badugi, random five-card hands otherwise."""
    if game.hand_size == 4:
        every = canonical_hands()
        picked = [every[i].cards for i in random.Random(seed).sample(range(len(every)), rows)]
        table = vs_random(draws=3, samples=samples, strategy=strategy, seed=seed, hands=picked)
        return [(row.equity, row.std_error) for row in table.rows]
    rng = random.Random(seed)
    hands = [[CARD_TEXT[c] for c in rng.sample(range(52), 5)] for _ in range(rows)]
    results = [
        badugi.equity([hand, ""], draws=3, strategy=strategy, samples=samples, seed=seed + i, game=game)
        for i, hand in enumerate(hands)
    ]
    return [(r.equity[0], r.std_error[0]) for r in results]


def equity_rows(game: Game, rows: int, samples: int, seed: int) -> None:
    """Part 2: rows under both strategies."""
    for strategy in ("best", "table"):  # each strategy's tables built before the timing
        _rows(game, 1, 1, seed, strategy)
    start = time.perf_counter()
    best = _rows(game, rows, samples, seed, "best")
    middle = time.perf_counter()
    table = _rows(game, rows, samples, seed, "table")
    end = time.perf_counter()
    differences = []
    beyond = 0
    for (b, b_error), (t, t_error) in zip(best, table, strict=True):
        diff = t - b
        error = math.hypot(b_error, t_error)
        differences.append(diff)
        beyond += abs(diff) > 2 * error
    mean = sum(differences) / rows
    print(
        f"## {game.title}: equity of {rows} random starting hands, {samples:,} deals each, three draws, "
        f"seed {seed}\n"
    )
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
    parser.add_argument("--game", choices=list(GAMES), default="badugi", help="the game (default badugi)")
    args = parser.parse_args()
    game = GAMES[args.game]
    decisions(game, args.hands, args.seed)
    equity_rows(game, args.rows, args.samples, args.seed)


if __name__ == "__main__":
    main()
