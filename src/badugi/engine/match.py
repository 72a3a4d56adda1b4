"""A match: hands in a row, the button moving, busted players leaving, stakes rising.

The default format is the standard game's: every player starts with 1000 chips; the
game is fixed-limit with antes and no blinds; the first stakes are an ante of
10 and bets of 20/40; the stakes rise every 5 hands; the match ends after 50
hands or as soon as one player holds every chip, and most chips wins.

The rules the project follows do not say how much the stakes rise. ``DEFAULT_SCHEDULE`` raises
them by about half a level at a time (ten levels cover the 50 hands; the last
level repeats if a match runs longer).

A match deals any game of ``badugi.games`` (``game=``), and a single-pot game
may be played with a qualifier (``qualifier=``, seed 001's home rule): a pot
nobody qualifies for stays in the middle and the next hand is dealt with it
(``carry``). The rules for the chips in the middle, which the seeds leave
open, are ours:

* The qualifier does not loosen while the scheduled hands are played.
* If chips are still in the middle after the last scheduled hand, one more
  hand is dealt, at the stakes the schedule gives it and without the
  qualifier, so that its winners take the middle.
* A player with no chips in front of it is out, even with chips of its in
  the middle. If fewer than two players have chips left while chips are in
  the middle, nobody can deal for them: a lone player with chips takes them
  (it holds every other chip, as a match ends); if nobody has chips left
  (everyone was all-in, and nobody qualified), the players of that hand
  share them, odd chips from the button's left, and the match goes on.

Any betting structure can be dealt (``structure="fixed"``, ``"pot"`` or
``"half-pot"``), with antes, blinds or both: each ``Level`` of the schedule
gives the stakes, and ``schedule_from(level)`` makes a schedule that rises
from any first level as the default one does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from badugi.cards import HandLike
from badugi.engine._checks import MAX_CHIPS, as_chips, as_count, as_seat, as_sequence, short_repr
from badugi.engine.game_settings import check_game, check_qualifier
from badugi.engine.hand import Hand
from badugi.engine.history import Event
from badugi.engine.rules import MAX_SEATS
from badugi.engine.setup import Setup, check_seed
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.engine.view import SeatView, view_of
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADUGI, Game, GameLike

__all__ = [
    "DEFAULT_SCHEDULE",
    "RISES",
    "STRUCTURES",
    "Level",
    "Match",
    "MatchResult",
    "Player",
    "Standing",
    "schedule_from",
]

#: A player: takes what its seat may see, returns "fold", "check", "call",
#: ("raise", total) or ("draw", [cards to throw]).
Player = Callable[[SeatView], Any]
#: The largest ``redeal`` of ``Match.play_hand``.
MAX_REDEAL = 2**63 - 1


@dataclass(frozen=True)
class Level:
    """One step of the stakes: the ante, the bets and the blinds.

    Args:
        ante: what every seat antes, 0 for none.
        small_bet, big_bet: the fixed-limit bets (the small bet on the first
            two betting rounds, the big bet on the last two). In pot limit and
            half-pot limit the big blind is the smallest bet, or without
            blinds ``small_bet``; ``big_bet`` plays no part there.
        blinds: ``(small, big)``, or None for the ante game.

    Raises:
        GameSetupError: an ante that is not an int >= 0, a bet that is not an
            int >= 1, blinds that are not two ints with 0 <= small <= big and
            big >= 1, or a level with neither an ante nor blinds (nobody would
            have a reason to play a hand).
    """

    ante: int
    small_bet: int
    big_bet: int
    blinds: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        for name, least in (("ante", 0), ("small_bet", 1), ("big_bet", 1)):
            object.__setattr__(self, name, as_chips(f"Level {name}", getattr(self, name), least))
        if self.blinds is not None:
            object.__setattr__(self, "blinds", _level_blinds(self.blinds))
        elif self.ante == 0:
            raise GameSetupError("a Level needs an ante or blinds; it has neither")

    def scaled(self, numerator: int, denominator: int = 1) -> Level:
        """This level with every amount times ``numerator / denominator``, rounded down (a bet to 1 at least).

        Raises:
            GameSetupError: a factor that is not a positive int.
        """
        num = as_chips("numerator", numerator, 1)
        den = as_chips("denominator", denominator, 1)
        blinds = self.blinds and tuple(max(b * num // den, 1 if b else 0) for b in self.blinds)
        return Level(
            self.ante * num // den,
            max(self.small_bet * num // den, 1),
            max(self.big_bet * num // den, 1),
            blinds,  # type: ignore[arg-type] # two ints, as it was given
        )


def _level_blinds(blinds: object) -> tuple[int, int]:
    pair = as_sequence(blinds)
    if pair is None or len(pair) != 2:
        raise GameSetupError(f"Level blinds must be (small, big) or None, got {short_repr(blinds)}")
    small = as_chips("Level small blind", pair[0], 0)
    big = as_chips("Level big blind", pair[1], 1)
    if small > big:
        raise GameSetupError(f"Level small blind {small} is above the big blind {big}")
    return small, big


#: How ``DEFAULT_SCHEDULE`` rises, as fractions of its first level (``schedule_from`` applies them).
RISES: tuple[tuple[int, int], ...] = (
    (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (15, 2), (10, 1), (15, 1), (20, 1)
)  # fmt: skip


def schedule_from(first: Level) -> tuple[Level, ...]:
    """The stakes of ``DEFAULT_SCHEDULE``'s rises, starting from ``first`` (``RISES``, rounded down).

    ``schedule_from(Level(10, 20, 40))`` is ``DEFAULT_SCHEDULE``.

    Raises:
        GameSetupError: ``first`` is not a Level.
    """
    if not isinstance(first, Level):
        raise GameSetupError(f"schedule_from takes a Level, got {short_repr(first)}")
    return tuple(first.scaled(num, den) for num, den in RISES)


#: The betting structures a match deals, by name: how each builds a hand's structure from a level.
STRUCTURES: dict[str, Callable[[Level], Structure]] = {
    "fixed": lambda level: FixedLimit(level.small_bet, level.big_bet),
    "pot": lambda level: PotLimit(min_bet=None if level.blinds else level.small_bet),
    "half-pot": lambda level: HalfPotLimit(min_bet=None if level.blinds else level.small_bet),
}

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

    def __repr__(self) -> str:
        # Kept histories run to thousands of events: the repr counts them (the field holds them all).
        kept = f"<{len(self.histories)} hand histories, {sum(map(len, self.histories)):,} events>"
        histories = kept if self.histories else "()"
        return (
            f"MatchResult(standings={self.standings!r}, hands_played={self.hands_played!r}, "
            f"histories={histories})"
        )


def _positive(name: str, value: object) -> int:
    return as_chips(name, value, 1)


def _lineup(players: object) -> list[Player]:
    lineup = as_sequence(players)
    if lineup is None:
        raise GameSetupError(f"players must be a list of player callables, got {short_repr(players)}")
    if not 2 <= len(lineup) <= MAX_SEATS:
        raise GameSetupError(f"a match needs 2 to {MAX_SEATS} players, got {len(lineup)}")
    for number, player in enumerate(lineup):
        if not callable(player):
            raise GameSetupError(f"player {number} is not callable: {short_repr(player)}")
    return lineup


def _names(names: object, players: int) -> list[str]:
    if names is None:
        return [f"player {i}" for i in range(players)]
    given = as_sequence(names)
    if given is None or not all(isinstance(name, str) for name in given):
        raise GameSetupError(f"names must be a list of strings, got {short_repr(names)}")
    if len(given) != players:
        raise GameSetupError(f"{players} players but {len(given)} names")
    return given


def _stacks(stacks: object, players: int) -> int:
    chips = _positive("stacks", stacks)
    if chips * players > MAX_CHIPS:  # one player, or the middle, may come to hold every chip
        raise GameSetupError(
            f"stacks must be at most (2**63-1) // {players} with {players} players, "
            f"so that every chip of the table fits in one stack; got {short_repr(stacks)}"
        )
    return chips


class Match:
    """A match between player callables, by the standard format unless told otherwise.

    Args:
        players: 2 to 8 player callables, in seat order.
        names: a name for each player (default "player 0", ...).
        stacks: chips each player starts with.
        hands: the most hands to play.
        hands_per_level: hands between stake rises.
        schedule: the stakes levels, in order (``schedule_from`` makes one
            that rises as the default does from any first level).
        structure: the betting structure, one of ``STRUCTURES``: ``"fixed"``
            (the default), ``"pot"`` or ``"half-pot"``; each level gives its
            stakes.
        seed: seeds every hand's cards; the same seed and players replay the match.
        button: the first button's seat.
        keep_histories: keep each hand's history in the result.
        game: the game dealt, one of ``badugi.games`` (default ``BADUGI``).
        qualifier: only a hand at or better than this wins a pot (a hand of
            the game or a rank number; single-pot games only); a pot nobody
            qualifies for carries into the next hand (see the module's rules).

    Raises:
        GameSetupError: a setting out of range or of the wrong type; the message names it.
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
        structure: str = "fixed",
        seed: int | None = None,
        button: int = 0,
        keep_histories: bool = False,
        game: GameLike = BADUGI,
        qualifier: HandLike | int | None = None,
    ) -> None:
        lineup = _lineup(players)
        labels = _names(names, len(lineup))
        chips = _stacks(stacks, len(lineup))
        levels = as_sequence(schedule)
        if not levels or not all(isinstance(level, Level) for level in levels):
            raise GameSetupError(f"schedule must be a non-empty list of Level, got {short_repr(schedule)}")
        if not isinstance(structure, str) or structure not in STRUCTURES:
            raise GameSetupError(
                f"structure must be one of {', '.join(map(repr, STRUCTURES))}, got {short_repr(structure)}"
            )
        first = as_seat(button, len(lineup))
        if first is None:
            raise GameSetupError(f"button {short_repr(button)} out of range 0..{len(lineup) - 1}")
        check_seed(seed)
        if not isinstance(keep_histories, bool):
            raise GameSetupError(f"keep_histories must be True or False, got {short_repr(keep_histories)}")
        self._game = check_game(game)
        self._qualifier = check_qualifier(qualifier, self._game)
        self._middle = 0
        self._players = tuple(lineup)
        self._names = tuple(labels)
        self._chips = [chips] * len(lineup)
        self._max_hands = _positive("hands", hands)
        self._hands_per_level = _positive("hands_per_level", hands_per_level)
        self._schedule: tuple[Level, ...] = tuple(levels)
        self._structure = structure
        self._button = first
        self._hands_played = 0
        self._keep_histories = keep_histories
        self._seeds = random.Random(f"badugi-match-{as_count(seed)}" if seed is not None else None)
        self._busted: dict[int, int] = {}
        self._histories: list[tuple[Event, ...]] = []
        self._dealt: _Dealt | None = None

    @property
    def players(self) -> tuple[Player, ...]:
        """The player callables, in seat order."""
        return self._players

    @property
    def names(self) -> tuple[str, ...]:
        """Each player's name."""
        return self._names

    @property
    def chips(self) -> tuple[int, ...]:
        """Each player's chips now."""
        return tuple(self._chips)

    @property
    def game(self) -> Game:
        """The game dealt."""
        return self._game

    @property
    def qualifier(self) -> int | None:
        """The worst rank that wins a pot (on the game's scale), or None for no qualifier."""
        return self._qualifier

    @property
    def middle(self) -> int:
        """Chips in the middle now: pots nobody qualified for, which the next hand is dealt with."""
        return self._middle

    @property
    def max_hands(self) -> int:
        """The hands scheduled (one more is dealt if chips are still in the middle after them)."""
        return self._max_hands

    @property
    def hands_per_level(self) -> int:
        """Hands between stake rises."""
        return self._hands_per_level

    @property
    def schedule(self) -> tuple[Level, ...]:
        """The stakes levels, in order."""
        return self._schedule

    @property
    def structure(self) -> str:
        """The betting structure's name (a key of ``STRUCTURES``)."""
        return self._structure

    @property
    def button(self) -> int:
        """The player who has the button for the next hand (or had it for the last, once over)."""
        return self._button

    @property
    def hands_played(self) -> int:
        """Hands played so far."""
        return self._hands_played

    @property
    def keep_histories(self) -> bool:
        """Whether the result keeps each hand's history."""
        return self._keep_histories

    @property
    def over(self) -> bool:
        """True after the last hand (with nothing left in the middle), or once one player holds every chip."""
        scheduled_done = self._hands_played >= self._max_hands and self._middle == 0
        return scheduled_done or sum(c > 0 for c in self._chips) < 2

    def seated(self) -> tuple[int, ...]:
        """The players dealt into the next hand (those with chips), in seat order.

        Seat ``k`` of that hand, in its history and its views, is player ``seated()[k]``.
        """
        return tuple(p for p, chips in enumerate(self._chips) if chips > 0)

    def level(self) -> Level:
        """The stakes of the next hand."""
        step = min(self._hands_played // self._hands_per_level, len(self._schedule) - 1)
        return self._schedule[step]

    def play_hand(self, on_event: Callable[[Event], object] | None = None, *, redeal: int = 0) -> Hand:
        """Play the next hand to the end and return it.

        ``redeal`` chooses the hand's deck: 0 (the default) deals the match's
        own, and ``k`` its ``k``-th other deck, derived from the match's seed
        and ``k``. A hand that was abandoned and is dealt again (a server that
        stopped mid-hand) is dealt with ``redeal`` one more each time, so that
        nobody who saw the first deal knows the next; replaying the match
        means giving each hand the same ``redeal`` again. The match's later
        hands are the same whatever ``redeal`` was.

        ``on_event(event)``, if given, is called with each event of the hand's
        record as soon as it is made, before the next player is asked: the
        whole record, hole cards and deck included (``public_event(event,
        seat)`` is what one seat may see of it). A screen for a person at the
        table watches the hand this way. What it raises goes up unchanged, and
        the hand is abandoned as below.

        If a player fails (an illegal action, or an exception of its own),
        the hand is abandoned and the match is left as it was before it.

        Raises:
            GameSetupError: the match is over, ``on_event`` is neither None nor
                callable, or ``redeal`` is not an int from 0 to 2**63 - 1.
            IllegalActionError: a player returned an illegal action or raised
                an exception; the message names the player and its seat.
        """
        if on_event is not None and not callable(on_event):
            raise GameSetupError(f"on_event must be a callable or None, got {short_repr(on_event)}")
        hand = self.deal(redeal=redeal)
        try:
            self._run(hand, on_event)
        except BaseException:
            self._dealt = None  # abandoned: the match is as it was before the hand
            raise
        self.settle(hand)
        return hand

    def deal(self, *, redeal: int = 0) -> Hand:
        """The next hand, dealt and waiting for its first decision: play it, then ``settle`` it.

        ``play_hand`` is ``deal``, the players asked until the hand is over,
        then ``settle``; a program whose players answer when they will (a
        table in a browser) plays the hand with ``Hand.act`` in between.
        Nothing of the match changes until ``settle``: a hand dealt and never
        settled is abandoned, and ``deal`` deals it again. ``redeal`` is
        ``play_hand``'s.

        Raises:
            GameSetupError: the match is over, or ``redeal`` is not an int from 0 to 2**63 - 1.
        """
        if self.over:
            raise GameSetupError("the match is over")
        deck = as_count(redeal, 0, MAX_REDEAL)
        if deck is None:
            raise GameSetupError(f"redeal must be an int from 0 to 2**63 - 1, got {short_repr(redeal)}")
        seeds = random.Random()
        seeds.setstate(self._seeds.getstate())
        button = self._button
        while self._chips[button] == 0:  # a busted player's button passes on
            button = (button + 1) % len(self._players)
        seated = list(self.seated())
        level = self.level()
        scheduled = self._hands_played < self._max_hands
        hand = Hand(
            stacks=[self._chips[p] for p in seated],
            button=seated.index(button),
            structure=STRUCTURES[self._structure](level),
            blinds=level.blinds,
            ante=level.ante,
            seed=_redealt(seeds.randrange(2**63), deck),
            game=self._game,
            qualifier=self._qualifier if scheduled else None,  # a hand after the schedule pays the middle
            carry=self._middle,
        )
        self._dealt = _Dealt(hand.setup, seeds.getstate(), button, seated)
        return hand

    def settle(self, hand: Hand) -> None:
        """Count a hand that ``deal`` dealt, now over: each player's chips, the middle, busts, the button.

        Raises:
            GameSetupError: ``hand`` is not the hand ``deal`` dealt last (or it
                was settled already), or it is not over.
        """
        dealt = self._dealt
        if not isinstance(hand, Hand) or dealt is None or hand.setup != dealt.setup:
            raise GameSetupError(
                f"settle takes the hand the match's deal() dealt last, once; got {short_repr(hand)}"
            )
        if hand.actor is not None:
            raise GameSetupError(f"the hand is not over: seat {hand.actor} is to act")
        self._dealt = None
        self._seeds.setstate(dealt.seeds)
        self._button = dealt.button
        seated = dealt.seated
        self._hands_played += 1
        for seat, player in enumerate(seated):
            self._chips[player] = hand.stacks[seat]
        self._middle = hand.pot  # what nobody qualified for stays in the middle
        if self._middle and sum(c > 0 for c in self._chips) < 2:
            self._settle_middle(seated, hand.button)
        for player in seated:
            if self._chips[player] == 0:
                self._busted[player] = self._hands_played
        if self._keep_histories:
            self._histories.append(hand.history)
        self._button = (self._button + 1) % len(self._players)

    def _settle_middle(self, seated: list[int], button: int) -> None:
        """Fewer than two players have chips: the middle goes to the one who has, or to the hand's players."""
        holding = [p for p in range(len(self._players)) if self._chips[p] > 0]
        if holding:
            (player,) = holding
            self._chips[player] += self._middle
        else:  # everyone was all-in: the players of the hand share it, odd chips from the button's left
            order = [seated[(button + 1 + k) % len(seated)] for k in range(len(seated))]
            share, odd = divmod(self._middle, len(order))
            for k, player in enumerate(order):
                self._chips[player] += share + (1 if k < odd else 0)
        self._middle = 0

    def _run(self, hand: Hand, on_event: Callable[[Event], object] | None) -> None:
        """Ask the players of a hand ``deal`` dealt until it is over, telling ``on_event`` each event."""
        assert self._dealt is not None
        seated = self._dealt.seated
        record, told = hand._log, 0  # the hand's own record: read, never changed

        def tell() -> None:
            nonlocal told
            if on_event is not None:
                while told < len(record):
                    told += 1
                    on_event(record[told - 1])

        while hand.actor is not None:
            tell()
            seat = hand.actor
            player = seated[seat]
            who = f"{self._names[player]} (seat {seat})"
            try:
                action = self._players[player](view_of(hand, seat))
            except Exception as exc:  # the player's own failure, named, with its traceback chained
                raise IllegalActionError(f"{who}: the player raised {_describe(exc)}") from exc
            try:
                hand.act(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"{who}: {exc}") from None
        tell()

    def run(self, progress: Callable[[int, int], None] | None = None) -> MatchResult:
        """Play until the match is over; ``progress(hands_played, max_hands)`` after each hand.

        What ``progress`` raises is its own and goes up unchanged.

        Raises:
            GameSetupError: ``progress`` is neither None nor callable.
            IllegalActionError: as ``play_hand``.
        """
        if progress is not None and not callable(progress):
            raise GameSetupError(f"progress must be a callable or None, got {short_repr(progress)}")
        while not self.over:
            self.play_hand()
            if progress is not None:
                progress(self._hands_played, self._max_hands)
        return self.result()

    def result(self) -> MatchResult:
        """The standings so far: most chips first, then the later bust, then seat order."""
        order = sorted(
            range(len(self._players)),
            key=lambda p: (-self._chips[p], -self._busted.get(p, self._hands_played + 1), p),
        )
        standings = tuple(Standing(p, self._names[p], self._chips[p], self._busted.get(p)) for p in order)
        return MatchResult(standings, self._hands_played, tuple(self._histories))


@dataclass(frozen=True)
class _Dealt:
    """What ``Match.deal`` keeps of the hand it dealt, for ``settle``: the match as the hand leaves it."""

    setup: Setup
    seeds: Any
    button: int
    seated: list[int]


def _redealt(seed: int, redeal: int) -> int:
    """The seed of a hand's ``redeal``-th other deck (the hand's own ``seed`` for 0)."""
    if redeal == 0:
        return seed
    return random.Random(f"badugi-redeal-{seed}-{redeal}").randrange(2**63)


def _describe(exc: BaseException) -> str:
    text = short_repr(str(exc)) if str(exc) else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
