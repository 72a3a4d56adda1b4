"""A base for small immutable value classes, without importing dataclasses.

``import badugi`` stays cheap because dataclasses (and with it inspect and
typing) is not imported; these few classes only need to refuse assignment.
"""

from __future__ import annotations

__all__ = ["Frozen"]


class Frozen:
    """Slots set once in ``__init__`` through ``_set``; assigning later raises AttributeError."""

    __slots__ = ()

    def _set(self, **fields: object) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")
