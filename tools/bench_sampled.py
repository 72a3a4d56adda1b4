"""Sampled CFR's speed against OpenSpiel's external-sampling MCCFR on the same game, in the same run.

The game is the ten-card variant with one draw (``python_badugi`` in
OpenSpiel, the same rules as ``badugi.adapters``): OpenSpiel's C++
``ExternalSamplingMCCFRSolver`` and its Python ``ExternalSamplingSolver`` walk
OpenSpiel states of it, ``badugi.solver.sampled.SampledCFR`` (exact
information sets) walks its own C. Each runs for about ``--seconds`` of
wall time, the three in turn, ``--rounds`` times; the table shows iterations a
second (an iteration is one traversal for each seat in all three), the median
over the rounds, and the ratios to OpenSpiel's C++. Then SampledCFR on one and
two threads, in turn (a ratio: the threads' speed-up on this machine now).

Usage: nice -n 15 python tools/bench_sampled.py [--seconds 5] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

TEN = {"draws": 1, "ranks": "A2345", "suits": "cd", "small_blind": 0, "big_blind": 0, "ante": 1, "cap": 1}


def rate(step: Callable[[], int], seconds: float) -> float:
    """Iterations a second of ``step`` (which runs some and says how many) over about ``seconds``."""
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        done += step()
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    import pyspiel  # noqa: PLC0415 - the baseline
    from open_spiel.python.algorithms import external_sampling_mccfr  # noqa: PLC0415

    import badugi.adapters.openspiel  # noqa: F401, PLC0415 - registers python_badugi
    from badugi.adapters import Variant  # noqa: PLC0415
    from badugi.solver.sampled import Abstraction, SampledCFR  # noqa: PLC0415

    spec = "python_badugi(" + ",".join(f"{k}={v}" for k, v in TEN.items()) + ")"
    game = pyspiel.load_game(spec)
    cpp = pyspiel.ExternalSamplingMCCFRSolver(game, seed=1)
    python = external_sampling_mccfr.ExternalSamplingSolver(game)
    ours = SampledCFR(Variant(**TEN), Abstraction.exact(), seed=1)  # type: ignore[arg-type]

    def cpp_step() -> int:
        cpp.run_iteration()
        return 1

    def python_step() -> int:
        python.iteration()
        return 1

    def our_step() -> int:
        ours.iterate(256)
        return 256

    rates: dict[str, list[float]] = {"OpenSpiel C++": [], "OpenSpiel Python": [], "badugi, 1 thread": []}
    for _ in range(args.rounds):
        rates["OpenSpiel C++"].append(rate(cpp_step, args.seconds))
        rates["OpenSpiel Python"].append(rate(python_step, args.seconds))
        rates["badugi, 1 thread"].append(rate(our_step, args.seconds))
    base = statistics.median(rates["OpenSpiel C++"])
    print(f"{spec}, {args.rounds} rounds of {args.seconds:g} s each, in turn")
    print("| external-sampling MCCFR | iterations a second (median) | ratio to OpenSpiel C++ |")
    print("|---|---:|---:|")
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"| {name} | {median:,.0f} | {median / base:,.1f} |")
    threads: dict[int, list[float]] = {1: [], 2: []}
    twin = SampledCFR(Variant(**TEN), Abstraction.exact(), seed=2)  # type: ignore[arg-type]
    for _ in range(args.rounds):
        for count in (1, 2):

            def step(count: int = count) -> int:
                twin.iterate(4096, threads=count)
                return 4096

            threads[count].append(rate(step, args.seconds))
    one, two = statistics.median(threads[1]), statistics.median(threads[2])
    print(f"\nbadugi on 1 and 2 threads: {one:,.0f} and {two:,.0f} iterations a second ({two / one:.2f}x)")


if __name__ == "__main__":
    main()
