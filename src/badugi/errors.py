"""The exceptions badugi raises."""

from __future__ import annotations

__all__ = ["BadugiError", "GameSetupError", "HandHistoryError", "IllegalActionError", "InvalidHandError"]


class BadugiError(Exception):
    """Base class of every error badugi raises on purpose."""


class InvalidHandError(BadugiError, ValueError):
    """A hand, card or batch that cannot be ranked; the message names the problem.

    It is a ``ValueError``, so ``except ValueError`` keeps working.
    """


class IllegalActionError(BadugiError, ValueError):
    """An action the rules do not allow now; the game state is left exactly as it was.

    Attributes:
        seat: the seat the refused action was for (the seat named, else the seat to act), or None
            where the refusal is no seat's (a card position of the deal, a hand that is over).
    """

    def __init__(self, message: str = "", seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, int | None]]:
        return type(self), (str(self), self.seat)


class GameSetupError(BadugiError, ValueError):
    """A hand or match that cannot be set up as asked (bad stacks, blinds, deck, ...)."""


class HandHistoryError(BadugiError, ValueError):
    """A hand history (PHH text, ``badugi.histories``) that cannot be read or written as asked.

    The message names the problem and where it is: which hand, which field,
    which action (its number in the ``actions`` array, from 1, and its text).
    The same place is data too, for a program that collects refusals:

    Attributes:
        label: the hand the error is about (``"PokerStars hand #1234"``), or None where it is
            no hand's (an argument, a whole file's encoding).
        line: the line of the file (from 1) at fault, else the line the hand starts on, or None.
        text: the text of the line at fault, where the reader knows it, else None.
    """

    def __init__(
        self, message: str = "", *, label: str | None = None, line: int | None = None, text: str | None = None
    ) -> None:
        super().__init__(message)
        self.label = label
        self.line = line
        self.text = text

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only fields do not survive the default reduction (args only): carry them as state.
        return type(self), (str(self),), {"label": self.label, "line": self.line, "text": self.text}
