"""The table server while one address floods it: a normal table's round trip, quiet and under the flood.

Run by ``python tools/bench_web.py --abuse [--seconds S]``. The server is
``badugi serve``'s application with its default limits, in a process of its
own on 127.0.0.1. A normal heads-up table (two scripted people on
127.0.0.1, thinking 0.2 to 0.6 s) plays throughout, and a bare echo socket
measures the floor. Three phases of ``--seconds`` each: quiet; then one
address (127.0.0.66) floods the server with everything the limits bound at
once (tables made, reads of the hands, sockets opened and never read, a seat
reconnecting in a loop, connections that never finish their headers); then
quiet again. Measured: the normal table's intent-to-state round trip and
the echo's, p50 and p99, in each phase; the server's memory (resident)
before, at its peak during, and after the flood; what the flood was answered.

Everything is bounded in count and time, stays within 127.0.0.0/8, and stops by itself.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

FLOODER = "127.0.0.66"
SERVER = """
import sys
from pathlib import Path
from badugi.web.server import serve
from badugi.web.table import Pacing
serve("127.0.0.1", 0, Path(sys.argv[1]), pacing=Pacing(bot_delay=0.0, between_hands=0.2), echo=True,
      announce=lambda line: print(line, flush=True))
"""


def resident_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [float("nan")]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def claim(base: str, seat: dict[str, Any]) -> str:
    """A seat's socket: its invitation claimed (a server that handed out sockets: that one)."""
    if "socket" in seat:
        return str(seat["socket"])
    join = seat["join"]
    page, invite = join.split("#", 1)
    table, number = page.rsplit("/", 2)[1:]
    return str(post(f"{base}/api/charts/{table}/seats/{number}/claim", {"invite": invite})["socket"])


# -- the normal table and the echo, measured by phase ---------------------------------------------------


class Phases:
    """Which phase now is (by the clock), and each phase's round trips."""

    def __init__(self, starts: list[float]) -> None:
        self.starts = starts
        self.trips: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.echoes: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.lost: list[str] = []  # sockets the server stopped answering, and when

    def now(self) -> int | None:
        """The phase now (0, 1, 2), or None outside them."""
        t = time.monotonic()
        for phase in (2, 1, 0):
            if t >= self.starts[phase]:
                return phase if t < self.starts[3] else None
        return None


async def person(url: str, phases: Phases, stop: float, seed: int) -> None:
    try:
        await _person(url, phases, stop, seed)
    except Exception as exc:  # the server stopped answering: said in the table, not a traceback
        phases.lost.append(f"a person, at {phases.now()}: {type(exc).__name__}")


