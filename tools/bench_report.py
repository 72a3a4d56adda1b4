"""Print the benchmark table per hand, with ratios to the baselines, and gate on ratios.

Usage: python tools/bench_report.py bench.json [--markdown]

Reads the JSON written by ``pytest tests/bench --benchmark-enable
--benchmark-json=bench.json``. Every figure is a ratio to a baseline measured
in the same run, because absolute times drift between machines and runs. The
gates compare two paths measured in that one run, never an absolute time;
the exit status is 1 if a gate fails.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

# (benchmark, baseline, the most it may cost relative to the baseline). The
# gates are the targets: rank_many within 3x a bare C lookup loop, and
# rank() on ids within 2x one bare cffi call.
GATES = [
    ("test_rank_many", "test_baseline_bare_lookup", 3.0),
    ("test_rank_ids", "test_baseline_cffi_call", 2.0),
    # The five-card scales: a low within 3x the bare lookup, a split game's two
    # halves in one fused call within 8x, lowball.rank() within 2x a bare call
    # taking five ints.
    ("test_lowball_rank_many[2-7]", "test_baseline_bare_lookup", 3.0),
    ("test_lowball_rank_many[A-5]", "test_baseline_bare_lookup", 3.0),
    ("test_rank_many_on_split[badeucy]", "test_baseline_bare_lookup", 8.0),
    ("test_rank_many_on_split[badacey]", "test_baseline_bare_lookup", 8.0),
    ("test_lowball_rank_ids[2-7]", "test_baseline_cffi_call5", 2.0),
    ("test_lowball_rank_ids[A-5]", "test_baseline_cffi_call5", 2.0),
]


@dataclass(frozen=True)
class Result:
    """One benchmark's times, per hand."""

    name: str
    min_ns: float  # per hand
    median_ns: float  # per hand
    rounds: int


def load(path: str) -> dict[str, Result]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    results = {}
    for bench in data["benchmarks"]:
        hands = bench.get("extra_info", {}).get("hands", 1)
        stats = bench["stats"]
        results[bench["name"]] = Result(
            name=bench["name"],
            min_ns=stats["min"] * 1e9 / hands,
            median_ns=stats["median"] * 1e9 / hands,
            rounds=stats["rounds"],
        )
    return results


def fmt_ns(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:,.1f} ms"
    if ns >= 1e4:
        return f"{ns / 1e3:,.1f} µs"
    return f"{ns:,.2f} ns" if ns < 10 else f"{ns:,.0f} ns"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    results = load(argv[0])
    rows = [
        ("reference evaluator (pure Python), per hand", "test_reference", "test_rank_ids"),
        ("bare cffi call, 4 ints in (baseline)", "test_baseline_cffi_call", None),
        ("badugi.rank() on 4 ids", "test_rank_ids", "test_baseline_cffi_call"),
        ('badugi.rank() on a string "Ah 2s 3d 4c"', "test_rank_string", "test_baseline_cffi_call"),
        ("bare C table lookup, 1M hands (baseline), per hand", "test_baseline_bare_lookup", None),
        ("badugi.rank_many(), 1M hands (uint8), per hand", "test_rank_many", "test_baseline_bare_lookup"),
        (
            "badugi.rank_many(), 1M hands (int64), per hand",
            "test_rank_many_int64",
            "test_baseline_bare_lookup",
        ),
        ("bare cffi call, 5 ints in (baseline)", "test_baseline_cffi_call5", None),
        ("lowball.rank() on 5 ids, 2-7", "test_lowball_rank_ids[2-7]", "test_baseline_cffi_call5"),
        ("lowball.rank() on 5 ids, A-5", "test_lowball_rank_ids[A-5]", "test_baseline_cffi_call5"),
        (
            "lowball.rank_many(), 1M hands, 2-7, per hand",
            "test_lowball_rank_many[2-7]",
            "test_baseline_bare_lookup",
        ),
        (
            "lowball.rank_many(), 1M hands, A-5, per hand",
            "test_lowball_rank_many[A-5]",
            "test_baseline_bare_lookup",
        ),
        (
            "best badugi of five, aces low, 1M hands, per hand",
            "test_badugi_of_five_rank_many[aces-low]",
            "test_baseline_bare_lookup",
        ),
        (
            "best badugi of five, aces high, 1M hands, per hand",
            "test_badugi_of_five_rank_many[aces-high]",
            "test_baseline_bare_lookup",
        ),
        (
            "rank_many_on(badugi aces high, 2-7) (Badeucy), per hand",
            "test_rank_many_on_split[badeucy]",
            "test_baseline_bare_lookup",
        ),
        (
            "rank_many_on(badugi, A-5) (Badacey), per hand",
            "test_rank_many_on_split[badacey]",
            "test_baseline_bare_lookup",
        ),
        ("badugi.showdown(), 6 seats (baseline for a hand), per hand", "test_showdown_six_seats", None),
        (
            "a whole hand, 6 SimpleBots, FixedLimit, per hand",
            "test_play_hand_six_simple_bots",
            "test_showdown_six_seats",
        ),
    ]
    print("| what | min | median | ratio (median) to |")
    print("|---|---:|---:|---|")
    for label, name, base in rows:
        if name not in results:
            continue
        r = results[name]
        ratio = ""
        if base and base in results:
            ratio = f"{r.median_ns / results[base].median_ns:.2f}× {base.removeprefix('test_')}"
        print(f"| {label} | {fmt_ns(r.min_ns)} | {fmt_ns(r.median_ns)} | {ratio} |")
    if "test_startup[python]" in results and "test_startup[import_badugi]" in results:
        bare = results["test_startup[python]"]
        full = results["test_startup[import_badugi]"]
        print(
            f"| `import badugi` (python -c 'import badugi' minus python -c pass) | "
            f"{fmt_ns(full.min_ns - bare.min_ns)} | {fmt_ns(full.median_ns - bare.median_ns)} | |"
        )
    failed = False
    print()
    for name, base, limit in GATES:
        if name not in results or base not in results:
            print(f"gate {name}/{base}: missing from the run")
            failed = True
            continue
        # min is the least noisy estimate of what the code costs; the gate uses it.
        ratio = results[name].min_ns / results[base].min_ns
        verdict = "ok" if ratio <= limit else "FAILED"
        print(f"gate {name} / {base} = {ratio:.2f} (limit {limit}): {verdict}")
        failed |= ratio > limit
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
