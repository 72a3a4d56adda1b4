"""Rules of the dealer that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the engine and fails on the mutant named in its docstring
(``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import pytest

from badugi.engine import FixedLimit, Hand
from badugi.engine.dealer import Dealer
from badugi.engine.history import History
from badugi.engine.setup import Setup
from badugi.games import BADUGI
from tests.engine.stacked import finish_betting


def _kinds_of_the_first_draw(hand: Hand) -> list[tuple[str, int | None]]:
    events = list(hand.history)
    start = next(k for k, e in enumerate(events) if e["event"] == "draw_round")
    end = next(k for k, e in enumerate(events) if e["event"] == "round")
    return [(e["event"], e.get("seat")) for e in events[start + 1 : end]]


def test_a_player_standing_pat_does_not_use_up_the_draw_s_burn_card() -> None:
    """The burn card comes before the first replacement card of a draw, whoever stands pat before it.

    Rule: the engine guide ("one card is burned before the replacement cards of each draw") and
    Robert's Rules of Poker (the dealer burns one card before the draw's replacements). Seat 1
    stands pat, seat 2 throws one card: one burn, just before seat 2's card. Kills ``dealer.py:109``
    (``thrown and self._burn`` made ``or``: a pat would count as the draw's burn and nothing would
    be burned).
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    finish_betting(hand)
    hand.draw([])
    hand.draw([hand.hands[2][0]])
    hand.draw([hand.hands[0][0]])
    assert _kinds_of_the_first_draw(hand) == [("draw", 1), ("burn", None), ("draw", 2), ("draw", 0)]


def test_the_dealer_counts_the_replacements_it_still_owes_a_seat() -> None:
    """A replacement put off for an exposed card is owed to the seat until every other player has drawn.

    Rule: the engine guide (with ``exposed_replacement="after_draw"`` the exposed card is replaced
    after every other player has drawn) and ``Dealer.owed``'s docstring (replacements still owed
    this draw). Kills ``dealer.py:126`` (the deleted ``return``, and its condition negated).
    """
    setup = Setup([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, exposed_replacement="after_draw")
    dealer = Dealer(setup, BADUGI, History(setup.event()))
    dealer.deal(3, 1)
    dealer.start_draws()
    dealer.draw(1, dealer.hands[1][:2], exposed=1)
    assert [dealer.owed(seat) for seat in range(3)] == [0, 1, 0]
    assert len(dealer.hands[1]) == 3
    dealer.draw(2, [], exposed=0)
    dealer.draw(0, [], exposed=0)
    dealer.complete_draws([1, 2, 0])
    assert [dealer.owed(seat) for seat in range(3)] == [0, 0, 0]
    assert len(dealer.hands[1]) == 4


@pytest.mark.parametrize(("count", "owed"), [(3, 1), (4, 0)])
def test_a_replacement_is_put_off_only_while_the_deck_keeps_the_largest_draw_and_the_last_card(
    count: int, owed: int
) -> None:
    """An exposed card's replacement waits only while the live cards cover the largest other draw.

    Rule: the engine guide ("a replacement is put off only while the deck keeps enough cards for
    the largest draw any other player could still make (every card thrown and as many exposed, plus
    the last card); otherwise it is dealt at once"): in Badugi 4 + 4 + 1 = 9 live cards. Eight
    seats: after two put-off draws of four, 12 live cards are left; a draw of three leaves exactly
    9 and is put off, a draw of four leaves 8 and is dealt at once. Kills ``dealer.py:49`` (the
    reserve made 10, or 8).
    """
    setup = Setup([100] * 8, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, exposed_replacement="after_draw")
    dealer = Dealer(setup, BADUGI, History(setup.event()))
    dealer.deal(8, 1)
    dealer.start_draws()
    for seat, thrown in ((1, 4), (2, 4), (3, count)):
        dealer.draw(seat, dealer.hands[seat][:thrown], exposed=1)
    assert [dealer.owed(seat) for seat in range(5)] == [0, 1, 1, owed, 0]
