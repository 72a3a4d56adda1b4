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

from badugi.engine import Hand
from badugi.engine.game_settings import game_named
from badugi.engine.structures import structure_from
from badugi.errors import GameSetupError, HandHistoryError
from badugi.histories.record import HandRecord, RecordedPlayer, Step

__all__ = ["record_of"]

_NOT_RECORDED = {
    "misdeal": "a misdeal",
    "deal_exposed": "a card exposed in the deal",
    "deal_replacement": "a card exposed in the deal and replaced",
    "exposed": "a card exposed in a draw",
    "late_replacement": "a card exposed in a draw and replaced late",
    "wrong_count": "a hand dealt the wrong number of cards",
}
_BLINDS = {"small": "small_blind", "big": "big_blind", "live": "live_blind", "dead": "dead_blind"}


def _hand_of(hand: object) -> Hand:
    if isinstance(hand, Hand):
        return hand
    try:
        return Hand.replay(hand)
    except GameSetupError as exc:
        raise HandHistoryError(f"record_of takes a Hand or its history: {exc}") from None


def record_of(
    hand: Hand | Sequence[Mapping[str, Any]],
    *,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> HandRecord:
    """The record of a hand of the engine that is over (a ``Hand`` or its history).

    Args:
        hand: the hand.
        viewer: a seat: state only what it saw (others' cards unknown until shown);
            None: every card.
        names: the players' names, one a seat (default ``"Seat 1"``, ...).
        fields: what the record says about the table (``hand``, ``table``, ...).

    Raises:
        HandHistoryError: a hand not over, a dealing error or a misdeal, a
            qualifier or a carry (which no room's record states), a viewer
            that is not a seat, or names not one a seat.
    """
    played = _hand_of(hand)
    if played.phase != "over":
        raise HandHistoryError("record_of takes a hand that is over")
    if played.qualifier is not None or played.carry:
        raise HandHistoryError("a hand with a qualifier or a carry has no room's record")
    n = played.n_seats
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n
    ):
        raise HandHistoryError(f"viewer must be a seat 0..{n - 1} or None, got {viewer!r}")
    seat_names = [f"Seat {k + 1}" for k in range(n)] if names is None else [str(name) for name in names]
    if len(seat_names) != n:
        raise HandHistoryError(f"names must give one name a seat ({n}), got {len(seat_names)}")
    events = played.history
    setup = events[0]
    size = played.game.hand_size

    steps = [step for event in events[1:] for step in _steps_of(event, viewer, size)]
    result = played.result
    assert result is not None
    for seat, back in enumerate(result.returned):
        if back:
            steps.append(Step("returned", seat, amount=back))
    for seat, (paid, back) in enumerate(zip(result.payouts, result.returned, strict=True)):
        if paid - back:
            steps.append(Step("collect", seat, amount=paid - back))
    button = played.button
    return HandRecord(
        source="badugi",
        label="badugi hand" if not fields or "hand" not in fields else f"badugi hand #{fields['hand']}",
        players=tuple(
            RecordedPlayer(name, stack, k + 1)
            for k, (name, stack) in enumerate(zip(seat_names, setup["stacks"], strict=True))
        ),
        button=button,
        structure=structure_from(setup["structure"]),
        blinds=None if setup["blinds"] is None else (setup["blinds"][0], setup["blinds"][1]),
        steps=tuple(steps),
        ante=setup["ante"],
        game=game_named(setup.get("game", "badugi")),
        total_pot=sum(played.contributions) - sum(result.returned),
        fields=MappingProxyType(dict(fields or {})),
    )


def _steps_of(event: Mapping[str, Any], viewer: int | None, size: int) -> list[Step]:  # noqa: PLR0911
    """The steps one event of the engine's history states (none for the events a record leaves out)."""
    kind = event["event"]
    if kind in _NOT_RECORDED:
        raise HandHistoryError(f"a room's record cannot state {_NOT_RECORDED[kind]}")
    seat = event.get("seat", 0)
    sees = viewer is None or seat == viewer
    if kind == "ante":
        return [Step("ante", seat, amount=event["amount"], all_in=event["all_in"])]
    if kind == "blind":
        return [Step(_BLINDS[event["blind"]], seat, amount=event["amount"], all_in=event["all_in"])]
    if kind == "deal":
        return [Step("deal", seat, cards=tuple(event["cards"]) if sees else (None,) * size)]
    if kind in ("fold", "check"):
        return [Step(kind, seat)]
    if kind == "call":
        return [Step("call", seat, amount=event["amount"], all_in=event["all_in"])]
    if kind in ("bet", "raise"):
        return [Step(kind, seat, amount=event["to"], all_in=event["all_in"])]
    if kind == "draw_round":
        return [Step("draw_round", 0, count=event["index"])]
    if kind == "draw":
        thrown = tuple(event["discards"]) if sees else ()
        received = tuple(event["received"]) if sees else ()
        return [Step("draw", seat, count=event["count"], cards=thrown, received=received)]
    if kind == "showdown":
        return [Step("show", shower, cards=tuple(event["hands"][str(shower)])) for shower in event["order"]]
    return []
