"""The frames a socket receives, each built from what its holder may see, never by hiding what it may not.

Three kinds of holder watch a table: a **seat** (its person), a **watcher**
(a ``watch`` link) and the **host** (the ``host`` link). A seat at the hand in
play gets ``view_of(hand, seat)``'s cards and legal actions, and each event
as ``public_event`` shows it to that seat; a watcher, the host and a seat out
of the hand get what every seat sees: each event in the form a seat that
does not own it sees, and the view's public fields (stacks, bets, the pot,
...). No frame is made by deleting fields from the full record: what is
private never enters a frame in the first place.

A state frame is the public part of the table, written once for every holder
(``PublicState``), and what is one seat's own: its cards and its legal
actions (``state_frame``).

Events keep the engine's numbering of seats, the hand's: seat ``k`` of a
hand is the table's seat ``seated[k]``, and every frame of a hand says
``seated``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from badugi.engine import Hand, Legal, view_of
from badugi.engine.history import Event, public_event
from badugi.engine.match import Level
from badugi.errors import BadugiError
from badugi.games import Game

__all__ = [
    "HandPlace",
    "PublicState",
    "Scene",
    "SeatScene",
    "chat_frame",
    "dumps",
    "end_frame",
    "error_frame",
    "event_frame",
    "notice_frame",
    "public_state",
    "shown_hands",
    "spectator_event",
    "state_frame",
]


# One encoder for every frame: ``json.dumps`` with options builds a new one at every call.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def dumps(frame: Mapping[str, Any]) -> str:
    """A frame as the JSON text a socket sends."""
    return _ENCODER.encode(frame)


@dataclass(frozen=True)
class SeatScene:
    """One table seat as everyone sees it, beyond the hand: who sits there and how they are."""

    name: str
    kind: str  # "person", or a bot's name
    chips: int  # at the start of the hand in play (or now, between hands)
    claimed: bool  # a person seat whose invitation was used (a bot's is always taken)
    connected: bool
    away: bool
    sitting_out: bool
    muted: bool


@dataclass(frozen=True)
class Scene:
    """What the table knows beyond the hand, all of it public: the frame's frame.

    ``status`` is ``"waiting"`` (for its people, or its host), ``"playing"``
    (a hand is in play), ``"between"`` (the hand is over, the next is
    coming), ``"over"`` or ``"closed"``; ``paused`` says why nothing moves
    (``"host"``, ``"store"``: the server cannot write, ``"away"``: nobody is
    at the table), or is None.
    """

    table: str
    game: Game
    mode: str
    seats: tuple[SeatScene, ...]
    hands: int
    number: int
    seated: tuple[int, ...]
    level: Level
    next_rise: int | None
    status: str
    paused: str | None
    clock: float
    clock_left: float | None
    turn: int
    watchers: int
    seeded: bool
    middle: int


class HandPlace(Protocol):
    """Which hand an event is of: its ``number`` and the table seat of each hand seat (``seated``)."""

    @property
    def number(self) -> int:
        """The hand's number, from 1."""

    @property
    def seated(self) -> tuple[int, ...]:
        """The table seat of each of the hand's seats."""


def spectator_event(item: Mapping[str, Any], seats: int) -> Event:
    """An event as a seat that does not own it sees it: nobody's cards, no deck, no seed.

    ``public_event`` shows a seat its own private events whole and every
    other seat the public form; the owner of a private event is its
    ``seat``, so asking for the seat after it gives the public form.
    """
    owner = item.get("seat")
    observer = (owner + 1) % seats if isinstance(owner, int) and not isinstance(owner, bool) else 0
    return public_event(item, observer)