async def _person(url: str, phases: Phases, stop: float, seed: int) -> None:
    import random  # noqa: PLC0415 - one generator a person

    rng = random.Random(seed)
    async with connect(url, max_size=2**22) as sock:
        answered, sent_at = None, None
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(sock.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            if not isinstance(text, str) or not text.startswith('{"type":"state"'):
                continue
            frame = json.loads(text)
            if sent_at is not None:
                phase = phases.now()
                if phase is not None:
                    phases.trips[phase].append(time.perf_counter() - sent_at)
                sent_at = None
            if frame["legal"] is not None and answered != (frame["hand"], frame["turn"]):
                answered = (frame["hand"], frame["turn"])
                await asyncio.sleep(rng.uniform(0.2, 0.6))
                legal = frame["legal"]
                intent = (
                    {"type": "draw", "discard": []}
                    if legal["draw"]
                    else {"type": "act", "action": "check" if legal["check"] else "call"}
                )
                sent_at = time.perf_counter()
                await sock.send(json.dumps(intent))


async def echo(url: str, phases: Phases, stop: float) -> None:
    try:
        async with connect(url) as sock:
            while time.monotonic() < stop:
                began = time.perf_counter()
                await sock.send('{"type":"echo"}')
                await sock.recv()
                phase = phases.now()
                if phase is not None:
                    phases.echoes[phase].append(time.perf_counter() - began)
                await asyncio.sleep(0.25)
    except Exception as exc:  # the server stopped answering: said in the table, not a traceback
        phases.lost.append(f"the echo, at {phases.now()}: {type(exc).__name__}")


# -- the flood, from one address ----------------------------------------------------------------------------


async def request(port: int, text: str) -> int:
    """One HTTP request from the flooder's address; its status (0 if the connection was refused or cut)."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(FLOODER, 0)), timeout=5
        )
    except (OSError, TimeoutError):
        return 0
    try:
        writer.write(text.encode())
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), timeout=10)
        return int(line.split()[1]) if line.startswith(b"HTTP/") else 0
    except (OSError, TimeoutError, ValueError, IndexError):
        return 0
    finally:
        writer.close()


def post_text(path: str, body: Any, port: int) -> str:
    data = json.dumps(body)
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n{data}"
    )


async def flood(base: str, port: int, stop: float, answered: Counter[str], table: dict[str, Any]) -> None:
    watch_key = table["watch"].split("#")[1]
    table_id = table["table"]

    async def creates() -> None:
        while time.monotonic() < stop:
            body = post_text("/api/charts", {"seats": ["person", "simple"]}, port)
            answered[f"create {await request(port, body)}"] += 1

    async def reads() -> None:
        text = (
            f"GET /api/charts/{table_id}/hands HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Authorization: Bearer {watch_key}\r\nConnection: close\r\n\r\n"
        )
        while time.monotonic() < stop:
            answered[f"read {await request(port, text)}"] += 1

    async def never_read() -> None:
        held = []
        for _ in range(100):  # sockets opened and never read
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(FLOODER, 0))
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
                ws = await asyncio.wait_for(
                    connect(f"ws://127.0.0.1:{port}/ws/{table_id}/watch?key={watch_key}", sock=sock),
                    timeout=5,
                )
                held.append(ws)
                answered["socket open"] += 1
            except Exception:  # refused, closed: what the cap answers
                answered["socket refused"] += 1
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        for ws in held:
            ws.transport.abort()

    async def reconnects() -> None:
        while time.monotonic() < stop:
            try:
                async with connect(table["flooder_socket"], open_timeout=5) as ws:
                    first = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
                    answered["reconnect " + ("refused" if first["type"] == "error" else "in")] += 1
            except Exception:
                answered["reconnect failed"] += 1

    async def slow_headers() -> None:
        held = []
        for _ in range(300):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(FLOODER, 0))
                writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
                held.append(writer)
                answered["slow header"] += 1
            except OSError:
                answered["slow header refused"] += 1
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
        for writer in held:
            writer.close()

    await asyncio.gather(creates(), reads(), never_read(), reconnects(), slow_headers())


# -- the run -----------------------------------------------------------------------------------------------


async def run(base: str, port: int, pid: int, seconds: float) -> dict[str, Any]:
    answer = post(
        f"{base}/api/charts", {"seats": ["person", "person"], "clock": 0, "hands": 1000, "stacks": 10**8}
    )
    links = [claim(base, seat) for seat in answer["seats"]]
    # The flooder's own table, made from its address: a watch key to read with, a seat to reconnect.
    flooder = post(
        f"{base}/api/charts", {"seats": ["person", "simple"], "clock": 0, "hands": 1000, "stacks": 10**8}
    )
    flooder["flooder_socket"] = claim(base, flooder["seats"][0])
    flooder.setdefault("watch", "#none")  # a server without watchers: its reads are refused, as a stranger's
    began = time.monotonic() + 1.0
    starts = [began, began + seconds, began + 2 * seconds, began + 3 * seconds]
    phases = Phases(starts)
    memory: dict[str, int] = {}
    answered: Counter[str] = Counter()

    async def watch_memory() -> None:
        peak = 0
        while time.monotonic() < starts[3]:
            rss = resident_bytes(pid)
            phase = phases.now()
            if phase == 0:
                memory["before"] = rss
            elif phase == 1:
                peak = max(peak, rss)
                memory["peak"] = peak
            elif phase == 2:
                memory["after"] = rss
            await asyncio.sleep(0.25)

    async def flood_later() -> None:
        await asyncio.sleep(max(0.0, starts[1] - time.monotonic()))
        await flood(base, port, starts[2], answered, flooder)

    ws_base = base.replace("http://", "ws://")
    await asyncio.gather(
        *(person(link, phases, starts[3], seed) for seed, link in enumerate(links)),
        echo(f"{ws_base}/bench/echo", phases, starts[3]),
        watch_memory(),
        flood_later(),
    )
    return {"phases": phases, "memory": memory, "answered": answered}


def abuse(seconds: float) -> int:
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, data], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline().strip()
            base = line.removeprefix("badugi serving on ").rstrip("/")
            port = int(base.rsplit(":", 1)[1])
            result = asyncio.run(run(base, port, server.pid, seconds))
        finally:
            server.terminate()
            try:
                _out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                _out, err = server.communicate()
    phases, memory, answered = result["phases"], result["memory"], result["answered"]
    names = ("quiet", "one address floods", "quiet again")
    print(f"{seconds:g} s a phase; the flood from {FLOODER}; the normal table and the echo on 127.0.0.1")
    print()
    print("| phase | intents | intent -> state p50 / p99 | echo p50 / p99 |")
    print("|---|---:|---:|---:|")
    for phase, name in enumerate(names):
        trips, echoes = phases.trips[phase], phases.echoes[phase]
        trip = f"{percentile(trips, 0.5) * 1e3:.2f} / {percentile(trips, 0.99) * 1e3:.2f} ms"
        floor = f"{percentile(echoes, 0.5) * 1e3:.2f} / {percentile(echoes, 0.99) * 1e3:.2f} ms"
        print(f"| {name} | {len(trips)} | {trip} | {floor} |")
    quiet99, flood99 = percentile(phases.trips[0], 0.99), percentile(phases.trips[1], 0.99)
    print()
    ratio = flood99 / quiet99
    print(f"the normal table's p99 under the flood: {ratio:.2f}x its quiet p99 (the goal: 3x or less)")
    mb = 1024 * 1024
    before, peak, after = (memory.get(key, 0) / mb for key in ("before", "peak", "after"))
    print(f"server memory: {before:.1f} MB before, {peak:.1f} MB at the flood's peak, {after:.1f} MB after")
    print(
        "the flood was answered: " + ", ".join(f"{key} x{count}" for key, count in sorted(answered.items()))
    )
    if phases.lost:
        print("lost: " + "; ".join(phases.lost))
    tracebacks = err.count("Traceback")
    print(f"the server's log: {len(err.splitlines())} lines, {tracebacks} tracebacks")
    return 0
