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

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from c_harness import build_harness


def run(program: Path, rounds: int, threads: int, reshuffling: int, wrapper: tuple[str, ...] = ()) -> str:
    """Run the harness; returns its stdout, failing the test on a non-zero exit."""
    result = subprocess.run(
        [*wrapper, str(program), str(rounds), str(threads), str(reshuffling)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip()


@pytest.mark.slow
def test_equity_c_api_under_address_and_undefined_sanitizers(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "address,undefined", tmp_path_factory)
    assert run(program, rounds=1500, threads=3, reshuffling=12) == "ok"


@pytest.mark.slow
def test_equity_threads_under_thread_sanitizer(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "thread", tmp_path_factory)
    result = subprocess.run([str(program), "300", "4", "4"], capture_output=True, text=True, check=False)
    if "unexpected memory mapping" in result.stderr or "FATAL: ThreadSanitizer" in result.stderr:
        pytest.skip("ThreadSanitizer cannot run on this kernel")
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"


@pytest.mark.slow
def test_equity_c_api_under_valgrind(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    # Memcheck sees what the sanitizers do not: a branch on an uninitialised
    # value (a stale slot of the stub, say). CI machines have valgrind; a
    # machine without it skips, except under CI, where a skip would hide it.
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        if os.environ.get("CI") == "true":
            pytest.fail("valgrind is not installed, and CI must run this test")
        pytest.skip("no valgrind")
    program = build_harness(tmp_path, "fuzz_equity", None, tmp_path_factory)
    wrapper = (valgrind, "--quiet", "--error-exitcode=99", "--track-origins=yes")
    assert run(program, rounds=10, threads=2, reshuffling=4, wrapper=wrapper) == "ok"
