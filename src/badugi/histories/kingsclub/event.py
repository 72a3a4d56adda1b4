"""A KingsClub hand's line as the reader understood it: a step before the engine seats are known."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Event"]


@dataclass
class Event:
    """A step naming its player (``""`` for the table's); ``line`` counts the file's lines from 0.

    ``kind`` is a ``Step`` kind, or ``"blind"`` (``posts blind``: a live blind whose dead
    part the summary settles), ``"deal"`` (where the deal stands) or ``"draw_round"``.
    """

    kind: str
    name: str
    line: int
    amount: int | None = None
    cards: tuple[str | None, ...] = ()
    received: tuple[str | None, ...] = ()
    count: int | None = None
    all_in: bool | None = None
