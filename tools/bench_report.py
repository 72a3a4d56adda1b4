"""Print the benchmark table per hand, with ratios to the baselines, and judge the ratio gates.

Usage: python tools/bench_report.py bench.json

Reads the JSON written by ``pytest tests/bench --benchmark-enable
--benchmark-json=bench.json``. Every figure is a ratio to a baseline measured
in the same run, because absolute times drift between machines and runs.

The table comes from pytest-benchmark, which times each benchmark on its own;
its ratios are for reading. The gates do not use it: each gate times its
subject and its baseline round by round in one loop (tests/bench/paired.py),
so load from other processes slows both alike, and the gate reads the median
of the per-round ratios. The exit status is 1 if a gate passes its limit or is
missing from the run.

Adding a gate (say, five-card ``rank_many`` within 3x a bare five-card lookup):

1. If the floor is new, add its C function to ``BASELINE_SOURCE`` and
   ``BASELINE_CDEF`` in tests/bench/conftest.py (keep it the cheapest code that
   does the same job) and, if it needs data, a session fixture beside ``batch``.
2. In tests/bench/test_gates.py, write a test that takes the ``ratio_gate``
   fixture and calls ``ratio_gate("name", subject, baseline)``, where subject and
   baseline are callables without arguments that each do enough work for tens
   of microseconds at least (a loop over many hands, or one batch call).
3. Add ``Gate("name", what, limit)`` to ``GATES`` below. The name must match.

A plain ``python -m pytest`` runs each gate for three rounds only, to prove
both sides run; the figures are judged only from a ``--benchmark-enable`` run.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Gate:
    """A limit on a subject's cost relative to its baseline, timed in one loop."""

    name: str  # as recorded by ratio_gate(...) in tests/bench/test_gates.py
    what: str  # subject / baseline, for the report
    limit: float  # the most the median per-round ratio may be


# The project's targets: rank_many within 3x a bare C lookup loop, and rank()
# on ids within 2x one bare cffi call.
GATES = (
    Gate("rank_many", "badugi.rank_many(), 1M uint8 hands / bare C table lookup", 3.0),
    Gate("rank_ids", "badugi.rank() on 4 ids / bare cffi call with 4 ints", 2.0),
    # The five-card scales: a low within 3x the bare lookup, a split game's two
    # halves in one fused call within 8x, lowball.rank() within 2x a bare call
    # taking five ints.
    Gate("lowball_rank_many_27", "lowball.rank_many(), 1M uint8 hands, 2-7 / bare C table lookup", 3.0),
    Gate("lowball_rank_many_a5", "lowball.rank_many(), 1M uint8 hands, A-5 / bare C table lookup", 3.0),
    Gate("rank_many_on_badeucy", "rank_many_on(badugi aces high, 2-7), 1M hands / bare C table lookup", 8.0),
    Gate("rank_many_on_badacey", "rank_many_on(badugi, A-5), 1M hands / bare C table lookup", 8.0),
    Gate("lowball_rank_ids_27", "lowball.rank() on 5 ids, 2-7 / bare cffi call with 5 ints", 2.0),
    Gate("lowball_rank_ids_a5", "lowball.rank() on 5 ids, A-5 / bare cffi call with 5 ints", 2.0),
    # Draw equity (tests/bench/test_bench_equity.py): Monte Carlo within 4x a bare C loop of
    # the same deals and lookups; exact counting no slower than that loop dealing every deal
    # once; best_discard(draws=1) within 5,000 bare cffi calls (0.5 ms at 100 ns a call).
    Gate("equity_monte_carlo", "badugi.equity Monte Carlo, heads-up single draw / bare C deal loop", 4.0),
    Gate("equity_exact", "badugi.equity exact, Ah2s vs 2c3h4d / bare C loop dealing its 48,645 deals", 1.0),
    Gate("best_discard", "badugi.best_discard(draws=1) / bare cffi call with 4 ints", 5000.0),
    # Three draws (issue 17): the table strategy within 5x standing pat on the same deals, and
    # at least 10x faster than the best discard.
    Gate(
        "table_strategy",
        "Monte Carlo, three draws, As2d3hKc vs a random hand, strategy table / the same deals standing pat",
        5.0,
    ),
    Gate("table_vs_best", "the same deals, strategy table / strategy best", 0.1),
    # A whole hand (tests/bench/random_hands.py): six seats of fixed-limit Badugi by random legal
    # actions, the engine's Hand against PokerKit 0.7.7 on the same table and policy. The engine
    # measured 0.22 before a hand cost half as much (issue 28), 0.105 after: 0.15 keeps the gain.
    Gate(
        "hand_vs_pokerkit", "a hand of 6-seat fixed-limit Badugi, random legal actions: Hand / PokerKit", 0.15
    ),
    # engine.Tables (issue 28, tests/bench/test_gates_tables.py): six seats of fixed-limit Badugi,
    # a recorded stretch of random legal actions replayed by step alone (from a copy). Against
    # Hand: the stretch takes 200 times the actions of Hand's 10 hands, so the ratio is 200 x an
    # action's cost over Hand's, and 1.0 would be the 1/200; 2.0 (1/100) catches the C
    # core losing a third of its speed. Against the library's C Monte Carlo dealing, drawing three
    # times and ranking as many six-seat hands: the issue aims at 2x; 3.0 leaves CI's noise room.
    Gate("tables_vs_hand", "Tables.step, 200x the actions / Hand, random legal actions", 2.0),
    Gate("tables_vs_floor", "Tables.step a hand / the C Monte Carlo dealing, drawing, ranking a hand", 3.0),
    # Badeucy's table strategy reads a keep table of 2,598,960 bytes a draw at random, so its
    # ratio to standing pat rests on the machine's cache more than Badugi's does: one CI run
    # measured 5.44 (middle half 4.97-6.15), the development machine under load 3.21
    # (3.07-3.41) with Badugi's 2.27 in the same run. 8.0, as the other five-card gates, still
    # catches the strategy losing its table (the best discard each deal: 69x pat, same machine).
    Gate(
        "table_strategy_badeucy",
        "Monte Carlo, Badeucy, three draws, As2d3h7cKc vs a random hand, table / the same deals pat",
        8.0,
    ),
)


