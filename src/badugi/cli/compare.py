"""``badugi compare``: which of two hands wins, or each half's winner."""

from __future__ import annotations

import argparse
import json

from badugi.cards import check_one_deck, parse_cards
from badugi.cli._common import game_option
from badugi.cli._hands import evaluate_arg, half_json, halves_arg, value_json
from badugi.games import BADUGI, GAMES, Game
from badugi.ranking.four_card import compare

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_command", "run"]


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi compare`` to the command line's subcommands; returns its parser."""
    compare_cmd: argparse.ArgumentParser = commands.add_parser(
        "compare",
        help="say which of two hands wins",
        description="Say which of two hands wins, or that they tie.",
    )
    compare_cmd.add_argument("a", metavar="A", help='the first hand, e.g. "8c 7d 5h 4s"')
    compare_cmd.add_argument("b", metavar="B", help='the second hand, e.g. "9c 4d 3h 2s"')
    compare_cmd.add_argument("--json", action="store_true", help="print JSON")
    game_option(compare_cmd)
    compare_cmd.set_defaults(run=run)
    return compare_cmd


def run(args: argparse.Namespace) -> int:
    """Print what was asked; returns the exit status."""
    game: Game = GAMES[args.game]
    if game is not BADUGI:
        return _compare_halves(game, args)
    a, b = evaluate_arg(args.a), evaluate_arg(args.b)
    result = compare(args.a, args.b)
    if args.json:
        winner = {1: "a", -1: "b", 0: "tie"}[result]
        print(
            json.dumps(
                {"result": result, "winner": winner, "a": value_json(args.a, a), "b": value_json(args.b, b)}
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
    a, b = halves_arg(game, args.a), halves_arg(game, args.b)
    check_one_deck((parse_cards(args.a), parse_cards(args.b)), ("hand a", "hand b"))  # as badugi.compare
    results = [(x.rank < y.rank) - (x.rank > y.rank) for x, y in zip(a, b, strict=True)]
    if args.json:
        halves = [
            {
                "scale": x.scale,
                "result": r,
                "winner": {1: "a", -1: "b", 0: "tie"}[r],
                "a": half_json(x),
                "b": half_json(y),
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
