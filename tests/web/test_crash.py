"""``kill -9`` of ``badugi serve`` in the middle of random hands, a restart, the same links: nothing lost.

The server runs as its own process on 127.0.0.1. Two people (scripted, each
decision a pure function of what their seat sees) and two bots play; the
server is killed with SIGKILL after a random number of intents, restarted on
the same ``--data`` and port, and the people reconnect with the links they
had. Every state any seat was sent accounts for every chip; no hand a seat was
shown ending is dealt again after a restart (determinism would hide a lost
hand: it would be played again the same way); every finished hand replays
through ``Hand.replay``; and the match ends exactly as the same
match played straight through in this process, hand for hand.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from badugi.engine import Hand, Legal, Match, SeatView
from badugi.web.lineup import bot_for
from badugi.web.settings import TableSettings
from badugi.web.store import Store
from tests.web.conftest import Seat, claim, http

KILLS = 3
STARTUP = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def badugi_serve(data: Path, port: int) -> Iterator[subprocess.Popen[str]]:
    """``badugi serve`` on 127.0.0.1:port, ready; killed (SIGKILL) at the end whatever happened."""
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi", "serve", "--port", str(port), "--data", str(data),
         "--bot-delay", "0", "--between-hands", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + STARTUP
        line = process.stdout.readline()
        assert time.monotonic() < deadline, "badugi serve did not start"
        assert line.strip() == f"badugi serving on http://127.0.0.1:{port}/", line
        yield process
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def decide(hand: int, cards: list[str] | tuple[str, ...], legal: dict[str, Any], pot: int) -> Any:
    """A person's decision: a pure function of what the seat sees (so a hand dealt again is played again)."""
    rng = random.Random(json.dumps([hand, list(cards), legal, pot], sort_keys=True))
    if legal["draw"]:
        return ("draw", [c for c in cards if rng.random() < 0.35])
    if legal["min_raise_to"] is not None and rng.random() < 0.25:
        return ("raise", rng.randint(legal["min_raise_to"], legal["max_raise_to"]))
    if legal["check"]:
        return "check"
    return "call" if rng.random() < 0.8 else "fold"


def intent(action: Any) -> dict[str, Any]:
    if isinstance(action, tuple) and action[0] == "draw":
        return {"type": "draw", "discard": action[1]}
    if isinstance(action, tuple):
        return {"type": "act", "action": "raise", "to": action[1]}
    return {"type": "act", "action": action}


def legal_dict(legal: Legal) -> dict[str, Any]:
    return {
        "fold": legal.fold, "check": legal.check, "call": legal.call, "call_amount": legal.call_amount,
        "min_raise_to": legal.min_raise_to, "max_raise_to": legal.max_raise_to, "draw": legal.draw,
    }  # fmt: skip


def straight_through(settings: TableSettings, redeals: list[int]) -> tuple[list[Any], list[Any]]:
    """The same match, never interrupted, in this process: its histories (JSON) and standings.

    Hand ``n`` is dealt from the deck it was dealt from at the table (``redeals[n - 1]``: a hand
    voided by a kill is dealt again from a fresh deck), and played as the table played it.
    """
    match: Match

    def seat_player(seat: int) -> Any:
        bots: dict[int, Any] = {}

        def play(view: SeatView) -> Any:
            number = match.hands_played + 1
            kind = settings.seats[seat]
            if kind == "person":
                return decide(number, view.cards, legal_dict(view.legal), view.pot)
            if number not in bots:
                bots[number] = bot_for(kind, settings.seed, number, seat)
            return bots[number](view)

        return play

    match = settings.match([seat_player(s) for s in range(len(settings.seats))])
    histories = []
    while not match.over:
        redeal = redeals[match.hands_played]
        histories.append(json.loads(json.dumps(match.play_hand(redeal=redeal).history)))
    standings = [[s.player, s.name, s.chips] for s in match.result().standings]
    return histories, standings


