"""The five-card draw-value C code under AddressSanitizer + UBSan and under ThreadSanitizer.

Builds every C source of the extension (the list in tools/build_ffi.py) with
tests/c/fuzz_draw5.c into a standalone program and runs it on random and
hostile spots from several threads at once, so the tables of both split
games are built under contention. Slow: building the tables under a
sanitizer takes a while.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness

pytestmark = pytest.mark.slow


def test_draw5_c_api_under_address_and_undefined_sanitizers(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_draw5", "address,undefined", tmp_path_factory)
    assert run_harness(program, 100, 3) == "ok"  # rounds, threads


def test_draw5_tables_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_draw5", "thread", tmp_path_factory)
    assert run_harness(program, 20, 4) == "ok"
