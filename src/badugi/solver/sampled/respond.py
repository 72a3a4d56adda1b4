"""How exploitable a sampled strategy is in its own abstract game: a best response learned and played.

The abstract game is the real one seen through the abstraction: a seat tells
apart only its bucket and what the abstraction remembers of the betting. A best
response there cannot be computed exactly for the full deck: its chance is the
real deck's (every deal, every draw's replacements, card removal included), and
the buckets of a seat's hands across draws are no Markov chain a smaller game
could stand for. So it is learned and then measured:

1. **Learned** by the same external sampling that made the strategy
   (``badugi_sampled_iterate`` with ``against_average``): each seat's regrets
   grow against the other seat's *average* strategy, which stays as it is, so
   regret matching at each seat learns a best response to it inside the
   abstraction. No discounting by default: the strategy answered does not move.
2. **Measured** by play (``badugi_sampled_respond``): on fresh deals each seat in
   turn plays the action its regrets rank highest against the average strategy
   where that regret is above a threshold, and the strategy's own play elsewhere
   (so that, unlearned, the response is the strategy itself and wins nothing).

A strategy's winnings against the average strategy are at most a best
response's, so the measured mean of the two seats' winnings is a **lower bound**
on the exploitability, in the abstract game and in the real one (an abstract
strategy is a real strategy that sees less), up to the measurement's interval.
It rises toward the abstract game's exploitability as the learning runs longer.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from badugi._native import ffi, lib
from badugi.engine._checks import as_count, short_repr
from badugi.engine.blueprint import Blueprint
from badugi.errors import GameSetupError
from badugi.solver.sampled.native import check, run_struct
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.solver import MOST_ITERATIONS, SampledCFR

__all__ = ["LEARNING", "AbstractBestResponse", "BestResponseEstimate", "abstract_best_response"]

#: The learning's default schedule: no discounting (what it answers stands still), and pruning of
#: hopeless actions (those the response does not play, 20 chips of regret behind) in most traversals.
LEARNING = Schedule(batch=1024, epoch=0, prune_below=-20.0, prune_share=0.95)
Z_95 = 1.959963984540054
#: Deals a thread plays per call into C, so that a bar moves and the work spreads.
CHUNK = 1 << 16


@dataclass(frozen=True)
class BestResponseEstimate:
    """What a learned best response won against a strategy, in chips a hand of the strategy's rules.

    Attributes:
        iterations: the learning's iterations (each trains both seats' responses).
        hands: deals played to measure it, each once for each seat.
        won: what each seat's response won a hand against the other seat's strategy.
        won_interval: each ``won``'s 95% half-width.
        exploitability: the mean of ``won`` over the two seats: a lower bound on the strategy's
            exploitability (up to ``interval``).
        interval: its 95% half-width (the two seats played on the same deals, so measured per deal).
        threshold: the regret, in chips, an action needed for the response to leave the strategy for it.
    """

    iterations: int
    hands: int
    won: tuple[float, float]
    won_interval: tuple[float, float]
    exploitability: float
    interval: float
    threshold: float


def _fresh(strategy: object) -> tuple[Any, object]:
    """A C solver playing the strategy as its average, regrets zero, and what keeps it alive."""
    keep: SampledCFR | Blueprint
    if isinstance(strategy, SampledCFR):
        keep = strategy.copy()
    elif isinstance(strategy, Blueprint):
        keep = strategy.reread()
    else:
        raise GameSetupError(f"the strategy must be a SampledCFR or a Blueprint, got {short_repr(strategy)}")
    handle = keep._handle
    check(lib.badugi_sampled_freeze(handle), "the strategy")
    return handle, keep


def _count(name: str, value: object, least: int) -> int:
    number = as_count(value, least, MOST_ITERATIONS)
    if number is None:
        raise GameSetupError(
            f"{name} must be an int from {least} to {MOST_ITERATIONS:,}, got {short_repr(value)}"
        )
    return number


def _seed(value: object) -> int:
    if type(value) is not int or not 0 <= value < 2**63:
        raise GameSetupError(f"seed must be an int from 0 to 2**63 - 1, got {short_repr(value)}")
    return value


def _threads(value: object) -> int:
    workers = as_count(value, 1, 64)
    if workers is None:
        raise GameSetupError(f"threads must be an int from 1 to 64, got {short_repr(value)}")
    return workers


class AbstractBestResponse:
    """A best response to a strategy, learned inside its abstraction: ``learn`` more, ``measure`` any time.

    Args:
        strategy: a ``SampledCFR`` (its average strategy, as ``strategy()`` plays it; copied) or a
            ``Blueprint`` (read again from its file, so the one given is left as it is).
        seed: the learning's random stream, 0 to 2**63 - 1.
        schedule: the learning's batches and pruning (``LEARNING`` if None; its discounting, if
            any, touches only the response's regrets).

    Raises:
        badugi.errors.GameSetupError: an argument of the wrong type or out of range, named.
    """

    def __init__(
        self, strategy: SampledCFR | Blueprint, *, seed: int = 0, schedule: Schedule | None = None
    ) -> None:
        if schedule is not None and not isinstance(schedule, Schedule):
            raise GameSetupError(f"schedule must be a Schedule, got {short_repr(schedule)}")
        self.seed = _seed(seed)
        self.schedule = LEARNING if schedule is None else schedule
        self.iterations = 0
        self._handle, self._keep = _fresh(strategy)

    def __repr__(self) -> str:
        return f"<AbstractBestResponse: {self.iterations:,} iterations learned>"

    def learn(self, count: int, *, threads: int = 1, progress: bool = False) -> None:
        """Run ``count`` more iterations of the learning (each trains both seats' responses).

        Raises:
            badugi.errors.GameSetupError: ``count`` or ``threads`` not an int in range.
        """
        number = _count("count", count, 0)
        workers = _threads(threads)
        bar = _bar(number, "learning the response", progress)
        end, step = self.iterations + number, self.schedule.batch * 16
        while self.iterations < end:
            part = min(step, end - self.iterations)
            run = run_struct(self.schedule, self.seed, self.iterations, part, workers)
            run.against_average = 1
            check(lib.badugi_sampled_iterate(self._handle, run), "the response's learning")
            self.iterations += part
            if bar is not None:
                bar.update(part)
        if bar is not None:
            bar.close()

    def measure(
        self,
        hands: int,
        *,
        seed: int | None = None,
        threshold: float = 0.0,
        threads: int = 1,
        progress: bool = False,
    ) -> BestResponseEstimate:
        """Play the response learned so far on ``hands`` fresh deals, each once for each seat.

        Args:
            hands: deals to play.
            seed: their random stream (``2 * self.seed + 1`` if None, apart from the learning's).
            threshold: chips of regret an action needs before the response leaves the strategy
                it answers for it (0 to 1e9; above 0 keeps the learning's noise out of the play).
            threads: threads, 1 to 64, each playing its own deals in C.
            progress: show a ``tqdm`` bar.

        Raises:
            badugi.errors.GameSetupError: an argument of the wrong type or out of range, named.
        """
        deals = _count("hands", hands, 1)
        stream = 2 * self.seed + 1 if seed is None else _seed(seed)
        if type(threshold) not in (int, float) or not 0.0 <= threshold <= 1e9:  # bool is refused too
            raise GameSetupError(
                f"threshold must be a number of chips from 0 to 1e9, got {short_repr(threshold)}"
            )
        workers = _threads(threads)
        bar = _bar(deals, "measuring it", progress)
        handle = self._handle

        def play(first: int) -> list[float]:
            out = ffi.new("double[6]")
            size = min(CHUNK, deals - first)
            check(
                lib.badugi_sampled_respond(handle, stream, first, size, float(threshold), out, 6),
                "the response's play",
            )
            if bar is not None:
                bar.update(size)
            return list(out)

        with ThreadPoolExecutor(max_workers=workers) as pool:  # the C call lets go of the GIL
            parts = list(pool.map(play, range(0, deals, CHUNK)))
        if bar is not None:
            bar.close()
        sums = [math.fsum(part[i] for part in parts) for i in range(6)]
        won = [_mean_and_width(sums[2 * seat], sums[2 * seat + 1], deals) for seat in range(2)]
        both, width = _mean_and_width(sums[4], sums[5], deals)
        return BestResponseEstimate(
            self.iterations,
            deals,
            (won[0][0], won[1][0]),
            (won[0][1], won[1][1]),
            both,
            width,
            float(threshold),
        )

    # The C solver is the learning's state: a copy would be a second learning, which nobody needs.
    def __reduce__(self) -> Any:
        raise GameSetupError("an AbstractBestResponse does not pickle: learn one again from its strategy")


def abstract_best_response(
    strategy: SampledCFR | Blueprint,
    *,
    iterations: int,
    hands: int,
    seed: int = 0,
    threads: int = 1,
    schedule: Schedule | None = None,
    progress: bool = False,
) -> BestResponseEstimate:
    """Learn a best response to ``strategy`` for ``iterations`` and measure it on ``hands`` deals.

    ``AbstractBestResponse(strategy, seed=seed, schedule=schedule)``, ``learn(iterations)``,
    ``measure(hands)``: see there.

    Raises:
        badugi.errors.GameSetupError: an argument of the wrong type or out of range, named.
    """
    learn = _count("iterations", iterations, 0)
    deals = _count("hands", hands, 1)
    workers = _threads(threads)
    response = AbstractBestResponse(strategy, seed=seed, schedule=schedule)
    response.learn(learn, threads=workers, progress=progress)
    return response.measure(deals, threads=workers, progress=progress)


def _mean_and_width(total: float, squares: float, n: int) -> tuple[float, float]:
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    return mean, Z_95 * math.sqrt(variance / n)


def _bar(total: int, what: str, progress: bool) -> Any:
    if not progress:
        return None
    from tqdm import tqdm  # noqa: PLC0415 - only with a bar

    return tqdm(total=total, desc=what, unit="it", unit_scale=True)
