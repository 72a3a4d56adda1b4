"""The chart of a vs-random table (``badugi table plot``); needs matplotlib (``pip install 'badugi[plot]'``).

Two panels a player reads at a glance: every starting hand's equity against
the rank of the made hand it holds now (1 is A-2-3-4), coloured by that made
hand's size, and a grid of the mean equity (weighted by how many hands each
stands for) by the made hand's size and top card: "a three-card 7 now is
worth about this much".
"""

from __future__ import annotations

import csv
import json
import math
import os
from pathlib import Path

from badugi.cards import ID_BY_TEXT, RANK_NAMES, card_rank
from badugi.ranking.four_card import evaluate
from badugi.tables._store import TableFileError

# typing is not imported at run time (see badugi.evaluate).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["chart", "plot_file", "read_vs_random"]

_COLUMNS = ("hand", "count", "equity", "percentile")
_SIZE_NAMES = {4: "badugi", 3: "three-card", 2: "two-card", 1: "one-card"}
_SIZE_COLOURS = {4: "#1b9e77", 3: "#7570b3", 2: "#d95f02", 1: "#e7298a"}


class Hand:
    """One row of a vs-random table, as the chart needs it."""

    __slots__ = ("count", "equity", "percentile", "rank", "size", "top")

    def __init__(self, hand: str, count: int, equity: float, percentile: float) -> None:
        value = evaluate(hand)
        self.size = value.size
        self.rank = value.rank
        self.top = card_rank(ID_BY_TEXT[value.cards[0]])  # the made hand's highest counting card
        self.count = count
        self.equity = equity
        self.percentile = percentile


def read_vs_random(path: str | os.PathLike[str]) -> list[Hand]:
    """The rows of a vs-random table file.

    Raises:
        TableFileError: the file is not a vs-random table (a missing column, a bad row).
    """
    try:
        with Path(path).open(encoding="utf-8", newline="") as file:
            rows = list(csv.DictReader(file))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise TableFileError(f"{path} is not a vs-random table: {exc}") from None
    if not rows or any(column not in rows[0] for column in _COLUMNS):
        raise TableFileError(f"{path} is not a vs-random table: it needs the columns {', '.join(_COLUMNS)}")
    hands = []
    for number, row in enumerate(rows, start=2):
        try:
            hands.append(Hand(row["hand"], int(row["count"]), float(row["equity"]), float(row["percentile"])))
        except (ValueError, TypeError):
            raise TableFileError(f"{path}, line {number}: not a row of a vs-random table") from None
    return hands


def _title(path: str | os.PathLike[str]) -> str:
    """Say the table's parameters when its chunk folder's manifest is there to say them."""
    manifest = Path(os.fspath(path) + ".chunks") / "manifest.json"
    title = "Badugi starting hands against a random hand"
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return title
    if not isinstance(recorded, dict):
        return title
    draws = recorded.get("draws")
    title += f", {draws} draw{'s' if draws != 1 else ''} to come, strategy {recorded.get('strategy')}"
    if recorded.get("samples") is not None:
        title += f"\n{recorded['samples']:,} deals per hand, seed {recorded.get('seed')}"
    return title


def chart(hands: list[Hand], title: str) -> Any:
    """A matplotlib ``Figure`` of the table (no pyplot, so no GUI backend is touched)."""
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - the plot extra, loaded only here
    except ImportError:
        raise ImportError("the chart needs matplotlib: pip install 'badugi[plot]'") from None
    figure = Figure(figsize=(13, 5.2), layout="constrained")
    curve, grid = figure.subplots(1, 2, width_ratios=(1, 1.25))
    for size in (4, 3, 2, 1):
        chosen = [h for h in hands if h.size == size]
        if chosen:
            curve.scatter(
                [h.rank for h in chosen],
                [100 * h.equity for h in chosen],
                s=2,
                color=_SIZE_COLOURS[size],
                label=f"{_SIZE_NAMES[size]} now",
                rasterized=True,
            )
    curve.set(
        xlabel="rank of the made hand now (1 = A-2-3-4 badugi, 1092 = a lone king)", ylabel="equity (%)"
    )
    curve.grid(alpha=0.3)
    curve.legend(markerscale=5, loc="upper right")

    sizes = (4, 3, 2, 1)
    cells: list[list[float]] = []
    for size in sizes:
        line = []
        for top in range(1, 14):
            chosen = [h for h in hands if h.size == size and h.top == top]
            weight = sum(h.count for h in chosen)
            line.append(sum(h.equity * h.count for h in chosen) / weight * 100 if weight else float("nan"))
        cells.append(line)
    image = grid.imshow(cells, cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
    grid.set_xticks(range(13), RANK_NAMES)
    grid.set_yticks(range(4), [_SIZE_NAMES[s] for s in sizes])
    grid.set(xlabel="top card of the made hand now", title="mean equity (%), by made hand now")
    for row, line in enumerate(cells):
        for column, value in enumerate(line):
            if not math.isnan(value):  # some hand is there
                grid.text(column, row, f"{value:.0f}", ha="center", va="center", fontsize=8)
    figure.colorbar(image, ax=grid, shrink=0.8, label="equity (%)")
    figure.suptitle(title)
    return figure


def plot_file(path: str | os.PathLike[str], out: str | os.PathLike[str]) -> None:
    """Draw the chart of the vs-random table in ``path`` into ``out`` (the format from its suffix).

    Raises:
        TableFileError: ``path`` is not a vs-random table.
        ImportError: matplotlib is not installed.
        OSError: a file cannot be read or written.
    """
    hands = read_vs_random(path)
    chart(hands, _title(path)).savefig(out, dpi=80)
