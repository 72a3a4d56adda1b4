"""Running a table's chunks: on this machine's threads, or on a Dask cluster, skipping finished ones.

Locally the chunks run one after another, each spread over every core by the
C engine. On a ``dask.distributed.Client`` each chunk is one task on one
worker thread, and at most a few tasks per worker thread are in flight at
once, so a table of millions of chunks never floods the scheduler. Either
way each chunk is saved as soon as it finishes, from this process (workers
need no shared disk), and the numbers do not depend on where it ran.
"""

from __future__ import annotations

import importlib
import itertools
import secrets
from collections.abc import Callable, Iterator

from badugi.equity._args import read_threads
from badugi.tables._jobs import Job, Result, run_chunk
from badugi.tables._store import ChunkStore

# typing is not imported at run time (see badugi.evaluate).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Progress", "run_job"]

#: Called with (chunks finished, chunks in all): once at the start, then after each chunk.
Progress = Callable[[int, int], None]
#: Tasks in flight per worker thread: enough to keep every thread busy between answers.
_IN_FLIGHT_PER_THREAD = 2


def run_job(job: Job, store: ChunkStore | None, client: Any, progress: Progress | None) -> list[Result]:
    """Every unit's numbers, in order: finished chunks read back, the others computed and saved."""
    finished: dict[int, list[Result]] = {}
    if store is not None:
        for chunk in sorted(store.open()):
            if chunk < job.chunks:
                finished[chunk] = store.load(chunk, job)
    if progress is not None:
        progress(len(finished), job.chunks)

    def done(chunk: int, results: tuple[Result, ...]) -> None:
        if store is not None:
            store.save(chunk, job.unit_keys(chunk), results)
        finished[chunk] = list(results)
        if progress is not None:
            progress(len(finished), job.chunks)

    todo = (chunk for chunk in range(job.chunks) if chunk not in finished)
    if client is None:
        threads = read_threads(None)
        for chunk in todo:
            done(*run_chunk(job.task(chunk, threads)))
    else:
        _run_on_dask(job, client, todo, done)
    return [result for chunk in range(job.chunks) for result in finished[chunk]]


def _run_on_dask(
    job: Job, client: Any, todo: Iterator[int], done: Callable[[int, tuple[Result, ...]], None]
) -> None:
    # Imported by name, so that type checks need no dask; only a run given a client imports it.
    as_completed = importlib.import_module("distributed").as_completed

    threads = sum(client.nthreads().values()) or 1
    # Keys of this run only: a rerun never meets the cancelled tasks of a run that stopped.
    name = f"badugi-table-{secrets.token_hex(8)}"

    def submit(chunk: int) -> Any:
        # One thread per task: the cluster runs as many tasks as it has threads.
        return client.submit(run_chunk, job.task(chunk, 1), key=f"{name}-{chunk}", pure=False)

    first = itertools.islice(todo, threads * _IN_FLIGHT_PER_THREAD)
    pending = as_completed([submit(chunk) for chunk in first])
    try:
        for future in pending:
            done(*future.result())
            following = next(todo, None)
            if following is not None:
                pending.add(submit(following))
    finally:
        for future in list(pending.futures):
            future.cancel()