# Draw equity (tests/bench/test_bench_equity.py): Monte Carlo per showdown against the bare C
# loop; poker-equity (optional) against badugi on the same spot and threads; exact spots per call.
_MC = "test_equity_monte_carlo_single_draw"
EQUITY_ROWS = [
    (
        "bare C loop, heads-up single-draw deal + 2 lookups (baseline), per showdown",
        "test_baseline_equity_loop",
        None,
    ),
    (
        "badugi.equity Monte Carlo, Ah2s3d vs 2c3h4d, 1 thread, per showdown",
        f"{_MC}[1]",
        "test_baseline_equity_loop",
    ),
    (
        "badugi.equity Monte Carlo, same spot, 2 threads, per showdown",
        f"{_MC}[2]",
        "test_baseline_equity_loop",
    ),
    (
        "poker-equity chunk_from_text, same spot, 1 thread, per showdown",
        "test_poker_equity_chunk[1]",
        f"{_MC}[1]",
    ),
    (
        "poker-equity chunk_from_text, same spot, 2 threads, per showdown",
        "test_poker_equity_chunk[2]",
        f"{_MC}[2]",
    ),
    (
        "badugi.equity Monte Carlo, same hands, three draws, strategy best, 1 thread, per deal",
        "test_equity_monte_carlo_three_draws_best[1]",
        f"{_MC}[1]",
    ),
    (
        "badugi.equity Monte Carlo, three draws, best, 2 threads, per deal",
        "test_equity_monte_carlo_three_draws_best[2]",
        f"{_MC}[2]",
    ),
    (
        "badugi.equity Monte Carlo, three draws, standing pat after the first, 1 thread, per deal",
        "test_equity_monte_carlo_three_draws[pat]",
        f"{_MC}[1]",
    ),
    (
        "badugi.equity Monte Carlo, three draws, strategy table, 1 thread, per deal",
        "test_equity_monte_carlo_three_draws[table]",
        "test_equity_monte_carlo_three_draws[pat]",
    ),
    ("badugi.equity exact, Ah2s3d vs 2c3h4d (2,070 deals)", "test_equity_exact[1x1]", None),
    ("poker-equity exact_from_text, same spot", "test_poker_equity_exact[1x1]", "test_equity_exact[1x1]"),
    ("badugi.equity exact, Ah2s vs 2c3h4d (48,645 deals)", "test_equity_exact[2x1]", None),
    ("poker-equity exact_from_text, same spot", "test_poker_equity_exact[2x1]", "test_equity_exact[2x1]"),
    ("badugi.equity exact, Ah2s vs 2c3h (1,167,480 deals)", "test_equity_exact[2x2]", None),
    ("poker-equity exact_from_text, same spot", "test_poker_equity_exact[2x2]", "test_equity_exact[2x2]"),
    (
        "bare C loop dealing 1,167,480 random deals (baseline)",
        "test_baseline_equity_loop_exact_size",
        "test_equity_exact[2x2]",
    ),
    ("badugi.best_discard(draws=1), per call", "test_best_discard_one_draw", "test_baseline_cffi_call"),
    ("draw-value tables, first build in a fresh process", "test_draw_tables_first_build", None),
]


