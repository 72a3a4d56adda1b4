"""The table server as a Starlette application: the page, the JSON API and each seat's WebSocket.

``create_app(...)`` is the whole server; ``badugi serve`` runs it under
uvicorn (``badugi.web.server``). The routes (the web guide states the
contract in full):

* ``GET /`` the page that makes a table; ``GET /join/ID/SEAT`` the table's
  page for an invitation (its secret after ``#``, which no browser sends to a
  server), ``GET /static/...`` the page's files;
* ``POST /api/tables`` makes a table; ``GET /api/tables/ID`` says what it is;
  ``GET /api/tables/ID/hands`` its finished hands, public (JSON lines);
  ``POST /api/tables/ID/seats/SEAT/claim`` uses an invitation;
  ``GET /api/tables/ID/seats/SEAT/history`` a seat's own record (its key as
  ``Authorization: Bearer KEY``);
* ``WS /ws/ID/SEAT?key=KEY`` the seat's socket.

What faces the internet is checked: the ``Host`` of every request (when the
server was told which hosts are its own), the ``Origin`` of every socket and
every write (a page of another site is refused), the size of every body and
message, a rate per socket. Errors are one line of JSON, never a traceback,
and no secret is logged (uvicorn's access log, which would log a socket's
link, is off).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from badugi.web.downloads import FORMATS, public_hands, seat_hands
from badugi.web.protocol import RateLimit, WebInputError, parse_message
from badugi.web.room import MOST_TABLES, Room, RoomFullError
from badugi.web.settings import TableSettings
from badugi.web.store import Store
from badugi.web.table import Pacing

__all__ = ["MOST_BODY", "check_public_url", "create_app"]

log = logging.getLogger("badugi.web")

#: The largest request body read, in bytes: a table's settings are a few hundred.
MOST_BODY = 16 * 1024
#: Frames a slow socket may have waiting before it is closed (a seat gets a few per action).
MOST_QUEUED = 1000
#: What every page and answer is sent with: nothing from another origin, no referrer (the links are secrets).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
STATIC = resources.files("badugi.web") / "static"


class _Refused(Exception):
    """A request answered with one JSON error line and its status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class SocketConnection:
    """A seat's socket as the table sees it: frames queued here and written by ``pump``, in order."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self._queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._closing = False

    def send(self, text: str) -> None:
        """Queue one frame; a socket too slow to take ``MOST_QUEUED`` frames is closed."""
        if self._closing:
            return
        if self._queue.qsize() >= MOST_QUEUED:
            self.close(1008, "too slow: frames not read")
            return
        self._queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close after the frames queued."""
        if not self._closing:
            self._closing = True
            self._queue.put_nowait((code, reason))

    async def pump(self) -> None:
        """Write the queued frames until the close."""
        while True:
            item = await self._queue.get()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):  # already gone
                    await self.socket.close(code=item[0], reason=item[1])
                return
            await self.socket.send_text(item)


class _Headers:
    """ASGI middleware: the security headers on every HTTP answer, and the Host check on everything."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if self.hosts is not None and (host is None or host.lower() not in self.hosts):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            response = JSONResponse({"error": "this server does not answer for that host"}, status_code=421)
            await response(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.lower().encode() not in present:
                        headers.append((name.encode(), value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _same_origin(origin: str | None, host: str | None) -> bool:
    """A request with no Origin is no browser's page (a program); one with an Origin must be ours."""
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return host is not None and parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def check_public_url(url: str) -> str:
    """``url`` as the links are made with it (no trailing slash), if it is ``http(s)://host[:port]``.

    Raises:
        WebInputError: it is not (a path, a query, no host, another scheme): every link would be broken.
    """
    try:
        parts = urlsplit(url.rstrip("/"))
        parts.port  # noqa: B018 - asked to check it: a port that is no number raises ValueError
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path
        or parts.query
        or parts.fragment
    ):
        raise WebInputError(f"the public URL must be http://HOST[:PORT] or https://HOST[:PORT], got {url!r}")
    return url.rstrip("/")


