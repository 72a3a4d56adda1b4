"""A match: hands in a row, the button moving, busted players leaving, stakes rising.

The default format is seed 003's: every player starts with 1000 chips; the
game is fixed-limit with antes and no blinds; the first stakes are an ante of
10 and bets of 20/40; the stakes rise every 5 hands; the match ends after 50
hands or as soon as one player holds every chip, and most chips wins.

Seed 003 does not say how much the stakes rise. ``DEFAULT_SCHEDULE`` raises
them by about half a level at a time (ten levels cover the 50 hands; the last
level repeats if a match runs longer).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from badugi.errors import GameSetupError, IllegalActionError
from badugi.game._checks import as_count, short_repr
from badugi.game.hand import MAX_SEATS, Hand
from badugi.game.history import Event
from badugi.game.structures import FixedLimit
from badugi.game.view import SeatView, view_of

__all__ = ["DEFAULT_SCHEDULE", "Level", "Match", "MatchResult", "Player", "Standing"]

#: A player: takes what its seat may see, returns "fold", "check", "call",
#: ("raise", total) or ("draw", [cards to throw]).
Player = Callable[[SeatView], Any]


@dataclass(frozen=True)
class Level:
    """One step of the stakes: the ante and the fixed-limit small and big bets.

    Raises:
        GameSetupError: an ante that is not an int >= 0, or a bet that is not an int >= 1.
    """

    ante: int
    small_bet: int
    big_bet: int

    def __post_init__(self) -> None:
        for name, least in (("ante", 0), ("small_bet", 1), ("big_bet", 1)):
            value = getattr(self, name)
            if as_count(value, least) is None:
                raise GameSetupError(f"Level {name} must be an int >= {least}, got {short_repr(value)}")


DEFAULT_SCHEDULE: tuple[Level, ...] = (
    Level(10, 20, 40),
    Level(15, 30, 60),
    Level(20, 40, 80),
    Level(30, 60, 120),
    Level(40, 80, 160),
    Level(50, 100, 200),
    Level(75, 150, 300),
    Level(100, 200, 400),
    Level(150, 300, 600),
    Level(200, 400, 800),
)


@dataclass(frozen=True)
class Standing:
    """A player's place at the end of a match."""

    player: int
    name: str
    chips: int
    busted_on_hand: int | None  # the hand number (1-based) it lost its last chip, or None


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match: standings (most chips first), hands played, and each hand's history.

    ``histories`` is empty unless the match kept them (``keep_histories=True``).
    """

    standings: tuple[Standing, ...]
    hands_played: int
    histories: tuple[tuple[Event, ...], ...] = ()


class Match:
    """A match between player callables, by the seed-003 format unless told otherwise.

    Args:
        players: 2 to 8 player callables, in seat order.
        names: a name for each player (default "player 0", ...).
        stacks: chips each player starts with.
        hands: the most hands to play.
        hands_per_level: hands between stake rises.
        schedule: the stakes levels, in order.
        seed: seeds every hand's cards; the same seed and players replay the match.
        button: the first button's seat.
        keep_histories: keep each hand's history in the result.
    """

    def __init__(
        self,
        players: Sequence[Player],
        *,
        names: Sequence[str] | None = None,
        stacks: int = 1000,
        hands: int = 50,
        hands_per_level: int = 5,
        schedule: Sequence[Level] = DEFAULT_SCHEDULE,
        seed: int | None = None,
        button: int = 0,
        keep_histories: bool = False,
    ) -> None:
        if not 2 <= len(players) <= MAX_SEATS:
            raise GameSetupError(f"a match needs 2 to {MAX_SEATS} players, got {len(players)}")
        if names is not None and len(names) != len(players):
            raise GameSetupError(f"{len(players)} players but {len(names)} names")
        if stacks <= 0 or hands <= 0 or hands_per_level <= 0 or not schedule:
            raise GameSetupError(
                "stacks, hands and hands_per_level must be positive, and the schedule non-empty"
            )
        if not 0 <= button < len(players):
            raise GameSetupError(f"button {button} out of range 0..{len(players) - 1}")
        self.players = list(players)
        self.names = list(names) if names is not None else [f"player {i}" for i in range(len(players))]
        self.chips = [stacks] * len(players)
        self.max_hands = hands
        self.hands_per_level = hands_per_level
        self.schedule = tuple(schedule)
        self.button = button
        self.hands_played = 0
        self.keep_histories = keep_histories
        self._seeds = random.Random(f"badugi-match-{seed}" if seed is not None else None)
        self._busted: dict[int, int] = {}
        self._histories: list[tuple[Event, ...]] = []

    @property
    def over(self) -> bool:
        """True after the last hand, or once one player holds every chip."""
        return self.hands_played >= self.max_hands or sum(c > 0 for c in self.chips) < 2

    def level(self) -> Level:
        """The stakes of the next hand."""
        return self.schedule[min(self.hands_played // self.hands_per_level, len(self.schedule) - 1)]

    def play_hand(self) -> Hand:
        """Play the next hand to the end and return it.

        Raises:
            GameSetupError: the match is over.
            IllegalActionError: a player returned an illegal action (naming it).
        """
        if self.over:
            raise GameSetupError("the match is over")
        seated = [p for p in range(len(self.players)) if self.chips[p] > 0]
        while self.chips[self.button] == 0:  # a busted player's button passes on
            self.button = (self.button + 1) % len(self.players)
        level = self.level()
        hand = Hand(
            stacks=[self.chips[p] for p in seated],
            button=seated.index(self.button),
            structure=FixedLimit(level.small_bet, level.big_bet),
            blinds=None,
            ante=level.ante,
            seed=self._seeds.randrange(2**63),
        )
        while hand.actor is not None:
            seat = hand.actor
            player = seated[seat]
            action = self.players[player](view_of(hand, seat))
            try:
                hand.act(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"{self.names[player]} (seat {seat}): {exc}") from None
        self.hands_played += 1
        for seat, player in enumerate(seated):
            self.chips[player] = hand.stacks[seat]
            if hand.stacks[seat] == 0:
                self._busted[player] = self.hands_played
        if self.keep_histories:
            self._histories.append(hand.history)
        self.button = (self.button + 1) % len(self.players)
        return hand

    def run(self, progress: Callable[[int, int], None] | None = None) -> MatchResult:
        """Play until the match is over; ``progress(hands_played, max_hands)`` after each hand."""
        while not self.over:
            self.play_hand()
            if progress is not None:
                progress(self.hands_played, self.max_hands)
        return self.result()

    def result(self) -> MatchResult:
        """The standings so far: most chips first, then the later bust, then seat order."""
        order = sorted(
            range(len(self.players)),
            key=lambda p: (-self.chips[p], -self._busted.get(p, self.hands_played + 1), p),
        )
        standings = tuple(Standing(p, self.names[p], self.chips[p], self._busted.get(p)) for p in order)
        return MatchResult(standings, self.hands_played, tuple(self._histories))