# The heads-up matrix (tests/bench/test_bench_tables.py): the C batch per cell against the old
# Python loop (one C call per matchup) on the same cells and deals, same threads.
_PY, _C = "test_heads_up_cells_python_loop", "test_heads_up_cells_c_batch"
_SQ_PY, _SQ_C = "test_heads_up_square_python_loop", "test_heads_up_square_c_batch"
TABLES_ROWS = [
    ("heads-up cells, old Python loop, 3 draws, 1,000 deals, 1 thread, per cell", f"{_PY}[1]", None),
    ("heads-up cells, old Python loop, 2 threads, per cell", f"{_PY}[2]", f"{_PY}[1]"),
    ("heads-up cells, C batch, same cells and deals, 1 thread, per cell", f"{_C}[1]", f"{_PY}[1]"),
    ("heads-up cells, C batch, 2 threads, per cell", f"{_C}[2]", f"{_PY}[2]"),
    ("heads-up cells, C batch, 2 threads against 1, per cell", f"{_C}[2]", f"{_C}[1]"),
    ("15 x 15 square, old loop (every cell dealt), 1 thread, per cell", f"{_SQ_PY}[1]", None),
    ("15 x 15 square, C batch with mirrors, 1 thread, per cell", f"{_SQ_C}[1]", f"{_SQ_PY}[1]"),
    ("15 x 15 square, C batch with mirrors, 2 threads, per cell", f"{_SQ_C}[2]", f"{_SQ_PY}[2]"),
]


@dataclass(frozen=True)
class Result:
    """One benchmark's times, per hand."""

    name: str
    min_ns: float  # per hand
    median_ns: float  # per hand
    rounds: int


def load(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def per_hand(data: dict[str, Any]) -> dict[str, Result]:
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
    data = load(argv[0])
    results = per_hand(data)
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
        (
            "a whole hand, 6 seats, FixedLimit, random legal actions, per hand",
            "test_play_hand_six_random",
            "test_showdown_six_seats",
        ),
        (
            "PokerKit 0.7.7, the same table and policy, per hand",
            "test_play_hand_six_random_pokerkit",
            "test_play_hand_six_random",
        ),
        ("badugi.showdown(), 6 seats, Badeucy, per hand", "test_showdown_six_seats_badeucy", None),
        (
            "a whole hand of Badeucy, 6 SimpleBots, FixedLimit, per hand",
            "test_play_hand_six_simple_bots_badeucy",
            "test_showdown_six_seats_badeucy",
        ),
        *EQUITY_ROWS,
        *TABLES_ROWS,
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
    print()
    return judge(data.get("gates", {}))


def judge(measured: dict[str, dict[str, Any]]) -> int:
    """Print each gate's verdict; 1 if any failed or is missing, else 0."""
    failed = False
    for gate in GATES:
        if gate.name not in measured:
            print(f"gate {gate.name} ({gate.what}): missing from the run: FAILED")
            failed = True
            continue
        m = measured[gate.name]
        verdict = "ok" if m["median"] <= gate.limit else "FAILED"
        print(
            f"gate {gate.name} ({gate.what}) = {m['median']:.2f}, the median of {m['rounds']} paired "
            f"rounds (middle half {m['q1']:.2f}-{m['q3']:.2f}; limit {gate.limit}): {verdict}"
        )
        failed |= m["median"] > gate.limit
    unknown = sorted(set(measured) - {gate.name for gate in GATES})
    for name in unknown:
        print(f"gate {name}: measured but has no limit in GATES (tools/bench_report.py): FAILED")
    return 1 if failed or unknown else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
