"""Rules of following a record that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.follow`` and fails on the mutant its
docstring names.
"""

from __future__ import annotations

import dataclasses

import pytest

from badugi.engine import FixedLimit
from badugi.errors import HandHistoryError
from badugi.histories.follow import follow
from badugi.histories.record import HandRecord, RecordedPlayer, Step


def _uncontested(*extra: Step, names: tuple[str, ...] = ("P0", "P1", "P2", "P3")) -> HandRecord:
    """Four players, blinds 5/10: seat 3 raises to 20, everyone folds, 10 goes back, 25 is collected."""
    steps = (
        Step("small_blind", 1, amount=5),
        Step("big_blind", 2, amount=10),
        Step("raise", 3, amount=20),
        Step("fold", 0),
        Step("fold", 1),
        Step("fold", 2),
        Step("returned", 3, amount=10),
        Step("collect", 3, amount=25),
        *extra,
    )
    return HandRecord(
        source="test",
        label="hand",
        players=tuple(RecordedPlayer(name, 200, k + 1) for k, name in enumerate(names)),
        button=0,
        structure=FixedLimit(10, 20),
        blinds=(5, 10),
        steps=steps,
    )


def test_a_collect_or_a_return_with_no_amount_moves_no_chip() -> None:
    """A ``collect`` or ``returned`` step whose amount the record does not give counts for no chip.

    Rule: every chip is accounted for (``follow``'s docstring: what the record says each player
    collected, plus the rake, must be what the pots held); a line with no amount says nothing of
    chips, so it must not be read as one chip (the mutant ``amount or 1``).
    """
    assert follow(_uncontested()).payouts == [0, 0, 0, 35]
    assert follow(_uncontested(Step("collect", 0))).payouts == [0, 0, 0, 35]
    assert follow(_uncontested(Step("returned", 1))).payouts == [0, 0, 0, 35]
    with pytest.raises(HandHistoryError, match="collect"):
        follow(_uncontested(Step("collect", 0, amount=1)))


def test_an_error_names_a_player_by_name_and_a_player_with_no_name_by_seat() -> None:
    """A refusal names the record's player; a player the record gives no name is named by seat number.

    Rule: ``follow``'s docstring ("a ``HandHistoryError`` naming the hand and the line"); the
    engine names seats by number, a record's reader knows its players by name.
    """
    missing_return = _uncontested()
    steps = missing_return.steps[:6] + missing_return.steps[7:]
    with pytest.raises(HandHistoryError, match="returns 0 of P3's bets uncalled; the rules return 10"):
        follow(dataclasses.replace(missing_return, steps=steps))
    nameless = _uncontested(names=("P0", "P1", "P2", ""))
    with pytest.raises(HandHistoryError, match="returns 0 of seat 3's bets uncalled; the rules return 10"):
        follow(dataclasses.replace(nameless, steps=steps))
