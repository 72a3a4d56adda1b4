"""Checking what callers pass the engine, whatever its type, and quoting it briefly in errors.

An error message names the bad value, but only a short prefix of it: a huge
string, a million-item list or an int of ten thousand digits must not make
the message huge (or, for the int, fail to print at all).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from badugi._fields import MAX_CHIPS, as_sequence  # one bound on chips, one reading of sequences
from badugi.cards import as_index, parse_cards, quote
from badugi.errors import BadugiError, GameSetupError, InvalidHandError
from badugi.games import Game

__all__ = [
    "MAX_CHIPS",
    "as_chips",
    "as_count",
    "as_int",
    "as_seat",
    "as_sequence",
    "card_ids",
    "check_fields",
    "cut",
    "short_repr",
    "unchecked",
]

T = TypeVar("T")

_LIMIT = 80  # characters of a bad value an error message quotes


def short_repr(value: object) -> str:
    """A short repr of ``value`` for an error message (``badugi.cards.quote``, cut); never raises.

    An int too long to print (Python refuses over 4,300 digits) is named by its size.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        return f"an int of {value.bit_length()} bits"
    text = quote(value)
    return text if len(text) <= _LIMIT else text[: _LIMIT - 3] + "..."


def cut(message: str, most: int = 200) -> str:
    """A message from elsewhere (the card parser's), cut to ``most`` characters to quote in the engine's."""
    return message if len(message) <= most else message[: most - 3] + "..."


def as_int(value: object) -> int | None:
    """``value`` as an int if it is an int or an object whose ``__index__`` gives one (a numpy integer).

    A bool is not a number of chips, a seat or a card: None for it, as for
    anything else.
    """
    if type(value) is int:
        return value
    number = as_index(value)
    return None if number is None else int(number)


def as_count(value: object, least: int = 0, most: int | None = None) -> int | None:
    """``value`` as an int if it is one in ``least..most``, else None."""
    number = as_int(value)
    if number is None or number < least or (most is not None and number > most):
        return None
    return number


def as_chips(name: str, value: object, least: int) -> int:
    """``value`` as a number of chips from ``least`` to ``MAX_CHIPS``.

    Raises:
        GameSetupError: anything else, named.
    """
    if type(value) is int and least <= value <= MAX_CHIPS:
        return value  # the common case, said at once
    number = as_int(value)
    if number is not None and number > MAX_CHIPS:
        raise GameSetupError(f"{name} must be at most 2**63-1, got {short_repr(value)}")
    if number is None or number < least:
        raise GameSetupError(f"{name} must be an int >= {least}, got {short_repr(value)}")
    return number


def as_seat(value: object, seats: int) -> int | None:
    """``value`` as a seat number in 0..seats-1, else None."""
    return as_count(value, 0, seats - 1)


def card_ids(values: list[Any], error: type[BadugiError]) -> list[int]:
    """The ids of ``values``, one card per item (text such as "Ah", or an id 0..51), all different.

    Raises:
        error: an item that is not one card, or a card named twice; the message says which.
    """
    try:
        return parse_cards(values)
    except InvalidHandError as exc:
        raise error(cut(str(exc))) from None


def _is_int(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


#: What each kind of field of a value holds.
_KINDS: dict[str, Any] = {
    "bool": lambda v: type(v) is bool,
    "int": _is_int,
    "int or None": lambda v: v is None or _is_int(v),
    "str": lambda v: type(v) is str,
    "tuple of int": lambda v: type(v) is tuple and all(_is_int(x) for x in v),
    "tuple of bool": lambda v: type(v) is tuple and all(type(x) is bool for x in v),
    "tuple of str": lambda v: type(v) is tuple and all(type(x) is str for x in v),
    "tuple of events": lambda v: type(v) is tuple and all(isinstance(x, Mapping) for x in v),
    "a game of badugi.games": lambda v: isinstance(v, Game),
}


def check_fields(value: object, kinds: dict[str, str]) -> None:
    """Require each field of the value ``value`` to be of its kind in ``kinds``.

    Raises:
        GameSetupError: the first field that is not, named with what it holds.
    """
    for name, kind in kinds.items():
        field = getattr(value, name)
        if not _KINDS[kind](field):
            raise GameSetupError(f"{type(value).__name__}.{name} must be {kind}, got {short_repr(field)}")


def unchecked(cls: type[T], **fields: object) -> T:
    """A frozen dataclass ``cls`` made from ``fields`` the engine built itself, without checking them.

    Values a caller makes check their fields; the ones the engine makes on
    every decision (views, legal actions, betting states) skip it, because it
    would cost more than the rest of building them.
    """
    value = cls.__new__(cls)
    value.__dict__.update(fields)
    return value
