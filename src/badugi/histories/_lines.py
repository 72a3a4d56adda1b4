"""A hand-history file as a stream of numbered lines, decoded leniently: bad bytes mark their line.

Every reader takes its file from here a line at a time (``Lines``),
so a file of any size is read in memory bounded by its longest hand. The
source is a str, bytes, or an open file (binary or text); a path is opened
by the caller (``badugi.histories.files.iter_hands``).

Bytes are decoded as the rooms write them, each file in one encoding:

* a BOM names UTF-8 or UTF-16; without one, UTF-16 is told by a zero byte
  beside the first character (the rooms' files start with ASCII);
* else the file is UTF-8 if its first non-ASCII line is UTF-8, and cp1252
  (Windows' Western code page, which FPDB tries first for these rooms) if
  it is not: a file's first accented name tells which.

A byte that is not text in the file's encoding (a stray byte, a sequence cut
short, one byte too many at the end of UTF-16) does not stop the file: it is
decoded as a lone surrogate (``DAMAGE``), which no text holds, and the reader
refuses only the hand whose line holds it (``damage_in``), naming the line. Lines
of nothing but such bytes after a hand's last line of text are no hand's
(``hands_of`` leaves them out): a UTF-16 file with one byte too many after its
last hand reads every hand.
A lone surrogate already in a str given to a reader is damage in the same way.

Line ends are Windows' (CR LF), Unix's (LF) or old Mac's (CR), each one line end.
"""

from __future__ import annotations

import codecs
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import overload

from badugi.cards import quote
from badugi.errors import HandHistoryError
from badugi.histories._text import cut, quote_line
from badugi.histories.record import ReadHand

__all__ = [
    "CHUNK",
    "DAMAGE",
    "Lines",
    "Numbered",
    "ReadOneHand",
    "Window",
    "damage_in",
    "damage_message",
    "hands_of",
    "text_hands",
]

#: A line of the file: its number (from 1) and its text, without its line end.
Numbered = tuple[int, str]
#: How much of a file is read at a time.
CHUNK = 1 << 16
#: What a character that was not text in the file is decoded as: a lone surrogate, which no text holds.
DAMAGE = re.compile("[\ud800-\udfff]")
_ERRORS = "badugi-damage"


def _as_damage(error: UnicodeError) -> tuple[str, int]:
    """Each byte that is not text as a lone surrogate, U+DC00 plus the byte (as ``surrogateescape``)."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(chr(0xDC00 + byte) for byte in bad), error.end


codecs.register_error(_ERRORS, _as_damage)


def damage_in(text: str) -> int | None:
    """Where in ``text`` the first character that was not text is, or None."""
    if text.isascii():
        return None
    found = DAMAGE.search(text)
    return None if found is None else found.start()


def damage_message(line: int, text: str, encoding: str | None) -> str:
    """What a damaged line's message says: the line, and what was found there."""
    at = damage_in(text)
    char = text[at] if at is not None else ""
    code = ord(char) if char else 0
    if encoding is None:  # a str given to the reader: a lone surrogate as it came
        what = f"a lone surrogate (U+{code:04X}), which is not text"
    else:
        what = f"the byte {code - 0xDC00:#04x}, which is not {encoding} text"
    return f"line {line} holds {what} (the rest of the file is read)"