def test_kill_9_at_random_moments_loses_nothing(tmp_path: Path) -> None:  # noqa: PLR0912 - one loop, read whole
    rng = random.Random(9)
    port, data = free_port(), tmp_path / "data"
    body = {"seats": ["person", "simple", "person", "random"], "seed": 31, "hands": 8, "clock": 0}
    total = 4 * 1000
    seen_states = 0
    kills = 0
    finished_seen = 0  # the last hand a seat was shown ending: a restart never deals it again
    end: dict[str, Any] | None = None
    with badugi_serve(data, port):
        status, answer = http(f"http://127.0.0.1:{port}/api/charts", body)
        assert status == 201
    with badugi_serve(data, port):
        links = [claim(s["join"])["socket"] for s in answer["seats"] if "join" in s]
    notices: list[str] = []
    while end is None:
        with badugi_serve(data, port) as process:
            seats = [Seat(link).open() for link in links]
            budget = rng.randint(3, 30) if kills < KILLS else 10**9
            answered: dict[int, tuple[int, int]] = {}
            restarted = True
            deadline = time.monotonic() + 60
            try:
                while end is None and budget > 0:
                    assert time.monotonic() < deadline, "the match did not go on"
                    idle = True
                    for index, seat in enumerate(seats):
                        try:
                            frame = seat.recv(timeout=0)
                        except TimeoutError:
                            continue
                        idle = False
                        if frame["type"] == "end":
                            end = frame
                        elif frame["type"] == "notice":
                            notices.append(frame["text"])
                        elif frame["type"] == "error":
                            raise AssertionError(frame["message"])
                        elif frame["type"] == "state":
                            seen_states += 1
                            if restarted and frame["phase"] in ("bet", "draw"):  # a hand in play
                                assert frame["hand"] > finished_seen, (frame["hand"], finished_seen)
                                restarted = False
                            if frame["showdown"] is not None:
                                finished_seen = max(finished_seen, frame["hand"])
                            chips = sum(p["chips"] for p in frame["players"])
                            assert chips + frame["pot"] == total, frame
                            if frame["legal"] and answered.get(index) != (frame["hand"], frame["turn"]):
                                answered[index] = (frame["hand"], frame["turn"])
                                seat.send(
                                    intent(
                                        decide(frame["hand"], frame["cards"], frame["legal"], frame["pot"])
                                    )
                                )
                                budget -= 1
                    if idle:
                        time.sleep(0.002)
            except ConnectionClosed:
                pass
            if end is None:
                os.kill(process.pid, signal.SIGKILL)  # in the middle of a hand: an intent was just sent
                kills += 1
            for seat in seats:
                seat.close()
    assert kills == KILLS
    store = Store(data / "badugi.sqlite3")
    table = answer["table"]
    kept = list(store.hands(table))
    stored = [hand.history for hand in kept]
    voided = store.voided_count(table)
    with sqlite3.connect(data / "badugi.sqlite3") as db:
        decks = db.execute(
            "SELECT number, history, redeal FROM voided WHERE table_id = ?", (table,)
        ).fetchall()
    store.close()
    assert voided >= 1
    # A voided hand is dealt again from a fresh deck, never the one a person may have seen; each
    # restart says so.
    for number, history, redeal in decks:
        again = kept[number - 1]
        assert again.redeal > redeal
        assert json.loads(history)[0]["seed"] != again.history[0]["seed"]
        assert f"The server restarted: hand {number} is dealt again, from a fresh deck." in notices
    for history in stored:
        assert json.loads(json.dumps(Hand.replay(history).history)) == history
    settings = TableSettings.from_request(body)
    histories, standings = straight_through(settings, [hand.redeal for hand in kept])
    assert stored == histories
    assert [[s["seat"], s["name"], s["chips"]] for s in end["standings"]] == standings
    print(
        f"crash: {kills} kills, {voided} hands voided, {len(stored)} hands kept, {seen_states} states checked"
    )
