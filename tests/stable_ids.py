"""Test ids that name no memory address, so that every process collects the same ids.

pytest-xdist's workers (CI runs the tests on both cores) refuse to run when
their collections differ, and a repr such as ``<object object at 0x7f...>``
differs from one process to the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def stable(make_id: Callable[[object], str]) -> Callable[[object], str]:
    """``make_id`` with any " at 0x..." address taken out of the id it makes."""

    def made(value: object) -> str:
        return _ADDRESS.sub("", make_id(value))

    return made
