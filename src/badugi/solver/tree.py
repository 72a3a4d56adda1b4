"""A two-player zero-sum game tree as flat arrays, one level of depth after another.

A solver that walks Python states pays for a state at every node of every
iteration; this tree pays once. It is walked a single time, depth first, from
a root state (``badugi.adapters.TableState`` or an OpenSpiel state), and kept as
numpy arrays: a node's parent, its kind (chance, a seat's decision, terminal),
the probability of the chance outcome that led to it, the information-set
action ("slot") that led to it, and a terminal's return to seat 0. The nodes
are then sorted by depth (stably, so a parent's children stay together), and
every level is one slice: a solver's pass over the tree is a loop of about
twenty vector operations, not millions of Python calls.

An information set is keyed by the state's information-state string; its
actions are one run of slots (``first[i]`` to ``first[i] + count[i]``). The
walk checks what a solver relies on: two seats, returns that sum to zero, the
same legal actions at every node of an information set, and every node of an
information set at one depth (true of the family's trees, where each seat sees
every chance node's count and every action).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from badugi.errors import GameSetupError

__all__ = ["CHANCE", "TERMINAL", "GameTree", "Walkable", "tree_of"]

#: A node's kind: 0 and 1 are the seat deciding there.
CHANCE = 2
TERMINAL = 3
MAX_DEPTH = 120  # deeper than any tree of the family; a cycle or an endless game stops here


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415 - an optional dependency, imported only where it is needed
    except ImportError as exc:  # pragma: no cover - the test environment has numpy
        raise ImportError("badugi.solver needs numpy: pip install numpy") from exc
    return numpy


class Walkable(Protocol):
    """What the walk asks of a state: the five questions and the two moves every tree needs."""

    def kind(self) -> int:
        """0 or 1 (the seat to decide), CHANCE or TERMINAL."""

    def outcomes(self) -> Sequence[tuple[int, float]]:
        """At a chance node, each outcome and its probability."""

    def actions(self) -> Sequence[int]:
        """At a decision node, the legal actions."""

    def key(self) -> str:
        """At a decision node, the deciding seat's information-state string."""

    def payoff(self) -> float:
        """At a terminal, seat 0's return (seat 1's is its negative)."""

    def child(self, action: int) -> Walkable:
        """A new state: this one after ``action``."""


@dataclass(frozen=True, eq=False)
class GameTree:
    """The arrays of one tree (see the module). Node 0 is the root; ``levels[d]:levels[d + 1]`` is depth d.

    Attributes:
        parent: each node's parent (-1 for the root).
        kind: 0 or 1 (the seat deciding), ``CHANCE`` or ``TERMINAL``.
        chance: the probability of the chance outcome that led to a node; 1.0 below a decision.
        slot: the information-set action that led to a node; -1 below a chance node.
        payoff: a terminal's return to seat 0 (0.0 elsewhere).
        levels: where each depth starts, and the node count at the end.
        keys: each information set's key, as the states gave it.
        player: each information set's seat.
        first: each information set's first slot; its slots run to ``first + count``.
        count: each information set's number of actions.
        actions: each slot's action, as the states number them.
        infoset: each slot's information set.
    """

    parent: Any
    kind: Any
    chance: Any
    slot: Any
    payoff: Any
    levels: Any
    keys: tuple[str, ...]
    player: Any
    first: Any
    count: Any
    actions: Any
    infoset: Any

    @property
    def nodes(self) -> int:
        """The number of nodes."""
        return int(self.parent.shape[0])

    @property
    def slots(self) -> int:
        """The number of information-set actions."""
        return int(self.actions.shape[0])

    def counts(self) -> dict[str, int]:
        """The nodes by kind: chance, decision and terminal."""
        np = _numpy()
        by_kind = np.bincount(self.kind, minlength=4)
        return {
            "chance": int(by_kind[CHANCE]),
            "decision": int(by_kind[0] + by_kind[1]),
            "terminal": int(by_kind[TERMINAL]),
        }

    def nbytes(self) -> int:
        """The bytes its arrays hold (the keys not counted)."""
        return sum(int(getattr(self, field).nbytes) for field in _ARRAYS)


_ARRAYS = (
    "parent",
    "kind",
    "chance",
    "slot",
    "payoff",
    "levels",
    "player",
    "first",
    "count",
    "actions",
    "infoset",
)


