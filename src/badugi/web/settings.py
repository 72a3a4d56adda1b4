"""A table's settings: what ``POST /api/charts`` may ask for, checked, with the standard game's defaults.

The standard game unless told otherwise: fixed limit with an ante of 10 and
bets of 20/40, 1,000 chips each, the stakes rising every 5 hands along the
engine's ``schedule_from``, 50 hands or until one player has every chip (a
**match**). A **home game** (``"mode": "home"``) keeps the first stakes, lets
people sit out, rebuy and join late, and plays until its host ends it (or
``hands``). Every field but ``seats`` is optional; a field the request does
not know is refused, and so is a value of the wrong type or out of range,
whatever it is.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from badugi.engine import BOTS as BOT_KINDS
from badugi.engine import GameSetupError, Level, Match, schedule_from
from badugi.engine.match import STRUCTURES, Player
from badugi.engine.rules import MAX_SEATS
from badugi.games import GAMES, Game
from badugi.web.names import LONGEST_NAME, check_name, skeleton
from badugi.web.protocol import WebInputError, shown

__all__ = ["BOTS", "KINDS", "TableSettings"]

#: The bots a seat may be, by name: the engine's registry (``badugi.engine.BOTS``).
BOTS = tuple(BOT_KINDS)
#: What a seat may be: a person (who gets an invitation link) or a bot.
KINDS = ("person", *BOTS)
#: The most hands a table plays, and the largest stack: a friends' table, not a stress test.
MOST_HANDS = 1000
MOST_CHIPS = 10**9
#: The longest turn clock, in seconds (0 is none).
LONGEST_CLOCK = 3600.0
#: The shortest turn clock, in seconds: a clock shorter than a person can answer in only lets a
#: table play itself (an attack dealt 92 hands a second with a clock of 0.001 s).
SHORTEST_CLOCK = 5.0
#: How a table is played: a match (the standard game's 50 hands, stakes rising) or a home game.
MODES = ("match", "home")
#: When a table starts: once every person seat is taken, or when its host says so.
STARTS = ("auto", "host")
#: Who allows a home game's rebuys: nobody needs to (auto), its host, or nobody may rebuy.
REBUYS = ("auto", "host", "off")
#: What watchers see: the table as it plays, the table one hand behind, or nothing.
WATCHING = ("on", "delayed", "off")
#: Seeds are the engine's: ints from 0 to 2**64 - 1 here (JSON carries them as numbers).
MOST_SEED = 2**64 - 1

_DEFAULT_NAMES = {"person": "Player", **{kind.name: kind.title for kind in BOT_KINDS.values()}}


@dataclass(frozen=True)
class TableSettings:
    """One table's settings, checked (``from_request`` reads them from a request's JSON).

    Attributes:
        game: ``"badugi"``, ``"badeucy"`` or ``"badacey"``.
        structure: ``"fixed"``, ``"pot"`` or ``"half-pot"``.
        seats: each seat's kind, one of ``KINDS``; 2 to 8 seats, a person at least.
        names: each seat's name.
        hands: the most hands of the match.
        seed: the match's seed: its cards, and the bots' play.
        stacks: the chips each seat starts with.
        ante, bets, blinds: the first level of stakes (``bets`` is the small and
            big bet; ``blinds`` the small and big blind, or None).
        hands_per_level: hands between stake rises.
        clock: seconds a person has for each decision (0: no clock; else at
            least ``SHORTEST_CLOCK``).
        qualifier: a hand (text) or rank number a pot's winner must match or
            beat (Badugi only), or None (a match's only: a home game has none).
        mode: ``"match"`` or ``"home"`` (see the module).
        start: ``"auto"`` (the first hand is dealt once every person seat is
            taken) or ``"host"`` (when the host starts it).
        rebuys: a home game's rebuys, one of ``REBUYS`` (a match's are ``"off"``).
        watching: what a ``watch`` link shows at first, one of ``WATCHING``
            (the host may change it).
        seeded: whether the request chose the seed (its creator could know the
            cards, and every seat is told so).
    """

    game: str
    structure: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    hands: int
    seed: int
    stacks: int
    ante: int
    bets: tuple[int, int]
    blinds: tuple[int, int] | None
    hands_per_level: int
    clock: float
    qualifier: str | int | None
    mode: str = "match"
    start: str = "auto"
    rebuys: str = "off"
    watching: str = "on"
    seeded: bool = False

    @classmethod
    def from_request(cls, body: object) -> TableSettings:
        """The settings a request's JSON body asks for (the standard game's defaults for what it leaves out).

        Raises:
            WebInputError: not a JSON object, an unknown field, or a field of the
                wrong type or out of range; the message names it.
        """
        if not isinstance(body, Mapping):
            raise WebInputError(f"the body must be a JSON object, got {type(body).__name__}")
        unknown = sorted(str(key) for key in body if key not in _FIELD_NAMES)
        if unknown:
            raise WebInputError(
                f"unknown field {shown(unknown[0])}; the fields are {', '.join(_FIELD_NAMES)}"
            )
        if "seeded" in body:
            raise WebInputError("seeded is the server's to say: give a seed, or leave it out")
        game = _choice(body, "game", tuple(GAMES), "badugi")
        structure = _choice(body, "structure", tuple(STRUCTURES), "fixed")
        mode = _choice(body, "mode", MODES, "match")
        seats = _seats(body.get("seats"))
        names = _names(body.get("names"), seats)
        seed = body.get("seed")
        bets = _pair(body, "bets", (20, 40), 1)
        if bets is None:
            raise WebInputError("bets must be two whole numbers, such as [20, 40]")
        rebuys = _choice(body, "rebuys", REBUYS, "auto" if mode == "home" else "off")
        if mode == "match" and rebuys != "off":
            raise WebInputError('rebuys are a home game\'s ("mode": "home"); a match has none')
        if mode == "home" and body.get("qualifier") is not None:
            raise WebInputError("a qualifier is a match's: a home game pays every pot")
        settings = cls(
            game=game,
            structure=structure,
            seats=seats,
            names=names,
            hands=_int(body, "hands", 50 if mode == "match" else MOST_HANDS, 1, MOST_HANDS),
            seed=secrets.randbits(63) if seed is None else _int(body, "seed", 0, 0, MOST_SEED),
            stacks=_int(body, "stacks", 1000, 1, MOST_CHIPS),
            ante=_int(body, "ante", 10, 0, MOST_CHIPS),
            bets=bets,
            blinds=_pair(body, "blinds", None, 0),
            hands_per_level=_int(body, "hands_per_level", 5, 1, MOST_HANDS),
            clock=_clock(body.get("clock", 30)),
            qualifier=_qualifier(body.get("qualifier")),
            mode=mode,
            start=_choice(body, "start", STARTS, "auto"),
            rebuys=rebuys,
            watching=_choice(body, "watching", WATCHING, "on"),
            seeded=seed is not None,
        )
        settings._check_with_the_engine()
        return settings

    def _check_with_the_engine(self) -> None:
        """The engine's own checks of the stakes and the game (a level, a qualifier, a bot's game)."""
        try:
            self.match([_no_player] * len(self.seats))
        except (GameSetupError, ValueError) as exc:  # a qualifier that is no hand: the card parser's error
            raise WebInputError(str(exc)) from None
        unable = [
            kind for kind in self.seats if kind in BOT_KINDS and not BOT_KINDS[kind].plays(self.game_model)
        ]
        if unable:
            raise WebInputError(f"the {unable[0]} bot does not play {self.game_model.title}")

    @property
    def game_model(self) -> Game:
        """The game dealt (``badugi.games``)."""
        return GAMES[self.game]

    @property
    def level(self) -> Level:
        """The first level of stakes."""
        return Level(self.ante, self.bets[0], self.bets[1], self.blinds)

    def match(self, players: list[Player]) -> Match:
        """The engine's match these settings describe, for ``players`` (one callable a seat).

        Raises:
            badugi.errors.GameSetupError: the engine refuses the settings.
        """
        return Match(
            players,
            names=list(self.names),
            stacks=self.stacks,
            hands=self.hands,
            hands_per_level=self.hands_per_level,
            schedule=schedule_from(self.level),
            structure=self.structure,
            seed=self.seed,
            game=self.game_model,
            qualifier=self.qualifier,
        )

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data (``stored`` reads them back)."""
        return asdict(self)

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> TableSettings:
        """Settings kept by the server (``to_json``), read back: checked again, ``seeded`` kept.

        Settings kept before the home game existed have no ``mode`` and the
        like: they are a match's, as they were.

        Raises:
            WebInputError: the data are no settings.
        """
        if not isinstance(data, Mapping):
            raise WebInputError("stored settings must be a JSON object")
        seeded = data.get("seeded", True)  # a table kept before this was said: its seed may be known
        settings = cls.from_request({key: value for key, value in data.items() if key != "seeded"})
        return replace(settings, seeded=bool(seeded))

    def with_clock(self, clock: object) -> TableSettings:
        """These settings with another turn clock (the host's to set).

        Raises:
            WebInputError: not a clock ``from_request`` takes.
        """
        return replace(self, clock=_clock(clock))

    def public(self) -> dict[str, Any]:
        """What anyone with the table's id may know of it (never the seed)."""
        return {
            "game": self.game,
            "title": self.game_model.title,
            "structure": self.structure,
            "mode": self.mode,
            "hands": self.hands,
            "clock": self.clock,
            "stacks": self.stacks,
            "ante": self.ante,
            "bets": list(self.bets),
            "blinds": list(self.blinds) if self.blinds else None,
            "hands_per_level": self.hands_per_level,
            "start": self.start,
            "rebuys": self.rebuys,
            "seeded": self.seeded,
        }


