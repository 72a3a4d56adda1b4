"""The draw-equity C code under AddressSanitizer + UBSan, and its threads under ThreadSanitizer.

Builds every C source of the extension (the list in tools/build_ffi.py) with
freshly generated tables and tests/c/fuzz_equity.c into a standalone
program, and runs it on random and hostile spots, several threads at a time.
"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _build(tmp_path: Path, sanitizer: str) -> Path:
    compiler = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitizer harness")
    generated = tmp_path / "generated"
    runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
    sources = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))["c_sources"](str(generated))
    program = tmp_path / f"fuzz_equity_{sanitizer.replace(',', '_')}"
    subprocess.run(
        [
            compiler,
            "-O1",
            "-g",
            f"-fsanitize={sanitizer}",
            "-fno-sanitize-recover=all",
            "-pthread",
            f"-I{generated}",
            f"-I{ROOT / 'csrc'}",
            *sources,
            str(ROOT / "tests" / "c" / "fuzz_equity.c"),
            "-o",
            str(program),
        ],
        check=True,
    )
    return program


@pytest.mark.slow
def test_equity_c_api_under_address_and_undefined_sanitizers(tmp_path: Path) -> None:
    program = _build(tmp_path, "address,undefined")
    result = subprocess.run([str(program), "1500", "3"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"


@pytest.mark.slow
def test_equity_threads_under_thread_sanitizer(tmp_path: Path) -> None:
    program = _build(tmp_path, "thread")
    result = subprocess.run([str(program), "300", "4"], capture_output=True, text=True, check=False)
    if "unexpected memory mapping" in result.stderr or "FATAL: ThreadSanitizer" in result.stderr:
        pytest.skip("ThreadSanitizer cannot run on this kernel")
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"
