"""The heads-up matrix in C (issue 17 part 3): the old loop's numbers, any threads, mirrors, checks."""

from __future__ import annotations

import math
import threading
import time
from pathlib import Path

import pytest

from badugi._native import ffi, lib
from badugi.charts import canonical_hands, heads_up
from badugi.charts._jobs import HEADS_UP, Job, run_chunk
from badugi.charts._matrix import monte_carlo_cells
from badugi.charts._pairs import Result, dealt_pair
from badugi.equity._run import BEST, CALLBACK, KEEP_BY_STRATEGY, PAT, Spot, heads_up_runs
from tests.charts.heads_up_reference import reference_cell, with_ids

# Eight classes across the table, and two that share every card with some (A-A-A-A, K-K-K-K).
INDICES = [0, 7, 1500, 4100, 8000, 12_000, 16_000, 16_431]
HANDS = [canonical_hands()[i].cards for i in INDICES]


def _same(x: Result, y: Result) -> bool:
    """Equal to the last bit, NaN equal to NaN (a pair with no matchup)."""
    pairs = zip(x, y, strict=True)
    return all(a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b)) for a, b in pairs)


def _mirrored(cell: Result, own_matchups: int) -> Result:
    """A cell read from the other seat of the same deals (up to rounding: derived from the numbers)."""
    e, s, w, t, n, _ = cell
    return (1 - e, s, 1 - w - t, t, n, own_matchups)


def test_the_c_batch_is_the_old_python_loop_to_the_last_bit() -> None:
    keys = [(a, b) for a in INDICES for b in INDICES if a <= b]  # the cells dealt as they are
    cells = monte_carlo_cells(with_ids(keys), 2, "best", 700, 21, 2)
    for key, cell in zip(keys, cells, strict=True):
        assert _same(cell, reference_cell(*key, draws=2, samples=700, seed=21)), key


@pytest.mark.parametrize("draws", [1, 3])
def test_a_cell_above_the_diagonal_is_its_mirror_from_the_other_seat(draws: int) -> None:
    keys = [(a, b) for a in INDICES for b in INDICES if a > b]
    cells = monte_carlo_cells(with_ids(keys), draws, "best", 500, 4, 2)
    for (a, b), cell in zip(keys, cells, strict=True):
        assert dealt_pair((a, b), "best") == ((b, a), 1)
        mirror = reference_cell(b, a, draws=draws, samples=500, seed=4)
        own = reference_cell(a, b, draws=draws, samples=500, seed=4)[5]  # its own matchups
        if not own:
            assert _same(cell, mirror)
            continue
        assert cell[4:] == (mirror[4], own)
        assert cell[3] == mirror[3]  # the ties are the same deals
        assert cell[:3] == pytest.approx(_mirrored(mirror, own)[:3], abs=1e-12)


def test_every_number_is_the_same_for_any_number_of_threads() -> None:
    job = Job(
        HEADS_UP,
        draws=3,
        strategy="best",
        samples=3000,  # three chunks of deals for a cell of one matchup
        seed=5,
        hands_a=INDICES,
        hands_b=INDICES,
        chunk_size=64,
    )
    one = run_chunk(job.task(0, 1))
    assert one == run_chunk(job.task(0, 2))
    assert one == run_chunk(job.task(0, 3))


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_a_run_is_spot_monte_carlo_on_its_spot(threads: int) -> None:
    a, b = [0, 5, 10, 51], [4, 9, 14, 19]
    sums = heads_up_runs(a + b + b + a, [7, 8], [2500, 300], 2, BEST, threads)
    for run, (first, second, seed, deals) in enumerate(((a, b, 7, 2500), (b, a, 8, 300))):
        spot = Spot([first, second], 2, [], [KEEP_BY_STRATEGY] * 2, [BEST] * 2, relabel_suits=True)
        expected = spot.monte_carlo(deals, seed, 1)
        assert sums[9 * run : 9 * run + 9] == [
            expected.deals,
            *(f[p] for p in (0, 1) for f in (expected.win, expected.tie, expected.share, expected.share_sq)),
        ]


