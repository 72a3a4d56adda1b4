"""The values the draw-equity functions return: immutable, comparable, picklable."""

from __future__ import annotations

import itertools

from badugi import _fields as check
from badugi._frozen import Frozen
from badugi.cards import as_index, describe
from badugi.errors import InvalidHandError

__all__ = ["BestDiscard", "DrawOdds", "DrawOption", "DrawView", "Equity"]

WORST = 1092
#: The first rank of each size, best size first: badugis are 1..715, and so on.
_FIRST_RANK_OF_SIZE = {4: 1, 3: 716, 2: 1002, 1: 1080}


class DrawOption(Frozen):
    """One way to draw: the cards kept, the cards thrown, and what it is worth.

    Attributes:
        keep: the cards kept, as text, highest first.
        discard: the cards thrown, as text, highest first.
        expected: the expected strength of the final hand (see ``badugi.best_discard``).
    """

    __slots__ = ("discard", "expected", "keep")

    keep: tuple[str, ...]
    discard: tuple[str, ...]
    expected: float

    def __init__(self, keep: tuple[str, ...], discard: tuple[str, ...], expected: float) -> None:
        """One choice of a four-card (Badugi) or five-card (split game) hand; every field is checked.

        Raises:
            InvalidHandError: ``keep`` and ``discard`` are not card texts
                ("Kc") that together make four or five distinct cards, or
                ``expected`` is not a number in [0, 1].
        """
        kept, thrown = _hand_cards("DrawOption", keep, discard, (4, 5))
        value = check.real("DrawOption", "expected", expected)
        self._set(keep=kept, discard=thrown, expected=value)

    def __repr__(self) -> str:
        return f"DrawOption(keep={self.keep!r}, discard={self.discard!r}, expected={self.expected!r})"


