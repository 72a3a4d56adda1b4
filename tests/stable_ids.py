"""Test ids that name no memory address, so that every process collects the same ids.

pytest-xdist's workers (CI runs the tests on both cores) refuse to run when
their collections differ, and two kinds of repr differ from one process to the
next: one that names an address (``<object object at 0x7f...>``), and a set's,
whose order follows the hashes of its items (of objects, by address; of text,
by the process's hash seed).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def stable(make_id: Callable[[object], str]) -> Callable[[object], str]:
    """``make_id`` with any " at 0x..." address taken out of the id it makes."""

    def made(value: object) -> str:
        if isinstance(value, (set, frozenset)):
            return f"{type(value).__name__} of {len(value)}"
        return _ADDRESS.sub("", make_id(value))

    return made
