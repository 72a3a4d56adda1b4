"""``badugi chart``: starting-hand charts (vs-random, heads-up) to a CSV file, and their plot.

``badugi table`` is its old name, kept until 0.4.0: the same subcommands, with a
``DeprecationWarning`` (see docs/guide/glossary.md for the words).

Only the argument parsers load with the command line; ``badugi.charts``,
tqdm, Dask and matplotlib are imported when a subcommand runs, each only by
the subcommand that needs it.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import warnings
from collections.abc import Callable

from badugi._extras import install_command
from badugi.cli._common import OneLineParser, RunFailed, count, counted, game_option, progress_options, seed
from badugi.cli._streams import bar_stream, stderr_is_terminal
from badugi.errors import BadugiError
from badugi.games import BADUGI, GAMES

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_command"]

#: What stands for every starting hand in --hands-a and --hands-b.
EVERY_HAND = "all"


#: The command's old name, which ``badugi --help`` no longer lists, and the release that drops it.
OLD_NAME, GONE_IN = "table", "0.4.0"


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi chart`` and its subcommands to the command line's subcommands; returns its parser.

    Its old name, ``badugi table``, is added too, unlisted: the same subcommands, which warn.
    """
    _add(commands, OLD_NAME, old=True)
    return _add(commands, "chart", old=False)


def _add(commands: Any, name: str, *, old: bool) -> argparse.ArgumentParser:
    """``badugi NAME`` and its subcommands; the old name's parser has no help line, so no listing."""
    described = (f"The old name of 'badugi chart', kept until {GONE_IN}. " if old else "") + (
        "Starting-hand charts with draws to come, written to a CSV file (pandas.read_csv reads "
        "it); finished chunks are kept beside it in FILE.chunks, so a rerun resumes a stopped run."
    )
    listed = {} if old else {"help": "starting-hand charts: vs-random, heads-up, plot"}
    chart_cmd: argparse.ArgumentParser = commands.add_parser(name, description=described, **listed)
    chart_cmd.set_defaults(old_name=old)
    tables = chart_cmd.add_subparsers(
        dest="chart", required=True, metavar="CHART", parser_class=OneLineParser
    )

    vs_random_cmd = tables.add_parser(
        "vs-random",
        help="every starting hand against a random hand",
        description="Each starting hand's equity heads-up against a hand dealt from the other cards, "
        "its standard error and its percentile. In Badugi exact with --draws 0 or --strategy pat; Monte "
        "Carlo otherwise (always in the split games).",
    )
    vs_random_cmd.add_argument(
        "hands",
        nargs="*",
        metavar="HAND",
        help="starting hands to compute (default: all, 16,432 in Badugi, 134,459 in the split games)",
    )
    _common(vs_random_cmd)
    game_option(vs_random_cmd)
    vs_random_cmd.set_defaults(run=_cmd_vs_random)

    heads_up_cmd = tables.add_parser(
        "heads-up",
        help="the equity matrix of chosen starting hands",
        description="The equity of each starting hand of --hands-a against each of --hands-b, over the "
        "relabellings of b's suits that share no card with a. 'all' stands for every starting hand.",
    )
    heads_up_cmd.add_argument("--hands-a", nargs="+", required=True, metavar="HAND", help="rows, or 'all'")
    heads_up_cmd.add_argument("--hands-b", nargs="+", required=True, metavar="HAND", help="columns, or 'all'")
    _common(heads_up_cmd)
    heads_up_cmd.set_defaults(run=_cmd_heads_up)

    plot_cmd = tables.add_parser(
        "plot",
        help="draw a vs-random table's chart (needs matplotlib)",
        description="Draw a vs-random table: each starting hand's equity against the rank of the hand it "
        "makes now, and the mean equity by the made hand's size and top card. Needs matplotlib "
        "(pip install 'badugi[plot]').",
    )
    plot_cmd.add_argument("file", metavar="FILE", help="a chart written by 'badugi chart vs-random'")
    plot_cmd.add_argument(
        "--out", required=True, help="the picture to write, its type from its ending: .png, .svg, .pdf, ..."
    )
    plot_cmd.add_argument(
        "--game",
        choices=list(GAMES),
        default=None,
        type=str.lower,
        help="the table's game (default: the one its chunk folder's manifest names, else badugi)",
    )
    plot_cmd.set_defaults(run=_cmd_plot)
    return chart_cmd


