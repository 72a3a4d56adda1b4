"""The table server under load: N tables of two scripted people and two bots, on loopback, for a bounded time.

Usage: python tools/bench_web.py [--tables 1,50,200] [--seconds 15] [--think 0.5] [--json FILE]
       python tools/bench_web.py --abuse [--seconds 15]   (see tools/bench_web_abuse.py)

The server (``badugi.web.server.serve``, the application ``badugi serve``
runs, with no bot delay and no pause between hands, and a bare echo socket
added) runs in a process of its own on 127.0.0.1; this process is the
clients. For each N: N tables (two people, a simple bot and a random bot, at
seed 003's stakes with stacks deep enough that nobody busts), each person a
plain WebSocket client that answers its turn after a think time drawn
uniformly from 0.5x to 1.5x ``--think`` seconds; and, under that same load,
echo clients (one for every five tables, at least four) each sending a
message every half second to the bare echo socket. Measured, over
``--seconds`` after a warm-up:

* the round trip from an intent to the ``state`` that answers it, p50 and p99,
  against the echo round trip (the floor: the same server, sockets and load,
  with no table work);
* the server's CPU time (user + system, from /proc) per action, every
  action counted (the people's and the bots');
* the server's memory per table: its resident size once the tables play,
  less its size before they were made, over N (sockets included).

Everything stops by itself: each load runs a bounded time, then the server
is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ACTIONS = {"fold", "check", "call", "bet", "raise", "draw"}
# The server, with the limits one visitor has lifted: here every client is one address, the bench's.
# (A server from before the limits existed takes none: the same code measures both, back to back.)
SERVER = """
import inspect, sys
from pathlib import Path
from badugi.web.server import serve
from badugi.web.table import Pacing
more = {}
if "limits" in inspect.signature(serve).parameters:
    from badugi.web.limits import Limits
    more = {"limits": Limits(tables_open=10**6, tables_an_hour=10**6, sockets=10**6, reads=10**6),
            "connections_per_address": 10**6, "connections_a_second": 10**6}
serve("127.0.0.1", 0, Path(sys.argv[1]), pacing=Pacing(bot_delay=0.0, between_hands=0.0), echo=True,
      announce=lambda line: print(line, flush=True), **more)
"""


def clock_ticks() -> int:
    return os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / clock_ticks()  # utime, stime


def resident_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Load:
    """What one load measured."""

    tables: int
    round_trips: list[float] = field(default_factory=list)
    echoes: list[float] = field(default_factory=list)
    actions: int = 0
    cpu: float = 0.0
    memory: int = 0
    begin: float = 0.0
    end: float = 0.0

    @property
    def measuring(self) -> bool:
        """Whether now is within the measured window."""
        return self.begin <= time.monotonic() < self.end


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def create_table(base: str, seed: int) -> list[str]:
    """A table of two people and two bots; each person's socket link (each invitation claimed)."""
    body = {
        "seats": ["person", "simple", "person", "random"],
        "seed": seed,
        "hands": 1000,
        "stacks": 10**8,
        "clock": 0,
    }
    answer = post(f"{base}/api/charts", body)
    links = []
    for seat in answer["seats"]:
        if "socket" in seat:  # a server before invitations were claimed for keys
            links.append(seat["socket"])
        elif "join" in seat:
            page, invite = seat["join"].split("#", 1)
            table, number = page.rsplit("/", 2)[1:]
            links.append(
                post(f"{base}/api/charts/{table}/seats/{number}/claim", {"invite": invite})["socket"]
            )
    return links


def _is_action(text: str) -> bool:
    at = text.find('"event":{"event":"')
    return at >= 0 and text[at + 18 : text.index('"', at + 18)] in ACTIONS


def decide(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = state["legal"]
    if legal["draw"]:
        return {"type": "draw", "discard": [c for c in state["cards"] if rng.random() < 0.4]}
    if legal["min_raise_to"] is not None and rng.random() < 0.15:
        return {"type": "act", "action": "bet" if legal["check"] else "raise"}
    return {"type": "act", "action": "check" if legal["check"] else "call"}


async def person(url: str, load: Load, *, think: float, stop: float, counts_actions: bool, seed: int) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=2**22) as socket:
        answered: tuple[int, int] | None = None
        sent_at: float | None = None
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            if text.startswith('{"type":"event"'):  # only the states are read whole: the client is the cost
                if counts_actions and load.measuring and _is_action(text):
                    load.actions += 1
                continue
            frame = json.loads(text)
            if frame["type"] != "state":
                continue
            if sent_at is not None:
                if load.measuring:
                    load.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if frame["legal"] is not None and answered != (frame["hand"], frame["turn"]):
                answered = (frame["hand"], frame["turn"])
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at = time.perf_counter()
                await socket.send(json.dumps(decide(frame, rng)))


async def echo(url: str, load: Load, *, stop: float, seed: int) -> None:
    rng = random.Random(seed)
    message = json.dumps({"type": "echo", "pad": "x" * 80})
    async with connect(url) as socket:
        await asyncio.sleep(rng.uniform(0, 0.5))
        while time.monotonic() < stop:
            began = time.perf_counter()
            await socket.send(message)
            await socket.recv()
            if load.measuring:
                load.echoes.append(time.perf_counter() - began)
            await asyncio.sleep(0.5)


