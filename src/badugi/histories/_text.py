"""A hand-history file's text in the readers' messages: cut to a line, quoted, numbers in our words.

The file's bytes are decoded by ``badugi.histories._lines``, leniently.
"""

from __future__ import annotations

import re

__all__ = ["MESSAGE_LIMIT", "cut", "quote_line", "value_message"]

#: The longest message a reader raises: a file's own text is cut so that a message stays a line.
MESSAGE_LIMIT = 280
_LINE_QUOTE = 70


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
