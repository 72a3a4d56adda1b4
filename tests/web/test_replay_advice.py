"""A seat's replay says, at each of its decisions, what the solved strategy does there and what it did.

Only a seat's own replay carries advice (it is read from that seat's view alone);
a watcher's and a table the strategy was not solved for carry none.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from badugi.engine import Hand, Setup, SolverBot, view_of
from badugi.web.driver import actions_of
from tests.web.conftest import Server, claim, running
from tests.web.test_home_game import FAST, Seat, answer_turns, keyed


def my_replay(server: Server, seats: list[str], **settings: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Hand 1 of a new table replayed for seat 0 (a person who checks, calls, stands pat) and a watcher."""
    answer = server.create(seats=seats, clock=0, hands=1, **settings)
    got = claim(answer["seats"][0]["join"])
    me = Seat(got["socket"]).open()
    answer_turns([me], lambda f: f["type"] == "end")
    me.close()
    table = answer["table"]
    status, mine = server.api(f"/api/tables/{table}/replay/1", headers=keyed(got["key"]))
    assert status == 200
    status, public = server.api(f"/api/tables/{table}/replay/1", headers=keyed(answer["watch"].split("#")[1]))
    assert status == 200
    return mine, public


def said(action: dict[str, Any]) -> Any:
    """An advice frame's action as the engine takes it."""
    if action["action"] == "raise":
        return ("raise", action["to"])
    if action["action"] == "draw":
        return ("draw", tuple(action["cards"]))
    return action["action"]


def test_each_decision_of_a_heads_up_seat_carries_the_strategys_shares(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        mine, public = my_replay(server, ["person", "solver"], blinds=[10, 20], bets=[20, 40], ante=0)
    steps = mine["steps"]
    with sqlite3.connect(
        tmp_path / "db.sqlite3"
    ) as db:  # the whole record, to deal the hand beside the server
        (history,) = db.execute("SELECT history FROM hands WHERE number = 1").fetchone()
    record = json.loads(history)
    hand = Hand.from_setup(Setup.from_event(record[0]))
    moves = actions_of(record)  # (seat, action), as the server plays them again
    assert len(steps) == len(moves) + 1  # a step before each move, and the last
    advisor = SolverBot(seed=0)
    advised = 0
    for step, (seat, action) in zip(steps, moves, strict=False):
        if seat == 0:
            advice = step["advice"]
            expected = sorted(advisor.advice(view_of(hand, 0)) or (), key=lambda pair: -pair[1])
            assert [said(a) for a in advice["advice"]] == [shown for shown, _ in expected]
            assert [a["share"] for a in advice["advice"]] == [round(share, 4) for _, share in expected]
            drawn = isinstance(action, tuple) and action[0] == "draw"
            assert said(advice["played"]) == (("draw", tuple(action[1])) if drawn else action)
            advised += 1
        else:
            assert "advice" not in step
        hand.act(action)
    assert advised >= 2
    assert not any("advice" in step for step in public["steps"])
