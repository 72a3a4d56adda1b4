"""What the routes of one server share: its room, its links, and who holds which key of a table.

A table has three kinds of key. A **seat's key** is made when its
invitation is claimed and given only to whoever claimed it; it opens that
seat (its socket, its own history). The **watch key** (the ``watch`` link)
opens the table with no cards; the **host key** (the ``host`` link) opens the
host's page and powers, and no seat. ``holder_of`` says which a key is.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from badugi.web.room import Room
from badugi.web.store import TableRecord

__all__ = ["Holder", "Site", "bearer", "holder_of"]


@dataclass(frozen=True)
class Holder:
    """Who a key makes its bearer: a ``seat`` (with its number), a ``watcher`` or the ``host``."""

    role: str
    seat: int | None = None


@dataclass
class Site:
    """One server's shared parts: the room of tables, and the address its links are made with."""

    room: Room
    public_url: str | None = None

    def base(self, connection: HTTPConnection) -> str:
        """The address links are made with: ``public_url``, or the request's own scheme and host."""
        if self.public_url is not None:
            return self.public_url
        scheme = {"ws": "http", "wss": "https"}.get(connection.url.scheme, connection.url.scheme)
        return f"{scheme}://{connection.headers.get('host', 'localhost')}"

    def socket_url(self, base: str, table_id: str, path: str) -> str:
        """A WebSocket's address on this server (``ws`` for ``http``, ``wss`` for ``https``)."""
        scheme = "wss" if base.startswith("https:") else "ws"
        return f"{scheme}://{base.split('://', 1)[1]}/ws/{table_id}/{path}"


def holder_of(room: Room, record: TableRecord, key: object) -> Holder | None:
    """Whose key ``key`` is at the table ``record``: a seat's, the watch key, the host key, or nobody's."""
    if not isinstance(key, str) or not key or len(key) > 100:
        return None
    if record.host_is(key):
        return Holder("host")
    if record.watch_is(key):
        return Holder("watcher")
    for seat in room.store.seats(record.id):
        if seat.key_is(key):
            return Holder("seat", seat.seat)
    return None


def bearer(connection: HTTPConnection) -> str:
    """The key of an ``Authorization: Bearer KEY`` header, or an empty string."""
    auth = connection.headers.get("authorization", "")
    return auth[len("Bearer ") :] if auth.startswith("Bearer ") else ""
