"""``badugi serve``: a table for friends in the browser (needs the web extra: ``pip install 'badugi[web]'``).

It binds to loopback unless told otherwise (``--host``), and says so: a
server that other machines can reach is one its owner chose to open.
"""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
from pathlib import Path
from typing import Any

from badugi._extras import install_command
from badugi.cli._common import RunFailed
from badugi.cli._streams import say

__all__ = ["add_command", "run"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine only: localhost, or an address of 127.0.0.0/8 or ::1."""
    if host.lower() in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: only localhost is known to be loopback without asking
        return False


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be between 0 and 60 seconds, got {text}")
    return value


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 10**6:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to 1000000, got {text!r}")
    return int(text)


def _abandon(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 60 <= value <= 30 * 24 * 3600:
        raise argparse.ArgumentTypeError(f"must be between 60 seconds and 30 days, got {text}")
    return value


def _addresses(text: str | None) -> list[str] | None:
    if text is None:
        return None
    found = [part.strip() for part in text.split(",") if part.strip()]
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise RunFailed(f"--forwarded-allow-ips: {part!r} is not an address or network") from None
    return found


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) <= 65535:  # "²" is a digit, no int
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: any free one), got {text!r}")
    return int(text)


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi serve`` to the command line's subcommands; returns its parser."""
    cmd: argparse.ArgumentParser = commands.add_parser(
        "serve",
        help="a table for friends in the browser: people and bots at one match (needs badugi[web])",
        description="Serve the table page: make a table, send each friend their link, play. Everything is "
        "kept in one SQLite file under --data; a restart resumes every table (the hand in play is dealt "
        "again from its start).",
    )
    cmd.add_argument(
        "--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)"
    )
    cmd.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0 picks a free one)")
    cmd.add_argument(
        "--data", type=Path, default=Path("badugi-data"), help="folder of the state (default ./badugi-data)"
    )
    cmd.add_argument(
        "--public-url",
        default=None,
        help="the address friends use (http://HOST:PORT), if not this one: the links are made with it",
    )
    cmd.add_argument(
        "--bot-delay", type=_seconds, default=0.6, help="seconds a bot waits before acting (default 0.6)"
    )
    cmd.add_argument(
        "--between-hands",
        type=_seconds,
        default=4.0,
        help="seconds between hands, to see the showdown (default 4)",
    )
    limits = cmd.add_argument_group("what one visitor may take (see the web guide, Facing the internet)")
    limits.add_argument(
        "--tables-per-address",
        type=_count,
        default=20,
        metavar="N",
        help="tables waiting or in play one address may have made (default 20)",
    )
    limits.add_argument(
        "--tables-an-hour",
        type=_count,
        default=60,
        metavar="N",
        help="tables one address may make an hour (default 60)",
    )
    limits.add_argument(
        "--abandon-after",
        type=_abandon,
        default=7200.0,
        metavar="SECONDS",
        help="close a table nobody joined, or whose people all left, after this long (default 7200)",
    )
    limits.add_argument(
        "--connections-per-address",
        type=_count,
        default=64,
        metavar="N",
        help="connections one address may hold open at once (default 64)",
    )
    limits.add_argument(
        "--connections-a-second",
        type=_count,
        default=20,
        metavar="N",
        help="new connections one address may open a second, after a burst of three times that (default 20)",
    )
    limits.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="behind a reverse proxy: its addresses, comma-separated; only their X-Forwarded-For names a "
        "visitor's address (default: none, so no visitor can name one)",
    )
    cmd.set_defaults(run=run)
    return cmd


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    missing = [
        name for name in ("starlette", "uvicorn", "websockets") if importlib.util.find_spec(name) is None
    ]
    if missing:
        raise RunFailed(
            f"badugi serve needs the web extra ({', '.join(missing)} missing): {install_command('web')}"
        )
    from badugi.web.limits import Limits  # noqa: PLC0415 - the web extra, imported only here
    from badugi.web.server import serve  # noqa: PLC0415
    from badugi.web.table import Pacing  # noqa: PLC0415

    proxies = _addresses(args.forwarded_allow_ips)
    limits = Limits(
        tables_open=args.tables_per_address,
        tables_an_hour=args.tables_an_hour,
        abandon_after=args.abandon_after,
    )
    if _loopback(args.host):
        say(f"badugi serve: listening on {args.host} only (this machine); --host 0.0.0.0 opens it to others")
    else:
        say(f"badugi serve: listening on {args.host}: other machines can reach this server")
    try:
        serve(
            args.host,
            args.port,
            args.data,
            pacing=Pacing(bot_delay=args.bot_delay, between_hands=args.between_hands),
            public_url=args.public_url,
            announce=lambda line: print(line, flush=True),
            limits=limits,
            forwarded_allow_ips=proxies,
            connections_per_address=args.connections_per_address,
            connections_a_second=args.connections_a_second,
        )
    except OSError as exc:
        raise RunFailed(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except ValueError as exc:  # ServeError (--data) or WebInputError (--public-url): one line, said there
        raise RunFailed(str(exc)) from None
    return 0
