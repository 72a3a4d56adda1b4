"""The library's bots at a ``TableState``: the view they take, and their answer as an integer action.

A bot (``SimpleBot``, ``DrawBot``, ``RandomBot`` or any player callable)
takes a ``SeatView``; here it is built from what the seat has seen (its real
cards, every bet and draw count), and its history holds the events the bots
read: each draw (the seat's own discards named, others' counted).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from badugi.adapters.actions import CALL, FOLD, RAISE, mask_of
from badugi.adapters.deal import most_thrown
from badugi.adapters.table import TableState
from badugi.cards import CARD_TEXT, parse_cards
from badugi.engine.betting import DRAW_ONLY
from badugi.engine.history import Event, event
from badugi.engine.view import SeatView
from badugi.errors import IllegalActionError

__all__ = ["bot_action", "seat_view"]


def _history(state: TableState, seat: int) -> tuple[Event, ...]:
    events: list[Event] = []
    drawing = False
    draws = 0
    thrown: list[str] = []
    for item in state.seen:
        if item.kind == "thrown" and item.seat == seat:
            thrown.append(item.text)
        elif item.kind == "draw":
            if not drawing:
                draws += 1
                events.append(event("draw_round", index=draws))
                drawing = True
            own = item.actor == seat
            events.append(event("draw", seat=item.actor, count=item.value, discards=thrown if own else []))
            if own:
                thrown = []
        elif item.kind == "round":
            drawing = False
    return tuple(events)


def seat_view(state: TableState, seat: int) -> SeatView:
    """What ``seat`` sees now, as the engine's bots take it."""
    hand = state.hand
    phase = hand.phase
    index = hand.round_index
    draws_done = index if phase == "bet" else index + 1
    return SeatView(
        seat=seat,
        cards=tuple(CARD_TEXT[card] for card in state.cards[seat]),
        phase=phase,
        round_index=index,
        legal=DRAW_ONLY if phase == "draw" else hand.legal(),
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        contributions=tuple(hand.contributions),
        folded=tuple(hand.folded),
        pot=hand.pot,
        button=hand.button,
        draws_left=max(0, state.variant.draws - draws_done),
        history=_history(state, seat),
        game=state.variant.game,
    )


def bot_action(state: TableState, bot: Callable[[SeatView], Any]) -> int:
    """The integer action of ``bot``'s answer for the seat to act.

    A draw of more cards than a reduced deck can replace keeps the bot's first
    choices (its discards in the order it gave them), as many as the deck allows.

    Raises:
        badugi.errors.IllegalActionError: no seat is to act, or the bot's answer is not an action of the hand.
    """
    seat = state.actor
    if seat is None:
        raise IllegalActionError("no seat is to act: a bot answers only at a decision")
    reply = bot(seat_view(state, seat))
    kind = reply if isinstance(reply, str) else reply[0]
    if kind == "fold":
        return FOLD
    if kind in ("check", "call"):
        return CALL
    if kind in ("bet", "raise"):
        return RAISE
    if kind == "draw":
        most = most_thrown(state.stub, state.discards, state.variant.hand_size)
        thrown = parse_cards(list(reply[1])) if reply[1] else []
        return mask_of(thrown[:most], state.cards[seat])
    raise IllegalActionError(f"the bot answered {reply!r}, which is not an action of the hand")
