"""A PokerStars hand's events, read by name, as a record's parts: players, button, steps, posts.

The events are the hand's lines as the reader understood them, each naming
its player; here the players become engine seats (the dealt-in players in
seat-number order), the deal becomes one ``deal`` step a player, and the
table's blinds and ante are taken from the posts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from badugi.histories.record import Step, step_kind

__all__ = ["HAND_SIZE", "Event", "seating", "steps_of", "table_ante", "table_blinds"]

HAND_SIZE = 4
_BLIND_KINDS = ("small_blind", "big_blind", "live_blind", "dead_blind")


@dataclass
class Event:
    """A step before the engine seats are known: the player by name (``""`` for the table's)."""

    kind: str
    name: str
    line: int  # index in the file's lines, from 0
    amount: int | None = None
    cards: tuple[str | None, ...] = ()
    received: tuple[str | None, ...] = ()
    count: int | None = None
    all_in: bool | None = None


def seating(
    seats: Mapping[str, tuple[int, int, bool]], events: Sequence[Event], button_number: int
) -> tuple[list[str], int]:
    """The players dealt in, in seat-number order, and the engine seat of the button.

    ``seats`` maps each name to its seat number, stack and whether its seat
    line marks it out (``is sitting out``, ``out of hand``): such a player is
    dealt in only if it plays a line. A button on an empty seat is the last
    player before it.
    """
    acting = {event.name for event in events if event.name}
    dealt_in = sorted(
        (name for name, (_, _, out) in seats.items() if not out or name in acting),
        key=lambda name: seats[name][0],
    )
    before = [k for k, name in enumerate(dealt_in) if seats[name][0] <= button_number]
    return dealt_in, before[-1] if before else len(dealt_in) - 1


def steps_of(events: Sequence[Event], dealt_in: Sequence[str], button: int) -> list[Step]:
    """The record's steps: the events in order, the deal one ``deal`` a player from the button's left."""
    seat_of = {name: k for k, name in enumerate(dealt_in)}
    n = len(dealt_in)
    dealt_cards = {event.name: event for event in events if event.kind == "deal_cards"}
    steps: list[Step] = []
    for event in events:
        if event.kind == "deal":
            for k in range(n):
                seat = (button + 1 + k) % n
                shown = dealt_cards.get(dealt_in[seat])
                cards = shown.cards if shown else (None,) * HAND_SIZE
                steps.append(Step("deal", seat, cards=cards, line=(shown or event).line + 1))
        elif event.kind == "draw_round":
            steps.append(Step("draw_round", 0, count=event.count, line=event.line + 1))
        elif event.kind != "deal_cards":
            steps.append(_step(event, seat_of[event.name]))
    return steps


def _step(event: Event, seat: int) -> Step:
    cards, received = event.cards, event.received
    if event.kind == "draw" and event.count and bool(cards) != bool(received):
        # One side shown: the other is as many unknown cards.
        cards = cards or (None,) * event.count
        received = received or (None,) * event.count
    return Step(
        step_kind(event.kind), seat, event.amount, cards, received, event.count, event.all_in, event.line + 1
    )


def table_blinds(
    events: Sequence[Event], small_bet: int, small_blind_seat: str | None = None
) -> tuple[int, int] | None:
    """The table's blinds as the posts give them, or None for a hand without blinds.

    A blind all-in short says only what it posted: the regular blind is taken
    as the fixed-limit custom (half the small bet, and the small bet), or the
    amount if it is more. No small blind posted is a small blind of 0, unless
    the player in the small blind (``small_blind_seat``, by name) went all in
    on its ante: it had nothing left to post, and PokerStars writes no line
    for a blind of nothing, so the blind is the custom one.
    """
    posts = {event.kind: event for event in reversed(events) if event.kind in _BLIND_KINDS}
    if not posts:
        return None
    small, big = posts.get("small_blind"), posts.get("big_blind")
    if big is None:
        big_amount = small_bet
    else:
        big_amount = max(big.amount or 0, small_bet) if big.all_in else big.amount or 0
    if small is None:
        spent = any(e.kind == "ante" and e.all_in and e.name == small_blind_seat for e in events)
        small_amount = small_bet // 2 if spent else 0
    elif small.all_in:
        small_amount = max(small.amount or 0, small_bet // 2)
    else:
        small_amount = small.amount or 0
    return small_amount, big_amount


def table_ante(events: Sequence[Event]) -> int:
    """The table's ante: the one posted in full (an all-in ante can be short), 0 for none."""
    antes = [event for event in events if event.kind == "ante"]
    full = [event.amount or 0 for event in antes if not event.all_in]
    return max(full) if full else max((event.amount or 0 for event in antes), default=0)
