"""Every table a server holds: made within each address's limits, restored, closed when abandoned.

A table is made on request, restored at a start, and let go of once done.
Tables share nothing but the store's file and the event loop: each is its
own match, sockets and clocks. That is what lets a server be split across
machines by table id (see the web guide, "Past one machine"). Only the tables
waiting or in play are in memory: a finished or closed table's rows stay in
the store, read when asked for, so the server's memory is bounded by the
tables in play, whatever it has served.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from badugi.web.conditions import Condition
from badugi.web.driver import DriftError
from badugi.web.limits import Buckets, Limits
from badugi.web.protocol import WebInputError
from badugi.web.settings import TableSettings
from badugi.web.store import OPEN, Store, TableRecord
from badugi.web.table import Pacing, Table

__all__ = ["MOST_TABLES", "DamagedError", "Room", "RoomFullError", "TooManyError"]

log = logging.getLogger("badugi.web")

#: The most tables in play one server keeps (finished ones do not count).
MOST_TABLES = 10_000
#: Seconds between two looks for abandoned tables.
SWEEP_EVERY = 60.0
#: Reads of the hands (downloads, replays) run at once, each in a thread of its own.
READERS = 4
#: Downloads of finished tables kept once made: (table, holder, format) -> text, most recent last.
KEPT_DOWNLOADS = 64

T = TypeVar("T")


class RoomFullError(WebInputError):
    """The server holds its most tables in play: a new one is refused until a match ends (HTTP 503)."""


class TooManyError(WebInputError):
    """One address asked for more than its share (HTTP 429): ``retry_after`` says when it may again."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class DamagedError(WebInputError):
    """A table's data in the store is damaged: it could not be restored (HTTP 500)."""


