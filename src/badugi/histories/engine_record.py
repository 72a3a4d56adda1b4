"""A hand of the engine as a ``HandRecord``: everything it saw, or what one seat saw.

``record_of(hand)`` states a hand the engine played as a record would: the
posts, the deal, every action and draw, the showdown's hands, the uncalled
bets returned and what each seat collected. With ``viewer=seat`` it states
only what that seat saw at the table, as a room's hand history does: the
other seats' cards are unknown (None) until they are shown. Following the
record (``follow``) must give the hand's own payouts: that is how the
follower is tested against the dealing engine, and how the writers of the
room formats get their input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from badugi.cards import quote
from badugi.engine import Hand
from badugi.engine.followed import FollowedHand, followed_about
from badugi.engine.followed_dealer import UNKNOWN_TEXT
from badugi.engine.game_settings import game_named
from badugi.engine.history import DEALING_ERRORS
from badugi.engine.structures import structure_from
from badugi.errors import GameSetupError, HandHistoryError
from badugi.histories.follow import follow
from badugi.histories.record import HandRecord, RecordedPlayer, Step, StepKind

__all__ = ["follow_history", "record_of"]

_BLINDS: dict[str, StepKind] = {
    "small": "small_blind",
    "big": "big_blind",
    "live": "live_blind",
    "dead": "dead_blind",
}


def _is_followed(events: Sequence[Any]) -> bool:
    return followed_about(events) is not None


def follow_history(history: Sequence[Mapping[str, Any]]) -> FollowedHand:
    """A followed hand's history (``FollowedHand.history``, or the same as JSON data) followed again.

    Raises:
        HandHistoryError: not such a history, or one that does not follow.
    """
    return follow(record_of(history))


def record_of(
    hand: Hand | Sequence[Mapping[str, Any]],
    *,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> HandRecord:
    """The record of a hand of the engine that is over (a ``Hand``, a ``FollowedHand``, or a history).

    Args:
        hand: the hand.
        viewer: a seat: state only what it saw (others' cards unknown until shown);
            None: every card the hand knows.
        names: the players' names, one a seat (default: a followed hand's
            own, else ``"Player 1"``, ...).
        fields: what the record says about the table (``hand``, ``table``,
            ...; default: a followed hand's own).

    Raises:
        HandHistoryError: a hand not over, a dealing error or a misdeal, a
            qualifier or a carry (which no room's record states), a viewer
            that is not a seat, or names not one a seat.
    """
    if isinstance(hand, Hand):
        played: Hand | None = hand
        events: Sequence[Mapping[str, Any]] = hand.history
    elif isinstance(hand, (str, bytes, Mapping)) or not isinstance(hand, Sequence):
        raise HandHistoryError(f"record_of takes a Hand or its history (a list of events), got {quote(hand)}")
    elif _is_followed(hand):
        played, events = None, list(hand)
    else:
        try:
            played = Hand.replay(hand)
        except GameSetupError as exc:
            raise HandHistoryError(f"record_of: the history does not replay: {exc}") from None
        events = played.history
    return _record(events, played, viewer, names, fields)


def _record(  # noqa: PLR0915 - each part of the history checked in turn
    events: Sequence[Mapping[str, Any]],
    played: Hand | None,
    viewer: int | None,
    names: Sequence[str] | None,
    fields: Mapping[str, Any] | None,
) -> HandRecord:
    """The record of ``events``; ``played`` is their hand, or None for a followed hand's bare history."""
    try:
        setup, last = events[0], events[-1]
        if played is not None:
            over, result = played.phase == "over", played.result
            paid = played.payouts or []
            returned = list(result.returned) if result is not None else []
            rake = getattr(played, "rake", 0)
            qualifier, carry = played.qualifier, played.carry
        else:
            # The payouts, and after them any hand shown once the pots were paid (a summary's).
            payouts = [
                item for item in events if isinstance(item, Mapping) and item.get("event") == "payouts"
            ]
            over = bool(payouts)
            last = payouts[-1] if payouts else last
            paid, returned = (
                [int(x) for x in last.get("payouts", ())],
                [int(x) for x in last.get("returned", ())],
            )
            rake = last.get("rake", 0)
            if not isinstance(rake, int) or isinstance(rake, bool) or len(paid) != len(returned):
                raise TypeError(f"payouts {quote(last)}")
            qualifier, carry = None, 0
        n = len(setup["stacks"])
        game = game_named(setup.get("game", "badugi"))
        structure = structure_from(setup["structure"])
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, GameSetupError) as exc:
        raise HandHistoryError(f"record_of: not a hand's history ({quote(exc)})") from None
    if not over:
        raise HandHistoryError("record_of takes a hand that is over")
    if qualifier is not None or carry:
        raise HandHistoryError("a hand with a qualifier or a carry has no room's record")
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n
    ):
        raise HandHistoryError(f"viewer must be a seat 0..{n - 1} or None, got {quote(viewer)}")
    followed = _is_followed(events)
    about = _about(events[1].get("about") if followed else None, n)
    default_names = about.get("names") or [f"Player {k + 1}" for k in range(n)]
    if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, Sequence)):
        raise HandHistoryError(f"names must be a list of names, one a seat, got {quote(names)}")
    if fields is not None and not isinstance(fields, Mapping):
        raise HandHistoryError(f"fields must be a mapping of field names to values, got {quote(fields)}")
    seat_names = [str(name) for name in (default_names if names is None else names)]
    if len(seat_names) != n:
        raise HandHistoryError(f"names must give one name a seat ({n}), got {len(seat_names)}")
    numbers = about.get("seats") or [k + 1 for k in range(n)]
    # The pots are paid where the payouts event is: a hand shown after it (a summary's) comes after them.
    paid_at = max(k for k, event in enumerate(events) if event.get("event") == "payouts")
    pays = [Step("returned", seat, amount=back) for seat, back in enumerate(returned) if back]
    pays += [
        Step("collect", seat, amount=won - back)
        for seat, (won, back) in enumerate(zip(paid, returned, strict=True))
        if won - back
    ]
    try:
        steps = [
            step for event in events[1:paid_at] for step in _steps_of(event, viewer, game.hand_size, followed)
        ]
        steps += pays
        steps += [
            step for event in events[paid_at:] for step in _steps_of(event, viewer, game.hand_size, followed)
        ]
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        raise HandHistoryError(f"record_of: not a hand's history ({quote(exc)})") from None
    kept = dict(about.get("fields") or {}) if fields is None else dict(fields)
    label = about.get("label") or ("badugi hand" if "hand" not in kept else f"badugi hand #{kept['hand']}")
    return HandRecord(
        source=about.get("source") or "badugi",
        label=label,
        players=tuple(
            RecordedPlayer(name, stack, number)
            for name, stack, number in zip(seat_names, setup["stacks"], numbers, strict=True)
        ),
        button=setup["button"],
        structure=structure,
        blinds=None if setup["blinds"] is None else (setup["blinds"][0], setup["blinds"][1]),
        steps=tuple(steps),
        ante=setup["ante"],
        game=game,
        rake=rake,
        total_pot=sum(paid) + rake - sum(returned),
        fields=MappingProxyType(kept),
    )


