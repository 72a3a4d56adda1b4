"""Shared fixtures: API tests run against both the C facade and the reference."""

from __future__ import annotations

import argparse
import types

import pytest
from hypothesis import settings

import badugi
import badugi.references.badugi4

# No per-example deadline: it is a wall-clock limit, and on a shared, noisy
# machine it fails tests for being slow rather than wrong.
settings.register_profile("badugi", deadline=None)
settings.load_profile("badugi")


def _hands(text: str) -> int:
    """A positive number of hands, or the command line's usage error naming the value."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"a positive number of hands, not {text!r}")
    return number


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--agreement-hands N``: the hands each table set of the slow ``Tables`` agreement plays."""
    parser.addoption(
        "--agreement-hands",
        type=_hands,
        default=4_000,
        help="hands each of the eighteen table sets plays in the slow Tables agreement (default 4,000; "
        "bash .ci/agreement plays 56,000 each, a million in all)",
    )


@pytest.fixture(params=["native", "reference"])
def impl(request: pytest.FixtureRequest) -> types.ModuleType:
    """The fast facade (badugi) or its slow twin (badugi.references.badugi4): same functions."""
    return badugi if request.param == "native" else badugi.references.badugi4


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A test id that names no memory address: the tests' two worker processes must collect the same ids."""
    try:
        text = repr(val)
    except Exception:  # a value built to fail: its type names it
        return f"{argname}-{type(val).__name__}"
    if " at 0x" in text or isinstance(val, (set, frozenset)):  # a set's order follows hashes
        return f"{argname}-{type(val).__name__}"
    return None
