"""Everything a table server keeps, in one SQLite file: tables, seats, hands, the hand in play, chat, ledger.

The file survives ``kill -9`` of the server at any moment: SQLite's
write-ahead log makes every committed transaction durable against the death
of the process (``synchronous=NORMAL`` gives up only the last transactions
before a power cut, not a crash). A finished hand is committed before any
seat is told how it ended, so a showdown a person saw is never lost; the hand
in play is written after every action, and on a restart it is moved to
``voided`` (kept, never replayed) and dealt again from a fresh deck.

Secrets are kept only as their SHA-256 digests, and the address that made a
table only as a keyed digest (to count what one address made): a copy of the
file lets nobody take a seat or learn who played.

The server writes from its event loop's thread through one ``Store``; what
only reads (a download, a replay) opens a ``Store.reader()`` of its own in
another thread, so that a long read never holds up a table.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from badugi.web.schema import SCHEMA_VERSION, migrate
from badugi.web.settings import TableSettings

__all__ = [
    "OPEN",
    "SCHEMA_VERSION",
    "SeatRecord",
    "Store",
    "StoredHand",
    "TableRecord",
    "digest",
    "new_secret",
]

#: Bytes of randomness in every key and invitation: 192 bits.
SECRET_BYTES = 24
#: The statuses of a table that is not done: it counts toward the limits, and is kept in memory.
OPEN = ("waiting", "playing")


def new_secret() -> str:
    """A fresh unguessable secret (``secrets.token_urlsafe``, 192 bits)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """The SHA-256 digest the store keeps of a secret (hex)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _matches(secret: object, kept: str | None) -> bool:
    """Whether ``secret`` is the one whose digest is ``kept`` (in constant time; no secret, no match)."""
    if kept is None or not isinstance(secret, str) or not secret or len(secret) > 100:
        return False
    return hmac.compare_digest(digest(secret), kept)


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: its settings, status (``waiting``, ``playing``, ``over``, ``closed``) and more.

    ``control`` is what the host set (paused, the clock, watching; JSON data);
    ``standings`` the end's, once the table is over or closed.
    """

    id: str
    settings: TableSettings
    status: str
    created: float
    control: dict[str, Any]
    standings: list[dict[str, Any]] | None
    ended: float | None
    seen: float | None
    host_digest: str | None
    watch_digest: str | None

    def host_is(self, key: object) -> bool:
        """Whether ``key`` is this table's host key."""
        return _matches(key, self.host_digest)

    def watch_is(self, key: object) -> bool:
        """Whether ``key`` is this table's watch key."""
        return _matches(key, self.watch_digest)


@dataclass(frozen=True)
class SeatRecord:
    """A seat as stored: its kind now (a person, or a bot's name), its name, and its person's secrets.

    A person seat has an invitation (the ``join`` link, until it is claimed)
    and, once claimed, the key of the browser that claimed it; nothing else
    opens the seat.
    """

    seat: int
    kind: str
    name: str
    invite_digest: str | None
    key_digest: str | None
    claimed: bool
    muted: bool
    sitting_out: bool

    def key_is(self, key: object) -> bool:
        """Whether ``key`` opens this seat (compared in constant time)."""
        return _matches(key, self.key_digest)

    def invite_is(self, invite: object) -> bool:
        """Whether ``invite`` is this seat's invitation, not yet used (compared in constant time)."""
        return not self.claimed and _matches(invite, self.invite_digest)


@dataclass(frozen=True)
class StoredHand:
    """A finished hand: its number (from 1), the table seat of each hand seat, its history, and more.

    ``redeal`` is the deck it was dealt from (``Match.play_hand(redeal=)``:
    how many times its number was voided before); ``auto`` the positions in
    ``history`` of the actions the table made for a seat (``[position,
    "time"]`` when the clock ran out, ``"away"`` for an away seat's).
    """

    number: int
    seated: tuple[int, ...]
    history: list[dict[str, Any]]
    redeal: int
    auto: list[tuple[int, str]]
    ended: float | None


