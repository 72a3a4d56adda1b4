"""Checking what callers pass the engine, whatever its type, and quoting it briefly in errors.

An error message names the bad value, but only a short prefix of it: a huge
string, a million-item list or an int of ten thousand digits must not make
the message huge (or, for the int, fail to print at all).
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Iterable, Iterator, Mapping, Set
from typing import Any, SupportsIndex, cast

__all__ = ["as_count", "as_int", "as_seat", "as_sequence", "short_repr"]

_LIMIT = 60
_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = _LIMIT
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 6
_repr.maxlevel = 3


def short_repr(value: object) -> str:
    """A repr of ``value`` cut to about 60 characters; never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        return f"an int of {value.bit_length()} bits"
    try:
        text = _repr.repr(value)
    except Exception:  # a repr that fails (or an int too long to print) still gets a name
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= _LIMIT + 10 else text[:_LIMIT] + "..."


def as_int(value: object) -> int | None:
    """``value`` as an int if it is an int or an object whose ``__index__`` gives one (a numpy integer).

    A bool is not a number of chips, a seat or a card: None for it, as for
    anything else.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    try:
        number = operator.index(cast(SupportsIndex, value))
    except Exception:
        return None
    return None if isinstance(number, bool) else number


def as_count(value: object, least: int = 0, most: int | None = None) -> int | None:
    """``value`` as an int if it is one in ``least..most``, else None."""
    number = as_int(value)
    if number is None or number < least or (most is not None and number > most):
        return None
    return number


def as_seat(value: object, seats: int) -> int | None:
    """``value`` as a seat number in 0..seats-1, else None."""
    return as_count(value, 0, seats - 1)


def as_sequence(value: object) -> list[Any] | None:
    """The items of a list, tuple or other sized, re-readable sequence; None for anything else.

    Text, bytes, mappings, sets and one-pass iterators (generators) are not
    sequences of items here: a generator cannot be read twice, and the order
    of a set or the keys of a mapping are not what a caller means.
    """
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, (str, bytes, bytearray, Mapping, Set, Iterator)):
        return None
    if not hasattr(value, "__len__") or not hasattr(value, "__getitem__"):
        return None
    try:
        items: list[Any] = list(cast(Iterable[Any], value))
    except Exception:
        return None
    return items
