"""The misdeal rules of seed 000, each at its edge (issue 31's mutation run).

Each test is a probe: it passes on ``badugi.engine.misdeal`` and fails on a mutant that moves a
count by one, swaps ``and``/``or``, negates a condition or drops a return.
"""

from __future__ import annotations

import pytest

from badugi.engine.misdeal import (
    DEAD,
    MISDEAL,
    REPLACED,
    STANDS,
    DealErrors,
    exposed_card_ruling,
    substantial,
    wrong_count_ruling,
)
from badugi.errors import IllegalActionError


@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        ((), False),
        ((False,), False),
        ((True,), False),
        ((False, False), False),
        ((False, True), True),
        ((True, False), True),
        ((False, False, False), True),
    ],
)
def test_substantial_action_is_two_actions_one_with_chips_or_any_three(
    actions: tuple[bool, ...], expected: bool
) -> None:
    """Substantial action: two actions in turn of which at least one puts chips in, or any three.

    Rule: TDA (as the BARGE rulebook and Robert's Rules of Poker define it), seed 000.
    """
    assert substantial(actions) is expected


def test_an_exposed_first_or_second_card_or_a_second_exposed_card_is_a_misdeal() -> None:
    """The first or second card exposed, or two cards exposed, is a misdeal; one later card is replaced.

    Rule: seed 000, "if the first or second card of the deal is exposed by the dealer, if two or
    more cards are exposed during the deal"; after substantial action the deal stands.
    """
    assert [exposed_card_ruling(p, 0, (), True) for p in (0, 1, 2, 7)] == [
        MISDEAL,
        MISDEAL,
        REPLACED,
        REPLACED,
    ]
    assert exposed_card_ruling(2, 1, (), True) == MISDEAL
    assert exposed_card_ruling(2, 0, (), False) == STANDS  # the card is folded: nothing to replace
    assert exposed_card_ruling(0, 0, (False, True), True) == STANDS
    assert exposed_card_ruling(0, 0, (True,), True) == MISDEAL  # one action is not substantial


def test_a_wrong_count_is_a_misdeal_before_substantial_action_and_a_dead_hand_after() -> None:
    """A player dealt the wrong number of cards: a misdeal before substantial action, a dead hand after.

    Rule: seed 000, "if a player is dealt the wrong number of cards and this is discovered before
    substantial action"; Robert's Rules of Poker: afterwards that hand is dead.
    """
    assert wrong_count_ruling((True,)) == MISDEAL
    assert wrong_count_ruling((True, False)) == DEAD
    errors = DealErrors(8)
    errors.acted(put_chips_in=False)
    assert errors.wrong_count() == MISDEAL
    errors.acted(put_chips_in=True)
    assert errors.wrong_count() == DEAD


def test_a_deal_s_errors_count_the_exposed_cards_and_refuse_one_twice() -> None:
    """Each exposed card of the deal is reported once, at a position of the deal; the second is a misdeal.

    Rule: seed 000 ("two or more cards are exposed during the deal"); ``DealErrors.position``.
    """
    errors = DealErrors(8)
    assert [errors.position(p) for p in (0, 7)] == [0, 7]
    for bad in (-1, 8, "2", 2.0, None):
        with pytest.raises(IllegalActionError, match="position must be an int from 0 to 7"):
            errors.position(bad)
    assert errors.exposed(3, in_hand=True) == (REPLACED, "a second card of the deal was exposed")
    assert errors.reported() == [3]
    with pytest.raises(IllegalActionError, match="card 3 of the deal is already recorded as exposed"):
        errors.position(3)
    assert errors.exposed(5, in_hand=True) == (MISDEAL, "a second card of the deal was exposed")
    assert errors.reported() == [3, 5]
    first = DealErrors(8)
    assert first.exposed(0, in_hand=True) == (MISDEAL, "the first card of the deal was exposed")
    assert DealErrors(8).exposed(1, in_hand=True) == (MISDEAL, "the second card of the deal was exposed")
