"""The solved strategy's advice at a decision, and the probability it gives the action taken.

An advisor takes the seat's view and gives the strategy's probability of each
legal action there (actions as the engine takes them: ``"fold"``, ``"check"``,
``"call"``, ``("bet", total)`` or ``("raise", total)``, ``("draw", cards)``), or
None where the strategy has no answer (not heads-up, another game, other
stakes). The default is the ``"solver"`` bot's ``advice`` when
``badugi.engine.BOTS`` has one that gives advice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from badugi.engine import BOTS, SeatView
from badugi.engine.history import Event
from badugi.errors import HandHistoryError

__all__ = [
    "Action",
    "Advice",
    "Advisor",
    "action_of",
    "checked_advice",
    "chosen_probability",
    "default_advisor",
]

#: An action as the engine takes it: "fold", "check", "call", ("bet", n), ("raise", n), ("draw", cards).
Action = Any
#: The strategy's probability of each legal action.
Advice = tuple[tuple[Action, float], ...]
#: Where the advice comes from: a view in, the probabilities (or None: no answer there) out.
Advisor = Callable[[SeatView], Sequence[tuple[Action, float]] | None]


def default_advisor() -> Advisor | None:
    """The solved strategy's advice (``BOTS["solver"]``, seed 0), or None where the library has none yet."""
    kind = BOTS.get("solver")
    if kind is None:
        return None
    advice = getattr(kind.make(seed=0), "advice", None)
    return advice if callable(advice) else None


def action_of(event: Event) -> Action:
    """What a seat did, as the engine takes it: the action an event of ``moments_of`` records."""
    kind = event["event"]
    if kind in ("bet", "raise"):
        return (kind, event["to"])
    if kind == "draw":
        return ("draw", tuple(event.get("discards") or ()))
    return kind


def _same(action: object) -> Hashable:
    """An action in one shape for comparing: a bet is a raise from nothing, a draw's cards in any order."""
    if isinstance(action, str):
        return action
    if isinstance(action, (tuple, list)) and len(action) == 2 and isinstance(action[0], str):
        kind, detail = action
        if kind in ("bet", "raise") and isinstance(detail, int) and not isinstance(detail, bool):
            return ("raise", detail)
        if kind == "draw" and isinstance(detail, (tuple, list, set, frozenset)):
            return ("draw", frozenset(str(card) for card in detail))
    raise HandHistoryError(f"the advisor gave an action that is not one: {action!r:.80}")


def checked_advice(given: object) -> Advice | None:
    """The advisor's answer as a tuple of (action, probability), or None.

    Raises:
        badugi.errors.HandHistoryError: an answer that is neither None nor pairs of an action and a
            probability in 0..1.
    """
    if given is None:
        return None
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise HandHistoryError(f"the advisor gave {given!r:.80}: a sequence of (action, probability) or None")
    pairs: list[tuple[Action, float]] = []
    for pair in given:
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
            raise HandHistoryError(f"the advisor gave {pair!r:.80}: an (action, probability) pair")
        action, chance = pair
        _same(action)
        if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0.0 <= chance <= 1.0:
            raise HandHistoryError(f"the advisor gave the probability {chance!r:.40}: a number from 0 to 1")
        pairs.append((action, float(chance)))
    return tuple(pairs)


def chosen_probability(advice: Advice, chosen: Action) -> float:
    """The strategy's probability of ``chosen`` (0 where it does not name it)."""
    wanted = _same(chosen)
    return sum(chance for action, chance in advice if _same(action) == wanted)
