"""What the starting-hand charts cost per core, each figure beside a baseline measured in the same run.

    python tools/bench_tables.py [--hands 120] [--samples 25000] [--cells 8] [--dask]

Times are CPU seconds of this process (every thread of it counted), so load
from other jobs on the machine slows a figure less than it slows the wall
clock. It measures, on a slice of starting hands spread over the table:

* the baseline: the C engine alone, one call per hand on one thread, the
  same deals the table deals (the hand against a dealt hand, three draws);
* ``vs_random`` on the same hands, as a table (chunks, every core, files);
* ``heads_up`` cells at two sample counts, to price the whole matrix (per
  pair dealt: a cell below the diagonal is its mirror's deals);
* with ``--dask``, the same ``vs_random`` on a two-worker LocalCluster, by
  wall time against the local run's wall time (the workers' CPU is not ours).

The baseline runs first and last, to show how much the machine's load moved.
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from badugi.cards import ID_BY_TEXT
from badugi.charts import canonical_hands, heads_up, starting_hand, vs_random
from badugi.charts._jobs import unit_seed
from badugi.equity._run import BEST, KEEP_BY_STRATEGY, Spot

HANDS = 16_432
PAIRS = HANDS * (HANDS + 1) // 2  # unordered pairs, a hand against itself included


def cpu(fn: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call."""
    wall, start = time.perf_counter(), time.process_time()
    fn()
    return time.process_time() - start, time.perf_counter() - wall


def engine_alone(hands: list[tuple[str, ...]], samples: int, seed: int) -> None:
    """The table's deals for each hand, straight from the C engine on one thread."""
    for hand in hands:
        ids = [ID_BY_TEXT[c] for c in hand]
        seeded = unit_seed(seed, starting_hand(hand).index)
        spot = Spot([ids, []], 3, [], [KEEP_BY_STRATEGY] * 2, [BEST] * 2, relabel_suits=True)
        spot.monte_carlo(samples, seeded, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=120, help="hands in the vs-random slice")
    parser.add_argument("--samples", type=int, default=25_000, help="deals per hand")
    parser.add_argument("--cells", type=int, default=8, help="the heads-up slice is cells x cells")
    parser.add_argument("--dask", action="store_true", help="also time a two-worker LocalCluster")
    args = parser.parse_args()

    table = canonical_hands()
    step = max(1, len(table) // args.hands)
    hands = [h.cards for h in table[::step]][: args.hands]
    deals = len(hands) * args.samples
    rows: list[tuple[str, str, str]] = []
    engine_alone(hands[:2], 100, 0)  # builds the draw-value tables, outside the timing

    base_first, _ = cpu(lambda: engine_alone(hands, args.samples, 1))
    local_cpu, local_wall = cpu(lambda: vs_random(draws=3, samples=args.samples, seed=1, hands=hands))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "t.csv"
        files_cpu, _ = cpu(lambda: vs_random(draws=3, samples=args.samples, seed=1, hands=hands, out=out))
    base_last, _ = cpu(lambda: engine_alone(hands, args.samples, 1))
    base = (base_first + base_last) / 2
    rows.append(("C engine alone, one thread (baseline)", f"{base / deals * 1e9:,.0f} ns", ""))
    rows.append(
        (
            "  the same, again at the end",
            f"{base_last / deals * 1e9:,.0f} ns",
            f"{base_last / base_first:.2f}x",
        )
    )
    rows.append(("vs_random, every core", f"{local_cpu / deals * 1e9:,.0f} ns", f"{local_cpu / base:.2f}x"))
    rows.append(
        (
            "vs_random, every core, chunks to files",
            f"{files_cpu / deals * 1e9:,.0f} ns",
            f"{files_cpu / base:.2f}x",
        )
    )

    print(f"{len(hands)} hands x {args.samples:,} deals, three draws, strategy best; CPU time per deal:")
    for name, value, ratio in rows:
        print(f"  {name:<44} {value:>10}  {ratio}")
    per_core = deals / local_cpu
    print(f"throughput: {per_core:,.0f} deals per CPU second (per core); baseline {deals / base:,.0f}")
    full = HANDS * args.samples / per_core
    print(f"the whole vs-random table at {args.samples:,} deals a hand: {full / 3600:.2f} core-hours")

    cell_hands = [h.cards for h in table[:: max(1, len(table) // args.cells)]][: args.cells]
    n = len(cell_hands)
    dealt = n * (n + 1) // 2  # a cell below the diagonal is its mirror's deals, dealt once
    print(f"\nheads_up, {n} x {n} cells ({dealt} pairs dealt), three draws (CPU per pair dealt):")
    for samples in (1_000, 10_000):
        spent, _ = cpu(lambda s=samples: heads_up(cell_hands, cell_hands, draws=3, samples=s, seed=1))
        per_pair = spent / dealt
        print(
            f"  {samples:>6,} deals a cell: {per_pair * 1e3:,.1f} ms a pair "
            f"({per_pair / samples * 1e9:,.0f} ns a deal)"
        )
        print(f"    the whole matrix ({PAIRS:,} pairs): {PAIRS * per_pair / 3600:,.0f} core-hours")
        for cores in (2, 64, 1024):
            print(f"      on {cores:>4} cores: {PAIRS * per_pair / cores / 3600:,.1f} hours")

    if args.dask:
        from distributed import Client, LocalCluster  # noqa: PLC0415 - the dask extra

        # Chunks of ten hands, so that both workers have work to the end.
        params = {"draws": 3, "samples": args.samples, "seed": 1, "hands": hands, "chunk_size": 10}
        _, local_wall = cpu(lambda: vs_random(**params))  # type: ignore[arg-type]
        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            _, dask_wall = cpu(lambda: vs_random(**params, client=client))  # type: ignore[arg-type]
        print(
            f"\nvs_random wall time: local {local_wall:.1f} s, two-worker LocalCluster {dask_wall:.1f} s "
            f"({dask_wall / local_wall:.2f}x)"
        )
    print(
        f"(the machine's load moved the baseline by {abs(math.log(base_last / base_first)) * 100:.0f}% "
        "during the run)"
    )


if __name__ == "__main__":
    main()