def _warn_if_old(args: argparse.Namespace) -> None:
    """A run under the old name (``badugi table``) warns that the name goes."""
    if getattr(args, "old_name", False):
        warnings.warn(
            f"'badugi {OLD_NAME}' is now 'badugi chart'; the old name goes in {GONE_IN}",
            DeprecationWarning,
            stacklevel=2,
        )


def _common(command: argparse.ArgumentParser) -> None:
    command.add_argument("--out", required=True, help="the CSV file to write (its chunks go to OUT.chunks)")
    command.add_argument("--draws", type=int, choices=range(4), default=3, help="draws to come (default 3)")
    command.add_argument(
        "--strategy", choices=["best", "table", "pat"], default="best", help="how hands draw (default best)"
    )
    command.add_argument(
        "--samples", type=count, default=100_000, help="Monte Carlo deals per hand or pair (default 100,000)"
    )
    command.add_argument(
        "--seed",
        type=seed,
        default=None,
        help="the table's seed (default: a fresh one, or the resumed table's)",
    )
    command.add_argument("--chunk-size", type=count, default=None, help="hands or pairs per chunk")
    command.add_argument(
        "--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://HOST:8786"
    )
    command.add_argument(
        "--scheduler-timeout", type=count, default=30, metavar="SECONDS", help="to reach it (default 30)"
    )
    progress_options(command, always="always show a bar", never="never (default: on a terminal)")


def _cmd_vs_random(args: argparse.Namespace) -> int:
    _warn_if_old(args)
    from badugi.charts import vs_random  # noqa: PLC0415 - loaded only when asked for
    from badugi.charts._hands import class_count  # noqa: PLC0415

    def run(client: Any, progress: Any) -> Any:
        return vs_random(
            draws=args.draws,
            samples=args.samples,
            strategy=args.strategy,
            seed=args.seed,
            client=client,
            out=args.out,
            hands=args.hands or None,
            progress=progress,
            chunk_size=args.chunk_size,
            game=GAMES[args.game],
        )

    table = _run(args, run)
    game = "" if table.game == BADUGI else f"{table.game.title}, "
    hands = counted(len(table.rows), "starting hand")
    print(f"{args.out}: {game}{hands} against a random hand, {_how(table)}")
    every = class_count(table.game)
    if len(table.rows) < every:  # a percentile ranks the table's own hands, not the game's
        print(
            f"its percentiles rank {_whom(len(table.rows), hands)}, "
            f"not among all {every:,} starting hands of {table.game.title}"
        )
    return 0


def _whom(rows: int, hands: str) -> str:
    """Which hands a small table's percentiles rank: "these 5 starting hands among themselves"."""
    return "its one hand against itself alone" if rows == 1 else f"these {hands} among themselves"


def _cmd_heads_up(args: argparse.Namespace) -> int:
    _warn_if_old(args)
    from badugi.charts import heads_up  # noqa: PLC0415 - loaded only when asked for

    def run(client: Any, progress: Any) -> Any:
        return heads_up(
            _hand_set(args.hands_a),
            _hand_set(args.hands_b),
            draws=args.draws,
            samples=args.samples,
            seed=args.seed,
            client=client,
            out=args.out,
            strategy=args.strategy,
            progress=progress,
            chunk_size=args.chunk_size,
        )

    table = _run(args, run)
    shape = f"{len(table.hands_a):,} x {len(table.hands_b):,}"
    print(f"{args.out}: {shape} starting hands heads-up, {_how(table, at_least=True)}")
    return 0


