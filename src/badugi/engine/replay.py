"""Playing a hand again from its history, and checking that every event follows.

A history holds two kinds of events: what the players (and the dealer's
errors) did, which the replay applies, and what the engine did in answer
(deals, burns, reshuffles, rounds, the showdown, payouts), which the replay
produces again and compares. So a history that was edited, cut inside an
event, or made under other rules is refused at the first event that does not
follow, and a history that replays is exactly the hand it records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from badugi.cards import CARD_TEXT
from badugi.engine._checks import as_sequence, cut, short_repr
from badugi.engine.history import Event, History, normalize
from badugi.engine.setup import SETUP_DEFAULTS, Setup
from badugi.errors import GameSetupError, IllegalActionError

__all__ = ["OLDER_DEFAULTS", "Replaying", "replay", "with_defaults"]


class Replaying(Protocol):
    """What a replay needs of the hand it drives: its record, whose turn it is, and the actions.

    ``badugi.engine.Hand`` is one; the replay names no class, so the hand's
    module can import this one and not the other way round.
    """

    _log: History

    @property
    def actor(self) -> int | None:
        """The seat to act, or None."""

    def fold(self, seat: int | None = None) -> Event:
        """Fold."""

    def check(self, seat: int | None = None) -> Event:
        """Check."""

    def call(self, seat: int | None = None) -> Event:
        """Call."""

    def raise_to(self, total: int, seat: int | None = None) -> Event:
        """Bet or raise to a total."""

    def draw(self, discards: Sequence[str | int], seat: int | None = None, exposed: int = 0) -> Event:
        """Throw these cards and be dealt as many."""

    def record_exposed_card(self, position: int) -> str:
        """A card exposed in the deal; returns the ruling."""

    def record_wrong_count(self, seat: int) -> str:
        """A hand of the wrong count; returns the ruling."""


H = TypeVar("H", bound=Replaying)

#: Events that record what a player did, or a dealing error found at the table: the replay applies them.
ACTIONS = ("fold", "check", "call", "bet", "raise", "draw", "deal_exposed", "wrong_count")
#: Fields that histories recorded before them leave out, by event, with the value those histories meant.
OLDER_DEFAULTS: dict[str, Mapping[str, Any]] = {"setup": SETUP_DEFAULTS, "payouts": {"carried": 0}}


#: Events whose card older histories recorded as an id, where every other event has its text.
CARD_BY_ID = ("burn", "exposed")


def with_defaults(item: Mapping[str, Any]) -> dict[str, Any]:
    """An event as this version records it: fields older histories leave out filled in, cards as text."""
    event = {**OLDER_DEFAULTS.get(item["event"], {}), **item}
    card = event.get("card")
    if item["event"] in CARD_BY_ID and type(card) is int and 0 <= card < len(CARD_TEXT):
        event["card"] = CARD_TEXT[card]
    return event


def replay(build: Callable[[Setup], H], history: object) -> H:
    """The hand ``build`` makes from the history's setup, played through its events (``Hand.replay``)."""
    events = as_sequence(history)
    if events is None:
        raise GameSetupError(f"a history is a list of events (as JSON data), got {short_repr(history)}")
    if not events:
        raise GameSetupError("a history starts with its setup event; this one is empty")
    setup = _event(events, 0)
    if setup["event"] != "setup":
        raise GameSetupError(f"a history starts with its setup event, not {short_repr(setup['event'])}")
    hand = build(Setup.from_event(setup))
    produced = hand._log  # the replay's own record, growing as actions are applied
    _expect(events, 0, produced[0])
    index = 1
    while index < len(events):
        if index >= len(produced):  # the events so far all followed: apply the next action
            _apply(hand, events, _next_action(events, index, hand))
        _expect(events, index, produced[index])
        index += 1
    return hand


def _event(events: list[Any], index: int) -> Mapping[str, Any]:
    item: Mapping[str, Any] = events[index]
    try:
        valid = isinstance(item, Mapping) and isinstance(item.get("event"), str)
    except Exception:  # a mapping that cannot even be read
        valid = False
    if not valid:
        raise GameSetupError(
            f"event {index} is not an event (a mapping with an 'event' name): {short_repr(item)}"
        )
    return item


def _next_action(events: list[Any], start: int, hand: Replaying) -> int:
    for index in range(start, len(events)):
        if _event(events, index)["event"] in ACTIONS:
            return index
    kind = _name(events[start]["event"])
    state = "the hand is over" if hand.actor is None else f"the replay waits for seat {hand.actor} to act"
    raise GameSetupError(f"event {start} ({kind}) does not follow from the events before it: {state}")


def _name(kind: str) -> str:
    return kind if len(kind) <= 30 else kind[:30] + "..."


