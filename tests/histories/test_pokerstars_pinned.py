"""Rules of reading a PokerStars hand that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.pokerstars.hand`` and fails on the mutant
its docstring names. The hands are the invented ones of ``files/pokerstars_posts.txt``, changed
line by line.
"""

from __future__ import annotations

from pathlib import Path

from badugi.histories.follow import follow
from badugi.histories.pokerstars import pokerstars_records
from badugi.histories.record import ReadHand
from tests.histories.one_hand import only

FILES = Path(__file__).parent / "files"


def _posts_hand() -> str:
    """The first hand of ``pokerstars_posts.txt``: blinds, a live big blind and both blinds posted."""
    return (FILES / "pokerstars_posts.txt").read_text(encoding="utf-8").split("\n\n\n")[0].strip() + "\n"


def _only(text: str) -> ReadHand:
    return only(pokerstars_records, text)


# The big blind is all in for less than a big blind, so no live big blind is posted; the
# returning player then posts both blinds, 35 cents.
_SHORT_BIG_BLIND = """\
PokerStars Hand #219500100201:  Badugi Limit ($0.25/$0.50 USD) - 2023/02/19 09:15:40 ET
Table 'Kallisto' 6-max Seat #1 is the button
Seat 1: amberjack ($11.20 in chips)
Seat 2: Nopeus ($6.05 in chips)
Seat 3: kolme_k ($0.20 in chips)
Seat 4: returnee66 ($14.60 in chips)
Nopeus: posts small blind $0.10
kolme_k: posts big blind $0.20 and is all-in
returnee66: posts small & big blinds $0.35
*** DEALING HANDS ***
returnee66: checks
amberjack: folds
Nopeus: folds
*** FIRST DRAW ***
kolme_k: stands pat
returnee66: stands pat
*** SECOND DRAW ***
kolme_k: stands pat
returnee66: stands pat
*** THIRD DRAW ***
kolme_k: stands pat
returnee66: stands pat
Uncalled bet ($0.05) returned to returnee66
*** SHOW DOWN ***
kolme_k: shows [4d 6c 2s 8h] (Badugi: 8,6,4,2)
returnee66: shows [Kd Qc Js Th] (Badugi: K,Q,J,T)
kolme_k collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Seat 1: amberjack (button) folded before the Draw (didn't bet)
Seat 2: Nopeus (small blind) folded before the Draw
Seat 3: kolme_k (big blind) showed [4d 6c 2s 8h] and won ($0.60)
Seat 4: returnee66 showed [Kd Qc Js Th] and lost
"""


def test_both_blinds_after_a_short_big_blind_are_a_small_bet_live_and_the_rest_dead() -> None:
    """Both blinds posted after a short big blind: the small bet is live, the rest dead.

    Rule: a player coming back posts both blinds; the big one is live (a bet) and the small one
    dead (in the pot, not a bet). The live part is the big blind posted at the table, and when the
    table's big blind went all in for less, it is the big blind the stakes set: the small bet
    (PokerStars writes the total only). The mutant ``is not`` -> ``is`` takes the posted blind
    when there is none and the stakes' when there is one.
    """
    hand = _only(_SHORT_BIG_BLIND)
    assert hand.record is not None, hand.error
    posts = [(s.kind, s.seat, s.amount, s.all_in) for s in hand.record.steps[:4]]
    assert posts == [
        ("small_blind", 1, 10, False),
        ("big_blind", 2, 20, True),
        ("live_blind", 3, 25, False),
        ("dead_blind", 3, 10, False),
    ]
    # Only the live 25 is a bet: the all-in big blind's 20 is matched, 5 goes back uncalled.
    assert follow(hand.record).payouts == [0, 0, 60, 5]


def test_a_hand_with_no_deal_is_refused_at_its_last_line() -> None:
    """A hand with no "*** DEALING HANDS ***" line is refused, and the refusal points at its last line.

    Rule: every error names the hand and the line (``HandHistoryError``'s contract); a missing
    line has no line of its own, so the reader names the last one it read of that hand. The
    mutant ``self.end - 2`` names the line before it.
    """
    lines = [
        line
        for line in _posts_hand().splitlines()
        if not line.startswith("Dealt to") and "DEALING HANDS" not in line
    ]
    text = "\n".join(lines).replace("discards 2 cards [Ts Jh]", "discards 2 cards")
    text = text.replace("stands pat on [4d 6c 2s 8h]", "stands pat") + "\n"
    hand = _only(text)
    assert hand.error is not None
    assert 'no "*** DEALING HANDS ***" line' in str(hand.error)
    assert hand.error.line == len(lines)
    assert hand.error.text == lines[-1]


def test_a_summary_seat_that_is_not_the_players_names_both_seat_numbers() -> None:
    """A summary line seating a player elsewhere is refused, naming both seat numbers.

    Rule: the summary repeats each player's seat; a different number is a damaged hand. The
    message says where the player sits (its seat number, not its stack: the mutant
    ``self.seats[name][1]`` names 1000, kolme_k's stack in cents, instead of seat 3).
    """
    text = _posts_hand().replace(
        "Seat 3: kolme_k (big blind) collected", "Seat 4: kolme_k (big blind) collected"
    )
    hand = _only(text)
    assert hand.error is not None
    assert str(hand.error).endswith("'kolme_k' is seated at seat 3, not 4")
