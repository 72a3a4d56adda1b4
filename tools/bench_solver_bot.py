"""What a decision costs each bot, on the same views, in one run: the solver bot against the others.

The views are every decision of 1,000 heads-up hands (the solve's stakes) the
solver bot played against DrawBot; each bot then decides at every view, three
rounds, and the median round's time per view is printed, with the solver bot's
as a ratio to each other bot's. The blueprint is read before the clock starts
(its first read is a one-time cost, printed apart).

    python tools/bench_solver_bot.py
"""

from __future__ import annotations

import statistics
import time

from badugi.engine import BOTS, FixedLimit, Hand, SeatView, view_of
from badugi.engine.blueprint import Blueprint

HANDS = 1000
ROUNDS = 3


def views() -> list[SeatView]:
    players = [BOTS["solver"].make(seed=1), BOTS["draw"].make(seed=2)]
    seen = []
    for number in range(HANDS):
        hand = Hand([200, 200], 1, FixedLimit(2, 4), blinds=(1, 2), seed=number)
        while hand.actor is not None:
            seat = hand.actor
            view = view_of(hand, seat)
            seen.append(view)
            hand.act(players[(seat + number) % 2](view))
    return seen


def per_view(decide: object, seen: list[SeatView]) -> float:
    rounds = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for view in seen:
            decide(view)  # type: ignore[operator]
        rounds.append((time.perf_counter() - started) / len(seen))
    return statistics.median(rounds)


def main() -> None:
    started = time.perf_counter()
    Blueprint.shipped()
    print(f"the blueprint read in {1000 * (time.perf_counter() - started):.0f} ms")
    seen = views()
    solver = BOTS["solver"].make(seed=3)
    costs = {"solver advice": per_view(solver.advice, seen), "solver": per_view(solver, seen)}
    for name in ("draw", "simple", "random"):
        costs[name] = per_view(BOTS[name].make(seed=4), seen)
    print(f"{len(seen):,} views")
    for name, cost in costs.items():
        ratio = "" if name.startswith("solver") else f"  (solver / {name}: {costs['solver'] / cost:.2f})"
        print(f"{name:>14}: {1e6 * cost:7.1f} µs a decision{ratio}")


if __name__ == "__main__":
    main()
