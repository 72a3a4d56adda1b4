"""What every request must be to be read: for this server's host, from its own pages, JSON of a bounded size.

* the ``Host`` of every request is one of the server's names (when it knows
  them), else 421;
* a request with an ``Origin`` (a browser's page) must come from this very
  server: scheme, host and port compared, so that ``https://host:port`` is
  not the ``http://host:port`` it serves;
* a body is JSON, said so by its ``Content-Type`` (a form or ``text/plain``,
  which another site's page may post without asking, is refused), of at most
  ``MOST_BODY`` bytes, read within the time the server's door allows;
* every answer carries a strict Content-Security-Policy, no referrer, no framing.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["MOST_BODY", "SECURITY_HEADERS", "Headers", "Refused", "json_body", "same_origin"]

#: The largest request body read, in bytes: a table's settings are a few hundred.
MOST_BODY = 16 * 1024
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
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_SCHEME_OF = {"http": "http", "ws": "http", "https": "https", "wss": "https"}


class Refused(Exception):
    """A request answered with one JSON error line and its status (and headers, such as ``Retry-After``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first), or None."""
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class Headers:
    """ASGI middleware: the security headers on every HTTP answer, and the Host check on everything."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a request for another host; add the headers to an answer."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = header(scope, b"host")
        if self.hosts is not None and (host is None or host.lower() not in self.hosts):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            response = JSONResponse({"error": "this server does not answer for that host"}, status_code=421)
            await response(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
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


def _endpoint(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an address, the default port filled in; None if it is no address."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    kind = _SCHEME_OF.get(scheme)
    if kind is None:
        return None
    return kind, parts.hostname.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def same_origin(origin: str | None, scheme: str, host: str | None) -> bool:
    """Whether a request's ``Origin`` is this server (scheme, host and port), or absent (a program's).

    ``scheme`` and ``host`` are the request's own (``http``/``ws`` or
    ``https``/``wss``, and its ``Host`` header).
    """
    if origin is None:
        return True
    if host is None:
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return False
    theirs = _endpoint(parts.scheme, parts.netloc)
    ours = _endpoint(scheme, host)
    return theirs is not None and theirs == ours


def check_origin(request: Request) -> None:
    """Refuse (403) a request from another site's page.

    Raises:
        Refused: the ``Origin`` is not this server's.
    """
    if not same_origin(request.headers.get("origin"), request.url.scheme, request.headers.get("host")):
        raise Refused(403, "a page of another site may not do this")


async def json_body(request: Request) -> Any:
    """The request's body, read as JSON: refused unless it says it is JSON, is small enough, and is.

    Raises:
        Refused: 415 not said to be JSON, 413 too large, 400 not JSON.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "the body must be JSON, sent as Content-Type: application/json")
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MOST_BODY):
        raise Refused(413, f"the body is at most {MOST_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MOST_BODY:
            raise Refused(413, f"the body is at most {MOST_BODY} bytes")
    try:
        return json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, "the body must be JSON (UTF-8)") from None


def _no_constant(name: str) -> None:
    raise ValueError(name)
