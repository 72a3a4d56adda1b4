"""The text of a hand-history file: bytes in UTF-8 (with or without a BOM) or UTF-16, any line ends."""

from __future__ import annotations

import re

from badugi.cards import quote
from badugi.errors import HandHistoryError

__all__ = ["MESSAGE_LIMIT", "cut", "decode", "lines_of", "quote_line", "value_message"]

#: The longest message a reader raises: a file's own text is cut so that a message stays a line.
MESSAGE_LIMIT = 280
_LINE_QUOTE = 70


def decode(text: object, source: str) -> str:
    """``text`` as a str: a str as it is (less a BOM), bytes decoded as UTF-16 or UTF-8.

    UTF-16 is recognised by its BOM, or without one by a zero second byte
    (the rooms' files start with ASCII).

    Raises:
        HandHistoryError: not a str or bytes, or bytes in neither encoding.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        try:
            if data.startswith((b"\xff\xfe", b"\xfe\xff")):
                return data.decode("utf-16")
            if len(data) >= 2 and data[1] == 0 and data[0] != 0:
                return data.decode("utf-16-le")
            if len(data) >= 2 and data[0] == 0 and data[1] != 0:
                return data.decode("utf-16-be")
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise HandHistoryError(f"{source}: not UTF-8 or UTF-16 text: {exc}") from None
    if not isinstance(text, str):
        raise HandHistoryError(f"{source}: a hand history is text (a str or bytes), got {quote(text)}")
    return text[1:] if text.startswith("\ufeff") else text


def lines_of(text: str) -> list[str]:
    """The lines of ``text``, whatever its line ends (Windows, Unix or old Mac)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def cut(message: str) -> str:
    """``message`` cut to ``MESSAGE_LIMIT`` characters."""
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 3] + "..."


def quote_line(line: str) -> str:
    """A line of the file as a message quotes it: repr, cut to 70 characters."""
    shown = line if len(line) <= _LINE_QUOTE else line[: _LINE_QUOTE - 3] + "..."
    return repr(shown)


# Python's own words for a number too long to convert (over 4,300 digits, by default).
# Python 3.11 and later say "(4300 digits)", 3.10 "(4300)".
_INT_LIMIT = re.compile(
    r"Exceeds the limit \(\d+(?: digits)?\) for integer string conversion(?:: value has (\d+) digits)?"
)


def value_message(exc: ValueError) -> str:
    """What a ``ValueError`` from reading a hand says, in the library's words, not Python's.

    A number of more than 4,300 digits makes ``int()`` name a setting of the
    interpreter (``sys.set_int_max_str_digits``); the file's reader says only
    that the number is too long.
    """
    message = str(exc)
    found = _INT_LIMIT.search(message)
    if found is None:
        return message
    digits = f"of {int(found.group(1)):,} digits " if found.group(1) else ""
    return f"a number {digits}is too long (an amount is at most 2**63-1, 19 digits)"
