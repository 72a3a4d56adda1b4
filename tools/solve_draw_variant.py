"""Solve the smallest variant with a draw (ten cards, one draw, heads-up, one bet) and measure it.

The tree is the adapters' (``badugi.adapters.TableState``: the same game as
``python_badugi``): walked once into arrays (``badugi.solver.tree_of``), then
CFR+ (``badugi.solver.CFRPlus``) runs, and the exact exploitability of its
average strategy (a best response over the whole tree, both seats) is
measured at iterations 1, 2, 5, 10, 20, 50, ... until it is under the target.

It prints the tree's nodes, the walk's time and rate, the arrays' bytes and the
process's peak memory, then one row per checkpoint: iterations, CFR seconds so
far, exploitability (chips a hand; the ante is 1), and nodes a second (tree
nodes times iterations over CFR seconds). One core (numpy's own threads are
not used by these operations).

With ``--baseline``, it first runs the baseline in the same process: OpenSpiel's
C++ CFR+ (``pyspiel.CFRPlusSolver``) over its cached tree of the ten-card game
without a draw (32,670 nodes, the largest tree OpenSpiel's cache holds here),
against this solver on the same tree, the same iterations, both measured by
``pyspiel.exploitability``.

Usage: python tools/solve_draw_variant.py [--target 0.01] [--most 2000] [--small] [--baseline]
(``--small``: the ten-card tree without a draw, 32,670 nodes, for a quick look)
"""

from __future__ import annotations

import argparse
import resource
import time

from tqdm import tqdm

from badugi.adapters import Variant
from badugi.solver import CFRPlus, exploitability, table_root, tree_of, value

DRAW = {"draws": 1, "ranks": "A2345", "suits": "cd", "cap": 1, "small_blind": 0, "big_blind": 0, "ante": 1}
CHECKPOINTS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def baseline(iterations: int = 200) -> None:
    """OpenSpiel's C++ CFR+ against this solver on the ten-card tree without a draw, in this run."""
    import pyspiel  # noqa: PLC0415 - only for the baseline

    import badugi.adapters.openspiel  # noqa: F401, PLC0415 - registers python_badugi
    from badugi.solver import SpielNode, as_table  # noqa: PLC0415

    params = {**DRAW, "draws": 0}
    spec = "python_badugi(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"
    game = pyspiel.load_game(spec)
    start = time.perf_counter()
    cached = pyspiel.convert_to_cached_tree(game)
    spiel = pyspiel.CFRPlusSolver(cached)
    spiel.evaluate_and_update_policy()  # the cache fills on the first pass
    cache_seconds = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(iterations - 1):
        spiel.evaluate_and_update_policy()
    spiel_seconds = time.perf_counter() - start
    spiel_gap = pyspiel.exploitability(cached, spiel.average_policy())
    start = time.perf_counter()
    tree = tree_of(SpielNode(game.new_initial_state()))
    walk_seconds = time.perf_counter() - start
    ours = CFRPlus(tree)
    ours.iterate(1)
    start = time.perf_counter()
    ours.iterate(iterations - 1)
    our_seconds = time.perf_counter() - start
    average = ours.average()
    our_gap = pyspiel.exploitability(cached, pyspiel.TabularPolicy(as_table(tree, average)))
    print(f"baseline, {spec}: {tree.nodes:,} nodes, iterations 2 to {iterations}")
    print(
        f"  pyspiel.CFRPlusSolver (C++, cached tree; cache and first pass {cache_seconds:.1f} s): "
        f"{spiel_seconds:.2f} s, {tree.nodes * (iterations - 1) / spiel_seconds:,.0f} nodes/s, "
        f"exploitability {spiel_gap:.6f}"
    )
    print(
        f"  badugi.solver.CFRPlus (walk {walk_seconds:.1f} s): {our_seconds:.2f} s, "
        f"{tree.nodes * (iterations - 1) / our_seconds:,.0f} nodes/s, exploitability {our_gap:.6f}"
    )
    print(f"  ratio, seconds: {spiel_seconds / our_seconds:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=0.01, help="stop once exploitability is under this")
    parser.add_argument("--most", type=int, default=2000, help="stop after this many iterations regardless")
    parser.add_argument("--small", action="store_true", help="the ten-card tree without a draw")
    parser.add_argument(
        "--baseline", action="store_true", help="OpenSpiel's C++ CFR+ on a smaller tree first"
    )
    args = parser.parse_args()
    if args.baseline:
        baseline()
    params = {**DRAW, "draws": 0} if args.small else DRAW
    variant = Variant(**params)
    print(f"variant: {params}")
    start = time.perf_counter()
    with tqdm(desc="walking the tree", unit=" nodes", unit_scale=True) as bar:
        done = [0]

        def progress(nodes: int) -> None:
            bar.update(nodes - done[0])
            done[0] = nodes

        tree = tree_of(table_root(variant), progress=progress)
        bar.update(tree.nodes - done[0])
    walked = time.perf_counter() - start
    print(
        f"tree: {tree.nodes:,} nodes {tree.counts()}, {len(tree.keys):,} information sets, "
        f"{tree.slots:,} actions; walked in {walked:.1f} s ({tree.nodes / walked:,.0f} nodes/s)"
    )
    print(f"arrays: {tree.nbytes() / 2**20:.0f} MB; peak memory so far {peak_mb():.0f} MB")
    solver = CFRPlus(tree)
    spent = 0.0
    print(f"{'iterations':>10} {'CFR s':>8} {'exploitability':>15} {'nodes/s':>12} {'value to seat 0':>16}")
    for mark in CHECKPOINTS:
        if mark > args.most:
            break
        start = time.perf_counter()
        solver.iterate(mark - solver.iterations)
        spent += time.perf_counter() - start
        average = solver.average()
        gap = exploitability(tree, average)
        rate = tree.nodes * solver.iterations / spent
        print(
            f"{mark:>10,} {spent:>8.1f} {gap:>15.6f} {rate:>12,.0f} {value(tree, average):>16.6f}", flush=True
        )
        if gap < args.target:
            break
    print(f"peak memory {peak_mb():.0f} MB")


if __name__ == "__main__":
    main()
