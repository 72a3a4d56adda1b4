"""The elements of a Merge hand-history file, each with the line it starts on, safely.

A Merge file is an XML *fragment*: a ``<description .../>`` element and then
one ``<game>`` element per hand, with no root element around them (the
trackers that read these files, FPDB and HandHistories, split them with a
regex on ``</game>`` or parse them as a fragment). A ``<session>`` root
holding the same elements is accepted too, in case a client wrote one; no
file seen was written that way.

The parser is the standard library's expat (``xml.parsers.expat``), which
``xml.etree.ElementTree`` and ``xml.dom.pulldom`` are built on: it is used
directly because it says the line each element starts on, which an
ElementTree element does not keep. The file is wrapped in a root element of
our own, so a DOCTYPE (and with it every entity declaration, so no entity
expansion) can only be a syntax error; a DOCTYPE is also refused up front by
name and by a handler, so the message says why.

A file cut short, or one hand that is not well-formed, loses only that
hand: parsing starts again at the next line that opens a ``<game>`` (or a
``<description>``), and the hands before and after the break still come out.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from badugi.histories._lines import DAMAGE, Numbered

__all__ = ["Broken", "Node", "Refused", "TopElements"]

#: Elements that only hold the hands: their children are read as if at the top.
_CONTAINERS = frozenset({"session"})
#: Where parsing may start again after a break: a line opening one of these.
_RESTART = re.compile(r"\s*<(game|description)[\s>/]")
_DECLARATION = re.compile(r"\A\s*<\?xml[^>]*\?>")
_DOCTYPE = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
_ROOT = "merge-file"


@dataclass
class Node:
    """An element: its tag, attributes, the line its start tag begins on (from 1), its children."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)

    def get(self, name: str) -> str | None:
        """The attribute ``name``, or None."""
        return self.attrs.get(name)


@dataclass
class Broken:
    """A top-level element the parser could not finish: what was read of it, and why it broke.

    ``after``: the line the parser's run began on (it starts again past it);
    ``containers``: the containers (``<session>``) open at the top then.
    """

    node: Node
    line: int
    reason: str
    after: int = 0
    containers: int = 0


@dataclass
class Refused:
    """The whole file refused (a DOCTYPE): the line and why."""

    line: int
    reason: str


class _GameInGame(Exception):
    """A ``<game>`` starts inside another: the first was cut short."""


class _Doctype(Exception):
    pass


class TopElements:
    """The top-level elements of a file's lines in file order (a container's children in its place).

    Iterate over it for ``Node``, ``Broken`` and ``Refused`` items; a
    ``Refused`` (a DOCTYPE) ends the file. The file is fed to the parser a
    line at a time, and only the lines of the element being read are kept
    (``text_of``), so that memory is bounded by the largest hand; after a
    break, parsing starts again at the next hand's line, never going back
    over the file.
    """

    def __init__(self, lines: Iterable[Numbered]) -> None:
        self._lines = iter(lines)
        self._kept: deque[Numbered] = deque()  # the lines of the element being read (or the last line)
        self._queue: deque[Numbered] = deque()  # lines to feed again after a break, before the file's next
        self._reopen = 0  # the containers to open again at the next run of the parser

    def text_of(self, line: int) -> str:
        """The text of ``line`` if it is one of the lines kept (the element being read), else ""."""
        if self._kept and self._kept[0][0] <= line <= self._kept[-1][0]:
            return self._kept[line - self._kept[0][0]][1]
        return ""

    def lines_from(self, line: int) -> list[Numbered]:
        """The lines kept from ``line`` on (an element's, while it is the one read)."""
        return [kept for kept in self._kept if kept[0] >= line]

    def __iter__(self) -> Iterator[Node | Broken | Refused]:
        pass_: _Pass | None = None
        started = False
        skip_to = 0  # after a break: lines before this one are not read, nor any until a hand's line
        while True:
            line = self._queue.popleft() if self._queue else next(self._lines, None)
            if line is None:
                if pass_ is None:
                    return
                broken = pass_.close()
                yield from pass_.take_done()
                if broken is None:
                    return
                yield broken
                pass_, skip_to = None, self._restart_after(broken)
                self._lines = iter(())  # the lines kept past the break are all that is left
                continue
            number, text = line
            if not started:
                # The declaration may only come first in an entity, and ours comes before it: blank it
                # (same length, no newline in it) so that the columns stay where they were.
                declaration = _DECLARATION.match(text)
                if declaration:
                    text = " " * declaration.end() + text[declaration.end() :]
            if _DOCTYPE.search(text):
                yield Refused(number, "a DOCTYPE or ENTITY declaration is refused")
                return
            if pass_ is None:
                if started and (number < skip_to or not _RESTART.match(text)):
                    continue
                started = True
                pass_ = _Pass(number, self._reopen)
                self._kept.clear()
            self._kept.append((number, text))
            broken = pass_.feed(text)
            yield from pass_.take_done()
            if broken is None:
                self._trim(pass_)
                continue
            yield broken
            pass_, skip_to = None, self._restart_after(broken)

    def _restart_after(self, broken: Broken) -> int:
        """The first line to start again from, after ``broken``; the lines kept from there are fed again."""
        # From the error's own line (a cut-off tag may run into the next hand's first line), but
        # always past the line the pass began on and the broken hand's own, so that each pass moves on.
        skip_to = max(broken.line, broken.after + 1, broken.node.line + 1 if broken.node.tag != "?" else 0)
        again = [line for line in self._kept if line[0] >= skip_to]
        self._queue.extendleft(reversed(again))
        self._kept.clear()
        self._reopen = broken.containers
        return skip_to

    def _trim(self, pass_: _Pass) -> None:
        """Keep only the lines of the element open at the top (or, between elements, from the last tag on)."""
        keep_from = pass_.open_line
        if keep_from is None:
            keep_from = self._kept[-1][0]
            for number, text in reversed(self._kept):  # a tag may begin on an earlier line
                if "<" in text:
                    keep_from = number
                    break
        while self._kept and self._kept[0][0] < keep_from:
            self._kept.popleft()


