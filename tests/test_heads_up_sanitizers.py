"""badugi_heads_up_monte_carlo under AddressSanitizer + UBSan, ThreadSanitizer and valgrind.

Builds the C sources of tools/build_ffi.py with freshly generated tables and
tests/c/fuzz_heads_up.c into a standalone program (tests/c_harness.py): random
batches, each a call per run's equal for every thread count, and hostile ones
(bad cards, deals, strategies, draws) refused with zeros, every array
allocated at exactly its length.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from c_harness import build_harness


def run(
    program: Path, rounds: int, threads: int, wrapper: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*wrapper, str(program), str(rounds), str(threads)], capture_output=True, text=True, check=False
    )


@pytest.mark.slow
def test_heads_up_batch_under_address_and_undefined_sanitizers(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_heads_up", "address,undefined", tmp_path_factory)
    result = run(program, rounds=300, threads=3)
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr[-2000:]


@pytest.mark.slow
def test_heads_up_batch_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_heads_up", "thread", tmp_path_factory)
    result = run(program, rounds=60, threads=4)
    if "unexpected memory mapping" in result.stderr or "FATAL: ThreadSanitizer" in result.stderr:
        pytest.skip("ThreadSanitizer cannot run on this kernel")
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr[-2000:]


@pytest.mark.slow
def test_heads_up_batch_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        if os.environ.get("CI") == "true":
            pytest.fail("valgrind is not installed, and CI must run this test")
        pytest.skip("no valgrind")
    program = build_harness(tmp_path, "fuzz_heads_up", None, tmp_path_factory)
    wrapper = (valgrind, "--quiet", "--error-exitcode=99", "--track-origins=yes")
    result = run(program, rounds=6, threads=2, wrapper=wrapper)
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr[-2000:]
