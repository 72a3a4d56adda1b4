"""What one seat may see of a hand: the input of a player (bot) callable."""

from __future__ import annotations

from dataclasses import dataclass

from badugi.game.hand import Hand, Legal
from badugi.game.history import Event

__all__ = ["SeatView", "view_of"]


@dataclass(frozen=True)
class SeatView:
    """A seat's view of the hand in progress: its own cards and everything public.

    Attributes:
        seat: the seat this view is for (the seat to act, when given to a player).
        cards: the seat's own cards, as text.
        phase: "bet" or "draw".
        round_index: the betting round (0..3), or the draw (1..3) being played.
        legal: what the seat may do now.
        stacks, bets, contributions, folded: per seat, public.
        pot: every chip put in so far.
        button: the button's seat.
        draws_left: draws still to come (0 on the last betting round).
        history: the public history: the seat's own cards, others' draw counts
            (read-only events, shared with the hand's own record).
    """

    seat: int
    cards: tuple[str, ...]
    phase: str
    round_index: int
    legal: Legal
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    pot: int
    button: int
    draws_left: int
    history: tuple[Event, ...]


def view_of(hand: Hand, seat: int) -> SeatView:
    """The view of ``hand`` that ``seat`` is entitled to."""
    draws_done = hand.round_index if hand.phase == "bet" else hand.round_index + 1
    return SeatView(
        seat=seat,
        cards=tuple(hand.hands[seat]),
        phase=hand.phase,
        round_index=hand.round_index,
        legal=hand.legal() if hand.actor == seat else Legal(),
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        contributions=tuple(hand.contributions),
        folded=tuple(hand.folded),
        pot=hand.pot,
        button=hand.button,
        draws_left=3 - draws_done,
        history=hand.public_history(seat),
    )
