"""A base for small immutable value classes, without importing dataclasses.

``import badugi`` stays cheap because dataclasses (and with it inspect and
typing) is not imported; these few classes only need to refuse assignment,
compare by value, and survive ``pickle`` and ``copy``.
"""

from __future__ import annotations

__all__ = ["Frozen"]


class Frozen:
    """Slots set once in ``__init__`` through ``_set``; assigning later raises AttributeError.

    Values are equal when their types and every field are equal, hash the
    same way, and round-trip through ``pickle``, ``copy.copy`` and
    ``copy.deepcopy``. Fields should themselves be immutable (tuples, not
    lists), so that no value can be changed from outside.
    """

    __slots__ = ()

    def _set(self, **fields: object) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")

    def _fields(self) -> tuple[str, ...]:
        """Every slot of the class and its bases, in a fixed order."""
        names: list[str] = []
        for cls in reversed(type(self).__mro__):
            names.extend(getattr(cls, "__slots__", ()))
        return tuple(names)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields())

    def __getstate__(self) -> dict[str, object]:
        return dict(zip(self._fields(), self._values(), strict=True))

    def __setstate__(self, state: dict[str, object]) -> None:
        # pickle and copy build the object with __new__, then restore it here,
        # bypassing the refusal in __setattr__ exactly as __init__ does.
        self._set(**state)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))
