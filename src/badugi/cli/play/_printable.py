r"""Text from a file or a pipe made safe for a terminal: control characters shown, never obeyed.

A player's name, a table's name or a line piped to ``play`` is the file's
(or another program's) text, and a terminal obeys the control characters in
what it is sent: ``\x1b]0;...\x07`` sets the window's title, others move the
cursor, clear the screen or change colours. Each such character is written
as Python writes it in a string (``\x1b``); so are the characters that
reorder the text around them (the bidirectional overrides), the line and
paragraph separators, and lone surrogates, which no terminal can be sent.
"""

from __future__ import annotations

import re

__all__ = ["printable"]

# C0 and C1 controls and DEL; the bidirectional marks, embeddings, overrides and isolates; the
# line and paragraph separators; the BOM (a zero-width no-break space); lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every character a terminal would obey (or cannot be sent) written as its escape."""
    if text.isascii() and text.isprintable():
        return text
    return _UNSAFE.sub(_escaped, text)
