"""What deals a table's hands: a match (``MatchDriver``) or a home game (``badugi.web.home``), one contract.

A table asks its driver for the next hand (``deal``), plays it one intent at
a time with ``Hand.act``, and has the driver count it once it is over
(``settle``); after a restart it has the driver count each stored hand again
(``restore``), in order. The table never looks at which driver it has.

A match is the engine's ``Match``, through its public contract: ``deal()``
gives the next hand without changing the match, ``settle(hand)`` counts it
(chips, button, busts, the middle, the stakes). A hand dealt and never settled
(the server stopped) is abandoned; ``deal(redeal=k)`` then deals it from the
match's ``k``-th other deck, so that nobody who saw the first deal knows the
next.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from badugi.engine import Action, Hand, Level, Match
from badugi.errors import BadugiError
from badugi.web.settings import TableSettings

__all__ = ["DealtHand", "DriftError", "Driver", "MatchDriver", "actions_of", "play_again"]


class DriftError(RuntimeError):
    """A stored hand does not play again as it was stored: a defect, or a damaged file; never a player's."""


@dataclass
class DealtHand:
    """A hand of the table: its number (from 1), the table seat of each hand seat, the engine's hand.

    Seat ``k`` of ``hand`` is the table's seat ``seated[k]``; ``redeal`` the
    deck it was dealt from (0 its own; more after restarts voided it).
    """

    number: int
    seated: tuple[int, ...]
    hand: Hand
    redeal: int = 0


class Driver(Protocol):
    """What deals a table's hands (see the module)."""

    @property
    def hands_played(self) -> int:
        """How many hands were counted."""

    @property
    def over(self) -> bool:
        """Whether no more hands will be dealt."""

    @property
    def chips(self) -> tuple[int, ...]:
        """Each table seat's chips, as the counted hands leave them."""

    @property
    def middle(self) -> int:
        """Chips that no seat holds (a pot nobody qualified for), as the counted hands leave them."""

    def level(self) -> Level:
        """The stakes of the next hand."""

    def next_rise(self) -> int | None:
        """Hands until the stakes rise (counted from the next hand's), or None if they never will again."""

    def deal(self, ready: Collection[int], redeal: int) -> DealtHand | None:
        """The next hand, dealt to the seats of ``ready`` that it may deal to; None if it cannot be dealt."""

    def settle(self, dealt: DealtHand) -> None:
        """Count a hand ``deal`` dealt, now over."""

    def restore(self, number: int, seated: Sequence[int], history: Sequence[Any], redeal: int) -> Hand:
        """Count a stored hand again, as it was played (``DriftError`` if it does not play so)."""

    def buy_ins(self, taken: Collection[int]) -> list[tuple[int, int]]:
        """The seats that buy in now, of those ``taken``, and for how much (``credit`` counts each)."""

    def credit(self, seat: int, kind: str, amount: int) -> None:
        """A ledger line counted again after a restart (``"buy_in"`` or ``"rebuy"``)."""

    def rebuy_amount(self, seat: int) -> int:
        """What a rebuy would give ``seat`` now (up to the starting stack); 0 if nothing."""

    def rebuy(self, seat: int) -> int:
        """Rebuy ``seat`` up to the starting stack, between hands; what it got."""

    def standings(self) -> list[tuple[int, int]]:
        """Each seat and its chips, in the order of their places (first first)."""


def actions_of(history: Sequence[Any]) -> list[tuple[int, Action]]:
    """Each decision a history records, in order: (the hand's seat, the action ``Hand.act`` takes).

    Raises:
        DriftError: an event a table never records (a dealer's error).
    """
    actions: list[tuple[int, Action]] = []
    for item in history:
        kind = item["event"]
        if kind in ("fold", "check", "call"):
            actions.append((item["seat"], kind))
        elif kind in ("bet", "raise"):
            actions.append((item["seat"], ("raise", item["to"])))
        elif kind == "draw":
            if item.get("exposed", 0):
                raise DriftError("a table's hand never has a card exposed in a draw")
            actions.append((item["seat"], ("draw", list(item["discards"]))))
        elif kind in ("deal_exposed", "wrong_count"):
            raise DriftError(f"a table's hand never records {kind}")
    return actions


