"""``SampledCFR``: external-sampling Monte Carlo CFR of heads-up Badugi, in C, under an abstraction.

The C (``csrc/sampled/``) plays the rules of ``badugi.adapters``' heads-up
fixed-limit Badugi; the abstraction says what a strategy tells apart
(``Abstraction``); the schedule how the iterations are weighted
(``Schedule``). Iteration ``t`` samples from its own stream, seeded by
``(seed, t)``, and every regret is an integer: a run's result depends on the
seed, the schedule and the iterations, never on the threads or on where it was
stopped and resumed.

>>> from badugi.adapters import Variant
>>> from badugi.solver import exploitability, table_root, tree_of
>>> from badugi.solver.sampled import Abstraction, SampledCFR
>>> variant = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
>>> solver = SampledCFR(variant, Abstraction.exact(), seed=1)
>>> solver.iterate(20_000)
>>> tree = tree_of(table_root(variant))
>>> round(exploitability(tree, solver.strategy_for(tree)), 4)   # chips a hand; 0.5083 for the uniform policy
0.0185
"""

from __future__ import annotations

from typing import Any

from badugi._native import ffi, lib
from badugi.adapters.variant import Variant
from badugi.engine._checks import as_count, short_repr
from badugi.errors import GameSetupError
from badugi.solver.sampled.abstraction import Abstraction
from badugi.solver.sampled.native import abstraction_struct, check, rules_struct, run_struct
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.views import view_of
from badugi.solver.tree import GameTree, _numpy

__all__ = ["MOST_SLOTS", "SampledCFR"]

#: The most slots (an information set's actions) a solver takes unless told: 2 GB of its three arrays.
MOST_SLOTS = 2**27
MOST_ITERATIONS = 2**40
ARRAYS = {
    "regret": lib.BADUGI_SAMPLED_REGRET,
    "average": lib.BADUGI_SAMPLED_AVERAGE,
    "delta": lib.BADUGI_SAMPLED_DELTA,
}


