"""Shared fixtures: API tests run against both the C facade and the reference."""

from __future__ import annotations

import types

import pytest

import badugi
import badugi.reference


@pytest.fixture(params=["native", "reference"])
def impl(request: pytest.FixtureRequest) -> types.ModuleType:
    """The fast facade (badugi) or its slow twin (badugi.reference): same functions."""
    return badugi if request.param == "native" else badugi.reference
