"""The integer actions of a hand, as solvers and learners number them.

Decisions: ``FOLD`` (0), ``CALL`` (1: check or call), ``RAISE`` (2: bet or
raise one fixed-limit unit), and a draw, ``DISCARD + mask`` (3 and up), where
bit ``i`` of ``mask`` throws card ``i`` of the seat's hand in increasing id
order (``mask`` 0 stands pat). Chance outcomes are card ids (0..51, the
library's ids, so a reduced deck's cards keep their names and values).
"""

from __future__ import annotations

__all__ = ["CALL", "DISCARD", "FOLD", "RAISE", "decision_count", "mask_of", "thrown_by"]

FOLD = 0
CALL = 1
RAISE = 2
DISCARD = 3


def decision_count(hand_size: int) -> int:
    """How many decision actions there are: fold, call, raise and one per subset of the hand."""
    return DISCARD + (1 << hand_size)


def thrown_by(action: int, cards: list[int]) -> list[int]:
    """The cards a discard action throws from ``cards`` (sorted)."""
    mask = action - DISCARD
    return [card for index, card in enumerate(cards) if mask >> index & 1]


def mask_of(thrown: list[int] | tuple[int, ...] | set[int], cards: list[int]) -> int:
    """The discard action that throws ``thrown`` from ``cards`` (sorted)."""
    return DISCARD + sum(1 << index for index, card in enumerate(cards) if card in thrown)
