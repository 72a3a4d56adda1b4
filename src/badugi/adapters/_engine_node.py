"""The engine's hands of one game tree, each betting move played once and shared by every deal.

A ``TableState`` drives its ``FollowedHand`` blind: the engine never sees a
card until the showdown. So the engine's state after a move depends only on
the engine's state before it and the move (a bet action, or how many cards a
seat draws), never on the cards dealt. A tree walk meets the same betting
under every deal (the 7,014 nodes of the solvers guide's nine-card variant
need 9 engine hands), and copying the engine hand to play each move again
was most of a node's cost. An ``EngineNode`` remembers the hand each move leads to, so the
move is played (one ``engine_copy``, then the engine's own method) once per
tree, and every state that reaches it shares the result, which nobody
changes afterwards.

The children live as long as some state of the tree does: a new
``TableState`` starts a new tree, and the adapters start one for each hand
they deal (``new_initial_state``, ``reset``), so nothing outlives the states
using it; a clone kept as a starting point would keep every hand played from it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from badugi.adapters._engine_copy import engine_copy
from badugi.engine.betting import Legal
from badugi.engine.followed import FollowedHand

__all__ = ["EngineNode"]


class EngineNode:
    """An engine hand that is never changed again, and the nodes its moves lead to."""

    __slots__ = ("_legal", "actor", "children", "hand", "live", "phase", "returns", "round_index")

    def __init__(self, hand: FollowedHand) -> None:
        self.hand = hand
        # What the walk asks at every state, asked of the hand once (it never changes).
        self.actor = hand.actor
        self.phase = hand.phase
        self.round_index = hand.round_index
        self.live = tuple(seat for seat, out in enumerate(hand.folded) if not out)  # the hands still in
        self.children: dict[Hashable, EngineNode] = {}
        # At a terminal: each seat's returns for each ranking of the hands still in (see TableState).
        self.returns: dict[tuple[tuple[int, ...], ...], tuple[float, ...]] = {}
        self._legal: Legal | None = None

    def legal(self) -> Legal:
        """The hand's legal bets, asked of the engine once (the hand never changes)."""
        if self._legal is None:
            self._legal = self.hand.legal()
        return self._legal

    def after(self, move: Hashable, play: Callable[[FollowedHand], object]) -> EngineNode:
        """The node after ``move``, which ``play`` makes on a copy of the hand the first time it is asked.

        ``move`` must name everything the engine is told (the action, or the
        number of cards drawn), so that two moves with one key are the same move.
        """
        child = self.children.get(move)
        if child is None:
            hand = engine_copy(self.hand)
            play(hand)
            child = self.children[move] = EngineNode(hand)
        return child
