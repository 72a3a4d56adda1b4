"""The server's door: connections counted per address, dawdling requests closed, hung sockets aborted.

uvicorn reads a request's headers before the application sees anything, so
what a visitor can do with connections alone is kept here, in the protocols
uvicorn runs (``Config(http=..., ws=...)`` takes them):

* **a cap per address, and in all**: a connection beyond ``per_address``
  from one address, or past its rate of new connections (``connects``: a
  burst of 60, then 20 a second), is closed at once; at ``total`` in all
  (kept under the process's limit of open files, which the server raises to
  its hard limit at start), the connection that has waited longest for its
  request makes room. A trusted proxy's address (``--forwarded-allow-ips``)
  is counted in the total only: behind it, the application counts what each
  visitor holds by the address the proxy names;
* **a request must arrive in time**: its headers and body within
  ``request_time`` seconds of the connection (or of the previous answer on a
  kept-alive one), else the connection is closed: 1,100 connections that
  never finished their headers took the server off the air for everyone;
* **a socket can be aborted**: a WebSocket's scope carries
  ``extensions["badugi.abort"]``, which drops the connection at once, where a
  close would wait behind frames a client never reads.

Each condition is logged once, then counted (``Condition``), never a
traceback a connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from typing import Any, Protocol

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from badugi.web.conditions import Condition
from badugi.web.extensions import ABORT, SEND_MANY
from badugi.web.limits import Buckets

__all__ = ["Guard", "protocols"]

log = logging.getLogger("badugi.web")


class Guard:
    """The connections of one server, counted by address (see the module)."""

    def __init__(
        self,
        per_address: int = 64,
        total: int = 4000,
        request_time: float = 10.0,
        trusted: frozenset[str] = frozenset(),
        connects: tuple[int, float] = (60, 20.0),
    ) -> None:
        self.per_address = per_address
        self.total = total
        self.request_time = request_time
        self.trusted = trusted
        # New connections one address may open: a burst, then so many a second (a page's load is a few).
        self.connects = Buckets(*connects)
        self.open: Counter[str] = Counter()
        self.count = 0
        # The connections waiting for a request to arrive, oldest first: the first to give way.
        self.waiting: OrderedDict[Evictable, None] = OrderedDict()
        self.refused = Condition("connections refused: over the cap of an address, or of the server")
        self.dawdled = Condition("connections closed: a request that did not arrive in time")
        self.evicted = Condition("connections closed to make room: the oldest still waiting for a request")

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``, if the caps (and its rate of new ones) allow it.

        At the server's cap, the connection that has waited longest for its
        request gives way (many addresses that open connections and send
        nothing would otherwise hold every place); at an address's cap, the
        new one is refused.
        """
        if address not in self.trusted and (
            self.open[address] >= self.per_address or not self.connects.allow(address)
        ):
            self.refused.happened(address)
            return False
        if self.count >= self.total:
            if not self.waiting:
                self.refused.happened(address)
                return False
            oldest = next(iter(self.waiting))
            oldest.evict()  # it releases its place at once
            self.evicted.happened(address)
        self.open[address] += 1
        self.count += 1
        return True

    def release(self, address: str) -> None:
        """A connection counted by ``admit`` is gone."""
        self.count -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class Evictable(Protocol):
    """A connection the guard may close to make room: one still waiting for its request."""

    def evict(self) -> None:
        """Close now, and give back the place it took."""


def protocols(guard: Guard) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes for uvicorn's ``Config(http=..., ws=...)``, over ``guard``."""

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, whose connection is counted, and which a scope can abort."""

        ticket: str | None = None

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # the application's task has not run yet: it sees this
                extensions = scope.setdefault("extensions", {})
                extensions[ABORT] = self.transport.abort
                extensions[SEND_MANY] = self.send_many

        async def send_many(self, texts: list[str]) -> None:
            """Write text frames, all in one write to the network (one system call, not one a frame).

            Raises:
                ClientDisconnected: the connection is gone, or closing.
            """
            await self.writable.wait()  # the network's buffer is full: wait, as uvicorn's own send does
            if (
                self.disconnected
                or self.close_sent
                or not self.handshake_complete
                or self.transport.is_closing()
            ):
                raise ClientDisconnected()
            for text in texts:
                self.conn.send_text(text.encode())
            self.transport.write(b"".join(self.conn.data_to_send()))

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.ticket is not None:
                guard.release(self.ticket)
                self.ticket = None

    class GuardedHTTP(H11Protocol):
        """uvicorn's HTTP protocol, counted, with a deadline for each request to arrive."""

        _ticket: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _waiting_after: Any = None  # the request cycle answered before the one the deadline waits for

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            if not guard.admit(address):
                transport.abort()
                return
            self._ticket = address
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._waiting_after = self.cycle
            self._deadline = self.loop.call_later(guard.request_time, self._too_slow)
            guard.waiting[self] = None

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            guard.waiting.pop(self, None)

        def evict(self) -> None:
            """Close now, to make room: the place is given back at once, not when the loop gets to it."""
            self._disarm()
            if self._ticket is not None:
                guard.release(self._ticket)
                self._ticket = None
            self.transport.abort()

        def _too_slow(self) -> None:
            self._deadline = None
            guard.waiting.pop(self, None)
            if not self.transport.is_closing():
                guard.dawdled.happened(self._ticket or "")
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            cycle = self.cycle
            if cycle is not None and cycle is not self._waiting_after and not cycle.more_body:
                self._disarm()  # the request has arrived whole: its answer is the application's

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection has the same time to arrive

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            super().handle_websocket_upgrade(event)
            protocol = self.transport.get_protocol()
            if isinstance(protocol, GuardedWebSocket):  # the count goes with the connection
                protocol.ticket, self._ticket = self._ticket, None

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)
            if self._ticket is not None:
                guard.release(self._ticket)
                self._ticket = None

    return GuardedHTTP, GuardedWebSocket
