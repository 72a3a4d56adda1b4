"""The WebSockets: a seat's, a watcher's, the host's.

``/ws/ID/SEAT?key=``, ``/ws/ID/watch?key=`` and ``/ws/ID/host?key=``.

Each is checked before it is read: its ``Origin`` (a page of this server
only), how many sockets its address holds, its key, and for a seat how often
it reconnects. A seat's messages are read, rate-limited, parsed and handed
to its table one at a time; a watcher and the host only listen (the host acts
through ``POST /api/charts/ID/host``). A socket to a table that is over gets
the end and is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

from badugi.web.connection import SocketConnection
from badugi.web.extensions import abort_of, send_many_of
from badugi.web.protocol import RateLimit, WebInputError, parse_message
from badugi.web.room import DamagedError
from badugi.web.security import same_origin
from badugi.web.site import Holder, Site, holder_of
from badugi.web.table import Table
from badugi.web.views import dumps, end_frame, error_frame

__all__ = ["Sockets"]

log = logging.getLogger("badugi.web")

#: Close codes: refused (not this socket's key), watching off or its link replaced, the table is over.
REFUSED, NOT_WATCHING, OVER = 4003, 4004, 4000


class Sockets:
    """The WebSocket routes of one server (``badugi.web.app`` mounts them)."""

    def __init__(self, site: Site) -> None:
        self.site = site

    async def seat(self, socket: WebSocket) -> None:
        """``WS /ws/ID/SEAT?key=``: a seat's socket."""
        await self._serve(socket, "seat")

    async def watcher(self, socket: WebSocket) -> None:
        """``WS /ws/ID/watch?key=``: a watcher's socket (the table with no cards)."""
        await self._serve(socket, "watcher")

    async def host(self, socket: WebSocket) -> None:
        """``WS /ws/ID/host?key=``: the host's socket (the table with no cards, and the host's frames)."""
        await self._serve(socket, "host")

    async def echo(self, socket: WebSocket) -> None:
        """A bare echo (``tools/bench_web.py``'s floor)."""
        await socket.accept()
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                await socket.send_text(message.get("text") or "")

    async def _refuse(self, socket: WebSocket, message: str, code: int = REFUSED) -> None:
        await socket.send_text(dumps(error_frame(message)))
        await socket.close(code=code, reason="refused")

    async def _serve(self, socket: WebSocket, role: str) -> None:
        room = self.site.room
        if not same_origin(socket.headers.get("origin"), socket.url.scheme, socket.headers.get("host")):
            room.refusals.happened("a socket from another site")
            await socket.close(code=1008)
            return
        address = socket.client.host if socket.client is not None else ""
        if not room.open_socket(address):
            await socket.accept()
            await self._refuse(socket, "too many connections from your address: close some first", 1008)
            return
        try:
            await socket.accept()
            await self._checked(socket, role, address)
        finally:
            room.close_socket(address)

    async def _checked(self, socket: WebSocket, role: str, address: str) -> None:
        room = self.site.room
        table_id = str(socket.path_params["table"])
        try:
            record = room.record(table_id)
        except DamagedError as exc:
            await self._refuse(socket, str(exc), 1011)
            return
        key = socket.query_params.get("key", "")
        holder = holder_of(room, record, key) if record is not None else None
        wanted = socket.path_params.get("seat") if role == "seat" else None
        if record is None or holder is None or holder.role != role or holder.seat != wanted:
            await self._refuse(socket, "this link is not valid (or no longer is)")
            return
        table = room.tables.get(table_id)
        if table is None:  # over or closed: its end, and no more
            await socket.send_text(dumps(end_frame(record.standings or [], record.status)))
            await socket.close(code=OVER, reason=record.status)
            return
        if holder.seat is not None and not table.may_connect(holder.seat):
            await self._refuse(socket, "this seat reconnects too often: wait a few seconds", 1008)
            return
        if role != "seat" and not room.watch_connects.allow((address, table_id)):
            await self._refuse(socket, "too many connections just now: wait a few seconds", 1008)
            return
        await self._play(socket, table, holder)

    async def _play(self, socket: WebSocket, table: Table, holder: Holder) -> None:
        connection = SocketConnection(
            socket, table.limits, abort_of(socket.scope), send_many_of(socket.scope)
        )
        pump = asyncio.create_task(connection.pump())
        try:
            if holder.role == "seat":
                assert holder.seat is not None
                table.join(holder.seat, connection)
            else:
                table.watch(connection, host=holder.role == "host")
        except WebInputError as exc:
            connection.send(dumps(error_frame(str(exc))))
            connection.close(NOT_WATCHING, "refused")
            await _finish(pump)
            return
        try:
            await _read(socket, table, holder, connection, pump)
        except (WebSocketDisconnect, RuntimeError):  # the socket went away mid-read
            pass
        except Exception as exc:  # one line, never a traceback to the client
            log.error("table %s: a socket failed: %s", table.id, type(exc).__name__)
            connection.close(1011, "server error")
        finally:
            table.leave(connection)
            connection.close(1000, "")
            await _finish(pump)


async def _finish(pump: asyncio.Task[None]) -> None:
    with contextlib.suppress(Exception, asyncio.CancelledError):
        await asyncio.wait_for(pump, timeout=15)


async def _read(
    socket: WebSocket, table: Table, holder: Holder, connection: SocketConnection, pump: asyncio.Task[None]
) -> None:
    """A socket's messages, each read, limited, parsed and handed to the table, until the socket closes."""
    limit, warned = RateLimit(), False
    while not pump.done() and not connection.dropped:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not limit.allow():
            if limit.flooding:
                connection.close(1008, "too many messages")
                return
            if not warned:
                table.refuse(connection, "too many messages: slow down (the last ones were not read)")
                warned = True
            continue
        warned = False
        if holder.seat is None:
            table.refuse(connection, "a watcher's socket only listens (the host acts through its page)")
            continue
        try:
            intent = parse_message(message.get("text"))
        except WebInputError as exc:
            table.refuse(connection, str(exc))
            continue
        if table.receive(holder.seat, intent, connection):
            limit.refund()
