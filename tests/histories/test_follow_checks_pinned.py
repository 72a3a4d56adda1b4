"""What ``follow`` refuses in a record before the rules see it, found unpinned by the mutation run.

Each test is a probe (issue 31): it passes on ``badugi.histories.follow`` and fails on the mutant
its docstring names (``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from badugi.engine import FixedLimit
from badugi.histories import HandHistoryError, HandRecord, RecordedPlayer, Step, follow

MOST = 2**63 - 1


def _record(stacks: tuple[int, ...] = (200, 200, 200, 200), *extra: Step) -> HandRecord:
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
        players=tuple(RecordedPlayer(f"P{k}", stack, k + 1) for k, stack in enumerate(stacks)),
        button=0,
        structure=FixedLimit(10, 20),
        blinds=(5, 10),
        steps=steps,
    )


def test_chips_past_two_to_the_sixty_three_are_refused_before_the_rules_see_them() -> None:
    """A stack or an amount above 2**63-1 chips is refused as a field of the record, naming it.

    Rule: ``follow``'s docstring and the library's chip cap (every amount is a whole number from 0
    to 2**63-1, as the engine counts). Kills ``follow.py:250`` (``2**63 - 1`` made ``2**63 + 1`` or
    ``2**63 - 0``: 2**63 chips would pass the record's check; or made ``2**63 - 2``: 2**63-1 would not).
    """
    assert follow(_record()).payouts == [0, 0, 0, 35]
    # 2**63-1 passes the record's check; the engine then finds the table's chips too many for a pot.
    with pytest.raises(HandHistoryError, match=r"^hand: the table cannot be set up: the stacks"):
        follow(_record((MOST, 200, 200, 200)))
    with pytest.raises(HandHistoryError, match=r"^hand: player 0 is .*: a name \(str\), a stack and a seat"):
        follow(_record((MOST + 1, 200, 200, 200)))
    record = _record()
    steps = (*record.steps[:2], Step("raise", 3, amount=MOST + 1), *record.steps[3:])
    with pytest.raises(
        HandHistoryError, match=r"has the amount \d+: a whole number from 0 to 2\*\*63-1, or None"
    ):
        follow(dataclasses.replace(record, steps=steps))
    refused = r"^hand: total_pot must be a whole number of chips \(0 to 2\*\*63-1\) or None"
    with pytest.raises(HandHistoryError, match=refused):
        follow(dataclasses.replace(record, total_pot=MOST + 1))


@pytest.mark.parametrize("field", ["source", "label", "place"])
def test_a_record_s_source_label_and_place_are_text(field: str) -> None:
    """Each of a record's ``source``, ``label`` and ``place`` must be text: any one that is not is refused.

    Rule: ``HandRecord``'s attributes (text for messages) and ``follow``'s docstring (a
    ``HandHistoryError`` for a record it cannot read). Kills ``follow.py:299`` (the ``or`` of the
    three tests made ``and``: only a record with all three wrong would be refused).
    """
    changes: dict[str, Any] = {field: 5}
    with pytest.raises(HandHistoryError, match="source, label and place must be text"):
        follow(dataclasses.replace(_record(), **changes))


def test_a_step_s_all_in_is_true_false_or_none() -> None:
    """A step's ``all_in`` is True, False or None (not said): anything else is refused as a field.

    Rule: ``Step``'s ``all_in`` field and ``follow``'s field checks (before the rules see the
    record). Kills ``follow.py:280`` (the deleted ``return``: ``"yes"`` would reach the rules and be
    read as a claim that the player is all in).
    """
    record = _record()
    steps = (*record.steps[:3], Step("fold", 0, all_in="yes"), *record.steps[4:])  # type: ignore[arg-type]
    with pytest.raises(
        HandHistoryError, match=r"^hand: step 4 \(fold\) has all_in 'yes': True, False or None$"
    ):
        follow(dataclasses.replace(record, steps=steps))


def test_a_record_s_steps_are_a_tuple_or_a_list_of_steps() -> None:
    """A record's steps are a tuple (or list) of ``Step``: text or a set of steps is refused as such.

    Rule: ``HandRecord.steps`` ("the hand's lines, in the record's order": a set has no order) and
    ``follow``'s field checks. Kills ``follow.py:307`` (the deleted ``return``: the steps would be
    read one by one, and a message about a first step would hide what is wrong).
    """
    record = _record()
    for steps in ("fold", frozenset(record.steps)):
        with pytest.raises(HandHistoryError, match=r"^hand: steps must be a tuple of Step, got "):
            follow(dataclasses.replace(record, steps=steps))  # type: ignore[arg-type]


def test_a_record_that_stops_before_the_deal_is_refused_as_such() -> None:
    """A record of the blinds and nothing else stops before the deal: refused, saying so.

    Rule: ``follow``'s docstring (a record that stops before the hand is over raises
    ``HandHistoryError``). Kills ``follow.py:120`` (the deleted raise: the error would be the
    settlement's, "a hand is settled after its betting").
    """
    record = _record()
    with pytest.raises(HandHistoryError, match=r"^hand: the record stops before the deal$"):
        follow(dataclasses.replace(record, steps=record.steps[:2]))


@pytest.mark.parametrize(
    "player",
    [RecordedPlayer(5, 200, 1), RecordedPlayer("P0", -1, 1), RecordedPlayer("P0", 200, -1)],  # type: ignore[arg-type]
)
def test_a_player_with_any_one_field_wrong_is_refused(player: RecordedPlayer) -> None:
    """A player's name is text, its stack and seat whole numbers: any one of them wrong is refused.

    Rule: ``RecordedPlayer``'s fields and ``follow``'s field checks (before the rules see the
    record). Kills ``follow.py:293`` (the ``or`` of the three tests made ``and``).
    """
    record = _record()
    players = (player, *record.players[1:])
    with pytest.raises(HandHistoryError, match=r"^hand: player 0 is .*: a name \(str\), a stack and a seat"):
        follow(dataclasses.replace(record, players=players))


def test_a_draw_the_record_numbers_wrong_is_refused() -> None:
    """The record's draw must be the engine's next one: the first draw numbered 2 is refused.

    Rule: the ``draw_round`` step (``count`` is the draw's number, 1 for the first) and
    ``follow``'s docstring (a step the rules refuse raises ``HandHistoryError``). Kills
    ``follow.py:163`` (the ``or`` made ``and``: a wrong number during a draw would pass).
    """
    record = _record()
    steps = (
        *record.steps[:2],
        Step("call", 3),
        Step("call", 0),
        Step("call", 1),
        Step("check", 2),
        Step("draw_round", 0, count=2, line=9),
    )
    with pytest.raises(
        HandHistoryError, match=r"starts draw 2, but the engine is in the 'draw' phase of round 0"
    ):
        follow(dataclasses.replace(record, steps=steps))
    first = (*steps[:-1], Step("draw_round", 0, count=1, line=9))  # right: the record then just stops
    with pytest.raises(HandHistoryError, match="the record stops before the hand is over"):
        follow(dataclasses.replace(record, steps=first))


def test_a_step_s_seat_past_the_table_is_refused_naming_the_seats() -> None:
    """A step for a seat the record does not have is refused, naming the seats 0 to n-1.

    Rule: ``follow``'s field checks (a seat is 0 to the number of players less one). Kills
    ``follow.py:270`` (``n - 1`` made ``n + 1`` or ``n - 0`` in the message).
    """
    record = _record()
    steps = (*record.steps[:3], Step("fold", 4), *record.steps[4:])
    with pytest.raises(HandHistoryError, match=r"^hand: step 4 \(fold\) has the seat 4: a seat is 0 to 3$"):
        follow(dataclasses.replace(record, steps=steps))


def test_a_long_label_is_cut_to_sixty_characters_in_a_field_error() -> None:
    """A refused record is named by its label's first 60 characters (a label can be a whole line).

    Rule: ``follow``'s refusal names the hand briefly (``label[:60]``), as every error of the
    library quotes at most a short prefix. Kills ``follow.py:333`` (60 made 61).
    """
    record = dataclasses.replace(_record(), label="L" * 100, ante=-1)
    with pytest.raises(HandHistoryError) as info:
        follow(record)
    assert str(info.value).startswith("L" * 60 + ": ante must be a whole number of chips")
