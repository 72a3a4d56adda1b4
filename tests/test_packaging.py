"""The installed package: a real compiled extension, and no silent pure-Python fallback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import badugi._native


def test_the_extension_is_compiled() -> None:
    path = Path(badugi._native.__file__ or "")
    assert path.suffix in (".so", ".pyd"), path
    assert badugi._native.lib.BADUGI_HANDS == 270_725


def test_a_missing_extension_fails_the_import_with_a_clear_message() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["badugi._native"] = None  # as if the extension were not built
        try:
            import badugi
        except ImportError as exc:
            print(exc)
        else:
            print("imported without the extension")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "compiled extension (badugi._native) is missing" in result.stdout
    assert "no pure-Python fallback" in result.stdout
