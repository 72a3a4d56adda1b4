"""The table server's tests: a server on loopback in a thread, plain WebSocket seats, the HTTP API.

Every server here listens on 127.0.0.1 only, on a port the system picks, and
stops by itself: at the end of its test, or after ``SERVER_LIFETIME`` seconds
whatever happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from badugi.web import settings as settings_module
from badugi.web.app import create_app
from badugi.web.guard import Guard
from badugi.web.server import TableServer, config_for
from badugi.web.table import Pacing

#: The longest a test's server lives, in seconds.
SERVER_LIFETIME = 120.0
#: How long a test waits for one frame.
FRAME_WAIT = 30.0  # generous: only a starved machine comes near it, and every wait still ends
FAST = Pacing(bot_delay=0.0, between_hands=0.0)


@dataclass
class Server:
    """A running server: its address and its data file."""

    base: str
    data: Path
    port: int
    app: Any = None

    @property
    def room(self) -> Any:
        """The server's room (its tables), for a test to look at: only from the server's loop."""
        return self.app.state.room

    def on_loop(self, work: Callable[[], Any], timeout: float = FRAME_WAIT) -> Any:
        """Run ``work`` on the server's event loop, and wait for what it returns."""
        done = threading.Event()
        result: list[Any] = []

        def run() -> None:
            try:
                result.append(work())
            finally:
                done.set()

        self.room.loop.call_soon_threadsafe(run)
        assert done.wait(timeout), "the server's loop did not run the work in time"
        return result[0] if result else None

    def api(
        self, path: str, body: object = None, headers: dict[str, str] | None = None, *, raw: bool = False
    ) -> tuple[int, Any]:
        """(status, JSON answer) of a GET or a POST of ``body`` (JSON, or bytes); text if ``raw``."""
        return http(self.base + path, body, headers, raw=raw)

    def create(self, **settings: Any) -> dict[str, Any]:
        """A new table (201 asserted): the API's answer."""
        status, answer = self.api("/api/charts", settings)
        assert status == 201, answer
        return answer  # type: ignore[no-any-return]


def http_from(
    source: str,
    url: str,
    body: object = None,
    headers: dict[str, str] | None = None,
    *,
    method: str | None = None,
) -> tuple[int, Any, dict[str, str]]:
    """(status, JSON answer, headers) of a request sent from the loopback address ``source`` (127.x.y.z)."""
    parts = urllib.parse.urlsplit(url)
    connection = HTTPConnection(
        parts.hostname or "", parts.port, timeout=FRAME_WAIT, source_address=(source, 0)
    )
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    try:
        connection.request(
            method or ("GET" if data is None else "POST"),
            parts.path + (f"?{parts.query}" if parts.query else ""),
            body=data,
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        answer = connection.getresponse()
        read = answer.read()
        try:
            said = json.loads(read)
        except ValueError:
            said = read.decode()
        return answer.status, said, {k.lower(): v for k, v in answer.getheaders()}
    finally:
        connection.close()


def http(
    url: str, body: object = None, headers: dict[str, str] | None = None, *, raw: bool = False
) -> tuple[int, Any]:
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=FRAME_WAIT) as answer:
            raw_bytes = answer.read()
            status = answer.status
    except urllib.error.HTTPError as exc:
        read, status = exc.read(), exc.code
    else:
        read = raw_bytes
    if raw:
        return status, read.decode()
    try:
        return status, json.loads(read)
    except ValueError:
        return status, read.decode()


@contextlib.contextmanager
def running(data: Path, pacing: Pacing = FAST, **options: Any) -> Iterator[Server]:
    """A server over ``data`` in a thread of its own, on 127.0.0.1, until the block ends (or its lifetime)."""
    # IPPROTO_TCP named, as the real server's getaddrinfo names it (badugi.web.server._bind): asyncio
    # sets TCP_NODELAY only on a socket whose proto says TCP. With proto 0 every accepted socket kept
    # Nagle's algorithm, and each burst of frames after a seat's move waited out the client's delayed
    # ACK (40 ms): two hands of a test took 0.8 s instead of 0.05 s.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    # The tests' clients are all one address, opening a connection a request: their rate is not the
    # door's question here (tests/web/test_attack_door.py asks it of badugi serve itself).
    guard = options.pop("guard", None) or Guard(connects=(10**6, 10**6))
    proxies = options.pop("forwarded_allow_ips", None)
    app = create_app(data, pacing=pacing, hosts=[f"127.0.0.1:{port}", f"localhost:{port}"], **options)
    config = config_for(app, guard, port=port, forwarded_allow_ips=proxies)

    def stop_tables() -> None:  # the room exists once the server started
        app.state.room.stop()

    server = TableServer(config, stop_tables)
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign] # not the main thread
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[listener])), daemon=True)
    thread.start()
    watchdog = threading.Timer(SERVER_LIFETIME, lambda: setattr(server, "should_exit", True))
    watchdog.daemon = True
    watchdog.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server stopped before it started"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield Server(f"http://127.0.0.1:{port}", data, port, app)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        watchdog.cancel()
        listener.close()


