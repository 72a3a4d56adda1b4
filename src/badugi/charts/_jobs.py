"""What a table computes, in chunks: each a pure function of the table's parameters and its number.

A table is a list of **units** (a starting hand against a random hand, or one
pair of starting hands), cut into chunks of ``chunk_size`` units in order.
Every unit's Monte Carlo seed is derived from the table's seed and the
unit's starting hands alone (a heads-up cell may be dealt as its mirror, by
a rule on the pair alone: see _pairs), so a unit gets the same numbers in
any chunk, in any slice of the table, on any machine and with any number of
threads or workers. ``run_chunk`` is what a worker runs: it takes a plain tuple and
returns a plain tuple, so it pickles for any Dask cluster.
"""

from __future__ import annotations

import math

from badugi.charts._hands import representative_ids
from badugi.charts._matrix import monte_carlo_cells
from badugi.charts._pairs import Result, dealt_pair, matchups, unit_seed
from badugi.equity._args import NAMED_STRATEGIES
from badugi.equity._run import KEEP_BY_STRATEGY, PAT, WORST, Spot, Sums, completion_ranks
from badugi.games import BADUGI, GAMES, Game
from badugi.ranking.four_card import rank

__all__ = ["HEADS_UP", "MAX_CHUNK_SIZE", "VS_RANDOM", "Job", "Result", "run_chunk", "unit_seed"]

VS_RANDOM = "vs-random"
HEADS_UP = "heads-up"

#: What a worker is sent for one chunk: the chunk's number, the table's
#: parameters (the game by name), the threads to use, and the units as (indices, hand ids).
Task = tuple[
    int, str, str, int, str, int, int, int, tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]
]

#: Monte Carlo deals a chunk holds by default: some ten seconds on one core (three draws).
_DEALS_PER_CHUNK = 1 << 22
#: Units a chunk holds by default when every deal is counted.
_EXACT_UNITS_PER_CHUNK = 256
_MOST_UNITS_PER_CHUNK = 4096
#: The most units one chunk may hold.
MAX_CHUNK_SIZE = 1 << 20
#: The hands of four cards dealt from the 48 a starting hand leaves: an exact row's deals.
_HANDS_OF_THE_OTHER_48 = math.comb(48, 4)


