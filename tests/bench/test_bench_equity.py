"""Speed of draw equity (run with --benchmark-enable), and its ratio gates.

Each benchmark records how many showdowns (deals) or calls one round does,
so tools/bench_report.py can print the time per item and the ratios. The
floor is a bare C loop compiled here: the same heads-up single-draw deals
(xorshift and a partial Fisher-Yates over the unknown cards) and the same two
table lookups a showdown needs, and nothing else. poker-equity 0.1.1, when
installed, runs the same spots for the table (never a gate: it is optional).

The gates (``ratio_gate``, timed in one loop; limits in tools/bench_report.py):
Monte Carlo within 4x the bare loop per showdown; exact counting of a
heads-up single-draw spot no slower than the bare loop dealing each of its
deals once; ``best_discard(draws=1)`` within 5,000 bare cffi calls (half a
millisecond where a call costs 100 ns); a three-draw heads-up deal with the
table strategy within 5x the same deal where both stand pat after the first
draw, and at least 10x faster than with the best discard (a ratio of 0.1);
the same deal of a Badeucy starting hand with the table strategy within 5x
its own deal standing pat.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from cffi import FFI

import badugi
from badugi.cards import parse_cards
from badugi.equity import _run as run
from badugi.equity import run_equity
from badugi.games import BADEUCY, BADUGI, Game
from tests.bench.paired import GateRunner
from tests.c_harness import compile_module

SPOT = ["Ah2s3d", "2c3h4d"]  # heads-up, one draw each
EXACT_SPOTS = {"1x1": ["Ah2s3d", "2c3h4d"], "2x1": ["Ah2s", "2c3h4d"], "2x2": ["Ah2s", "2c3h"]}
SAMPLES = 1 << 21
THREE_DRAW_SAMPLES = 1 << 16

BASELINE_CDEF = """
uint64_t baseline_showdowns(const uint16_t *rank_by_index, const uint8_t *a, int na, const uint8_t *b, int nb,
                            const uint8_t *unknown, int n_unknown, uint64_t samples, uint64_t seed);
"""

BASELINE_SOURCE = """
#include <stdint.h>
#include <string.h>
#define SWAP(x, y) do { uint32_t lo_ = x < y ? x : y, hi_ = x < y ? y : x; x = lo_; y = hi_; } while (0)
static uint32_t rank_of(const uint16_t *table, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    SWAP(a, b); SWAP(c, d); SWAP(a, c); SWAP(b, d); SWAP(b, c);
    return table[a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6 + d * (d - 1) * (d - 2) * (d - 3) / 24];
}
/* Heads-up single draw: deal each hand's missing cards from the unknown ones,
 * look both ranks up, count the first hand's wins. The cheapest loop that
 * does the work a Monte Carlo showdown needs. */
uint64_t baseline_showdowns(const uint16_t *rank_by_index, const uint8_t *a, int na, const uint8_t *b, int nb,
                            const uint8_t *unknown, int n_unknown, uint64_t samples, uint64_t seed)
{
    uint8_t deck[52];
    memcpy(deck, unknown, (size_t)n_unknown);
    uint64_t s = seed | 1, wins = 0;
    for (uint64_t i = 0; i < samples; i++) {
        uint32_t ha[4], hb[4];
        int n = n_unknown;
        for (int k = 0; k < 4; k++) {
            if (k < na) { ha[k] = a[k]; continue; }
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            int j = (int)(((s >> 32) * (uint64_t)n) >> 32);
            uint8_t card = deck[j]; deck[j] = deck[n - 1]; deck[n - 1] = card; n--;
            ha[k] = card;
        }
        for (int k = 0; k < 4; k++) {
            if (k < nb) { hb[k] = b[k]; continue; }
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            int j = (int)(((s >> 32) * (uint64_t)n) >> 32);
            uint8_t card = deck[j]; deck[j] = deck[n - 1]; deck[n - 1] = card; n--;
            hb[k] = card;
        }
        uint32_t ra = rank_of(rank_by_index, ha[0], ha[1], ha[2], ha[3]);
        wins += ra < rank_of(rank_by_index, hb[0], hb[1], hb[2], hb[3]);
    }
    return wins;
}
"""


@pytest.fixture(scope="module")
def equity_baseline(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The compiled bare Monte Carlo loop, with the rank of every hand by colex index."""
    ffi = FFI()
    ffi.cdef(BASELINE_CDEF)
    ffi.set_source("_badugi_bench_equity_baseline", BASELINE_SOURCE, extra_compile_args=["-O2"])
    module = compile_module(ffi, "_badugi_bench_equity_baseline", tmp_path_factory.mktemp("equity_baseline"))
    import itertools  # noqa: PLC0415
    from math import comb  # noqa: PLC0415

    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    index = [a + comb(b, 2) + comb(c, 3) + comb(d, 4) for a, b, c, d in hands.tolist()]
    table = np.zeros(270_725, dtype=np.uint16)
    table[index] = badugi.rank_many(hands)
    module.table = table  # kept alive with the module
    return module


