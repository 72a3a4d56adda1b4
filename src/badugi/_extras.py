"""The command that installs an optional extra, as it works where this badugi was installed from.

From a clone (an editable install: the source tree is beside the package)
``pip install 'badugi[web]'`` would fetch another copy from the index, or
find none; there the command is ``pip install '.[web]'``, run in the clone.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["install_command"]


def _clone() -> Path | None:
    """The source checkout this package is imported from, or None (an installed wheel)."""
    root = Path(__file__).resolve().parent.parent.parent
    if (root / "pyproject.toml").is_file() and (root / "src" / "badugi" / "__init__.py").is_file():
        return root
    return None


def install_command(extra: str) -> str:
    """``pip install 'badugi[EXTRA]'``, or from a clone ``pip install '.[EXTRA]'`` and where to run it."""
    clone = _clone()
    if clone is None:
        return f"python -m pip install 'badugi[{extra}]'"
    return f"python -m pip install '.[{extra}]' (in the clone, {clone})"
