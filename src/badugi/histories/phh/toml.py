"""The part of TOML that hand histories use, read and written without a dependency.

The package supports Python 3.10, which has no ``tomllib``; rather than
depend on a TOML package (or read TOML two ways, by ``tomllib`` where it
exists and by something else where not) this module reads the subset of TOML
1.0 that PHH files are written in, the same way on every Python:

* ``key = value`` pairs, bare or quoted keys (no dotted keys), and ``[name]``
  table headers (the sections of a ``.phhs`` file; no ``[[arrays]]``);
* basic and literal strings, single-line and multi-line, with TOML's escapes;
* integers (decimal, with ``_`` separators; ``0x``, ``0o`` and ``0b`` too),
  floats (``inf`` and ``nan`` included), booleans;
* arrays (over many lines, with comments and a trailing comma) and inline
  tables;
* local dates, times and date-times, and offset date-times, kept as the
  ``datetime`` values ``tomllib`` would give.

Anything else, or anything malformed, is a ``TomlError`` naming the line and
column. ``dumps_value`` writes the values the PHH writer needs.
"""

from __future__ import annotations

import datetime
import math
import re
from typing import Any

from badugi.cards import quote

__all__ = ["TomlError", "dumps_key", "dumps_value", "loads"]


class TomlError(ValueError):
    """Text that is not TOML this reader takes; ``line`` and ``column`` count from 1."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NUMBER = re.compile(
    r"[+-]?(?:inf|nan)|0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*"
    r"|[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?"
)
_DATE_TIME = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})(?:[Tt ](?P<time>\d{2}:\d{2}:\d{2}(?:\.\d+)?)"
    r"(?P<offset>[Zz]|[+-]\d{2}:\d{2})?)?"
    r"|(?P<clock>\d{2}:\d{2}:\d{2}(?:\.\d+)?)"
)
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
# The usual string, read at once: no escape, no control character.
_PLAIN_STRING = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
# Blanks, newlines and comments without a control character, skipped at once.
_BLANKS = re.compile(r"(?:[ \t\n]|\r\n|#[^\x00-\x08\x0a-\x1f\x7f]*(?=\r?\n|\Z))*")
_MAX_DEPTH = 32  # arrays in arrays: no hand history nests; a deep one is garbage, not a stack overflow


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    # ---- where we are ---------------------------------------------------------------

    def fail(self, message: str, pos: int | None = None) -> TomlError:
        at = self.pos if pos is None else pos
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return TomlError(message, line, column)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_blanks(self) -> None:
        """Spaces and tabs."""
        while self.peek() in (" ", "\t") and self.peek():
            self.pos += 1

    def skip_comment(self) -> None:
        if self.peek() == "#":
            end = self.text.find("\n", self.pos)
            end = len(self.text) if end < 0 else end
            for char in self.text[self.pos : end]:
                if (ord(char) < 0x20 and char != "\t") or ord(char) == 0x7F:
                    raise self.fail("a control character in a comment")
            self.pos = end

    def end_of_line(self) -> None:
        """Blanks, a comment, then a newline or the end of the text."""
        self.skip_blanks()
        self.skip_comment()
        if self.text.startswith("\r\n", self.pos):
            self.pos += 2
        elif self.peek() == "\n":
            self.pos += 1
        elif self.peek():
            raise self.fail(f"expected the end of the line, found {quote(self.peek())}")

    def skip_space_and_lines(self) -> None:
        """Inside an array: blanks, comments and newlines."""
        self.pos = _BLANKS.match(self.text, self.pos).end()  # type: ignore[union-attr] # it matches anywhere
        while True:
            self.skip_blanks()
            self.skip_comment()
            if self.text.startswith("\r\n", self.pos):
                self.pos += 2
            elif self.peek() == "\n":
                self.pos += 1
            else:
                return

    # ---- the document -------------------------------------------------------------------

    def document(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        table = root
        while True:
            self.skip_space_and_lines()
            if not self.peek():
                return root
            if self.peek() == "[":
                start = self.pos
                self.pos += 1
                if self.peek() == "[":
                    raise self.fail("arrays of tables ([[...]]) are not used in hand histories")
                self.skip_blanks()
                name = self.key()
                self.skip_blanks()
                if self.peek() != "]":
                    raise self.fail("a table header is [name] (dotted names are not used in hand histories)")
                self.pos += 1
                if name in root:
                    raise self.fail(f"table [{name}] is defined twice (or is also a key)", start)
                table = root[name] = {}
                self.end_of_line()
                continue
            self.pair(table)
            self.end_of_line()

    def pair(self, table: dict[str, Any]) -> None:
        start = self.pos
        name = self.key()
        self.skip_blanks()
        if self.peek() == ".":
            raise self.fail("dotted keys are not used in hand histories")
        if self.peek() != "=":
            raise self.fail(f"expected '=' after the key {quote(name)}")
        self.pos += 1
        self.skip_blanks()
        value = self.value(0)
        if name in table:
            raise self.fail(f"the key {quote(name)} is defined twice", start)
        table[name] = value

    def key(self) -> str:
        char = self.peek()
        if char == '"':
            return self.basic_string()
        if char == "'":
            return self.literal_string()
        found = _BARE_KEY.match(self.text, self.pos)
        if not found:
            raise self.fail("expected a key" if char else "expected a key, found the end of the text")
        self.pos = found.end()
        return found.group()

    # ---- values -------------------------------------------------------------------------

    def value(self, depth: int) -> Any:  # noqa: PLR0911 - one return a kind of value
        if depth > _MAX_DEPTH:
            raise self.fail(f"arrays nested more than {_MAX_DEPTH} deep")
        char = self.peek()
        if self.text.startswith('"""', self.pos):
            return self.multiline_basic_string()
        if self.text.startswith("'''", self.pos):
            return self.multiline_literal_string()
        if char == '"':
            return self.basic_string()
        if char == "'":
            return self.literal_string()
        if char == "[":
            return self.array(depth)
        if char == "{":
            return self.inline_table(depth)
        for word, meaning in (("true", True), ("false", False)):
            if self.text.startswith(word, self.pos) and not _BARE_KEY.match(self.text, self.pos + len(word)):
                self.pos += len(word)
                return meaning
        moment = _DATE_TIME.match(self.text, self.pos)
        if moment and not re.match(r"[A-Za-z0-9_.:+-]", self.text[moment.end() : moment.end() + 1]):
            return self.date_time(moment)
        number = _NUMBER.match(self.text, self.pos)
        if number and not re.match(r"[A-Za-z0-9_.:+-]", self.text[number.end() : number.end() + 1]):
            self.pos = number.end()
            return _number(number.group())
        raise self.fail("expected a value (a string, number, boolean, array, inline table or date)")

    def date_time(self, moment: re.Match[str]) -> Any:
        start = self.pos
        self.pos = moment.end()
        date, offset = moment.group("date"), moment.group("offset")
        time = moment.group("time") or moment.group("clock")
        try:
            if date and time:
                text = f"{date}T{time}" + ("+00:00" if offset in ("Z", "z") else offset or "")
                return datetime.datetime.fromisoformat(_six_digits(text))
            if date:
                return datetime.date.fromisoformat(date)
            return datetime.time.fromisoformat(_six_digits(time))
        except ValueError:
            raise self.fail(f"not a valid date or time: {quote(moment.group())}", start) from None

    def array(self, depth: int) -> list[Any]:
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip_space_and_lines()
            if self.peek() == "]":
                self.pos += 1
                return items
            if not self.peek():
                raise self.fail("the array is not closed (no ']')")
            items.append(self.value(depth + 1))
            self.skip_space_and_lines()
            if self.peek() == ",":
                self.pos += 1
            elif not self.peek():
                raise self.fail("the array is not closed (no ']')")
            elif self.peek() != "]":
                raise self.fail("expected ',' or ']' in the array")

    def inline_table(self, depth: int) -> dict[str, Any]:
        self.pos += 1
        table: dict[str, Any] = {}
        self.skip_blanks()
        if self.peek() == "}":
            self.pos += 1
            return table
        while True:
            self.skip_blanks()
            start = self.pos
            name = self.key()
            self.skip_blanks()
            if self.peek() != "=":
                raise self.fail(f"expected '=' after the key {quote(name)} in the inline table")
            self.pos += 1
            self.skip_blanks()
            value = self.value(depth + 1)
            if name in table:
                raise self.fail(f"the key {quote(name)} is defined twice", start)
            table[name] = value
            self.skip_blanks()
            if self.peek() == "}":
                self.pos += 1
                return table
            if self.peek() != ",":
                raise self.fail("expected ',' or '}' in the inline table (it must stay on one line)")
            self.pos += 1

    # ---- strings ------------------------------------------------------------------------

    def basic_string(self) -> str:
        plain = _PLAIN_STRING.match(self.text, self.pos)
        if plain:
            self.pos = plain.end()
            return plain.group(1)
        self.pos += 1
        out: list[str] = []
        while True:
            char = self.peek()
            if not char or char == "\n":
                raise self.fail("the string is not closed on its line")
            self.pos += 1
            if char == '"':
                return "".join(out)
            if char == "\\":
                out.append(self.escape())
            elif (ord(char) < 0x20 and char != "\t") or ord(char) == 0x7F:
                raise self.fail("a control character in a string", self.pos - 1)
            else:
                out.append(char)

    def literal_string(self) -> str:
        self.pos += 1
        end = self.text.find("'", self.pos)
        line_end = self.text.find("\n", self.pos)
        if end < 0 or 0 <= line_end < end:
            raise self.fail("the string is not closed on its line")
        text = self.text[self.pos : end]
        if any((ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F for c in text):
            raise self.fail("a control character in a string")
        self.pos = end + 1
        return text

    def multiline_basic_string(self) -> str:
        self.pos += 3
        self.newline_after_opening()
        out: list[str] = []
        while True:
            if self.text.startswith('"""', self.pos):
                quotes = 3
                while self.text.startswith('"', self.pos + quotes) and quotes < 5:
                    quotes += 1
                out.append('"' * (quotes - 3))
                self.pos += quotes
                return "".join(out)
            char = self.peek()
            if not char:
                raise self.fail('the multi-line string is not closed (no """)')
            self.pos += 1
            if char == "\\":
                rest = re.match(r"[ \t]*\r?\n", self.text[self.pos :])
                if rest:  # a line-ending backslash: the newline and the blanks after it go
                    self.pos += rest.end()
                    while self.peek() in (" ", "\t", "\n", "\r") and self.peek():
                        self.pos += 1
                else:
                    out.append(self.escape())
            elif (ord(char) < 0x20 and char not in "\t\n\r") or ord(char) == 0x7F:
                raise self.fail("a control character in a string", self.pos - 1)
            else:
                out.append(char)

    def multiline_literal_string(self) -> str:
        self.pos += 3
        self.newline_after_opening()
        end = self.text.find("'''", self.pos)
        if end < 0:
            raise self.fail("the multi-line string is not closed (no ''')")
        extra = 0
        while extra < 2 and self.text.startswith("'", end + 3 + extra):
            extra += 1
        end += extra  # up to two quotes just before the closing ones belong to the string
        text = self.text[self.pos : end]
        self.pos = end + 3
        return text

    def newline_after_opening(self) -> None:
        if self.text.startswith("\r\n", self.pos):
            self.pos += 2
        elif self.peek() == "\n":
            self.pos += 1

    def escape(self) -> str:
        char = self.peek()
        self.pos += 1
        if char in _ESCAPES:
            return _ESCAPES[char]
        if char in ("u", "U"):
            size = 4 if char == "u" else 8
            digits = self.text[self.pos : self.pos + size]
            if len(digits) != size or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise self.fail(f"\\{char} needs {size} hex digits")
            code = int(digits, 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise self.fail(f"\\{char}{digits} is not a Unicode scalar value")
            self.pos += size
            return chr(code)
        raise self.fail(f"unknown escape \\{char}" if char else "a backslash at the end of the text")


def _six_digits(text: str) -> str:
    """Fractions of a second cut to microseconds, which ``datetime`` keeps."""
    return re.sub(r"\.(\d{1,6})\d*", lambda m: "." + m.group(1).ljust(6, "0"), text)


def _number(text: str) -> int | float:
    if text.lstrip("+-") in ("inf", "nan"):
        value = math.inf if "inf" in text else math.nan
        return -value if text.startswith("-") else value
    if text[:2] in ("0x", "0o", "0b"):
        return int(text[2:].replace("_", ""), {"0x": 16, "0o": 8, "0b": 2}[text[:2]])
    plain = text.replace("_", "")
    if any(c in plain for c in ".eE"):
        return float(plain)
    return int(plain)


def loads(text: str) -> dict[str, Any]:
    """The TOML document ``text`` as a dict (tables as dicts).

    Raises:
        TomlError: ``text`` is not a string, or not TOML of the subset this reader takes.
    """
    if not isinstance(text, str):
        raise TomlError(f"TOML is text (a str), got {type(text).__name__}", 1, 1)
    return _Reader(text).document()


def dumps_key(key: str) -> str:
    """``key`` as a TOML key: bare if it can be, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else dumps_value(key)


def dumps_value(value: object) -> str:
    """One TOML value: a string, an int, a bool, a finite float, or a list of them.

    Raises:
        TypeError: anything else (the writer only hands over these).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, str):
        out = []
        for char in value:
            if char in ('"', "\\"):
                out.append("\\" + char)
            elif ord(char) < 0x20 or ord(char) == 0x7F:
                out.append(f"\\u{ord(char):04x}")
            else:
                out.append(char)
        return '"' + "".join(out) + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dumps_value(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")