class SampledCFR:
    """A sampled CFR solver of one heads-up Badugi ``Variant`` under an ``Abstraction``.

    Args:
        variant: the game (heads-up Badugi; stacks that cover every bet).
        abstraction: what the strategy tells apart.
        seed: the run's seed, 0 to 2**64 - 1.
        schedule: batches, discounting, pruning.
        most_slots: refuse an abstraction needing more slots than this.

    Raises:
        badugi.errors.GameSetupError: any argument of the wrong type or out of range, named.
    """

    def __init__(
        self,
        variant: Variant,
        abstraction: Abstraction,
        *,
        seed: int = 0,
        schedule: Schedule | None = None,
        most_slots: int = MOST_SLOTS,
    ) -> None:
        chosen = Schedule() if schedule is None else schedule
        if not isinstance(chosen, Schedule):
            raise GameSetupError(f"schedule must be a Schedule, got {short_repr(schedule)}")
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise GameSetupError(f"seed must be an int from 0 to 2**64 - 1, got {short_repr(seed)}")
        slots = as_count(most_slots, 1, 2**40)
        if slots is None:
            raise GameSetupError(f"most_slots must be a positive int, got {short_repr(most_slots)}")
        rules = rules_struct(variant)
        struct, keep_alive = abstraction_struct(abstraction, variant)
        handle = ffi.new("badugi_sampled **")
        check(lib.badugi_sampled_new(rules, struct, slots, handle), "the solver")
        del keep_alive  # the C copied the tables
        self._handle = ffi.gc(handle[0], lib.badugi_sampled_free)
        self.variant = variant
        self.abstraction = abstraction
        self.seed = seed
        self.schedule = chosen
        self.iterations = 0
        self._most_slots = slots
        sizes = ffi.new("int64_t[4]")
        check(lib.badugi_sampled_sizes(self._handle, sizes, 4), "sizes")
        self._sizes = (int(sizes[0]), int(sizes[1]), int(sizes[2]))

    @property
    def slots(self) -> int:
        """The regrets' length: one slot per action of each information set."""
        return self._sizes[0]

    @property
    def information_sets(self) -> int:
        """The information sets the abstraction tells apart."""
        return self._sizes[1]

    @property
    def public_nodes(self) -> int:
        """The public states the strategy tells apart (where a seat acts)."""
        return self._sizes[2]

    def __repr__(self) -> str:
        return (
            f"<SampledCFR {self.variant!r} {self.abstraction!r}: {self.information_sets:,} information sets, "
            f"{self.iterations:,} iterations>"
        )

    # ---- running ---------------------------------------------------------------------------

    def iterate(self, count: int, *, threads: int = 1) -> None:
        """Run ``count`` more iterations (each traverses once for each seat) on ``threads`` threads.

        Raises:
            badugi.errors.GameSetupError: ``count`` or ``threads`` not an int in range.
        """
        number = self._count(count)
        run = run_struct(self.schedule, self.seed, self.iterations, number, self._threads(threads))
        check(lib.badugi_sampled_iterate(self._handle, run), "iterate")
        self.iterations += number

    def sample(self, first: int, count: int, *, threads: int = 1) -> None:
        """Sample iterations ``first .. first + count - 1`` of one batch, their changes left unmerged.

        For splitting a batch among workers: each samples a part on a copy, and the
        copies' ``delta`` and ``average`` arrays are added to the solver's before ``commit``.

        Raises:
            badugi.errors.GameSetupError: a bad ``first``, ``count`` or ``threads``, or a range
                that leaves its batch.
        """
        start = as_count(first, 0, MOST_ITERATIONS)
        number = self._count(count)
        batch = self.schedule.batch
        if start is None or start // batch != (start + number - 1) // batch:
            raise GameSetupError(
                f"iterations {first!r} to {first!r} + {count!r} - 1 are not within one batch"
            )
        run = run_struct(self.schedule, self.seed, start, number, self._threads(threads))
        check(lib.badugi_sampled_sample(self._handle, run), "sample")

    def commit(self, end: int) -> None:
        """Merge the sampled changes into the regrets, as after iteration ``end - 1`` (a batch's end).

        Raises:
            badugi.errors.GameSetupError: ``end`` is not the end of a batch past the solver's iterations.
        """
        number = as_count(end, 1, MOST_ITERATIONS)
        if number is None or number % self.schedule.batch or number <= self.iterations:
            raise GameSetupError(
                f"end must end a batch after iteration {self.iterations}, got {short_repr(end)}"
            )
        run = run_struct(self.schedule, self.seed, self.iterations, 0, 1)
        check(lib.badugi_sampled_commit(self._handle, run, number), "commit")
        self.iterations = number

    @staticmethod
    def _count(count: object) -> int:
        number = as_count(count, 1, MOST_ITERATIONS)
        if number is None:
            raise GameSetupError(f"count must be an int from 1 to 2**40, got {short_repr(count)}")
        return number

    @staticmethod
    def _threads(threads: object) -> int:
        number = as_count(threads, 1, 256)
        if number is None:
            raise GameSetupError(f"threads must be an int from 1 to 256, got {short_repr(threads)}")
        return number

    # ---- the arrays ------------------------------------------------------------------------

    def array(self, name: str) -> Any:
        """A copy of ``"regret"``, ``"average"`` (the strategy sums) or ``"delta"``: int64, one per slot.

        Raises:
            badugi.errors.GameSetupError: another name.
        """
        np = _numpy()
        which = self._which(name)
        out = np.empty(self.slots, dtype=np.int64)
        check(
            lib.badugi_sampled_get(self._handle, which, ffi.from_buffer("int64_t[]", out), self.slots), name
        )
        return out

    def set_array(self, name: str, values: object, *, add: bool = False) -> None:
        """Set (or with ``add``, add to) one of the arrays ``array`` names.

        Raises:
            badugi.errors.GameSetupError: another name, or not ``slots`` integers.
        """
        np = _numpy()
        which = self._which(name)
        try:
            data = np.ascontiguousarray(values, dtype=np.int64)
        except (TypeError, ValueError, OverflowError) as exc:
            raise GameSetupError(f"{name} must be {self.slots} int64 values") from exc
        if data.shape != (self.slots,):
            raise GameSetupError(f"{name} must be {self.slots} int64 values, got shape {data.shape}")
        call = lib.badugi_sampled_add if add else lib.badugi_sampled_set
        check(call(self._handle, which, ffi.from_buffer("int64_t[]", data), self.slots), name)

    @staticmethod
    def _which(name: object) -> int:
        if name not in ARRAYS:
            raise GameSetupError(f"the arrays are {', '.join(ARRAYS)}, got {short_repr(name)}")
        return int(ARRAYS[str(name)])

    # ---- the strategy ----------------------------------------------------------------------

    def strategy(self, key: str, *, average: bool = True) -> list[float]:
        """The strategy where an information state (the adapters' string) is: a probability per action 0..18.

        Raises:
            badugi.errors.GameSetupError: a string that is not a turn of its seat in this game.
        """
        return list(self._policy(key, average))

    def _policy(self, key: str, average: bool) -> Any:
        out = ffi.new("double[19]")
        status = lib.badugi_sampled_policy(self._handle, view_of(key), int(average), out, 19)
        if status == lib.BADUGI_E_ARGUMENT:
            raise GameSetupError(f"{key[:80]!r} is not a turn of its seat in {self.variant!r}")
        check(status, f"the strategy at {key[:80]!r}")
        return out

    def strategy_for(self, tree: GameTree, *, average: bool = True) -> Any:
        """The strategy over an exact tree of the same variant: a probability per slot of ``tree``.

        What ``badugi.solver.exploitability`` measures: the abstract strategy played in the real game.

        Raises:
            badugi.errors.GameSetupError: not a GameTree, or one whose information sets this game has not
                (another variant's).
        """
        np = _numpy()
        if not isinstance(tree, GameTree):
            raise GameSetupError(f"strategy_for takes a GameTree, got {type(tree).__name__}")
        policy = np.zeros(tree.slots)
        first, count, actions = tree.first.tolist(), tree.count.tolist(), tree.actions.tolist()
        for index, key in enumerate(tree.keys):
            out = self._policy(key, average)
            start = first[index]
            mass = 0.0
            for slot in range(start, start + count[index]):
                policy[slot] = out[actions[slot]]
                mass += policy[slot]
            if abs(mass - 1.0) > 1e-9:
                raise GameSetupError(f"the strategy at {key!r} plays actions the tree does not have")
        return policy

    # ---- copies and pickles ----------------------------------------------------------------

    def __getstate__(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "abstraction": self.abstraction,
            "seed": self.seed,
            "schedule": self.schedule,
            "most_slots": self._most_slots,
            "iterations": self.iterations,
            "arrays": {name: self.array(name) for name in ARRAYS},
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc] # rebuilding the C solver is __init__'s job
            state["variant"],
            state["abstraction"],
            seed=state["seed"],
            schedule=state["schedule"],
            most_slots=state["most_slots"],
        )
        for name, values in state["arrays"].items():
            self.set_array(name, values)
        self.iterations = int(state["iterations"])

    def copy(self) -> SampledCFR:
        """An independent copy, regrets and all."""
        twin = SampledCFR.__new__(SampledCFR)
        twin.__setstate__(self.__getstate__())
        return twin

    def __copy__(self) -> SampledCFR:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> SampledCFR:
        return self.copy()