class Lines:
    """The lines of a file, numbered from 1, read lazily; ``encoding`` is the one its bytes are read in.

    ``encoding`` is None for text given as text, and for bytes until a line
    tells (all ASCII so far). ``head(n)`` reads ahead without losing lines.
    """

    def __init__(self, source: object, where: str) -> None:
        """Lines of ``source``: a str, bytes, or an open binary or text file.

        Raises:
            HandHistoryError: ``source`` is none of those (at once), or a file
                that cannot be read (while reading).
        """
        self._encoding: list[str | None] = [None]
        self._ahead: deque[Numbered] = deque()
        self.where = where
        if isinstance(source, str):
            text = source[1:] if source.startswith("\ufeff") else source
            self._lines = enumerate(_text_lines([text]), 1)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            chunks: Iterable[bytes] = (data[k : k + CHUNK] for k in range(0, len(data), CHUNK))
            self._lines = enumerate(_byte_lines(chunks, self._encoding), 1)
        else:
            read = getattr(source, "read", None)
            if not callable(read):
                raise HandHistoryError(
                    f"{where}: a hand history is text (a str, bytes or an open file), got {quote(source)}"
                )
            self._lines = enumerate(_handle_lines(read, where, self._encoding), 1)

    @property
    def encoding(self) -> str | None:
        """The encoding the bytes are read in, once known; None for text given as a str."""
        return self._encoding[0]

    def __iter__(self) -> Iterator[Numbered]:
        return self

    def __next__(self) -> Numbered:
        if self._ahead:
            return self._ahead.popleft()
        return next(self._lines)

    def head(self, size: int) -> str:
        """The file's first ``size`` characters or so (whole lines), read ahead and kept for ``next``."""
        parts = [text for _, text in self._ahead]
        total = sum(len(text) + 1 for text in parts)
        while total < size:
            line = next(self._lines, None)
            if line is None:
                break
            self._ahead.append(line)
            parts.append(line[1])
            total += len(line[1]) + 1
        return "\n".join(parts)

    def refuse_damaged(self, read: ReadHand, lines: Iterable[Numbered]) -> ReadHand:
        """``read``, or the same hand refused if one of its ``lines`` holds bytes that were not text."""
        for number, text in lines:
            if damage_in(text) is not None:
                message = f"{read.label}, {damage_message(number, text, self.encoding)}"
                return ReadHand(read.line, read.label, error=HandHistoryError(cut(message)))
        return read


def hands_of(lines: Iterable[Numbered], starts: Callable[[str], object]) -> Iterator[list[Numbered]]:
    """The file's lines cut before each line that ``starts`` a hand.

    The first list stands for the text before the first hand: its first
    line that is not blank, if any (the rest is not kept, so that a file of
    no hand is read in bounded memory). Every later list is a hand's lines,
    its first line first.
    """
    group: list[Numbered] = []
    before = True
    for line in lines:
        if starts(line[1]):
            yield group if before else _without_damaged_tail(group)
            group = [line]
            before = False
        elif not before or (not group and line[1].strip()):
            group.append(line)
    yield group if before else _without_damaged_tail(group)


def _without_damaged_tail(hand: list[Numbered]) -> list[Numbered]:
    """A hand's lines less those after its last line of text, when they hold bytes that were not text.

    Such bytes lie after the hand (a UTF-16 file with one byte too many ends
    so: its last line holds that byte alone), so they cost no hand.
    """
    last = len(hand)
    while last > 1 and not DAMAGE.sub("", hand[last - 1][1]).strip():
        last -= 1
    tail = hand[last:]
    return hand[:last] if any(damage_in(text) is not None for _, text in tail) else hand


#: A text format's reader of one hand: the file's lines (only the hand's held), the hand's first
#: and past-last indexes, and the cap; its answer a record, a skip or an error.
ReadOneHand = Callable[[Sequence[str], int, int, "int | None"], ReadHand]


def text_hands(
    lines: Lines, header: re.Pattern[str], source: str, read_hand: ReadOneHand, cap: int | None
) -> Iterator[ReadHand]:
    """A room's text file a hand at a time, each hand starting at a line ``header`` matches whole.

    Text before the first hand is one ``ReadHand`` with an error naming its
    first line; a hand one of whose lines holds bytes that were not text is
    refused whole (``Lines.refuse_damaged``); every other hand is
    ``read_hand``'s answer.
    """
    groups = hands_of(lines, lambda line: header.fullmatch(line.strip()) is not None)
    before = next(groups)
    stray = next(((number, line) for number, line in before if line.strip()), None)
    if stray is not None:
        message = f"{source}, line {stray[0]} ({quote_line(stray[1].strip())}): not a hand's line"
        yield ReadHand(stray[0], f"{source} text", error=HandHistoryError(cut(message)))
    for hand in groups:
        start = hand[0][0] - 1
        yield lines.refuse_damaged(read_hand(Window(hand), start, start + len(hand), cap), hand)


class Window(Sequence[str]):
    """The lines of one hand as a list of the whole file's lines (index k is line k + 1), only they held."""

    def __init__(self, lines: list[Numbered]) -> None:
        self._texts = [text for _, text in lines]
        self.first = lines[0][0] - 1 if lines else 0

    def __len__(self) -> int:
        return self.first + len(self._texts)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            raise TypeError("a Window is read a line at a time")
        if not self.first <= index < len(self):
            raise IndexError(index)
        return self._texts[index - self.first]


