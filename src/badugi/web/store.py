"""Everything a table server keeps, in one SQLite file: tables, seats, finished hands, the hand in play.

The file survives ``kill -9`` of the server at any moment: SQLite's
write-ahead log makes every committed transaction durable against the death
of the process (``synchronous=NORMAL`` gives up only the last transactions
before a power cut, not a crash). A finished hand is committed before any
seat is told how it ended, so a showdown a person saw is never lost; the hand
in play is written after every action, and on a restart it is moved to
``voided`` (kept, never replayed) and dealt again from its start.

Secrets are kept only as their SHA-256 digests: a copy of the file lets
nobody take a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from badugi.web.settings import TableSettings

__all__ = ["SCHEMA_VERSION", "SeatRecord", "Store", "digest", "new_secret"]

SCHEMA_VERSION = 1
#: Bytes of randomness in a seat's key and invitation: 192 bits (the issue asks 128 or more).
SECRET_BYTES = 24

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    key_digest TEXT NOT NULL,
    invite_digest TEXT NOT NULL,
    session_digest TEXT,
    claimed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seated TEXT NOT NULL,
    history TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS in_play (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    position INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, position)
);
CREATE TABLE IF NOT EXISTS voided (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    history TEXT NOT NULL,
    voided REAL NOT NULL
);
"""


def new_secret() -> str:
    """A fresh unguessable secret (``secrets.token_urlsafe``, 192 bits)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """The SHA-256 digest the store keeps of a secret (hex)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatRecord:
    """A person's seat as stored: the digests of its secrets, and whether its invitation was used.

    A seat has three secrets: its key (the API's ``socket`` link carries it),
    its invitation (the ``join`` link), and the key of the browser that opened
    the invitation (``session``), which the browser keeps to come back with.
    """

    seat: int
    key_digest: str
    invite_digest: str
    session_digest: str | None
    claimed: bool

    def key_is(self, key: str) -> bool:
        """Whether ``key`` opens this seat: its own key, or its browser's (compared in constant time)."""
        given = digest(key)
        own = hmac.compare_digest(given, self.key_digest)
        session = self.session_digest is not None and hmac.compare_digest(given, self.session_digest)
        return own or session

    def invite_is(self, invite: str) -> bool:
        """Whether ``invite`` is this seat's invitation (compared in constant time)."""
        return hmac.compare_digest(digest(invite), self.invite_digest)


class Store:
    """The server's SQLite file (``path``), or an in-memory one for ``":memory:"``."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), isolation_level=None)  # autocommit; transactions explicit
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise RuntimeError(f"{path} was written by another version of badugi serve (schema {version})")
        self._db.executescript(_SCHEMA)
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def create_table(self, settings: TableSettings) -> tuple[str, dict[int, tuple[str, str]]]:
        """A new table: its id, and each person seat's (key, invitation), the only copy of them."""
        table_id = secrets.token_urlsafe(12)
        secrets_of = {
            seat: (new_secret(), new_secret()) for seat, kind in enumerate(settings.seats) if kind == "person"
        }
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, settings, created) VALUES (?, ?, ?)",
                (table_id, json.dumps(settings.to_json()), time.time()),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, key_digest, invite_digest) VALUES (?, ?, ?, ?)",
                [(table_id, seat, digest(key), digest(invite)) for seat, (key, invite) in secrets_of.items()],
            )
        return table_id, secrets_of

    def settings(self, table_id: str) -> TableSettings | None:
        """A table's settings, or None for no such table."""
        row = self._db.execute("SELECT settings FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else TableSettings.from_request(json.loads(row[0]))

    def table_ids(self, *, over: bool | None = None) -> list[str]:
        """Every table's id, oldest first (only those over, or not over, if ``over`` says)."""
        if over is None:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id")
        else:
            rows = self._db.execute("SELECT id FROM tables WHERE over = ? ORDER BY created, id", (int(over),))
        return [row[0] for row in rows]

    def table_count(self, *, over: bool | None = None) -> int:
        """How many tables the file holds (only those over, or not over, if ``over`` says)."""
        if over is None:
            return int(self._db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
        return int(self._db.execute("SELECT COUNT(*) FROM tables WHERE over = ?", (int(over),)).fetchone()[0])

    def seat(self, table_id: str, seat: int) -> SeatRecord | None:
        """A person seat's record, or None (no such table, or no person there)."""
        row = self._db.execute(
            "SELECT seat, key_digest, invite_digest, session_digest, claimed FROM seats "
            "WHERE table_id = ? AND seat = ?",
            (table_id, seat),
        ).fetchone()
        return None if row is None else SeatRecord(row[0], row[1], row[2], row[3], bool(row[4]))

    def claim(self, table_id: str, seat: int) -> str | None:
        """Use a seat's invitation: a new key for the browser that opened it, or None if it was used."""
        session = new_secret()
        cursor = self._db.execute(
            "UPDATE seats SET claimed = 1, session_digest = ? "
            "WHERE table_id = ? AND seat = ? AND claimed = 0",
            (digest(session), table_id, seat),
        )
        return session if cursor.rowcount == 1 else None

    def hands(self, table_id: str) -> Iterator[tuple[int, tuple[int, ...], list[dict[str, Any]]]]:
        """The table's finished hands in order: each one's number, the seats it dealt, its full history."""
        rows = self._db.execute(
            "SELECT number, seated, history FROM hands WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        for number, seated, history in rows:
            yield number, tuple(json.loads(seated)), json.loads(history)

    def hand_count(self, table_id: str) -> int:
        """How many finished hands a table has."""
        row = self._db.execute("SELECT COUNT(*) FROM hands WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

    def save_in_play(self, table_id: str, number: int, history: Sequence[Any], start: int = 0) -> None:
        """Add the hand in play's events from ``start`` on (the ones before are written), in one transaction.

        Events are appended, one row each, so that an action costs what it adds, not the whole hand.
        """
        with self._transaction():
            if start == 0:
                self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
            self._db.executemany(
                "INSERT INTO in_play (table_id, number, position, event) VALUES (?, ?, ?, ?)",
                [(table_id, number, k, json.dumps(item)) for k, item in enumerate(history[start:], start)],
            )

    def finish_hand(
        self, table_id: str, number: int, seated: Sequence[int], history: Sequence[Any], *, over: bool
    ) -> None:
        """Keep a finished hand, and forget it as the hand in play, in one transaction."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO hands (table_id, number, seated, history) VALUES (?, ?, ?, ?)",
                (table_id, number, json.dumps(list(seated)), json.dumps(history)),
            )
            self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
            if over:
                self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def void_in_play(self, table_id: str) -> int | None:
        """Move a hand left in play (by a crash or a stop) to ``voided``; its number, or None if none."""
        with self._transaction():
            rows = self._db.execute(
                "SELECT number, event FROM in_play WHERE table_id = ? ORDER BY position", (table_id,)
            ).fetchall()
            if not rows:
                return None
            history = "[" + ",".join(row[1] for row in rows) + "]"
            self._db.execute(
                "INSERT INTO voided (table_id, number, history, voided) VALUES (?, ?, ?, ?)",
                (table_id, rows[0][0], history, time.time()),
            )
            self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
        return int(rows[0][0])

    def voided_count(self, table_id: str) -> int:
        """How many hands of a table were voided by a restart."""
        row = self._db.execute("SELECT COUNT(*) FROM voided WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])


class _Transaction:
    """``with``: BEGIN IMMEDIATE, then COMMIT, or ROLLBACK on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
