"""What every command of the command line shares: the parser class, argument types, exit statuses."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from badugi.cards import quote
from badugi.errors import BadugiError
from badugi.games import BADUGI, GAMES

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "OneLineParser",
    "RunFailed",
    "chips",
    "count",
    "counted",
    "digits_value",
    "error_line",
    "game_option",
    "players_count",
    "progress_options",
    "seed",
    "too_long",
]

EXIT_FAILURE = 1  # a run that failed through no fault of its arguments
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shell's code for SIGINT
EXIT_BROKEN_PIPE = 141  # the shell's code for SIGPIPE


class RunFailed(BadugiError):
    """A run that failed through no fault of its arguments (a Dask cluster lost): exit status 1, not 2."""


def error_line(prog: str, message: object) -> str:
    """The one line of every command's bad-input error, argparse's or the run's: one style for all."""
    return f"{prog}: error: {message} (see '{prog} --help')"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, naming the command to ask for help.

    Each parser also leaves its ``prog`` in the namespace it fills (``command_prog``), the innermost
    command's last, so that an error of the run names the command given (``badugi chart plot``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_defaults(command_prog=self.prog)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, error_line(self.prog, message) + "\n")


#: What a count without a bound of its own may be at most (the engine's bound on chips).
MAX_COUNT = "2**63-1"
#: More digits than this is past every count the command line takes (2**64 has 20), whatever they say.
MOST_DIGITS = 30


def digits_value(word: str) -> int | None:
    """``word`` as an int if it is ASCII digits, no sign and no space; else None.

    ``str.isdigit()`` and ``int()`` take other digits ("\u00b2", "\u0663"), and ``int()`` refuses
    over 4,300 of them with a message of its own: a number of more than ``MOST_DIGITS`` digits is
    ``10**MOST_DIGITS``, out of range of every count, and never given to ``int()``.
    """
    if not (word.isascii() and word.isdigit()):
        return None
    return int(word) if len(word.lstrip("0")) <= MOST_DIGITS else 10**MOST_DIGITS


def too_long(word: str) -> str:
    """A number too long to print, as an error names it: its first digits and its length."""
    return f"{word[:12]}... ({len(word):,} digits)"


def _whole_number(least: int, most: int | None = None, most_text: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` (to ``most``), its error naming the value."""

    def whole_number(text: str) -> int:
        word = text.strip()
        sign = -1 if word.startswith("-") else 1
        magnitude = digits_value(word[1:] if word[:1] in "+-" else word)
        if magnitude is None:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}")
        if magnitude >= 10**MOST_DIGITS:
            raise argparse.ArgumentTypeError(
                f"must be at most {most_text or most or MAX_COUNT}, got {too_long(word)}"
            )
        value = sign * magnitude
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {quote(text)[1:-1]}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most_text or most}, got {quote(text)}")
        return value

    return whole_number


#: An argparse type for counts of players, hands, matches, deals, threads.
count = _whole_number(1)
#: An argparse type for amounts of chips that may be none: an ante.
chips = _whole_number(0)
#: An argparse type for the players of a match: 2 to 8.
players_count = _whole_number(2, 8)
#: An argparse type for seeds: 0 to 2**64 - 1, as the equity and table seeds are.
seed = _whole_number(0, 2**64 - 1, "2**64 - 1")


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things, with thousands separators and the right number: "1 deal", "2,070 deals"."""
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def game_option(command: argparse.ArgumentParser) -> None:
    """Add ``--game`` (badugi, badeucy or badacey) to a command."""
    command.add_argument(
        "--game",
        choices=list(GAMES),
        default=BADUGI.name,
        type=str.lower,
        help="the game: badugi (four cards), badeucy or badacey (five cards, each half ranked) "
        "(default badugi)",
    )


def progress_options(command: argparse.ArgumentParser, always: str, never: str) -> None:
    """Add ``--progress`` / ``--no-progress``: ``args.progress`` is True, False, or None ("on a terminal")."""
    bar = command.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None, help=always)
    bar.add_argument("--no-progress", dest="progress", action="store_false", help=never)
