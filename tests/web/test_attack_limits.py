"""What one visitor may take: tables, reads, reconnects; abandoned tables close; done tables leave memory.

Every visitor here is a loopback address of its own (127.0.0.2, 127.0.1.7,
...): the server counts by address, so two addresses are two visitors.
"""

from __future__ import annotations

import gc
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from badugi.web import downloads
from badugi.web.connection import SocketConnection
from badugi.web.limits import Limits
from badugi.web.table import Table
from tests.web.conftest import Seat, Server, claim, closed_with, first_legal, http_from, play_out, running

TABLE = {"seats": ["person", "simple"], "clock": 0, "hands": 2}


def create_from(server: Server, source: str, **extra: Any) -> tuple[int, Any, dict[str, str]]:
    return http_from(source, f"{server.base}/api/charts", {**TABLE, **extra})


def host(server: Server, answer: dict[str, Any], do: str, **fields: Any) -> dict[str, Any]:
    status, said = server.api(
        f"/api/charts/{answer['table']}/host", {"key": answer["host"].split("#")[1], "do": do, **fields}
    )
    assert status == 200, said
    return said  # type: ignore[no-any-return]


def test_one_address_makes_at_most_its_open_tables_and_another_is_not_locked_out(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", limits=Limits(tables_open=5)) as server:
        made = []
        for _ in range(5):
            status, answer, _ = create_from(server, "127.0.0.2")
            assert status == 201, answer
            made.append(answer)
        status, said, headers = create_from(server, "127.0.0.2")
        assert status == 429
        assert "5 tables waiting or in play" in said["error"]
        assert int(headers["retry-after"]) >= 1
        assert create_from(server, "127.0.1.7")[0] == 201  # another visitor is served
        # A table that is over no longer counts: its maker may make another.
        server.api(
            f"/api/charts/{made[0]['table']}/host", {"key": made[0]["host"].split("#")[1], "do": "end"}
        )
        assert create_from(server, "127.0.0.2")[0] == 201
        assert create_from(server, "127.0.0.2")[0] == 429


def test_one_address_makes_at_most_so_many_tables_an_hour_and_is_told_when_it_may_again(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3", limits=Limits(tables_an_hour=4)) as server:
        for _ in range(4):
            status, answer, _ = create_from(server, "127.0.0.3")
            host(server, answer, "end")  # over at once: the hour's count still counts it
        status, said, headers = create_from(server, "127.0.0.3")
        assert status == 429
        assert "in the last hour" in said["error"]
        assert 3500 <= int(headers["retry-after"]) <= 3600
        assert create_from(server, "127.0.0.4")[0] == 201


def test_the_limits_hold_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "db.sqlite3"
    with running(data, limits=Limits(tables_open=2)) as server:
        for _ in range(2):
            assert create_from(server, "127.0.0.5")[0] == 201
    with running(data, limits=Limits(tables_open=2)) as server:
        assert create_from(server, "127.0.0.5")[0] == 429


def test_forwarded_for_names_the_visitor_only_behind_a_named_proxy(tmp_path: Path) -> None:
    spoofed = {"X-Forwarded-For": "203.0.113.9"}
    with running(tmp_path / "a.sqlite3", limits=Limits(tables_open=1)) as server:
        # No proxy named: a visitor who says another address is still counted by its own.
        assert (
            http_from("127.0.0.6", f"{server.base}/api/charts", TABLE, {"X-Forwarded-For": "203.0.113.1"})[0]
            == 201
        )
        assert http_from("127.0.0.6", f"{server.base}/api/charts", TABLE, spoofed)[0] == 429
    with running(
        tmp_path / "b.sqlite3", limits=Limits(tables_open=1), forwarded_allow_ips=["127.0.0.7"]
    ) as server:
        # Behind the named proxy, each visitor it names is counted by its own address.
        for visitor in ("203.0.113.1", "203.0.113.2"):
            assert (
                http_from("127.0.0.7", f"{server.base}/api/charts", TABLE, {"X-Forwarded-For": visitor})[0]
                == 201
            )
        assert (
            http_from("127.0.0.7", f"{server.base}/api/charts", TABLE, {"X-Forwarded-For": "203.0.113.1"})[0]
            == 429
        )


def test_a_table_nobody_joined_is_closed_after_abandon_after(tmp_path: Path) -> None:
    limits = Limits(abandon_after=0.5)
    with running(tmp_path / "db.sqlite3", limits=limits, sweep_every=0.1) as server:
        lonely = server.create(**TABLE)
        played = server.create(**{**TABLE, "hands": 50})
        seat = Seat(claim(played["seats"][0]["join"])["socket"]).open()
        seat.dealt()
        deadline = time.monotonic() + 10
        while server.api(f"/api/charts/{lonely['table']}")[1]["status"] != "closed":
            assert time.monotonic() < deadline, "the abandoned table was not closed"
            time.sleep(0.1)
        assert server.api(f"/api/charts/{played['table']}")[1]["status"] == "playing"  # its person is there
        assert server.on_loop(lambda: lonely["table"] in server.room.tables) is False
        seat.close()  # now everyone has left this one too
        while server.api(f"/api/charts/{played['table']}")[1]["status"] != "closed":
            assert time.monotonic() < deadline, "the table everyone left was not closed"
            time.sleep(0.1)
        key = played["host"].split("#")[1]
        status, _said = server.api(f"/api/charts/{played['table']}/host", {"key": key, "do": "pause"})
        assert status == 409  # a closed table takes no more orders


def held_on(server: Server) -> dict[str, int]:
    """How many of this server's tables and sockets its process still holds (garbage collected first).

    Only this server's: a worker that ran other tests before may hold their objects (a failure's
    traceback keeps its frames), which are no business of this one.
    """

    def census() -> dict[str, int]:
        gc.collect()
        store, limits = server.room.store, server.room.limits
        counted: Counter[str] = Counter()
        for thing in gc.get_objects():
            if isinstance(thing, Table) and thing.store is store:
                counted["Table"] += 1
            elif isinstance(thing, SocketConnection) and thing.limits is limits:
                counted["SocketConnection"] += 1
        return dict(counted)

    return server.on_loop(census)  # type: ignore[no-any-return]


def test_done_tables_leave_memory_and_stay_readable(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answers = []
        for _ in range(40):
            answer = server.create(**{**TABLE, "hands": 1})
            (me,) = (Seat(claim(answer["seats"][0]["join"])["socket"]).open(),)
            play_out([me])
            me.close()
            answers.append(answer)
        assert server.on_loop(lambda: len(server.room.tables)) == 0
        deadline = time.monotonic() + 5
        while held_on(server):  # the sockets' last writes done, nothing of a done table is kept
            assert time.monotonic() < deadline, f"still held: {held_on(server)}"
            time.sleep(0.1)
        last = answers[-1]
        about = server.api(f"/api/charts/{last['table']}")[1]
        assert about["over"]
        assert about["hands_played"] == 1
        watcher = Seat(
            f"ws://127.0.0.1:{server.port}/ws/{last['table']}/watch?key={last['watch'].split('#')[1]}"
        )
        end = watcher.open().recv()
        assert end["type"] == "end"
        assert sum(row["chips"] for row in end["standings"]) == 2000
        assert closed_with(watcher) == 4000


@pytest.mark.usefixtures("short_clock")
def test_a_table_whose_people_are_away_deals_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(seats=["person", "random", "random"], clock=0.2, hands=1000)
        seat = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        held = seat.until(
            lambda f: f["type"] == "state" and f["paused"] == "away" and f["players"][0]["away"], timeout=20
        )
        time.sleep(1.0)  # a table that played itself would deal hundreds of hands meanwhile
        _status, about = server.api(f"/api/charts/{answer['table']}")
        assert about["hands_played"] == held["hand"]
        seat.close()


def test_a_clock_under_five_seconds_is_refused(server: Server) -> None:
    for clock in (0.001, 1, 4.9):
        status, said = server.api("/api/charts", {**TABLE, "clock": clock})
        assert status == 400
        assert "between 5 and 3600" in said["error"]
    assert server.api("/api/charts", {**TABLE, "clock": 5})[0] == 201
    assert server.api("/api/charts", {**TABLE, "clock": 0})[0] == 201


def test_downloads_are_built_off_the_event_loop_kept_once_made_and_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real = downloads.seat_hands

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr("badugi.web.api.seat_hands", watched)
    with running(tmp_path / "db.sqlite3", limits=Limits(reads=4, reads_per_second=0.01)) as server:
        answer = server.create(**{**TABLE, "hands": 2})
        got = claim(answer["seats"][0]["join"])
        me = Seat(got["socket"]).open()
        play_out([me])
        me.close()
        loop_thread = server.on_loop(lambda: threading.current_thread().name)
        path = f"/api/charts/{answer['table']}/seats/0/history?format=pokerstars"
        auth = {"Authorization": f"Bearer {got['key']}"}
        first = server.api(path, headers=auth, raw=True)
        second = server.api(path, headers=auth, raw=True)
        assert first == second
        assert first[0] == 200
        assert len(threads) == 1  # the finished table's download was kept once made
        assert threads[0] != loop_thread
        assert server.api(path, headers=auth)[0] == 200
        assert server.api(path, headers=auth)[0] == 200
        status, _said, headers = http_from("127.0.0.1", f"{server.base}{path}", headers=auth)
        assert status == 429
        assert int(headers["retry-after"]) >= 1
        assert http_from("127.0.2.1", f"{server.base}{path}", headers=auth)[0] == 200  # another visitor reads


def test_a_seat_reconnecting_in_a_loop_is_slowed_and_costs_the_others_little(server: Server) -> None:
    answer = server.create(seats=["person", "person"], clock=0)
    a_link = claim(answer["seats"][0]["join"])["socket"]
    other = Seat(claim(answer["seats"][1]["join"])["socket"]).open()
    other.dealt()
    before = len(other.raw)
    refused = 0
    for _ in range(40):
        seat = Seat(a_link).open()
        first = seat.recv()
        if first["type"] == "error":
            assert first["message"].startswith("this seat reconnects too often")
            refused += 1
        seat.close()
    time.sleep(0.3)
    try:
        while True:
            other.recv(timeout=0.2)
    except TimeoutError:
        pass
    allowed = 40 - refused
    assert refused > 0
    assert allowed <= 8  # a burst of 6, and one every 5 s after it
    # What the other seat was sent for them: a small presence frame per connect and per leave, no state.
    sent = other.raw[before:]
    assert len(sent) <= 2 * allowed + 2
    assert all('"type":"state"' not in text for text in sent)
    other.close()


@pytest.mark.usefixtures("short_clock")
def test_a_message_from_an_away_seat_brings_it_back(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(seats=["person", "person"], clock=0.3, hands=50)
        a, b = (Seat(claim(s["join"])["socket"]).open() for s in answer["seats"])
        first = a.dealt()
        sleeper, player, index = (a, b, 0) if first["actor"] == 0 else (b, a, 1)
        sleeper.until(lambda f: f["type"] == "state" and f["players"][index]["away"], timeout=20)
        # The other seat is to act now (the clock acted for the sleeper): an act out of turn is refused,
        # and the sleeper is back all the same.
        turn = player.turn()
        sleeper.send({"type": "act", "action": "check"})
        assert sleeper.error().startswith("it is not your turn")
        back = sleeper.until(lambda f: f["type"] == "state" and not f["players"][index]["away"])
        assert not back["players"][index]["away"]
        player.send(first_legal(turn))
        for seat in (a, b):
            seat.close()
