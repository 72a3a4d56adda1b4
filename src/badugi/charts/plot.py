"""The chart of a vs-random table (``badugi chart plot``); needs matplotlib (``pip install 'badugi[plot]'``).

Two panels a player reads at a glance: every starting hand's equity against
the rank of the made hand it holds now (1 is A-2-3-4), coloured by that made
hand's size, and a grid of the mean equity (weighted by how many hands each
stands for) by the made hand's size and top card: "a three-card 7 now is
worth about this much". In a split game the made hand is the Badugi half's
and the grid's columns are the top card of the five-card low half, best low
first, its paired lows in a column of their own: "a three-card badugi with a
9 low is worth about this much".
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from pathlib import Path

from badugi._extras import install_command
from badugi.cards import ID_BY_TEXT, RANK_NAMES, card_rank
from badugi.charts._args import read_table_game
from badugi.charts._jobs import VS_RANDOM
from badugi.charts._manifest import manifest_problem
from badugi.charts._store import TableFileError, brief, read_text
from badugi.equity._args import short
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, GAMES, Game, GameLike

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CHART_TYPES", "chart", "plot_file", "read_chart_out", "read_vs_random"]

#: The picture types a chart is written as, by the end of its file name: matplotlib writes
#: these with no other program (its "pgf" needs LaTeX; "raw" and "rgba" are bare pixels).
CHART_TYPES = ("png", "svg", "svgz", "pdf", "eps", "ps", "jpg", "jpeg", "tif", "tiff", "webp")
#: The longest a vs-random table file can be: 134,459 rows of some 170 bytes, and room to spare.
_MOST_TABLE_BYTES = 1 << 26

_COLUMNS = ("hand", "count", "equity", "percentile")
_SIZE_NAMES = {4: "badugi", 3: "three-card", 2: "two-card", 1: "one-card"}
_SIZE_COLOURS = {4: "#1b9e77", 3: "#7570b3", 2: "#d95f02", 1: "#e7298a"}
#: The grid's column of a split game's hands whose low half is no plain low: a pair or more of a
#: rank, and in 2-7 a straight or a flush.
_PAIRED = "pair+"


class Hand:
    """One row of a vs-random table, as the chart needs it."""

    __slots__ = ("column", "count", "equity", "low_rank", "percentile", "rank", "size")

    def __init__(self, hand: str, count: int, equity: float, percentile: float, game: Game = BADUGI) -> None:
        values = game.evaluate(hand)
        badugi, low = values[0], values[-1]  # the Badugi half and the low half: both the hand in Badugi
        self.size = len(badugi.cards)
        self.rank = badugi.rank
        self.low_rank = low.rank
        # The grid's column: the made hand's highest counting card, or in a split game the low
        # half's. A low that is no plain low (a pair, a 2-7 straight or flush) has no top card that
        # says how low it is; the scales name a plain low by its ranks alone ("9-7-4-3-2").
        top = RANK_NAMES[card_rank(ID_BY_TEXT[low.cards[0]]) - 1]
        plain = all(part in RANK_NAMES for part in low.name.split("-"))
        self.column = top if not game.is_split or plain else _PAIRED
        self.count = count
        self.equity = equity
        self.percentile = percentile


def read_vs_random(path: str | os.PathLike[str], game: GameLike | None = None) -> list[Hand]:
    """The rows of a vs-random table file of the game.

    ``game`` None: the game its chunk folder's manifest names, if it is there
    to say it; else Badugi for four-card hands, and a five-card table needs
    its game. A game given must be the one the manifest names, if it is there.

    Raises:
        TableFileError: ``path`` is not a path, cannot be read (missing, a
            folder, ...), or is not a vs-random table of the game (a missing
            column, a bad row); a five-card table with no game to read it by,
            or a game other than the one its chunk folder names.
        InvalidHandError: ``game`` is not None or one of ``badugi.games``.
    """
    chosen = None if game is None else read_table_game(game)
    where = Path(_path_text(path, "the table"))
    try:
        text = read_text(where, _MOST_TABLE_BYTES)
    except OSError as exc:
        raise TableFileError(f"cannot read {brief(where)}: {exc.strerror or type(exc).__name__}") from None
    except ValueError as exc:  # not a regular file, too long, not UTF-8
        raise TableFileError(f"{brief(where)} is not a vs-random table: {exc}") from None
    try:
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise TableFileError(f"{brief(where)} is not a vs-random table: {exc}") from None
    if not rows or any(column not in rows[0] for column in _COLUMNS):
        raise TableFileError(
            f"{brief(where)} is not a vs-random table: it needs the columns {', '.join(_COLUMNS)}"
        )
    recorded = _recorded_game(where)
    if chosen is not None and recorded is not None and recorded != chosen:
        raise TableFileError(
            f"{brief(where)} is a table of {recorded.title}, its chunk folder says, not of {chosen.title}"
        )
    if chosen is None:
        chosen = recorded or _game_by_size(where, rows[0]["hand"])
    hands = []
    for number, row in enumerate(rows, start=2):
        try:
            hands.append(
                Hand(row["hand"], int(row["count"]), float(row["equity"]), float(row["percentile"]), chosen)
            )
        except (ValueError, TypeError):  # InvalidHandError is a ValueError: a hand that is not the game's
            raise TableFileError(
                f"{brief(where)}, line {number}: not a row of a vs-random table of {chosen.title}"
            ) from None
    return hands


def _game_by_size(where: Path, hand: object) -> Game:
    """Badugi for a table of four-card hands; a five-card table could be either split game."""
    try:
        size = len(BADUGI.parse(hand)) if isinstance(hand, str) else 0
    except InvalidHandError:
        size = 0
    if size == BADUGI.hand_size:
        return BADUGI
    split = " or ".join(g.name for g in GAMES.values() if g.hand_size != BADUGI.hand_size)
    raise TableFileError(
        f"{brief(where)}: its first hand is not a Badugi hand, and no manifest beside it names its game: "
        f"give the game ({split})"
    )


def _manifest(path: Path) -> dict[str, Any] | None:
    """The manifest of the table's chunk folder, when it is there and one of ours."""
    manifest = path.with_name(path.name + ".chunks") / "manifest.json"
    try:
        recorded = json.loads(read_text(manifest, 1 << 22))
    except (OSError, ValueError, RecursionError):  # no manifest, or none of ours
        return None
    if manifest_problem(recorded) is not None or recorded["table"] != VS_RANDOM:
        return None
    return recorded  # type: ignore[no-any-return]


