"""How a hand is set up: the table, the stakes and the deck, checked once and then frozen.

``Setup`` holds everything ``Hand`` is given, each setting checked (whatever
its type) and the seed and the order of the deck resolved, so that one
``Setup`` always deals the same hand. It is the first event of every history,
and ``Hand.replay`` rebuilds it from that event.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from badugi.cards import CARD_TEXT, DECK_SIZE, HandLike
from badugi.engine._checks import MAX_CHIPS, as_chips, as_count, as_seat, as_sequence, card_ids, short_repr
from badugi.engine.deck import shuffled
from badugi.engine.game_settings import check_carry, check_game, check_qualifier, game_named
from badugi.engine.history import Event, freeze
from badugi.engine.rules import MAX_SEATS
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure, structure_from
from badugi.errors import GameSetupError
from badugi.games import BADUGI, Game, GameLike

__all__ = [
    "EXPOSED_REPLACEMENTS",
    "MAX_SEED",
    "RULES_VERSION",
    "SETUP_DEFAULTS",
    "ExposedReplacement",
    "Setup",
    "check_seed",
]

#: Seeds are ints from 0 to this (a 128-bit number: any seed a caller needs, and always printable).
MAX_SEED = 2**128 - 1


def check_seed(seed: object) -> int | None:
    """A match's or a bot's seed as a plain int from 0 to ``MAX_SEED``, or None for fresh randomness.

    Raises:
        GameSetupError: anything else (a bool or a float is not a seed).
    """
    number = None if seed is None else as_count(seed, 0, MAX_SEED)
    if seed is not None and number is None:
        raise GameSetupError(f"seed must be None or an int from 0 to 2**128 - 1, got {short_repr(seed)}")
    return number


#: When a card the dealer exposed during a draw is replaced.
ExposedReplacement = Literal["now", "after_draw"]
EXPOSED_REPLACEMENTS: tuple[ExposedReplacement, ...] = ("now", "after_draw")
#: The engine's procedure, as every new hand plays it. Each change to the procedure that a
#: history could show takes a new number, and a history plays again by the number it records:
#:
#: 1. (histories that record none) a player nobody could bet against (every other player still
#:    in all-in) and who owed nothing was still asked to act within a betting round;
#: 2. such a player has no decision: its turn is skipped, as the card rooms and PokerKit do.
RULES_VERSION = 2
#: Settings a setup event may leave out, with the value histories made before them meant
#: (a history from before the engine dealt other games is a hand of Badugi).
SETUP_DEFAULTS = {
    "burn": True,
    "exposed_replacement": "now",
    "game": BADUGI.name,
    "qualifier": None,
    "carry": 0,
    "rules_version": 1,
}
#: Settings a setup event holds only when they were given (None otherwise).
SETUP_WHEN_GIVEN = ("names",)
#: The longest name a setup gives a player.
MOST_NAME = 200


@dataclass(frozen=True, init=False)
class Setup:
    """The settings of one hand, checked; ``Hand(...)`` takes the same arguments.

    Args:
        stacks: chips in front of each seat (2 to 8 seats, each above 0), clockwise.
        button: the button's seat.
        structure: ``FixedLimit(...)``, ``PotLimit()`` or ``HalfPotLimit()``.
        blinds: ``(small, big)``, or None for no blinds (the ante game).
        ante: what every seat antes (dead money), 0 for none.
        seed: seeds the shuffle and any reshuffle; None picks one at random.
        deck: 52 cards, top first, instead of shuffling by the seed.
        burn: burn one card before the replacement cards of each draw.
        exposed_replacement: when a card the dealer exposed during a draw is
            replaced: ``"now"``, or ``"after_draw"``, once every other player has drawn.
        game: the game dealt, one of ``badugi.games``: ``BADUGI`` (the
            default), ``BADEUCY`` or ``BADACEY``.
        qualifier: only a hand at or better than this wins at the showdown: a
            hand of the game or a rank number on its scale (single-pot games
            only); None for none.
        carry: chips left in the middle by earlier deals that nobody
            qualified for: dead money in the main pot.
        rules_version: the version of the engine's procedure the hand plays
            by (``RULES_VERSION``, the default; an earlier one only to play
            again a history recorded by it, which ``Hand.replay`` does). Not a
            setting of ``Hand(...)``.
        names: the players' names, one a seat (each text of 1 to 200
            characters), or None. They play no part in the hand: they are
            kept in its setup event, only when given, so that a history says
            who played it.

    Once set up, ``stacks`` and ``blinds`` are tuples of ints, ``seed`` is an
    int, ``deck`` the 52 card ids in the order they are dealt and
    ``qualifier`` the worst rank that qualifies (an int) or None.

    Raises:
        GameSetupError: a setting out of range or of the wrong type, or a deck
            that is not 52 distinct cards; the message names it.
    """

    stacks: tuple[int, ...]
    button: int
    structure: Structure
    blinds: tuple[int, int] | None
    ante: int
    seed: int
    deck: tuple[int, ...]
    burn: bool
    exposed_replacement: ExposedReplacement
    game: Game
    qualifier: int | None
    carry: int
    rules_version: int
    names: tuple[str, ...] | None

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        structure: Structure,
        *,
        blinds: Sequence[int] | None = None,
        ante: int = 0,
        seed: int | None = None,
        deck: Sequence[str | int] | None = None,
        burn: bool = True,
        exposed_replacement: ExposedReplacement = "now",
        game: GameLike = BADUGI,
        qualifier: HandLike | int | None = None,
        carry: int = 0,
        rules_version: int = RULES_VERSION,
        names: Sequence[str] | None = None,
    ) -> None:
        chips = as_sequence(stacks)
        if chips is None:
            raise GameSetupError(
                f"stacks must be a list of chip counts, one per seat, got {short_repr(stacks)}"
            )
        seats = len(chips)
        if not 2 <= seats <= MAX_SEATS:
            raise GameSetupError(f"a hand needs 2 to {MAX_SEATS} seats, got {seats}")
        if all(type(chips_) is int and 0 < chips_ <= MAX_CHIPS for chips_ in chips):
            checked_stacks = tuple(chips)  # plain ints in range: the common case, checked at once
        else:
            checked_stacks = tuple(as_chips(f"stacks[{i}]", chips[i], least=1) for i in range(seats))
        checked_button = as_seat(button, seats)
        if checked_button is None:
            raise GameSetupError(f"button {short_repr(button)} out of range 0..{seats - 1}")
        if not isinstance(structure, Structure):
            raise GameSetupError(
                f"structure must be FixedLimit, PotLimit or HalfPotLimit, got {short_repr(structure)}"
            )
        checked_blinds = _blinds(blinds)
        checked_ante = as_chips("ante", ante, least=0)
        if not isinstance(burn, bool):
            raise GameSetupError(f"burn must be True or False, got {short_repr(burn)}")
        if not isinstance(exposed_replacement, str) or exposed_replacement not in EXPOSED_REPLACEMENTS:
            raise GameSetupError(
                f"exposed_replacement must be 'now' or 'after_draw', got {short_repr(exposed_replacement)}"
            )
        checked_game = check_game(game)
        checked_carry = check_carry(carry)
        drawn = random.SystemRandom().randrange(2**63) if seed is None else seed
        checked_seed = _count("seed", drawn, most=MAX_SEED)
        settings = {
            "stacks": checked_stacks,
            "button": checked_button,
            "structure": structure,
            "blinds": checked_blinds,
            "ante": checked_ante,
            "seed": checked_seed,
            "deck": _deck(deck, checked_seed),
            "burn": burn,
            "exposed_replacement": exposed_replacement,
            "game": checked_game,
            "qualifier": check_qualifier(qualifier, checked_game),
            "carry": checked_carry,
            "rules_version": _count("rules_version", rules_version, least=1, most=RULES_VERSION),
            "names": _names(names, seats),
        }
        # Every chip of the table may end in one pot and one stack, which the showdown keeps in
        # 64-bit ints: refused here, not at a showdown that cannot be settled.
        table_chips = sum(checked_stacks) + checked_carry
        if table_chips > MAX_CHIPS:
            raise GameSetupError(
                f"the stacks and the carry come to {table_chips} chips, more than one pot can hold "
                f"(2**63-1 = {MAX_CHIPS})"
            )
        for name, value in settings.items():
            object.__setattr__(self, name, value)

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.stacks)

    def event(self) -> Event:
        """The setup event that starts the hand's history."""
        # Every field but the structure's description is an atom or a tuple of atoms already.
        return Event(
            event="setup",
            stacks=self.stacks,
            button=self.button,
            structure=_described(self.structure),
            blinds=self.blinds,
            ante=self.ante,
            seed=self.seed,
            deck=tuple(map(CARD_TEXT.__getitem__, self.deck)),
            burn=self.burn,
            exposed_replacement=self.exposed_replacement,
            game=self.game.name,
            qualifier=self.qualifier,
            carry=self.carry,
            rules_version=self.rules_version,
            # Only when given: a hand without names records the setup it always did.
            **({} if self.names is None else {"names": self.names}),
        )

    @classmethod
    def from_event(cls, item: Mapping[str, Any]) -> Setup:
        """The setup a setup event records (as JSON data or as an event).

        Raises:
            GameSetupError: a setting is missing, unknown or not valid; the message says which.
        """
        names = list(cls.__dataclass_fields__)
        unknown = sorted(str(key) for key in item if key != "event" and key not in names)
        if unknown:
            raise GameSetupError(f"setup event: unknown setting {short_repr(unknown[0])}")
        missing = [
            name
            for name in names
            if name not in item and name not in SETUP_DEFAULTS and name not in SETUP_WHEN_GIVEN
        ]
        if missing:
            raise GameSetupError(f"setup event: missing {missing[0]!r}")
        settings = {name: item.get(name, SETUP_DEFAULTS.get(name)) for name in names}
        try:
            settings["structure"] = structure_from(settings["structure"])
            settings["game"] = game_named(settings["game"])
            stacks, button, structure = (
                settings.pop("stacks"),
                settings.pop("button"),
                settings.pop("structure"),
            )
            return cls(stacks, button, structure, **settings)
        except GameSetupError as exc:
            raise GameSetupError(f"setup event: {exc}") from None


