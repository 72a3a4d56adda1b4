"""Sampled CFR on a Dask cluster: the workers sample the parts of each batch, the driver merges them.

Every batch is cut into parts, one task each. A worker builds the run's solver
once (and keeps it for the run's later tasks), takes the regrets as they were
when the batch began, samples its part's iterations on its own copy, and
returns what it changed: the nonzero entries of its delta and of its strategy
sums. The driver adds them up and merges the batch (``SampledCFR.commit``).
Every change is an integer and every iteration draws from its own stream, so
the cluster's run is, to the last bit, the run one machine makes of the same
seed, schedule and iterations, whatever the parts and whichever worker ran
which. A batch's tasks carry the regrets, so batches should be long enough that
sampling them takes much longer than sending the regrets (``Schedule.batch``).
"""

from __future__ import annotations

import itertools
from typing import Any

from badugi.adapters.variant import Variant
from badugi.solver.sampled.abstraction import Abstraction
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.solver import SampledCFR
from badugi.solver.tree import _numpy

__all__ = ["run_on_dask", "sample_part"]

#: What makes a run: its variant, abstraction, seed and schedule.
Run = tuple[Variant, Abstraction, int, Schedule]
#: Each worker process's solvers, by run: built once, reused by the run's later tasks.
_SOLVERS: dict[Run, SampledCFR] = {}


def sample_part(run: Run, regret: Any, first: int, count: int) -> tuple[Any, Any, Any, Any]:
    """One task: iterations ``first .. first + count - 1`` of ``run`` against ``regret``; what they changed.

    Returns the slots and amounts of the delta's nonzero entries, then the strategy sums'.
    """
    np = _numpy()
    solver = _SOLVERS.get(run)
    if solver is None:
        _SOLVERS.clear()  # one run at a time per worker: a solver's arrays can be large
        variant, abstraction, seed, schedule = run
        solver = _SOLVERS[run] = SampledCFR(variant, abstraction, seed=seed, schedule=schedule)
    zeros = np.zeros(solver.slots, dtype=np.int64)
    solver.set_array("regret", regret)
    solver.set_array("delta", zeros)
    solver.set_array("average", zeros)
    solver.sample(first, count)
    delta, average = solver.array("delta"), solver.array("average")
    changed, summed = np.flatnonzero(delta), np.flatnonzero(average)
    return changed, delta[changed], summed, average[summed]


def run_on_dask(solver: SampledCFR, target: int, client: Any, parts: int) -> None:
    """Run ``solver`` to ``target`` iterations on ``client``'s workers, each batch in ``parts`` tasks."""
    np = _numpy()
    batch = solver.schedule.batch
    run = (solver.variant, solver.abstraction, solver.seed, solver.schedule)
    while solver.iterations < target:
        start = solver.iterations
        end = min((start // batch + 1) * batch, target)
        cuts = [start + (end - start) * k // parts for k in range(parts + 1)]
        regret = client.scatter(solver.array("regret"), broadcast=True, hash=False)
        futures = [
            client.submit(sample_part, run, regret, first, last - first, pure=False)
            for first, last in itertools.pairwise(cuts)
            if last > first
        ]
        delta = np.zeros(solver.slots, dtype=np.int64)
        average = np.zeros(solver.slots, dtype=np.int64)
        for future in futures:
            changed, amounts, summed, sums = future.result()
            delta[changed] += amounts
            average[summed] += sums
        solver.set_array("delta", delta, add=True)
        solver.set_array("average", average, add=True)
        if end % batch == 0:
            solver.commit(end)
        else:  # the run stops mid-batch: the delta waits for the batch's end, as a local run's does
            solver.iterations = end