def create_app(  # noqa: PLR0915 - the routes are closures over one server's room and addresses
    data: str | Path,
    *,
    pacing: Pacing | None = None,
    public_url: str | None = None,
    hosts: Sequence[str] | None = None,
    most_tables: int = MOST_TABLES,
    echo: bool = False,
) -> Starlette:
    """The table server over the SQLite file ``data`` (a path, or ``":memory:"``).

    Args:
        data: where the server keeps everything (``badugi serve --data DIR``
            passes ``DIR/badugi.sqlite3``).
        pacing: the bots' and the hands' pauses (``Pacing``'s defaults).
        public_url: the address the links are made with (``http://host:port``),
            when people reach the server by another name than its requests'
            ``Host`` (behind a port forward); its host is one of ``hosts``.
        hosts: the only ``Host`` values answered (``host`` or ``host:port``,
            lower case), or None to answer any.
        most_tables: the most tables in play the file may hold (finished ones do not count).
        echo: add ``WS /bench/echo``, a bare echo socket (``tools/bench_web.py``'s floor).

    Raises:
        WebInputError: ``public_url`` is not ``http(s)://host[:port]`` (``check_public_url``).
    """
    if public_url is not None:
        public_url = check_public_url(public_url)
    allowed = None if hosts is None else frozenset(h.lower() for h in hosts)
    if allowed is not None and public_url is not None:
        allowed = allowed | {urlsplit(public_url).netloc.lower()}
    state: dict[str, Room] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(data)
        room = Room(store, pacing or Pacing(), most_tables)
        room.start(asyncio.get_running_loop())
        state["room"] = room
        try:
            yield
        finally:
            store.close()

    def room() -> Room:
        return state["room"]

    def base(request: Request) -> str:
        if public_url is not None:
            return public_url
        return f"{request.url.scheme}://{request.headers.get('host', 'localhost')}"

    def socket_url(web: str, table_id: str, seat: int, key: str) -> str:
        scheme = "wss" if web.startswith("https:") else "ws"
        return f"{scheme}://{web.split('://', 1)[1]}/ws/{table_id}/{seat}?key={key}"

    async def create(request: Request) -> Response:
        _check_origin(request)
        body = await _json_body(request)
        try:
            settings = TableSettings.from_request(body)
            table, secrets = room().create(settings)
        except RoomFullError as exc:  # the server's state, not the request's fault: come back later
            raise _Refused(503, str(exc)) from None
        except WebInputError as exc:
            raise _Refused(400, str(exc)) from None
        web = base(request)
        seats: list[dict[str, Any]] = []
        for seat, kind in enumerate(settings.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": kind, "name": settings.names[seat]}
            if seat in secrets:
                key, invite = secrets[seat]
                entry["join"] = f"{web}/join/{table.id}/{seat}#{invite}"
                entry["socket"] = socket_url(web, table.id, seat, key)
            seats.append(entry)
        return JSONResponse({"table": table.id, "seats": seats}, status_code=201)

    def table_of(request: Request) -> Any:
        table = room().get(str(request.path_params["table"]))
        if table is None:
            raise _Refused(404, "no such table")
        return table

    def seat_of(request: Request, table: Any) -> int:
        seat = request.path_params["seat"]
        if not 0 <= seat < len(table.settings.seats):
            raise _Refused(404, "no such seat")
        return int(seat)

    async def about(request: Request) -> Response:
        table = table_of(request)
        settings: TableSettings = table.settings
        store: Store = room().store
        return JSONResponse(
            {
                "table": table.id,
                "game": settings.game,
                "title": settings.game_model.title,
                "structure": settings.structure,
                "hands": settings.hands,
                "clock": settings.clock,
                "seats": [
                    {"seat": seat, "kind": kind, "name": settings.names[seat]}
                    for seat, kind in enumerate(settings.seats)
                ],
                "hands_played": store.hand_count(table.id),
                "over": table.status == "over",
            }
        )

    async def hands(request: Request) -> Response:
        table = table_of(request)
        text = public_hands(room().store.hands(table.id))
        return PlainTextResponse(text, media_type="application/x-ndjson")

    async def claim(request: Request) -> Response:
        _check_origin(request)
        table = table_of(request)
        seat = seat_of(request, table)
        body = await _json_body(request)
        invite = body.get("invite") if isinstance(body, dict) else None
        record = room().store.seat(table.id, seat)
        if record is None or not isinstance(invite, str) or len(invite) > 100 or not record.invite_is(invite):
            raise _Refused(403, "this invitation is not valid: ask for the link again")
        session = room().store.claim(table.id, seat)
        if session is None:
            raise _Refused(409, "this invitation was already used in another browser: the seat is taken")
        log.info("table %s: seat %d's invitation used", table.id, seat)
        return JSONResponse({"key": session, "socket": socket_url(base(request), table.id, seat, session)})

    async def history(request: Request) -> Response:
        table = table_of(request)
        seat = seat_of(request, table)
        form = request.query_params.get("format", "json")
        if form not in FORMATS:
            raise _Refused(400, f"format must be one of {', '.join(FORMATS)}")
        auth = request.headers.get("authorization", "")
        key = auth[len("Bearer ") :] if auth.startswith("Bearer ") else ""
        record = room().store.seat(table.id, seat)
        if record is None or not key or len(key) > 100 or not record.key_is(key):
            raise _Refused(403, "this seat's key is not valid")
        text, left_out = seat_hands(room().store.hands(table.id), seat, form, table.settings.names)
        media, ending = FORMATS[form]
        headers = {
            "Content-Disposition": f'attachment; filename="badugi-{table.id}-seat{seat + 1}.{ending}"',
            "X-Hands-Left-Out": str(left_out),
        }
        return Response(text, media_type=media, headers=headers)

    async def page(request: Request) -> Response:
        return FileResponse(str(STATIC / "index.html"))

    async def table_page(request: Request) -> Response:
        return FileResponse(str(STATIC / "table.html"))

    async def seat_socket(socket: WebSocket) -> None:
        host, origin = socket.headers.get("host"), socket.headers.get("origin")
        if not _same_origin(origin, host):
            log.info("a socket from another origin was refused")
            await socket.close(code=1008)
            return
        await socket.accept()
        table = room().get(str(socket.path_params["table"]))
        seat = socket.path_params["seat"]
        key = socket.query_params.get("key", "")
        record = None
        if table is not None and 0 <= seat < len(table.settings.seats):
            record = room().store.seat(table.id, seat)
        if table is None or record is None or not key or len(key) > 100 or not record.key_is(key):
            await socket.send_text(json.dumps({"type": "error", "message": "this seat's link is not valid"}))
            await socket.close(code=4003, reason="refused")
            return
        connection = SocketConnection(socket)
        pump = asyncio.create_task(connection.pump())
        table.join(seat, connection)
        try:
            await _read(socket, table, seat, connection, pump)
        except (WebSocketDisconnect, RuntimeError):  # the socket went away mid-read
            pass
        except Exception as exc:  # one line, never a traceback to the client
            log.error("table %s: seat %d's socket failed: %s", table.id, seat, type(exc).__name__)
            connection.close(1011, "server error")
        finally:
            table.leave(seat, connection)
            connection.close(1000, "")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=5)

    async def echo_socket(socket: WebSocket) -> None:
        await socket.accept()
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                await socket.send_text(message.get("text") or "")

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, _Refused)
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__)
        return JSONResponse({"error": "the server failed on this request"}, status_code=500)

    routes: list[Any] = [
        Route("/", page),
        Route("/join/{table}/{seat:int}", table_page),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", about),
        Route("/api/tables/{table}/hands", hands),
        Route("/api/tables/{table}/seats/{seat:int}/claim", claim, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat:int}/history", history),
        WebSocketRoute("/ws/{table}/{seat:int}", seat_socket),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    if echo:
        routes.append(WebSocketRoute("/bench/echo", echo_socket))
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={_Refused: refused, HTTPException: http_error, Exception: server_error},
    )
    app.add_middleware(_Headers, hosts=allowed)
    return app


async def _read(socket: WebSocket, table: Any, seat: int, connection: SocketConnection, pump: Any) -> None:
    """A seat's messages, each read, limited, parsed and handed to the table, until the socket closes."""
    limit, warned = RateLimit(), False
    while not pump.done():
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
        try:
            intent = parse_message(message.get("text"))
        except WebInputError as exc:
            table.refuse(connection, str(exc))
            continue
        if table.receive(seat, intent, connection):
            limit.refund()


def _check_origin(request: Request) -> None:
    if not _same_origin(request.headers.get("origin"), request.headers.get("host")):
        raise _Refused(403, "a page of another site may not do this")


async def _json_body(request: Request) -> Any:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MOST_BODY):
        raise _Refused(413, f"the body is at most {MOST_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MOST_BODY:
            raise _Refused(413, f"the body is at most {MOST_BODY} bytes")
    try:
        return json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Refused(400, "the body must be JSON (UTF-8)") from None


def _no_constant(name: str) -> None:
    raise ValueError(name)
