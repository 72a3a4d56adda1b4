"""Running the table server under uvicorn: bound, guarded, announced once it listens, stopped cleanly.

``serve(...)`` is what ``badugi serve`` runs. It prints
``badugi serving on http://HOST:PORT/`` once the socket listens (a port of 0
is the one the system chose), with uvicorn's WebSocket implementation from
the ``websockets`` package under the server's door (``badugi.web.guard``:
connections per address and in all, a deadline for each request), messages
of at most ``MOST_FRAME`` bytes, and no access log (a socket's link carries
its key). It raises its limit of open files to the system's hard limit and
keeps its connections well under it.

On SIGINT or SIGTERM it stops dealing and acting at every table, closes
every socket with 1001 ("going away"), lets the last writes finish, and only
then closes the store: nothing is lost, and nothing is logged but a line.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import uvicorn

from badugi.errors import BadugiError
from badugi.web.app import check_public_url, create_app
from badugi.web.conditions import Condition
from badugi.web.guard import Guard, protocols
from badugi.web.limits import Limits
from badugi.web.store import Store
from badugi.web.table import Pacing

__all__ = ["DATA_FILE", "MOST_FRAME", "ServeError", "TableServer", "config_for", "serve"]

#: The file under ``--data`` that holds everything.
DATA_FILE = "badugi.sqlite3"
#: The largest WebSocket message the server reads, in bytes: larger ones close the socket (1009).
MOST_FRAME = 64 * 1024
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Open files kept free for the store, the logs and the process's own use.
SPARE_FILES = 200

log = logging.getLogger("badugi.web")


class ServeError(BadugiError, ValueError):
    """The server cannot start on what it was given (its ``--data``); the message says which and why."""


def check_data(data: Path) -> Path:
    """The data file under ``data``, made or opened once before anything listens.

    A folder that cannot be made or written, or a file that is no SQLite
    database of this server's, is one line here, not a traceback at start-up.

    Raises:
        ServeError: ``data`` cannot hold the server's file; the message names it.
    """
    path = data / DATA_FILE
    if data.exists() and not data.is_dir():
        raise ServeError(f"--data {data} is not a folder: it names the folder that holds {DATA_FILE}")
    try:
        data.mkdir(parents=True, exist_ok=True)
        Store(path).close()
    except OSError as exc:
        raise ServeError(f"--data {data}: {exc.strerror or exc}") from None
    except sqlite3.Error as exc:
        raise ServeError(
            f"--data {data}: {path.name} cannot be used ({exc}): is it writable, and this server's?"
        ) from None
    except RuntimeError as exc:  # the Store's word for a file of another schema
        raise ServeError(f"--data {data}: {exc}") from None
    return path


def open_files() -> int:
    """The process's limit of open files, raised to the system's hard limit first (where it may be)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed: the soft limit stays, and the caps follow it
            pass
    return int(soft if soft != resource.RLIM_INFINITY else 65536)


def _hosts(host: str, port: int) -> list[str] | None:
    """The Host values a server bound to ``host`` answers: its own names, or any (None) bound to all."""
    if host in ("0.0.0.0", "::", ""):
        return None
    names = {host, *LOOPBACK} if host in LOOPBACK else {host}
    shown = [f"[{name}]" if ":" in name else name for name in names]
    return [f"{name}:{port}" for name in shown] + (list(shown) if port == 80 else [])


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port): bound here, so that the port is known before the app is made."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(address)
    listener.listen(2048)
    listener.set_inheritable(True)
    return listener


def config_for(
    app: Any,
    guard: Guard,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    forwarded_allow_ips: Sequence[str] | None = None,
) -> uvicorn.Config:
    """The uvicorn configuration of a table server: its door (``guard``), frames, logs and proxies.

    ``forwarded_allow_ips``: the reverse proxies whose ``X-Forwarded-For``
    names the visitor (as uvicorn's option says it); none by default, so that
    no visitor can name an address of their choosing.
    """
    http, ws = protocols(guard)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        http=http,
        ws=ws,
        ws_max_size=MOST_FRAME,
        ws_per_message_deflate=False,
        lifespan="on",
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=list(forwarded_allow_ips) if forwarded_allow_ips else None,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=5,
    )


class TableServer(uvicorn.Server):
    """The uvicorn server, which stops the tables (sockets closed with 1001) before closing connections."""

    def __init__(self, config: uvicorn.Config, before_shutdown: Callable[[], None] | None = None) -> None:
        super().__init__(config)
        self.before_shutdown = before_shutdown

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Stop the tables, let their last frames go, then uvicorn's shutdown."""
        if self.before_shutdown is not None:
            self.before_shutdown()
            await asyncio.sleep(0.2)
        await super().shutdown(sockets)


def quiet_loop_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Log what the event loop reports once a condition, in one line: never a traceback a connection."""
    conditions: dict[str, Condition] = {}

    def report(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", "an error in the event loop"))
        exc = context.get("exception")
        text = f"{message}: {type(exc).__name__}: {exc}" if exc is not None else message
        conditions.setdefault(message, Condition(message)).happened(text[:200])

    loop.set_exception_handler(report)


def serve(
    host: str,
    port: int,
    data: Path,
    *,
    pacing: Pacing | None = None,
    public_url: str | None = None,
    announce: Callable[[str], object] = print,
    echo: bool = False,
    limits: Limits | None = None,
    forwarded_allow_ips: Sequence[str] | None = None,
    connections_per_address: int = 64,
    connections_a_second: int = 20,
    request_time: float = 10.0,
) -> None:
    """Serve until stopped (SIGINT or SIGTERM), keeping everything under ``data``.

    Raises:
        ServeError: ``data`` cannot hold the server's file (``check_data``).
        WebInputError: ``public_url`` is not ``http(s)://host[:port]``.
        OSError: the address cannot be bound (in use, not this machine's).
    """
    if public_url is not None:
        check_public_url(public_url)
    path = check_data(data)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    files = open_files()
    guard = Guard(
        per_address=connections_per_address,
        total=max(16, files - SPARE_FILES),
        request_time=request_time,
        trusted=frozenset(forwarded_allow_ips or ()),
        connects=(3 * connections_a_second, float(connections_a_second)),
    )
    listener = _bind(host, port)
    bound = listener.getsockname()[1]
    app = create_app(
        path, pacing=pacing, public_url=public_url, hosts=_hosts(host, bound), echo=echo, limits=limits
    )
    config = config_for(app, guard, host=host, port=bound, forwarded_allow_ips=forwarded_allow_ips)

    def stop_tables() -> None:
        room = getattr(app.state, "room", None)
        if room is not None:
            room.stop()

    server = TableServer(config, stop_tables)

    async def main() -> None:
        quiet_loop_errors(asyncio.get_running_loop())
        task = asyncio.create_task(server.serve(sockets=[listener]))
        while not server.started:
            if task.done():
                await task
                return
            await asyncio.sleep(0.01)
        announce(f"badugi serving on http://{'[' + host + ']' if ':' in host else host}:{bound}/")
        await task

    asyncio.run(main())