class Store:
    """The server's SQLite file (``path``), or a memory one for ``":memory:"`` (one process's)."""

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        self.path = str(path)
        if self.path == ":memory:":  # a name that readers in other threads can open too
            self.path = f"file:badugi-{secrets.token_hex(8)}?mode=memory&cache=shared"
        uri = self.path.startswith("file:")
        target = self.path
        if readonly and not uri:
            target, uri = f"{Path(self.path).resolve().as_uri()}?mode=ro", True
        self._db = sqlite3.connect(target, isolation_level=None, uri=uri)  # transactions explicit
        self.readonly = readonly
        if readonly:
            self._db.execute("PRAGMA query_only=ON")
            return
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        try:
            migrate(self._db, version)
        except RuntimeError as exc:
            raise RuntimeError(f"{path} was {exc}") from None
        self._salt = self._meta("address_salt") or self._set_meta("address_salt", new_secret())

    def reader(self) -> Store:
        """A read-only connection to the same file, for one other thread (close it there)."""
        return Store(self.path, readonly=True)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def limit_pages(self, pages: int) -> None:
        """Let the file grow to ``pages`` pages at most (SQLite's ``max_page_count``): a disk that is full.

        A test's way to fill the disk; 0 gives back the limit of SQLite's build.
        """
        self._db.execute(f"PRAGMA max_page_count={int(pages) if pages else 4294967294}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def _meta(self, name: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, name: str, value: str) -> str:
        self._db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value))
        return value

    def address_digest(self, address: str) -> str:
        """The keyed digest of a visitor's address that the store keeps (never the address)."""
        return hmac.new(self._salt.encode(), address.encode("utf-8", "surrogatepass"), "sha256").hexdigest()[
            :32
        ]

    # -- tables ----------------------------------------------------------------------------------

    def create_table(
        self, settings: TableSettings, creator: str = ""
    ) -> tuple[str, dict[int, str], str, str]:
        """A new table: its id, each person seat's invitation, the host key and the watch key.

        These are the only copies of the secrets: the store keeps their digests.
        ``creator`` is ``address_digest`` of the address that made it.
        """
        table_id = secrets.token_urlsafe(12)
        invites = {seat: new_secret() for seat, kind in enumerate(settings.seats) if kind == "person"}
        host, watch = new_secret(), new_secret()
        control = {"clock": settings.clock, "watching": settings.watching}
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, settings, created, status, creator, host_digest, watch_digest, "
                "control) VALUES (?, ?, ?, 'waiting', ?, ?, ?, ?)",
                (
                    table_id,
                    json.dumps(settings.to_json()),
                    time.time(),
                    creator,
                    digest(host),
                    digest(watch),
                    json.dumps(control),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, kind, name, invite_digest) VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        seat,
                        kind,
                        settings.names[seat],
                        digest(invites[seat]) if seat in invites else None,
                    )
                    for seat, kind in enumerate(settings.seats)
                ],
            )
        return table_id, invites, host, watch

    def table(self, table_id: str) -> TableRecord | None:
        """A table's record, or None for no such table.

        Raises:
            WebInputError: its settings are damaged (no longer settings).
            ValueError: a column is not JSON.
        """
        row = self._db.execute(
            "SELECT id, settings, status, created, control, standings, ended, seen, host_digest, "
            "watch_digest FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        return TableRecord(
            id=row[0],
            settings=TableSettings.stored(json.loads(row[1])),
            status=row[2],
            created=row[3],
            control=json.loads(row[4]),
            standings=None if row[5] is None else json.loads(row[5]),
            ended=row[6],
            seen=row[7],
            host_digest=row[8],
            watch_digest=row[9],
        )

    def table_ids(self, statuses: Sequence[str] | None = None) -> list[str]:
        """Every table's id, oldest first (only those of ``statuses``, if given)."""
        if statuses is None:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id")
        else:
            marks = ",".join("?" * len(statuses))
            rows = self._db.execute(
                f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY created, id", tuple(statuses)
            )
        return [row[0] for row in rows]

    def table_count(
        self, statuses: Sequence[str] = OPEN, *, creator: str | None = None, since: float = 0
    ) -> int:
        """How many tables are of ``statuses`` (made by ``creator``, made at or after ``since``, if given)."""
        marks = ",".join("?" * len(statuses))
        query = f"SELECT COUNT(*) FROM tables WHERE status IN ({marks}) AND created >= ?"
        values: list[Any] = [*statuses, since]
        if creator is not None:
            query += " AND creator = ?"
            values.append(creator)
        return int(self._db.execute(query, values).fetchone()[0])

    def oldest_made_since(self, creator: str, since: float) -> float | None:
        """When the oldest table ``creator`` made at or after ``since`` was made, or None."""
        row = self._db.execute(
            "SELECT MIN(created) FROM tables WHERE creator = ? AND created >= ?", (creator, since)
        ).fetchone()
        return None if row[0] is None else float(row[0])

    def set_status(
        self, table_id: str, status: str, standings: Sequence[Mapping[str, Any]] | None = None
    ) -> None:
        """A table's status now; its standings and end time once it is over or closed."""
        done = status not in OPEN
        self._db.execute(
            "UPDATE tables SET status = ?, over = ?, standings = COALESCE(?, standings), "
            "ended = CASE WHEN ? THEN ? ELSE ended END WHERE id = ?",
            (
                status,
                int(done),
                None if standings is None else json.dumps(list(standings)),
                int(done),
                time.time(),
                table_id,
            ),
        )

    def new_watch_key(self, table_id: str) -> str:
        """A new watch key for a table (the ``watch`` link's secret): the old one opens nothing any more."""
        key = new_secret()
        self._db.execute("UPDATE tables SET watch_digest = ? WHERE id = ?", (digest(key), table_id))
        return key

    def set_control(self, table_id: str, control: Mapping[str, Any]) -> None:
        """What the host set of a table (JSON data), kept for a restart."""
        self._db.execute("UPDATE tables SET control = ? WHERE id = ?", (json.dumps(dict(control)), table_id))

    def set_seen(self, table_id: str, when: float) -> None:
        """The last time a person was at the table (for closing abandoned tables)."""
        self._db.execute("UPDATE tables SET seen = ? WHERE id = ?", (when, table_id))

    # -- seats -----------------------------------------------------------------------------------

    def seats(self, table_id: str) -> list[SeatRecord]:
        """Every seat of a table, in order."""
        rows = self._db.execute(
            "SELECT seat, kind, name, invite_digest, key_digest, claimed, muted, sitting_out FROM seats "
            "WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [SeatRecord(r[0], r[1], r[2], r[3], r[4], bool(r[5]), bool(r[6]), bool(r[7])) for r in rows]

    def seat(self, table_id: str, seat: int) -> SeatRecord | None:
        """One seat's record, or None (no such table or seat)."""
        row = self._db.execute(
            "SELECT seat, kind, name, invite_digest, key_digest, claimed, muted, sitting_out FROM seats "
            "WHERE table_id = ? AND seat = ?",
            (table_id, seat),
        ).fetchone()
        return (
            None if row is None else SeatRecord(row[0], row[1], row[2], row[3], row[4], *map(bool, row[5:]))
        )

    def claim(self, table_id: str, seat: int, invite: str, name: str) -> str | None:
        """Use a seat's invitation (once): the seat's key, made now for whoever claimed it, or None.

        None if ``invite`` is not the seat's invitation, or was used.
        """
        record = self.seat(table_id, seat)
        if record is None or not record.invite_is(invite):
            return None
        key = new_secret()
        cursor = self._db.execute(
            "UPDATE seats SET claimed = 1, key_digest = ?, invite_digest = NULL, name = ? "
            "WHERE table_id = ? AND seat = ? AND claimed = 0 AND invite_digest = ?",
            (digest(key), name, table_id, seat, record.invite_digest),
        )
        return key if cursor.rowcount == 1 else None

    def invite(self, table_id: str, seat: int, kind: str = "person") -> str:
        """A new invitation for a seat, a person's (``kind``) again: its old key and invite open nothing."""
        invite = new_secret()
        self._db.execute(
            "UPDATE seats SET kind = ?, invite_digest = ?, key_digest = NULL, claimed = 0 "
            "WHERE table_id = ? AND seat = ?",
            (kind, digest(invite), table_id, seat),
        )
        return invite

    def to_bot(self, table_id: str, seat: int, kind: str) -> None:
        """A seat becomes a bot of ``kind``: its invitation and key open nothing any more."""
        self._db.execute(
            "UPDATE seats SET kind = ?, invite_digest = NULL, key_digest = NULL, claimed = 0 "
            "WHERE table_id = ? AND seat = ?",
            (kind, table_id, seat),
        )

    def set_seat(
        self, table_id: str, seat: int, *, muted: bool | None = None, sitting_out: bool | None = None
    ) -> None:
        """Mute a seat's chat (or not); sit it out (or in)."""
        if muted is not None:
            self._db.execute(
                "UPDATE seats SET muted = ? WHERE table_id = ? AND seat = ?", (int(muted), table_id, seat)
            )
        if sitting_out is not None:
            self._db.execute(
                "UPDATE seats SET sitting_out = ? WHERE table_id = ? AND seat = ?",
                (int(sitting_out), table_id, seat),
            )

    # -- hands -----------------------------------------------------------------------------------

    def hands(self, table_id: str, *, since: int = 0) -> Iterator[StoredHand]:
        """The table's finished hands in order (those numbered above ``since``), read a few at a time."""
        cursor = self._db.execute(
            "SELECT number, seated, history, redeal, auto, ended FROM hands "
            "WHERE table_id = ? AND number > ? ORDER BY number",
            (table_id, since),
        )
        while rows := cursor.fetchmany(64):
            for number, seated, history, redeal, auto, ended in rows:
                yield StoredHand(
                    number, tuple(json.loads(seated)), json.loads(history), redeal, _auto(auto), ended
                )

    def hand(self, table_id: str, number: int) -> StoredHand | None:
        """One finished hand, or None."""
        return next(self.hands(table_id, since=number - 1), None) if number >= 1 else None

    def hand_count(self, table_id: str) -> int:
        """How many finished hands a table has."""
        row = self._db.execute("SELECT COUNT(*) FROM hands WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

    def save_in_play(
        self,
        table_id: str,
        number: int,
        history: Sequence[Any],
        start: int = 0,
        *,
        redeal: int = 0,
        auto: Mapping[int, str] | None = None,
    ) -> None:
        """Add the hand in play's events from ``start`` on (the ones before are written), in one transaction.

        Events are appended, one row each, so that an action costs what it adds,
        not the whole hand; ``auto`` marks the positions the table acted for a seat.
        """
        marks = auto or {}
        rows = [
            (table_id, number, k, json.dumps(item), redeal, marks.get(k))
            for k, item in enumerate(history[start:], start)
        ]
        insert = (
            "INSERT INTO in_play (table_id, number, position, event, redeal, auto) VALUES (?, ?, ?, ?, ?, ?)"
        )
        if (
            start > 0 and len(rows) == 1
        ):  # an action: one statement, its own transaction (one commit, as before)
            self._db.execute(insert, rows[0])
            return
        with self._transaction():
            if start == 0:
                self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
            self._db.executemany(insert, rows)

    def finish_hand(
        self,
        table_id: str,
        number: int,
        seated: Sequence[int],
        history: Sequence[Any],
        *,
        redeal: int = 0,
        auto: Mapping[int, str] | None = None,
        status: str | None = None,
        standings: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Keep a finished hand, forget it as the hand in play, and the table's end: one transaction."""
        marks = sorted((auto or {}).items())
        with self._transaction():
            self._db.execute(
                "INSERT INTO hands (table_id, number, seated, history, redeal, auto, ended) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    number,
                    json.dumps(list(seated)),
                    json.dumps(history),
                    redeal,
                    json.dumps(marks),
                    time.time(),
                ),
            )
            self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
            if status is not None:
                self.set_status(table_id, status, standings)

    def void_in_play(self, table_id: str) -> tuple[int, int] | None:
        """Move a hand left in play (by a crash or a stop) to ``voided``: its number and redeal, or None."""
        with self._transaction():
            rows = self._db.execute(
                "SELECT number, event, redeal FROM in_play WHERE table_id = ? ORDER BY position", (table_id,)
            ).fetchall()
            if not rows:
                return None
            history = "[" + ",".join(row[1] for row in rows) + "]"
            self._db.execute(
                "INSERT INTO voided (table_id, number, history, voided, redeal) VALUES (?, ?, ?, ?, ?)",
                (table_id, rows[0][0], history, time.time(), rows[0][2]),
            )
            self._db.execute("DELETE FROM in_play WHERE table_id = ?", (table_id,))
        return int(rows[0][0]), int(rows[0][2])

    def voided_count(self, table_id: str, number: int | None = None) -> int:
        """How many hands of a table were voided by a restart (of hand ``number`` only, if given)."""
        if number is None:
            row = self._db.execute("SELECT COUNT(*) FROM voided WHERE table_id = ?", (table_id,)).fetchone()
        else:
            row = self._db.execute(
                "SELECT COUNT(*) FROM voided WHERE table_id = ? AND number = ?", (table_id, number)
            ).fetchone()
        return int(row[0])

    # -- chat and ledger -------------------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int, name: str, text: str) -> int:
        """Keep a chat message; its number (from 1)."""
        with self._transaction():
            row = self._db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM chat WHERE table_id = ?", (table_id,)
            )
            number = int(row.fetchone()[0]) + 1
            self._db.execute(
                "INSERT INTO chat (table_id, number, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, number, seat, name, text, time.time()),
            )
        return number

    def chat(self, table_id: str, last: int = 100) -> list[dict[str, Any]]:
        """The table's last ``last`` chat messages, oldest first."""
        rows = self._db.execute(
            "SELECT number, seat, name, text, at FROM chat WHERE table_id = ? ORDER BY number DESC LIMIT ?",
            (table_id, last),
        ).fetchall()
        return [
            {"number": number, "seat": seat, "name": name, "text": text, "at": at}
            for number, seat, name, text, at in reversed(rows)
        ]

    def add_ledger(self, table_id: str, seat: int, kind: str, amount: int, after_hand: int) -> None:
        """Keep a ledger line: a ``buy_in`` or ``rebuy`` of ``amount`` chips, after hand ``after_hand``."""
        with self._transaction():
            row = self._db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM ledger WHERE table_id = ?", (table_id,)
            )
            number = int(row.fetchone()[0]) + 1
            self._db.execute(
                "INSERT INTO ledger (table_id, number, seat, kind, amount, after_hand, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, number, seat, kind, amount, after_hand, time.time()),
            )

    def ledger(self, table_id: str) -> list[dict[str, Any]]:
        """Every line of a table's ledger, in order."""
        rows = self._db.execute(
            "SELECT seat, kind, amount, after_hand, at FROM ledger WHERE table_id = ? ORDER BY number",
            (table_id,),
        )
        return [
            {"seat": seat, "kind": kind, "amount": amount, "after_hand": after, "at": at}
            for seat, kind, amount, after, at in rows
        ]


def _auto(text: str) -> list[tuple[int, str]]:
    return [(int(position), str(reason)) for position, reason in json.loads(text)]


class _Transaction:
    """``with``: BEGIN IMMEDIATE, then COMMIT, or ROLLBACK on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error:
                self._rollback()  # a COMMIT that fails (a full disk) may leave the transaction open
                raise
        else:
            self._rollback()

    def _rollback(self) -> None:
        # SQLite rolls back by itself on some errors (SQLITE_FULL among them): a second ROLLBACK would
        # raise, and hide the error that matters.
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
