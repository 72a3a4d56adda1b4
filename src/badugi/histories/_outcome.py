"""What reading one hand of a room's text came to: its record, a skip, or a refusal naming the hand."""

from __future__ import annotations

from collections.abc import Callable

from badugi.errors import HandHistoryError
from badugi.histories._text import cut, value_message
from badugi.histories.record import HandRecord, ReadHand

__all__ = ["outcome"]


def outcome(start: int, label: str, read: Callable[[], HandRecord], skip: type[Exception]) -> ReadHand:
    """``read()``'s record for the hand starting at line index ``start``, as a ``ReadHand``.

    ``skip`` raised is a hand passed over (another game), its message why; a
    ``HandHistoryError`` is the hand refused, its message cut to a line and
    its place kept; any other ``ValueError`` (a number too long for ``int``)
    refuses that hand in the library's words, and the file goes on.
    """
    try:
        record = read()
    except skip as passed:
        return ReadHand(start + 1, label, skipped=str(passed))
    except HandHistoryError as exc:
        cut_short = HandHistoryError(cut(str(exc)), label=exc.label, line=exc.line, text=exc.text)
        return ReadHand(start + 1, label, error=cut_short)
    except ValueError as exc:
        message = f"{label} (line {start + 1}): {value_message(exc)}"
        return ReadHand(start + 1, label, error=HandHistoryError(cut(message)))
    return ReadHand(start + 1, label, record=record)
