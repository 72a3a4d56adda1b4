"""Running checked equity questions in C: the spot, exact counting, Monte Carlo, callbacks.

Everything here takes ids that ``badugi.equity`` has already checked; a
negative status from C is then a bug, never bad input, and raises
``SystemError``. The one exception is a strategy callable, whose errors and
bad answers are raised as they come.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from badugi._fields import trusted
from badugi.equity.values import DrawView

try:
    from badugi._native import ffi, lib
except ImportError:  # pragma: no cover - a broken install: badugi.evaluate's import says what to do
    import badugi.ranking.four_card  # noqa: F401

    raise
from badugi.cards import CARD_TEXT
from badugi.games import BADUGI, Game

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from badugi.ranking.scales import Scale

__all__ = [
    "BEST",
    "CALLBACK",
    "CHUNK",
    "EXACT_LIMIT",
    "HEADS_UP_SUMS",
    "KEEP_BY_STRATEGY",
    "PAT",
    "STRENGTH_SCALE",
    "TABLE",
    "Spot",
    "Sums",
    "best_keep",
    "completion_ranks",
    "heads_up_runs",
    "keep_values",
    "mean_share",
    "scale_code",
    "share_error",
    "strength_counts",
    "table_keep",
]

STRENGTH_SCALE: int = lib.BADUGI_STRENGTH_SCALE
CHUNK: int = lib.BADUGI_EQUITY_CHUNK
SHARE_UNIT: int = lib.BADUGI_SHARE_UNIT
WORST = 1092
#: The most deals an exact enumeration of three or more players walks one by one
#: (heads-up spots are counted in pairs, with no limit). About a second of work.
EXACT_LIMIT = 1 << 24
#: Chunks a worker thread runs per call into C, between progress reports.
_CHUNKS_PER_SLICE = 32

PAT, BEST, CALLBACK = lib.BADUGI_STRATEGY_PAT, lib.BADUGI_STRATEGY_BEST, lib.BADUGI_STRATEGY_CALLBACK
TABLE: int = lib.BADUGI_STRATEGY_TABLE
#: A first keep that lets the strategy choose at the first draw too, from the cards held then.
KEEP_BY_STRATEGY: int = lib.BADUGI_KEEP_BY_STRATEGY

#: A strategy callable as ``run_monte_carlo`` takes it: the view in, a keep mask out.
Decide = Callable[[DrawView], int]


def scale_code(scale: Scale) -> int:
    """The C code of one of the library's scales."""
    return scale._code  # the one place that hands a scale to the equity engines


def _checked(status: int, what: str) -> int:
    if status < 0:
        raise SystemError(
            f"badugi internal error: {what} failed in C ({ffi.string(lib.badugi_strerror(status))!r})"
        )
    return status


_strength_counts: tuple[int, ...] | None = None


def strength_counts() -> tuple[int, ...]:
    """s(rank) for ranks 0..1092 (0 for the unused rank 0), built on first use."""
    global _strength_counts  # noqa: PLW0603 - a cache of a constant
    if _strength_counts is None:
        _strength_counts = tuple(lib.badugi_strength_of_rank(r) for r in range(WORST + 1))
    return _strength_counts


def _id_array(ids: list[int]) -> Any:
    return ffi.new("uint8_t[]", ids) if ids else ffi.NULL


def keep_values(hand: list[int], seen: list[int], draws: int, method: int = 0) -> list[tuple[int, int]]:
    """(sum, count) for each keep mask 0..15 of hand; the value is sum / count / scale(draws)."""
    num = ffi.new("uint64_t[32]")
    den = ffi.new("uint64_t[16]")
    _checked(
        lib.badugi_keep_values(
            ffi.new("uint8_t[4]", hand), _id_array(seen), len(seen), draws, method, num, den
        ),
        "keep_values",
    )
    return [(num[2 * k] | num[2 * k + 1] << 64, den[k]) for k in range(16)]


def best_keep(hand: list[int], seen: list[int], draws: int) -> int:
    """The best keep mask of hand, with seen cards out of the deck."""
    return _checked(
        lib.badugi_best_keep(ffi.new("uint8_t[4]", hand), _id_array(seen), len(seen), draws), "best_keep"
    )


