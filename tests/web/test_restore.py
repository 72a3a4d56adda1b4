"""A restart restores every table from the store; a table whose record was damaged costs itself alone."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import pytest

from tests.web.conftest import Seat, first_legal, play_out, running, seats_of


def test_a_damaged_table_is_left_out_and_the_others_play_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "db.sqlite3"
    with running(data) as server:
        damaged = server.create(seats=["person", "simple"], seed=40, clock=0, hands=3)
        sound = server.create(seats=["person", "random"], seed=41, clock=0, hands=2)
        (me,) = seats_of(damaged)
        (player,) = seats_of(sound)
        player.close()
        answered = None
        while True:  # play hand 1 to its end: it is finished and kept
            frame = me.until(lambda f: f["type"] == "state")
            if frame["hand"] == 2:
                break
            if frame["legal"] and answered != frame["turn"]:
                answered = frame["turn"]
                me.send(first_legal(frame))
        me.close()
    with sqlite3.connect(data) as db:
        (history,) = db.execute(
            "SELECT history FROM hands WHERE table_id = ? AND number = 1", (damaged["table"],)
        ).fetchone()
        events = json.loads(history)
        events[-1]["stacks"] = [0, 0]  # the payouts no longer follow from the hand
        db.execute(
            "UPDATE hands SET history = ? WHERE table_id = ? AND number = 1",
            (json.dumps(events), damaged["table"]),
        )
    caplog.set_level(logging.ERROR, logger="badugi.web")
    old = f"127.0.0.1:{server.port}"
    with running(data) as server:  # on another port: the links' paths and secrets are what count
        new = f"127.0.0.1:{server.port}"
        status, said = server.api(f"/api/charts/{damaged['table']}")
        assert status == 500
        assert said == {"error": "this table's data is damaged: the server could not restore it"}
        refused = Seat(me.url.replace(old, new)).open()
        assert refused.recv() == {"type": "error", "message": said["error"]}
        player = Seat(player.url.replace(old, new)).open()
        end = play_out([player])
        assert sum(s["chips"] for s in end["standings"]) == 2000
    said_at_start = [r.getMessage() for r in caplog.records if "could not be restored" in r.getMessage()]
    assert said_at_start == [f"1 table(s) could not be restored (their data is damaged): {damaged['table']}"]
