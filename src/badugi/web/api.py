"""The HTTP API: make a table, claim a seat, read the hands, the ledger and a replay, and the host's powers.

Every route answers JSON (or the file asked for) or one line
``{"error": "..."}`` with its status; the web guide states the contract.
Reads of the hands run in a thread of their own over a read-only connection
(``Room.read``), never on the event loop, and are limited per address; a
finished table's downloads are kept once made.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from badugi.engine import BOTS
from badugi.games import GAMES
from badugi.web.downloads import FORMATS, public_hands, seat_hands
from badugi.web.ledger import ledger_csv, ledger_rows
from badugi.web.names import check_name
from badugi.web.protocol import WebInputError, shown
from badugi.web.replay import replay_hand
from badugi.web.room import DamagedError, Room, RoomFullError, TooManyError
from badugi.web.security import Refused, check_origin, json_body
from badugi.web.settings import WATCHING, TableSettings
from badugi.web.site import Holder, Site, bearer, holder_of
from badugi.web.store import Store, TableRecord
from badugi.web.table import Table
from badugi.web.views import SeatScene

__all__ = ["Api"]

log = logging.getLogger("badugi.web")

#: What the host may do (``POST /api/charts/ID/host``), and the fields each takes beside ``key`` and ``do``.
HOST_DOES: dict[str, frozenset[str]] = {
    "start": frozenset(),
    "pause": frozenset(),
    "resume": frozenset(),
    "end": frozenset(),
    "reissue": frozenset({"seat"}),
    "reissue_watch": frozenset(),
    "to_bot": frozenset({"seat", "bot"}),
    "to_person": frozenset({"seat"}),
    "mute": frozenset({"seat"}),
    "unmute": frozenset({"seat"}),
    "clock": frozenset({"seconds"}),
    "watching": frozenset({"watching"}),
    "approve": frozenset({"seat"}),
    "decline": frozenset({"seat"}),
}


def address_of(request: Request) -> str:
    """The visitor's address (as the trusted proxy names it, behind one)."""
    return request.client.host if request.client is not None else ""


