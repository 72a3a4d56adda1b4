"""The home game friends choose: a host's powers, chat, watchers, sitting out, rebuys, a ledger, replays."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path
from typing import Any

import pytest

from badugi.web.table import Pacing
from tests.web.conftest import Seat, Server, claim, closed_with, first_legal, http, running

FAST = Pacing(bot_delay=0.0, between_hands=0.0)


def host(server: Server, answer: dict[str, Any], do: str, **fields: Any) -> tuple[int, dict[str, Any]]:
    return server.api(  # type: ignore[no-any-return]
        f"/api/charts/{answer['table']}/host", {"key": answer["host"].split("#")[1], "do": do, **fields}
    )


def keyed(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def watcher(server: Server, answer: dict[str, Any]) -> Seat:
    key = answer["watch"].split("#")[1]
    return Seat(f"ws://127.0.0.1:{server.port}/ws/{answer['table']}/watch?key={key}").open()


def answer_turns(seats: list[Seat], until: Any, timeout: float = 30) -> dict[str, Any]:
    """Every seat checks, calls or stands pat on its turns, until a frame of any seat ``until`` says yes."""
    deadline = time.monotonic() + timeout
    answered: dict[int, tuple[int, int]] = {}
    while True:
        assert time.monotonic() < deadline, "the wanted frame never came"
        for index, seat in enumerate(seats):
            try:
                frame = seat.recv(timeout=0.01)
            except TimeoutError:
                continue
            if (
                frame["type"] == "state"
                and frame["legal"]
                and answered.get(index) != (frame["hand"], frame["turn"])
            ):
                answered[index] = (frame["hand"], frame["turn"])
                seat.send(first_legal(frame))  # answered even when it is the frame wanted: no turn left over
            if until(frame):
                return frame


# -- the host ------------------------------------------------------------------------------------------


def test_a_table_waits_for_its_host_when_made_so(server: Server) -> None:
    answer = server.create(seats=["person", "person", "simple"], clock=0, start="host")
    me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
    assert me.until(lambda f: f["type"] == "state")["status"] == "waiting"
    me.send({"type": "act", "action": "check"})
    assert me.error().startswith("the table has not started")
    status, said = host(server, answer, "start")
    assert status == 200, said
    # The seat nobody took is dealt and plays as away in a match: the clock of no one is run for it.
    state = me.dealt()
    assert state["status"] == "playing"
    assert host(server, answer, "start")[0] == 400  # once
    me.close()


def test_a_table_does_not_start_before_its_people_and_nobody_is_on_the_clock(server: Server) -> None:
    answer = server.create(seats=["person", "person"], clock=30)
    me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
    waiting = me.until(lambda f: f["type"] == "state")
    assert waiting["status"] == "waiting"
    assert waiting["clock"] is None
    assert waiting["players"][1]["claimed"] is False
    time.sleep(0.5)
    assert server.api(f"/api/charts/{answer['table']}")[1]["hands_played"] == 0
    claim(answer["seats"][1]["join"], name="Bob")
    started = me.until(lambda f: f["type"] == "state" and f["hand"] == 1)
    assert started["players"][1]["name"] == "Bob"
    me.close()


def test_the_host_pauses_resumes_and_ends(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "simple"], clock=0, hands=500, stacks=10**6)
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        answer_turns([me], lambda f: f["type"] == "state" and f["hand"] >= 2)
        assert host(server, answer, "pause")[0] == 200
        answer_turns([me], lambda f: f["type"] == "notice" and "paused" in f["text"])
        paused = me.until(lambda f: f["type"] == "state" and f["paused"] == "host")
        me.send({"type": "act", "action": "fold"})
        assert me.error() == "the host has paused the table"
        time.sleep(0.5)
        assert server.api(f"/api/charts/{answer['table']}")[1]["hands_played"] == paused["hand"] - (
            0 if paused["status"] == "between" else 1
        )
        assert host(server, answer, "resume")[0] == 200
        answer_turns([me], lambda f: f["type"] == "state" and f["hand"] > paused["hand"])
        assert host(server, answer, "end")[0] == 200
        end = me.until(lambda f: f["type"] == "end")
        assert end["reason"] == "ended"
        assert (
            sum(row["chips"] for row in end["standings"]) == 2 * 10**6
        )  # as they stood: the hand in play voided
        assert host(server, answer, "pause")[0] == 409
        me.close()


def test_the_host_turns_an_absent_seat_into_a_bot_and_back(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "person"], clock=0, hands=500, stacks=10**6)
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        friend = Seat(claim(answer["seats"][1]["join"])["socket"]).open()
        me.dealt()
        status, said = host(server, answer, "to_bot", seat=1, bot="simple")
        assert status == 400
        assert "is at the table" in said["error"]
        friend.close()
        time.sleep(0.2)
        assert host(server, answer, "to_bot", seat=1, bot="simple")[0] == 200
        state = answer_turns([me], lambda f: f["type"] == "state" and f["players"][1]["kind"] == "simple")
        answer_turns(
            [me], lambda f: f["type"] == "state" and f["hand"] > state["hand"] + 1
        )  # the bot plays on
        status, said = host(server, answer, "to_person", seat=1)
        assert status == 200
        back = Seat(claim(said["join"], name="Cat")["socket"]).open()
        assert back.until(lambda f: f["type"] == "state")["players"][1]["name"] == "Cat"
        for socket in (me, back):
            socket.close()


def test_the_host_sets_the_clock_and_mutes_a_seat(server: Server) -> None:
    answer = server.create(seats=["person", "person"], clock=0)
    a, b = (Seat(claim(s["join"])["socket"]).open() for s in answer["seats"])
    a.dealt()
    assert host(server, answer, "clock", seconds=2)[0] == 400  # under five seconds
    assert host(server, answer, "clock", seconds=20)[0] == 200
    assert a.until(lambda f: f["type"] == "state" and f["players"] and True)  # any state after
    assert host(server, answer, "mute", seat=1)[0] == 200
    b.send({"type": "chat", "text": "hello"})
    assert b.error() == "the host has muted your chat"
    assert host(server, answer, "unmute", seat=1)[0] == 200
    b.send({"type": "chat", "text": "hello again"})
    said = a.until(lambda f: f["type"] == "chat")
    assert said["text"] == "hello again"
    for socket in (a, b):
        socket.close()


def test_the_host_s_requests_are_checked(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], clock=0)
    table = answer["table"]
    seat_key = claim(answer["seats"][0]["join"])["key"]
    for body, status in (
        ({"key": "wrong", "do": "pause"}, 403),
        ({"key": seat_key, "do": "pause"}, 403),  # a seat's key is no host's
        ({"key": answer["host"].split("#")[1], "do": "dance"}, 400),
        ({"key": answer["host"].split("#")[1], "do": "mute"}, 400),
        ({"key": answer["host"].split("#")[1], "do": "mute", "seat": 9}, 400),
        ({"key": answer["host"].split("#")[1], "do": "mute", "seat": True}, 400),
        ({"key": answer["host"].split("#")[1], "do": "to_bot", "seat": 1, "bot": "shark"}, 400),
        ({"key": answer["host"].split("#")[1], "do": "pause", "extra": 1}, 400),
        ({"key": answer["host"].split("#")[1], "do": "watching", "watching": "sometimes"}, 400),
        ({"key": answer["host"].split("#")[1], "do": "clock", "seconds": "30"}, 400),
        ([], 400),
    ):
        got, said = server.api(f"/api/charts/{table}/host", body)
        assert got == status, (body, said)
        assert set(said) == {"error"}


# -- chat ------------------------------------------------------------------------------------------


def test_chat_reaches_every_seat_and_watcher_as_text_and_is_kept(server: Server) -> None:
    answer = server.create(seats=["person", "person"], clock=0)
    a, b = (Seat(claim(s["join"])["socket"]).open() for s in answer["seats"])
    watching = watcher(server, answer)
    html = '<img src=x onerror="alert(1)"> <b>hi</b>'
    a.send({"type": "chat", "text": html})
    for socket in (a, b, watching):
        said = socket.until(lambda f: f["type"] == "chat")
        assert said["text"] == html  # as typed: the page draws it as text, never as HTML
        assert said["seat"] == 0
        assert said["name"] == "Player 1"
    for bad in ("", "   ", "x" * 301, "line\u202eoverride", 5):
        a.send({"type": "chat", "text": bad})
        assert a.error().startswith("a chat message")
    for _ in range(10):
        b.send({"type": "chat", "text": "spam"})
    assert any(f["type"] == "error" and "too many chat" in f["message"] for f in _drain(b))
    late = watcher(server, answer)
    kept = [f for f in _drain(late) if f["type"] == "chat"]
    assert kept[0]["text"] == html
    for socket in (a, b, watching, late):
        socket.close()


def _drain(seat: Seat, wait: float = 0.5) -> list[dict[str, Any]]:
    got = []
    try:
        while True:
            got.append(seat.recv(timeout=wait))
    except TimeoutError:
        return got


# -- watchers --------------------------------------------------------------------------------------


def test_watchers_see_no_card_and_the_players_see_how_many_watch(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], clock=0)
    me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
    mine = me.dealt()
    watching = watcher(server, answer)
    seen = watching.until(lambda f: f["type"] == "state" and f["hand"] >= 1)
    assert seen["cards"] == []
    assert seen["seat"] is None
    assert me.until(lambda f: f["type"] == "state" and f["watchers"] == 1)["watchers"] == 1
    assert all(f'"{card}"' not in text for card in mine["cards"] for text in watching.raw)
    watching.send({"type": "act", "action": "fold"})
    assert watching.error().startswith("a watcher's socket only listens")
    assert host(server, answer, "watching", watching="off")[0] == 200
    assert closed_with(watching) == 4004
    again = watcher(server, answer)
    assert again.recv() == {"type": "error", "message": "the host has turned watching off"}
    me.close()


def test_watchers_one_hand_behind_see_each_hand_once_it_is_over(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "simple"], clock=0, watching="delayed", hands=50)
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        watching = watcher(server, answer)
        answer_turns([me], lambda f: f["type"] == "state" and f["hand"] >= 3)
        frames = _drain(watching)
        replays = [f for f in frames if f["type"] == "replay"]
        assert [r["hand"] for r in replays][:2] == [1, 2]
        assert all(f["hand"] <= 1 or f["type"] != "event" for f in frames)  # no live event at all
        assert all(f.get("phase") in (None, "waiting") for f in frames if f["type"] == "state")
        steps = replays[0]["steps"]
        assert steps[0]["state"]["hand"] == 1
        assert steps[-1]["state"]["phase"] == "over"
        me.close()


def test_a_new_watch_link_closes_the_old(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], clock=0)
    old = watcher(server, answer)
    old.until(lambda f: f["type"] == "state")
    status, said = host(server, answer, "reissue_watch")
    assert status == 200
    assert closed_with(old) == 4004
    assert watcher(server, answer).recv()["type"] == "error"  # the old key opens nothing
    fresh = Seat(
        f"ws://127.0.0.1:{server.port}/ws/{answer['table']}/watch?key={said['watch'].split('#')[1]}"
    ).open()
    assert fresh.until(lambda f: f["type"] == "state")["seat"] is None
    fresh.close()


# -- the home game: sitting out, rebuys, late seats, the ledger ------------------------------------------


def test_a_home_game_sits_out_rebuys_and_keeps_a_ledger(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(
            mode="home", seats=["person", "person", "person"], stacks=30, clock=0, ante=10, bets=[20, 40]
        )
        assert "hands" not in answer
        a = Seat(claim(answer["seats"][0]["join"], name="Ann")["socket"]).open()
        b = Seat(claim(answer["seats"][1]["join"], name="Bob")["socket"]).open()
        # Seat 3 is not taken: a home game plays without it (here, once its host starts the table).
        assert host(server, answer, "start")[0] == 200
        first = a.dealt()
        assert first["seated"] == [0, 1]
        b.send({"type": "sit_out"})
        answer_turns([a, b], lambda f: f["type"] == "state" and f["paused"] == "seats")  # one left: no deal
        b.send({"type": "sit_in"})
        answer_turns([a, b], lambda f: f["type"] == "state" and f["seated"] == [0, 1] and f["phase"] == "bet")
        # Somebody busts at these stakes; then they rebuy up to the starting stack.
        busted = answer_turns(
            [a, b],
            lambda f: (
                f["type"] == "state" and f["phase"] == "over" and 0 in (p["chips"] for p in f["players"][:2])
            ),
        )
        loser = next(p["seat"] for p in busted["players"][:2] if p["chips"] == 0)
        (a if loser == 0 else b).send({"type": "rebuy"})
        answer_turns([a, b], lambda f: f["type"] == "notice" and "rebuys 30 chips" in f["text"])
        # A friend comes late: the empty seat is filled, and dealt in from the next hand.
        c = Seat(claim(answer["seats"][2]["join"], name="Cy")["socket"]).open()
        answer_turns([a, b, c], lambda f: f["type"] == "state" and f["seated"] == [0, 1, 2])
        status, ledger = server.api(
            f"/api/charts/{answer['table']}/ledger", headers=keyed(a.url.split("key=")[1])
        )
        assert status == 200
        rows = {row["name"]: row for row in ledger["rows"]}
        assert rows[["Ann", "Bob"][loser]]["rebuys"] == 30
        assert rows["Cy"]["buy_in"] == 30
        assert ledger["total"] == 0
        assert sum(row["net"] for row in ledger["rows"]) == 0
        status, text = server.api(
            f"/api/charts/{answer['table']}/ledger?format=csv",
            headers=keyed(a.url.split("key=")[1]),
            raw=True,
        )
        table = list(csv.reader(io.StringIO(text)))
        assert table[0] == ["seat", "name", "kind", "buy_in", "rebuys", "bought", "chips", "net"]
        assert len(table) == 4
        for socket in (a, b, c):
            socket.close()


def test_a_home_game_rebuy_the_host_approves(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(mode="home", rebuys="host", seats=["person", "simple"], stacks=100, clock=0)
        me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        answer_turns(
            [me], lambda f: f["type"] == "state" and f["phase"] == "over" and f["players"][0]["chips"] < 100
        )
        me.send({"type": "rebuy"})
        answer_turns([me], lambda f: f["type"] == "notice" and "the host decides" in f["text"])
        assert host(server, answer, "approve", seat=1)[0] == 400  # it did not ask
        assert host(server, answer, "approve", seat=0)[0] == 200
        answer_turns([me], lambda f: f["type"] == "notice" and "rebuys" in f["text"])
        me.close()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"seats": ["person", "simple"], "rebuys": "auto"}, "rebuys are a home game's"),
        ({"seats": ["person", "simple"], "mode": "home", "qualifier": 5}, "a qualifier is a match's"),
        ({"seats": ["person", "simple"], "mode": "poker"}, "mode must be one of"),
        ({"seats": ["person", "simple"], "start": "never"}, "start must be one of"),
    ],
)
def test_home_game_settings_are_checked(server: Server, body: dict[str, Any], message: str) -> None:
    status, said = server.api("/api/charts", body)
    assert status == 400
    assert message in said["error"]


def test_sitting_out_and_rebuys_are_a_home_game_s(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], clock=0)
    me = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
    me.dealt()
    for what in ("sit_out", "sit_in", "rebuy"):
        me.send({"type": what})
        assert "a match deals every seat" in me.error()
    me.close()


# -- every hand again ------------------------------------------------------------------------------


def test_every_hand_replays_as_each_holder_saw_it(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", pacing=FAST) as server:
        answer = server.create(seats=["person", "simple", "random"], clock=0, hands=3)
        got = claim(answer["seats"][0]["join"])
        me = Seat(got["socket"]).open()
        answer_turns([me], lambda f: f["type"] == "end")
        seen_live = [
            f for f in me.frames if f["type"] == "state" and f["hand"] == 2 and f["phase"] == "over"
        ][-1]
        status, replay = server.api(f"/api/charts/{answer['table']}/replay/2", headers=keyed(got["key"]))
        assert status == 200
        assert replay["seat"] == 0
        steps = replay["steps"]
        assert steps[0]["events"][0]["event"]["event"] == "setup"
        assert steps[0]["state"]["cards"]  # my cards, from the first step
        assert steps[-1]["state"]["phase"] == "over"
        assert steps[-1]["state"]["showdown"] == seen_live["showdown"]
        assert [p["chips"] for p in steps[-1]["state"]["players"]] == [
            p["chips"] for p in seen_live["players"]
        ]
        status, public = server.api(
            f"/api/charts/{answer['table']}/replay/2", headers=keyed(answer["watch"].split("#")[1])
        )
        assert status == 200
        assert public["seat"] is None
        assert all(step["state"]["cards"] == [] for step in public["steps"])
        assert server.api(f"/api/charts/{answer['table']}/replay/9", headers=keyed(got["key"]))[0] == 404
        assert server.api(f"/api/charts/{answer['table']}/replay/2")[0] == 403
        assert http(f"{server.base}/api/charts/{answer['table']}/replay/2", headers=keyed("x" * 30))[0] == 403
        me.close()