def table_keep(hand: list[int], draws: int) -> int:
    """The table strategy's keep mask of hand: the best keep with no card seen, looked up."""
    return _checked(lib.badugi_table_keep(ffi.new("uint8_t[4]", hand), draws), "table_keep")


def completion_ranks(keep: list[int], seen: list[int]) -> tuple[int, ...]:
    """How many completions of keep (from cards in neither keep nor seen) end at each rank 0..1092."""
    out = ffi.new("uint64_t[]", WORST + 1)
    _checked(
        lib.badugi_completion_ranks(_id_array(keep), len(keep), _id_array(seen), len(seen), out),
        "completion_ranks",
    )
    return tuple(out)


class Sums:
    """Integer totals over deals, from C: deals, and per player wins, ties, shares."""

    __slots__ = ("deals", "ranks", "share", "share_sq", "tie", "win")

    def __init__(self, players: int) -> None:
        self.deals = 0
        self.win = [0] * players
        self.tie = [0] * players
        self.share = [0] * players  # in 1/SHARE_UNIT of a pot
        self.share_sq = [0] * players  # in 1/SHARE_UNIT**2
        self.ranks = [0] * (WORST + 1)  # player 0's final ranks

    def add(self, out: Any, with_ranks: bool = False) -> None:
        """Add one C badugi_equity_sums, and its ranks when they were asked for."""
        self.deals += out.deals
        for p in range(len(self.win)):
            self.win[p] += out.win[p]
            self.tie[p] += out.tie[p]
            self.share[p] += out.share[p]
            self.share_sq[p] += out.share_sq[p]
        if with_ranks:  # 1,093 numbers: costly to copy on every slice of a run that did not count them
            self.ranks = [a + b for a, b in zip(self.ranks, out.ranks, strict=True)]

    def equity(self, p: int) -> float:
        return mean_share(self.share[p], self.deals)

    def std_error(self, p: int) -> float:
        """The standard error of player p's mean share over the deals."""
        return share_error(self.share[p], self.share_sq[p], self.deals)


def mean_share(share: int, deals: int) -> float:
    """A player's mean share of the pot from its summed shares (in 1/SHARE_UNIT) over the deals."""
    return share / (SHARE_UNIT * deals)


def share_error(share: int, share_sq: int, deals: int) -> float:
    """The standard error of a player's mean share, from its summed shares and squared shares."""
    n = deals
    if n < 2:
        return 0.0
    mean = share / SHARE_UNIT / n
    variance = (share_sq / SHARE_UNIT**2 - n * mean * mean) / (n - 1)
    return math.sqrt(max(variance, 0.0) / n)


