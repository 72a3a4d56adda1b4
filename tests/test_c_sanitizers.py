"""The C code under AddressSanitizer and UBSan, on random and hostile input.

Builds csrc/badugi.c, a freshly generated table and tests/c/fuzz_native.c
into a standalone program with ``-fsanitize=address,undefined`` and runs it:
any out-of-bounds read, overflow or undefined behaviour aborts it.
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
    table = tmp_path / "badugi_table.c"
    runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(table)])
    program = tmp_path / "fuzz_native"
    subprocess.run(
        [
            compiler,
            "-O1",
            "-g",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            f"-I{ROOT / 'csrc'}",
            str(ROOT / "csrc" / "badugi.c"),
            str(table),
            str(ROOT / "tests" / "c" / "fuzz_native.c"),
            "-o",
            str(program),
        ],
        check=True,
    )
    result = subprocess.run([str(program), "200000"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"
