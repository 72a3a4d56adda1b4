"""A sampled run where users run it: until a number of iterations or of seconds, with checkpoints and a bar.

``solve`` runs a ``SampledCFR`` on the local cores (threads in C) and writes a
checkpoint every ``every`` seconds, at the end, and when interrupted (Ctrl-C
or SIGTERM saves, then stops). Called again with the same checkpoint it goes on from where
the file left off: the same seed, schedule and iterations give the same
regrets whether the run stopped on the way or not. A ``tqdm`` bar shows the
iterations done, their rate and the time left.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from badugi.adapters.variant import Variant
from badugi.engine._checks import as_count, short_repr
from badugi.errors import GameSetupError
from badugi.solver.sampled import checkpoint
from badugi.solver.sampled.abstraction import Abstraction
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.solver import MOST_ITERATIONS, SampledCFR

__all__ = ["solve"]

#: Iterations run between looks at the clock grow until a step takes about this long.
STEP_SECONDS = 0.5


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While a run goes, SIGTERM (``kill``, a scheduler's stop) stops it as Ctrl-C does: saved first.

    A run started in the background by a shell ignores Ctrl-C's SIGINT, so SIGTERM is how it is
    stopped. Only the main thread may set a handler; elsewhere the run goes on as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"stopped by signal {signum}")

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _resumed(
    path: Path, variant: Variant, abstraction: Abstraction, seed: int, schedule: Schedule
) -> SampledCFR:
    solver = checkpoint.load(path)
    for name, want, got in (
        ("variant", variant, solver.variant),
        ("abstraction", abstraction, solver.abstraction),
        ("seed", seed, solver.seed),
        ("schedule", schedule, solver.schedule),
    ):
        if want != got:
            raise GameSetupError(
                f"the checkpoint {os.fspath(path)!r} is of another run: its {name} is {got!r}, not {want!r}"
            )
    return solver


def _run(solver: SampledCFR, target: int, threads: int, *, path: Path | None, every: float, bar: Any) -> None:
    """Iterate to ``target`` in steps of about ``STEP_SECONDS``, saving every ``every`` seconds."""
    saved = time.monotonic()
    step = solver.schedule.batch
    while solver.iterations < target:
        count = min(step, target - solver.iterations)
        started = time.monotonic()
        solver.iterate(count, threads=threads)
        if bar is not None:
            bar.update(count)
        if time.monotonic() - started < STEP_SECONDS / 2:
            step *= 2  # whole batches, doubled until a step is long enough
        if path is not None and time.monotonic() - saved >= every:
            checkpoint.save(solver, path)
            saved = time.monotonic()


def _run_on_cluster(
    solver: SampledCFR, target: int, client: Any, parts: int, *, path: Path | None, every: float, bar: Any
) -> None:
    """``_run`` on a Dask cluster, a batch at a time."""
    from badugi.solver.sampled.on_dask import run_on_dask  # noqa: PLC0415 - only with a client

    count = as_count(parts, 0, 1 << 16)
    if count is None:
        raise GameSetupError(f"parts must be an int from 0 to 65,536, got {short_repr(parts)}")
    if count == 0:
        count = max(1, len(client.scheduler_info().get("workers", {})))
    saved = time.monotonic()
    while solver.iterations < target:
        run_on_dask(solver, min(target, solver.iterations + solver.schedule.batch), client, count)
        if bar is not None:
            bar.n = min(solver.iterations, target)
            bar.refresh()
        if path is not None and time.monotonic() - saved >= every:
            checkpoint.save(solver, path)
            saved = time.monotonic()


def solve(
    variant: Variant,
    abstraction: Abstraction,
    *,
    iterations: int,
    seed: int = 0,
    schedule: Schedule | None = None,
    threads: int = 1,
    checkpoint_path: str | os.PathLike[str] | None = None,
    every: float = 60.0,
    progress: bool = True,
    client: Any = None,
    parts: int = 0,
) -> SampledCFR:
    """Run sampled CFR of ``variant`` to ``iterations`` iterations in all; the solver.

    With ``checkpoint_path``, a run saved there (of the same variant,
    abstraction, seed and schedule) goes on from its iterations, and the run is
    saved there every ``every`` seconds, at the end and on Ctrl-C or SIGTERM (then
    ``KeyboardInterrupt`` is raised once it is saved). With a Dask
    ``client``, each batch is sampled by the cluster's workers in ``parts``
    tasks (0: one per worker) and merged here (``badugi.solver.sampled.on_dask``):
    the same regrets as a local run.

    Raises:
        badugi.errors.GameSetupError: a bad argument, or a checkpoint of another run.
    """
    chosen = Schedule() if schedule is None else schedule
    target = as_count(iterations, 1, MOST_ITERATIONS)
    if target is None:
        raise GameSetupError(f"iterations must be an int from 1 to 2**40, got {short_repr(iterations)}")
    if isinstance(every, bool) or not isinstance(every, (int, float)) or not every > 0:
        raise GameSetupError(f"every must be a positive number of seconds, got {short_repr(every)}")
    path = None if checkpoint_path is None else Path(checkpoint_path)
    if path is not None and path.exists():
        solver = _resumed(path, variant, abstraction, seed, chosen)
    else:
        solver = SampledCFR(variant, abstraction, seed=seed, schedule=chosen)
    bar = None
    if progress:
        from tqdm import tqdm  # noqa: PLC0415 - only with a bar

        bar = tqdm(
            total=target, initial=min(solver.iterations, target), unit=" it", unit_scale=True, smoothing=0.1
        )
    try:
        with _terminate_as_interrupt():
            if client is None:
                _run(solver, target, threads, path=path, every=every, bar=bar)
            else:
                _run_on_cluster(solver, target, client, parts, path=path, every=every, bar=bar)
    except KeyboardInterrupt:
        if path is not None:
            checkpoint.save(solver, path)
        raise
    finally:
        if bar is not None:
            bar.close()
    if path is not None:
        checkpoint.save(solver, path)
    return solver
