"""What one seat may see of a hand: the input of a player (bot) callable."""

from __future__ import annotations

from dataclasses import dataclass

from badugi.cards import CARD_TEXT
from badugi.engine._checks import as_seat, check_fields, short_repr, unchecked
from badugi.engine.betting import NOTHING_LEGAL, Legal
from badugi.engine.hand import Hand
from badugi.engine.history import Event
from badugi.errors import GameSetupError
from badugi.games import Game

__all__ = ["SeatView", "view_of"]


@dataclass(frozen=True)
class SeatView:
    """A seat's view of the hand in progress: its own cards and everything public.

    Attributes:
        seat: the seat this view is for (the seat to act, when given to a player).
        cards: the seat's own cards, as text.
        phase: "bet" or "draw".
        round_index: the betting round (0 .. the number of draws) or, during a
            draw, the round before it.
        legal: what the seat may do now.
        stacks, bets, contributions, folded: per seat, public.
        pot: every chip put in so far.
        button: the button's seat.
        draws_left: draws still to come (0 on the last betting round); the
            game says how many a hand has.
        history: the public history: the seat's own cards, others' draw counts
            (read-only events, shared with the hand's own record).
        game: the game dealt (``badugi.games``): the cards a hand holds, the
            draws, and how each half of the pot is ranked.
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
    game: Game

    def __post_init__(self) -> None:
        check_fields(self, _FIELDS)
        if not isinstance(self.legal, Legal):
            raise GameSetupError(f"SeatView.legal must be a Legal, got {short_repr(self.legal)}")


_FIELDS = {
    "seat": "int",
    "cards": "tuple of str",
    "phase": "str",
    "round_index": "int",
    "stacks": "tuple of int",
    "bets": "tuple of int",
    "contributions": "tuple of int",
    "folded": "tuple of bool",
    "pot": "int",
    "button": "int",
    "draws_left": "int",
    "history": "tuple of events",
    "game": "a game of badugi.games",
}


def view_of(hand: Hand | object, seat: int) -> SeatView:
    """The view of ``hand`` that ``seat`` is entitled to, now.

    ``hand`` is a ``Hand``, or its history (``h.history``, or the same as JSON
    data, as ``public_history`` takes), which is replayed to the hand it records.

    Raises:
        GameSetupError: ``hand`` is neither a Hand nor a history that replays,
            or ``seat`` is not one of its seats.
    """
    if not isinstance(hand, Hand):
        if isinstance(hand, (str, bytes)) or not hasattr(hand, "__iter__"):
            raise GameSetupError(f"view_of takes a Hand or its history, got {short_repr(hand)}")
        hand = Hand.replay(hand)
    number = as_seat(seat, hand.n_seats)
    if number is None:
        raise GameSetupError(f"seat {short_repr(seat)} is not a seat of this hand (0..{hand.n_seats - 1})")
    seat = number
    # Read the hand's own state, not its copying accessors: a view is built on every decision.
    phase, index = hand.phase, hand.round_index
    draws_done = index if phase == "bet" else index + 1
    chips = hand._chips
    return unchecked(
        SeatView,
        seat=seat,
        cards=tuple(
            [CARD_TEXT[card] if card >= 0 else "??" for card in hand._dealer.hands[seat]]
        ),  # ?? not shown (a followed hand)
        phase=phase,
        round_index=index,
        legal=hand.legal() if hand.actor == seat else NOTHING_LEGAL,
        stacks=tuple(chips.stacks),
        bets=tuple(hand._betting.bets),
        contributions=tuple(chips.contributions),
        folded=tuple(chips.folded),
        pot=hand.pot,
        button=hand.button,
        draws_left=0 if phase == "over" else hand.game.draws - draws_done,
        history=hand._log.public(seat),
        game=hand.game,
    )
