"""PokerKit, the referee of the PHH tests: skipped where it is missing, except under CI."""

from __future__ import annotations

import os
import sys
from types import ModuleType

import pytest


def pokerkit_or_skip() -> ModuleType:
    """PokerKit 0.7.7, or skip; under CI (CI=true) on Python 3.11+ a missing PokerKit fails the test.

    PokerKit needs Python 3.11, so on 3.10 the referee tests are skipped even under CI.
    """
    try:
        import pokerkit  # noqa: PLC0415 - an optional test dependency
    except ImportError:
        if os.environ.get("CI") == "true" and sys.version_info >= (3, 11):
            pytest.fail("CI must check PHH against PokerKit: install the test extra (pip install '.[test]')")
        pytest.skip("PokerKit is not installed (pip install 'pokerkit==0.7.7'; Python 3.11+)")
    return pokerkit
