"""Two simple players, for simulations and tests.

A player is any callable that takes a ``SeatView`` and returns an action:
``"fold"``, ``"check"``, ``"call"``, ``("raise", total)`` or
``("draw", [cards to throw])``.
"""

from __future__ import annotations

import random
from typing import Any

from badugi.errors import GameSetupError, IllegalActionError
from badugi.evaluate import evaluate
from badugi.game._checks import as_int, short_repr
from badugi.game.betting import NOTHING_LEGAL
from badugi.game.view import SeatView
from badugi.games import BADUGI as GAME

__all__ = ["RandomBot", "SimpleBot"]

Action = Any  # "fold" | "check" | "call" | ("raise", int) | ("draw", list[str])


def _check_view(view: object) -> None:
    if not isinstance(view, SeatView):
        raise GameSetupError(f"a player takes a SeatView, got {short_repr(view)}")
    if view.legal == NOTHING_LEGAL:
        raise IllegalActionError(f"seat {view.seat} has nothing to choose: it is not its turn")


class RandomBot:
    """Picks uniformly among the legal kinds of action, amounts and discards included."""

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and as_int(seed) is None:
            raise GameSetupError(f"seed must be an int or None, got {short_repr(seed)}")
        self._rng = random.Random(None if seed is None else as_int(seed))

    def __call__(self, view: SeatView) -> Action:
        """Choose an action for the seat to act.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
            IllegalActionError: the view's seat is not to act.
        """
        _check_view(view)
        rng = self._rng
        legal = view.legal
        if legal.draw:
            return ("draw", [c for c in view.cards if rng.random() < 0.5])
        choices: list[Action] = []
        if legal.check:
            choices.append("check")
        if legal.call:
            choices += ["call", "fold"]
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            choices.append(("raise", rng.randint(legal.min_raise_to, legal.max_raise_to)))
        return rng.choice(choices)


class SimpleBot:
    """Draws to its counting cards and bets its made hands.

    * Draw: throw every card that does not count.
    * Bet: with a made hand (a badugi: every card counts), bet or raise
      (else call); one card short of it (a three-card hand) with draws to
      come, check or call; otherwise check, or fold to a bet.
    """

    def __call__(self, view: SeatView) -> Action:
        """Choose an action for the seat to act.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
            IllegalActionError: the view's seat is not to act.
            InvalidHandError: its cards are not a hand (a view made by hand).
        """
        _check_view(view)
        value = evaluate(view.cards)
        legal = view.legal
        if legal.draw:
            return ("draw", [c for c in view.cards if c not in value.cards])
        if value.size == GAME.hand_size:  # every card counts: a made hand
            if legal.min_raise_to is not None:
                return ("raise", legal.min_raise_to)
            return "call" if legal.call else "check"
        if legal.check:
            return "check"
        if value.size == GAME.hand_size - 1 and view.draws_left > 0:  # one card from a made hand
            return "call"
        return "fold"
