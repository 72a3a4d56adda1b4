"""No byte sent to anyone holds a card they may not see: not a seat, not a watcher, not the host.

Every frame each holder received over many random matches (people playing
at random, reconnecting mid-hand, busting; a watcher live or one hand behind;
the host's page) is read as the bytes it was, and every card in it must be
one the holder may know at that point: for a seat, its own (dealt, drawn,
thrown) in that hand, or, once the hand's showdown was told, the hands shown;
for a watcher and the host, only the hands shown. So are the replays of every
hand, for each holder, and every download. Nothing may name the deck or the
seed. The full histories, from the server's store, say which cards were
whose. The checker is run on planted leaks too, and must find them.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from badugi.web import downloads, replay, table, views
from badugi.web.limits import Limits
from badugi.web.store import Store
from tests.web.conftest import Seat, Server, play_out, running, seats_of

# A card as JSON says it ("Ah"); a run of cards as PHH writes them ("Ah2s3d"); cards between brackets, as
# PokerStars writes them ("[Ah 2s 3d]"). Not a hand's name: "pair of 4s" names no card.
QUOTED = re.compile(r'"([2-9TJQKA][cdhs])"')
RUNS = re.compile(r"(?<![A-Za-z0-9])((?:[2-9TJQKA][cdhs])+)(?![A-Za-z0-9])")
BRACKETS = re.compile(r"\[([^\]]*)\]")
MATCHES = 8
#: The test reads every hand for every holder, far past what one visitor may read a second.
READ_ALL = Limits(reads=100_000, reads_per_second=1000.0)
Hands = dict[int, tuple[tuple[int, ...], list[dict[str, Any]]]]


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


def cards_in(text: str, form: str = "json") -> set[str]:
    """The cards ``text`` names, read as ``form`` (``json``, ``phh`` or ``pokerstars``) writes them."""
    if form == "phh":
        return {run[k : k + 2] for run in RUNS.findall(text) for k in range(0, len(run), 2)}
    if form == "pokerstars":
        inside = " ".join(BRACKETS.findall(text)).split()
        return {card for card in inside if QUOTED.match(f'"{card}"')}
    return set(QUOTED.findall(text))


def allowed(seat: int | None, hand: int, hands: Hands, shown: bool) -> set[str]:
    """What ``seat`` (None: a watcher, the host) may know of hand ``hand`` (its showdown's, if ``shown``)."""
    if hand not in hands:
        return set()
    seated, history = hands[hand]
    known = own_cards(history, seated.index(seat)) if seat is not None and seat in seated else set()
    return known | shown_cards(history) if shown else known


def leaks(seat: int | None, raw: list[str], hands: Hands) -> list[str]:
    """Each frame (as sent) that tells ``seat`` (None: a watcher, the host) what it may not know."""
    found = []
    hand, shown = 0, False
    secrets = {str(history[0]["seed"]) for _, history in hands.values()}
    for number, text in enumerate(raw):
        frame_hand = re.search(r'"hand":(\d+)', text)
        if frame_hand and int(frame_hand.group(1)) != hand:
            hand, shown = int(frame_hand.group(1)), False
        if '"event":"showdown"' in text or '"showdown":{' in text:
            shown = True
        strangers = cards_in(text) - allowed(seat, hand, hands, shown)
        if strangers:
            found.append(f"frame {number} (hand {hand}) names {sorted(strangers)}: {text}")
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
        "watching": rng.choice(["on", "delayed"]),
    }
    if rng.random() < 0.3:
        settings.update(ante=0, blinds=[10, 20])
    return settings


@dataclass
class Played:
    """One match: what every holder received, every read, and the hands that say whose is what."""

    hands: Hands
    received: list[tuple[int | None, str, list[str]]] = field(default_factory=list)  # (seat, who, frames)
    reads: list[tuple[int | None, str, str]] = field(default_factory=list)  # (seat, what, text)


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def play_matches(server: Server, count: int, seed: int, refusals: bool = False) -> Iterator[Played]:
    """Play ``count`` random matches, a watcher and the host watching; what everyone received, read."""
    rng = random.Random(seed)
    for _ in range(count):
        answer = server.create(**random_table(rng))
        table_id = answer["table"]
        base = server.base.replace("http://", "ws://")
        watcher = Seat(f"{base}/ws/{table_id}/watch?key={answer['watch'].split('#')[1]}").open()
        host_key = answer["host"].split("#")[1]
        host = Seat(f"{base}/ws/{table_id}/host?key={host_key}").open()
        seats = seats_of(answer)
        numbers = [s["seat"] for s in answer["seats"] if "join" in s]
        play_out(seats, random_policy(rng, []), refusals=refusals)
        for socket in (watcher, host):
            try:
                while True:
                    socket.recv(timeout=0.3)
            except (TimeoutError, Exception):  # what was sent has been read; the table closes sockets too
                pass
        store = Store(server.data)
        hands = {stored.number: (stored.seated, stored.history) for stored in store.hands(table_id)}
        store.close()
        played = Played(hands)
        for number, seat in zip(numbers, seats, strict=True):
            seat.close()
            played.received.append((number, f"seat {number}", seat.raw))
        watcher.close()
        host.close()
        played.received += [(None, "watcher", watcher.raw), (None, "host", host.raw)]
        keys: list[tuple[int | None, str]] = [
            (n, s.url.split("key=")[1]) for n, s in zip(numbers, seats, strict=True)
        ]
        keys += [(None, answer["watch"].split("#")[1]), (None, host_key)]
        for seat, key in keys:
            for number in hands:
                status, replay = server.api(f"/api/charts/{table_id}/replay/{number}", headers=bearer(key))
                assert status == 200, replay
                played.reads.append((seat, f"replay {number}", json.dumps(replay, separators=(",", ":"))))
            status, public = server.api(f"/api/charts/{table_id}/hands", headers=bearer(key), raw=True)
            assert status == 200
            played.reads.append((None, "hands", public))
            if seat is not None:
                for form in ("json", "phh", "pokerstars"):
                    status, text = server.api(
                        f"/api/charts/{table_id}/seats/{seat}/history?format={form}",
                        headers=bearer(key),
                        raw=True,
                    )
                    assert status == 200
                    played.reads.append((seat, form, text))
        yield played


