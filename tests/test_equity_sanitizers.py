"""The draw-equity C code under AddressSanitizer + UBSan, and its threads under ThreadSanitizer.

Builds every C source of the extension (the list in tools/build_ffi.py) with
freshly generated tables and tests/c/fuzz_equity.c into a standalone
program, and runs it on random and hostile spots, several threads at a time.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from c_harness import build_harness


@pytest.mark.slow
def test_equity_c_api_under_address_and_undefined_sanitizers(tmp_path: Path) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "address,undefined")
    result = subprocess.run([str(program), "1500", "3"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"


@pytest.mark.slow
def test_equity_threads_under_thread_sanitizer(tmp_path: Path) -> None:
    program = build_harness(tmp_path, "fuzz_equity", "thread")
    result = subprocess.run([str(program), "300", "4"], capture_output=True, text=True, check=False)
    if "unexpected memory mapping" in result.stderr or "FATAL: ThreadSanitizer" in result.stderr:
        pytest.skip("ThreadSanitizer cannot run on this kernel")
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"
