"""Every table a server holds: made on request, restored at a start, looked up by id.

Tables share nothing but the store's file and the event loop: each is its
own match, sockets and clocks. That is what lets a server be split across
machines by table id (see the web guide, "Past one machine").
"""

from __future__ import annotations

import asyncio
import logging

from badugi.web.protocol import WebInputError
from badugi.web.settings import TableSettings
from badugi.web.store import Store
from badugi.web.table import Pacing, Table

__all__ = ["MOST_TABLES", "Room", "RoomFullError"]

log = logging.getLogger("badugi.web")

#: The most tables in play one server keeps: a server facing the internet must not be filled up
#: for free. Finished tables do not count: a server that has seen this many matches end still
#: makes new tables.
MOST_TABLES = 10_000


class RoomFullError(WebInputError):
    """The server holds its most tables in play: a new one is refused until a match ends (HTTP 503)."""


class Room:
    """The tables of one server, over one store."""

    def __init__(self, store: Store, pacing: Pacing, most_tables: int = MOST_TABLES) -> None:
        self.store = store
        self.pacing = pacing
        self.most_tables = most_tables
        self.tables: dict[str, Table] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Restore every table whose match is not over (finished tables load when asked for)."""
        self._loop = loop
        for table_id in self.store.table_ids(over=False):
            self._load(table_id)
        if self.tables:
            log.info("restored %d table(s) in play", len(self.tables))

    def _load(self, table_id: str) -> Table | None:
        settings = self.store.settings(table_id)
        if settings is None or self._loop is None:
            return None
        table = Table(table_id, settings, self.store, self.pacing)
        try:
            table.start(self._loop)
        except Exception as exc:  # a damaged table costs itself, never the server or the other tables
            log.error(
                "table %s cannot be restored (%s: %s); it is left out", table_id, type(exc).__name__, exc
            )
            return None
        self.tables[table_id] = table
        return table

    def create(self, settings: TableSettings) -> tuple[Table, dict[int, tuple[str, str]]]:
        """A new table, started: the table and each person seat's (key, invitation).

        Raises:
            RoomFullError: the server holds ``most_tables`` tables in play already.
        """
        if self.store.table_count(over=False) >= self.most_tables:
            raise RoomFullError(
                f"this server holds {self.most_tables} tables in play, its most; try again later"
            )
        table_id, secrets = self.store.create_table(settings)
        table = self._load(table_id)
        assert table is not None
        log.info("table %s created: %s, %d seats", table_id, settings.game, len(settings.seats))
        return table, secrets

    def get(self, table_id: str) -> Table | None:
        """The table with this id (loaded from the store if need be), or None."""
        table = self.tables.get(table_id)
        return table if table is not None else self._load(table_id)
