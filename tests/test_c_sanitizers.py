"""The C code under AddressSanitizer and UBSan, on random and hostile input.

Builds every C source of the extension (the list in tools/build_ffi.py), with
freshly generated tables, and tests/c/fuzz_native.c into a standalone program
with ``-fsanitize=address,undefined`` and runs it: any out-of-bounds read,
overflow or undefined behaviour aborts it.
"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_c_api_under_sanitizers(tmp_path: Path) -> None:
    compiler = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitizer harness")
    generated = tmp_path / "generated"
    runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
    sources = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))["c_sources"](str(generated))
    program = tmp_path / "fuzz_native"
    subprocess.run(
        [
            compiler,
            "-O1",
            "-g",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            f"-I{generated}",
            f"-I{ROOT / 'csrc'}",
            *sources,
            str(ROOT / "tests" / "c" / "fuzz_native.c"),
            "-o",
            str(program),
        ],
        check=True,
    )
    result = subprocess.run([str(program), "200000"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"
