"""Building a C harness of tests/c/ against every C source of the extension, under sanitizers.

The sources are the list in tools/build_ffi.py and the tables are generated
afresh, so the harness runs exactly the C the extension is built from.
"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build_harness(tmp_path: Path, harness: str, sanitizer: str) -> Path:
    """Compile ``tests/c/<harness>.c`` with ``-fsanitize=<sanitizer>``; skips the test without a compiler."""
    compiler = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitizer harness")
    generated = tmp_path / "generated"
    runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
    sources = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))["c_sources"](str(generated))
    program = tmp_path / f"{harness}_{sanitizer.replace(',', '_')}"
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
            str(ROOT / "tests" / "c" / f"{harness}.c"),
            "-o",
            str(program),
        ],
        check=True,
    )
    return program