def _hand_set(hands: list[str]) -> list[str] | None:
    return None if hands == [EVERY_HAND] else hands


def _how(table: Any, at_least: bool = False) -> str:
    """How a table was computed; ``at_least``: its cells' matchups share the deals out, rounding up."""
    draws = f"{counted(table.draws, 'draw')}, strategy {table.strategy}"
    if table.exact:
        return f"{draws}: exact"
    least = "at least " if at_least else ""
    return f"{draws}: Monte Carlo, {least}{counted(table.samples, 'deal')} each, seed {table.seed}"


def _run(args: argparse.Namespace, run: Callable[[Any, Any], Any]) -> Any:
    """Connect to the scheduler if asked, run with a progress bar if shown, say any OS error in one line."""
    from badugi.charts import TableRunError  # noqa: PLC0415 - the subcommand has loaded the tables
    from badugi.charts._store import brief  # noqa: PLC0415

    stream = bar_stream()  # None: no stderr to draw on
    show = stream is not None and (stderr_is_terminal() if args.progress is None else args.progress)
    bars: list[Any] = []

    def progress(done: int, total: int) -> None:
        if not bars:
            from tqdm import tqdm  # noqa: PLC0415 - only a run that shows a bar draws one

            # It starts at the chunks already on disk: a resumed run shows them from its first line.
            bars.append(tqdm(total=total, initial=done, unit=" chunks", file=stream, leave=False))
        bars[0].update(done - bars[0].n)

    client = None
    quiet = _QuietLogging()
    try:
        if args.scheduler is not None:
            quiet.start()
            client = _connect(args.scheduler, args.scheduler_timeout)
        return run(client, progress if show else None)
    except OSError as exc:  # a folder it may not write
        raise BadugiError(f"{type(exc).__name__}: {exc}") from None
    except TableRunError as exc:
        # The library's words say "the same out and parameters"; here that is the same command.
        kept = "none is kept" if exc.folder is None else f"kept in {brief(exc.folder)}"
        raise RunFailed(
            f"the run on the Dask cluster failed ({exc.cause}); {exc.finished} of {exc.chunks} chunks are "
            f"finished and {kept}: rerun the same command to resume from them"
        ) from None
    finally:
        for bar in bars:
            bar.close()
        if client is not None:
            # A client whose scheduler is gone may fail to close; the run's own error is the one to say.
            with contextlib.suppress(Exception):
                client.close()
        quiet.stop()


class _QuietLogging:
    """No log records while a run uses a scheduler.

    Dask's client logs from a thread of its own: a lost scheduler comes out
    as tracebacks on stderr, before and after the one line this command says
    about it. This command logs nothing itself, so every record is dropped
    from the first call to Dask to the client's close, and the setting before
    is restored (``main`` may run inside another program).
    """

    def __init__(self) -> None:
        self.before: int | None = None

    def start(self) -> None:
        self.before = logging.root.manager.disable
        logging.disable(logging.CRITICAL)

    def stop(self) -> None:
        if self.before is not None:
            logging.disable(self.before)


def _connect(address: str, timeout: int) -> Any:
    try:
        # Imported by name, so that type checks need no dask; only --scheduler imports it.
        client_type = importlib.import_module("distributed").Client
    except ImportError:
        raise BadugiError(f"--scheduler needs dask.distributed: {install_command('dask')}") from None
    try:
        return client_type(address, timeout=timeout)
    except (OSError, ValueError, TypeError) as exc:
        raise BadugiError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None


def _cmd_plot(args: argparse.Namespace) -> int:
    _warn_if_old(args)
    from badugi.charts.plot import plot_file  # noqa: PLC0415 - matplotlib loads only here

    try:
        plot_file(args.file, args.out, None if args.game is None else GAMES[args.game])
    except (OSError, ImportError) as exc:
        raise BadugiError(f"{type(exc).__name__}: {exc}") from None
    print(f"{args.out}: the chart of {args.file}")
    return 0
