"""Running the table server under uvicorn: bound, announced once it listens, stopped on a signal.

``serve(...)`` is what ``badugi serve`` runs. It prints
``badugi serving on http://HOST:PORT/`` once the socket listens (a port of 0
is the one the system chose), with uvicorn's WebSocket implementation from
the ``websockets`` package, messages of at most ``MOST_FRAME`` bytes, and no
access log (a socket's link carries its seat's key).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path

import uvicorn

from badugi.errors import BadugiError
from badugi.web.app import check_public_url, create_app
from badugi.web.store import Store
from badugi.web.table import Pacing

__all__ = ["DATA_FILE", "MOST_FRAME", "ServeError", "serve"]

#: The file under ``--data`` that holds everything.
DATA_FILE = "badugi.sqlite3"
#: The largest WebSocket message the server reads, in bytes: larger ones close the socket (1009).
MOST_FRAME = 64 * 1024
LOOPBACK = ("127.0.0.1", "localhost", "::1")


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


def serve(
    host: str,
    port: int,
    data: Path,
    *,
    pacing: Pacing | None = None,
    public_url: str | None = None,
    announce: Callable[[str], object] = print,
    echo: bool = False,
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
    listener = _bind(host, port)
    bound = listener.getsockname()[1]
    app = create_app(path, pacing=pacing, public_url=public_url, hosts=_hosts(host, bound), echo=echo)
    config = uvicorn.Config(
        app,
        host=host,
        port=bound,
        log_level="warning",
        access_log=False,
        ws="websockets-sansio",
        ws_max_size=MOST_FRAME,
        lifespan="on",
        proxy_headers=False,
    )
    server = uvicorn.Server(config)

    async def main() -> None:
        task = asyncio.create_task(server.serve(sockets=[listener]))
        while not server.started:
            if task.done():
                await task
                return
            await asyncio.sleep(0.01)
        announce(f"badugi serving on http://{'[' + host + ']' if ':' in host else host}:{bound}/")
        await task

    asyncio.run(main())