def event_frame(
    item: Mapping[str, Any], scene: HandPlace, seat: int | None, auto: str | None = None
) -> dict[str, Any]:
    """One event of the hand in play as table seat ``seat`` (None: a watcher, the host) may see it.

    ``auto`` says the action was the table's, not the person's: ``"time"``
    (the clock ran out), ``"away"`` (the seat is away).
    """
    if seat is not None and seat in scene.seated:
        seen = public_event(item, scene.seated.index(seat))
    else:
        seen = spectator_event(item, len(scene.seated))
    frame = {"type": "event", "hand": scene.number, "seated": list(scene.seated), "event": seen}
    if auto is not None:
        frame["auto"] = auto
    return frame


def _legal(legal: Legal) -> dict[str, Any]:
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "call_amount": legal.call_amount,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
        "draw": legal.draw,
    }


@dataclass(frozen=True)
class _PublicView:
    """What every seat sees of a hand: the fields of a ``SeatView`` that are everyone's (no cards)."""

    phase: str
    round_index: int
    draws_left: int
    stacks: list[int]
    bets: list[int]
    folded: list[bool]
    pot: int
    button: int

    @classmethod
    def of(cls, hand: Hand) -> _PublicView:
        phase, index = hand.phase, hand.round_index
        draws_done = index if phase == "bet" else index + 1  # as view_of counts them
        return cls(
            phase=phase,
            round_index=index,
            draws_left=0 if phase == "over" else hand.game.draws - draws_done,
            stacks=hand.stacks,
            bets=hand.bets,
            folded=hand.folded,
            pot=hand.pot,
            button=hand.button,
        )


@dataclass(frozen=True)
class PublicState:
    """The public part of a state frame, written once for every holder (its JSON without the braces)."""

    text: str
    in_hand: tuple[int, ...]
    live: bool


def public_state(hand: Hand | None, scene: Scene, public_history: Sequence[Mapping[str, Any]]) -> PublicState:
    """What every holder sees of the table now: ``hand`` (None before the first) and its public events."""
    seated = scene.seated
    view = _PublicView.of(hand) if hand is not None else None
    live = view is not None and view.phase != "over"
    drew: dict[int, list[int]] = {}
    for item in public_history:
        if item["event"] == "draw":
            drew.setdefault(item["seat"], []).append(item["count"])
    players = []
    for player, seat in enumerate(scene.seats):
        entry: dict[str, Any] = {
            "seat": player,
            "name": seat.name,
            "kind": seat.kind,
            "chips": seat.chips,
            "bet": 0,
            "folded": False,
            "all_in": False,
            "drew": [],
            "in_hand": view is not None and player in seated,
            # out of chips: between hands (or not in the hand in play), a taken seat with none left
            "busted": seat.claimed and seat.chips == 0 and (player not in seated or not live),
            "away": seat.away,
            "connected": seat.connected if seat.kind == "person" else True,
            "claimed": seat.claimed,
            "sitting_out": seat.sitting_out,
            "muted": seat.muted,
        }
        if view is not None and player in seated:
            k = seated.index(player)
            entry.update(
                chips=view.stacks[k],
                bet=view.bets[k] if view.phase == "bet" else 0,  # a draw's bets are the pot's
                folded=view.folded[k],
                all_in=live and view.stacks[k] == 0 and not view.folded[k],
                drew=drew.get(k, []),
            )
        players.append(entry)
    actor = hand.actor if hand is not None else None
    level = scene.level
    fields: dict[str, Any] = {
        "table": scene.table,
        "status": scene.status,
        "paused": scene.paused,
        "mode": scene.mode,
        "seeded": scene.seeded,
        "watchers": scene.watchers,
        "hand": scene.number,
        "hands": scene.hands,
        "turn": scene.turn,
        "seated": list(seated),
        "game": {
            "name": scene.game.name,
            "title": scene.game.title,
            "hand_size": scene.game.hand_size,
            "draws": scene.game.draws,
        },
        "level": {
            "ante": level.ante,
            "small_bet": level.small_bet,
            "big_bet": level.big_bet,
            "blinds": list(level.blinds) if level.blinds else None,
            "next_rise": scene.next_rise,
        },
        "phase": view.phase if view is not None else "waiting",
        "round": view.round_index if view is not None else 0,
        "draws_left": view.draws_left if view is not None else scene.game.draws,
        "actor": None if actor is None else seated[actor],
        "players": players,
        "pot": view.pot if view is not None else scene.middle,
        "button": seated[view.button] if view is not None else None,
        "clock": {"limit": scene.clock, "left": scene.clock_left} if scene.clock_left is not None else None,
        "showdown": None if view is None or live else _outcome(public_history, scene),
    }
    text = dumps(fields)[1:-1]
    return PublicState(text, seated if view is not None else (), live)