_FIELD_NAMES = tuple(name for name in TableSettings.__dataclass_fields__ if name != "seeded")


def _no_player(view: object) -> str:  # a stand-in: the check deals no hand
    return "fold"


def _choice(body: Mapping[str, Any], name: str, allowed: tuple[str, ...], default: str) -> str:
    value = body.get(name, default)
    if not isinstance(value, str) or value not in allowed:
        raise WebInputError(f"{name} must be one of {', '.join(allowed)}, got {shown(value)}")
    return value


def _int(body: Mapping[str, Any], name: str, default: int, least: int, most: int) -> int:
    value = body.get(name, default)
    if value is None:
        value = default
    if not isinstance(value, int) or isinstance(value, bool):
        raise WebInputError(f"{name} must be a whole number, got {shown(value)}")
    if not least <= value <= most:
        raise WebInputError(f"{name} must be between {least} and {most}, got {shown(value)}")
    return value


def _pair(
    body: Mapping[str, Any], name: str, default: tuple[int, int] | None, least: int
) -> tuple[int, int] | None:
    value = body.get(name, default)
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise WebInputError(f"{name} must be two whole numbers, such as [10, 20]; got {shown(value)}")
    if any(item is None for item in value):
        raise WebInputError(f"{name} must be two whole numbers, such as [10, 20]; got {shown(value)}")
    small, big = (_int({name: item}, name, 0, least, MOST_CHIPS) for item in value)
    if small > big:
        raise WebInputError(f"{name}: the first ({small}) is above the second ({big})")
    return small, big


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise WebInputError(f"seats must be a list of 2 to {MAX_SEATS} kinds, got {shown(value)}")
    for item in value:
        if not isinstance(item, str) or item not in KINDS:
            raise WebInputError(f"a seat is one of {', '.join(KINDS)}, got {shown(item)}")
    if "person" not in value:
        raise WebInputError("a table needs a person at one seat at least (bots alone: badugi simulate)")
    return tuple(value)


