"""How the play command shows cards: suit symbols in four colours on a terminal, plain text elsewhere.

Four colours, not two: in Badugi the suits decide what a hand is worth, so a
heart and a diamond must not look alike. Colour follows https://no-color.org:
``NO_COLOR`` set and not empty turns it off, and so does a ``TERM`` of
``dumb``; the text is then plain, with no escape codes, and the suit symbols
stay. The symbols need a terminal whose encoding has them. An output that is
not a terminal (a pipe, a file, whose reader may be a script) gets cards as
they are typed, ``Ah 7d``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TextIO

__all__ = ["Look", "look_for"]

_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
# Clubs green, diamonds blue, hearts red, spades the terminal's own colour (the four-colour deck).
_COLOURS = {"c": "\033[32m", "d": "\033[34m", "h": "\033[31m", "s": ""}
_BOLD, _RESET = "\033[1m", "\033[0m"


@dataclass(frozen=True)
class Look:
    """How to write cards and emphasis: with suit symbols, with colour."""

    symbols: bool = False
    colour: bool = False
    dot: str = "-"  # the separator of a line's parts: a middle dot where the output's encoding has one

    def card(self, text: str) -> str:
        """One card ("Ah") as this look writes it."""
        rank, suit = text[:-1], text[-1]
        if suit not in _SYMBOLS:  # "??", a card a record does not show
            return text
        shown = f"{rank}{_SYMBOLS[suit]}" if self.symbols else text
        if self.colour and _COLOURS[suit]:
            return f"{_COLOURS[suit]}{shown}{_RESET}"
        return shown

    def cards(self, texts: object) -> str:
        """Cards, space-separated; "-" for none."""
        shown = [self.card(t) for t in texts]  # type: ignore[attr-defined]
        return " ".join(shown) if shown else "-"

    def strong(self, text: str) -> str:
        """Text to stand out (the person's own seat, what to type)."""
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


def _encodes(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (LookupError, UnicodeEncodeError, TypeError):
        return False
    return True


def look_for(stream: TextIO) -> Look:
    """The look for output to ``stream``."""
    dot = "\u00b7" if _encodes(stream, "\u00b7") else "-"
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):
        terminal = False
    if not terminal:
        return Look(dot=dot)
    symbols = _encodes(stream, "".join(_SYMBOLS.values()))
    colour = not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    return Look(symbols=symbols, colour=colour, dot=dot)