def play_again(hand: Hand, history: Sequence[Any], number: int) -> Hand:
    """Play a freshly dealt ``hand`` by the actions ``history`` records; it must end as stored.

    Raises:
        DriftError: an action the hand refuses, or another history.
    """
    try:
        for seat, action in actions_of(history):
            if hand.actor != seat:
                raise DriftError(
                    f"hand {number}: seat {hand.actor} is to act where the record has seat {seat}"
                )
            hand.act(action)
    except BadugiError as exc:
        raise DriftError(f"hand {number} does not play again as stored: {exc}") from None
    if _as_json(hand.history) != _as_json(history):
        raise DriftError(f"hand {number} does not play again as it was stored")
    return hand


def _as_json(history: Sequence[Any]) -> Any:
    return json.loads(json.dumps(list(history)))


class MatchDriver:
    """A match's hands: the engine's ``Match`` of the table's settings (see the module)."""

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self.match: Match = settings.match([_nobody] * len(settings.seats))
        self._bought = False

    @property
    def hands_played(self) -> int:
        """How many hands the match counted."""
        return self.match.hands_played

    @property
    def over(self) -> bool:
        """Whether the match is over."""
        return self.match.over

    @property
    def chips(self) -> tuple[int, ...]:
        """Each seat's chips in the match."""
        return self.match.chips

    @property
    def middle(self) -> int:
        """What stays in the middle (a pot nobody qualified for)."""
        return self.match.middle

    def level(self) -> Level:
        """The next hand's stakes."""
        return self.match.level()

    def next_rise(self) -> int | None:
        """Hands until the stakes rise after the next hand's, or None."""
        match = self.match
        per_level, played = match.hands_per_level, match.hands_played
        rise = per_level - played % per_level
        more_levels = played // per_level + 1 < len(match.schedule)
        return rise if more_levels and played + rise < match.max_hands else None

    def deal(self, ready: Collection[int], redeal: int) -> DealtHand:
        """The match's next hand: every seat with chips is dealt in (``ready`` is a home game's word)."""
        number, seated = self.match.hands_played + 1, self.match.seated()
        return DealtHand(number, seated, self.match.deal(redeal=redeal), redeal)

    def settle(self, dealt: DealtHand) -> None:
        """Count the hand in the match."""
        self.match.settle(dealt.hand)

    def restore(self, number: int, seated: Sequence[int], history: Sequence[Any], redeal: int) -> Hand:
        """Count a stored hand again: the match deals it as it did, and plays it by its record."""
        if number != self.match.hands_played + 1 or tuple(seated) != self.match.seated():
            raise DriftError(f"hand {number} is not the match's next (it deals {self.match.seated()})")
        hand = play_again(self.match.deal(redeal=redeal), history, number)
        self.match.settle(hand)
        return hand

    def buy_ins(self, taken: Collection[int]) -> list[tuple[int, int]]:
        """Every seat, at the match's start (a match deals every seat, taken or not), its stacks."""
        if self._bought:
            return []
        return [(seat, self.settings.stacks) for seat in range(len(self.settings.seats))]

    def credit(self, seat: int, kind: str, amount: int) -> None:
        """A buy-in counted again: the match seated every player with its stacks already."""
        if kind != "buy_in" or amount != self.settings.stacks:
            raise DriftError(f"a match takes no {kind} of {amount} chips")
        self._bought = True

    def rebuy_amount(self, seat: int) -> int:
        """0: a match has no rebuys."""
        return 0

    def rebuy(self, seat: int) -> int:
        """A match has no rebuys: its chips are its own."""
        raise DriftError("a match takes no chips from outside it")

    def standings(self) -> list[tuple[int, int]]:
        """The match's standings: most chips first, then the later bust."""
        return [(s.player, s.chips) for s in self.match.result().standings]


def _nobody(view: object) -> str:  # the match's players are never asked: the table plays each hand
    raise DriftError("a table's match deals and settles; it never asks a player")
