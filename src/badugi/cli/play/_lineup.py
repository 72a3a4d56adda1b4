"""The bots a match command seats, by name, and the seeds each one gets (``simulate`` and ``play``)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from badugi.cards import quote
from badugi.cli._common import MOST_DIGITS, digits_value, too_long
from badugi.errors import BadugiError, GameSetupError
from badugi.games import Game

# The engine loads only when a match is played, not with every command.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from badugi.engine import BotKind, Player

__all__ = [
    "MOST_MATCHES",
    "bot_kinds",
    "bot_seed",
    "bots",
    "match_seed",
    "playing",
    "qualifier",
    "qualifier_option",
]

#: Most matches one run plays: the match's number takes 32 bits of its seed.
MOST_MATCHES = 2**32


def match_seed(seed: int, match: int) -> int:
    """The seed of match ``match`` (from 0) of a run with ``seed`` (0..2**64 - 1).

    The first match's is ``seed`` itself, so ``--seed 7`` plays what ``Match(..., seed=7)`` deals.
    Every (seed, match) pair has its own: runs of adjacent seeds share no match.
    """
    return seed + (match << 64)


def bot_seed(seed: int, match: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0..7) in match ``match``: one for each (seed, match, seat)."""
    return match_seed(seed, match) + ((seat + 1) << 96)


def _registry() -> Mapping[str, BotKind]:
    """Each bot by name: the engine's registry (``badugi.engine.BOTS``)."""
    from badugi.engine import BOTS  # noqa: PLC0415 - see TYPE_CHECKING above

    return BOTS


def bot_kinds(spec: str, game: Game) -> list[str]:
    """The bot names of a ``--bots`` list, checked: each is known and plays ``game``.

    Raises:
        BadugiError: an unknown bot, an empty list, or a bot that does not play the game.
    """
    known = _registry()
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in known]
    if not kinds or unknown:
        raise BadugiError(
            f"unknown bot {quote(unknown[0] if unknown else spec)}; choose from {', '.join(known)}"
        )
    unable = [k for k in kinds if not known[k].plays(game)]
    if unable:
        raise BadugiError(f"the {unable[0]} bot does not play {game.title}")
    return kinds


def playing(game: Game, wanted: list[str]) -> list[str]:
    """The bots of ``wanted`` that play ``game``, in order (a default lineup keeps these)."""
    known = _registry()
    return [k for k in wanted if known[k].plays(game)]


def bots(
    spec: str, seats: list[int], seed: int, game: Game, match: int = 0
) -> tuple[list[Player], list[str]]:
    """A bot for each of ``seats`` (``--bots`` repeated round them) and its name, ``kind-seat``."""
    known = _registry()
    kinds = bot_kinds(spec, game)
    chosen = [kinds[i % len(kinds)] for i in range(len(seats))]
    built = [known[k].make(bot_seed(seed, match, seat)) for seat, k in zip(seats, chosen, strict=True)]
    return built, [f"{k}-{seat}" for seat, k in zip(seats, chosen, strict=True)]


def qualifier_option(command: argparse.ArgumentParser) -> None:
    """Add ``--qualifier HAND|RANK`` to a match command (``qualifier`` reads it)."""
    command.add_argument(
        "--qualifier",
        metavar="HAND|RANK",
        default=None,
        help='Badugi only: only a hand at or better than this wins a pot, e.g. "9c 8d 7h 6s" or a rank '
        "number; a pot nobody qualifies for carries into the next hand",
    )


def qualifier(text: str | None) -> str | int | None:
    """The --qualifier text: a rank number if it is one, else a hand (the match checks either)."""
    if text is None:
        return None
    word = text.strip()
    number = digits_value(word)
    if number is None:
        return text
    if number >= 10**MOST_DIGITS:  # a number int() would refuse with a message of its own
        raise GameSetupError(f"qualifier rank {too_long(word)} is out of range of every game")
    return number
