"""The tables ``vs_random`` and ``heads_up`` return: immutable, comparable, picklable, and their CSV text."""

from __future__ import annotations

import csv
import io

from badugi._frozen import Frozen
from badugi.cards import HandLike
from badugi.charts._hands import read_table_game, starting_hand
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, Game, GameLike

__all__ = ["HeadsUpCell", "HeadsUpTable", "VsRandomRow", "VsRandomTable"]


class VsRandomRow(Frozen):
    """One starting hand against a random hand (``badugi.charts.vs_random``).

    Attributes:
        hand: the starting hand's representative, e.g. "4s 3h 2d Ac".
        name: its made hand now, e.g. "4-3-2-A badugi" (a split game's:
            "7-3-2-A badugi / K-7-3-2-A", the halves' names).
        count: how many of the game's hands it stands for.
        equity: its share of the pot heads-up against a hand dealt from the
            other cards that plays by the same strategy, split pots
            counted, averaged over the hands it stands for.
        std_error: the standard error of ``equity`` (0.0 when exact).
        win, tie: the chances of winning the whole pot and of splitting it.
        samples: deals counted (every deal when exact).
        percentile: the share of the table's hands, weighted by count, with
            a lower equity, those with an equal one counting half, in percent:
            of the hands the table holds, so a table of a few hands ranks
            them among themselves, not among every starting hand.
    """

    __slots__ = ("count", "equity", "hand", "name", "percentile", "samples", "std_error", "tie", "win")

    hand: str
    name: str
    count: int
    equity: float
    std_error: float
    win: float
    tie: float
    samples: int
    percentile: float

    def __init__(  # noqa: PLR0917 - one field each
        self,
        hand: str,
        name: str,
        count: int,
        equity: float,
        std_error: float,
        win: float,
        tie: float,
        samples: int,
        percentile: float,
    ) -> None:
        self._set(
            hand=hand,
            name=name,
            count=count,
            equity=equity,
            std_error=std_error,
            win=win,
            tie=tie,
            samples=samples,
            percentile=percentile,
        )

    def __repr__(self) -> str:
        return f"VsRandomRow(hand={self.hand!r}, equity={self.equity!r}, percentile={self.percentile!r})"


class VsRandomTable(Frozen):
    """Starting hands against a random hand, in the order of ``canonical_hands(game)``.

    Attributes:
        game: the game (``badugi.games``).
        draws: draws to come (0..3).
        strategy: how both hands draw, "best", "table" or "pat".
        exact: True when every deal was counted: in Badugi, no draw, or "pat".
        samples: Monte Carlo deals per hand, None when exact.
        seed: the table's seed, None when exact.
        rows: one ``VsRandomRow`` per starting hand.
    """

    __slots__ = ("draws", "exact", "game", "rows", "samples", "seed", "strategy")

    game: Game
    draws: int
    strategy: str
    exact: bool
    samples: int | None
    seed: int | None
    rows: tuple[VsRandomRow, ...]

    def __init__(
        self,
        *,
        draws: int,
        strategy: str,
        samples: int | None,
        seed: int | None,
        rows: tuple[VsRandomRow, ...],
        game: GameLike = BADUGI,
    ) -> None:
        self._set(
            game=read_table_game(game),
            draws=draws,
            strategy=strategy,
            exact=samples is None,
            samples=samples,
            seed=seed,
            rows=rows,
        )

    def row(self, hand: HandLike) -> VsRandomRow:
        """The row of the starting hand that ``hand`` belongs to (any suits).

        Raises:
            InvalidHandError: an invalid hand, or one whose starting hand is not in the table.
        """
        text = starting_hand(hand, self.game).text
        for row in self.rows:
            if row.hand == text:
                return row
        raise InvalidHandError(f"the starting hand {text} is not in this table")

    def to_csv(self) -> str:
        """The table as CSV text, one row per hand, with a header (what ``out`` holds)."""
        return _csv(
            ("hand", "name", "count", "equity", "std_error", "win", "tie", "samples", "percentile"),
            [
                (r.hand, r.name, r.count, r.equity, r.std_error, r.win, r.tie, r.samples, r.percentile)
                for r in self.rows
            ],
        )

    def __repr__(self) -> str:
        game = "" if self.game == BADUGI else f"game={self.game!r}, "
        return (
            f"VsRandomTable({game}draws={self.draws!r}, strategy={self.strategy!r}, "
            f"samples={self.samples!r}, seed={self.seed!r}, rows=<{len(self.rows)} rows>)"
        )


