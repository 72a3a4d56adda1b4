"""engine.Tables' C core under AddressSanitizer and UBSan, on random and hostile input.

Builds the extension's C sources with tests/c/fuzz_tables.c into a standalone
program (``-fsanitize=address,undefined``) and runs it: random configurations
and actions, wrong sizes and illegal actions; any out-of-bounds access,
overflow or undefined behaviour aborts it, and a wrong answer fails it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness, valgrind_wrapper


@pytest.mark.slow
def test_tables_core_under_sanitizers(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    program = build_harness(tmp_path, "fuzz_tables", "address,undefined", tmp_path_factory)
    assert run_harness(program, 300) == "ok"  # rounds


@pytest.mark.slow
def test_tables_threads_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A step over two or three threads, from the pool parked between steps: no data race."""
    program = build_harness(tmp_path, "fuzz_tables", "thread", tmp_path_factory)
    assert run_harness(program, 60) == "ok"  # rounds


@pytest.mark.slow
def test_tables_core_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Memcheck: no branch on memory never written (a copy's record blocks are not zeroed)."""
    program = build_harness(tmp_path, "fuzz_tables", None, tmp_path_factory)
    assert run_harness(program, 60, wrapper=valgrind_wrapper()) == "ok"  # rounds
