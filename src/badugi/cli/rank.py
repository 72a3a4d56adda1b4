"""``badugi rank``: each hand's rank, size, playing cards and name."""

from __future__ import annotations

import argparse
import json

from badugi.cli._common import game_option
from badugi.cli._hands import evaluate_arg, half_json, halves_arg, value_json
from badugi.games import BADUGI, GAMES, Game

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_command", "run"]


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi rank`` to the command line's subcommands; returns its parser."""
    rank_cmd: argparse.ArgumentParser = commands.add_parser(
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
    game_option(rank_cmd)
    rank_cmd.set_defaults(run=run)
    return rank_cmd


def run(args: argparse.Namespace) -> int:
    """Print what was asked; returns the exit status."""
    game: Game = GAMES[args.game]
    if game is not BADUGI:
        return _rank_halves(game, args)
    values = [(hand, evaluate_arg(hand)) for hand in args.hands]
    if args.json:
        print(json.dumps([value_json(hand, value) for hand, value in values]))
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
    values = [(hand, halves_arg(game, hand)) for hand in args.hands]
    if args.json:
        rows = [
            {"hand": hand, "game": game.name, "halves": [half_json(v) for v in halves]}
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