def _handle_lines(read: object, where: str, encoding: list[str | None]) -> Iterator[str]:
    """The lines of an open file: a text file's as it decodes them, a binary file's as ``_byte_lines``."""
    assert callable(read)
    try:
        first = read(CHUNK)
    except (OSError, ValueError) as exc:  # ValueError: a closed file
        raise HandHistoryError(f"{where}: cannot read the file: {exc}") from None
    if isinstance(first, str):
        if first.startswith("\ufeff"):
            first = first[1:]
        yield from _text_lines(_chunks(read, first, where))
    elif isinstance(first, (bytes, bytearray)):
        yield from _byte_lines(_chunks(read, bytes(first), where), encoding)
    else:
        raise HandHistoryError(f"{where}: the file gave {quote(first)}, not text or bytes")


def _chunks(read: object, first: str | bytes, where: str) -> Iterator[str | bytes]:
    assert callable(read)
    chunk = first
    while chunk:
        yield chunk
        try:
            chunk = read(CHUNK)
        except (OSError, ValueError) as exc:
            raise HandHistoryError(f"{where}: cannot read the file: {exc}") from None
        if not isinstance(chunk, type(first)):
            raise HandHistoryError(f"{where}: the file gave {quote(chunk)} after {type(first).__name__}")


def _text_lines(chunks: Iterable[str | bytes]) -> Iterator[str]:
    """The lines of text given in chunks, each line end (Windows', Unix's, old Mac's) cut off."""
    pending = ""
    for chunk in chunks:
        assert isinstance(chunk, str)
        text = pending + chunk
        # A "\r" at the end may be the first half of a "\r\n": keep it with the line it ends.
        keep = len(text) - 1 if text.endswith("\r") else len(text)
        parts = text[:keep].replace("\r\n", "\n").replace("\r", "\n").split("\n")
        pending = parts.pop() + text[keep:]
        yield from parts
    if pending:
        yield from pending.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _byte_lines(chunks: Iterable[str | bytes], encoding: list[str | None]) -> Iterator[str]:
    """The lines of a file's bytes, decoded as the module says."""
    stream = iter(chunks)
    head = b""
    for chunk in stream:  # enough bytes to see a BOM or a zero byte
        assert isinstance(chunk, bytes)
        head += chunk
        if len(head) >= 4:
            break
    rest = _then(head, stream)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding[0] = "UTF-16"
        yield from _text_lines(_decoded(rest, "utf-16"))
    elif len(head) >= 2 and head[1] == 0 and head[0] != 0:
        encoding[0] = "UTF-16"
        yield from _text_lines(_decoded(rest, "utf-16-le"))
    elif len(head) >= 2 and head[0] == 0 and head[1] != 0:
        encoding[0] = "UTF-16"
        yield from _text_lines(_decoded(rest, "utf-16-be"))
    else:
        # Latin-1 maps each byte to one character, so the lines split as bytes and decode after.
        raw = _text_lines(_decoded(rest, "latin-1"))
        if head.startswith(b"\xef\xbb\xbf"):
            encoding[0] = "UTF-8"
            first = next(raw, None)
            if first is None:
                return
            raw = _then_line(first[3:], raw)
        yield from _eight_bit(raw, encoding)


def _then(head: bytes, stream: Iterator[str | bytes]) -> Iterator[str | bytes]:
    if head:
        yield head
    yield from stream


def _then_line(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _decoded(chunks: Iterable[str | bytes], codec: str) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder(codec)(errors=_ERRORS)
    for chunk in chunks:
        assert isinstance(chunk, bytes)
        yield decoder.decode(chunk)
    yield decoder.decode(b"", True)


def _eight_bit(raw: Iterator[str], encoding: list[str | None]) -> Iterator[str]:
    """Byte lines (as Latin-1) decoded as UTF-8, or cp1252 when the first non-ASCII line is not UTF-8."""
    for line in raw:
        if line.isascii():
            yield line
            continue
        data = line.encode("latin-1")
        if encoding[0] is None:
            try:
                decoded = data.decode("utf-8")
            except UnicodeDecodeError:
                encoding[0] = "cp1252"
            else:
                encoding[0] = "UTF-8"
                yield decoded
                continue
        yield data.decode("utf-8" if encoding[0] == "UTF-8" else "cp1252", errors=_ERRORS)