def _about(about: object, n: int) -> Mapping[str, Any]:
    """A followed history's ``about`` (names, seats, fields, source, label), each part checked.

    Raises:
        HandHistoryError: a part of the wrong type or length.
    """
    if about is None:
        return {}
    if not isinstance(about, Mapping):
        raise HandHistoryError(f"record_of: the followed event's about is {quote(about)}, not a mapping")
    names, seats, fields = about.get("names"), about.get("seats"), about.get("fields")
    if names is not None and (
        not isinstance(names, Sequence)
        or isinstance(names, str)
        or len(names) != n
        or not all(isinstance(name, str) for name in names)
    ):
        raise HandHistoryError(f"record_of: the followed event's names are {quote(names)}: {n} names")
    if seats is not None and (
        not isinstance(seats, Sequence)
        or isinstance(seats, str)
        or len(seats) != n
        or not all(seat is None or (isinstance(seat, int) and not isinstance(seat, bool)) for seat in seats)
    ):
        raise HandHistoryError(f"record_of: the followed event's seats are {quote(seats)}: {n} seat numbers")
    if fields is not None and not isinstance(fields, Mapping):
        raise HandHistoryError(f"record_of: the followed event's fields are {quote(fields)}, not a mapping")
    for key in ("source", "label"):
        if about.get(key) is not None and not isinstance(about.get(key), str):
            raise HandHistoryError(f"record_of: the followed event's {key} is {quote(about.get(key))}")
    return about


def _cards(cards: Sequence[str]) -> tuple[str | None, ...]:
    return tuple(None if card == UNKNOWN_TEXT else card for card in cards)


def _steps_of(  # noqa: PLR0911, PLR0912 - one branch an event
    event: Mapping[str, Any], viewer: int | None, size: int, followed: bool
) -> list[Step]:
    """The steps one event of the engine's history states (none for the events a record leaves out).

    A dealt hand's showdown shows every hand in it; a followed hand has its own
    shows and mucks, as its record gave them.
    """
    kind = event["event"]
    if kind in DEALING_ERRORS:
        raise HandHistoryError(f"a room's record cannot state {DEALING_ERRORS[kind]}")
    seat = event.get("seat", 0)
    sees = viewer is None or seat == viewer
    if kind == "ante":
        return [Step("ante", seat, amount=event["amount"], all_in=event["all_in"])]
    if kind == "blind" and not event["amount"] and not event["all_in"]:
        return []  # a table's small blind of 0: nobody posts it
    if kind == "blind":
        return [Step(_BLINDS[event["blind"]], seat, amount=event["amount"], all_in=event["all_in"])]
    if kind == "deal":
        return [Step("deal", seat, cards=_cards(event["cards"]) if sees else (None,) * size)]
    if kind in ("fold", "check", "forfeit"):
        return [Step(kind, seat)]
    if kind == "call":
        return [Step("call", seat, amount=event["amount"], all_in=event["all_in"])]
    if kind in ("bet", "raise"):
        return [Step(kind, seat, amount=event["to"], all_in=event["all_in"])]
    if kind == "draw_round":
        return [Step("draw_round", 0, count=event["index"])]
    if kind == "draw":
        thrown = _cards(event["discards"]) if sees else ()
        received = _cards(event["received"]) if sees else ()
        return [Step("draw", seat, count=event["count"], cards=thrown, received=received)]
    if kind == "showdown" and not followed:
        return [Step("show", shower, cards=tuple(event["hands"][str(shower)])) for shower in event["order"]]
    if kind == "show":
        return [Step("show", seat, cards=tuple(event["cards"]))]
    if kind == "muck":
        return [Step("muck", seat)]
    return []
