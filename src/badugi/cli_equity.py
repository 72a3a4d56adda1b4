"""``badugi equity`` and ``badugi draw``: equity with draws to come; the best discard and every option."""

from __future__ import annotations

import argparse
import json

from badugi._streams import bar_stream, stderr_is_terminal
from badugi.equity import DEFAULT_SAMPLES, best_discard, run_equity

# typing is not imported at run time (see badugi.evaluate).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["draw_command", "equity_command"]

#: What stands for a hand with no known card on the command line, besides "".
NO_CARDS = "-"
#: Monte Carlo runs at least this long get a progress bar on a terminal.
_BAR_FROM_SAMPLES = 200_000


def _hand(text: str) -> str:
    return "" if text == NO_CARDS else text


def equity_command(args: argparse.Namespace) -> int:
    """Print each player's equity; returns the exit status."""
    hands = [_hand(h) for h in args.hands]
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    stream = bar_stream()  # None: no stderr to draw on
    show = stream is not None and (stderr_is_terminal() if args.progress is None else args.progress)
    bars: list[Any] = []

    def progress(deals: int) -> None:
        # Called only by a Monte Carlo run, after each slice: the bar appears then.
        if not bars:
            from tqdm import tqdm  # noqa: PLC0415 - only a long run on a terminal draws a bar

            bars.append(tqdm(total=samples, unit=" deals", unit_scale=True, file=stream, leave=False))
        bars[0].update(deals - bars[0].n)

    try:
        result = run_equity(
            hands,
            draws=args.draws,
            dead=args.dead,
            strategy=args.strategy,
            samples=args.samples,
            seed=args.seed,
            threads=args.threads,
            progress=progress if show and samples >= _BAR_FROM_SAMPLES else None,
        )
    finally:
        for bar in bars:
            bar.close()
    if args.json:
        print(
            json.dumps(
                {
                    "draws": args.draws,
                    "strategy": args.strategy,
                    "dead": args.dead,
                    "exact": result.exact,
                    "samples": result.samples,
                    "seed": result.seed,
                    "players": [
                        {
                            "hand": hand,
                            "equity": result.equity[p],
                            "win": result.win[p],
                            "tie": result.tie[p],
                            "std_error": result.std_error[p],
                        }
                        for p, hand in enumerate(hands)
                    ],
                }
            )
        )
        return 0
    draws = f"{args.draws} draw{'s' if args.draws != 1 else ''}"
    if result.exact:
        print(f"{draws}, strategy {args.strategy}: exact, {result.samples:,} deals")
    else:
        print(f"{draws}, strategy {args.strategy}: Monte Carlo, {result.samples:,} deals, seed {result.seed}")
    width = max(4, *(len(h) for h in args.hands))
    error_column = "" if result.exact else f"  {'± std error':>11}"  # an exact result has no error
    print(f"{'player':>6}  {'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}{error_column}")
    for p, hand in enumerate(args.hands):
        error = "" if result.exact else f"  {100 * result.std_error[p]:10.3f}%"
        print(
            f"{p:>6}  {hand:<{width}}  {100 * result.equity[p]:7.3f}%  {100 * result.win[p]:7.3f}%  "
            f"{100 * result.tie[p]:7.3f}%{error}"
        )
    return 0


def draw_command(args: argparse.Namespace) -> int:
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