#: At most this many containers left open at a break are opened again after it (each costs a step).
_REOPEN_MOST = 64


class _Pass:
    """One run of the parser, from a line that opens a hand (or the file's first) to the end or a break."""

    def __init__(self, start: int, reopen: int) -> None:
        self.start = start
        self.parser = expat.ParserCreate()
        self.stack: list[Node] = []
        self.done: list[Node] = []
        self.opaque = 0  # how many elements on the stack are neither the wrapper nor a container
        self.top: Node | None = None  # the top-level element open, if any
        self.containers = reopen  # the containers open at the top
        self.offset = start - 1  # the wrapper is on the first line: the parser's line N is line N + offset
        self.parser.StartElementHandler = self.begin
        self.parser.EndElementHandler = self.end
        self.parser.StartDoctypeDeclHandler = _refuse_doctype
        self.prefix = f"<{_ROOT}>" + "<session>" * min(reopen, _REOPEN_MOST)
        self.after = start  # a restart must be past this line

    @property
    def open_line(self) -> int | None:
        """The line the top-level element open begins on, if one is open."""
        return None if self.top is None else self.top.line

    def begin(self, tag: str, attrs: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber + self.offset
        if tag == "game" and self.top is not None and self.top.tag == "game":
            raise _GameInGame(line)
        if tag == "game" and self.opaque and any(node.tag == "game" for node in self.stack):
            raise _GameInGame(line)
        node = Node(tag, dict(attrs), line)
        transparent = tag == _ROOT or tag in _CONTAINERS
        if self.opaque:
            self.stack[-1].children.append(node)
        if not transparent:
            if not self.opaque:
                self.top = node
            self.opaque += 1
        elif not self.opaque and tag != _ROOT:
            self.containers += 1
        self.stack.append(node)

    def end(self, tag: str) -> None:
        node = self.stack.pop()
        if node.tag != _ROOT and node.tag not in _CONTAINERS:
            self.opaque -= 1
            if not self.opaque:
                self.top = None
                self.done.append(node)
        elif not self.opaque and node.tag != _ROOT:
            self.containers -= 1

    def take_done(self) -> list[Node]:
        done, self.done = self.done, []
        return done

    def feed(self, text: str) -> Broken | None:
        """Parse one more line; the break it brings, if any."""
        data = self.prefix + _parseable(text) + "\n"
        self.prefix = ""
        return self._parse(data, final=False)

    def close(self) -> Broken | None:
        """The end of the file; the break it brings (an element left open), if any."""
        return self._parse(self.prefix + f"</{_ROOT}>", final=True)

    def _parse(self, data: str, *, final: bool) -> Broken | None:
        try:
            self.parser.Parse(data, final)
        except _GameInGame as exc:
            return self.broken(
                exc.args[0], "a <game> begins before the one before it ends: that hand is cut short"
            )
        except _Doctype:
            return self.broken(self.parser.CurrentLineNumber + self.offset, "a DOCTYPE is refused")
        except expat.ExpatError as exc:
            line = (exc.lineno or 1) + self.offset
            return self.broken(line, f"not well-formed XML: {expat.ErrorString(exc.code)}")
        return None

    def broken(self, line: int, reason: str) -> Broken:
        # Outside any hand (text between hands, or not XML at all) the break is still told.
        node = self.top or Node("?", {}, line)
        return Broken(node, line, reason, after=self.start, containers=self.containers)


def _parseable(text: str) -> str:
    """``text`` as expat can take it: a lone surrogate (damage, refused by the reader) as U+FFFD."""
    if text.isascii():
        return text
    return DAMAGE.sub("\ufffd", text)


def _refuse_doctype(*_: object) -> None:
    raise _Doctype
