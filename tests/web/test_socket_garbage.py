"""Garbage of every kind at the server: each answered with one error (or a close), the table playing on."""

from __future__ import annotations

import json
import logging
import time
import urllib.request
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.web.conftest import Seat, Server, claim, closed_with, first_legal, http, play_out, seats_of

#: Messages that are no intent: each gets exactly one error frame.
BAD_MESSAGES: list[str | bytes] = [
    "not json",
    "",
    "[]",
    "1",
    "null",
    '"act"',
    "{}",
    '{"type": 5}',
    '{"type": "dance"}',
    '{"type": "act"}',
    '{"type": "act", "action": "shove"}',
    '{"type": "act", "action": "bet", "to": "20"}',
    '{"type": "act", "action": "bet", "to": 1e300}',
    '{"type": "act", "action": "bet", "to": 20.0}',
    '{"type": "act", "action": "bet", "to": 1000000000000000000000000000000}',
    '{"type": "act", "action": "bet", "to": -5}',
    '{"type": "act", "action": "bet", "to": true}',
    '{"type": "act", "action": "bet", "to": NaN}',
    '{"type": "act", "action": "bet", "to": Infinity}',
    '{"type": "act", "action": "fold", "extra": 1}',
    '{"type": "draw"}',
    '{"type": "draw", "discard": "Kc"}',
    '{"type": "draw", "discard": [1, 2]}',
    '{"type": "draw", "discard": ["Zz"]}',
    '{"type": "draw", "discard": [null]}',
    '{"type": "draw", "discard": ["Ac", "2c", "3c", "4c", "5c", "6c"]}',
    '{"type": "draw", "discard": ["\\ud800"]}',
    '{"type": "back", "extra": 1}',
    '{"type": "act", "action": "call", "type": "nope"}',
    "[" * 500 + "]" * 500,
    '{"type": "act", "action": "' + "x" * 2000 + '"}',
    b"\x00\xff binary",
]


def _quiet_until_state(seat: Seat) -> None:
    """Read what the seat was sent up to its turn: then the table waits for it (no clock), quiet."""
    seat.turn()


def test_every_bad_message_gets_one_error_and_the_table_plays_on(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], seed=17, clock=0, hands=2)
    (me,) = seats_of(answer)
    _quiet_until_state(me)
    for number, message in enumerate(BAD_MESSAGES):
        if number >= 20:  # within the rate (a burst of 30, then 10 a second): each is read and answered
            time.sleep(0.1)
        me.send(message)
        frame = me.recv()
        assert frame["type"] == "error", (message, frame)
        assert isinstance(frame["message"], str)
        assert 0 < len(frame["message"]) <= 300
        assert "Traceback" not in frame["message"]
    end = play_out([me])
    assert sum(s["chips"] for s in end["standings"]) == 2000
    me.close()


@pytest.mark.parametrize(
    ("payload", "code"),
    [("x" * (1024 * 1024), 1009), (b'{"type": "back", "x": "\xff\xfe"}', 1007)],
    ids=["a 1 MB frame", "invalid UTF-8"],
)
def test_frames_that_close_the_socket_and_the_table_plays_on(server: Server, payload: Any, code: int) -> None:
    answer = server.create(seats=["person", "simple"], seed=18, clock=0, hands=2)
    link = claim(answer["seats"][0]["join"])["socket"]
    me = Seat(link).open()
    _quiet_until_state(me)
    assert me.socket is not None
    me.socket.send(payload, text=True)  # bytes sent as a text frame, unchecked: the server must check
    assert closed_with(me) == code
    again = Seat(link).open()  # the seat is kept; the table plays on
    assert sum(s["chips"] for s in play_out([again])["standings"]) == 2000
    again.close()


def test_a_flood_is_refused_then_closed(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], seed=19, clock=0)
    link = claim(answer["seats"][0]["join"])["socket"]
    me = Seat(link).open()
    _quiet_until_state(me)
    for _ in range(400):
        try:
            me.send({"type": "back"})  # harmless when not away: only the rate answers
        except ConnectionClosed:
            break
    assert closed_with(me) == 1008
    errors = [f["message"] for f in me.frames if f["type"] == "error"]
    assert errors
    assert errors[0].startswith("too many messages")
    assert len(errors) <= 3
    again = Seat(link).open()
    turn = again.turn()
    again.send(first_legal(turn))
    assert again.until(lambda f: f["type"] == "event")["type"] == "event"
    again.close()


