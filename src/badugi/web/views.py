"""The frames a seat receives, each built from what that seat may see, never by hiding what it may not.

A seat at the hand in play gets ``view_of(hand, seat)``'s cards, legal
actions, stacks and bets, and each event as ``public_event`` shows it to that
seat. A seat that is not in the hand (its player busted) gets what every seat
sees: the fields of a view that are everyone's (stacks, bets, pot, ...) by
name, and each event in the form a seat that does not own it sees. No frame
is made by deleting fields from the full record: what is private never enters
a frame in the first place.

Events keep the engine's numbering of seats, the hand's: seat ``k`` of a
hand is the table's seat ``seated[k]``, and every frame of a hand says
``seated``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from badugi.engine import Legal, SeatView, view_of
from badugi.engine.history import Event, public_event
from badugi.engine.match import Level
from badugi.errors import BadugiError
from badugi.games import Game

__all__ = [
    "Scene",
    "end_frame",
    "error_frame",
    "event_frame",
    "shown_hands",
    "spectator_event",
    "state_frame",
]


@dataclass
class Scene:
    """What the table knows beyond the hand, all of it public: the frame's frame.

    ``chips`` are the table's chips per seat at the start of the hand in play
    (a busted seat's 0); ``status`` is ``"playing"``, ``"between"`` (the hand
    is over, the next is coming) or ``"over"`` (the match is).
    """

    table: str
    game: Game
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    hands: int
    number: int
    seated: tuple[int, ...]
    chips: tuple[int, ...]
    level: Level
    next_rise: int | None
    status: str
    away: tuple[bool, ...]
    connected: tuple[bool, ...]
    clock: float
    clock_left: float | None
    turn: int


def spectator_event(item: Mapping[str, Any], seats: int) -> Event:
    """An event as a seat that does not own it sees it: nobody's cards, no deck, no seed.

    ``public_event`` shows a seat its own private events whole and every
    other seat the public form; the owner of a private event is its
    ``seat``, so asking for the seat after it gives the public form.
    """
    owner = item.get("seat")
    observer = (owner + 1) % seats if isinstance(owner, int) and not isinstance(owner, bool) else 0
    return public_event(item, observer)


def event_frame(item: Mapping[str, Any], scene: Scene, seat: int) -> dict[str, Any]:
    """One event of the hand in play as table seat ``seat`` may see it."""
    if seat in scene.seated:
        seen = public_event(item, scene.seated.index(seat))
    else:
        seen = spectator_event(item, len(scene.seated))
    return {"type": "event", "hand": scene.number, "seated": list(scene.seated), "event": seen}


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


def _drew(history: Sequence[Mapping[str, Any]], seat: int) -> list[int]:
    return [item["count"] for item in history if item["event"] == "draw" and item["seat"] == seat]


def state_frame(hand: Any, scene: Scene, seat: int) -> dict[str, Any]:
    """The whole table as table seat ``seat`` may see it now, from its own ``view_of`` the hand in play."""
    mine = seat in scene.seated
    view: SeatView = view_of(hand, scene.seated.index(seat) if mine else 0)
    history = (
        view.history if mine else tuple(spectator_event(item, len(scene.seated)) for item in view.history)
    )
    live = view.phase != "over"
    players = []
    for player, name in enumerate(scene.names):
        entry: dict[str, Any] = {
            "seat": player,
            "name": name,
            "kind": scene.kinds[player],
            "chips": scene.chips[player],
            "bet": 0,
            "folded": False,
            "all_in": False,
            "drew": [],
            "in_hand": player in scene.seated,
            "busted": scene.chips[player] == 0 and player not in scene.seated,
            "away": scene.away[player],
            "connected": scene.connected[player] if scene.kinds[player] == "person" else True,
        }
        if player in scene.seated:
            k = scene.seated.index(player)
            entry.update(
                chips=view.stacks[k],
                bet=view.bets[k] if view.phase == "bet" else 0,  # a draw's bets are the pot's
                folded=view.folded[k],
                all_in=live and view.stacks[k] == 0 and not view.folded[k],
                drew=_drew(history, k),
            )
        players.append(entry)
    actor = hand.actor
    frame: dict[str, Any] = {
        "type": "state",
        "table": scene.table,
        "status": scene.status,
        "hand": scene.number,
        "hands": scene.hands,
        "turn": scene.turn,
        "seat": seat,
        "seated": list(scene.seated),
        "game": {
            "name": scene.game.name,
            "title": scene.game.title,
            "hand_size": scene.game.hand_size,
            "draws": scene.game.draws,
        },
        "level": {
            "ante": scene.level.ante,
            "small_bet": scene.level.small_bet,
            "big_bet": scene.level.big_bet,
            "blinds": list(scene.level.blinds) if scene.level.blinds else None,
            "next_rise": scene.next_rise,
        },
        "phase": view.phase,
        "round": view.round_index,
        "draws_left": view.draws_left,
        "cards": list(view.cards) if mine else [],
        "actor": None if actor is None else scene.seated[actor],
        "legal": _legal(view.legal) if mine and actor == scene.seated.index(seat) else None,
        "players": players,
        "pot": view.pot,
        "button": scene.seated[view.button],
        "clock": {"limit": scene.clock, "left": scene.clock_left} if scene.clock_left is not None else None,
        "showdown": None if live else _outcome(history, scene),
    }
    return frame


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


def end_frame(standings: Sequence[Any]) -> dict[str, Any]:
    """The match's end: each seat's name, chips and place (1 is first)."""
    return {
        "type": "end",
        "standings": [
            {"seat": s.player, "name": s.name, "chips": s.chips, "place": place}
            for place, s in enumerate(standings, 1)
        ],
    }


def error_frame(message: str) -> dict[str, Any]:
    """A refusal: one line, nothing else changed."""
    return {"type": "error", "message": message}
