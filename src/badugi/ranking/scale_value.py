"""ScaleValue: what a hand is worth on one scale, in a form people and programs can read."""

from __future__ import annotations

from typing import Protocol

from badugi import _fields as check
from badugi._frozen import Frozen
from badugi.cards import ID_BY_TEXT, describe, quote
from badugi.errors import InvalidHandError

__all__ = ["ScaleValue", "register_scale"]


class _Checks(Protocol):
    """What checking a caller's ScaleValue needs of its scale."""

    name: str
    worst: int

    def describe(self, rank: int) -> str:
        """The name of a rank."""

    def _counts(self, ids: tuple[int, ...], rank: int) -> bool:
        """Whether these cards are the counting cards of that rank, in order."""


#: The library's scales by name. ``badugi.ranking.scales`` registers each as it
#: makes it: it builds ScaleValues, so this module cannot import it.
_SCALES: dict[str, _Checks] = {}


def register_scale(scale: _Checks) -> None:
    """Make a scale known to the checked constructor by its name."""
    _SCALES[scale.name] = scale


def _scale(name: str) -> _Checks:
    scale = _SCALES.get(name)
    if scale is None:
        raise InvalidHandError(f"unknown scale {quote(name)}: choose one of {', '.join(map(repr, _SCALES))}")
    return scale


class ScaleValue(Frozen):
    """The value of one hand on one scale (see ``badugi.ranking.scales``).

    Values on the same scale order by strength: a stronger hand compares
    *greater*, so ``max(values)`` is the winner, and two values are equal when
    the hands tie. Values from different scales never compare equal, and
    ordering them raises TypeError. Values are immutable, hashable and pickle
    and copy equal to themselves.

    Attributes:
        scale: the scale's name ("badugi", "badugi-ace-high", "2-7" or "A-5").
        rank: 1 is the best hand on the scale; equal hands share it.
        cards: the cards that count, as text, in the order they compare (for a
            low, all five: pairs and trips before the odd cards, higher first).
        name: a readable name, e.g. "8-6-5-4-2", "pair of 2s", "5-4-3-2 badugi".
    """

    __slots__ = ("cards", "name", "rank", "scale")

    scale: str
    rank: int
    cards: tuple[str, ...]
    name: str

    def __init__(self, scale: str, rank: int, cards: tuple[str, ...], name: str) -> None:
        """The value of a hand of this rank on the scale named ``scale``; every field is checked.

        Raises:
            InvalidHandError: an unknown scale, a rank outside 1..worst, cards
                that are not distinct card texts ("Kc") of that rank in the
                order they compare, or a name that is not the rank's.
        """
        on = _scale(check.text("ScaleValue", "scale", scale))
        number = check.integer("ScaleValue", "rank", rank, least=1, most=on.worst)
        texts = check.card_texts("ScaleValue", "cards", cards, (1, 2, 3, 4, 5))
        if not on._counts(tuple(ID_BY_TEXT[c] for c in texts), number):
            raise InvalidHandError(
                f"ScaleValue.cards must be the counting cards of rank {number} on {on.name}, "
                f"in the order they compare, got {texts!r:.80}"
            )
        expected = on.describe(number)
        if not isinstance(name, str) or str(name) != expected:
            raise InvalidHandError(
                f"ScaleValue.name must be {expected!r} for rank {number}, got {describe(name)}"
            )
        self._set(scale=on.name, rank=number, cards=texts, name=expected)

    def __repr__(self) -> str:
        return (
            f"ScaleValue(scale={self.scale!r}, rank={self.rank!r}, cards={self.cards!r}, name={self.name!r})"
        )

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[type[ScaleValue], tuple[str, int, tuple[str, ...], str]]:
        return ScaleValue, (self.scale, self.rank, self.cards, self.name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScaleValue):
            return NotImplemented
        return self.scale == other.scale and self.rank == other.rank

    def __hash__(self) -> int:
        return hash((self.scale, self.rank))

    def _comparable(self, other: object) -> bool:
        return isinstance(other, ScaleValue) and other.scale == self.scale

    def __lt__(self, other: ScaleValue) -> bool:
        if not self._comparable(other):
            return NotImplemented
        return self.rank > other.rank

    def __le__(self, other: ScaleValue) -> bool:
        if not self._comparable(other):
            return NotImplemented
        return self.rank >= other.rank

    def __gt__(self, other: ScaleValue) -> bool:
        if not self._comparable(other):
            return NotImplemented
        return self.rank < other.rank

    def __ge__(self, other: ScaleValue) -> bool:
        if not self._comparable(other):
            return NotImplemented
        return self.rank <= other.rank
