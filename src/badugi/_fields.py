"""Checking the fields a caller gives a value's constructor, and building values the library made itself.

A public value (``HandValue``, ``Pot``, ``Showdown``, ...) built by a caller
checks every field and raises ``InvalidHandError`` naming the field; one the
library builds on a hot path skips the checks through ``trusted``, because its
fields are right by construction and checking them would cost more than the
rest of the work.
"""

from __future__ import annotations

import math
import numbers
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from typing import Any, TypeVar, cast

from badugi.cards import ID_BY_TEXT, as_index, describe
from badugi.errors import InvalidHandError

__all__ = [
    "MAX_CHIPS",
    "as_sequence",
    "card_texts",
    "integer",
    "integers",
    "items",
    "real",
    "text",
    "trusted",
]

T = TypeVar("T")

#: The most chips any stack, blind, bet, contribution or carry may be, in the showdown and the
#: engine alike: a 64-bit count, far beyond any table, so every sum of chips and every message
#: that names one stays short.
MAX_CHIPS = 2**63 - 1


def trusted(cls: type[T], **fields: object) -> T:
    """A value of the ``Frozen`` class ``cls`` with fields the library built itself: unchecked."""
    value = cls.__new__(cls)
    for name, field in fields.items():
        _set_slot(value, name, field)  # as Frozen._set does, without a second call
    return value


_set_slot = object.__setattr__


def _bad(owner: str, name: str, wanted: str, value: object) -> InvalidHandError:
    return InvalidHandError(f"{owner}.{name} must be {wanted}, got {describe(value)}")


def integer(owner: str, name: str, value: object, least: int = 0, most: int = MAX_CHIPS) -> int:
    """``value`` as a plain int in ``least..most``: an int or an object whose ``__index__`` gives one.

    A bool is not an int here.

    Raises:
        InvalidHandError: anything else, naming ``owner.name``.
    """
    number = as_index(value)
    if number is None or not least <= number <= most:
        raise _bad(owner, name, f"an int in {least}..{most}", value)
    return int(number)


def items(owner: str, name: str, value: object) -> tuple[Any, ...]:
    """The items of a sequence (a list, a tuple, ...) as a tuple; text, sets, mappings, iterators refused.

    Raises:
        InvalidHandError: not a sequence (see ``as_sequence``), naming ``owner.name``.
    """
    found = as_sequence(value)
    if found is None:
        raise _bad(owner, name, "a sequence", value)
    return tuple(found)


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


def integers(owner: str, name: str, value: object, least: int = 0, most: int = MAX_CHIPS) -> tuple[int, ...]:
    """A sequence of ints, each in ``least..most``, as a tuple of plain ints.

    Raises:
        InvalidHandError: not a sequence, or an item that is not such an int, naming ``owner.name``.
    """
    numbers_ = []
    for item in items(owner, name, value):
        number = as_index(item)
        if number is None or not least <= number <= most:
            raise _bad(owner, name, f"a sequence of ints in {least}..{most}", item)
        numbers_.append(int(number))
    return tuple(numbers_)


def text(owner: str, name: str, value: object) -> str:
    """``value`` if it is a str (a str subclass becomes a plain str).

    Raises:
        InvalidHandError: anything else, naming ``owner.name``.
    """
    if not isinstance(value, str):
        raise _bad(owner, name, "a str", value)
    return str(value)


def card_texts(owner: str, name: str, value: object, sizes: Sequence[int]) -> tuple[str, ...]:
    """A sequence of distinct cards written as the library writes them ("Ah", "Td"), ``sizes`` of them.

    Raises:
        InvalidHandError: not a sequence, an item that is not a card's text, a
            duplicate or a count outside ``sizes``, naming ``owner.name``.
    """
    cards = items(owner, name, value)
    for card in cards:
        if type(card) is not str or card not in ID_BY_TEXT:
            raise _bad(owner, name, 'cards as text like "Ah" or "Td"', card)
    if len(set(cards)) != len(cards):
        raise _bad(owner, name, "distinct cards", cards)
    if len(cards) not in sizes:
        raise _bad(owner, name, f"{' or '.join(map(str, sizes))} cards", cards)
    return cards


def real(owner: str, name: str, value: object, least: float = 0.0, most: float = 1.0) -> float:
    """``value`` as a float in ``least..most``: an int or a float (numpy's too), not a bool, not nan.

    Raises:
        InvalidHandError: anything else, naming ``owner.name``.
    """
    numpy = sys.modules.get("numpy")
    is_bool = isinstance(value, bool) or (numpy is not None and isinstance(value, numpy.bool_))
    number = math.nan
    if isinstance(value, numbers.Real) and not is_bool:
        try:
            number = float(value)
        except Exception:
            number = math.nan
    if not least <= number <= most:  # nan fails it too
        raise _bad(owner, name, f"a number from {least} to {most}", value)
    return number