class Room:
    """The tables of one server, over one store (see the module)."""

    def __init__(
        self,
        store: Store,
        pacing: Pacing,
        limits: Limits | None = None,
        most_tables: int = MOST_TABLES,
        sweep_every: float = SWEEP_EVERY,
    ) -> None:
        self.store = store
        self.pacing = pacing
        self.limits = limits or Limits()
        self.most_tables = most_tables
        self.sweep_every = sweep_every
        self.tables: dict[str, Table] = {}
        self.damaged: dict[str, str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sockets: Counter[str] = Counter()
        self.reads = Buckets(self.limits.reads, self.limits.reads_per_second)
        self.watch_connects = Buckets(self.limits.reconnects, self.limits.reconnects_per_second)
        self.downloads: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
        self._readers = asyncio.Semaphore(READERS)
        self._sweeper: asyncio.Task[None] | None = None
        self._stopping = False
        self.refusals = Condition("requests refused: an address over its limits")

    # -- the room's life ---------------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Restore every table waiting or in play; say which could not be; look for abandoned ones."""
        self.loop = loop
        for table_id in self.store.table_ids(OPEN):
            self._load(table_id)
        if self.tables:
            log.info("restored %d table(s) waiting or in play", len(self.tables))
        if self.damaged:
            log.error(
                "%d table(s) could not be restored (their data is damaged): %s",
                len(self.damaged),
                ", ".join(sorted(self.damaged)),
            )
        self._sweeper = loop.create_task(self._sweep_every())

    def stop(self) -> None:
        """Stop dealing and acting, close every socket (1001); what is stored stays (the server stops)."""
        self._stopping = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in list(self.tables.values()):
            table.stop()

    def _load(self, table_id: str) -> Table | None:
        try:
            record = self.store.table(table_id)
            if record is None or self.loop is None:
                return None
            table = Table(
                record, self.store.seats(table_id), self.store, self.pacing, self.limits, on_done=self._done
            )
            table.start(self.loop)
        except (DriftError, WebInputError, ValueError, KeyError, TypeError, IndexError, sqlite3.Error) as exc:
            # a damaged table costs itself, never the server or the other tables
            self.damaged[table_id] = f"{type(exc).__name__}: {exc}"
            return None
        if not table.done:
            self.tables[table_id] = table
        return table

    def _done(self, table: Table) -> None:
        """A table is over or closed: it leaves memory once its sockets have their last frames."""
        self.tables.pop(table.id, None)

    # -- making and finding tables -----------------------------------------------------------------

    def create(self, settings: TableSettings, address: str) -> tuple[Table, dict[int, str], str, str]:
        """A new table, waiting for its people: it, each person seat's invitation, the host and watch keys.

        Raises:
            TooManyError: ``address`` has ``Limits.tables_open`` tables waiting
                or in play, or made ``Limits.tables_an_hour`` in the last hour.
            RoomFullError: the server holds ``most_tables`` tables in play already.
        """
        creator = self.store.address_digest(address)
        limits = self.limits
        if self.store.table_count(OPEN, creator=creator) >= limits.tables_open:
            self.refusals.happened("tables open")
            raise TooManyError(
                f"you have {limits.tables_open} tables waiting or in play, the most one address may have: "
                "finish or leave one, or wait for it to be closed",
                60.0,
            )
        hour_ago = time.time() - 3600
        if self.store.table_count(
            ("waiting", "playing", "over", "closed"), creator=creator, since=hour_ago
        ) >= (limits.tables_an_hour):
            oldest = self.store.oldest_made_since(creator, hour_ago) or time.time()
            self.refusals.happened("tables an hour")
            raise TooManyError(
                f"you made {limits.tables_an_hour} tables in the last hour, the most one address may make",
                max(1.0, oldest + 3600 - time.time()),
            )
        if len(self.tables) >= self.most_tables:
            raise RoomFullError(
                f"this server holds {self.most_tables} tables in play, its most; try again later"
            )
        table_id, invites, host, watch = self.store.create_table(settings, creator)
        table = self._load(table_id)
        if table is None:
            raise DamagedError(f"table {table_id} could not be made")
        log.info(
            "table %s created: %s, %s, %d seats", table_id, settings.game, settings.mode, len(settings.seats)
        )
        return table, invites, host, watch

    def table(self, table_id: str) -> Table | None:
        """The table waiting or in play with this id, or None.

        Raises:
            DamagedError: its data is damaged.
        """
        if table_id in self.damaged:
            raise DamagedError("this table's data is damaged: the server could not restore it")
        return self.tables.get(table_id)

    def record(self, table_id: str) -> TableRecord | None:
        """A table's record from the store (any table, in play or done), or None.

        Raises:
            DamagedError: its data is damaged.
        """
        if table_id in self.damaged:
            raise DamagedError("this table's data is damaged: the server could not restore it")
        if len(table_id) > 64:
            return None
        try:
            return self.store.table(table_id)
        except (WebInputError, ValueError, KeyError, TypeError) as exc:
            self.damaged[table_id] = f"{type(exc).__name__}: {exc}"
            raise DamagedError("this table's data is damaged: the server could not read it") from None

    # -- abandoned tables --------------------------------------------------------------------------

    async def _sweep_every(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.sweep_every)
            self.sweep()

    def sweep(self, now: float | None = None) -> list[str]:
        """Close the tables abandoned ``Limits.abandon_after`` seconds: nobody joined, or everyone left."""
        now = time.time() if now is None else now
        closed = []
        for table in list(self.tables.values()):
            if any(seat.present for seat in table.seats):
                continue
            if now - table.seen >= self.limits.abandon_after:
                nobody = not any(seat.claimed for seat in table.seats if seat.kind == "person")
                try:
                    table.end("closed", "nobody came" if nobody else "everyone left")
                except (sqlite3.Error, OSError) as exc:  # tried again at the next sweep
                    log.error("table %s cannot be closed now: %s", table.id, exc)
                    continue
                closed.append(table.id)
        if closed:
            log.info("closed %d abandoned table(s)", len(closed))
        return closed

    # -- what one address holds --------------------------------------------------------------------

    def open_socket(self, address: str) -> bool:
        """Count a socket of ``address``, if it may open one more."""
        if self.sockets[address] >= self.limits.sockets:
            self.refusals.happened("sockets")
            return False
        self.sockets[address] += 1
        return True

    def close_socket(self, address: str) -> None:
        """A socket counted by ``open_socket`` is closed."""
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]

    def may_read(self, address: str) -> None:
        """Take one read of the hands for ``address``.

        Raises:
            TooManyError: it read too much just now.
        """
        if not self.reads.allow(address):
            self.refusals.happened("reads")
            raise TooManyError(
                "too many reads of the hands just now: wait a moment", self.reads.wait(address)
            )

    async def read(self, work: Callable[[Store], T], keep: tuple[str, str, str] | None = None) -> T:
        """Run ``work`` on a read-only store in a thread (never on the loop); kept under ``keep`` if given."""
        if keep is not None and keep in self.downloads:
            self.downloads.move_to_end(keep)
            return self.downloads[keep]  # type: ignore[no-any-return]
        async with self._readers:
            result = await asyncio.to_thread(_with_reader, self.store, work)
        if keep is not None:
            self.downloads[keep] = result
            while len(self.downloads) > KEPT_DOWNLOADS:
                self.downloads.popitem(last=False)
        return result


def _with_reader(store: Store, work: Callable[[Store], T]) -> T:
    reader = store.reader()
    try:
        return work(reader)
    finally:
        reader.close()
