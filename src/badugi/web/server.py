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
from collections.abc import Callable
from pathlib import Path

import uvicorn

from badugi.web.app import create_app
from badugi.web.table import Pacing

__all__ = ["DATA_FILE", "MOST_FRAME", "serve"]

#: The file under ``--data`` that holds everything.
DATA_FILE = "badugi.sqlite3"
#: The largest WebSocket message the server reads, in bytes: larger ones close the socket (1009).
MOST_FRAME = 64 * 1024
LOOPBACK = ("127.0.0.1", "localhost", "::1")


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
        OSError: the address cannot be bound (in use, not this machine's).
    """
    data.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    listener = _bind(host, port)
    bound = listener.getsockname()[1]
    app = create_app(
        data / DATA_FILE, pacing=pacing, public_url=public_url, hosts=_hosts(host, bound), echo=echo
    )
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