class Api:
    """The HTTP routes of one server (``badugi.web.app`` mounts them)."""

    def __init__(self, site: Site, static: Any) -> None:
        self.site = site
        self.static = static

    @property
    def room(self) -> Room:
        """The server's room of tables."""
        return self.site.room

    # -- pages ------------------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        """``GET /``: the page that makes a table."""
        return FileResponse(str(self.static / "index.html"))

    async def table_page(self, request: Request) -> Response:
        """``GET /join/ID/SEAT``, ``/watch/ID``, ``/host/ID``: the table's page (the role is in its path)."""
        return FileResponse(str(self.static / "table.html"))

    async def bots(self, request: Request) -> Response:
        """``GET /api/bots``: the kinds of bot a seat may be (the engine's registry), and their games."""
        return JSONResponse(
            [
                {
                    "name": kind.name,
                    "title": kind.title,
                    "summary": kind.summary,
                    "games": [g for g in GAMES if kind.plays(g)],
                }
                for kind in BOTS.values()
            ]
        )

    # -- the table --------------------------------------------------------------------------------

    def _record(self, request: Request) -> TableRecord:
        try:
            record: TableRecord | None = self.room.record(str(request.path_params["table"]))
        except DamagedError as exc:
            raise Refused(500, str(exc)) from None
        if record is None:
            raise Refused(404, "no such table")
        return record

    def _live(self, record: TableRecord) -> Table | None:
        try:
            table: Table | None = self.room.table(record.id)
        except DamagedError as exc:
            raise Refused(500, str(exc)) from None
        return table

    def _holder(self, request: Request, record: TableRecord) -> Holder:
        holder = holder_of(self.room, record, bearer(request))
        if holder is None:
            raise Refused(403, "this key opens nothing at this table")
        if holder.role == "watcher" and self._watching(record) == "off":
            raise Refused(403, "the host has turned watching off")
        return holder

    def _watching(self, record: TableRecord) -> str:
        table = self._live(record)
        return str((table.control if table is not None else record.control).get("watching", "on"))

    def _seat_of(self, request: Request, record: TableRecord) -> int:
        seat = request.path_params["seat"]
        if not 0 <= seat < len(record.settings.seats):
            raise Refused(404, "no such seat")
        return int(seat)

    async def create(self, request: Request) -> Response:
        """``POST /api/charts``: a new table; its invitations, host link and watch link (201)."""
        check_origin(request)
        body = await json_body(request)
        try:
            settings = TableSettings.from_request(body)
            table, invites, host, watch = self.room.create(settings, address_of(request))
        except TooManyError as exc:
            retry = str(max(1, round(exc.retry_after)))
            raise Refused(429, str(exc), {"Retry-After": retry}) from None
        except (RoomFullError, DamagedError) as exc:  # the server's state, not the request's fault
            raise Refused(503, str(exc)) from None
        except WebInputError as exc:
            raise Refused(400, str(exc)) from None
        web = self.site.base(request)
        seats: list[dict[str, Any]] = []
        for seat, kind in enumerate(settings.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": kind, "name": settings.names[seat]}
            if seat in invites:
                entry["join"] = f"{web}/join/{table.id}/{seat}#{invites[seat]}"
            seats.append(entry)
        answer = {
            "table": table.id,
            "host": f"{web}/host/{table.id}#{host}",
            "watch": f"{web}/watch/{table.id}#{watch}",
            "seeded": settings.seeded,
            "seats": seats,
        }
        return JSONResponse(answer, status_code=201)

    async def about(self, request: Request) -> Response:
        """``GET /api/charts/ID``: what anyone with the table's id may know of it."""
        record = self._record(request)
        table = self._live(record)
        seats = self.room.store.seats(record.id)
        status = table.status if table is not None else record.status
        return JSONResponse(
            {
                "table": record.id,
                **record.settings.public(),
                "status": status,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "name": s.name, "claimed": s.claimed} for s in seats
                ],
                "hands_played": self.room.store.hand_count(record.id),
                "over": status in ("over", "closed"),
            }
        )

    async def claim(self, request: Request) -> Response:
        """``POST .../seats/SEAT/claim``: use an invitation (once); the seat's key, made now."""
        check_origin(request)
        record = self._record(request)
        seat = self._seat_of(request, record)
        body = await json_body(request)
        if not isinstance(body, dict) or set(body) - {"invite", "name"}:
            raise Refused(400, 'a claim is {"invite": INVITATION, "name": YOUR NAME}')
        table = self._live(record)
        stored = self.room.store.seat(record.id, seat)
        if stored is None or stored.kind != "person":
            raise Refused(403, "this invitation is not valid: ask for the link again")
        if stored.claimed:
            raise Refused(409, "this invitation was already used in another browser: the seat is taken")
        if not stored.invite_is(body.get("invite")):
            raise Refused(403, "this invitation is not valid (or was replaced): ask for the link again")
        if table is None:
            raise Refused(409, "this table is over")
        others = [s.name for i, s in enumerate(table.seats) if i != seat]
        name = body.get("name")
        try:
            chosen = stored.name if name is None else check_name(name, others)
        except WebInputError as exc:
            raise Refused(400, str(exc)) from None
        key = self.room.store.claim(record.id, seat, str(body.get("invite")), chosen)
        if key is None:
            raise Refused(409, "this invitation was already used in another browser: the seat is taken")
        log.info("table %s: seat %d's invitation used", record.id, seat)
        table.claimed(seat, chosen)
        socket = self.site.socket_url(self.site.base(request), record.id, f"{seat}?key={key}")
        return JSONResponse({"key": key, "socket": socket, "name": chosen})

    # -- reads of the hands (in a thread, limited per address) ---------------------------------------

    def _may_read(self, request: Request) -> None:
        try:
            self.room.may_read(address_of(request))
        except TooManyError as exc:
            raise Refused(429, str(exc), {"Retry-After": str(max(1, round(exc.retry_after)))}) from None

    def _keep(self, record: TableRecord, table: Table | None, *parts: str) -> tuple[str, str, str] | None:
        """Where a finished table's download is kept (None while it plays: it changes)."""
        return None if table is not None else (record.id, parts[0], parts[1])

    async def hands(self, request: Request) -> Response:
        """``GET .../hands``: the finished hands as nobody holds them (any key of the table)."""
        record = self._record(request)
        self._holder(request, record)
        self._may_read(request)
        table = self._live(record)
        text = await self.room.read(
            lambda store: public_hands(store.hands(record.id)), self._keep(record, table, "public", "json")
        )
        return PlainTextResponse(text, media_type="application/x-ndjson")

    async def history(self, request: Request) -> Response:
        """``GET .../seats/SEAT/history``: the hands that seat played, as it saw them (its key)."""
        record = self._record(request)
        seat = self._seat_of(request, record)
        form = request.query_params.get("format", "json")
        if form not in FORMATS:
            raise Refused(400, f"format must be one of {', '.join(FORMATS)}")
        holder = holder_of(self.room, record, bearer(request))
        if holder is None or holder.seat != seat:
            raise Refused(403, "this seat's key is not valid")
        self._may_read(request)
        table = self._live(record)
        names = [s.name for s in self.room.store.seats(record.id)]
        title = f"badugi {record.id}"

        def work(store: Store) -> tuple[str, int]:
            return seat_hands(store.hands(record.id), seat, form, names, title)

        text, left_out = await self.room.read(work, self._keep(record, table, f"seat{seat}", form))
        media, ending = FORMATS[form]
        headers = {
            "Content-Disposition": f'attachment; filename="badugi-{record.id}-seat{seat + 1}.{ending}"',
            "X-Hands-Left-Out": str(left_out),
        }
        return Response(text, media_type=media, headers=headers)

    async def replay(self, request: Request) -> Response:
        """``GET .../replay/N``: hand N step by step, as the key's holder saw it."""
        record = self._record(request)
        holder = self._holder(request, record)
        number = request.path_params["number"]
        self._may_read(request)
        table = self._live(record)
        seats = self._seat_scenes(record, table)
        seat = holder.seat

        def work(store: Store) -> list[dict[str, Any]] | None:
            stored = store.hand(record.id, number)
            if stored is None:
                return None
            settings = record.settings
            return replay_hand(
                stored, seats, table=record.id, mode=settings.mode, hands=settings.hands, seat=seat
            )

        steps = await self.room.read(work, self._keep(record, table, f"replay{number}", str(seat)))
        if steps is None:
            raise Refused(404, f"hand {number} is not a finished hand of this table")
        return JSONResponse({"hand": number, "seat": seat, "steps": steps})

    def _seat_scenes(self, record: TableRecord, table: Table | None) -> list[SeatScene]:
        seats = self.room.store.seats(record.id)
        return [
            SeatScene(
                s.name, s.kind, 0, s.kind != "person" or s.claimed, False, False, s.sitting_out, s.muted
            )
            for s in seats
        ]

    async def ledger(self, request: Request) -> Response:
        """``GET .../ledger``: each seat's buy-in, rebuys, chips and net (``?format=csv`` too)."""
        record = self._record(request)
        self._holder(request, record)
        form = request.query_params.get("format", "json")
        if form not in ("json", "csv"):
            raise Refused(400, "format must be json or csv")
        table = self._live(record)
        seats = self.room.store.seats(record.id)
        if table is not None:
            chips, middle = list(table.driver.chips), table.driver.middle
        else:
            held = {row["seat"]: row["chips"] for row in record.standings or []}
            chips, middle = [held.get(s.seat, 0) for s in seats], 0
        rows = ledger_rows(
            self.room.store.ledger(record.id), [s.name for s in seats], [s.kind for s in seats], chips, middle
        )
        if form == "csv":
            return Response(
                ledger_csv(rows),
                media_type="text/csv; charset=utf-8",
                headers={"Content-Disposition": f'attachment; filename="badugi-{record.id}-ledger.csv"'},
            )
        return JSONResponse({"table": record.id, "rows": rows, "total": sum(row["net"] for row in rows)})

    # -- the host ---------------------------------------------------------------------------------

    async def host(self, request: Request) -> Response:
        """``POST .../host``: one of the host's powers (``HOST_DOES``)."""
        check_origin(request)
        record = self._record(request)
        body = await json_body(request)
        if not isinstance(body, dict):
            raise Refused(400, 'the host\'s request is {"key": HOST_KEY, "do": WHAT, ...}')
        if not record.host_is(body.get("key")):
            raise Refused(403, "this host key is not valid")
        what = body.get("do")
        if not isinstance(what, str) or what not in HOST_DOES:
            raise Refused(400, f"do must be one of {', '.join(HOST_DOES)}, got {shown(what)}")
        extra = sorted(set(body) - {"key", "do"} - HOST_DOES[what])
        if extra:
            raise Refused(400, f"{what} takes no field {shown(extra[0])}")
        table = self._live(record)
        if table is None:
            raise Refused(409, f"the table is {record.status}: the host can do nothing more")
        try:
            answer = self._host_does(request, table, what, body)
        except WebInputError as exc:
            raise Refused(400, str(exc)) from None
        except (sqlite3.Error, OSError):
            raise Refused(
                503, "the server cannot save this now (its disk may be full): try again soon"
            ) from None
        log.info("table %s: the host does %s", table.id, what)
        return JSONResponse({"ok": True, **answer})

    def _host_seat(self, table: Table, body: dict[str, Any]) -> int:
        seat = body.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise WebInputError(
                f"seat must be a seat's number, 0 to {len(table.seats) - 1}, got {shown(seat)}"
            )
        return seat

    def _host_does(self, request: Request, table: Table, what: str, body: dict[str, Any]) -> dict[str, Any]:  # noqa: PLR0912 - a branch a power
        web = self.site.base(request)
        if what == "start":
            table.begin()
        elif what in ("pause", "resume"):
            table.pause(what == "pause")
        elif what == "end":
            table.end("over", "ended")
        elif what == "reissue":
            seat = self._host_seat(table, body)
            return {"join": f"{web}/join/{table.id}/{seat}#{table.reissue(seat)}"}
        elif what == "to_person":
            seat = self._host_seat(table, body)
            return {"join": f"{web}/join/{table.id}/{seat}#{table.to_person(seat)}"}
        elif what == "reissue_watch":
            key = self.room.store.new_watch_key(table.id)
            table.drop_watchers("the watch link was replaced: ask the host for the new one")
            return {"watch": f"{web}/watch/{table.id}#{key}"}
        elif what == "to_bot":
            kind = body.get("bot", "draw")
            if not isinstance(kind, str) or kind not in BOTS:
                raise WebInputError(f"bot must be one of {', '.join(BOTS)}, got {shown(kind)}")
            table.to_bot(self._host_seat(table, body), kind)
        elif what in ("mute", "unmute"):
            table.set_muted(self._host_seat(table, body), what == "mute")
        elif what == "clock":
            table.set_clock(body.get("seconds"))
        elif what == "watching":
            watching = body.get("watching")
            if not isinstance(watching, str) or watching not in WATCHING:
                raise WebInputError(f"watching must be one of {', '.join(WATCHING)}, got {shown(watching)}")
            table.set_watching(watching)
        else:  # approve, decline
            table.approve_rebuy(self._host_seat(table, body), what == "approve")
        return {}