class HeadsUpCell(Frozen):
    """Starting hand a against starting hand b (``badugi.charts.heads_up``).

    Attributes:
        hand_a, hand_b: the two starting hands' representatives.
        equity: a's share of the pot against b, averaged over every pair of
            hands of the two classes that share no card; None when there is none.
        std_error: its standard error (0.0 when exact; None with no pair).
        win, tie: a's chances of winning the whole pot and of splitting it (None with no pair).
        samples: deals counted, over every matchup (a cell dealt as its
            mirror, b against a, counts the mirror's deals: see ``heads_up``).
        matchups: how many relabellings of b's suits share no card with a's
            representative (0 to 24): 0 when every pair of the two classes
            shares a card.
    """

    __slots__ = ("equity", "hand_a", "hand_b", "matchups", "samples", "std_error", "tie", "win")

    hand_a: str
    hand_b: str
    equity: float | None
    std_error: float | None
    win: float | None
    tie: float | None
    samples: int
    matchups: int

    def __init__(  # noqa: PLR0917 - one field each
        self,
        hand_a: str,
        hand_b: str,
        equity: float | None,
        std_error: float | None,
        win: float | None,
        tie: float | None,
        samples: int,
        matchups: int,
    ) -> None:
        self._set(
            hand_a=hand_a,
            hand_b=hand_b,
            equity=equity,
            std_error=std_error,
            win=win,
            tie=tie,
            samples=samples,
            matchups=matchups,
        )

    def __repr__(self) -> str:
        return f"HeadsUpCell(hand_a={self.hand_a!r}, hand_b={self.hand_b!r}, equity={self.equity!r})"


class HeadsUpTable(Frozen):
    """The equity of each starting hand of ``hands_a`` against each of ``hands_b``.

    Attributes:
        draws, strategy, exact, samples, seed: as for ``VsRandomTable``;
            ``samples`` is the deals asked for per cell, shared out evenly
            among its matchups (or its mirror's) and rounded up (each cell's
            ``samples`` says how many it dealt).
        hands_a, hands_b: the starting hands' representatives, in the order
            of ``canonical_hands()``.
        cells: one ``HeadsUpCell`` per pair, ``hands_a`` major: the cell of
            ``hands_a[i]`` and ``hands_b[j]`` is ``cells[i * len(hands_b) + j]``.
    """

    __slots__ = ("cells", "draws", "exact", "hands_a", "hands_b", "samples", "seed", "strategy")

    draws: int
    strategy: str
    exact: bool
    samples: int | None
    seed: int | None
    hands_a: tuple[str, ...]
    hands_b: tuple[str, ...]
    cells: tuple[HeadsUpCell, ...]

    def __init__(
        self,
        *,
        draws: int,
        strategy: str,
        samples: int | None,
        seed: int | None,
        hands_a: tuple[str, ...],
        hands_b: tuple[str, ...],
        cells: tuple[HeadsUpCell, ...],
    ) -> None:
        self._set(
            draws=draws,
            strategy=strategy,
            exact=samples is None,
            samples=samples,
            seed=seed,
            hands_a=hands_a,
            hands_b=hands_b,
            cells=cells,
        )

    def cell(self, hand_a: HandLike, hand_b: HandLike) -> HeadsUpCell:
        """The cell of the starting hands that ``hand_a`` and ``hand_b`` belong to (any suits).

        Raises:
            InvalidHandError: an invalid hand, or a starting hand not in the table.
        """
        a, b = starting_hand(hand_a).text, starting_hand(hand_b).text
        if a not in self.hands_a:
            raise InvalidHandError(f"the starting hand {a} is not among this table's hands_a")
        if b not in self.hands_b:
            raise InvalidHandError(f"the starting hand {b} is not among this table's hands_b")
        return self.cells[self.hands_a.index(a) * len(self.hands_b) + self.hands_b.index(b)]

    def to_csv(self) -> str:
        """The table as CSV text, one row per cell, with a header (what ``out`` holds); no pair: empty."""
        return _csv(
            ("hand_a", "hand_b", "equity", "std_error", "win", "tie", "samples", "matchups"),
            [
                (c.hand_a, c.hand_b, c.equity, c.std_error, c.win, c.tie, c.samples, c.matchups)
                for c in self.cells
            ],
        )

    def __repr__(self) -> str:
        return (
            f"HeadsUpTable(draws={self.draws!r}, strategy={self.strategy!r}, samples={self.samples!r}, "
            f"seed={self.seed!r}, cells=<{len(self.hands_a)} x {len(self.hands_b)}>)"
        )


def _csv(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> str:
    """CSV text; floats written to round-trip exactly, None as an empty field."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else repr(v) if isinstance(v, float) else v for v in row])
    return buffer.getvalue()
