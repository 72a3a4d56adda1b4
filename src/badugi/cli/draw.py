"""``badugi draw``: the discard that maximises a hand's expected final strength, and every option."""

from __future__ import annotations

import argparse
import json

from badugi.equity import best_discard

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
        description="The discard that maximises the expected strength of the final hand, and all 16 options.",
    )
    draw_cmd.add_argument("hand", metavar="HAND", help='four cards, e.g. "Ah 2s 3d Kd"')
    draw_cmd.add_argument("--draws", type=int, choices=range(1, 4), default=1, help="draws left (default 1)")
    draw_cmd.add_argument("--dead", default="", help="cards seen out of the deck")
    draw_cmd.add_argument("--json", action="store_true", help="print JSON")
    draw_cmd.set_defaults(run=run)
    return draw_cmd


def run(args: argparse.Namespace) -> int:
    """Print the best discard and every option; returns the exit status."""
    result = best_discard(args.hand, draws=args.draws, dead=args.dead)
    if args.json:
        print(
            json.dumps(
                {
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
    print(f"{args.hand}, {args.draws} draw{'s' if args.draws != 1 else ''} left: throw {throw}")
    how = (
        "every replacement counted"
        if result.exact
        else "this draw counted exactly, later draws valued from the draw-value table"
    )
    print(f"expected final strength {result.expected:.6f} ({how})")
    print(f"{'':>2}  {'keep':<12}  {'throw':<12}  {'expected':>8}")
    for number, option in enumerate(result.options, start=1):
        print(
            f"{number:>2}  {' '.join(option.keep) or '-':<12}  {' '.join(option.discard) or '-':<12}  "
            f"{option.expected:.6f}"
        )
    return 0