def _described(structure: Structure) -> Event:
    """The structure's description as an event: made once for each of the library's structures (values)."""
    if type(structure) not in _BUILT_IN:
        frozen: Event = freeze(structure.describe())  # another's structure: asked every time
        return frozen
    described = _DESCRIBED.get(structure)
    if described is None:
        if len(_DESCRIBED) >= 256:
            _DESCRIBED.clear()
        described = _DESCRIBED[structure] = freeze(structure.describe())
    return described


_DESCRIBED: dict[Structure, Event] = {}
_BUILT_IN = (FixedLimit, PotLimit, HalfPotLimit)


def _count(name: str, value: object, least: int = 0, most: int | None = None) -> int:
    number = as_count(value, least, most)
    if number is None:
        bound = f"an int >= {least}" if most is None else f"an int from {least} to {most}"
        raise GameSetupError(f"{name} must be {bound}, got {short_repr(value)}")
    return number


def _names(names: object, seats: int) -> tuple[str, ...] | None:
    """The players' names, checked: None, or one text a seat."""
    if names is None:
        return None
    given = as_sequence(names)
    if given is None or isinstance(names, str):
        raise GameSetupError(f"names must be a list of names, one a seat, or None, got {short_repr(names)}")
    if len(given) != seats:
        raise GameSetupError(f"names must give one name a seat ({seats}), got {len(given)}")
    for k, name in enumerate(given):
        if not isinstance(name, str) or not 1 <= len(name) <= MOST_NAME:
            raise GameSetupError(
                f"names[{k}] must be text of 1 to {MOST_NAME} characters, got {short_repr(name)}"
            )
    return tuple(given)


def _blinds(blinds: object) -> tuple[int, int] | None:
    if blinds is None:
        return None
    pair = as_sequence(blinds)
    if pair is None or len(pair) != 2:
        raise GameSetupError(f"blinds must be (small, big) or None, got {short_repr(blinds)}")
    small, big = as_chips("small blind", pair[0], least=0), as_chips("big blind", pair[1], least=1)
    if small > big:
        raise GameSetupError(f"small blind {small} is above big blind {big}")
    return small, big


def _deck(deck: object, seed: int) -> tuple[int, ...]:
    """The deck's card ids, top first: the one given, or a shuffle seeded by ``seed``."""
    if deck is None:
        return tuple(shuffled(list(range(DECK_SIZE)), random.Random(f"badugi-deal-{seed}")))
    cards = as_sequence(deck)
    if cards is None:
        raise GameSetupError(f"deck must be a list of 52 cards, got {short_repr(deck)}")
    if len(cards) != DECK_SIZE:
        raise GameSetupError(f"deck must hold 52 cards, got {len(cards)}")
    try:
        return tuple(card_ids(cards, GameSetupError))
    except GameSetupError as exc:
        raise GameSetupError(f"deck: {exc}") from None
