"""No byte sent to a seat holds another seat's hidden card, before that card is shown at the showdown.

Every frame each seat received over many random matches (people playing at
random, reconnecting mid-hand, busting and watching) is read as the bytes it
was, and every card in it must be one the seat may know at that point: its
own (dealt, drawn, thrown) in that hand, or, once the hand's showdown was
told, the hands shown. Nothing may name the deck or the seed. The full
histories, from the server's store, say which cards were whose. The checker
is run on planted leaks too, and must find them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi.web import table, views
from badugi.web.store import Store
from tests.web.conftest import Seat, Server, play_out, running, seats_of

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
MATCHES = 8


def own_cards(history: list[dict[str, Any]], k: int) -> set[str]:
    """Every card hand seat ``k`` held or threw in a hand."""
    cards: set[str] = set()
    for item in history:
        if item.get("seat") != k:
            continue
        if item["event"] == "deal":
            cards.update(item["cards"])
        elif item["event"] == "draw":
            cards.update(item["discards"])
            cards.update(item["received"])
    return cards


def shown_cards(history: list[dict[str, Any]]) -> set[str]:
    return {
        c
        for item in history
        if item["event"] == "showdown"
        for cards in item["hands"].values()
        for c in cards
    }


Hands = dict[int, tuple[tuple[int, ...], list[dict[str, Any]]]]


def leaks(seat: int, raw: list[str], hands: Hands) -> list[str]:
    """Each frame (as sent) that tells ``seat`` what it may not know, described."""
    found = []
    hand, shown = 0, False
    secrets = {str(history[0]["seed"]) for _, history in hands.values()}
    for number, text in enumerate(raw):
        frame_hand = re.search(r'"hand":(\d+)', text)
        if frame_hand and int(frame_hand.group(1)) != hand:
            hand, shown = int(frame_hand.group(1)), False
        allowed: set[str] = set()
        if hand in hands:
            seated, history = hands[hand]
            allowed = own_cards(history, seated.index(seat)) if seat in seated else set()
            if '"event":"showdown"' in text or '"showdown":{' in text:
                shown = True
            if shown:
                allowed |= shown_cards(history)
        strangers = set(CARD.findall(text)) - allowed
        if strangers:
            found.append(f"frame {number} (hand {hand}) names {sorted(strangers)}: {text[:200]}")
        if '"deck"' in text or '"seed"' in text or any(s in text for s in secrets):
            found.append(f"frame {number} names the deck or the seed: {text[:200]}")
    return found


def random_policy(rng: random.Random, reconnects: list[int]) -> Callable[[Seat, dict[str, Any]], object]:
    def policy(seat: Seat, state: dict[str, Any]) -> object:
        if rng.random() < 0.06:  # drop the socket mid-hand and come back: the snapshot is sent again
            seat.close()
            seat.open()
            reconnects.append(1)
        legal = state["legal"]
        if legal["draw"]:
            return {"type": "draw", "discard": [c for c in state["cards"] if rng.random() < 0.4]}
        kinds = [k for k in ("fold", "check", "call") if legal[k]]
        if legal["min_raise_to"] is not None:
            kinds += ["raise"] * 2
        kind = rng.choice(kinds)
        if kind == "fold" and legal["check"] and rng.random() < 0.8:
            kind = "check"
        if kind == "raise":
            to = rng.randint(legal["min_raise_to"], legal["max_raise_to"])
            return {"type": "act", "action": "bet" if legal["check"] else "raise", "to": to}
        return {"type": "act", "action": kind}

    return policy


def random_table(rng: random.Random) -> dict[str, Any]:
    size = rng.randint(2, 5)
    people = rng.randint(2, size)
    seats = ["person"] * people + [rng.choice(["simple", "random", "draw"]) for _ in range(size - people)]
    rng.shuffle(seats)
    settings: dict[str, Any] = {
        "game": rng.choice(["badugi", "badeucy", "badacey"]),
        "structure": rng.choice(["fixed", "pot", "half-pot"]),
        "seats": seats,
        "seed": rng.randrange(2**63),
        "hands": rng.randint(2, 5),
        "clock": 0,
        "stacks": rng.choice([60, 200, 1000]),  # short stacks bust, and the busted watch
    }
    if rng.random() < 0.3:
        settings.update(ante=0, blinds=[10, 20])
    return settings


def play_matches(
    server: Server, count: int, seed: int, public: list[str], refusals: bool = False
) -> Iterator[tuple[int, list[str], Hands]]:
    """Play ``count`` random matches; for each person seat: (seat, the frames it received, the hands).

    Each line of a match's public record (``GET /api/tables/ID/hands``) that
    names a card nobody showed is added to ``public``.
    """
    rng = random.Random(seed)
    for _ in range(count):
        answer = server.create(**random_table(rng))
        seats = seats_of(answer)
        numbers = [s["seat"] for s in answer["seats"] if "socket" in s]
        play_out(seats, random_policy(rng, []), refusals=refusals)
        for seat in seats:
            seat.close()
        store = Store(server.data)
        hands = {number: (seated, history) for number, seated, history in store.hands(answer["table"])}
        store.close()
        for number, seat in zip(numbers, seats, strict=True):
            yield number, seat.raw, hands
        status, record = server.api(f"/api/tables/{answer['table']}/hands")
        assert status == 200
        assert isinstance(record, str)
        lines = record.splitlines()
        for line, (_, history) in zip(lines, hands.values(), strict=True):
            if not set(CARD.findall(line)) <= shown_cards(history) or '"deck"' in line or '"seed"' in line:
                public.append(line[:200])


def test_no_frame_tells_a_seat_another_seat_s_hidden_card(tmp_path: Path) -> None:
    frames = checked = 0
    public: list[str] = []
    with running(tmp_path / "db.sqlite3") as server:
        for seat, raw, hands in play_matches(server, MATCHES, seed=2026, public=public):
            assert leaks(seat, raw, hands) == []
            frames += len(raw)
            checked += 1
    assert public == []
    assert checked >= MATCHES * 2
    assert frames > 1000
    print(f"privacy: {MATCHES} matches, {checked} seats, {frames} frames, no leak")


@pytest.mark.parametrize("plant", ["whole events", "another seat's view"])
def test_a_planted_leak_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plant: str) -> None:
    if plant == "whole events":
        monkeypatch.setattr(views, "public_event", lambda item, seat: item)
    else:  # the cards of a state taken from the whole hand, at the wrong seat
        real = views.state_frame

        def wrong_cards(hand: Any, scene: views.Scene, seat: int) -> dict[str, Any]:
            frame = real(hand, scene, seat)
            if seat in scene.seated:
                frame["cards"] = hand.hands[(scene.seated.index(seat) + 1) % len(scene.seated)]
            return frame

        monkeypatch.setattr(table, "state_frame", wrong_cards)
    found: list[str] = []
    public: list[str] = []
    with running(tmp_path / "db.sqlite3") as server:
        for seat, raw, hands in play_matches(server, 1, seed=7, public=public, refusals=True):
            found += leaks(seat, raw, hands)
    assert found, f"the checker missed a planted leak ({plant})"
    assert bool(public) == (plant == "whole events")  # the public record is made of events too
