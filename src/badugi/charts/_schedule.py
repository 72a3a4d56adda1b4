"""Running a table's chunks: on this machine's threads, or on a Dask cluster, skipping finished ones.

Locally the chunks run one after another, each spread over every core by the
C engine. On a ``dask.distributed.Client`` each chunk is one task on one
worker thread, and at most a few tasks per worker thread are in flight at
once, so a table of millions of chunks never floods the scheduler. Either
way each chunk is saved as soon as it finishes, from this process (workers
need no shared disk), and the numbers do not depend on where it ran. A
cluster that fails during the run (its scheduler or workers lost, its client
closed, a task that fails there) raises ``TableRunError``, the chunks
finished before it kept.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

from badugi.charts._jobs import Job, Result, run_chunk
from badugi.charts._store import ChunkStore, brief
from badugi.equity._args import read_threads
from badugi.errors import BadugiError

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Progress", "TableRunError", "run_job"]

#: Called with (chunks finished, chunks in all): once at the start, then after each chunk.
Progress = Callable[[int, int], None]
#: Tasks in flight per worker thread: enough to keep every thread busy between answers.
_IN_FLIGHT_PER_THREAD = 2
#: The most characters of a cluster error's own message that a TableRunError quotes.
_MOST_CAUSE = 120


class TableRunError(BadugiError, RuntimeError):
    """A run that its Dask cluster failed; the message says why, and what is kept.

    Raised when the scheduler or the workers are lost during the run, the
    client is closed under it, or a chunk's task fails on the cluster (for
    instance a worker without badugi installed). Every chunk finished before
    that is kept in the chunk folder when the run was given ``out``, so
    rerunning the same call (on that cluster once it is back, another one,
    or with no client) computes only the chunks still missing; without
    ``out`` nothing is kept.

    Attributes:
        cause: what the cluster did, in a few words.
        finished: how many chunks were finished (and, with ``out``, kept).
        chunks: how many chunks the table has.
        folder: the chunk folder that keeps them (a ``Path``), or None without ``out``.
    """

    def __init__(self, cause: str, finished: int, chunks: int, folder: Path | None) -> None:
        if folder is None:
            kept = f"{finished} of {chunks} chunks were finished, and none is kept without out"
        else:
            kept = (
                f"{finished} of {chunks} chunks are finished and kept in {brief(folder)}: rerun with "
                "the same out and parameters to compute only the others"
            )
        super().__init__(f"the run on the Dask cluster failed ({cause}); {kept}")
        self.cause = cause
        self.finished = finished
        self.chunks = chunks
        self.folder = folder

    def __reduce__(self) -> tuple[type[TableRunError], tuple[str, int, int, Path | None]]:
        return type(self), (self.cause, self.finished, self.chunks, self.folder)


class _ClusterFailure(Exception):
    """What the cluster raised, on its way to becoming a TableRunError that counts the finished chunks."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(cause)
        self.cause = cause


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
        try:
            _run_on_dask(job, client, todo, done)
        except _ClusterFailure as failure:
            folder = None if store is None else store.folder
            raise TableRunError(_cause(failure.cause), len(finished), job.chunks, folder) from failure.cause
    return [result for chunk in range(job.chunks) for result in finished[chunk]]


def _run_on_dask(
    job: Job, client: Any, todo: Iterator[int], done: Callable[[int, tuple[Result, ...]], None]
) -> None:
    """Run the chunks on the cluster; what the cluster raises comes out as ``_ClusterFailure``.

    Only the calls to Dask are wrapped: what ``done`` raises (a chunk that
    cannot be saved, an exception from the progress callback) goes on as it is.
    """
    # Imported by name, so that type checks need no dask; only a run given a client imports it.
    as_completed = importlib.import_module("distributed").as_completed
    # Keys of this run only: a rerun never meets the cancelled tasks of a run that stopped.
    name = f"badugi-table-{secrets.token_hex(8)}"

    def submit(chunk: int) -> Any:
        # One thread per task: the cluster runs as many tasks as it has threads.
        return client.submit(run_chunk, job.task(chunk, 1), key=f"{name}-{chunk}", pure=False)

    pending: Any = None
    try:
        try:
            threads = sum(client.nthreads().values()) or 1
            first = itertools.islice(todo, threads * _IN_FLIGHT_PER_THREAD)
            pending = as_completed([submit(chunk) for chunk in first])
        except Exception as exc:
            raise _ClusterFailure(exc) from exc
        while True:
            try:
                future = next(pending, None)
                if future is None:
                    return
                chunk, results = future.result()
            except Exception as exc:  # a lost scheduler cancels every task; a task's own error
                raise _ClusterFailure(exc) from exc
            done(chunk, results)
            following = next(todo, None)
            if following is not None:
                try:
                    pending.add(submit(following))
                except Exception as exc:
                    raise _ClusterFailure(exc) from exc
    finally:
        if pending is not None:
            for future in list(pending.futures):
                # A client that is gone may refuse even this; the first error is the one to say.
                with contextlib.suppress(Exception):
                    future.cancel()


def _cause(exc: Exception) -> str:
    """What the cluster raised, in a few words rather than Dask's (which name its sockets and keys)."""
    name = type(exc).__name__
    reason = getattr(exc, "reason", None)
    if name == "FutureCancelledError" and isinstance(reason, str):  # a lost scheduler cancels every task
        return _REASONS.get(reason, f"its tasks were cancelled: {reason}")
    if name == "ClosedClientError":
        return "the client was closed"
    if isinstance(exc, OSError):  # Dask's CommClosedError and its connection timeouts
        return f"the connection to the cluster was lost: {name}"
    try:
        lines = str(exc).strip().splitlines()
    except Exception:  # an exception that cannot even say itself: its name will do
        lines = []
    text = lines[0] if lines else ""
    if len(text) > _MOST_CAUSE:
        text = text[: _MOST_CAUSE - 3] + "..."
    return f"{name}: {text}" if text else name


#: Why Dask cancelled a task, in words.
_REASONS = {"scheduler-connection-lost": "the connection to the scheduler was lost"}
