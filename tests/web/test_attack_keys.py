"""Who holds which key: the table's creator holds invitations only, a seat's key is its claimer's alone.

The first attack on the server read a friend's cards with the key the
create answer handed its creator. Here every secret the creator ever held
(the invitations, the host link, the watch link) is tried on the friend's
socket and the friend's history once the friend has claimed the seat: each
is refused. The host opens no seat and no seat's history; a reissued
invitation makes the old key and invitation worthless; a seeded table says
so to every seat; a name that mimics another seat's, or a bot's, is refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.conftest import Seat, Server, claim, closed_with, http

# Names a person may not take beside "Player 1" and the bots (the look-alike, and the invisible).
LOOK_ALIKES = [
    "Ρlayer 1",
    "player 1",
    "PLAYER_1",
    "Player l",
    "Play\u200ber 1",
    "Ｐｌａｙｅｒ １",
    "Simple bot",
    "draw bot 9",
]


def socket_of(server: Server, table: str, path: str, key: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/{table}/{path}?key={key}"


def refused_socket(url: str) -> tuple[Any, int | None]:
    seat = Seat(url).open()
    try:
        first = seat.recv()
    except ConnectionClosed:
        first = None
    return first, closed_with(seat)


def test_the_creator_holds_no_seat_once_a_friend_claimed_it(server: Server) -> None:
    answer = server.create(seats=["person", "person", "simple"], clock=0)
    table = answer["table"]
    secrets = {
        "the friend's invitation": answer["seats"][1]["join"].split("#")[1],
        "the host key": answer["host"].split("#")[1],
        "the watch key": answer["watch"].split("#")[1],
        "the creator's own invitation": answer["seats"][0]["join"].split("#")[1],
    }
    assert not any("socket" in seat or "key" in seat for seat in answer["seats"])
    mine = claim(answer["seats"][0]["join"])
    friend = claim(answer["seats"][1]["join"], name="Bob")
    secrets["the creator's own seat key"] = mine["key"]
    friend_seat = Seat(friend["socket"]).open()
    assert friend_seat.dealt()["cards"]
    for what, secret in secrets.items():
        first, code = refused_socket(socket_of(server, table, "1", secret))
        assert first == {"type": "error", "message": "this link is not valid (or no longer is)"}, what
        assert code == 4003, what
        for form in ("json", "phh", "pokerstars"):
            status, said = server.api(
                f"/api/charts/{table}/seats/1/history?format={form}",
                headers={"Authorization": f"Bearer {secret}"},
            )
            assert status == 403, (what, form, said)
    # The invitation, once claimed, claims nothing again, whatever name it brings.
    status, said = server.api(
        f"/api/charts/{table}/seats/1/claim", {"invite": secrets["the friend's invitation"], "name": "Eve"}
    )
    assert status == 409
    # The friend's own key is the one that works.
    status, _ = server.api(
        f"/api/charts/{table}/seats/1/history", headers={"Authorization": f"Bearer {friend['key']}"}
    )
    assert status == 200
    friend_seat.close()


def test_the_host_holds_no_card_and_opens_no_seat(server: Server) -> None:
    answer = server.create(seats=["person", "person"], clock=0)
    table, host_key = answer["table"], answer["host"].split("#")[1]
    a, b = (Seat(claim(s["join"])["socket"]).open() for s in answer["seats"])
    state = a.dealt()
    host = Seat(socket_of(server, table, "host", host_key)).open()
    seen = host.until(lambda f: f["type"] == "state" and f["hand"] >= 1)
    assert seen["seat"] is None
    assert seen["cards"] == []
    assert seen["legal"] is None
    assert host.until(lambda f: f["type"] == "host")["seats"][0]["claimed"]
    for seat in ("0", "1"):
        _first, code = refused_socket(socket_of(server, table, seat, host_key))
        assert code == 4003
    for card in state["cards"]:
        assert all(f'"{card}"' not in text for text in host.raw), card
    for socket in (a, b, host):
        socket.close()


def test_a_reissued_invitation_makes_the_old_key_worthless(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], clock=0)
    table, host_key = answer["table"], answer["host"].split("#")[1]
    old = claim(answer["seats"][0]["join"])
    seat = Seat(old["socket"]).open()
    seat.dealt()
    status, said = server.api(f"/api/charts/{table}/host", {"key": host_key, "do": "reissue", "seat": 0})
    assert status == 200, said
    assert said["join"].startswith(f"{server.base}/join/{table}/0#")
    assert seat.error().startswith("this seat's link was reissued")
    assert closed_with(seat) == 4003
    _first, code = refused_socket(old["socket"])
    assert code == 4003
    status, _ = server.api(
        f"/api/charts/{table}/seats/0/claim", {"invite": answer["seats"][0]["join"].split("#")[1]}
    )
    assert status == 403
    new = claim(said["join"], name="Ann")
    back = Seat(new["socket"]).open()
    assert back.until(lambda f: f["type"] == "state")["players"][0]["name"] == "Ann"
    back.close()


def test_a_seeded_table_says_so_to_every_seat(server: Server) -> None:
    seeded = server.create(seats=["person", "simple"], seed=5, clock=0)
    fresh = server.create(seats=["person", "simple"], clock=0)
    assert seeded["seeded"] is True
    assert fresh["seeded"] is False
    for answer, expected in ((seeded, True), (fresh, False)):
        seat = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
        assert seat.until(lambda f: f["type"] == "state")["seeded"] is expected
        assert server.api(f"/api/charts/{answer['table']}")[1]["seeded"] is expected
        seat.close()
    status, said = server.api("/api/charts", {"seats": ["person", "simple"], "seeded": False})
    assert status == 400
    assert "seeded" in said["error"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_name_that_mimics_a_seat_or_a_bot_is_refused(server: Server, name: str) -> None:
    answer = server.create(seats=["person", "person", "simple"], names=["Player 1", None, None], clock=0)
    status, said = server.api(
        f"/api/charts/{answer['table']}/seats/1/claim",
        {"invite": answer["seats"][1]["join"].split("#")[1], "name": name},
    )
    assert status == 400, (name, said)
    assert "name" in said["error"] or "looks like" in said["error"] or "bot's" in said["error"]
    # The invitation is not spent by a refusal: a fair name takes the seat.
    assert claim(answer["seats"][1]["join"], name="Bea")["name"] == "Bea"


def test_each_seat_s_kind_is_shown(server: Server) -> None:
    answer = server.create(seats=["person", "draw", "random"], clock=0)
    seat = Seat(claim(answer["seats"][0]["join"])["socket"]).open()
    players = seat.until(lambda f: f["type"] == "state")["players"]
    assert [p["kind"] for p in players] == ["person", "draw", "random"]
    about = http(f"{server.base}/api/charts/{answer['table']}")[1]
    assert [s["kind"] for s in about["seats"]] == ["person", "draw", "random"]
    seat.close()
