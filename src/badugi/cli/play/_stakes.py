"""The stakes options of the match commands: the structure, the ante, the blinds, the bets, the stacks.

With none given, a match is the standard game: fixed limit, an ante of 10 and bets of
20/40, rising every 5 hands as ``DEFAULT_SCHEDULE`` does. Any first level
given rises the same way (``schedule_from``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from badugi.cards import quote
from badugi.cli._common import MOST_DIGITS, chips, count, digits_value
from badugi.errors import BadugiError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from badugi.engine import Level

__all__ = ["Stakes", "add_stakes_options", "stakes_of"]

STRUCTURE_NAMES = {"fixed": "fixed limit", "pot": "pot limit", "half-pot": "half-pot limit"}


def _pair(text: str) -> tuple[int, int]:
    """An argparse type: ``SMALL/BIG``, two whole numbers."""
    numbers = [digits_value(part.strip()) for part in text.replace(",", "/").split("/")]
    if len(numbers) != 2 or None in numbers:
        raise argparse.ArgumentTypeError(f"expected SMALL/BIG, two whole numbers, got {quote(text)}")
    small, big = (n for n in numbers if n is not None)
    if big >= 10**MOST_DIGITS:
        raise argparse.ArgumentTypeError(f"expected SMALL/BIG of at most 2**63-1 chips, got {quote(text)}")
    if small < 0 or big < 1 or small > big:
        raise argparse.ArgumentTypeError(f"expected 0 <= SMALL <= BIG and BIG >= 1, got {quote(text)}")
    return small, big


def add_stakes_options(command: argparse.ArgumentParser) -> None:
    """Add ``--structure``, ``--ante``, ``--blinds``, ``--bets`` and ``--stacks`` to a match command."""
    group = command.add_argument_group("stakes (the first level; they rise every 5 hands)")
    group.add_argument(
        "--structure",
        choices=list(STRUCTURE_NAMES),
        default="fixed",
        help="the betting: fixed limit, pot limit or half-pot limit (default fixed)",
    )
    group.add_argument(
        "--ante", type=chips, default=None, help="what every seat antes (default 10, or 0 with --blinds)"
    )
    group.add_argument("--blinds", type=_pair, metavar="SB/BB", default=None, help="small and big blind")
    group.add_argument(
        "--bets",
        type=_pair,
        metavar="SMALL/BIG",
        default=None,
        help="fixed limit's bets (default 20/40, or BB/2BB with --blinds); the other structures size "
        "bets by the pot, from the big blind up (without blinds: from twice the ante)",
    )
    group.add_argument(
        "--stacks", type=count, default=1000, help="chips each player starts with (default 1000)"
    )


@dataclass(frozen=True)
class Stakes:
    """What the stakes options say: the structure's name and the first level."""

    structure: str
    first: Level

    def schedule(self) -> tuple[Level, ...]:
        """The levels of the match: the default rises from the first level."""
        from badugi.engine.match import schedule_from  # noqa: PLC0415 - see TYPE_CHECKING above

        return schedule_from(self.first)

    def describe(self, level: Level) -> str:
        """A level in words: "fixed limit, ante 10, bets 20/40"."""
        parts = [STRUCTURE_NAMES[self.structure]]
        if level.ante:
            parts.append(f"ante {level.ante:,}")
        if level.blinds is not None:
            parts.append(f"blinds {level.blinds[0]:,}/{level.blinds[1]:,}")
        if self.structure == "fixed":
            parts.append(f"bets {level.small_bet:,}/{level.big_bet:,}")
        elif level.blinds is None:
            parts.append(f"smallest bet {level.small_bet:,}")
        return ", ".join(parts)


def stakes_of(args: argparse.Namespace) -> Stakes:
    """The stakes the options give.

    Raises:
        BadugiError: no ante and no blinds, or ``--bets`` with a structure that sizes bets by the pot.
    """
    from badugi.engine.match import Level  # noqa: PLC0415 - see TYPE_CHECKING above

    blinds = args.blinds
    ante = args.ante if args.ante is not None else (0 if blinds else 10)
    if ante == 0 and blinds is None:
        raise BadugiError("a match needs an ante or blinds: --ante 0 takes the ante away, so give --blinds")
    if args.bets is not None and args.structure != "fixed":
        raise BadugiError(
            f"--bets sets fixed limit's bets; in {STRUCTURE_NAMES[args.structure]} the pot sizes them"
        )
    if args.bets is not None:
        small, big = args.bets
        if small < 1:
            raise BadugiError(f"--bets must be at least 1/1, got {small}/{big}")
    elif blinds is not None:
        small, big = blinds[1], 2 * blinds[1]
    else:
        small, big = 2 * ante, 4 * ante
    return Stakes(args.structure, Level(ante, small, big, blinds))