def test_a_socket_without_the_seat_s_secret_is_refused(server: Server) -> None:
    answer = server.create(seats=["person", "person", "simple"], seed=20, clock=0)
    good = claim(answer["seats"][0]["join"])["socket"]
    base, key = good.split("?key=")
    other_key = claim(answer["seats"][1]["join"])["socket"].split("?key=")[1]
    table = answer["table"]
    host_key, watch_key = answer["host"].split("#")[1], answer["watch"].split("#")[1]
    bad = [
        f"{base}?key={host_key}",  # the host opens no seat
        f"{base}?key={watch_key}",  # nor does a watcher
        base,
        f"{base}?key=",
        f"{base}?key=wrong",
        f"{base}?key={key[:-1]}",
        f"{base}?key={other_key}",
        f"{base}?key={'k' * 5000}",
        good.replace(f"/{table}/", "/nosuchtable/"),
        good.replace(f"/{table}/0", f"/{table}/2"),  # a bot's seat
        good.replace(f"/{table}/0", f"/{table}/9"),
    ]
    for url in bad:
        seat = Seat(url).open()
        frame = seat.recv()
        assert frame == {"type": "error", "message": "this link is not valid (or no longer is)"}, url
        assert closed_with(seat) == 4003
    # nothing was taken: the right link still plays
    me = Seat(good).open()
    assert me.until(lambda f: f["type"] == "state")["seat"] == 0
    me.close()


def test_a_socket_from_another_site_is_refused(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], seed=21, clock=0)
    link = claim(answer["seats"][0]["join"])["socket"]
    for origin in (
        "http://evil.example",
        f"https://127.0.0.1:{server.port}",  # this host and port, another scheme: another site
        f"http://127.0.0.1:{server.port + 1}",
        f"http://127.0.0.1:{server.port}/path",
        "null",
    ):
        with pytest.raises(InvalidStatus) as refused:
            Seat(link, origin=origin).open()
        assert refused.value.response.status_code == 403, origin
    same = Seat(link, origin=server.base).open()  # the page's own origin is fine
    assert same.until(lambda f: f["type"] == "state")["seat"] == 0
    same.close()


BAD_BODIES: list[Any] = [
    b"not json",
    b"\xff\xfe",
    b'{"seats": ["person", "simple"], "hands": NaN}',
    b"[" * 5000 + b"]" * 5000,
    [],
    "x",
    {},
    {"seats": None},
    {"seats": ["person"]},
    {"seats": ["person"] * 9},
    {"seats": ["person", "shark"]},
    {"seats": ["simple", "draw"]},
    {"seats": ["person", 1]},
    {"seats": "person,simple"},
    {"seats": ["person", "simple"], "colour": "red"},
    {"seats": ["person", "simple"], "game": "poker"},
    {"seats": ["person", "simple"], "game": None},
    {"seats": ["person", "simple"], "structure": 5},
    {"seats": ["person", "simple"], "hands": 0},
    {"seats": ["person", "simple"], "hands": 1.5},
    {"seats": ["person", "simple"], "hands": True},
    {"seats": ["person", "simple"], "hands": "50"},
    {"seats": ["person", "simple"], "hands": 10**40},
    {"seats": ["person", "simple"], "seed": -1},
    {"seats": ["person", "simple"], "seed": 2**70},
    {"seats": ["person", "simple"], "stacks": 0},
    {"seats": ["person", "simple"], "bets": [40, 20]},
    {"seats": ["person", "simple"], "bets": [20]},
    {"seats": ["person", "simple"], "bets": "20/40"},
    {"seats": ["person", "simple"], "blinds": [20, 10]},
    {"seats": ["person", "simple"], "ante": 0, "blinds": None},
    {"seats": ["person", "simple"], "clock": -1},
    {"seats": ["person", "simple"], "clock": "30"},
    {"seats": ["person", "simple"], "clock": 1e9},
    {"seats": ["person", "simple"], "clock": 10**400},  # no float holds it: a range check, not isfinite
    {"seats": ["person", "simple"], "names": ["a"]},
    {"seats": ["person", "simple"], "names": ["a", 2]},
    {"seats": ["person", "simple"], "names": ["a" * 25, "b"]},
    {"seats": ["person", "simple"], "names": ["a", "a"]},
    {"seats": ["person", "simple"], "names": ["a\n", "b"]},
    {"seats": ["person", "simple"], "qualifier": "garbage"},
    {"seats": ["person", "simple"], "qualifier": True},
    {"seats": ["person", "simple"], "game": "badeucy", "qualifier": 5},
]


