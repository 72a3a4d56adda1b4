"""A hand's history: read-only events, and what one seat may see of them.

A history is a tuple of ``Event``s. An event is a read-only ``dict`` whose
sequences are tuples and whose mappings are events too, so a history can be
handed to any number of players and bots without copying, and none of them can
change the record (``Hand.replay`` plays the record, so it must not change).
It is still a ``dict``: ``json.dumps(h.history)`` writes it as JSON, and
``event.copy()`` gives an ordinary, mutable ``dict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from badugi.engine._checks import as_count, as_sequence, short_repr
from badugi.errors import GameSetupError

__all__ = [
    "DEALING_ERRORS",
    "PRIVATE_FIELDS",
    "Event",
    "History",
    "event",
    "freeze",
    "normalize",
    "public_event",
    "public_history",
]

#: The events of a dealer's error, and what each is in words: what no room's record nor PHH states.
DEALING_ERRORS = {
    "misdeal": "a misdeal",
    "deal_exposed": "a card exposed in the deal",
    "deal_replacement": "a card exposed in the deal and replaced",
    "exposed": "a card exposed in a draw",
    "late_replacement": "a card exposed in a draw and replaced late",
    "wrong_count": "a hand dealt the wrong number of cards",
}

MAX_DEPTH = 8  # events nest three levels deep; anything deeper is not an event


class Event(dict[str, Any]):
    """One event of a hand's history: a read-only ``dict`` (JSON-serialisable)."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> NoReturn:
        _read_only()

    def __delitem__(self, key: str) -> NoReturn:
        _read_only()

    def __ior__(self, other: object) -> NoReturn:  # type: ignore[misc]
        _read_only()

    def clear(self) -> NoReturn:
        """Refused: events are read-only."""
        _read_only()

    def pop(self, *args: object) -> NoReturn:
        """Refused: events are read-only."""
        _read_only()

    def popitem(self) -> NoReturn:
        """Refused: events are read-only."""
        _read_only()

    def setdefault(self, *args: object) -> NoReturn:
        """Refused: events are read-only."""
        _read_only()

    def update(self, *args: object, **kwargs: object) -> NoReturn:
        """Refused: events are read-only."""
        _read_only()

    def __reduce__(self) -> tuple[type[Event], tuple[dict[str, Any]]]:
        return Event, (dict(self),)

    def __copy__(self) -> Event:
        return self  # immutable, like a tuple

    def __deepcopy__(self, memo: dict[int, object]) -> Event:
        return self  # everything inside is immutable too


def _read_only() -> NoReturn:
    raise TypeError("history events are read-only; event.copy() gives a dict you may change")


_ATOMS = frozenset({str, int, bool, float, type(None)})


def freeze(value: Any) -> Any:
    """``value`` with every list made a tuple and every dict an ``Event``, all the way down."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        return tuple(item if type(item) in _ATOMS else freeze(item) for item in value)
    if isinstance(value, dict):
        return Event((key, freeze(item)) for key, item in value.items())
    return value


def event(kind: str, **fields: Any) -> Event:
    """A new event of ``kind`` with ``fields`` (frozen)."""
    return Event(event=kind, **{key: freeze(item) for key, item in fields.items()})


class _Foreign:
    """Something in a history that no event can hold: equal only to itself."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def normalize(value: object, depth: int = 0) -> Any:
    """``value`` (JSON data, or events) in the engine's form: tuples for lists, events for mappings.

    Unlike ``freeze`` it takes anything a caller may pass: what no event can
    hold (an object of another type, a mapping that cannot be read, nesting
    deeper than any event) becomes a placeholder equal only to itself.
    """
    if value is None or isinstance(value, (str, int, float)):
        return value
    if depth < MAX_DEPTH:
        try:
            if isinstance(value, (list, tuple)):
                return tuple(normalize(item, depth + 1) for item in value)
            if isinstance(value, Mapping):
                return Event((key, normalize(item, depth + 1)) for key, item in value.items())
        except Exception:  # a mapping or sequence that cannot be read: fall through
            pass
    return _Foreign(short_repr(value))


#: What a seat may not see of other seats' events: hole cards, cards drawn and thrown.
PRIVATE_FIELDS = {
    "deal": ("cards",),
    "deal_replacement": ("card",),
    "draw": ("discards", "received"),
    "late_replacement": ("received",),
}
#: What nobody at the table may see: the order of the deck and the seed that shuffled it.
SECRET_FIELDS = {"setup": ("deck", "seed"), "misdeal": ("deck",)}


