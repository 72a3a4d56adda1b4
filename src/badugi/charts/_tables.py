"""``vs_random`` and ``heads_up``: read the arguments, run the chunks, assemble the table."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from badugi.cards import HandLike
from badugi.charts._args import (
    read_chunk_size,
    read_client,
    read_hand_set,
    read_out,
    read_progress,
    read_strategy,
    read_table_game,
)
from badugi.charts._hands import canonical_hands
from badugi.charts._jobs import HEADS_UP, VS_RANDOM, Job, Result
from badugi.charts._schedule import run_job
from badugi.charts._store import ChunkStore
from badugi.equity._args import fresh_seed, read_draws, read_samples, read_seed
from badugi.games import BADUGI, GameLike

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import os
    from typing import Any

    from badugi.charts._values import HeadsUpTable, VsRandomTable

__all__ = ["DEFAULT_TABLE_SAMPLES", "heads_up", "vs_random"]

#: Monte Carlo deals per hand (vs_random) or per pair (heads_up) when ``samples`` is not given.
DEFAULT_TABLE_SAMPLES = 100_000


def vs_random(  # noqa: PLR0917 - the signature issue 10 gives
    draws: int = 3,
    samples: int = DEFAULT_TABLE_SAMPLES,
    strategy: str = "best",
    seed: int | None = None,
    client: Any = None,
    out: str | os.PathLike[str] | None = None,
    *,
    hands: Iterable[HandLike] | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_size: int | None = None,
    game: GameLike = BADUGI,
) -> VsRandomTable:
    """Each starting hand's equity heads-up against a hand dealt from the other cards.

    ``game`` is one of ``badugi.games``: Badugi (the default), or a split
    game, Badeucy or Badacey, whose starting hands are the 134,459 classes of
    five-card hands and whose pots split between the halves as
    ``badugi.equity.equity(..., game=)`` splits them.
    ``hands`` (default: every one of ``canonical_hands(game)``) picks some; each
    counts as its starting hand up to the suits, once. The hand draws first;
    both hands choose every discard by ``strategy`` ("best", "table" or "pat"), the
    random hand from the cards it is dealt, with ``draws`` (0..3) to
    come, dealt by the card-room rules as ``badugi.equity`` deals them.
    In Badugi, ``draws=0`` and "pat" are a showdown against every hand of the
    other 48 cards, counted exactly; a split game's showdown, and every
    draw, is ``samples`` Monte Carlo deals a hand, seeded
    from ``seed`` and the hand alone, so any slice of the table holds the
    same numbers as the whole table. Each deal relabels the suits at random
    (the best discard breaks ties by card ids, so a hand's own suits would
    tilt its odds): a row is the average over the hands its class holds. Without a seed a fresh one is drawn
    (and, when ``out`` holds a table being resumed, that table's seed is used).

    ``client`` (a ``dask.distributed.Client``) runs the chunks on its cluster;
    without one they run here, over every core. ``out`` is the CSV file the
    table is written to; its finished chunks are kept beside it in
    ``out + ".chunks"`` as they finish, and a rerun with the same ``out``
    and parameters computes only the missing ones. ``progress`` is called
    with (chunks finished, chunks in all); an exception from it stops the run,
    keeping the finished chunks. ``chunk_size`` is the hands per chunk.

    Raises:
        InvalidHandError: a bad hand or the same starting hand twice, draws
            outside 0..3, bad samples, seed, strategy, client, progress or chunk_size.
        TableFileError: ``out`` is not a usable path, or holds another table's
            chunks, a file this function did not write, a chunk edited since
            it was written (each carries checksums of its rows and of the
            table's parameters), or the chunks of an older badugi, which carry
            none (delete that folder to compute the table again).
        TableRunError: the Dask cluster failed during the run (its scheduler or
            workers lost, the client closed, a task that failed there); the
            chunks finished before it are kept with ``out``, and rerunning
            the same call computes only the others.
    """
    job, results, store = _run(
        VS_RANDOM,
        game=game,
        draws=draws,
        samples=samples,
        strategy=strategy,
        seed=seed,
        client=client,
        out=out,
        hands_a=hands,
        hands_b=None,
        progress=progress,
        chunk_size=chunk_size,
    )
    table = _vs_random_table(job, results)
    if store is not None:
        store.write_table(table.to_csv())
    return table


def heads_up(  # noqa: PLR0917 - the signature issue 10 gives
    hands_a: Iterable[HandLike] | None,
    hands_b: Iterable[HandLike] | None,
    draws: int = 3,
    samples: int = DEFAULT_TABLE_SAMPLES,
    seed: int | None = None,
    client: Any = None,
    out: str | os.PathLike[str] | None = None,
    *,
    strategy: str = "best",
    progress: Callable[[int, int], None] | None = None,
    chunk_size: int | None = None,
) -> HeadsUpTable:
    """The equity of each starting hand of ``hands_a`` against each of ``hands_b``.

    Each hand counts as its starting hand up to the suits (None: all 16,432).
    A cell is the average over every pair of hands of the two classes that
    share no card: a's representative against each relabelling of b's suits
    that shares no card with it (the cell's ``matchups``), weighing alike
    and sharing the cell's ``samples`` deals evenly, rounded up (the cell's
    own ``samples`` says how many it dealt), each deal relabelling both
    hands' suits alike at random. A pair of classes of which every pair of
    hands shares a card gets None. Every other argument is as for
    ``vs_random``; the chunks hold ``chunk_size`` cells, ``hands_a`` major.

    With "best", which chooses from a hand's own cards and discards and never
    from what the other drew, and no reshuffle possible heads-up, the seat
    that draws first changes nothing: a cell whose hand a comes after hand b
    in ``canonical_hands()`` is the deals of its mirror (b against a, with
    the mirror's seeds and matchups) seen from the other seat, so its equity
    is 1 minus the mirror's, its tie the same, its win the mirror's losses,
    its std_error the same and its ``samples`` the mirror's. The rule looks
    at the pair alone, so a slice still holds the whole table's numbers; a
    chunk holding both halves of a pair deals it once. The cells of a chunk
    are dealt in one call into C, over every core (or the worker's thread).

    Raises:
        InvalidHandError: as ``vs_random``.
        TableFileError: as ``vs_random``.
        TableRunError: as ``vs_random``.
    """
    job, results, store = _run(
        HEADS_UP,
        game=BADUGI,
        draws=draws,
        samples=samples,
        strategy=strategy,
        seed=seed,
        client=client,
        out=out,
        hands_a=hands_a,
        hands_b=hands_b,
        progress=progress,
        chunk_size=chunk_size,
    )
    table = _heads_up_table(job, results)
    if store is not None:
        store.write_table(table.to_csv())
    return table


def _run(
    kind: str,
    *,
    game: object,
    draws: object,
    samples: object,
    strategy: object,
    seed: object,
    client: object,
    out: object,
    hands_a: object,
    hands_b: object,
    progress: object,
    chunk_size: object,
) -> tuple[Job, list[Result], ChunkStore | None]:
    """Read the arguments, then compute (or read back) every unit's numbers."""
    chosen_game = read_table_game(game)
    n = read_draws(draws, lowest=0)
    count = read_samples(samples)
    chosen_seed = read_seed(seed)
    chosen_strategy = read_strategy(strategy)
    first = read_hand_set(hands_a, "hands" if kind == VS_RANDOM else "hands_a", chosen_game)
    second = None if kind == VS_RANDOM else read_hand_set(hands_b, "hands_b")
    size = read_chunk_size(chunk_size)
    cluster = read_client(client)
    report = read_progress(progress)
    path = read_out(out)

    def job(table_seed: int) -> Job:
        return Job(
            kind,
            game=chosen_game,
            draws=n,
            strategy=chosen_strategy,
            samples=count,
            seed=table_seed,
            hands_a=first,
            hands_b=second,
            chunk_size=size,
        )

    table = job(0 if chosen_seed is None else chosen_seed)
    if chosen_seed is None and not table.exact:
        # No seed: a fresh one, or the seed of the table being resumed at ``out``.
        recorded = None if path is None else ChunkStore(path, {}, ()).recorded_manifest()
        resumed = None if recorded is None else recorded.get("seed")
        table = job(resumed if type(resumed) is int else fresh_seed())
    store = None if path is None else ChunkStore(path, table.manifest(), table.key_columns)
    return table, run_job(table, store, cluster, report), store


def _vs_random_table(job: Job, results: list[Result]) -> VsRandomTable:
    from badugi.charts._values import VsRandomRow, VsRandomTable  # noqa: PLC0415 - see _heads_up_table

    hands = canonical_hands(job.game)
    chosen = [hands[i] for i in job.hands_a]
    percentiles = _percentiles([r[0] for r in results], [h.count for h in chosen])
    rows = tuple(
        VsRandomRow(
            h.text,
            h.name,
            h.count,
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            p,
        )
        for h, r, p in zip(chosen, results, percentiles, strict=True)
    )
    return VsRandomTable(
        draws=job.draws, strategy=job.strategy, samples=job.samples, seed=job.seed, rows=rows, game=job.game
    )


def _percentiles(equities: list[float], weights: list[int]) -> list[float]:
    """Each entry's weighted share (in percent) of the entries with a lower equity, equal ones half."""
    total = sum(weights)
    order = sorted(range(len(equities)), key=equities.__getitem__)
    percentiles = [0.0] * len(equities)
    below = 0
    start = 0
    while start < len(order):
        end = start + 1  # a step at least: NaN equals nothing, not even itself
        while end < len(order) and equities[order[end]] == equities[order[start]]:
            end += 1
        level = sum(weights[i] for i in order[start:end])
        for i in order[start:end]:
            percentiles[i] = 100 * (below + level / 2) / total
        below += level
        start = end
    return percentiles


def _heads_up_table(job: Job, results: list[Result]) -> HeadsUpTable:
    from badugi.charts._values import HeadsUpCell, HeadsUpTable  # noqa: PLC0415 - one import per table

    hands = canonical_hands()
    hands_b = job.hands_b or []
    keys = [key for chunk in range(job.chunks) for key in job.unit_keys(chunk)]
    cells = tuple(
        HeadsUpCell(hands[a].text, hands[b].text, *_numbers(r), r[4], r[5])
        for (a, b), r in zip(keys, results, strict=True)
    )
    return HeadsUpTable(
        draws=job.draws,
        strategy=job.strategy,
        samples=job.samples,
        seed=job.seed,
        hands_a=tuple(hands[i].text for i in job.hands_a),
        hands_b=tuple(hands[i].text for i in hands_b),
        cells=cells,
    )


def _numbers(result: Result) -> tuple[float | None, float | None, float | None, float | None]:
    """equity, std_error, win, tie; None for a pair with no matchup (NaN in the chunk files)."""
    if math.isnan(result[0]):
        return (None, None, None, None)
    return (result[0], result[1], result[2], result[3])
