"""badugi_heads_up_monte_carlo under AddressSanitizer + UBSan, ThreadSanitizer and valgrind.

Builds the C sources of tools/build_ffi.py with freshly generated tables and
tests/c/fuzz_heads_up.c into a standalone program (tests/c_harness.py): random
batches, each a call per run's equal for every thread count, and hostile ones
(bad cards, deals, strategies, draws) refused with zeros, every array
allocated at exactly its length.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness, valgrind_wrapper

pytestmark = pytest.mark.slow


def test_heads_up_batch_under_address_and_undefined_sanitizers(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_heads_up", "address,undefined", tmp_path_factory)
    assert run_harness(program, 300, 3) == "ok"  # rounds, threads


def test_heads_up_batch_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_heads_up", "thread", tmp_path_factory)
    assert run_harness(program, 60, 4) == "ok"


def test_heads_up_batch_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    wrapper = valgrind_wrapper()
    program = build_harness(tmp_path, "fuzz_heads_up", None, tmp_path_factory)
    assert run_harness(program, 6, 2, wrapper=wrapper) == "ok"
