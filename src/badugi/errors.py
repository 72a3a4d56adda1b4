"""The exceptions badugi raises."""

from __future__ import annotations

__all__ = ["BadugiError", "InvalidHandError"]


class BadugiError(Exception):
    """Base class of every error badugi raises on purpose."""


class InvalidHandError(BadugiError, ValueError):
    """A hand, card or batch that cannot be ranked; the message names the problem.

    It is a ``ValueError``, so ``except ValueError`` keeps working.
    """