class _Builder:
    """The depth-first walk: flat records in preorder, then sorted by depth."""

    def __init__(self, progress: Callable[[int], None] | None) -> None:
        self.parent = array("q")
        self.depth = array("b")
        self.kind = array("b")
        self.chance = array("d")
        self.slot = array("q")
        self.payoff = array("d")
        self.index: dict[str, int] = {}
        self.player = array("b")
        self.first = array("q")
        self.count = array("q")
        self.actions = array("q")
        self.infoset = array("q")
        self.infoset_depth = array("b")
        self.progress = progress

    def walk(self, state: Walkable, parent: int, depth: int, chance: float, slot: int) -> None:
        if depth > MAX_DEPTH:
            raise GameSetupError(f"the tree is deeper than {MAX_DEPTH}: not a game this solver can store")
        node = len(self.parent)
        kind = state.kind()
        if kind not in (0, 1, CHANCE, TERMINAL):
            raise GameSetupError(f"a node's kind must be 0, 1, CHANCE or TERMINAL, got {kind!r}")
        self.parent.append(parent)
        self.depth.append(depth)
        self.kind.append(kind)
        self.chance.append(chance)
        self.slot.append(slot)
        self.payoff.append(state.payoff() if kind == TERMINAL else 0.0)
        if self.progress is not None and node % 65536 == 0:
            self.progress(node)
        if kind == TERMINAL:
            return
        if kind == CHANCE:
            for outcome, probability in state.outcomes():
                self.walk(state.child(outcome), node, depth + 1, probability, -1)
            return
        first = self._infoset(state, kind, depth)
        for offset, action in enumerate(state.actions()):
            self.walk(state.child(action), node, depth + 1, 1.0, first + offset)

    def _infoset(self, state: Walkable, seat: int, depth: int) -> int:
        key = state.key()
        actions = list(state.actions())
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.first)
            self.player.append(seat)
            self.first.append(len(self.actions))
            self.count.append(len(actions))
            self.infoset_depth.append(depth)
            self.actions.extend(actions)
            self.infoset.extend([found] * len(actions))
            return self.first[found]
        start = self.first[found]
        if self.player[found] != seat or list(self.actions[start : start + self.count[found]]) != actions:
            raise GameSetupError(f"information set {key!r} has nodes with different seats or legal actions")
        if self.infoset_depth[found] != depth:
            raise GameSetupError(f"information set {key!r} has nodes at different depths")
        return start

    def tree(self) -> GameTree:
        np = _numpy()
        depth = np.frombuffer(self.depth, dtype=np.int8)
        order = np.argsort(depth, kind="stable")
        where = np.empty_like(order)
        where[order] = np.arange(order.shape[0])
        parent = np.frombuffer(self.parent, dtype=np.int64)[order]
        parent = np.where(parent >= 0, where[np.maximum(parent, 0)], -1)
        levels = np.searchsorted(depth[order], np.arange(int(depth.max()) + 2))
        tree = GameTree(
            parent=parent,
            kind=np.frombuffer(self.kind, dtype=np.int8)[order],
            chance=np.frombuffer(self.chance, dtype=np.float64)[order],
            slot=np.frombuffer(self.slot, dtype=np.int64)[order],
            payoff=np.frombuffer(self.payoff, dtype=np.float64)[order],
            levels=levels,
            keys=tuple(self.index),
            player=np.frombuffer(self.player, dtype=np.int8).copy(),
            first=np.frombuffer(self.first, dtype=np.int64).copy(),
            count=np.frombuffer(self.count, dtype=np.int64).copy(),
            actions=np.frombuffer(self.actions, dtype=np.int64).copy(),
            infoset=np.frombuffer(self.infoset, dtype=np.int64).copy(),
        )
        for field in _ARRAYS:  # a tree is a value: nobody's pass may change it under another's
            getattr(tree, field).flags.writeable = False
        return tree


def tree_of(root: Walkable, *, progress: Callable[[int], None] | None = None) -> GameTree:
    """Walk the whole tree below ``root`` once and keep it as arrays.

    ``progress``, if given, is called with the number of nodes walked every 65,536 nodes.

    Raises:
        badugi.errors.GameSetupError: the tree is not one a two-seat solver can store (see the module).
    """
    builder = _Builder(progress)
    builder.walk(root, -1, 0, 1.0, -1)
    return builder.tree()
