"""The ``badugi`` command line (also ``python -m badugi``).

    badugi rank HAND...      rank, size, playing cards and name of each hand
    badugi compare A B       which of two hands wins
    badugi simulate          bot matches by the card-room rules, with standings
    --json                   machine-readable output

Bad input exits with status 2 and a one-line error on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from badugi.errors import BadugiError
from badugi.evaluate import compare, evaluate
from badugi.value import HandValue

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shell's code for SIGINT


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
        raise BadugiError(f"{hand!r}: {exc}{hint}") from None


def _cmd_rank(args: argparse.Namespace) -> int:
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


def _cmd_compare(args: argparse.Namespace) -> int:
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


def _cmd_simulate(args: argparse.Namespace) -> int:
    from badugi.cli_simulate import simulate  # noqa: PLC0415 - the game loads only when asked for

    return simulate(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="badugi", description="Exact Badugi hand evaluation.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    rank_cmd = commands.add_parser("rank", help="rank hands: 1 is best (A-2-3-4), 1092 worst")
    rank_cmd.add_argument("hands", nargs="+", metavar="HAND", help='a hand, e.g. "Ah 2s 3d 4c" or Ah2s3d4c')
    rank_cmd.add_argument("--json", action="store_true", help="print JSON")
    rank_cmd.set_defaults(run=_cmd_rank)

    compare_cmd = commands.add_parser("compare", help="say which of two hands wins")
    compare_cmd.add_argument("a", metavar="A")
    compare_cmd.add_argument("b", metavar="B")
    compare_cmd.add_argument("--json", action="store_true", help="print JSON")
    compare_cmd.set_defaults(run=_cmd_compare)

    simulate_cmd = commands.add_parser(
        "simulate", help="play bot matches by the 003 format and print the standings"
    )
    simulate_cmd.add_argument("--players", type=int, default=6, help="2 to 8 (default 6)")
    simulate_cmd.add_argument("--hands", type=int, default=50, help="most hands per match (default 50)")
    simulate_cmd.add_argument("--matches", type=int, default=1, help="matches to play (default 1)")
    simulate_cmd.add_argument("--seed", type=int, default=None, help="seed for a repeatable run")
    simulate_cmd.add_argument(
        "--bots",
        default="simple,random",
        help="comma-separated bots, repeated round the table: simple, random (default simple,random)",
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
    simulate_cmd.set_defaults(run=_cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except (BadugiError, ValueError) as exc:
        print(f"badugi: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nbadugi: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status
