"""The ``badugi`` command line (also ``python -m badugi``).

    badugi rank HAND...      rank, size, playing cards and name of each hand
    badugi compare A B       which of two hands wins
    badugi simulate          bot matches by the card-room rules, with standings
    badugi equity HAND...    each hand's share of the pot with draws to come
    badugi draw HAND         the best discard and every option
    badugi table TABLE       starting-hand tables to a CSV file (vs-random, heads-up), and a chart
    --json                   machine-readable output

Bad input exits with status 2 and a one-line error on stderr, never a traceback
(``badugi COMMAND --help`` says what a command takes); a run that fails through
no fault of its input (a Dask scheduler lost) exits with status 1. Output into a closed
pipe (``badugi ... | head``) ends the command quietly with status 141, as Unix
tools killed by SIGPIPE do; a standard output that is closed or refuses a write
(``> /dev/full``) ends it with status 1 and one line on stderr, and a closed or
full stderr costs only its messages and progress bars (see ``badugi._streams``).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from badugi._streams import CheckedOutput, OutputError, say
from badugi.cards import quote
from badugi.cli_tables import RunFailed, add_table_command
from badugi.errors import BadugiError
from badugi.games import BADUGI, GAMES, Game
from badugi.ranking.four_card import compare, evaluate
from badugi.ranking.scale_value import ScaleValue
from badugi.ranking.value import HandValue

__all__ = ["main"]

EXIT_FAILURE = 1  # a run that failed through no fault of its arguments
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shell's code for SIGINT
EXIT_BROKEN_PIPE = 141  # the shell's code for SIGPIPE


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, naming the command to ask for help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _value_json(hand: str, value: HandValue) -> dict[str, object]:
    return {
        "hand": hand,
        "rank": value.rank,
        "size": value.size,
        "cards": list(value.cards),
        "is_badugi": value.is_badugi,
        "name": value.name,
    }


def _evaluate_arg(hand: str) -> HandValue:
    try:
        return evaluate(hand)
    except BadugiError as exc:
        hint = ""
        if len(hand.replace(",", " ").split()) == 1 and len(hand) <= 3:
            hint = ' (quote a hand written with spaces: badugi rank "Ah 2s 3d 4c")'
        raise BadugiError(f"{quote(hand)}: {exc}{hint}") from None


def _halves_arg(game: Game, hand: str) -> tuple[ScaleValue, ...]:
    try:
        return game.evaluate(hand)
    except BadugiError as exc:
        raise BadugiError(f"{quote(hand)}: {exc}") from None


def _half_json(value: ScaleValue) -> dict[str, object]:
    return {"scale": value.scale, "rank": value.rank, "cards": list(value.cards), "name": value.name}


def _cmd_rank(args: argparse.Namespace) -> int:
    game: Game = GAMES[args.game]
    if game is not BADUGI:
        return _rank_halves(game, args)
    values = [(hand, _evaluate_arg(hand)) for hand in args.hands]
    if args.json:
        print(json.dumps([_value_json(hand, value) for hand, value in values]))
        return 0
    width = max(len(hand) for hand, _ in values)
    for hand, value in values:
        print(
            f"{hand:<{width}}  rank {value.rank:>4}  size {value.size}  "
            f"plays {' '.join(value.cards):<11}  {value.name}"
        )
    return 0


def _rank_halves(game: Game, args: argparse.Namespace) -> int:
    """``rank`` for a split game: one line per half of each hand."""
    values = [(hand, _halves_arg(game, hand)) for hand in args.hands]
    if args.json:
        rows = [
            {"hand": hand, "game": game.name, "halves": [_half_json(v) for v in halves]}
            for hand, halves in values
        ]
        print(json.dumps(rows))
        return 0
    width = max(len(hand) for hand, _ in values)
    scale_width = max(len(scale.name) for scale in game.halves)
    for hand, halves in values:
        for index, value in enumerate(halves):
            shown = hand if index == 0 else ""
            print(
                f"{shown:<{width}}  {value.scale:<{scale_width}}  rank {value.rank:>4}  "
                f"plays {' '.join(value.cards):<14}  {value.name}"
            )
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    game: Game = GAMES[args.game]
    if game is not BADUGI:
        return _compare_halves(game, args)
    a, b = _evaluate_arg(args.a), _evaluate_arg(args.b)
    result = compare(args.a, args.b)
    if args.json:
        winner = {1: "a", -1: "b", 0: "tie"}[result]
        print(
            json.dumps(
                {"result": result, "winner": winner, "a": _value_json(args.a, a), "b": _value_json(args.b, b)}
            )
        )
        return 0
    if result == 0:
        print(f"tie: {args.a} ({a}) and {args.b} ({b})")
    else:
        (win, wv), (lose, lv) = ((args.a, a), (args.b, b)) if result > 0 else ((args.b, b), (args.a, a))
        print(f"{win} ({wv}) beats {lose} ({lv})")
    return 0


def _compare_halves(game: Game, args: argparse.Namespace) -> int:
    """``compare`` for a split game: who wins each half."""
    a, b = _halves_arg(game, args.a), _halves_arg(game, args.b)
    results = [(x.rank < y.rank) - (x.rank > y.rank) for x, y in zip(a, b, strict=True)]
    if args.json:
        halves = [
            {
                "scale": x.scale,
                "result": r,
                "winner": {1: "a", -1: "b", 0: "tie"}[r],
                "a": _half_json(x),
                "b": _half_json(y),
            }
            for x, y, r in zip(a, b, results, strict=True)
        ]
        print(json.dumps({"game": game.name, "halves": halves}))
        return 0
    for x, y, r in zip(a, b, results, strict=True):
        if r == 0:
            print(f"{x.scale}: tie: {args.a} ({x}) and {args.b} ({y})")
        else:
            (win, wv), (lose, lv) = ((args.a, x), (args.b, y)) if r > 0 else ((args.b, y), (args.a, x))
            print(f"{x.scale}: {win} ({wv}) beats {lose} ({lv})")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from badugi.cli_simulate import simulate  # noqa: PLC0415 - the game loads only when asked for

    return simulate(args)


def _cmd_equity(args: argparse.Namespace) -> int:
    from badugi.cli_equity import equity_command  # noqa: PLC0415 - loaded only when asked for

    return equity_command(args)


def _cmd_draw(args: argparse.Namespace) -> int:
    from badugi.cli_equity import draw_command  # noqa: PLC0415 - loaded only when asked for

    return draw_command(args)


def _whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, its error naming the value."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {value}")
        return value

    return whole_number


_count = _whole_number(1)  # counts of players, hands, matches, deals, threads
_seed = _whole_number(0)  # seeds


def _game_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--game",
        choices=list(GAMES),
        default=BADUGI.name,
        type=str.lower,
        help="the game: badugi (four cards), badeucy or badacey (five cards, each half ranked) "
        "(default badugi)",
    )


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    from badugi import __version__  # noqa: PLC0415 - the package is loaded by now

    parser = _OneLineParser(
        prog="badugi",
        description="Badugi, Badeucy and Badacey: exact hand evaluation, draw equity, starting-hand tables "
        "and bot matches.",
    )
    parser.add_argument("--version", action="version", version=f"badugi {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_OneLineParser
    )

    rank_cmd = commands.add_parser(
        "rank",
        help="rank hands: 1 is best (A-2-3-4), 1092 worst",
        description="Rank each hand: its rank number (1 best, 1092 worst), how many cards count, "
        "which, and its name.",
    )
    rank_cmd.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help='a hand, e.g. "Ah 2s 3d 4c" or Ah2s3d4c (five cards with --game badeucy or badacey)',
    )
    rank_cmd.add_argument("--json", action="store_true", help="print JSON")
    _game_option(rank_cmd)
    rank_cmd.set_defaults(run=_cmd_rank)

    compare_cmd = commands.add_parser(
        "compare",
        help="say which of two hands wins",
        description="Say which of two hands wins, or that they tie.",
    )
    compare_cmd.add_argument("a", metavar="A", help='the first hand, e.g. "8c 7d 5h 4s"')
    compare_cmd.add_argument("b", metavar="B", help='the second hand, e.g. "9c 4d 3h 2s"')
    compare_cmd.add_argument("--json", action="store_true", help="print JSON")
    _game_option(compare_cmd)
    compare_cmd.set_defaults(run=_cmd_compare)

    simulate_cmd = commands.add_parser(
        "simulate",
        help="play bot matches (blinds and antes, rising stakes) and print the standings",
        description="Play bot matches (1,000 chips each, fixed limit with antes, stakes rising "
        "every 5 hands) and print the standings.",
    )
    simulate_cmd.add_argument("--players", type=_count, default=6, help="2 to 8 (default 6)")
    simulate_cmd.add_argument("--hands", type=_count, default=50, help="most hands per match (default 50)")
    simulate_cmd.add_argument("--matches", type=_count, default=1, help="matches to play (default 1)")
    simulate_cmd.add_argument(
        "--seed", type=_seed, default=None, help="seed for a repeatable run (default: a fresh one, printed)"
    )
    simulate_cmd.add_argument(
        "--bots",
        default="simple,random",
        help="comma-separated bots, repeated round the table: simple, random, draw (Badugi only; "
        "default simple,random)",
    )
    progress = simulate_cmd.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", dest="progress", action="store_true", default=None, help="always show the progress bar"
    )
    progress.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show it (default: shown on a terminal)",
    )
    simulate_cmd.add_argument("--json", action="store_true", help="print JSON")
    _game_option(simulate_cmd)
    simulate_cmd.add_argument(
        "--qualifier",
        metavar="HAND|RANK",
        default=None,
        help='Badugi only: only a hand at or better than this wins a pot, e.g. "9c 8d 7h 6s" or a rank '
        "number; a pot nobody qualifies for carries into the next hand",
    )
    simulate_cmd.set_defaults(run=_cmd_simulate)

    equity_cmd = commands.add_parser(
        "equity",
        help="each hand's share of the pot with draws to come",
        description="Each hand's equity (share of the pot, ties split) with draws to come: exact when "
        "every deal can be counted, else Monte Carlo. A hand of fewer than four cards (or - for none) "
        "draws the rest at the first draw.",
    )
    equity_cmd.add_argument("hands", nargs="+", metavar="HAND", help='0 to 4 known cards, e.g. "Ah2s3d"')
    equity_cmd.add_argument(
        "--draws", type=int, choices=range(4), default=1, help="draws to come (default 1)"
    )
    equity_cmd.add_argument("--dead", default="", help="cards out of the deck, seen by every player")
    equity_cmd.add_argument(
        "--strategy", choices=["best", "pat"], default="best", help="how hands draw (default best)"
    )
    equity_cmd.add_argument(
        "--samples", type=_count, default=None, help="Monte Carlo deals (default 1,000,000)"
    )
    equity_cmd.add_argument("--seed", type=_seed, default=None, help="seed for a repeatable Monte Carlo run")
    equity_cmd.add_argument("--threads", type=_count, default=None, help="threads (default: every core)")
    equity_cmd.add_argument("--json", action="store_true", help="print JSON")
    bar = equity_cmd.add_mutually_exclusive_group()
    bar.add_argument(
        "--progress", dest="progress", action="store_true", default=None, help="always show a bar"
    )
    bar.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never (default: on a terminal)"
    )
    equity_cmd.set_defaults(run=_cmd_equity)

    draw_cmd = commands.add_parser(
        "draw",
        help="the best discard of a hand and every option",
        description="The discard that maximises the expected strength of the final hand, and all 16 options.",
    )
    draw_cmd.add_argument("hand", metavar="HAND", help='four cards, e.g. "Ah 2s 3d Kd"')
    draw_cmd.add_argument("--draws", type=int, choices=range(1, 4), default=1, help="draws left (default 1)")
    draw_cmd.add_argument("--dead", default="", help="cards seen out of the deck")
    draw_cmd.add_argument("--json", action="store_true", help="print JSON")
    draw_cmd.set_defaults(run=_cmd_draw)
    table_cmd = add_table_command(commands, parser_class=_OneLineParser, count=_count, seed=_seed)
    commands_by_name = {"rank": rank_cmd, "compare": compare_cmd, "simulate": simulate_cmd}
    return parser, {**commands_by_name, "equity": equity_cmd, "draw": draw_cmd, "table": table_cmd}


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
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except RunFailed as exc:
        say(f"badugi: error: {exc}")
        return EXIT_FAILURE
    except (BadugiError, ValueError) as exc:
        say(f"badugi: error: {exc}")
        return EXIT_USAGE
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except KeyboardInterrupt:
        say("\nbadugi: interrupted")
        return EXIT_INTERRUPTED
    return status
