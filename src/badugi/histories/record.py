"""A hand as a record states it, in no format: what every reader makes and ``follow`` plays.

A reader of a room's hand history (PokerStars, Full Tilt, Merge) or of PHH
turns one hand's text into a ``HandRecord``: the players in engine seat order
(clockwise, the engine's seat 0 first), the button, the stakes, and the hand's
lines as ``Step`` values in the order the record gives them. The reader only
understands the text; it checks nothing against the rules. ``follow(record)``
(``badugi.histories.follow``) plays the steps through the engine, which
checks every one, so that every format is checked by the same code.

Amounts are whole chips, or whole cents when the record is in a currency
(``fields["currency"]``); never a float. Cards are ``"Ah"`` text, or None for
a card the record does not show.

The steps (``Step.kind``) and what their fields mean:

======================  ==================================================================
``"ante"``              ``amount`` posted (dead money)
``"small_blind"``       the small blind, ``amount`` posted
``"big_blind"``         the big blind, ``amount`` posted
``"live_blind"``        a big blind posted out of position to come in: live, it counts as
                        the seat's bet of the first round (``amount``)
``"dead_blind"``        chips posted dead, not a bet (a dead small blind; "small & big
                        blinds" is a ``live_blind`` of the big and a ``dead_blind`` of the small)
``"deal"``              the seat's cards of the deal, ``cards`` (None where not shown)
``"fold"``              fold (``cards``: the hand, if the record shows it)
``"forfeit"``           the seat, all in, gives its hand up out of turn (PokerStars folds the
                        all-in hand of a player sitting out): out like a fold, its chips
                        left in the pots
``"check"``             check
``"call"``              call: ``amount`` is what the call puts in
``"bet"``, ``"raise"``  bet or raise: ``amount`` is the seat's total for the round
``"bet_or_raise"``      either, for a record that does not tell them apart (PHH's ``cbr``)
``"check_or_call"``     either (PHH's ``cc``): the engine knows which
``"draw_round"``        a draw begins: ``count`` is its number (1 for the first draw)
``"draw"``              the seat throws ``count`` cards: ``cards`` are the ones thrown and
                        ``received`` the new ones (each None where not shown; both empty
                        when the record gives only the count); ``count`` 0 stands pat
``"show"``              the seat shows ``cards`` (at the showdown, or later in the summary)
``"muck"``              the seat mucks at the showdown: it concedes (``cards`` if shown)
``"returned"``          ``amount`` of an uncalled bet given back to the seat
``"collect"``           the seat collects ``amount`` from a pot (one step a pot)
======================  ==================================================================

``all_in`` is what the record says about an all-in (None when it says
nothing); ``line`` is the line of the file (from 1) the step was read from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, cast, get_args

from badugi.cards import quote
from badugi.engine.structures import Structure
from badugi.errors import HandHistoryError
from badugi.games import BADUGI, Game

__all__ = ["STEP_KINDS", "HandRecord", "ReadHand", "RecordedPlayer", "Step", "StepKind", "step_kind"]

#: What a step of a record is (see the module's table of kinds).
StepKind = Literal[
    "ante",
    "small_blind",
    "big_blind",
    "live_blind",
    "dead_blind",
    "deal",
    "fold",
    "forfeit",
    "check",
    "call",
    "bet",
    "raise",
    "bet_or_raise",
    "check_or_call",
    "draw_round",
    "draw",
    "show",
    "muck",
    "returned",
    "collect",
]
#: Every ``Step.kind``.
STEP_KINDS: frozenset[str] = frozenset(get_args(StepKind))


def step_kind(kind: str) -> StepKind:
    """``kind`` as a step's kind: a reader's own names for what it read are checked here, once.

    Raises:
        ValueError: not a kind of step (a reader's mistake: the hand is refused, the file goes on).
    """
    if not isinstance(kind, str) or kind not in STEP_KINDS:
        raise ValueError(f"{quote(kind)} is not a kind of step")
    return cast(StepKind, kind)


@dataclass(frozen=True)
class RecordedPlayer:
    """A player dealt into the hand.

    Attributes:
        name: the player's name as the record writes it.
        stack: its chips (or cents) at the start of the hand.
        seat: the room's number for its seat (``Seat 3``), or None.
    """

    name: str
    stack: int
    seat: int | None = None

    def __repr__(self) -> str:
        # Each field quoted on its own: a stack of thousands of digits is named by its size, and the
        # player still shows (the dataclass's repr of it would fail, and reprlib print an address).
        return f"RecordedPlayer(name={quote(self.name)}, stack={quote(self.stack)}, seat={quote(self.seat)})"


@dataclass(frozen=True)
class Step:
    """One thing the record says happened (see the module's table of kinds)."""

    kind: StepKind
    seat: int
    amount: int | None = None
    cards: tuple[str | None, ...] = ()
    received: tuple[str | None, ...] = ()
    count: int | None = None
    all_in: bool | None = None
    line: int = 0


def _frozen_fields() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class HandRecord:
    """One hand as its record states it.

    Attributes:
        source: the format, for messages: ``"PokerStars"``, ``"Full Tilt"``, ``"Merge"``, ``"PHH"``.
        label: names the hand in messages: ``"PokerStars hand #1234"``.
        players: the players dealt in, in engine seat order (clockwise).
        button: the engine seat of the button. (A dead button, on an empty
            seat, is the last player before it: the engine's button is a seat.)
        structure: the betting structure with its bets.
        blinds: the table's blinds ``(small, big)``, or None for none: what a
            regular blind is; the posts themselves are steps.
        ante: the table's ante, 0 for none.
        game: the game (fixed-limit Badugi for every room format but Merge's).
        steps: the hand's lines, in the record's order.
        rake: what the room took from the pot.
        total_pot: the total pot the record states, or None (checked when given).
        line: the line of the file the hand starts on, from 1.
        place: what a step's ``line`` counts, for messages: ``"line"``, or
            ``"action"`` for PHH (the number in its ``actions`` array).
        fields: what the record says about the table that the engine does not
            play: ``hand`` (its number), ``table``, ``time``, ``currency``,
            ``tournament``, ``level``, ``max_seats``, ... kept through conversions.
    """

    source: str
    label: str
    players: tuple[RecordedPlayer, ...]
    button: int
    structure: Structure
    blinds: tuple[int, int] | None
    steps: tuple[Step, ...]
    ante: int = 0
    game: Game = BADUGI
    rake: int = 0
    total_pot: int | None = None
    line: int = 1
    place: str = "line"
    fields: Mapping[str, Any] = field(default_factory=_frozen_fields)

    def __repr__(self) -> str:
        # One line, whatever the hand: the dataclass's repr of every step ran to thousands of characters.
        return (
            f"HandRecord({quote(self.label)}, {len(self.players)} players, {len(self.steps)} steps, "
            f"line {quote(self.line)})"
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A mappingproxy neither pickles nor deep-copies: the fields travel as a dict.
        return _record, (
            self.source,
            self.label,
            self.players,
            self.button,
            self.structure,
            self.blinds,
            self.steps,
            self.ante,
            self.game,
            self.rake,
            self.total_pot,
            self.line,
            self.place,
            dict(self.fields),
        )


def _record(*parts: Any) -> HandRecord:
    """A ``HandRecord`` from its pickled parts, its fields read-only again."""
    record = HandRecord(*parts[:-1])
    object.__setattr__(record, "fields", MappingProxyType(parts[-1]))  # a frozen dataclass's own way
    return record


@dataclass(frozen=True)
class ReadHand:
    """One hand of a file: read and followed by the engine, skipped, or refused.

    Attributes:
        line: the line of the file the hand starts on, from 1.
        label: names the hand (``"PokerStars hand #1234"``).
        record: what the record states, or None if the text was not understood.
        hand: the engine's hand, followed to its end (a ``FollowedHand``), or None.
        skipped: why a hand of another game was passed over, or None.
        error: why the hand was refused, naming the line, or None.
        names: the players' names, one an engine seat, when the file gives them.
        fields: what the file says of the table (its number, the table's name, the time...)
            when the hand does not keep it itself: a dealt hand read from PHH. A followed
            hand keeps its record's fields in its history.
    """

    line: int
    label: str
    record: HandRecord | None = None
    hand: Any = None
    skipped: str | None = None
    error: HandHistoryError | None = None
    names: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=_frozen_fields)

    def __repr__(self) -> str:
        # One line: what the hand came to, not the whole record (see HandRecord's).
        if self.error is not None:
            came_to = f"refused: {quote(str(self.error))}"
        elif self.skipped is not None:
            came_to = f"skipped: {quote(self.skipped)}"
        elif self.hand is not None:
            came_to = "followed" if self.record is not None else "played"
        else:
            came_to = "read, not followed" if self.record is not None else "empty"
        return f"ReadHand({quote(self.label)}, line {quote(self.line)}, {came_to})"

    def __post_init__(self) -> None:
        # A refusal carries its place as data: a reader that named only the hand in its message
        # still gives the hand's label and first line here (a reader that knows the line at fault
        # set it already).
        error = self.error
        if isinstance(error, HandHistoryError):
            if error.label is None and isinstance(self.label, str):
                error.label = self.label
            if error.line is None and isinstance(self.line, int):
                error.line = self.line


def only_hand(results: list[ReadHand], source: str) -> Any:
    """The engine's hand of the one hand ``results`` holds: what each format's ``from_*`` returns.

    Raises:
        HandHistoryError: not exactly one hand, or the hand is skipped or refused (the message says why).
    """
    if len(results) != 1:
        raise HandHistoryError(f"{source}: the text holds {len(results)} hands or parts, not one")
    (result,) = results
    if result.error is not None:
        raise result.error
    if result.skipped is not None:
        raise HandHistoryError(result.skipped)
    return result.hand
