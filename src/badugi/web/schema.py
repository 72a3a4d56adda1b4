"""The table server's SQLite schema, and the steps that bring a file of an earlier version up to it.

A file records its version in ``PRAGMA user_version``. Version 1 kept a
seat's key made at the table's creation (its creator held it: the first
attack on the server read a friend's cards with it) and the key of the browser
that opened the invitation; version 2 keeps only the second, made when the
invitation is claimed. A version 1 file is brought up in one transaction: its
tables, seats and hands are all kept, the creator's keys are forgotten, and
each browser that had claimed a seat keeps it.
"""

from __future__ import annotations

import json
import sqlite3

__all__ = ["SCHEMA_VERSION", "migrate"]

SCHEMA_VERSION = 2

_SEATS = """
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    invite_digest TEXT,
    key_digest TEXT,
    claimed INTEGER NOT NULL DEFAULT 0,
    muted INTEGER NOT NULL DEFAULT 0,
    sitting_out INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
"""

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'waiting',
    creator TEXT NOT NULL DEFAULT '',
    host_digest TEXT,
    watch_digest TEXT,
    control TEXT NOT NULL DEFAULT '{}',
    standings TEXT,
    ended REAL,
    seen REAL
);
CREATE INDEX IF NOT EXISTS tables_by_creator ON tables (creator, status, created);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seated TEXT NOT NULL,
    history TEXT NOT NULL,
    redeal INTEGER NOT NULL DEFAULT 0,
    auto TEXT NOT NULL DEFAULT '[]',
    ended REAL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS in_play (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    position INTEGER NOT NULL,
    event TEXT NOT NULL,
    redeal INTEGER NOT NULL DEFAULT 0,
    auto TEXT,
    PRIMARY KEY (table_id, position)
);
CREATE TABLE IF NOT EXISTS voided (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    history TEXT NOT NULL,
    voided REAL NOT NULL,
    redeal INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS ledger (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    amount INTEGER NOT NULL,
    after_hand INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""

# Version 1's columns that version 2 adds to a table it already had.
_ADDED = {
    "tables": [
        "status TEXT NOT NULL DEFAULT 'waiting'",
        "creator TEXT NOT NULL DEFAULT ''",
        "host_digest TEXT",
        "watch_digest TEXT",
        "control TEXT NOT NULL DEFAULT '{}'",
        "standings TEXT",
        "ended REAL",
        "seen REAL",
    ],
    "hands": ["redeal INTEGER NOT NULL DEFAULT 0", "auto TEXT NOT NULL DEFAULT '[]'", "ended REAL"],
    "in_play": ["redeal INTEGER NOT NULL DEFAULT 0", "auto TEXT"],
    "voided": ["redeal INTEGER NOT NULL DEFAULT 0"],
}


def migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a file of schema ``version`` (0: new) to ``SCHEMA_VERSION``, in one transaction.

    Raises:
        RuntimeError: a version this server does not know (a newer one's file).
    """
    if version == SCHEMA_VERSION:
        db.executescript(_TABLES + _SEATS)  # IF NOT EXISTS: nothing, unless a table is missing
        return
    if version not in (0, 1):
        raise RuntimeError(f"written by another version of badugi serve (schema {version})")
    db.execute("BEGIN IMMEDIATE")
    try:
        if version == 1:
            _from_version_1(db)
        for statement in (_TABLES + _SEATS).split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _from_version_1(db: sqlite3.Connection) -> None:
    for table, columns in _ADDED.items():
        for column in columns:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    # The seats: version 1 had a row for person seats only, with the creator's key (dropped: nobody
    # may hold it again) and the claiming browser's (kept as the seat's key).
    db.execute("ALTER TABLE seats RENAME TO seats_1")
    db.execute(_SEATS)
    rows = db.execute("SELECT id, settings, over FROM tables").fetchall()
    for table_id, text, over in rows:
        settings = json.loads(text)
        people = {
            seat: (invite, session, claimed)
            for seat, invite, session, claimed in db.execute(
                "SELECT seat, invite_digest, session_digest, claimed FROM seats_1 WHERE table_id = ?",
                (table_id,),
            )
        }
        for seat, kind in enumerate(settings["seats"]):
            invite, key, claimed = people.get(seat, (None, None, 0))
            db.execute(
                "INSERT INTO seats (table_id, seat, kind, name, invite_digest, key_digest, claimed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, seat, kind, settings["names"][seat], None if claimed else invite, key, claimed),
            )
        # A version 1 table was dealt when it was made: it is playing (or over).
        db.execute("UPDATE tables SET status = ? WHERE id = ?", ("over" if over else "playing", table_id))
    db.execute("DROP TABLE seats_1")
