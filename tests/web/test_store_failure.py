"""A full disk: the table pauses with one clear line, sends nothing it has not stored, and goes on by itself.

The disk is filled the way SQLite sees a full disk: the file may not grow
past its size now (``PRAGMA max_page_count``), so every write that needs a
page fails with "database or disk is full". While it is full, no event a
write would have kept reaches anyone (a showdown least of all), nobody may
act, and no bot acts either; once writes succeed again the table goes on by
itself, and every seat gets what it had not been sent, once.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from badugi.engine import Hand, public_history
from badugi.web.store import Store
from badugi.web.table import Pacing
from tests.web.conftest import Seat, Server, claim, first_legal, running

FAST = Pacing(bot_delay=0.0, between_hands=0.0)


def fill_disk(server: Server, full: bool) -> None:
    def limit() -> None:
        store = server.room.store
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store.limit_pages(pages if full else 0)

    server.on_loop(limit)


def play_until(seat: Seat, wanted: Any, timeout: float = 30) -> dict[str, Any]:
    """Answer each turn of ``seat`` (check, call, stand pat) until a frame ``wanted`` says yes; that frame."""
    deadline = time.monotonic() + timeout
    answered = None
    while True:
        frame = seat.recv(timeout=max(0.05, deadline - time.monotonic()))
        if wanted(frame):
            return frame
        if frame["type"] == "state" and frame["legal"] and answered != (frame["hand"], frame["turn"]):
            answered = (frame["hand"], frame["turn"])
            seat.send(first_legal(frame))


def test_a_full_disk_pauses_the_table_and_it_goes_on_by_itself(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "simple", "random"], clock=0, hands=1000, stacks=10**6)
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        play_until(me, lambda f: f["type"] == "state" and f["hand"] >= 2)
        fill_disk(server, True)
        paused = play_until(me, lambda f: f["type"] == "notice" and "cannot save" in f["text"])
        assert "goes on by itself" in paused["text"]
        state = me.until(lambda f: f["type"] == "state")
        assert state["paused"] == "store"
        # Nothing moves, and nothing a write would have kept is sent.
        me.send({"type": "act", "action": "fold"})
        assert me.error() == "the table is paused: the server cannot save the game now"
        held_back = []
        try:
            while True:
                held_back.append(me.recv(timeout=1.5))
        except TimeoutError:
            pass
        assert all(f["type"] in ("error", "notice", "presence") for f in held_back), held_back
        sent_before = len(me.frames)
        fill_disk(server, False)
        resumed = me.until(lambda f: f["type"] == "notice" and "saved again" in f["text"], timeout=45)
        assert resumed["text"] == "The game is saved again: the table goes on."
        play_until(
            me, lambda f: f["type"] == "state" and f["paused"] is None and f["hand"] >= state["hand"] + 1
        )
        assert any(f["type"] == "event" for f in me.frames[sent_before:])
        me.close()
    # Every event of every finished hand reached the seat exactly once, in order: none lost in the
    # pause, none sent twice after it.
    store = Store(tmp_path / "db.sqlite3")
    for stored in store.hands(answer["table"]):
        assert Hand.replay(stored.history).history[-1]["event"] == "payouts"
        told = [f["event"] for f in me.frames if f["type"] == "event" and f["hand"] == stored.number]
        k = stored.seated.index(0)
        assert told == json.loads(json.dumps(public_history(stored.history, k))), stored.number
    store.close()


def test_no_hand_s_end_is_sent_before_it_is_stored(tmp_path: Path) -> None:
    """The disk fills at every moment of a hand in turn: a showdown is never sent while it is not kept."""
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "person"], clock=0, hands=1000, stacks=10**6)
        a, b = (Seat(claim(s["join"])["socket"]).open() for s in answer["seats"])
        ends_checked = 0
        for moment in range(12):
            # Play ``moment`` actions of the next hand, fill the disk, and play on until the hand is over.
            filled, acted, done = False, 0, False
            deadline = time.monotonic() + 30
            while not done:
                assert time.monotonic() < deadline, "the hand did not end"
                for seat in (a, b):
                    try:
                        frame = seat.recv(timeout=0.02)
                    except TimeoutError:
                        continue
                    if frame["type"] == "event" and frame["event"]["event"] in ("showdown", "payouts"):
                        number = frame["hand"]
                        kept = server.on_loop(lambda n=number: server.room.store.hand(answer["table"], n))
                        assert kept is not None, "a hand's end was sent before it was stored"
                        ends_checked += 1
                    elif frame["type"] == "notice" and "cannot save" in frame["text"]:
                        fill_disk(server, False)  # the table goes on by itself once it can write
                    elif frame["type"] == "state" and frame["phase"] == "over" and filled:
                        done = True
                    elif frame["type"] == "state" and frame["legal"] and frame["paused"] is None:
                        if acted == moment and not filled:
                            fill_disk(server, True)
                            filled = True
                        seat.send(first_legal(frame))
                        acted += 1
        assert ends_checked >= 12
        for seat in (a, b):
            seat.close()