def _names(value: object, seats: tuple[str, ...]) -> tuple[str, ...]:
    defaults = [f"{_DEFAULT_NAMES[kind]} {seat + 1}" for seat, kind in enumerate(seats)]
    if value is None:
        return tuple(defaults)
    if not isinstance(value, list) or len(value) != len(seats):
        raise WebInputError(f"names must be a list of {len(seats)} names (one a seat), got {shown(value)}")
    names = list(defaults)
    for seat, name in enumerate(value):
        if name is None or name == "":
            continue
        if not isinstance(name, str) or len(name) > LONGEST_NAME:
            raise WebInputError(f"a name is text of 1 to {LONGEST_NAME} characters, got {shown(name)}")
        if seats[seat] == "person":
            names[seat] = check_name(name, [])  # a bot's name is refused; look-alikes below
        elif name.strip():
            if not name.isprintable():
                raise WebInputError(f"a name is printable text, got {shown(name)}")
            names[seat] = " ".join(name.split())
    for seat, name in enumerate(names):
        others = names[:seat]
        try:
            check_name(name, others) if seats[seat] == "person" else _unlike(name, others)
        except WebInputError:
            raise WebInputError(f"each seat needs a name of its own: {shown(name)} is taken") from None
    return tuple(names)


def _unlike(name: str, others: list[str]) -> None:
    if any(skeleton(other) == skeleton(name) for other in others):
        raise WebInputError(name)


def _clock(value: object) -> float:
    # An int is compared as it is: math.isfinite would turn a huge one into a float, and overflow.
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise WebInputError(f"clock must be a number of seconds (0 for none), got {shown(value)}")
    if value != 0 and not SHORTEST_CLOCK <= value <= LONGEST_CLOCK:
        raise WebInputError(
            f"clock must be 0 (none) or between {SHORTEST_CLOCK:g} and {LONGEST_CLOCK:g} seconds, "
            f"got {shown(value)}"
        )
    return float(value)


def _qualifier(value: object) -> str | int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise WebInputError(f"qualifier must be a hand (text) or a rank number, got {shown(value)}")
    if isinstance(value, str) and len(value) > 40:
        raise WebInputError(f"qualifier must be a hand such as '9c 8d 7h 6s', got {shown(value)}")
    return value