def read_leaks(played: Played) -> list[str]:
    """Each read (a replay, a download) that names a card its reader may not know, or the deck or seed."""
    found = []
    for seat, what, text in played.reads:
        if what.startswith("replay"):
            number = int(what.split()[1])
            strangers = cards_in(text) - allowed(seat, number, played.hands, True)
        elif what in ("json", "hands"):  # one hand a line, in order
            strangers = set()
            for line, number in zip(text.splitlines(), sorted(played.hands), strict=False):
                strangers |= cards_in(line) - allowed(seat, number, played.hands, True)
        else:  # PHH and PokerStars: every card the seat knew in any hand, or any shown
            every = set().union(*(allowed(seat, n, played.hands, True) for n in played.hands))
            strangers = cards_in(text, what) - every
        if strangers:
            found.append(f"{what} for seat {seat} names {sorted(strangers)}")
        if '"deck"' in text or '"seed"' in text or "_deck" in text or "_seed" in text:
            found.append(f"{what} for seat {seat} names the deck or the seed")
    return found


def test_no_frame_or_read_tells_anyone_a_card_they_may_not_see(tmp_path: Path) -> None:
    frames = checked = reads = 0
    with running(tmp_path / "db.sqlite3", limits=READ_ALL) as server:
        for played in play_matches(server, MATCHES, seed=2026):
            for seat, who, raw in played.received:
                assert leaks(seat, raw, played.hands) == [], who
                frames += len(raw)
                checked += 1
            assert read_leaks(played) == []
            reads += len(played.reads)
    assert checked >= MATCHES * 4  # two people at least, a watcher and the host, at every match
    assert frames > 1000
    assert reads > MATCHES * 10
    print(f"privacy: {MATCHES} matches, {checked} holders, {frames} frames, {reads} reads, no leak")


PLANTS = [
    "whole events",
    "another seat's cards",
    "a watcher's cards",
    "a replay's cards",
    "a download's cards",
]


@pytest.mark.parametrize("plant", PLANTS)
def test_a_planted_leak_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plant: str) -> None:
    if plant == "whole events":
        monkeypatch.setattr(views, "public_event", lambda item, seat: item)
    elif plant == "a download's cards":  # every seat's cards written, as if for nobody in particular
        for name in ("to_phh", "to_pokerstars"):
            real_writer = getattr(downloads, name)
            monkeypatch.setattr(
                downloads, name, lambda h, *, viewer, fields, w=real_writer: w(h, viewer=None, fields=fields)
            )
    else:  # a state's cards taken from the whole hand: another seat's, or any seat's for a watcher
        real = views.state_frame

        def wrong_cards(hand: Any, public: views.PublicState, seat: int | None) -> str:
            text = real(hand, public, seat)
            if hand is None or not public.in_hand:
                return text
            if plant == "a watcher's cards" and seat is not None:
                return text
            frame = json.loads(text)
            others = public.in_hand.index(seat) + 1 if seat in public.in_hand else 0
            frame["cards"] = hand.hands[others % len(public.in_hand)]
            return json.dumps(frame, separators=(",", ":"))

        monkeypatch.setattr(replay if plant == "a replay's cards" else table, "state_frame", wrong_cards)
    found: list[str] = []
    with running(tmp_path / "db.sqlite3", limits=READ_ALL) as server:
        for played in play_matches(server, 1, seed=17, refusals=True):  # fixed-limit Badugi: PHH states it
            for seat, _who, raw in played.received:
                found += leaks(seat, raw, played.hands)
            found += read_leaks(played)
    assert found, f"the checker missed a planted leak ({plant})"
