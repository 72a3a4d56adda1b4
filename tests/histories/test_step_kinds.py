"""``Step.kind`` is a type (``StepKind``), and a reader's own names for what it read are checked once."""

from __future__ import annotations

from typing import get_args

import pytest

from badugi.histories.record import STEP_KINDS, StepKind, step_kind


def test_the_kinds_are_the_type_s() -> None:
    assert frozenset(get_args(StepKind)) == STEP_KINDS
    assert {"ante", "forfeit", "collect", "returned", "draw_round"} <= STEP_KINDS


def test_a_step_kind_is_passed_and_anything_else_refused() -> None:
    assert step_kind("forfeit") == "forfeit"
    # A PokerStars reader's own event, a kind mis-spelled, nothing, and what is not text at all.
    for wrong in ("deal_cards", "Fold", "", [], None, 3):
        with pytest.raises(ValueError, match="is not a kind of step"):
            step_kind(wrong)  # type: ignore[arg-type]
