"""Two simple players, for simulations and tests.

A player is any callable that takes a ``SeatView`` and returns an action:
``"fold"``, ``"check"``, ``"call"``, ``("raise", total)`` or
``("draw", [cards to throw])``.
"""

from __future__ import annotations

import random
from typing import Any

from badugi.engine._checks import short_repr
from badugi.engine.betting import NOTHING_LEGAL
from badugi.engine.reading import read_hand
from badugi.engine.setup import check_seed
from badugi.engine.view import SeatView
from badugi.errors import GameSetupError, IllegalActionError

__all__ = ["RandomBot", "SimpleBot"]

Action = Any  # "fold" | "check" | "call" | ("raise", int) | ("draw", list[str])


def _check_view(view: object) -> None:
    if not isinstance(view, SeatView):
        raise GameSetupError(f"a player takes a SeatView, got {short_repr(view)}")
    if view.legal == NOTHING_LEGAL:
        raise IllegalActionError(f"seat {view.seat} has nothing to choose: it is not its turn")


class RandomBot:
    """Picks uniformly among the legal kinds of action, amounts and discards included.

    It draws by throwing each of its cards with probability 1/2 (0 to all of
    them, in any game); it bets by picking one of the legal kinds of action,
    and a bet or raise of any legal size.
    """

    def __init__(self, seed: int | None = None) -> None:
        """A bot whose choices follow ``seed`` (an int from 0 to 2**128 - 1), or fresh randomness with None.

        Raises:
            GameSetupError: a seed that is not None or such an int (a bool or a float is not a seed).
        """
        number = check_seed(seed)
        self._rng = random.Random(number)

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
    """Draws to the cards that count on each half of the game, and bets its made hands.

    It plays every game the same way, asking the game for the value of its
    cards on each half (see ``badugi.engine.reading``):

    * Draw: keep the cards worth keeping on some half (a badugi half's group,
      whatever its ranks; on a five-card low, one card of each of the scale's
      eight lowest ranks) and throw the rest. In Badugi: every card that does
      not count.
    * Bet: with a made half (a four-card badugi, or five different low cards
      on a low), bet or raise (else call); with a half one card short of it
      and draws to come, check or call; otherwise check, or fold to a bet.
    """

    def __init__(self, seed: int | None = None) -> None:
        """A SimpleBot. Its play follows from what it sees alone, so ``seed`` changes nothing.

        It is taken, and checked, so that every bot is built the same way
        (``RandomBot(seed=...)`` is the one that uses it).

        Raises:
            GameSetupError: a seed that is not None or an int from 0 to 2**128 - 1.
        """
        check_seed(seed)

    def __call__(self, view: SeatView) -> Action:
        """Choose an action for the seat to act.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
            IllegalActionError: the view's seat is not to act.
            InvalidHandError: its cards are not a hand of its game (a view made by hand).
        """
        _check_view(view)
        reading = read_hand(view.game, view.cards)
        legal = view.legal
        if legal.draw:
            return ("draw", reading.throw)
        short = reading.short
        if short == 0:  # a made hand on some half
            if legal.min_raise_to is not None:
                return ("raise", legal.min_raise_to)
            return "call" if legal.call else "check"
        if legal.check:
            return "check"
        if short == 1 and view.draws_left > 0:  # one card from a made hand
            return "call"
        return "fold"
