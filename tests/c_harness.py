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
    root = _shared_root(factory)
    generated = root / "generated-tables"
    with open(root / "generated-tables.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (generated / "complete").exists():
            runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
            (generated / "complete").touch()
    return generated


def _shared_root(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every test worker of the run shares (the parent of theirs under xdist)."""
    root = factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root


def _library_objects(
    compiler: str, flags: list[str], flavour: str, factory: pytest.TempPathFactory
) -> list[Path]:
    """The extension's C sources compiled with ``flags``, once a run per flavour for every harness.

    Nine harnesses share three flavours (ASan+UBSan, TSan, plain): compiling the
    sources once for each flavour, not once for each harness, saves most of
    the harnesses' build time. A lock lets the first worker compile and the others wait.
    """
    generated = generated_tables(factory)
    sources = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))["c_sources"](str(generated))
    root = _shared_root(factory)
    folder = root / f"c-objects-{flavour}"
    objects = [folder / f"{k:02d}-{Path(source).stem}.o" for k, source in enumerate(sources)]
    with open(root / f"c-objects-{flavour}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "complete").exists():
            folder.mkdir(exist_ok=True)
            for source, target in zip(sources, objects, strict=True):
                subprocess.run(
                    [
                        compiler,
                        *flags,
                        f"-I{generated}",
                        f"-I{ROOT / 'csrc'}",
                        f"-I{ROOT / 'csrc' / 'common'}",
                        "-c",
                        source,
                        "-o",
                        str(target),
                    ],
                    check=True,
                )
            (folder / "complete").touch()
    return objects


def build_harness(
    tmp_path: Path, harness: str, sanitizer: str | None, factory: pytest.TempPathFactory
) -> Path:
    """Compile ``tests/c/<harness>.c`` with ``-fsanitize=<sanitizer>``; skips the test without a compiler.

    With no sanitizer it is a plain debug build, for valgrind. Either way the
    build checks every Monte Carlo deal (``BADUGI_CHECK_DEALS``). ``factory``
    (the ``tmp_path_factory`` fixture) holds the run's generated tables and
    the library's objects of each flavour.
    """
    compiler = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitizer harness")
    flavour = sanitizer.replace(",", "_") if sanitizer else "plain"
    sanitize = [f"-fsanitize={sanitizer}", "-fno-sanitize-recover=all"] if sanitizer else []
    # The debug build: every Monte Carlo deal is checked (csrc/equity/equity_mc.c).
    flags = ["-O1", "-g", "-DBADUGI_CHECK_DEALS", *sanitize, "-pthread"]
    objects = _library_objects(compiler, flags, flavour, factory)
    program = tmp_path / f"{harness}_{flavour}"
    subprocess.run(
        [
            compiler,
            *flags,
            f"-I{generated_tables(factory)}",
            f"-I{ROOT / 'csrc'}",
            f"-I{ROOT / 'csrc' / 'common'}",
            *map(str, objects),
            str(ROOT / "tests" / "c" / f"{harness}.c"),
            "-o",
            str(program),
            "-lm",  # sampled CFR's discounts (pow) and rounding (floor)
        ],
        check=True,
    )
    return program


def run_harness(program: Path, *args: object, wrapper: tuple[str, ...] = ()) -> str:
    """Run a harness with ``args``; its stdout, failing the test on a non-zero exit.

    A ThreadSanitizer build that this kernel cannot run (its memory layout)
    skips the test rather than fail it.
    """
    result = subprocess.run(
        [*wrapper, str(program), *map(str, args)], capture_output=True, text=True, check=False
    )
    # Only the kernel's memory layout skips: any other report of the sanitizer fails the test.
    if "ThreadSanitizer: unexpected memory mapping" in result.stderr:
        pytest.skip("ThreadSanitizer cannot run on this kernel")
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip()


def valgrind_wrapper() -> tuple[str, ...]:
    """valgrind's memcheck, failing on any error; skips without valgrind, except under CI.

    Memcheck sees what the sanitizers do not: a branch on an uninitialised
    value (a stale slot of the stub, say). CI machines have valgrind; a
    machine without it skips, except under CI, where a skip would hide it.
    """
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        if os.environ.get("CI") == "true":
            pytest.fail("valgrind is not installed, and CI must run this test")
        pytest.skip("no valgrind")
    return (valgrind, "--quiet", "--error-exitcode=99", "--track-origins=yes")


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