class Job:
    """A table's parameters and units, and how they are cut into chunks.

    ``samples`` and ``seed`` are None when every deal is counted (``exact``):
    they change nothing then, so a table stays the same table without them.
    A showdown is counted for four-card hands only (``completion_ranks``); a
    five-card game's showdown against every hand of the other 47 cards is dealt
    by Monte Carlo, as its draws are.
    """

    def __init__(
        self,
        kind: str,
        *,
        game: Game = BADUGI,
        draws: int,
        strategy: str,
        samples: int,
        seed: int,
        hands_a: list[int],
        hands_b: list[int] | None,
        chunk_size: int | None,
    ) -> None:
        self.kind = kind
        self.game = game
        self.draws = draws
        self.strategy = strategy
        # Standing pat is a showdown, counted (four cards); every draw is dealt by Monte Carlo.
        self.exact = (strategy == "pat" or draws == 0) and game.hand_size == 4
        self.samples = None if self.exact else samples
        self.seed = None if self.exact else seed
        self.hands_a = hands_a
        self.hands_b = hands_b
        self.key_columns = ("hand",) if hands_b is None else ("hand_a", "hand_b")
        self.units = len(hands_a) * (1 if hands_b is None else len(hands_b))
        if chunk_size is None:
            per_unit = _DEALS_PER_CHUNK // samples if not self.exact else _EXACT_UNITS_PER_CHUNK
            chunk_size = max(1, min(_MOST_UNITS_PER_CHUNK, per_unit))
        self.chunk_size = chunk_size
        self.chunks = -(-self.units // chunk_size)

    def manifest(self) -> dict[str, object]:
        """Everything that decides the table's numbers, as JSON-ready values."""
        hands = (
            {"hands": self.hands_a}
            if self.hands_b is None
            else {"hands_a": self.hands_a, "hands_b": self.hands_b}
        )
        # Badugi's manifest names no game, as before there were others, so its folders resume.
        game = {} if self.game == BADUGI else {"game": self.game.name}
        return {
            "table": self.kind,
            **game,
            "draws": self.draws,
            "strategy": self.strategy,
            "samples": self.samples,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            **hands,
        }

    def unit_keys(self, chunk: int) -> list[tuple[int, ...]]:
        """The units of one chunk: (hand index,) or (hand index a, hand index b), in order."""
        first = chunk * self.chunk_size
        numbers = range(first, min(first + self.chunk_size, self.units))
        if self.hands_b is None:
            return [(self.hands_a[k],) for k in numbers]
        width = len(self.hands_b)
        return [(self.hands_a[k // width], self.hands_b[k % width]) for k in numbers]

    def unit_counts(self, key: tuple[int, ...]) -> tuple[int, int]:
        """The deals and matchups a unit's result holds (its last two numbers), to check one read back."""
        if self.hands_b is None:
            return (_HANDS_OF_THE_OTHER_48 if self.samples is None else self.samples), 1
        k = len(matchups(representative_ids(key[0]), representative_ids(key[1])))  # heads-up: Badugi
        if k == 0:
            return 0, 0
        if self.samples is None:
            return k, k
        # A cell dealt as its mirror deals the mirror's matchups (see _pairs).
        a, b = dealt_pair((key[0], key[1]), self.strategy)[0]
        dealt = k if (a, b) == key else len(matchups(representative_ids(a), representative_ids(b)))
        return -(-self.samples // dealt) * dealt, k

    def task(self, chunk: int, threads: int) -> Task:
        """What a worker needs to compute one chunk, as plain values."""
        units = tuple(
            (key, tuple(representative_ids(index, self.game) for index in key))
            for key in self.unit_keys(chunk)
        )
        samples = 0 if self.samples is None else self.samples
        seed = 0 if self.seed is None else self.seed
        return (chunk, self.kind, self.game.name, self.draws, self.strategy, samples, seed, threads, units)


def run_chunk(task: Task) -> tuple[int, tuple[Result, ...]]:
    """Compute one chunk: its number, and each unit's numbers in order."""
    chunk, kind, game_name, draws, strategy, samples, seed, threads, units = task
    game = GAMES[game_name]
    if kind == VS_RANDOM:
        results = tuple(
            _vs_random(ids[0], key[0], draws, strategy, samples, seed, threads, game) for key, ids in units
        )
    elif draws == 0 or strategy == "pat":
        results = tuple(_counted_heads_up(ids) for _, ids in units)
    else:
        cells = [((key[0], key[1]), ids) for key, ids in units]
        results = tuple(monte_carlo_cells(cells, draws, strategy, samples, seed, threads))
    return chunk, results


def _vs_random(  # noqa: PLR0917 - one unit's whole description
    ids: tuple[int, ...],
    index: int,
    draws: int,
    strategy: str,
    samples: int,
    seed: int,
    threads: int,
    game: Game,
) -> Result:
    """One starting hand against a hand dealt from the other cards, which plays what it is dealt.

    Each deal relabels the suits at random, so the answer is the average over
    the hands the starting hand stands for. With "pat" (or no draw) neither
    hand draws: a showdown against every hand of the other 48 cards, counted;
    a five-card game's showdown is dealt (one draw at which both stand pat).
    """
    if game.hand_size == 5 and (draws == 0 or strategy == "pat"):
        spot = Spot([list(ids), []], 1, [], [KEEP_BY_STRATEGY] * 2, [PAT] * 2, relabel_suits=True, game=game)
        return _row(spot.monte_carlo(samples, unit_seed(seed, index), threads))
    if draws == 0 or strategy == "pat":
        counts = completion_ranks([], list(ids))  # every hand of the other 48 cards, by rank
        mine = rank(list(ids))
        total = sum(counts)
        beaten = sum(counts[mine + 1 : WORST + 1])
        win, tie = beaten / total, counts[mine] / total
        return (win + tie / 2, 0.0, win, tie, total, 1)
    return _row(_dealt([list(ids), []], draws, strategy, samples, unit_seed(seed, index), threads, game))


def _row(sums: Sums) -> Result:
    """The first hand's numbers from its deals."""
    return (
        sums.equity(0),
        sums.std_error(0),
        sums.win[0] / sums.deals,
        sums.tie[0] / sums.deals,
        sums.deals,
        1,
    )


def _counted_heads_up(ids: tuple[tuple[int, ...], ...]) -> Result:
    """Starting hand a against starting hand b standing pat (or with no draw): a showdown, counted.

    Relabelling the suits changes no rank, so every matchup (a relabelling
    of b that shares no card with a's representative) ends alike. With no
    matchup, every number is NaN. Monte Carlo cells are ``monte_carlo_cells``'.
    """
    a, b = ids
    k = len(matchups(a, b))
    if k == 0:
        nan = math.nan
        return (nan, nan, nan, nan, 0, 0)
    ours, theirs = rank(list(a)), rank(list(b))
    win, tie = float(ours < theirs), float(ours == theirs)
    return (win + tie / 2, 0.0, win, tie, k, k)


def _dealt(  # noqa: PLR0917 - one run's whole description
    hands: list[list[int]], draws: int, strategy: str, samples: int, seed: int, threads: int, game: Game
) -> Sums:
    """Monte Carlo deals in which every hand chooses each discard by the strategy, the first too.

    Each deal relabels the suits at random: the best discard breaks ties by
    card ids, so without it a hand's suits would change its odds.
    """
    kinds = [NAMED_STRATEGIES[strategy]] * len(hands)
    spot = Spot(hands, draws, [], [KEEP_BY_STRATEGY] * len(hands), kinds, relabel_suits=True, game=game)
    return spot.monte_carlo(samples, seed, threads)
