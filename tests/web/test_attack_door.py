"""The server's door under attack: slow headers, clients that never read, and a stop with busy tables.

``badugi serve`` runs as its own process here, on 127.0.0.1, its open files
limited to 1,024 as on many machines (the limit the first attack exhausted).
Attackers are other loopback addresses; every loop is bounded in count and
time, and every server is killed at the end whatever happened.
"""

from __future__ import annotations

import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from badugi.web.guard import Guard
from badugi.web.limits import Limits
from badugi.web.table import Pacing
from tests.web.conftest import Seat, claim, http, running

STARTUP = 30.0


def _limit_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


@contextmanager
def badugi_serve(data: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``badugi serve`` on a free port of 127.0.0.1, 1,024 open files at most; its process and address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi", "serve", "--port", "0", "--data", str(data), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limit_files,  # noqa: PLW1509 - a limit set in the child before it runs: no thread there yet
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("badugi serving on "), line
        yield process, line.removeprefix("badugi serving on ").rstrip("/")
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def probe(base: str) -> tuple[int | str, float]:
    """The status of the front page, and how long it took (or what went wrong)."""
    began = time.monotonic()
    try:
        with urllib.request.urlopen(base + "/", timeout=5) as answer:
            return answer.status, time.monotonic() - began
    except Exception as exc:  # a refusal, a time-out: what the probe says
        return type(exc).__name__, time.monotonic() - began


def slow_connections(port: int, sources: list[str], count: int) -> list[socket.socket]:
    """``count`` connections from ``sources`` in turn, each sending half a request's headers and no more."""
    held = []
    for k in range(count):
        conn = socket.socket()
        conn.settimeout(5)
        try:
            conn.bind((sources[k % len(sources)], 0))
            conn.connect(("127.0.0.1", port))
            conn.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            conn.close()
            continue
        held.append(conn)
    return held


def test_slow_headers_do_not_take_the_server_off_the_air(tmp_path: Path) -> None:
    with badugi_serve(tmp_path / "data") as (process, base):
        port = int(base.rsplit(":", 1)[1])
        # One address, then two hundred: 2,200 connections that never finish their headers, past what
        # one address may hold and past the server's cap in all (its open files are 1,024).
        held = slow_connections(port, ["127.0.0.2"], 1100)
        held += slow_connections(port, [f"127.0.{3 + k // 250}.{1 + k % 250}" for k in range(200)], 1100)
        try:
            for _ in range(3):
                status, took = probe(base)
                assert status == 200, (status, took)  # served: before, every probe timed out
            refused = 0
            for conn in held:  # the caps closed the ones past them at once; the rest wait for their time
                conn.settimeout(0.01)
                try:
                    refused += conn.recv(1) == b""
                except ConnectionError:  # aborted: a reset
                    refused += 1
                except TimeoutError:  # still open, waiting for its time
                    pass
            assert refused >= 1100 - 64  # one address: 64 kept, the rest closed; and room made for others
        finally:
            for conn in held:
                conn.close()
        assert probe(base)[0] == 200
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=30)
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "connections refused" in line]
    assert 1 <= len(lines) <= 3, lines  # one line for the condition (and its count), not one a connection


def test_a_request_that_does_not_arrive_in_time_is_closed(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", guard=Guard(request_time=0.5)) as server:
        (conn,) = slow_connections(server.port, ["127.0.0.8"], 1)
        conn.settimeout(5)
        began = time.monotonic()
        with suppress(ConnectionError):  # aborted: a reset is a close too
            assert conn.recv(1) == b""
        assert 0.3 < time.monotonic() - began < 3
        conn.close()
        assert http(server.base + "/api/charts/x")[0] == 404


def test_a_client_that_never_reads_is_dropped_and_the_table_plays_on(tmp_path: Path) -> None:
    limits = Limits(queued_frames=40, queued_bytes=64 * 1024, stalled=1.0)
    with running(
        tmp_path / "db.sqlite3", limits=limits, pacing=Pacing(bot_delay=0.0, between_hands=0.0)
    ) as server:
        answer = server.create(
            seats=["person", "simple", "random", "random"], clock=0, hands=1000, stacks=10**8
        )
        table = answer["table"]
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        # A watcher that never reads, with the smallest receive buffer the system gives.
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        raw.bind(("127.0.0.9", 0))
        raw.connect(("127.0.0.1", server.port))
        key = answer["watch"].split("#")[1]
        raw.send(
            f"GET /ws/{table}/watch?key={key} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        deadline = time.monotonic() + 30
        while not server.on_loop(lambda: bool(server.room.tables[table].sockets.watchers)):
            assert time.monotonic() < deadline, "the watcher was never let in"
            time.sleep(0.05)
        dropped = False
        while not dropped:  # play: every action sends the watcher frames it never reads
            assert time.monotonic() < deadline, "the watcher that never reads was never dropped"
            try:
                frame = me.recv(timeout=0.5)
            except TimeoutError:
                continue
            if frame["type"] == "state" and frame["legal"]:
                me.send(
                    {"type": "act", "action": "call" if frame["legal"]["call"] else "check"}
                    if not frame["legal"]["draw"]
                    else {"type": "draw", "discard": []}
                )
            dropped = server.on_loop(lambda: not server.room.tables[table].sockets.watchers)
        queued = server.on_loop(lambda: len(server.room.tables[table].sockets.watchers))
        assert queued == 0
        # The table plays on for the seat that reads.
        turn = me.turn()
        assert turn["legal"] is not None
        raw.close()
        me.close()


def test_sigterm_with_busy_tables_stops_cleanly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    options = ("--bot-delay", "0", "--between-hands", "0", "--tables-per-address", "100")
    options += ("--connections-a-second", "1000")  # the test's 90 requests in a few seconds are welcome
    with badugi_serve(data, *options) as (process, base):
        seats = []
        for _ in range(30):
            status, answer = http(f"{base}/api/charts", {"seats": ["person", "simple", "random"], "clock": 0})
            assert status == 201
            seat = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
            seat.dealt()
            seats.append(seat)
        process.send_signal(signal.SIGTERM)
        codes = []
        for seat in seats:
            try:
                while True:
                    seat.recv(timeout=10)
            except ConnectionClosed as exc:
                codes.append(exc.rcvd.code if exc.rcvd is not None else None)
            except TimeoutError:
                codes.append("open")
        _out, err = process.communicate(timeout=30)
        # uvicorn raises the signal again once it has shut down, so that the exit says what stopped it.
        assert process.returncode in (0, -signal.SIGTERM), err[-2000:]
    assert "Traceback" not in err, err[-3000:]
    assert codes == [1001] * len(seats), codes
    # Nothing was lost: every table is there again, its hand in play voided and dealt again.
    with badugi_serve(data) as (_process, base):
        for seat in seats:
            table = seat.url.split("/ws/")[1].split("/")[0]
            assert http(f"{base}/api/charts/{table}")[1]["status"] == "playing"