class Spot:
    """A checked equity question, as the C engines take it.

    ``hands`` are the known ids of each player; ``first_keep`` a mask over
    them of what each keeps at the first draw (or KEEP_BY_STRATEGY);
    ``strategies`` PAT, BEST, TABLE or CALLBACK for the later draws, with ``decide``
    (a view in, a keep mask out) for the players whose strategy is CALLBACK.
    ``relabel_suits`` relabels every deal's suits at random (Monte Carlo only).
    ``game`` says how many cards a hand holds and how the pot is ranked and split.
    """

    def __init__(
        self,
        hands: list[list[int]],
        draws: int,
        dead: list[int],
        first_keep: list[int],
        strategies: list[int],
        *,
        decide: dict[int, Decide] | None = None,
        relabel_suits: bool = False,
        game: Game = BADUGI,
    ) -> None:
        self.hands = hands
        self.draws = draws
        self.dead = dead
        self.first_keep = first_keep
        self.strategies = strategies
        self.decide = decide or {}
        self.relabel_suits = relabel_suits
        self.game = game
        self._raised: list[BaseException] = []

    def _c_spot(self) -> tuple[Any, Any]:
        spot = ffi.new("badugi_spot *")
        spot.players = len(self.hands)
        spot.draws = self.draws
        for p, cards in enumerate(self.hands):
            spot.known[p] = len(cards)
            for i, card in enumerate(cards):
                spot.cards[p][i] = card
            spot.first_keep[p] = self.first_keep[p]
            spot.strategy[p] = self.strategies[p]
        spot.relabel_suits = int(self.relabel_suits)
        spot.hand_size = self.game.hand_size
        spot.n_halves = len(self.game.halves)
        for h, scale in enumerate(self.game.halves):
            spot.halves[h] = scale_code(scale)
        spot.n_dead = len(self.dead)
        for i, card in enumerate(self.dead):
            spot.dead[i] = card
        callback = ffi.NULL
        if self.decide:
            callback = ffi.callback("badugi_decide_fn", self._decide, error=-1, onerror=self._on_error)
            spot.decide = callback
        return spot, callback  # the callback must stay alive while C may call it

    def _decide(  # noqa: PLR0917 - the C callback's arguments
        self, _context: Any, player: int, hand: Any, draws_left: int, discarded: Any, n: int, counts: Any
    ) -> int:
        current = self.draws - draws_left  # this draw, 0-based
        draw_counts = tuple(
            tuple(counts[d * 8 + q] for q in range(len(self.hands) if d < current else player))
            for d in range(current + 1)
        )
        view = trusted(
            DrawView,
            player=player,
            cards=tuple(CARD_TEXT[hand[i]] for i in range(self.game.hand_size)),
            draws_left=draws_left,
            discards=tuple(CARD_TEXT[discarded[i]] for i in range(n)),
            dead=tuple(CARD_TEXT[c] for c in self.dead),
            draw_counts=draw_counts,
        )
        return self.decide[player](view)

    def _on_error(self, _kind: Any, error: BaseException, _traceback: Any) -> int:
        self._raised.append(error)
        return -1

    def _raise_callback_error(self, status: int) -> None:
        if status == lib.BADUGI_E_CALLBACK and self._raised:
            raise self._raised[0]
        _checked(status, "equity")

    def exact(self, threads: int, method: int = 0) -> Sums | None:
        """Every deal counted, or None when the spot needs a reshuffle or has too many deals."""
        spot, keep_alive = self._c_spot()
        out = ffi.new("badugi_equity_sums *")
        status = lib.badugi_equity_exact(spot, method, EXACT_LIMIT, threads, out)
        del keep_alive
        if status in (lib.BADUGI_E_RESHUFFLE, lib.BADUGI_E_TOO_MANY):
            return None
        _checked(status, "exact equity")
        sums = Sums(len(self.hands))
        sums.add(out)
        return sums

    def monte_carlo(
        self,
        samples: int,
        seed: int,
        threads: int,
        want_ranks: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> Sums:
        """Deal samples hands, in slices of chunks so progress can be reported and Ctrl-C heard."""
        spot, keep_alive = self._c_spot()
        out = ffi.new("badugi_equity_sums *")
        sums = Sums(len(self.hands))
        chunks = -(-samples // CHUNK)
        step = _CHUNKS_PER_SLICE * threads
        for first in range(0, chunks, step):
            end = min(first + step, chunks)
            status = lib.badugi_equity_monte_carlo(spot, seed, samples, first, end, threads, want_ranks, out)
            if status < 0:
                self._raise_callback_error(status)
            sums.add(out, with_ranks=want_ranks)
            if progress is not None:
                progress(sums.deals)
        del keep_alive
        return sums


#: The integers each heads-up run gives back: deals, then win, tie, share, share_sq of each seat.
HEADS_UP_SUMS: int = lib.BADUGI_HEADS_UP_SUMS


def heads_up_runs(  # noqa: PLR0917 - the C call's arguments
    cards: list[int], seeds: list[int], deals: list[int], draws: int, strategy: int, threads: int
) -> list[int]:
    """Many heads-up Monte Carlo runs in one call into C, the GIL released (cffi's default).

    Run i is ``cards[8i:8i+4]`` (drawing first) against ``cards[8i+4:8i+8]``,
    both choosing every discard by ``strategy``, each deal's suits relabelled,
    ``deals[i]`` deals from ``seeds[i]``: the deals of ``Spot.monte_carlo``
    on that spot. Returns HEADS_UP_SUMS integers a run, in order.
    """
    n = len(seeds)
    if n == 0:
        return []
    out = ffi.new("uint64_t[]", HEADS_UP_SUMS * n)
    _checked(
        lib.badugi_heads_up_monte_carlo(
            ffi.new("uint8_t[]", cards),
            ffi.new("uint64_t[]", seeds),
            ffi.new("uint64_t[]", deals),
            n,
            draws,
            strategy,
            strategy,
            threads,
            out,
        ),
        "heads-up runs",
    )
    return ffi.unpack(out, HEADS_UP_SUMS * n)  # type: ignore[no-any-return]
