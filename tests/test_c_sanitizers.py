"""The C code under AddressSanitizer and UBSan, on random and hostile input.

Builds every C source of the extension (the list in tools/build_ffi.py), with
freshly generated tables, and tests/c/fuzz_native.c into a standalone program
with ``-fsanitize=address,undefined`` and runs it: any out-of-bounds read,
overflow or undefined behaviour aborts it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.c_harness import build_harness, run_harness


@pytest.mark.slow
def test_c_api_under_sanitizers(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    program = build_harness(tmp_path, "fuzz_native", "address,undefined", tmp_path_factory)
    assert run_harness(program, 200000) == "ok"  # rounds