def _recorded_game(path: Path) -> Game | None:
    recorded = _manifest(path)
    return None if recorded is None else GAMES[recorded.get("game", BADUGI.name)]


def _path_text(path: object, what: str) -> str:
    """A path argument's text (a Path would drop a trailing separator), or a TableFileError naming it."""
    if not isinstance(path, (str, os.PathLike)):
        raise TableFileError(f"{what} must be a path (str or os.PathLike), got {short(path)}")
    try:
        text = os.fspath(path)
    except Exception:
        raise TableFileError(f"{what} must be a path (str or os.PathLike), got {short(path)}") from None
    if not isinstance(text, str) or not text or "\x00" in text:
        raise TableFileError(f"{what} must name a file, got {short(path)}")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise TableFileError(f"{what} {short(text)} cannot be a file name here") from None
    return text


def read_chart_out(out: object) -> tuple[Path, str]:
    """Where the chart goes and its picture type: a file name ending in one of ``CHART_TYPES``.

    matplotlib takes the type from the name and, with none, adds ".png" to
    it, so "charts/" would be written as the hidden file "charts/.png":
    a folder, a name ending with a separator, a name that is only an ending,
    and an ending that is no picture type are refused, before any work.

    Raises:
        TableFileError: naming ``out`` and what is wrong with it.
    """
    text = _path_text(out, "the chart's out")
    where = Path(text)
    last = text.replace(os.altsep or os.sep, os.sep).rsplit(os.sep, 1)[-1]
    types = ", ".join(f".{t}" for t in CHART_TYPES)
    if last in ("", ".", "..") or _is_dir(where, where):
        raise TableFileError(f"the chart's out {brief(where)} is a folder; give a file name, e.g. chart.png")
    stem, dot, ending = last.rpartition(".")
    if not dot:
        raise TableFileError(
            f"the chart's out {brief(where)} has no picture type: end it with one of {types}"
        )
    if ending.lower() not in CHART_TYPES:
        raise TableFileError(
            f"the chart's out {brief(where)} ends with .{ending[:16]}, no picture type it writes: "
            f"end it with one of {types}"
        )
    if not stem:
        raise TableFileError(
            f"the chart's out {brief(where)} has no file name before .{ending}; give one, e.g. chart.png"
        )
    if not _is_dir(where.parent, where):
        raise TableFileError(
            f"cannot write the chart to {brief(where)}: the folder {brief(where.parent)} does not exist"
        )
    return where, ending.lower()


def _is_dir(path: Path, out: Path) -> bool:
    """``path.is_dir()``, an OS error (a name too long) said as a TableFileError naming ``out``."""
    try:
        return path.is_dir()
    except OSError as exc:
        raise TableFileError(
            f"cannot write the chart to {brief(out)}: {exc.strerror or type(exc).__name__}"
        ) from None


def _title(path: Path, game: Game) -> str:
    """Say the table's parameters when its chunk folder's manifest is there to say them."""
    title = f"{game.title} starting hands against a random hand"
    recorded = _manifest(path)
    if recorded is None or GAMES[recorded.get("game", BADUGI.name)] != game:
        return title
    draws = recorded["draws"]
    title += f", {draws} draw{'s' if draws != 1 else ''} to come, strategy {recorded['strategy']}"
    if recorded["samples"] is not None:
        title += f"\n{recorded['samples']:,} deals per hand, seed {recorded['seed']}"
    return title


