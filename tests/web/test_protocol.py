"""The seat's socket, by plain WebSocket clients: every intent, each refusal, the table's rules of play."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from badugi.engine import Hand
from badugi.web.store import Store
from tests.web.conftest import Seat, Server, claim, closed_with, first_legal, play_out, running, seats_of


def test_a_new_table_answers_its_links(server: Server) -> None:
    answer = server.create(
        game="badugi", structure="fixed", seats=["person", "person", "draw", "simple"], seed=7
    )
    assert [s["seat"] for s in answer["seats"]] == [0, 1, 2, 3]
    for seat in answer["seats"]:
        assert ("join" in seat) == (seat["kind"] == "person")
        assert "socket" not in seat  # invitations only: a seat's key is made when it is claimed
        assert "key" not in seat
    join = answer["seats"][0]["join"]
    assert join.startswith(f"{server.base}/join/{answer['table']}/0#")
    assert answer["host"].startswith(f"{server.base}/host/{answer['table']}#")
    assert answer["watch"].startswith(f"{server.base}/watch/{answer['table']}#")
    secrets = [join.split("#")[1], answer["host"].split("#")[1], answer["watch"].split("#")[1]]
    assert all(len(secret) >= 22 for secret in secrets)  # 128 bits or more of token_urlsafe
    assert len(set(secrets)) == 3
    socket = claim(join)["socket"]
    assert socket.startswith(f"ws://127.0.0.1:{server.port}/ws/{answer['table']}/0?key=")
    assert socket.split("key=")[1] not in secrets
    status, about = server.api(f"/api/charts/{answer['table']}")
    assert status == 200
    assert about["game"] == "badugi"
    assert about["hands"] == 50


def test_the_state_frame_carries_the_contract(server: Server) -> None:
    answer = server.create(seats=["person", "simple", "random"], seed=3, clock=0)
    (me,) = seats_of(answer)
    state = me.dealt()
    for name in ("hand", "hands", "seat", "cards", "actor", "legal", "players", "pot"):
        assert name in state, name
    assert state["hand"] == 1
    assert state["hands"] == 50
    assert state["seat"] == 0
    assert len(state["cards"]) == 4
    assert all(isinstance(card, str) and len(card) == 2 for card in state["cards"])
    for player in state["players"]:
        assert {"name", "chips", "bet", "folded", "all_in", "drew"} <= set(player)
    turn = me.turn()
    assert set(turn["legal"]) == {
        "fold",
        "check",
        "call",
        "call_amount",
        "min_raise_to",
        "max_raise_to",
        "draw",
    }
    me.close()


def test_every_intent_kind_is_played(server: Server) -> None:
    """Heads-up between two people: bet, raise, call, check, a draw, a stand-pat and a fold, each applied."""
    answer = server.create(seats=["person", "person"], seed=11, clock=0, hands=3)
    seats = seats_of(answer)
    wanted = ["bet", "raise", "call", "draw", "check", "pat", "fold"]
    done: list[str] = []

    def policy(seat: Seat, state: dict[str, Any]) -> object:
        legal = state["legal"]
        if legal["draw"]:
            kind = "draw" if "draw" not in done else "pat"
            done.append(kind)
            return {"type": "draw", "discard": state["cards"][:2] if kind == "draw" else []}
        for kind in wanted:
            if kind in done or kind in ("draw", "pat"):
                continue
            if (
                kind in ("bet", "raise")
                and legal["min_raise_to"] is not None
                and (kind == "bet") == legal["check"]
            ):
                done.append(kind)
                return {"type": "act", "action": kind}  # without "to": the smallest legal total
            if (kind == "call" and legal["call"]) or (kind == "check" and legal["check"]):
                done.append(kind)
                return {"type": "act", "action": kind}
            if kind == "fold" and len(done) >= 6 and legal["fold"]:
                done.append(kind)
                return {"type": "act", "action": "fold"}
        return first_legal(state)

    play_out(seats, policy)
    assert set(wanted) <= set(done)
    events = [f["event"]["event"] for f in seats[0].frames if f["type"] == "event"]
    for kind in ("bet", "raise", "call", "check", "fold", "draw"):
        assert kind in events, kind
    # a draw shows its cards to the seat that drew, and only its count to the other
    draws = [f for f in seats[0].frames if f["type"] == "event" and f["event"]["event"] == "draw"]
    assert draws
    for frame in draws:
        own = frame["seated"][frame["event"]["seat"]] == 0
        assert ("discards" in frame["event"]) == own
        assert ("received" in frame["event"]) == own


def test_each_refusal_names_the_problem_and_changes_nothing(server: Server) -> None:
    answer = server.create(seats=["person", "person"], seed=5, clock=0)
    a, b = seats_of(answer)
    state = a.dealt()
    actor, other = (a, b) if state["actor"] == 0 else (b, a)
    turn = actor.turn()
    other.send({"type": "act", "action": "call"})
    assert other.error().startswith("it is not your turn")
    legal = turn["legal"]
    assert legal["check"]
    assert not legal["call"]
    actor.send({"type": "act", "action": "call"})
    assert actor.error() == "there is no bet to call: check"
    actor.send({"type": "draw", "discard": []})
    assert actor.error() == "it is not the draw: bet, call, check or fold"
    actor.send({"type": "act", "action": "bet", "to": legal["max_raise_to"] + 1})
    assert actor.error() == f"a bet goes to a total of 20, not {legal['max_raise_to'] + 1}"
    actor.send({"type": "act", "action": "call", "to": 40})
    assert actor.error() == "only a bet or a raise takes 'to'; call does not"
    actor.send({"type": "act", "action": "bet"})
    bet = actor.until(lambda f: f["type"] == "event" and f["event"]["event"] == "bet")
    assert bet["event"]["to"] == 20
    facing = other.turn()
    other.send({"type": "act", "action": "check"})
    assert other.error() == "you cannot check: a call costs 20"
    turn = facing
    actor = other
    before = [f for f in actor.frames if f["type"] == "state"][-1]
    actor.send(first_legal(turn))
    after = actor.until(lambda f: f["type"] == "state")
    assert after["pot"] >= before["pot"]
    a.close()
    b.close()


def test_refusals_in_the_draw(server: Server) -> None:
    answer = server.create(seats=["person", "person"], seed=2, clock=0)
    seats = seats_of(answer)
    deadline = time.monotonic() + 20
    draw_seat, state = None, None
    while draw_seat is None:
        assert time.monotonic() < deadline
        for seat in seats:
            try:
                frame = seat.recv(timeout=0.05)
            except TimeoutError:
                continue
            if frame["type"] == "state" and frame["legal"]:
                if frame["legal"]["draw"]:
                    draw_seat, state = seat, frame
                    break
                seat.send({"type": "act", "action": "check" if frame["legal"]["check"] else "call"})
    assert state is not None
    held = set(state["cards"])
    stranger = next(c for c in ("As", "Ks", "Qs", "Js", "Ts", "9s") if c not in held)
    draw_seat.send({"type": "draw", "discard": [stranger]})
    assert draw_seat.error() == f"you do not hold {stranger}"
    draw_seat.send({"type": "act", "action": "check"})
    assert draw_seat.error().startswith("it is the draw")
    draw_seat.send({"type": "draw", "discard": [state["cards"][0], state["cards"][0]]})
    assert draw_seat.error() == "a draw names each card once"
    draw_seat.send({"type": "draw", "discard": [state["cards"][0].lower()]})  # card text as badugi reads it
    frame = draw_seat.until(lambda f: f["type"] == "event" and f["event"]["event"] == "draw")
    assert frame["event"]["discards"] == [state["cards"][0]]
    for seat in seats:
        seat.close()


def test_reconnecting_restores_the_whole_view(server: Server) -> None:
    answer = server.create(seats=["person", "simple", "random"], seed=9, clock=0)
    link = claim(answer["seats"][0]["join"])["socket"]
    first = Seat(link).open()
    turn = first.turn()
    first.send(first_legal(turn))
    first.turn()
    first.close()
    again = Seat(link).open()
    state = again.snapshot()
    assert state["legal"] is not None
    assert state["cards"] == [f for f in first.frames if f["type"] == "state"][-1]["cards"]
    told = [f["event"] for f in again.frames if f["type"] == "event"]
    assert told[0]["event"] == "setup"
    assert any(e["event"] == "deal" and "cards" in e for e in told)
    again.close()


def test_a_second_connection_replaces_the_first(server: Server) -> None:
    answer = server.create(seats=["person", "simple"], seed=4, clock=0)
    link = claim(answer["seats"][0]["join"])["socket"]
    first = Seat(link).open()
    first.until(lambda f: f["type"] == "state")
    second = Seat(link).open()
    assert first.error() == "this seat was opened elsewhere; this window no longer plays it"
    assert closed_with(first) == 4001  # the rest of what was queued, then the close
    turn = second.turn()
    second.send(first_legal(turn))
    assert second.until(lambda f: f["type"] == "event")["type"] == "event"
    second.close()


@pytest.mark.usefixtures("short_clock")
def test_the_clock_acts_for_a_seat_that_does_not(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(seats=["person", "person"], seed=6, clock=0.3)
        a, b = seats_of(answer)
        start = a.until(lambda f: f["type"] == "state")
        sleeper, player = (a, b) if start["actor"] == 0 else (b, a)
        sleeper_seat = 0 if sleeper is a else 1
        turn = sleeper.turn()
        assert turn["clock"]["limit"] == 0.3
        assert 0 < turn["clock"]["left"] <= 0.3
        # nobody answers: the seat checks if it can, else folds, and is marked away
        acted = sleeper.until(
            lambda f: (
                f["type"] == "event"
                and f["event"].get("seat") is not None
                and f["event"]["event"] in ("check", "fold")
            )
        )
        state = sleeper.until(lambda f: f["type"] == "state")
        assert state["players"][sleeper_seat]["away"]
        assert acted["event"]["event"] == ("check" if turn["legal"]["check"] else "fold")
        # an away seat acts at once on its next turn; "back" ends it
        sleeper.send({"type": "back"})
        back = sleeper.until(lambda f: f["type"] == "state" and not f["players"][sleeper_seat]["away"])
        assert not back["players"][sleeper_seat]["away"]
        player.close()
        sleeper.close()


@pytest.mark.usefixtures("short_clock")
def test_a_seat_coming_back_leaves_another_s_clock_alone(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(seats=["person", "person"], seed=6, clock=3)
        a, b = seats_of(answer)
        start = a.until(lambda f: f["type"] == "state")
        sleeper, player = (a, b) if start["actor"] == 0 else (b, a)
        sleeper.until(lambda f: f["type"] == "state" and any(p["away"] for p in f["players"]), timeout=20)
        turn = player.turn()  # the sleeper's move was made for it; the player's clock runs
        assert turn["clock"]["left"] > 2.5
        time.sleep(1.5)
        sleeper.send({"type": "back"})  # not its turn: the player's clock must go on, not start again
        sleeper.until(lambda f: f["type"] == "state" and not any(p["away"] for p in f["players"]))
        player.close()
        again = player.open().snapshot()
        assert again["legal"] is not None
        assert again["clock"]["left"] < 2.0, again["clock"]
        a.close()
        b.close()


@pytest.mark.usefixtures("short_clock")
def test_an_away_seat_acts_at_once_and_nobody_here_holds_the_deal(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(seats=["person", "simple"], seed=8, clock=0.2, hands=3)
        me = seats_of(answer)[0]
        me.until(lambda f: f["type"] == "state" and f["players"][0]["away"], timeout=20)
        # The hand in play ends at once (every later turn of the away seat taken at once); then, with
        # nobody at the table, no hand is dealt: the table does not play itself.
        held = me.until(lambda f: f["type"] == "state" and f["paused"] == "away", timeout=20)
        assert held["status"] == "between"
        number = held["hand"]
        me.send({"type": "back"})
        again = me.until(lambda f: f["type"] == "state" and f["hand"] > number, timeout=20)
        assert again["paused"] is None
        me.close()


def test_a_bust_leaves_the_seat_watching(server: Server) -> None:
    answer = server.create(
        seats=["person", "person", "random"], seed=1, clock=0, stacks=30, ante=10, bets=[20, 40]
    )
    seats = seats_of(answer)

    def all_in(seat: Seat, state: dict[str, Any]) -> object:
        legal = state["legal"]
        if legal["draw"]:
            return {"type": "draw", "discard": []}
        if legal["min_raise_to"] is not None:
            return {
                "type": "act",
                "action": "bet" if legal["check"] else "raise",
                "to": legal["max_raise_to"],
            }
        return {"type": "act", "action": "call" if legal["call"] else "check"}

    end = play_out(seats, all_in)
    assert sum(s["chips"] for s in end["standings"]) == 90
    busted = [p for f in seats[0].frames if f["type"] == "state" for p in f["players"] if p["busted"]]
    assert busted, "somebody busts with 30 chips each, all in every hand"
    for seat in seats:
        seat.close()


def test_the_qualifier_s_extra_hand(tmp_path: Path) -> None:
    """One scheduled hand that nobody qualifies for: one more, without the qualifier, takes the middle."""
    with running(tmp_path / "db.sqlite3") as server:
        answer = server.create(
            seats=["person", "simple"], seed=3, clock=0, hands=1, qualifier=1
        )  # A-2-3-4 only
        (me,) = seats_of(answer)
        end = play_out([me])
        hands = sorted({f["hand"] for f in me.frames if f["type"] == "state" and f["hand"]})
        assert hands == [1, 2]
        first_over = [
            f for f in me.frames if f["type"] == "state" and f["hand"] == 1 and f["phase"] == "over"
        ][-1]
        assert first_over["showdown"]["carried"] > 0
        assert sum(s["chips"] for s in end["standings"]) == 2000
        store = Store(server.data)
        histories = [h.history for h in store.hands(answer["table"])]
        assert histories[0][0]["qualifier"] == 1
        assert histories[1][0]["qualifier"] is None
        assert histories[1][0]["carry"] == first_over["showdown"]["carried"]
        store.close()


def test_pot_limit_with_blinds(server: Server) -> None:
    answer = server.create(
        seats=["person", "person"],
        structure="pot",
        ante=0,
        blinds=[5, 10],
        bets=[10, 20],
        seed=12,
        clock=0,
        hands=1,
    )
    a, b = seats_of(answer)
    state = a.snapshot()
    blinds = [f["event"] for f in a.frames if f["type"] == "event" and f["event"]["event"] == "blind"]
    assert [e["amount"] for e in blinds] == [5, 10]
    actor = a if state["actor"] == 0 else b
    turn = state if actor is a else actor.turn()
    assert turn["legal"]["min_raise_to"] == 20
    assert turn["legal"]["max_raise_to"] == 30
    actor.send({"type": "act", "action": "raise", "to": 30})
    raised = actor.until(lambda f: f["type"] == "event" and f["event"]["event"] == "raise")
    assert raised["event"]["to"] == 30
    actor.until(lambda f: f["type"] == "state")  # the state that answers the raise
    play_out([a, b])
    for seat in (a, b):
        seat.close()


def test_badeucy_shows_both_halves(server: Server) -> None:
    answer = server.create(game="badeucy", seats=["person", "simple"], seed=21, clock=0, hands=2)
    (me,) = seats_of(answer)
    play_out([me])
    shown = [
        f["showdown"] for f in me.frames if f["type"] == "state" and f["showdown"] and f["showdown"]["shown"]
    ]
    assert shown, "a showdown in two hands of a calling station against a bot"
    names = next(iter(shown[0]["shown"].values()))["names"]
    assert len(names) == 2  # the badugi half and the 2-7 half
    me.close()


def test_finished_hands_replay_and_the_public_record_hides_the_cards(server: Server) -> None:
    answer = server.create(seats=["person", "simple", "random"], seed=13, clock=0, hands=3)
    (me,) = seats_of(answer)
    play_out([me])
    store = Store(server.data)
    full = [h.history for h in store.hands(answer["table"])]
    store.close()
    assert len(full) == 3
    for history in full:
        assert Hand.replay(history).history[-1]["event"] == "payouts"
    key = me.url.split("key=")[1]
    hands = f"/api/charts/{answer['table']}/hands"
    status, _text = server.api(hands, headers={"Authorization": f"Bearer {key}"})
    assert status == 200
    assert server.api(f"/api/charts/{answer['table']}/hands")[0] == 403  # a key of the table, or nothing
    me.close()
