"""The table server as a Starlette application: the pages, the JSON API and the WebSockets.

``create_app(...)`` is the whole server; ``badugi serve`` runs it under
uvicorn (``badugi.web.server``). The routes (the web guide states the
contract in full):

* ``GET /`` the page that makes a table; ``GET /join/ID/SEAT``,
  ``GET /watch/ID`` and ``GET /host/ID`` the table's page for a seat's
  invitation, a watcher and the host (each secret after ``#``, which no
  browser sends to a server); ``GET /static/...`` the pages' files;
* ``POST /api/tables`` makes a table; ``GET /api/tables/ID`` says what it is;
  ``POST /api/tables/ID/seats/SEAT/claim`` uses an invitation;
  ``GET /api/tables/ID/hands``, ``/replay/N``, ``/ledger`` and
  ``/seats/SEAT/history`` read the hands (a key as ``Authorization: Bearer``);
  ``POST /api/tables/ID/host`` is the host's;
* ``WS /ws/ID/SEAT?key=``, ``/ws/ID/watch?key=``, ``/ws/ID/host?key=``.

What faces the internet is checked: the ``Host`` of every request (when the
server was told which hosts are its own), the ``Origin`` of every socket and
every write (a page of another site is refused), the size and type of every
body, what each address may take (``badugi.web.limits``), a rate per socket.
Errors are one line of JSON, never a traceback, and no secret is logged
(uvicorn's access log, which would log a socket's link, is off).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from badugi.web.api import Api
from badugi.web.limits import Limits
from badugi.web.protocol import WebInputError
from badugi.web.room import MOST_TABLES, SWEEP_EVERY, Room
from badugi.web.security import MOST_BODY, Headers, Refused
from badugi.web.site import Site
from badugi.web.sockets import Sockets
from badugi.web.store import Store
from badugi.web.table import Pacing

__all__ = ["MOST_BODY", "check_public_url", "create_app"]

log = logging.getLogger("badugi.web")

STATIC = resources.files("badugi.web") / "static"


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


def create_app(
    data: str | Path,
    *,
    pacing: Pacing | None = None,
    public_url: str | None = None,
    hosts: Sequence[str] | None = None,
    most_tables: int = MOST_TABLES,
    limits: Limits | None = None,
    sweep_every: float = SWEEP_EVERY,
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
        most_tables: the most tables in play the server holds (finished ones do not count).
        limits: what one visitor may take (``Limits``' defaults).
        sweep_every: seconds between two looks for abandoned tables.
        echo: add ``WS /bench/echo``, a bare echo socket (``tools/bench_web.py``'s floor).

    The application's ``state.room`` is the server's ``Room`` once it started.

    Raises:
        WebInputError: ``public_url`` is not ``http(s)://host[:port]`` (``check_public_url``).
    """
    if public_url is not None:
        public_url = check_public_url(public_url)
    allowed = None if hosts is None else frozenset(h.lower() for h in hosts)
    if allowed is not None and public_url is not None:
        allowed = allowed | {urlsplit(public_url).netloc.lower()}
    site = Site(room=None, public_url=public_url)  # type: ignore[arg-type] # the room is made at the start
    api, sockets = Api(site, STATIC), Sockets(site)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(data)
        room = Room(store, pacing or Pacing(), limits, most_tables, sweep_every)
        site.room = room
        app.state.room = room
        room.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            room.stop()
            await asyncio.sleep(0.05)  # the sockets' last frames and closes go out
            store.close()

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=exc.headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__)
        return JSONResponse({"error": "the server failed on this request"}, status_code=500)

    routes: list[BaseRoute] = [
        Route("/", api.page),
        Route("/join/{table}/{seat:int}", api.table_page),
        Route("/watch/{table}", api.table_page),
        Route("/host/{table}", api.table_page),
        Route("/api/bots", api.bots),
        Route("/api/tables", api.create, methods=["POST"]),
        Route("/api/tables/{table}", api.about),
        Route("/api/tables/{table}/hands", api.hands),
        Route("/api/tables/{table}/ledger", api.ledger),
        Route("/api/tables/{table}/replay/{number:int}", api.replay),
        Route("/api/tables/{table}/host", api.host, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat:int}/claim", api.claim, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat:int}/history", api.history),
        WebSocketRoute("/ws/{table}/watch", sockets.watcher),
        WebSocketRoute("/ws/{table}/host", sockets.host),
        WebSocketRoute("/ws/{table}/{seat:int}", sockets.seat),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    if echo:
        routes.append(WebSocketRoute("/bench/echo", sockets.echo))
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={Refused: refused, HTTPException: http_error, Exception: server_error},
    )
    app.add_middleware(Headers, hosts=allowed)
    return app