def _bare_loop(module: Any, hands: list[str], samples: int) -> Any:
    ffi, lib = module.ffi, module.lib
    known = [parse_cards(h) for h in hands]
    unknown = [c for c in range(52) if all(c not in k for k in known)]
    args = (
        ffi.from_buffer("uint16_t[]", module.table),
        ffi.new("uint8_t[]", known[0]),
        len(known[0]),
        ffi.new("uint8_t[]", known[1]),
        len(known[1]),
        ffi.new("uint8_t[]", unknown),
        len(unknown),
    )
    return lambda: lib.baseline_showdowns(*args, samples, 7)


def test_baseline_equity_loop(benchmark: Any, equity_baseline: Any) -> None:
    run = _bare_loop(equity_baseline, SPOT, SAMPLES)
    benchmark.extra_info["hands"] = SAMPLES
    wins = benchmark(run)
    assert abs(wins / SAMPLES - badugi.equity(SPOT).win[0]) < 0.01


@pytest.mark.parametrize("threads", [1, 2])
def test_equity_monte_carlo_single_draw(benchmark: Any, threads: int) -> None:
    benchmark.extra_info["hands"] = SAMPLES
    result = benchmark(
        lambda: run_equity(SPOT, samples=SAMPLES, seed=1, threads=threads, strategy="pat", monte_carlo=True)
    )
    assert abs(result.equity[0] - badugi.equity(SPOT).equity[0]) < 5 * result.std_error[0]


@pytest.mark.parametrize("threads", [1, 2])
def test_poker_equity_chunk(benchmark: Any, threads: int) -> None:
    pe = pytest.importorskip("poker_equity")
    benchmark.extra_info["hands"] = SAMPLES
    result = benchmark(lambda: pe.chunk_from_text("badugi", SPOT, samples=SAMPLES, seed=1, threads=threads))
    assert abs(result["players"][0]["equity"] - badugi.equity(SPOT).equity[0]) < 0.01


@pytest.mark.parametrize("threads", [1, 2])
def test_equity_monte_carlo_three_draws_best(benchmark: Any, threads: int) -> None:
    benchmark.extra_info["hands"] = THREE_DRAW_SAMPLES
    result = benchmark(
        lambda: run_equity(
            SPOT, draws=3, samples=THREE_DRAW_SAMPLES, seed=1, threads=threads, monte_carlo=True
        )
    )
    assert result.samples == THREE_DRAW_SAMPLES


@pytest.mark.parametrize("strategy", ["table", "pat"])
def test_equity_monte_carlo_three_draws(benchmark: Any, strategy: str) -> None:
    benchmark.extra_info["hands"] = THREE_DRAW_SAMPLES
    result = benchmark(lambda: _three_draws(strategy, THREE_DRAW_SAMPLES))
    assert result.samples == THREE_DRAW_SAMPLES


def _three_draws(strategy: str, samples: int) -> badugi.Equity:
    """The three-draw heads-up spot, Monte Carlo on one thread."""
    return run_equity(SPOT, draws=3, samples=samples, seed=1, threads=1, strategy=strategy, monte_carlo=True)


@pytest.mark.parametrize("spot", sorted(EXACT_SPOTS))
def test_equity_exact(benchmark: Any, spot: str) -> None:
    benchmark.extra_info["hands"] = 1
    result = benchmark(lambda: badugi.equity(EXACT_SPOTS[spot], strategy="pat", threads=1))
    assert result.exact


@pytest.mark.parametrize("spot", sorted(EXACT_SPOTS))
def test_poker_equity_exact(benchmark: Any, spot: str) -> None:
    pe = pytest.importorskip("poker_equity")
    benchmark.extra_info["hands"] = 1
    result = benchmark.pedantic(
        lambda: pe.exact_from_text("badugi", EXACT_SPOTS[spot]), rounds=3 if spot == "2x2" else 20
    )
    assert result["players"][0]["equity"] == pytest.approx(
        badugi.equity(EXACT_SPOTS[spot], strategy="pat").equity[0]
    )


def test_baseline_equity_loop_exact_size(benchmark: Any, equity_baseline: Any) -> None:
    # The bare loop dealing as many deals as the 2x2 exact spot counts: the gate's floor.
    deals = badugi.equity(EXACT_SPOTS["2x2"], strategy="pat").samples
    run = _bare_loop(equity_baseline, EXACT_SPOTS["2x2"], deals)
    benchmark.extra_info["hands"] = 1
    benchmark(run)


HANDS = [list(np.random.default_rng(5).choice(52, 4, replace=False)) for _ in range(200)]


