"""The draw-equity C code under AddressSanitizer + UBSan, its threads under ThreadSanitizer, and valgrind.

Builds every C source of the extension (the list in tools/build_ffi.py) with
freshly generated tables and tests/c/fuzz_equity.c into a standalone
program, and runs it on random and hostile spots, several threads at a time,
then on spots with five to eight players and three draws, which run the stub
dry and reshuffle: each thread count must give the identical sums there.
Every build is a debug build that checks each Monte Carlo deal (no card in
two places, none lost), so a card dealt twice aborts the run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness, valgrind_wrapper

pytestmark = pytest.mark.slow


def test_equity_c_api_under_address_and_undefined_sanitizers(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "address,undefined", tmp_path_factory)
    assert run_harness(program, 800, 3, 12) == "ok"  # rounds, threads, reshuffling spots


def test_equity_threads_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "thread", tmp_path_factory)
    # The races are the threads' over one spot: five-card spots leave the draw tables out here
    # (their build under contention is tests/equity/test_five_sanitizers.py').
    assert run_harness(program, 300, 4, 4, 0) == "ok"  # rounds, threads, reshuffling spots, five-card choices


def test_equity_c_api_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    wrapper = valgrind_wrapper()
    program = build_harness(tmp_path, "fuzz_equity", None, tmp_path_factory)
    assert run_harness(program, 10, 2, 4, wrapper=wrapper) == "ok"
