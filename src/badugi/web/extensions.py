"""What a WebSocket's scope carries under ``badugi serve``'s own protocols (``badugi.web.guard``).

Two ASGI extensions, read by the table's sockets where they are there (under
another server they are not, and a socket falls back on the plain ASGI
``send`` and ``close``): an abort, which drops the connection at once where a
close would wait behind frames a client never reads, and a writer of several
text frames in one write to the network.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["ABORT", "SEND_MANY", "abort_of", "send_many_of"]

#: The extension that aborts a WebSocket's connection: a callable of no arguments.
ABORT = "badugi.abort"
#: The extension that writes several text frames at once: a coroutine function of a list of texts.
SEND_MANY = "badugi.send_many"


def abort_of(scope: MutableMapping[str, Any]) -> Callable[[], None] | None:
    """The abort a WebSocket's scope carries (``protocols``), or None under another server."""
    found = scope.get("extensions", {}).get(ABORT)
    return found if callable(found) else None


def send_many_of(scope: MutableMapping[str, Any]) -> Callable[[list[str]], Awaitable[None]] | None:
    """The writer of several frames a WebSocket's scope carries (``protocols``), or None elsewhere."""
    found = scope.get("extensions", {}).get(SEND_MANY)
    return found if callable(found) else None