def test_best_discard_one_draw(benchmark: Any) -> None:
    hands = [[int(c) for c in h] for h in HANDS]
    benchmark.extra_info["hands"] = len(hands)
    results = benchmark(lambda: [badugi.best_discard(h) for h in hands])
    assert len(results) == len(hands)


def test_draw_tables_first_build(benchmark: Any) -> None:
    # A fresh process: the time to build the tables, on the first best_discard(draws=3).
    code = (
        "import time, badugi\n"
        "t = time.perf_counter(); badugi.best_discard('Ah 2s 3d Kd', draws=3)\n"
        "print(time.perf_counter() - t)\n"
    )

    def build() -> float:
        return float(
            subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        )

    benchmark.extra_info["hands"] = 1
    seconds = benchmark.pedantic(build, rounds=5)
    assert seconds > 0  # how long is the benchmark's to report, never a test's to assert


GATE_SAMPLES = 1 << 16


def test_gate_equity_monte_carlo(ratio_gate: GateRunner, equity_baseline: Any) -> None:
    # Heads-up single draw, one thread: badugi's Monte Carlo against the bare loop, per showdown.
    bare = _bare_loop(equity_baseline, SPOT, GATE_SAMPLES)
    result = ratio_gate(
        "equity_monte_carlo",
        lambda: run_equity(SPOT, samples=GATE_SAMPLES, seed=1, threads=1, strategy="pat", monte_carlo=True),
        bare,
    )
    assert all(r > 0 for r in result.ratios)


def test_gate_equity_exact(ratio_gate: GateRunner, equity_baseline: Any) -> None:
    # Every deal of Ah2s vs 2c3h4d counted exactly, against the bare loop dealing as many deals.
    spot = EXACT_SPOTS["2x1"]
    deals = badugi.equity(spot, strategy="pat").samples
    bare = _bare_loop(equity_baseline, spot, deals)
    result = ratio_gate("equity_exact", lambda: badugi.equity(spot, strategy="pat", threads=1), bare)
    assert all(r > 0 for r in result.ratios)


def test_gate_best_discard(ratio_gate: GateRunner, baseline: Any) -> None:
    # best_discard with one draw left, hand by hand, against one bare cffi call a hand.
    hands = [[int(c) for c in h] for h in HANDS]
    call4 = baseline.lib.baseline_call4
    result = ratio_gate(
        "best_discard",
        lambda: [badugi.best_discard(h) for h in hands],
        lambda: [call4(*h) for h in hands],
    )
    assert all(r > 0 for r in result.ratios)


def _vs_random_deals(strategy: int, samples: int, game: Game = BADUGI) -> Any:
    """The deals of one vs-random table row (badugi.charts): As 2d 3h Kc against a random hand.

    Three draws, one thread; both hands choose every discard by the strategy,
    the first too (the random hand from what it is dealt), the suits relabelled
    at random each deal. The engine the tables run, called directly, since the
    public table counts a stand-pat row exactly instead of dealing it.
    """
    hands = [parse_cards("As 2d 3h Kc" if game.hand_size == 4 else "As 2d 3h 7c Kc"), []]
    spot = run.Spot(hands, 3, [], [run.KEEP_BY_STRATEGY] * 2, [strategy] * 2, relabel_suits=True, game=game)
    return spot.monte_carlo(samples, 1, 1)


def test_gate_table_strategy(ratio_gate: GateRunner) -> None:
    # Three draws: the table strategy against the same deals where both stand pat.
    samples = 1 << 14
    _vs_random_deals(run.TABLE, 1)  # the table is built before the timing starts
    result = ratio_gate(
        "table_strategy",
        lambda: _vs_random_deals(run.TABLE, samples),
        lambda: _vs_random_deals(run.PAT, samples),
    )
    assert all(r > 0 for r in result.ratios)


def test_gate_table_vs_best(ratio_gate: GateRunner) -> None:
    # The same deals: the table strategy against the best discard.
    samples = 1 << 12
    result = ratio_gate(
        "table_vs_best",
        lambda: _vs_random_deals(run.TABLE, samples),
        lambda: _vs_random_deals(run.BEST, samples),
    )
    assert all(r > 0 for r in result.ratios)


def test_gate_table_strategy_badeucy(ratio_gate: GateRunner) -> None:
    # Badeucy, three draws: the table strategy against the same deals standing pat.
    samples = 1 << 13
    _vs_random_deals(run.TABLE, 1, BADEUCY)  # the game's keep tables are built before the timing starts
    result = ratio_gate(
        "table_strategy_badeucy",
        lambda: _vs_random_deals(run.TABLE, samples, BADEUCY),
        lambda: _vs_random_deals(run.PAT, samples, BADEUCY),
    )
    assert all(r > 0 for r in result.ratios)