def _apply(hand: Replaying, events: list[Any], index: int) -> None:
    item = events[index]
    kind = item["event"]

    def field(name: str, default: object = ...) -> Any:
        if name in item:
            return item[name]
        if default is not ...:
            return default
        raise GameSetupError(f"event {index} ({kind}): missing {name!r}")

    if kind == "deal_exposed":
        position = field("position")
        try:
            hand.record_exposed_card(position)
        except IllegalActionError as exc:
            raise GameSetupError(
                f"event {index} (deal_exposed) is not possible at that point: {exc}"
            ) from None
        return
    seat = field("seat")
    if seat is None:
        raise GameSetupError(f"event {index} ({kind}): the seat is None")
    try:
        if kind == "wrong_count":
            hand.record_wrong_count(seat)
        elif kind in ("fold", "check", "call"):
            getattr(hand, kind)(seat=seat)
        elif kind in ("bet", "raise"):
            hand.raise_to(field("to"), seat=seat)
        else:
            hand.draw(field("discards"), seat=seat, exposed=field("exposed", 0))
    except IllegalActionError as exc:
        what = f"event {index} ({_name(kind)} by seat {short_repr(seat)})"
        raise GameSetupError(f"{what} is not legal at that point: {exc}") from None


def _same(a: object, b: object) -> bool:
    """``a == b``, except that a bool, an int and a float are three different things.

    A seat, a count or an amount written as ``True`` or ``1.0`` is not the
    event the engine records, although Python's ``==`` would say it is.
    """
    if type(a) is type(b) and type(a) in _PLAIN:  # the common case, said at once
        return bool(a == b)
    if _number_kind(a) is not _number_kind(b):
        return False
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


#: What an event's values are made of, compared by ``==`` when both are of one of them.
_PLAIN = frozenset({str, int, bool, float, type(None)})
#: bool first: a bool is an int to isinstance.
_NUMBER_KINDS = (bool, int, float)


def _number_kind(value: object) -> type | None:
    return next((kind for kind in _NUMBER_KINDS if isinstance(value, kind)), None)


def _expect(events: list[Any], index: int, produced: Event) -> None:
    given = Event(with_defaults(normalize(_event(events, index))))
    if _same(given, produced):
        return
    what = f"event {index} ({_name(given['event'])}) does not follow from the events before it"
    if given["event"] != produced["event"]:
        told = f"{what}: the history says {said(given)}, where the replay says {said(produced)}"
        raise GameSetupError(cut(told, _LONGEST))
    for key in sorted({*given, *produced}, key=str):
        mine, theirs = produced.get(key, _MISSING), given.get(key, _MISSING)
        if not _same(mine, theirs):
            if theirs is _MISSING:
                detail = f"the history leaves out {short_repr(key)}, which is {short_repr(mine)} there"
            elif mine is _MISSING:
                detail = f"the history adds {short_repr(key)}, which the engine does not record there"
            else:
                detail = f"{short_repr(key)} is {short_repr(theirs)} in the history, {short_repr(mine)} there"
            told = f"{what}: the history says {said(given)}, where the replay says {said(produced)}"
            told += f" ({detail})"
            # A damaged value appears in the telling and in the detail: past a line or two, the detail alone.
            raise GameSetupError(told if len(told) <= _LONGEST else cut(f"{what}: {detail}", _LONGEST))


#: A field an event does not have.
_MISSING = object()
#: The longest message of a history that does not replay (the engine's messages stay within 300 characters).
_LONGEST = 280


def _blind(name: object) -> str:
    """A blind's name as said ("small"), or whatever a damaged history has there, as short_repr names it.

    Put in the message as it is, an int of over 4,300 digits raised ValueError instead of the refusal.
    """
    return name if type(name) is str else short_repr(name)


def said(event: Mapping[str, Any]) -> str:
    """An event as a player would say it: "seat 1 calls 20, all in", "seat 0 draws 2 (throws Kd 9c)"."""
    kind, seat = event.get("event"), event.get("seat")
    who = f"seat {short_repr(seat)}"
    all_in = ", all in" if event.get("all_in") is True else ""
    words: dict[str, Callable[[], str]] = {
        "fold": lambda: f"{who} folds",
        "check": lambda: f"{who} checks",
        "call": lambda: f"{who} calls {short_repr(event.get('amount'))}{all_in}",
        "bet": lambda: f"{who} bets to {short_repr(event.get('to'))}{all_in}{_short_of_full(event)}",
        "raise": lambda: f"{who} raises to {short_repr(event.get('to'))}{all_in}{_short_of_full(event)}",
        "ante": lambda: f"{who} posts an ante of {short_repr(event.get('amount'))}{all_in}",
        "blind": lambda: (
            f"{who} posts the {_blind(event.get('blind'))} blind of {short_repr(event.get('amount'))}{all_in}"
        ),
        "deal": lambda: f"{who} is dealt {_cards(event.get('cards'))}",
        "draw": lambda: (
            f"{who} draws {short_repr(event.get('count'))} (throws {_cards(event.get('discards'))})"
        ),
        "burn": lambda: f"the dealer burns {short_repr(event.get('card'))}",
        "round": lambda: f"betting round {short_repr(event.get('index'))} begins",
        "draw_round": lambda: f"draw {short_repr(event.get('index'))} begins",
        "showdown": lambda: "the showdown",
        "payouts": lambda: f"the payouts {short_repr(event.get('payouts'))}",
    }
    say = words.get(kind) if isinstance(kind, str) else None
    return say() if say is not None else f"a {short_repr(kind)} event"


def _short_of_full(event: Mapping[str, Any]) -> str:
    return " (less than a full raise)" if event.get("full") is False else ""


def _cards(cards: object) -> str:
    items = as_sequence(cards)
    if items is None or not all(isinstance(c, str) for c in items):
        return short_repr(cards)
    return " ".join(items) or "nothing"