def state_frame(hand: Hand | None, public: PublicState, seat: int | None) -> str:
    """The whole table as ``seat`` (None: a watcher, the host) may see it now: its cards, its legal actions.

    The seat's part comes from its own ``view_of`` the hand in play; the rest
    is ``public``, the same text for every holder.
    """
    cards: list[str] = []
    legal = None
    if hand is not None and seat is not None and seat in public.in_hand:
        k = public.in_hand.index(seat)
        view = view_of(hand, k)
        cards = list(view.cards)
        if hand.actor == k:
            legal = _legal(view.legal)
    own = dumps({"type": "state", "seat": seat, "cards": cards, "legal": legal})
    return own[:-1] + "," + public.text + "}"


def shown_hands(showdown: Mapping[str, Any], game: Game) -> dict[str, dict[str, Any]]:
    """Each hand shown at a showdown event, by the hand's seat: its cards and its name on each half."""
    shown = {}
    for key, cards in showdown.get("hands", {}).items():
        try:
            names = [str(value) for value in game.evaluate(list(cards))]
        except BadugiError:  # a hand the engine showed is always one; never let a name break a frame
            names = []
        shown[key] = {"cards": list(cards), "names": names}
    return shown


def _outcome(history: Sequence[Mapping[str, Any]], scene: Scene) -> dict[str, Any] | None:
    """How the hand ended, from its public events: the hands shown, each pot and who won it."""
    showdown = next((item for item in history if item["event"] == "showdown"), None)
    payouts = next((item for item in history if item["event"] == "payouts"), None)
    if payouts is None:
        return None
    seated = scene.seated
    shown = shown_hands(showdown, scene.game) if showdown else {}
    pots = []
    for pot in showdown.get("pots", ()) if showdown else ():
        halves = pot.get("halves")
        winners = (
            sorted({w for half in halves for w in half["winners"]}) if halves else pot.get("winners", [])
        )
        pots.append({"amount": pot["amount"], "winners": [seated[w] for w in winners]})
    return {
        "shown": {str(seated[int(key)]): value for key, value in shown.items()},
        "pots": pots,
        "payouts": {str(seated[k]): amount for k, amount in enumerate(payouts["payouts"]) if amount},
        "carried": payouts.get("carried", 0),
    }


def end_frame(standings: Sequence[Mapping[str, Any]], reason: str) -> dict[str, Any]:
    """The table's end: why (``"over"``, ``"ended"`` by the host, ``"closed"``), and each seat's place."""
    return {"type": "end", "reason": reason, "standings": [dict(row) for row in standings]}


def error_frame(message: str) -> dict[str, Any]:
    """A refusal: one line, nothing else changed."""
    return {"type": "error", "message": message}


def notice_frame(text: str) -> dict[str, Any]:
    """A line the table says to everyone (a pause, a restart, a rebuy): for the log."""
    return {"type": "notice", "text": text}


def chat_frame(message: Mapping[str, Any]) -> dict[str, Any]:
    """A chat message as every holder receives it: its seat, the name then, its text (plain text)."""
    return {
        "type": "chat",
        "number": message["number"],
        "seat": message["seat"],
        "name": message["name"],
        "text": message["text"],
        "at": message["at"],
    }
