"""A hand played again through the engine, each decision of the watched seats caught as it comes.

A dealt hand is replayed from its history (``badugi.engine.replay``), a
followed one followed again from its record (``badugi.histories.follow``):
either way the engine checks every event again, and just before a watched
seat acts the hand is stopped long enough to take what that seat could see
(``view_of``) and what every seat held then. Nothing of the history is
trusted that the engine did not play itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from badugi.engine import Hand, SeatView, view_of
from badugi.engine.followed import FollowedHand
from badugi.engine.history import Event
from badugi.engine.replay import replay
from badugi.histories.engine_record import record_of
from badugi.histories.follow import follow

__all__ = ["UNKNOWN", "Moment", "moments_of"]

#: How a card nobody saw is written in a seat's cards.
UNKNOWN = "??"


@dataclass(frozen=True)
class Moment:
    """One decision of a seat: what it saw, what it did, and what every seat held then.

    Attributes:
        view: the seat's view just before it acted (``badugi.engine.view_of``).
        event: what it did, as the engine recorded it (a ``fold``, ``check``,
            ``call``, ``bet``, ``raise`` or ``draw`` event).
        holdings: every seat's cards then, ``"??"`` for a card the file does not show
            (empty for a seat that folded).
        discarded: the cards this seat threw at its earlier draws, as far as the file shows them.
    """

    view: SeatView
    event: Event
    holdings: tuple[tuple[str, ...], ...]
    discarded: tuple[str, ...]


class _Watching:
    """A hand that calls ``_caught`` with each watched seat's view and then what it did.

    Mixed into ``Hand`` and ``FollowedHand``; the class attributes are set on a
    class made for each watch (the follower builds its hand itself, so the
    watch cannot be handed to the instance).
    """

    _seats: Collection[int] = ()
    _caught: Callable[[SeatView, tuple[tuple[str, ...], ...], Event], None]

    def _before(self, seat: object) -> tuple[SeatView, tuple[tuple[str, ...], ...]] | None:
        hand: Any = self
        actor = hand.actor if seat is None else seat
        if not isinstance(actor, int) or actor not in self._seats:
            return None
        return view_of(hand, actor), tuple(tuple(cards) for cards in hand.hands)

    def _after(self, seen: tuple[SeatView, tuple[tuple[str, ...], ...]] | None, event: Event) -> Event:
        if seen is not None:
            type(self)._caught(seen[0], seen[1], event)
        return event

    def fold(self, seat: int | None = None) -> Event:
        seen = self._before(seat)
        return self._after(seen, super().fold(seat))  # type: ignore[misc]

    def check(self, seat: int | None = None) -> Event:
        seen = self._before(seat)
        return self._after(seen, super().check(seat))  # type: ignore[misc]

    def call(self, seat: int | None = None) -> Event:
        seen = self._before(seat)
        return self._after(seen, super().call(seat))  # type: ignore[misc]

    def raise_to(self, total: int, seat: int | None = None) -> Event:
        seen = self._before(seat)
        return self._after(seen, super().raise_to(total, seat))  # type: ignore[misc]

    def draw(self, *args: Any, **kwargs: Any) -> Event:
        seen = self._before(kwargs.get("seat", args[1] if len(args) > 1 else None))
        return self._after(seen, super().draw(*args, **kwargs))  # type: ignore[misc]


def moments_of(hand: Hand, seats: Collection[int]) -> list[Moment]:
    """Every decision of ``seats`` in ``hand`` (a hand that is over), in the order they were made.

    The hand is played again by the engine: a dealt hand from its history, a
    followed hand from its record.

    Raises:
        badugi.errors.GameSetupError: a dealt hand's history that does not replay.
        badugi.errors.HandHistoryError: a followed hand whose record does not follow.
    """
    caught: list[Moment] = []
    thrown: dict[int, list[str]] = {}

    def catch(view: SeatView, holdings: tuple[tuple[str, ...], ...], event: Event) -> None:
        mine = thrown.setdefault(view.seat, [])
        caught.append(Moment(view, event, holdings, tuple(mine)))
        if event["event"] == "draw":
            # Once each: after a reshuffle a card can come back and be thrown again.
            mine.extend(c for c in event.get("discards") or () if c and c != UNKNOWN and c not in mine)

    watch = {"_seats": frozenset(seats), "_caught": staticmethod(catch)}
    if isinstance(hand, FollowedHand):
        followed = type("WatchedFollowedHand", (_Watching, FollowedHand), watch)
        follow(record_of(hand), hand_type=followed)
    else:
        dealt: Any = type("WatchedHand", (_Watching, Hand), watch)
        replay(dealt.from_setup, hand.history)
    return caught
