"""Sampled CFR's C under AddressSanitizer and UBSan, ThreadSanitizer and valgrind, on hostile input.

Builds the extension's C sources with tests/c/fuzz_sampled.c into a standalone
program and runs it: random rules and broken ones, random legal hands and
hostile actions, bucket abstractions with random and broken tables, runs on
one to three threads and in parts that must agree to the last bit, and the
strategy at random views. Any out-of-bounds access, data race, overflow or
undefined behaviour aborts it; a wrong answer fails it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness, valgrind_wrapper


@pytest.mark.slow
def test_sampled_cfr_under_sanitizers(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    program = build_harness(tmp_path, "fuzz_sampled", "address,undefined", tmp_path_factory)
    assert run_harness(program, 150) == "ok"  # rounds


@pytest.mark.slow
def test_sampled_cfr_threads_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Two and three threads sampling into the same delta and sums: atomic adds, no race."""
    program = build_harness(tmp_path, "fuzz_sampled", "thread", tmp_path_factory)
    assert run_harness(program, 40) == "ok"  # rounds


@pytest.mark.slow
def test_sampled_cfr_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Memcheck: no branch on memory never written."""
    program = build_harness(tmp_path, "fuzz_sampled", None, tmp_path_factory)
    assert run_harness(program, 8, wrapper=valgrind_wrapper()) == "ok"  # rounds (ASan runs 150)