def test_bad_table_requests_answer_400_with_one_line(server: Server) -> None:
    for body in BAD_BODIES:
        status, answer = server.api("/api/charts", body)
        assert status == 400, (body, answer)
        assert set(answer) == {"error"}, body
        assert "\n" not in answer["error"], body
        assert len(answer["error"]) < 300, body
    status, answer = server.api("/api/charts", b"{" + b" " * 20000 + b"}")
    assert status == 413
    assert "at most" in answer["error"]
    status, answer = server.api(
        "/api/charts", {"seats": ["person", "simple"]}, headers={"Origin": "http://evil.example"}
    )
    assert status == 403
    assert server.api("/api/charts/nosuchtable")[0] == 404
    assert server.api("/api/charts/nosuchtable/hands")[0] == 404
    # A write from another site's form: no Origin, a body that is no JSON's type (a "simple" request).
    status, answer = server.api(
        "/api/charts",
        json.dumps({"seats": ["person", "simple"]}).encode(),
        headers={"Content-Type": "text/plain"},
    )
    assert status == 415, answer
    status, answer = server.api(
        "/api/charts",
        {"seats": ["person", "simple"]},
        headers={"Origin": f"https://127.0.0.1:{server.port}"},  # the scheme counts
    )
    assert status == 403, answer
    status, answer = server.api("/no/such/page")
    assert status == 404
    assert "error" in answer
    status, answer = http(f"http://localhost:{server.port}/api/charts/x")  # a name of ours
    assert status == 404
    request = urllib.request.Request(f"{server.base}/api/charts/x", headers={"Host": "evil.example"})
    status, answer = http_with(request)
    assert status == 421


def http_with(request: urllib.request.Request) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_claims_and_downloads_refuse_what_is_not_theirs(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], seed=22, clock=0, hands=1)
    table = answer["table"]
    invite = answer["seats"][0]["join"].split("#")[1]
    claim = f"/api/charts/{table}/seats/0/claim"
    for body in (
        b"nope",
        [],
        {"invite": 5},
        {"invite": "wrong"},
        {"invite": invite + "x"},
        {"invite": "i" * 500},
    ):
        status, refused = server.api(claim, body)
        assert status in (400, 403), body
        assert set(refused) == {"error"}, body
    assert server.api(f"/api/charts/{table}/seats/1/claim", {"invite": invite})[0] == 403  # a bot's seat
    status, first = server.api(claim, {"invite": invite})
    assert status == 200
    assert len(first["key"]) >= 22
    assert first["socket"].endswith(first["key"])
    status, again = server.api(claim, {"invite": invite})
    assert status == 409
    assert "already used" in again["error"]
    me = Seat(first["socket"]).open()
    play_out([me])
    history = f"/api/charts/{table}/seats/0/history"
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic x"}):
        assert server.api(history, headers=headers)[0] == 403
    assert server.api(history + "?format=xml", headers={"Authorization": f"Bearer {first['key']}"})[0] == 400
    status, text = server.api(history + "?format=phh", headers={"Authorization": f"Bearer {first['key']}"})
    assert status == 200
    assert "variant" in text
    me.close()


def test_no_secret_reaches_the_log(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    answer = server.create(seats=["person", "person", "simple"], seed=23, clock=0, hands=1)
    secrets = [answer["host"].split("#")[1], answer["watch"].split("#")[1]]
    seats = []
    for seat in answer["seats"]:
        if "join" in seat:
            secrets.append(seat["join"].split("#")[1])
            socket = claim(seat["join"])["socket"]
            secrets.append(socket.split("key=")[1])
            seats.append(Seat(socket).open())
    Seat(seats[0].url.replace("key=", "key=x")).open()
    play_out(seats)
    # The server's records (the test's own WebSocket client logs its requests, links and all, at DEBUG).
    logged = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("websockets.client"))
    assert "seat 0 connected" in logged
    for secret in secrets:
        assert secret not in logged