def chart(hands: list[Hand], title: str, game: Game = BADUGI) -> Any:
    """A matplotlib ``Figure`` of the table (no pyplot, so no GUI backend is touched)."""
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - the plot extra, loaded only here
    except ImportError:
        raise ImportError(f"the chart needs matplotlib: {install_command('plot')}") from None
    figure = Figure(figsize=(13, 5.2), layout="constrained")
    curve, grid = figure.subplots(1, 2, width_ratios=(1, 1.25))
    # A point's area: small enough that 16,432 hands do not hide each other, large enough that a
    # table of a few hands shows them (at the smallest area a chart of three hands looked empty).
    area = min(36.0, max(2.0, 20_000 / max(1, len(hands))))
    for size in (4, 3, 2, 1):
        chosen = [h for h in hands if h.size == size]
        if chosen:
            curve.scatter(
                [h.rank for h in chosen],
                [100 * h.equity for h in chosen],
                s=area,
                color=_SIZE_COLOURS[size],
                label=f"{_SIZE_NAMES[size]} now",
                rasterized=True,
            )
    badugi, low = game.halves[0], game.halves[-1]
    best, worst = badugi.describe(1), badugi.describe(badugi.worst)
    half = "the Badugi half" if game.is_split else "the made hand"
    curve.set(xlabel=f"rank of {half} now (1 = {best}, {badugi.worst} = {worst})", ylabel="equity (%)")
    curve.grid(alpha=0.3)
    curve.legend(markerscale=max(1.0, 5 * (2 / area) ** 0.5), loc="upper right")  # the legend's as large

    sizes = (4, 3, 2, 1)
    labels = _columns(hands, game)
    cells: list[list[float]] = []
    for size in sizes:
        line = []
        for label in labels:
            chosen = [h for h in hands if h.size == size and h.column == label]
            weight = sum(h.count for h in chosen)
            line.append(sum(h.equity * h.count for h in chosen) / weight * 100 if weight else float("nan"))
        cells.append(line)
    image = grid.imshow(cells, cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
    grid.set_xticks(range(len(labels)), labels)
    grid.set_yticks(range(4), [_SIZE_NAMES[s] for s in sizes])
    columns = f"top card of the {low.name} half now" if game.is_split else "top card of the made hand now"
    grid.set(xlabel=columns, title=f"mean equity (%), by {half} now")
    for row, line in enumerate(cells):
        for column, value in enumerate(line):
            if not math.isnan(value):  # some hand is there
                grid.text(column, row, f"{value:.0f}", ha="center", va="center", fontsize=8)
    figure.colorbar(image, ax=grid, shrink=0.8, label="equity (%)")
    figure.suptitle(title)
    return figure


def _columns(hands: list[Hand], game: Game) -> list[str]:
    """The grid's columns: Badugi's 13 ranks in order; a split game's low tops, best low first, then pairs."""
    if not game.is_split:
        return list(RANK_NAMES)
    best: dict[str, int] = {}
    for h in hands:
        if h.column != _PAIRED:
            best[h.column] = min(best.get(h.column, h.low_rank), h.low_rank)
    paired = [_PAIRED] if any(h.column == _PAIRED for h in hands) else []
    return sorted(best, key=best.__getitem__) + paired


def plot_file(
    path: str | os.PathLike[str], out: str | os.PathLike[str], game: GameLike | None = None
) -> None:
    """Draw the chart of the vs-random table in ``path`` into ``out``, its type from its name's end.

    ``out`` is a file name ending in one of ``CHART_TYPES`` (".png", ".svg",
    ".pdf", ...), in a folder that exists; it is checked before any work.
    ``game`` is the table's game, as ``read_vs_random`` takes it.

    Raises:
        TableFileError: ``out`` names no picture file (see ``read_chart_out``),
            ``path`` is not a vs-random table of the game, or a file cannot be read or written.
        InvalidHandError: ``game`` is not None or one of ``badugi.games``.
        ImportError: matplotlib is not installed.
    """
    chosen = None if game is None else read_table_game(game)
    where, kind = read_chart_out(out)
    table = Path(_path_text(path, "the table"))
    hands = read_vs_random(table, chosen)
    chosen = chosen or _recorded_game(table) or BADUGI  # read_vs_random found it when it was None
    figure = chart(hands, _title(table, chosen), chosen)
    try:
        figure.savefig(where, format=kind, dpi=80)
    except OSError as exc:
        raise TableFileError(
            f"cannot write the chart to {brief(where)}: {exc.strerror or type(exc).__name__}"
        ) from None
