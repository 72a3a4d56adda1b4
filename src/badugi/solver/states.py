"""The two kinds of root a tree is walked from: the adapters' ``TableState`` and an OpenSpiel state.

Each wraps a state in the five questions and one move ``badugi.solver.tree``
asks (``Walkable``). The OpenSpiel one lets the same solver be checked on
OpenSpiel's own games (Kuhn and Leduc poker) against OpenSpiel's own
exploitability; the ``TableState`` one walks the family's trees about three
times as fast as OpenSpiel's callbacks into the same code do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from badugi.adapters.table import TableState
from badugi.adapters.variant import Variant
from badugi.adapters.views import information_state_string
from badugi.errors import GameSetupError
from badugi.solver.tree import CHANCE, TERMINAL

__all__ = ["SpielNode", "TableNode", "table_root"]


class TableNode:
    """A ``TableState`` as the walk asks it (heads-up only)."""

    __slots__ = ("state",)

    def __init__(self, state: TableState) -> None:
        self.state = state

    def kind(self) -> int:
        """0 or 1 (the seat to decide), CHANCE or TERMINAL."""
        state = self.state
        if state.is_terminal:
            return TERMINAL
        if state.is_chance:
            return CHANCE
        actor = state.actor
        assert actor is not None  # a decision node has a seat to act
        return actor

    def outcomes(self) -> Sequence[tuple[int, float]]:
        """The chance outcomes and their probabilities."""
        return self.state.chance_outcomes()

    def actions(self) -> Sequence[int]:
        """The legal actions."""
        return self.state.legal_actions()

    def key(self) -> str:
        """The deciding seat's information-state string."""
        actor = self.state.actor
        assert actor is not None
        return information_state_string(self.state, actor)

    def payoff(self) -> float:
        """Seat 0's return at a terminal."""
        return self.state.returns()[0]

    def child(self, action: int) -> TableNode:
        """A new state: this one after ``action``."""
        new = self.state.clone()
        new.apply(action)
        return TableNode(new)


def table_root(variant: object) -> TableNode:
    """The root of ``variant``'s tree, which must be heads-up.

    Raises:
        badugi.errors.GameSetupError: ``variant`` is not a heads-up ``Variant``.
    """
    if not isinstance(variant, Variant):
        raise GameSetupError(f"a tree is walked from a Variant, got {type(variant).__name__}")
    if variant.players != 2:
        raise GameSetupError(f"the solver plays two seats, the variant has {variant.players}")
    return TableNode(TableState(variant))


class SpielNode:
    """An OpenSpiel state (two players, zero-sum, sequential) as the walk asks it."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def kind(self) -> int:
        """0 or 1 (the seat to decide), CHANCE or TERMINAL."""
        state = self.state
        if state.is_terminal():
            return TERMINAL
        if state.is_chance_node():
            return CHANCE
        player = int(state.current_player())
        if player not in (0, 1):
            raise GameSetupError(f"the solver plays sequential two-player games, a node's player is {player}")
        return player

    def outcomes(self) -> Sequence[tuple[int, float]]:
        """The chance outcomes and their probabilities."""
        return [(int(a), float(p)) for a, p in self.state.chance_outcomes()]

    def actions(self) -> Sequence[int]:
        """The legal actions."""
        return [int(a) for a in self.state.legal_actions()]

    def key(self) -> str:
        """The deciding seat's information-state string."""
        return str(self.state.information_state_string())

    def payoff(self) -> float:
        """Seat 0's return at a terminal."""
        returns = self.state.returns()
        if abs(returns[0] + returns[1]) > 1e-9:
            raise GameSetupError(f"the solver plays zero-sum games, a terminal returns {list(returns)}")
        return float(returns[0])

    def child(self, action: int) -> SpielNode:
        """A new state: this one after ``action``."""
        return SpielNode(self.state.child(action))
