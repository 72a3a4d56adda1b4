"""``badugi equity``: each hand's share of the pot with draws to come, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import json
import time

from badugi.cli._common import count, counted, game_option, progress_options, seed
from badugi.cli._streams import bar_stream, say, stderr_is_terminal
from badugi.equity import DEFAULT_SAMPLES, run_equity
from badugi.games import BADUGI, GAMES

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["NO_CARDS", "add_command", "run"]

#: What stands for a hand with no known card on the command line, besides "".
NO_CARDS = "-"
#: Monte Carlo runs at least this long get a progress bar on a terminal.
_BAR_FROM_SAMPLES = 200_000
#: Deals timed before a long Monte Carlo run, to say what the whole run will cost.
_TRIAL_SAMPLES = 2_000
#: A trial lasting this long times a deal well enough (the fixed costs of a run are far less).
_TRIAL_SECONDS = 0.2
#: A run estimated at more seconds than this is said on stderr before it starts.
_SAY_COST_FROM_SECONDS = 5.0


def _hand(text: str) -> str:
    return "" if text == NO_CARDS else text


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi equity`` to the command line's subcommands; returns its parser."""
    equity_cmd: argparse.ArgumentParser = commands.add_parser(
        "equity",
        help="each hand's share of the pot with draws to come",
        description="Each hand's equity (share of the pot, ties split) with draws to come: exact when "
        "every deal can be counted, else Monte Carlo. A hand of fewer cards than the game deals (or - "
        "for none) draws the rest at the first draw.",
    )
    equity_cmd.add_argument(
        "hands", nargs="+", metavar="HAND", help='0 to 4 known cards (5 in the split games), e.g. "Ah2s3d"'
    )
    equity_cmd.add_argument(
        "--draws", type=int, choices=range(4), default=1, help="draws to come (default 1)"
    )
    equity_cmd.add_argument("--dead", default="", help="cards out of the deck, seen by every player")
    equity_cmd.add_argument(
        "--strategy", choices=["best", "table", "pat"], default="best", help="how hands draw (default best)"
    )
    equity_cmd.add_argument(
        "--samples", type=count, default=None, help="Monte Carlo deals (default 1,000,000)"
    )
    equity_cmd.add_argument("--seed", type=seed, default=None, help="seed for a repeatable Monte Carlo run")
    equity_cmd.add_argument("--threads", type=count, default=None, help="threads (default: every core)")
    equity_cmd.add_argument("--json", action="store_true", help="print JSON")
    game_option(equity_cmd)
    progress_options(equity_cmd, always="always show a bar", never="never (default: on a terminal)")
    equity_cmd.set_defaults(run=run)
    return equity_cmd


def run(args: argparse.Namespace) -> int:
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

    settings: dict[str, Any] = {
        "draws": args.draws,
        "dead": args.dead,
        "strategy": args.strategy,
        "threads": args.threads,
        "game": GAMES[args.game],
    }
    if samples > _TRIAL_SAMPLES:
        _say_what_it_costs(hands, samples, settings)
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
            game=GAMES[args.game],
        )
    finally:
        for bar in bars:
            bar.close()
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
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
    draws, deals = counted(args.draws, "draw"), counted(result.samples, "deal")
    game = "" if args.game == BADUGI.name else f"{GAMES[args.game].title}, "
    if result.exact:
        print(f"{game}{draws}, strategy {args.strategy}: exact, {deals}")
    else:
        print(f"{game}{draws}, strategy {args.strategy}: Monte Carlo, {deals}, seed {result.seed}")
    # A hand with no known card shows as it is typed: "-" (given as "" or "-").
    shown = [hand or NO_CARDS for hand in hands]
    width = max(4, *(len(h) for h in shown))
    error_column = "" if result.exact else f"  {'± std error':>11}"  # an exact result has no error
    print(f"{'player':>6}  {'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}{error_column}")
    for p, hand in enumerate(shown):
        error = "" if result.exact else f"  {100 * result.std_error[p]:10.3f}%"
        print(
            f"{p:>6}  {hand:<{width}}  {100 * result.equity[p]:7.3f}%  {100 * result.win[p]:7.3f}%  "
            f"{100 * result.tie[p]:7.3f}%{error}"
        )
    if GAMES[args.game].is_split:  # where "tie" is most of what a good hand does
        print("win: the whole pot (both halves); tie: a part of it (one half, or a share of a split)")
    return 0


def _say_what_it_costs(hands: list[str], samples: int, settings: dict[str, Any]) -> None:
    """Time a few deals of a Monte Carlo run and, if the whole run will be long, say so on stderr.

    A three-draw run of a split game with the best strategy costs tens of microseconds a deal, a
    minute or more at the default million deals, and through a pipe no bar shows that anything is
    happening; the table strategy plays the same draws from a table at a fraction of that cost.
    """
    # The first deals build the game's tables (once a process) and start the threads: timed apart.
    if run_equity(hands, samples=_TRIAL_SAMPLES, seed=0, **settings).exact:
        return  # counted exactly, whatever the samples: no Monte Carlo run to come
    # Then trials of twice the deals each, until one lasts long enough to be timed or the whole run
    # is known to be short.
    deals = _TRIAL_SAMPLES
    while True:
        started = time.perf_counter()
        run_equity(hands, samples=deals, seed=0, **settings)
        elapsed = time.perf_counter() - started
        if elapsed >= _TRIAL_SECONDS or deals * 20 >= samples:
            break
        deals *= 2
    seconds = elapsed * samples / deals
    if seconds < _SAY_COST_FROM_SECONDS:
        return
    cheaper = ""
    if settings["strategy"] == "best" and settings["draws"] > 1:
        cheaper = "; --strategy table plays the draws from a table at a fraction of the cost"
    say(f"badugi equity: {samples:,} deals will take about {seconds:,.0f} s{cheaper}; --samples sets fewer")