async def run_share(
    links: list[list[str]],
    echoes: int,
    echo_url: str,
    *,
    times: tuple[float, float],
    think: float,
    first: int,
) -> Load:
    """One client process's share of a load: its tables' people and its echo clients, until ``times``' end."""
    load = Load(len(links), begin=times[0], end=times[1])
    tasks = []
    for number, table in enumerate(links, first):
        for index, link in enumerate(table):
            tasks.append(
                person(
                    link, load, think=think, stop=times[1], counts_actions=index == 0, seed=number * 2 + index
                )
            )
    tasks += [echo(echo_url, load, stop=times[1], seed=first + k) for k in range(echoes)]
    await asyncio.gather(*tasks)
    return load


def worker() -> int:
    """A client process: reads its share as JSON on stdin, plays it, writes what it measured on stdout."""
    share = json.loads(sys.stdin.read())
    load = asyncio.run(
        run_share(
            share["links"],
            share["echoes"],
            share["echo_url"],
            times=tuple(share["times"]),
            think=share["think"],
            first=share["first"],
        )
    )
    print(json.dumps({"round_trips": load.round_trips, "echoes": load.echoes, "actions": load.actions}))
    return 0


def run_load(
    base: str, pid: int, tables: int, *, seconds: float, think: float, warmup: float, clients: int
) -> Load:
    load = Load(tables)
    before = resident_bytes(pid)
    links = [create_table(base, seed) for seed in range(tables)]
    start = time.monotonic() + 1.0  # the clients' processes start meanwhile
    load.begin, load.end = start + warmup, start + warmup + seconds
    echoes = max(4, tables // 5)
    processes = []
    for k in range(clients):
        share = {
            "links": links[k::clients],
            "echoes": echoes // clients + (1 if k < echoes % clients else 0),
            "echo_url": base.replace("http://", "ws://") + "/bench/echo",
            "times": [load.begin, load.end],
            "think": think,
            "first": k * 100_000,
        }
        process = subprocess.Popen(
            [sys.executable, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert process.stdin is not None
        process.stdin.write(json.dumps(share))
        process.stdin.close()
        processes.append(process)
    time.sleep(max(0.0, load.begin - time.monotonic()))
    load.memory = (resident_bytes(pid) - before) // tables
    cpu = cpu_seconds(pid)
    time.sleep(max(0.0, load.end - time.monotonic()))
    load.cpu = cpu_seconds(pid) - cpu
    for process in processes:
        assert process.stdout is not None
        out = process.stdout.read()
        process.wait(timeout=60)
        got = json.loads(out)
        load.round_trips += got["round_trips"]
        load.echoes += got["echoes"]
        load.actions += got["actions"]
    return load


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,50,200")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean think time, seconds")
    parser.add_argument(
        "--clients", type=int, default=2, help="client processes sharing the people and echoes"
    )
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--abuse",
        action="store_true",
        help="a normal table quiet, while one address floods, then quiet again (tools/bench_web_abuse.py)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if args.abuse:
        from bench_web_abuse import abuse  # noqa: PLC0415 - beside this file; only --abuse needs it

        return abuse(args.seconds)
    counts = [int(n) for n in args.tables.split(",")]
    rows = []
    for tables in counts:
        with tempfile.TemporaryDirectory() as data:
            server = subprocess.Popen(
                [sys.executable, "-c", SERVER, data],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
            try:
                assert server.stdout is not None
                line = server.stdout.readline().strip()
                base = line.removeprefix("badugi serving on ").rstrip("/")
                load = run_load(
                    base,
                    server.pid,
                    tables,
                    seconds=args.seconds,
                    think=args.think,
                    warmup=args.warmup,
                    clients=args.clients,
                )
            finally:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
        trip50, trip99 = percentile(load.round_trips, 0.5), percentile(load.round_trips, 0.99)
        echo50, echo99 = percentile(load.echoes, 0.5), percentile(load.echoes, 0.99)
        row = {
            "tables": tables,
            "intents": len(load.round_trips),
            "actions": load.actions,
            "actions_per_second": load.actions / args.seconds,
            "round_trip_p50_ms": trip50 * 1e3,
            "round_trip_p99_ms": trip99 * 1e3,
            "echo_p50_ms": echo50 * 1e3,
            "echo_p99_ms": echo99 * 1e3,
            "p99_over_echo_p99": trip99 / echo99,
            "cpu_per_action_us": load.cpu / max(1, load.actions) * 1e6,
            "server_cpu_share": load.cpu / args.seconds,
            "memory_per_table_kb": load.memory / 1024,
            "echo_mean_ms": statistics.fmean(load.echoes) * 1e3,
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print()
    print(
        f"think time {args.think:g} s (0.5x-1.5x), {args.seconds:g} s measured after {args.warmup:g} s, "
        f"{args.clients} client processes, loopback"
    )
    print()
    print(
        "| tables | actions/s | intent -> state p50 / p99 | echo floor p50 / p99 | p99 / floor p99 "
        "| server CPU per action | server CPU | memory per table |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['tables']} | {r['actions_per_second']:,.0f} | {r['round_trip_p50_ms']:.2f} / "
            f"{r['round_trip_p99_ms']:.2f} ms | {r['echo_p50_ms']:.2f} / {r['echo_p99_ms']:.2f} ms | "
            f"{r['p99_over_echo_p99']:.2f}x | {r['cpu_per_action_us']:,.0f} µs | "
            f"{r['server_cpu_share']:.0%} | {r['memory_per_table_kb']:,.0f} KB |"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