def public_event(item: Mapping[str, Any], seat: int) -> Event:
    """``item`` as ``seat`` sees it: its own cards, others' draw counts, no burned cards or deck order."""
    frozen: Event = item if isinstance(item, Event) else freeze(item)
    owner, for_others = _public_forms(frozen)
    return frozen if owner == seat else for_others


def _public_forms(item: Event) -> tuple[int | None, Event]:
    """(the seat whose private event this is, or None; the event as every other seat sees it)."""
    kind = item["event"]
    if kind in SECRET_FIELDS:
        return None, _without(item, SECRET_FIELDS[kind])
    if kind == "burn":
        return None, _BURN
    if kind in PRIVATE_FIELDS:
        return item["seat"], _without(item, PRIVATE_FIELDS[kind])
    return None, item


_BURN = Event(event="burn")


def _without(item: Mapping[str, Any], hidden: Iterable[str]) -> Event:
    return Event((key, value) for key, value in item.items() if key not in hidden)


class History:
    """The record of one hand as it is played: its events, and what each seat may see of them."""

    __slots__ = ("_events", "_forms", "_public")

    def __init__(self, first: Event) -> None:
        self._events: list[Event] = [first]
        self._forms: list[tuple[int | None, Event]] = []  # each event's owner and public form, once
        self._public: dict[int, list[Event]] = {}  # seat -> its view of the events so far

    def record(self, kind: str, **fields: Any) -> Event:
        """Add an event of ``kind`` with ``fields`` (frozen here); returns it."""
        item = event(kind, **fields)
        self._events.append(item)
        return item

    def add(self, kind: str, **fields: Any) -> Event:
        """Add an event whose fields are frozen already (atoms, and tuples of them); returns it.

        The engine's own events (an action, a deal, a draw) are made of ints,
        bools, text and tuples of them: nothing to freeze, so nothing is walked.
        """
        item = Event(event=kind, **fields)
        self._events.append(item)
        return item

    def extend(self, items: Iterable[Event]) -> None:
        """Add events already made (the deck's), frozen as ``add`` takes them."""
        self._events.extend(items)

    def events(self) -> tuple[Event, ...]:
        """Every event so far."""
        return tuple(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def public(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` sees them.

        Built incrementally, because bots ask on every decision: each event's
        public form is made once for the whole table, and each seat's view
        only grows. The events are read-only, so every view shares them.
        """
        events, forms = self._events, self._forms
        for item in events[len(forms) :]:
            forms.append(_public_forms(item))
        seen = self._public.setdefault(seat, [])
        for index in range(len(seen), len(events)):
            owner, for_others = forms[index]
            seen.append(events[index] if owner == seat else for_others)
        return tuple(seen)


def public_history(history: object, seat: object) -> tuple[Event, ...]:
    """The events of a hand as ``seat`` sees them: its own cards, others' draw counts only.

    Burned cards and the order of the deck are hidden from everyone; the
    showdown shows the hands that were shown. ``history`` is a hand (a
    ``Hand``, as ``view_of`` takes), its ``h.history``, or the same as JSON data.

    Raises:
        GameSetupError: ``history`` is not a hand or a list of events, or ``seat`` not a seat of it.
    """
    events = as_sequence(history)
    if events is None and isinstance(getattr(history, "history", None), tuple):
        events = list(history.history)  # type: ignore[attr-defined] # a Hand: this module cannot import it
    if events is None:
        raise GameSetupError(
            f"a history is a hand or a list of events (as JSON data), got {short_repr(history)}"
        )
    frozen = []
    for index, item in enumerate(events):
        value = normalize(item)
        if not isinstance(value, Event) or not isinstance(value.get("event"), str):
            raise GameSetupError(
                f"event {index} is not an event (a mapping with an 'event' name): {short_repr(item)}"
            )
        if value["event"] in PRIVATE_FIELDS and "seat" not in value:
            raise GameSetupError(f"event {index} ({value['event']}) does not say whose it is ('seat')")
        frozen.append(value)
    seats = len(frozen[0].get("stacks", ())) if frozen and frozen[0]["event"] == "setup" else None
    number = as_count(seat, 0, None if not seats else seats - 1)
    if number is None:
        raise GameSetupError(f"seat {short_repr(seat)} is not a seat of this hand")
    return tuple(public_event(item, number) for item in frozen)
