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
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

__all__ = ["Broken", "Node", "Refused", "top_elements"]

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
    """A top-level element the parser could not finish: what was read of it, and why it broke."""

    node: Node
    line: int
    reason: str


@dataclass
class Refused:
    """The whole file refused (a DOCTYPE): the line and why."""

    line: int
    reason: str


class _GameInGame(Exception):
    """A ``<game>`` starts inside another: the first was cut short."""


class _Doctype(Exception):
    pass


def top_elements(text: str) -> Iterator[Node | Broken | Refused]:
    """The top-level elements of ``text`` in file order (a container's children in its place).

    A ``Refused`` is the only item when the file has a DOCTYPE.
    """
    match = _DOCTYPE.search(text)
    if match:
        yield Refused(text.count("\n", 0, match.start()) + 1, "a DOCTYPE or ENTITY declaration is refused")
        return
    # The declaration may only come first in an entity, and ours comes before it: blank it
    # (same length, no newline in it) so that the lines stay where they were.
    declaration = _DECLARATION.match(text)
    if declaration:
        text = " " * declaration.end() + text[declaration.end() :]
    lines = text.split("\n")
    start = 0
    while start < len(lines):
        restart = yield from _parse_from(lines, start)
        if restart is None:
            return
        start = restart


def _parse_from(lines: list[str], start: int) -> Generator[Node | Broken, None, int | None]:
    """Parse ``lines[start:]``; yield the elements; return the index to start again at, or None."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    done: list[Node] = []
    # The wrapper is on the first line, so the parser's line N is lines[start + N - 1].
    offset = start

    def begin(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber + offset
        if tag == "game" and any(node.tag == "game" for node in stack):
            raise _GameInGame(line)
        node = Node(tag, dict(attrs), line)
        if not _transparent(stack):
            stack[-1].children.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        node = stack.pop()
        if _is_top(stack, node):
            done.append(node)

    def doctype(*_: object) -> None:
        raise _Doctype

    parser.StartElementHandler = begin
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    chunk = "\n".join(lines[start:])
    reason = ""
    error_line = 0
    try:
        parser.Parse(f"<{_ROOT}>" + chunk + f"</{_ROOT}>", True)
    except _GameInGame as exc:
        reason = "a <game> begins before the one before it ends: that hand is cut short"
        error_line = exc.args[0]
        restart_at: int | None = max(error_line - 1, start + 1)  # the new game's own line
    except _Doctype:
        reason = "a DOCTYPE is refused"
        error_line = parser.CurrentLineNumber + offset
        restart_at = None
    except expat.ExpatError as exc:
        reason = f"not well-formed XML: {expat.ErrorString(exc.code)}"
        error_line = (exc.lineno or 1) + offset
        # From the error's own line (a cut-off tag may run into the next hand's first line),
        # but always past the line this pass began on, so that every pass moves on.
        restart_at = _next_restart(lines, max(error_line - 1, start + 1))
    else:
        restart_at = None
    yield from done
    if reason:
        open_top = _open_top(stack)
        # Outside any hand (text between hands, or not XML at all) the break is still told.
        yield Broken(open_top or Node("?", {}, error_line), error_line, reason)
    return restart_at


def _transparent(stack: list[Node]) -> bool:
    """Whether an element opened under ``stack`` is at the top: under the wrapper or only containers."""
    return all(n.tag == _ROOT or n.tag in _CONTAINERS for n in stack)


def _is_top(stack: list[Node], node: Node) -> bool:
    """Whether ``node``, just closed, sits at the top (``stack`` holds its ancestors)."""
    return node.tag != _ROOT and node.tag not in _CONTAINERS and _transparent(stack)


def _open_top(stack: list[Node]) -> Node | None:
    """The top-level element left open when the parser stopped, if any."""
    for node in stack:
        if node.tag != _ROOT and node.tag not in _CONTAINERS:
            return node
    return None


def _next_restart(lines: list[str], index: int) -> int | None:
    """The index of the first line from ``index`` on that opens a hand or a description."""
    for number in range(index, len(lines)):
        if _RESTART.match(lines[number]):
            return number
    return None
