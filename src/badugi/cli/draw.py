"""``badugi draw``: the discard that maximises a hand's expected final strength, and every option."""

from __future__ import annotations

import argparse
import json

from badugi.cli._common import game_option
from badugi.equity import best_discard
from badugi.games import BADUGI, GAMES

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_command", "run"]


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi draw`` to the command line's subcommands; returns its parser."""
    draw_cmd: argparse.ArgumentParser = commands.add_parser(
        "draw",
        help="the best discard of a hand and every option",
        description="The discard that maximises the expected strength of the final hand, and every option "
        "(16 of four cards, 32 of five).",
    )
    draw_cmd.add_argument(
        "hand", metavar="HAND", help='four cards, e.g. "Ah 2s 3d Kd" (five with --game badeucy or badacey)'
    )
    draw_cmd.add_argument("--draws", type=int, choices=range(1, 4), default=1, help="draws left (default 1)")
    draw_cmd.add_argument("--dead", default="", help="cards seen out of the deck")
    draw_cmd.add_argument("--json", action="store_true", help="print JSON")
    game_option(draw_cmd)
    draw_cmd.set_defaults(run=run)
    return draw_cmd


def run(args: argparse.Namespace) -> int:
    """Print the best discard and every option; returns the exit status."""
    game = GAMES[args.game]
    result = best_discard(args.hand, draws=args.draws, dead=args.dead, game=game)
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "hand": args.hand,
                    "draws": args.draws,
                    "dead": args.dead,
                    "exact": result.exact,
                    "keep": list(result.keep),
                    "discard": list(result.discard),
                    "expected": result.expected,
                    "options": [
                        {"keep": list(o.keep), "discard": list(o.discard), "expected": o.expected}
                        for o in result.options
                    ],
                }
            )
        )
        return 0
    throw = " ".join(result.discard) or "nothing (stand pat)"
    title = "" if game is BADUGI else f"{game.title}: "
    print(f"{title}{args.hand}, {args.draws} draw{'s' if args.draws != 1 else ''} left: throw {throw}")
    how = (
        "every replacement counted"
        if result.exact
        else "this draw counted exactly, later draws valued from the draw-value table"
    )
    print(f"expected final strength {result.expected:.6f} ({how})")
    width = 3 * game.hand_size  # "Kd " a card
    print(f"{'':>2}  {'keep':<{width}}  {'throw':<{width}}  {'expected':>8}")
    for number, option in enumerate(result.options, start=1):
        kept, thrown = " ".join(option.keep) or "-", " ".join(option.discard) or "-"
        print(f"{number:>2}  {kept:<{width}}  {thrown:<{width}}  {option.expected:.6f}")
    return 0