def _hand_cards(
    owner: str, keep: object, discard: object, sizes: tuple[int, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``keep`` and ``discard`` as card texts that together make one of ``sizes`` distinct cards."""
    kept = check.card_texts(owner, "keep", keep, range(6))
    thrown = check.card_texts(owner, "discard", discard, range(6))
    if len(kept) + len(thrown) not in sizes or len(set(kept + thrown)) != len(kept) + len(thrown):
        cards = " or ".join(("four", "five")[size - 4] for size in sizes)
        raise InvalidHandError(
            f"{owner}.keep and .discard must make {cards} distinct cards, got {kept!r:.40} and {thrown!r:.40}"
        )
    return kept, thrown


def _seed(owner: str, seed: object) -> int | None:
    return None if seed is None else check.integer(owner, "seed", seed, most=2**64 - 1)


class BestDiscard(Frozen):
    """The best discard of a hand and every other choice (``badugi.best_discard``).

    Attributes:
        keep, discard: the best choice's cards kept and thrown, as text, highest first.
        expected: its expected final strength, in [0, 1].
        options: every choice, best first (ties: fewer discards, then the lower ids
            kept): 16 of a four-card hand, 32 of a five-card one.
        draws: draws left, this one included.
        exact: True with one draw left (every replacement counted); with more,
            the later draws are valued from the draw-value table.
    """

    __slots__ = ("draws", "exact", "options")

    options: tuple[DrawOption, ...]
    draws: int
    exact: bool

    def __init__(self, options: tuple[DrawOption, ...], draws: int) -> None:
        """The choices of one four- or five-card hand, best first; every field is checked.

        Raises:
            InvalidHandError: ``options`` is not ``DrawOption`` values of the
                same four or five cards (so at most 16 or 32), each keeping
                different cards, best (highest ``expected``)
                first; or ``draws`` is not an int in 1..3.
        """
        choices = check.items("BestDiscard", "options", options)
        if not 1 <= len(choices) <= 32:
            raise InvalidHandError(f"BestDiscard.options must hold 1 to 32 choices, got {len(choices)}")
        for option in choices:
            if not isinstance(option, DrawOption):
                raise InvalidHandError(
                    f"BestDiscard.options must hold DrawOption values, got {describe(option)}"
                )
        hand = set(choices[0].keep + choices[0].discard)
        if any(set(o.keep + o.discard) != hand for o in choices):
            raise InvalidHandError("BestDiscard.options must all be choices of the same cards")

        if len({frozenset(o.keep) for o in choices}) != len(choices):
            raise InvalidHandError("BestDiscard.options must each keep different cards")
        if any(a.expected < b.expected for a, b in itertools.pairwise(choices)):
            raise InvalidHandError("BestDiscard.options must be best first (highest expected strength)")
        n = check.integer("BestDiscard", "draws", draws, least=1, most=3)
        self._set(options=choices, draws=n, exact=n == 1)

    @property
    def keep(self) -> tuple[str, ...]:
        """The cards the best choice keeps."""
        return self.options[0].keep

    @property
    def discard(self) -> tuple[str, ...]:
        """The cards the best choice throws."""
        return self.options[0].discard

    @property
    def expected(self) -> float:
        """The best choice's expected final strength."""
        return self.options[0].expected

    def __repr__(self) -> str:
        return (
            f"BestDiscard(keep={self.keep!r}, discard={self.discard!r}, expected={self.expected!r}, "
            f"draws={self.draws!r})"
        )


class DrawOdds(Frozen):
    """Where a hand ends up after its draws (``badugi.draw_odds``).

    Attributes:
        keep, discard: what the hand keeps and throws at this draw, as text.
        draws: draws left, this one included.
        exact: True when every replacement was counted (one draw or none
            left), False for a Monte Carlo estimate.
        samples: how many final hands were counted (every replacement when exact).
        seed: the Monte Carlo seed, None when exact.
        expected: the expected strength of the final hand, in [0, 1].
        std_error: the standard error of ``expected`` (0.0 when exact). A
            chance ``p`` from a Monte Carlo run has standard error
            ``sqrt(p * (1 - p) / samples)``.
    """

    __slots__ = ("_counts", "discard", "draws", "exact", "expected", "keep", "samples", "seed", "std_error")

    keep: tuple[str, ...]
    discard: tuple[str, ...]
    draws: int
    exact: bool
    samples: int
    seed: int | None
    expected: float
    std_error: float
    _counts: tuple[int, ...]

    def __init__(
        self,
        *,
        keep: tuple[str, ...],
        discard: tuple[str, ...],
        draws: int,
        seed: int | None,
        counts: tuple[int, ...],
        expected: float,
        std_error: float,
    ) -> None:
        """Where a hand ends up, from the count of final hands of each rank; every field is checked.

        Raises:
            InvalidHandError: ``keep`` and ``discard`` are not card texts that
                together make four distinct cards, ``draws`` is not an int in
                0..3, ``seed`` is neither None nor an int in 0..2**64-1,
                ``counts`` is not 1,093 counts (index 0 unused, so 0) with at
                least one hand, or ``expected`` or ``std_error`` is not a number
                in [0, 1].
        """
        kept, thrown = _hand_cards("DrawOdds", keep, discard, (4,))
        n = check.integer("DrawOdds", "draws", draws, least=0, most=3)
        used_seed = _seed("DrawOdds", seed)
        tally = check.integers("DrawOdds", "counts", counts, most=2**64)
        if len(tally) != WORST + 1 or tally[0] != 0 or not any(tally):
            raise InvalidHandError(
                f"DrawOdds.counts must hold {WORST + 1} counts, one per rank (index 0 unused, so 0), "
                f"not all 0; got {len(tally)} counts"
            )
        self._set(
            keep=kept,
            discard=thrown,
            draws=n,
            exact=used_seed is None,
            samples=sum(tally),
            seed=used_seed,
            expected=check.real("DrawOdds", "expected", expected),
            std_error=check.real("DrawOdds", "std_error", std_error),
            _counts=tally,
        )

    @property
    def badugi(self) -> float:
        """The chance of finishing with a badugi (four cards count)."""
        return self.at_or_better(_FIRST_RANK_OF_SIZE[3] - 1)

    @property
    def by_size(self) -> dict[int, float]:
        """The chance of finishing with each size (4 is a badugi), as a new dict {size: chance}."""
        chances = {}
        for size, first in _FIRST_RANK_OF_SIZE.items():
            last = _FIRST_RANK_OF_SIZE.get(size - 1, WORST + 1) - 1
            chances[size] = sum(self._counts[first : last + 1]) / self.samples
        return chances

    def chance(self, rank: int) -> float:
        """The chance of finishing with exactly this rank (1..1092).

        Raises:
            InvalidHandError: rank is not an integer in 1..1092.
        """
        r = _rank_number(rank)
        return self._counts[r] / self.samples

    def at_or_better(self, rank: int) -> float:
        """The chance of finishing at this rank (1..1092) or better (a lower number).

        Raises:
            InvalidHandError: rank is not an integer in 1..1092.
        """
        r = _rank_number(rank)
        return sum(self._counts[1 : r + 1]) / self.samples

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.samples} samples, seed {self.seed}"
        return (
            f"DrawOdds(keep={self.keep!r}, discard={self.discard!r}, draws={self.draws!r}, "
            f"badugi={self.badugi!r}, expected={self.expected!r}, {how})"
        )


def _rank_number(rank: object) -> int:
    r = as_index(rank)
    if r is None or not 1 <= r <= WORST:
        raise InvalidHandError(f"a rank is an integer from 1 to {WORST}, got {describe(rank)[:100]}")
    return r


class Equity(Frozen):
    """Each player's share of the pot (``badugi.equity``), in the order the hands were given.

    Attributes:
        equity: per player, the expected share of the pot, split pots counted
            (a two-way tie is half a pot); they add up to 1.
        win: per player, the chance of winning the whole pot.
        tie: per player, the chance of splitting it.
        std_error: per player, the standard error of ``equity`` (0.0 when exact).
        exact: True when every deal was counted, False for Monte Carlo.
        samples: deals counted: every deal when exact, else the samples.
        seed: the Monte Carlo seed, None when exact.
    """

    __slots__ = ("equity", "exact", "samples", "seed", "std_error", "tie", "win")

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    std_error: tuple[float, ...]
    exact: bool
    samples: int
    seed: int | None

    def __init__(
        self,
        *,
        equity: tuple[float, ...],
        win: tuple[float, ...],
        tie: tuple[float, ...],
        std_error: tuple[float, ...],
        samples: int,
        seed: int | None,
    ) -> None:
        """Each player's share; every field is checked.

        Raises:
            InvalidHandError: ``equity``, ``win``, ``tie`` and ``std_error`` are
                not sequences of numbers in [0, 1], one per player (at least
                two), ``samples`` is not an int of 1 or more, or ``seed`` is
                neither None nor an int in 0..2**64-1.
        """
        columns = {
            name: tuple(check.real("Equity", name, x) for x in check.items("Equity", name, value))
            for name, value in (("equity", equity), ("win", win), ("tie", tie), ("std_error", std_error))
        }
        players = len(columns["equity"])
        if players < 2 or any(len(column) != players for column in columns.values()):
            raise InvalidHandError(
                "Equity.equity, .win, .tie and .std_error must hold one number per player, at least two; "
                f"got {', '.join(str(len(column)) for column in columns.values())}"
            )
        used_seed = _seed("Equity", seed)
        deals = check.integer("Equity", "samples", samples, least=1, most=2**64)
        self._set(**columns, exact=used_seed is None, samples=deals, seed=used_seed)

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"seed={self.seed!r}"
        return f"Equity(equity={self.equity!r}, samples={self.samples!r}, {how})"


class DrawView(Frozen):
    """What a strategy sees when it must choose a discard (``badugi.equity``'s callable strategies).

    Attributes:
        player: the player choosing (its index in the hands given).
        cards: its cards (four, or five in the split games), as text.
        draws_left: draws left, this one included (3, 2 or 1).
        discards: its own earlier discards, as text, in the order thrown.
        dead: the dead cards, as text.
        draw_counts: how many cards each player drew: one tuple per draw so
            far, the current one last, which holds only the players who have
            drawn before this one (players draw in the order given).
    """

    __slots__ = ("cards", "dead", "discards", "draw_counts", "draws_left", "player")

    player: int
    cards: tuple[str, ...]
    draws_left: int
    discards: tuple[str, ...]
    dead: tuple[str, ...]
    draw_counts: tuple[tuple[int, ...], ...]

    def __init__(
        self,
        *,
        player: int,
        cards: tuple[str, ...],
        draws_left: int,
        discards: tuple[str, ...],
        dead: tuple[str, ...],
        draw_counts: tuple[tuple[int, ...], ...],
    ) -> None:
        """What a strategy sees; every field is checked.

        Raises:
            InvalidHandError: ``player`` is not an int of 0 or more, ``cards``
                not four or five distinct card texts, ``draws_left`` not an int
                in 1..3, ``discards`` or ``dead`` not distinct card texts, or
                ``draw_counts`` not at most 3 sequences of counts 0..5.
        """
        counts = tuple(
            check.integers("DrawView", "draw_counts", row, most=5)
            for row in check.items("DrawView", "draw_counts", draw_counts)
        )
        if len(counts) > 3:
            raise InvalidHandError(f"DrawView.draw_counts must hold at most 3 draws, got {len(counts)}")
        self._set(
            player=check.integer("DrawView", "player", player),
            cards=check.card_texts("DrawView", "cards", cards, (4, 5)),
            draws_left=check.integer("DrawView", "draws_left", draws_left, least=1, most=3),
            discards=check.card_texts("DrawView", "discards", discards, range(53)),
            dead=check.card_texts("DrawView", "dead", dead, range(53)),
            draw_counts=counts,
        )

    def __repr__(self) -> str:
        return (
            f"DrawView(player={self.player!r}, cards={self.cards!r}, draws_left={self.draws_left!r}, "
            f"discards={self.discards!r}, dead={self.dead!r}, draw_counts={self.draw_counts!r})"
        )
