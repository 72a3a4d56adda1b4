"""Rules of ``Hand`` that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the engine and fails on the mutant named in its docstring
(``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import pytest

from badugi.engine import FixedLimit, GameSetupError, Hand, IllegalActionError, PotLimit
from tests.engine.stacked import finish_betting


@pytest.mark.parametrize("kind", ["bet", "raise"])
def test_a_bet_or_raise_with_no_total_is_refused_when_none_is_allowed(kind: str) -> None:
    """``act("bet")`` or ``act("raise")`` goes to the smallest total allowed; with none allowed it is refused.

    Rule: ``Hand.act``'s docstring ("bet" or "raise" alone goes to the smallest total allowed now;
    an illegal action raises ``IllegalActionError``). Fixed limit with a cap of one: the big blind
    is the only bet. Kills ``hand.py:539`` (the deleted raise: ``raise_to(None)`` would answer
    with a message about an int total instead of saying the bet is not allowed).
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4, cap=1), blinds=(1, 2), seed=1)
    assert hand.legal().min_raise_to is None
    with pytest.raises(IllegalActionError, match=f"^{kind} is not allowed now$"):
        hand.act(kind)
    assert hand.act("call")["event"] == "call"


def test_after_the_draw_the_smallest_pot_limit_bet_is_the_big_blind() -> None:
    """In pot limit with blinds, the smallest bet on every round is the big blind.

    Rule: ``PotLimit``'s docstring ("with blinds the smallest bet is the big blind"); Robert's
    Rules of Poker, pot limit (the minimum bet is the size of the big blind). Blinds 5/10: after
    the first draw the smallest bet is 10. Kills ``hand.py:568`` (``blinds[1]`` made
    ``blinds[0]``: the rounds after the first would take the small blind, 5, as their smallest bet).
    """
    hand = Hand(stacks=[1000] * 3, button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    finish_betting(hand)
    while hand.phase == "draw":
        hand.draw([])
    assert hand.round_index == 1
    assert hand.legal().min_raise_to == 10
    with pytest.raises(IllegalActionError, match="between 10 and"):
        hand.raise_to(5)


def test_the_draws_are_numbered_from_one_and_each_precedes_its_betting_round() -> None:
    """The history numbers the draws 1 to 3; draw k comes before betting round k (rounds 0 to 3).

    Rule: the history's ``draw_round`` event (``badugi.histories.record``: "its number (1 for the
    first draw)", as PokerStars writes ``*** FIRST DRAW ***``); ``Hand.round_index`` (0 before the
    first draw to ``game.draws``). Kills ``hand.py:654`` (``index + 1`` made ``+ 0``: the first
    draw would be recorded as draw 0).
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw([])
        else:
            finish_betting(hand)
    marks = [(e["event"], e["index"]) for e in hand.history if e["event"] in ("draw_round", "round")]
    assert marks == [(kind, k) for k in (1, 2, 3) for kind in ("draw_round", "round")]


def test_a_blind_is_marked_all_in_only_when_it_takes_the_seat_s_last_chip() -> None:
    """The history's ``blind`` event says whether posting it put the seat all in.

    Rule: Robert's Rules of Poker (a player who cannot cover the blind posts what they have and is
    all in); the ``blind`` event's ``all_in`` field, as the ``ante`` and betting events have it.
    Kills ``hand.py:592`` (``stacks[seat] == 0`` made ``!=``: every blind but a short one marked all in).
    """
    hand = Hand(stacks=[100, 100, 1], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    blinds = [(e["seat"], e["amount"], e["all_in"]) for e in hand.history if e["event"] == "blind"]
    assert blinds == [(1, 1, False), (2, 1, True)]


def test_late_replacements_are_dealt_in_the_draw_order_from_the_button_s_left() -> None:
    """Replacements put off for exposed cards are dealt after the draw, in the draw order.

    Rule: the engine guide ("with ``exposed_replacement="after_draw"``, after every other player
    has drawn") and ``Dealer.complete_draws`` (to the seats in the draw order, which starts left of
    the button). Each seat has its one replacement exposed: seat 1, then 2, then the button get theirs.
    Kills ``hand.py:621`` (the order started a seat later, seat 2 first, or at the button).
    """
    hand = Hand(
        stacks=[100] * 3,
        button=0,
        structure=FixedLimit(2, 4),
        blinds=(1, 2),
        seed=1,
        exposed_replacement="after_draw",
    )
    finish_betting(hand)
    for seat in (1, 2, 0):
        assert hand.actor == seat
        hand.draw([hand.hands[seat][0]], exposed=1)
    late = [e["seat"] for e in hand.history if e["event"] == "late_replacement"]
    assert late == [1, 2, 0]


def test_a_seat_outside_the_hand_is_refused_naming_the_seats() -> None:
    """``public_history`` of a seat that is not at the table is refused, naming the seats 0..n-1.

    Rule: ``Hand.public_history``'s docstring (``GameSetupError``: not a seat of this hand) and the
    house rule that an error names the problem. Kills ``hand.py:301`` (``n - 1`` made ``n - 0``).
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    with pytest.raises(GameSetupError, match=r"^seat 3 is not a seat of this hand \(0\.\.2\)$"):
        hand.public_history(3)
