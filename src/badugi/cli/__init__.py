"""The ``badugi`` command line (also ``python -m badugi``).

    badugi rank HAND...      rank, size, playing cards and name of each hand
    badugi compare A B       which of two hands wins
    badugi simulate          bot matches by the card-room rules, with standings
    badugi play              a seat at a match against the bots, one typed line a decision
    badugi equity HAND...    each hand's share of the pot with draws to come
    badugi draw HAND         the best discard and every option
    badugi chart CHART       starting-hand charts to a CSV file (vs-random, heads-up), and a plot
    badugi history ACTION    hand-history files: show a hand, or convert (PHH, PokerStars, JSON)
    badugi review FILE       each decision of a seat in a hand-history file, valued
    badugi drill             the best discard, asked and answered
    badugi serve             a table for friends in the browser (the web extra)
    --json                   machine-readable output

Bad input exits with status 2 and a one-line error on stderr, never a traceback
(``badugi COMMAND --help`` says what a command takes); a run that fails through
no fault of its input (a Dask scheduler lost) exits with status 1. Output into a closed
pipe (``badugi ... | head``) ends the command quietly with status 141, as Unix
tools killed by SIGPIPE do; a standard output that is closed or refuses a write
(``> /dev/full``) ends it with status 1 and one line on stderr, and a closed or
full stderr costs only its messages and progress bars (see ``badugi.cli._streams``).

Each command is one module of this package (``rank``, ``compare``, ``simulate``,
``play``, ``equity``, ``draw``, ``chart``, ``history``, ``review``, ``drill``, ``serve``): its arguments
and what it runs.
``play`` is a package, the game at the terminal: its command in ``play/__init__.py``, and its parts
(the lineup, the stakes, the narrator, the screen, the seat's person...) beside it. The modules that
start with ``_`` here are what the commands share.
``badugi table`` is ``badugi chart``'s old name, until 0.4.0 (unlisted, and warns).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence

from badugi.cli import chart, compare, draw, drill, equity, history, play, rank, review, serve, simulate
from badugi.cli._common import (
    EXIT_BROKEN_PIPE,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    OneLineParser,
    RunFailed,
    error_line,
)
from badugi.cli._streams import CheckedOutput, OutputError, say
from badugi.errors import BadugiError

__all__ = ["main"]

#: The commands, in the order ``badugi --help`` lists them.
COMMANDS = (rank, compare, simulate, play, equity, draw, chart, history, review, drill, serve)


def _parser() -> tuple[OneLineParser, dict[str, OneLineParser]]:
    from badugi import __version__  # noqa: PLC0415 - the package is loaded by now

    parser = OneLineParser(
        prog="badugi",
        description="Badugi, Badeucy and Badacey: exact hand evaluation, draw equity, starting-hand charts "
        "and bot matches.",
    )
    parser.add_argument("--version", action="version", version=f"badugi {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=OneLineParser
    )
    for command in COMMANDS:
        command.add_command(commands)
    return parser, dict(commands.choices)  # every name, an old one too (badugi table)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that Python's flush at exit finds somewhere to put what is left."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (an embedding, a test capture)
        pass


def _quiet_broken_pipe() -> int:
    """The reader went away: say nothing more, and keep Python from complaining at exit."""
    _silence_stdout()
    return EXIT_BROKEN_PIPE


def _cannot_write(reason: str) -> int:
    """Standard output is closed or refuses a write: one line, as Unix tools say it."""
    say(f"badugi: cannot write to standard output: {reason}")
    _silence_stdout()
    return EXIT_FAILURE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdout = sys.stdout
    if stdout is None:  # started with it closed (>&-): say so before any work, which could not be shown
        return _cannot_write(os.strerror(errno.EBADF))
    sys.stdout = CheckedOutput(stdout)
    try:
        return _main(argv)
    except OutputError as exc:
        sys.stdout = stdout
        return _cannot_write(str(exc))
    finally:
        sys.stdout = stdout


def _main(argv: Sequence[str] | None) -> int:
    parser, commands = _parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # say it in the words of the command that was given, not the top level
            commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exit_:  # --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    prog = getattr(args, "command_prog", parser.prog)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except RunFailed as exc:  # no fault of the input: no pointer to --help
        say(f"{prog}: error: {exc}")
        return EXIT_FAILURE
    except (BadugiError, ValueError) as exc:
        say(error_line(prog, exc))
        return EXIT_USAGE
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except KeyboardInterrupt:
        say("\nbadugi: interrupted")
        return EXIT_INTERRUPTED
    return status
