"""A copy of an engine hand that shares everything immutable: what makes a solver's clone cheap.

``copy.deepcopy`` of a ``FollowedHand`` walks every frozen value and every
read-only history event again (about 600 µs a hand on the development
machine). The engine's mutable parts are a few lists, dicts and sets inside a
few plain objects; its frozen values (``Setup``, ``Game``, structures,
``Legal``, events, tuples) cannot change, so the copy shares them. The result
is as independent of the original as a deep copy: nothing either can change is
shared.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from badugi._frozen import Frozen
from badugi.engine.history import Event

__all__ = ["engine_copy"]

T = TypeVar("T")

_ATOMS = frozenset({int, str, bool, float, type(None), tuple, frozenset, Event})
_SHARED: dict[type, bool] = {}  # per class: whether its instances are immutable (then shared)
_SLOTS: dict[type, tuple[str, ...]] = {}  # per class: its slots, bases' included


def _is_shared(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    frozen_dataclass = dataclasses.is_dataclass(kind) and params is not None and params.frozen
    shared = _SHARED[kind] = issubclass(kind, Frozen) or bool(frozen_dataclass)
    _SLOTS[kind] = tuple(name for cls in kind.__mro__ for name in cls.__dict__.get("__slots__", ()))
    return shared


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    kind: Any = type(value)
    if kind in _ATOMS:
        return value
    shared = _SHARED.get(kind)
    known = value if (_is_shared(kind) if shared is None else shared) else memo.get(id(value))
    if known is not None:
        return known  # immutable, or copied already
    atoms = _ATOMS
    if kind is list:
        new_list: list[Any] = []
        memo[id(value)] = new_list
        new_list.extend(item if type(item) in atoms else _copy(item, memo) for item in value)
        return new_list
    if kind is dict:
        new_dict: dict[Any, Any] = {}
        memo[id(value)] = new_dict
        for key, item in value.items():
            new_dict[key] = item if type(item) in atoms else _copy(item, memo)
        return new_dict
    if kind is set:
        return set(value)  # of cards or seats: ints
    new = kind.__new__(kind)
    memo[id(value)] = new
    state = getattr(value, "__dict__", None)
    if state is not None:
        new.__dict__.update(
            {key: item if type(item) in atoms else _copy(item, memo) for key, item in state.items()}
        )
    for name in _SLOTS[kind]:
        if hasattr(value, name):
            item = getattr(value, name)
            object.__setattr__(new, name, item if type(item) in atoms else _copy(item, memo))
    return new


def engine_copy(hand: T) -> T:
    """An independent copy of an engine object (a hand and everything it owns), sharing the immutable."""
    result: T = _copy(hand, {})
    return result