def test_a_slice_holds_the_numbers_of_the_whole_matrix() -> None:
    params = {"draws": 2, "samples": 600, "seed": 12}
    whole = heads_up(HANDS, HANDS, **params, chunk_size=13)  # type: ignore[arg-type]
    # Without the mirrors of most of its cells, and one cell a chunk.
    part = heads_up(HANDS[5:], HANDS[:3], **params, chunk_size=1)  # type: ignore[arg-type]
    for cell in part.cells:
        assert cell == whole.cell(cell.hand_a, cell.hand_b)


def test_a_resumed_matrix_is_the_matrix_computed_at_once(tmp_path: Path) -> None:
    params = {"draws": 1, "samples": 400, "seed": 3, "chunk_size": 5}
    whole = heads_up(HANDS, HANDS[:4], **params)  # type: ignore[arg-type]

    def stop(done: int, _total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    out = tmp_path / "matrix.csv"
    with pytest.raises(KeyboardInterrupt):
        heads_up(HANDS, HANDS[:4], **params, out=out, progress=stop)  # type: ignore[arg-type]
    assert heads_up(HANDS, HANDS[:4], **params, out=out) == whole  # type: ignore[arg-type]


def test_a_pair_whose_two_halves_are_in_the_chunk_is_dealt_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import badugi.charts._matrix as matrix  # noqa: PLC0415 - the module whose C call is counted

    dealt: list[int] = []

    def counting(cards: list[int], seeds: list[int], *rest: int) -> list[int]:
        dealt.append(len(seeds))
        return heads_up_runs(cards, seeds, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(matrix, "heads_up_runs", counting)
    keys = [(0, 7), (7, 0)]
    cells = monte_carlo_cells(with_ids(keys), 1, "best", 100, 1, 1)
    assert dealt == [cells[0][5]]  # the matchups of (0, 7), once
    assert cells[1][3] == cells[0][3]


def test_the_c_call_lets_other_python_threads_run() -> None:
    # cffi releases the GIL around a call unless told not to: a Python thread counts meanwhile.
    a, b = [0, 5, 10, 51], [4, 9, 14, 19]
    counted = [0]
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.01)
    try:
        before = counted[0]
        started = time.perf_counter()
        heads_up_runs((a + b) * 4, [1, 2, 3, 4], [40_000] * 4, 3, BEST, 1)
        took = time.perf_counter() - started
        during = counted[0] - before
    finally:
        done.set()
        counter.join()
    assert took > 0.05  # long enough for a thread held off by the GIL to show it
    assert during > 1000, during


def _call(  # noqa: PLR0917 - the C call's arguments, each to be spoilt in turn
    cards: object = None,
    seeds: object = None,
    deals: object = None,
    n: int = 2,
    draws: int = 2,
    strategies: tuple[int, int] = (BEST, BEST),
    threads: int = 2,
    out: object = None,
) -> tuple[int, list[int]]:
    cards = ffi.new("uint8_t[]", [0, 5, 10, 51, 4, 9, 14, 19] * 2) if cards is None else cards
    seeds = ffi.new("uint64_t[]", [1, 2]) if seeds is None else seeds
    deals = ffi.new("uint64_t[]", [100, 100]) if deals is None else deals
    buffer = ffi.new("uint64_t[]", [7] * 18)
    status = lib.badugi_heads_up_monte_carlo(
        cards, seeds, deals, n, draws, *strategies, threads, buffer if out is None else out
    )
    return status, list(buffer)


def test_the_c_call_takes_good_arguments() -> None:
    status, out = _call()
    assert status == 0
    assert out[0] == out[9] == 100
    assert out[1] + out[2] + out[5] == 100  # a won, tied or b won
    assert _call(n=0)[0] == 0  # nothing to deal, and nothing read
    assert _call(strategies=(PAT, BEST))[0] == 0  # a strategy for each seat


_RUN = [0, 5, 10, 51, 4, 9, 14, 19]


@pytest.mark.parametrize(
    ("spoilt", "status"),
    [
        ({"cards": ffi.NULL}, lib.BADUGI_E_NULL),
        ({"seeds": ffi.NULL}, lib.BADUGI_E_NULL),
        ({"deals": ffi.NULL}, lib.BADUGI_E_NULL),
        ({"n": lib.BADUGI_HEADS_UP_MOST_RUNS + 1}, lib.BADUGI_E_ARGUMENT),
        ({"n": (1 << 64) - 1}, lib.BADUGI_E_ARGUMENT),
        ({"draws": 0}, lib.BADUGI_E_ARGUMENT),  # a showdown is counted, never dealt
        ({"draws": 4}, lib.BADUGI_E_ARGUMENT),
        ({"draws": -1}, lib.BADUGI_E_ARGUMENT),
        ({"threads": 0}, lib.BADUGI_E_ARGUMENT),
        ({"threads": -3}, lib.BADUGI_E_ARGUMENT),
    ],
)
def test_the_c_call_refuses_a_bad_call_untouched(spoilt: dict[str, object], status: int) -> None:
    got, out = _call(**spoilt)  # type: ignore[arg-type]
    assert (got, out) == (status, [7] * 18)


def test_the_c_call_refuses_no_output() -> None:
    assert _call(out=ffi.NULL)[0] == lib.BADUGI_E_NULL


@pytest.mark.parametrize(
    ("spoilt", "status"),
    [
        ({"strategies": (BEST, 99)}, lib.BADUGI_E_ARGUMENT),
        ({"strategies": (-1, BEST)}, lib.BADUGI_E_ARGUMENT),
        ({"strategies": (CALLBACK, BEST)}, lib.BADUGI_E_ARGUMENT),  # no callback to call
        ({"deals": ffi.new("uint64_t[]", [100, 0])}, lib.BADUGI_E_ARGUMENT),
        ({"deals": ffi.new("uint64_t[]", [100, lib.BADUGI_HEADS_UP_MOST_DEALS + 1])}, lib.BADUGI_E_ARGUMENT),
        ({"cards": ffi.new("uint8_t[]", [*_RUN, 0, 5, 10, 51, 4, 9, 14, 52])}, lib.BADUGI_E_RANGE),
        ({"cards": ffi.new("uint8_t[]", [*_RUN, 0, 5, 10, 51, 4, 9, 14, 255])}, lib.BADUGI_E_RANGE),
        ({"cards": ffi.new("uint8_t[]", [*_RUN, 0, 5, 10, 51, 4, 9, 14, 51])}, lib.BADUGI_E_DUPLICATE),
        ({"cards": ffi.new("uint8_t[]", [*_RUN, 3, 3, 10, 51, 4, 9, 14, 19])}, lib.BADUGI_E_DUPLICATE),
    ],
)
def test_the_c_call_checks_every_run_before_dealing_any(spoilt: dict[str, object], status: int) -> None:
    # The second run is the bad one: the first is not dealt, and the output is all zero.
    got, out = _call(**spoilt)  # type: ignore[arg-type]
    assert (got, out) == (status, [0] * 18)


@pytest.mark.slow
@pytest.mark.parametrize("draws", [1, 3])
def test_a_mirror_agrees_with_the_cell_dealt_as_it_is(draws: int) -> None:
    # The symmetry the mirrors rest on, tested: (b, a) dealt as it is, b drawing first, against
    # (a, b)'s deals from the other seat, at 60,000 deals each: within 4.5 standard errors.
    for a, b in ((7, 1500), (4100, 16_000), (0, 12_000)):
        derived = monte_carlo_cells(with_ids([(b, a)]), draws, "best", 60_000, 9, 2)[0]
        direct = reference_cell(b, a, draws=draws, samples=60_000, seed=9, threads=2)
        error = math.hypot(derived[1], direct[1])
        assert abs(derived[0] - direct[0]) <= 4.5 * error, (draws, a, b, derived, direct)
        assert abs(derived[3] - direct[3]) <= 4.5 * math.sqrt(direct[3] / direct[4]) + 1e-9