@pytest.fixture
def short_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clocks of a fraction of a second allowed (the server refuses under 5 s): a test waits less."""
    monkeypatch.setattr(settings_module, "SHORTEST_CLOCK", 0.1)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running(tmp_path / "badugi.sqlite3") as running_server:
        yield running_server


@dataclass
class Seat:
    """A plain WebSocket client at one seat: every frame it received, kept in order."""

    url: str
    origin: str | None = None
    source: str | None = (
        None  # a loopback address to connect from (another visitor), else the system's choice
    )
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    socket: ClientConnection | None = None

    def open(self) -> Seat:
        headers = {"Origin": self.origin} if self.origin else None
        sock = None
        if self.source is not None:
            parts = urllib.parse.urlsplit(self.url)
            sock = socket.create_connection(
                (parts.hostname, parts.port), timeout=FRAME_WAIT, source_address=(self.source, 0)
            )
        opening = connect(
            self.url, additional_headers=headers, open_timeout=FRAME_WAIT, max_size=2**22, sock=sock
        )
        self.socket = opening.__enter__()  # the connection itself (connect() is meant for a with block)
        return self

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()

    def send(self, message: object) -> None:
        assert self.socket is not None
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self, timeout: float = FRAME_WAIT) -> dict[str, Any]:
        assert self.socket is not None
        text = self.socket.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = FRAME_WAIT) -> dict[str, Any]:
        """Read frames until one ``wanted`` says yes; that frame."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.01, deadline - time.monotonic()))
            if wanted(frame):
                return frame

    def snapshot(self, timeout: float = FRAME_WAIT) -> dict[str, Any]:
        """What a seat is sent on connecting: a state, the hand's events so far, a state; the last state."""
        self.until(lambda f: f["type"] == "state", timeout)
        self.until(lambda f: f["type"] == "event", timeout)
        return self.until(lambda f: f["type"] == "state", timeout)

    def dealt(self, timeout: float = FRAME_WAIT) -> dict[str, Any]:
        """The next state of a hand in play (a table starts once its people are there)."""
        return self.until(
            lambda f: f["type"] == "state" and f["hand"] >= 1 and f["phase"] in ("bet", "draw"), timeout
        )

    def turn(self, timeout: float = FRAME_WAIT) -> dict[str, Any]:
        """The next state that asks this seat to act."""
        return self.until(lambda f: f["type"] == "state" and f["legal"] is not None, timeout)

    def error(self, timeout: float = FRAME_WAIT) -> str:
        """The message of the next error frame."""
        return str(self.until(lambda f: f["type"] == "error", timeout)["message"])


def closed_with(seat: Seat) -> int | None:
    """Read what is left until the server closes the socket; the close code it sent."""
    try:
        while True:
            seat.recv()
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None


def claim(join: str, name: str | None = None, source: str | None = None) -> dict[str, Any]:
    """Use an invitation (a ``join`` link) as its page does: the seat's key and socket (200 asserted)."""
    page, invite = join.split("#", 1)
    base, table, seat = page.rsplit("/", 3)[0].rsplit("/join", 1)[0], *page.rsplit("/", 2)[1:]
    body: dict[str, Any] = {"invite": invite}
    if name is not None:
        body["name"] = name
    status, answer = http(f"{base}/api/charts/{table}/seats/{seat}/claim", body)
    assert status == 200, answer
    return answer  # type: ignore[no-any-return]


def seats_of(answer: dict[str, Any], origin: str | None = None) -> list[Seat]:
    """A connected client for each person seat of a new table, in seat order (each invitation claimed)."""
    return [Seat(claim(s["join"])["socket"], origin).open() for s in answer["seats"] if "join" in s]


def first_legal(state: dict[str, Any]) -> dict[str, Any]:
    """A plain intent that is legal in ``state``: stand pat, check, or call."""
    legal = state["legal"]
    if legal["draw"]:
        return {"type": "draw", "discard": []}
    return {"type": "act", "action": "check" if legal["check"] else "call"}


Policy = Callable[[Seat, dict[str, Any]], object]


def play_out(
    seats: list[Seat],
    policy: Policy = lambda seat, state: first_legal(state),
    timeout: float = 60.0,
    refusals: bool = False,
) -> dict[str, Any]:
    """Play every seat by ``policy`` (state -> intent) until each has the end frame; the end frame.

    One thread reads the seats in turn; a seat answers each turn once (a
    state is sent again when anything changes, a seat connecting for one, with
    the same ``turn``).
    """
    deadline = time.monotonic() + timeout
    answered: dict[int, tuple[int, int]] = {}
    ended: dict[int, dict[str, Any]] = {}
    for index, seat in enumerate(seats):  # a turn already read before the play began
        last = next((f for f in reversed(seat.frames) if f["type"] == "state"), None)
        if last is not None and last["legal"] is not None:
            answered[index] = (last["hand"], last["turn"])
            seat.send(policy(seat, last))
    while len(ended) < len(seats):
        assert time.monotonic() < deadline, "the match did not end in time"
        idle = True
        for index, seat in enumerate(seats):
            if index in ended:
                continue
            try:
                frame = seat.recv(timeout=0)  # what has arrived, without waiting
            except TimeoutError:
                continue
            idle = False
            if frame["type"] == "end":
                ended[index] = frame
            elif frame["type"] == "state" and frame["legal"] is not None:
                if answered.get(index) != (frame["hand"], frame["turn"]):
                    answered[index] = (frame["hand"], frame["turn"])
                    seat.send(policy(seat, frame))
            elif frame["type"] == "error":
                last = next((f for f in reversed(seat.frames) if f["type"] == "state"), None)
                if not refusals or last is None or last["legal"] is None:
                    raise AssertionError(f"seat {index} was refused: {frame['message']}")
                seat.send(first_legal(last))
        if idle:
            time.sleep(0.002)
    return ended[0]
