"""Building C for the tests: harnesses of tests/c/ under sanitizers, and cffi baselines and references.

A harness is built from the list of sources in tools/build_ffi.py with the
tables generated afresh (once a run, shared by the test workers), so it runs
exactly the C the extension is built from.
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent


def generated_tables(factory: pytest.TempPathFactory) -> Path:
    """The tables of tools/gen_table.py, generated afresh once a run for every test worker.

    Under pytest-xdist the workers share the parent of their base temporary
    directories; a lock there lets the first generate them and the others wait.
    """
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    generated = root / "generated-tables"
    with open(root / "generated-tables.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (generated / "complete").exists():
            runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
            (generated / "complete").touch()
    return generated


def build_harness(
    tmp_path: Path, harness: str, sanitizer: str | None, factory: pytest.TempPathFactory
) -> Path:
    """Compile ``tests/c/<harness>.c`` with ``-fsanitize=<sanitizer>``; skips the test without a compiler.

    With no sanitizer it is a plain debug build, for valgrind. Either way the
    build checks every Monte Carlo deal (``BADUGI_CHECK_DEALS``). ``factory``
    (the ``tmp_path_factory`` fixture) holds the run's generated tables.
    """
    compiler = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitizer harness")
    generated = generated_tables(factory)
    sources = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))["c_sources"](str(generated))
    flavour = sanitizer.replace(",", "_") if sanitizer else "plain"
    sanitize = [f"-fsanitize={sanitizer}", "-fno-sanitize-recover=all"] if sanitizer else []
    program = tmp_path / f"{harness}_{flavour}"
    subprocess.run(
        [
            compiler,
            "-O1",
            "-g",
            # The debug build: every Monte Carlo deal is checked (csrc/equity_mc.c).
            "-DBADUGI_CHECK_DEALS",
            *sanitize,
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


def compile_module(ffi: FFI, name: str, tmpdir: Path) -> Any:
    """Compile ``ffi`` (its cdef and set_source already given, as ``name``) in ``tmpdir`` and import it."""
    path = ffi.compile(tmpdir=str(tmpdir), verbose=False)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
