"""A qualifier (a Badugi home rule, seed 001) and the chips it leaves in the middle.

``Hand(qualifier=q)``: only a hand at or better than ``q`` wins at the
showdown; a pot nobody qualifies for pays nothing and stays in the middle
(``result.carried``). ``Hand(carry=n)`` starts a deal with ``n`` chips in the
middle, dead money in the main pot. A player everyone folds to wins without
showing, the carry included.
"""

from __future__ import annotations

import json

import pytest

import badugi
from badugi.engine import FixedLimit, GameSetupError, Hand, PotLimit
from badugi.games import BADACEY, BADEUCY
from tests.engine.stacked import check_down, deck_dealing, finish_betting, heads_up

KINGS_QUEENS = ["Kc Kd Kh Ks", "Qc Qd Qh Qs"]  # a one-card K and a one-card Q
NINE_HIGH = "9c 8d 7h 6s"  # the qualifier: a 9-high badugi or better


def test_nobody_qualifies_the_pot_stays_in_the_middle() -> None:
    hand = heads_up(KINGS_QUEENS, qualifier=NINE_HIGH)
    check_down(hand)  # the button's small blind completes, the big blind checks, everyone stands pat
    assert hand.result is not None
    assert hand.payouts == [0, 0]
    assert hand.result.carried == 4
    assert hand.pot == 4  # still in the middle
    assert hand.stacks == [98, 98]
    assert hand.result.pots[0].winners == ()
    assert hand.history[-1]["carried"] == 4
    assert hand.history[-1]["event"] == "payouts"
    # Without the qualifier the queen wins.
    again = heads_up(KINGS_QUEENS)
    check_down(again)
    assert again.payouts == [0, 4]
    assert again.pot == 0
    assert again.history[-1]["carried"] == 0


def test_a_qualifying_hand_wins_as_usual() -> None:
    hands = ["9c 8d 7h 6s", "Tc 2d 3h 4s"]  # exactly the qualifier; a 10-high badugi does not qualify
    hand = heads_up(hands, qualifier=NINE_HIGH)
    check_down(hand)
    assert hand.payouts == [4, 0]
    assert hand.result is not None
    assert hand.result.carried == 0


def test_a_qualifier_is_a_hand_or_a_rank_number() -> None:
    rank = badugi.rank(NINE_HIGH)
    for qualifier in (NINE_HIGH, NINE_HIGH.split(), [badugi.card_id(c) for c in NINE_HIGH.split()], rank):
        hand = heads_up(["9c 8d 7h 5s", "9s 8h 7d 6c"], qualifier=qualifier)
        assert hand.qualifier == rank
        assert hand.setup.qualifier == rank
        assert hand.history[0]["qualifier"] == rank
        check_down(hand)
        assert hand.payouts == [4, 0]
    # At the boundary: the qualifier's own rank qualifies, one better does not.
    for qualifier, payouts in ((rank, [4, 0]), (rank - 1, [0, 0])):
        hand = heads_up(["9s 8h 7d 6c", "Kc Kd Kh Ks"], qualifier=qualifier)
        check_down(hand)
        assert hand.payouts == payouts


def test_the_next_deal_pays_what_was_carried() -> None:
    first = heads_up(KINGS_QUEENS, qualifier=NINE_HIGH)
    check_down(first)
    assert first.result is not None
    middle = first.result.carried
    second = heads_up(["Ah 2s 3d 4c", "Kc Qd Jh Ts"], qualifier=NINE_HIGH, carry=middle)
    assert second.pot == middle + 3  # the carry and the blinds
    assert second.carry == middle
    check_down(second)
    assert second.payouts == [4 + middle, 0]
    assert second.result is not None
    assert second.result.carried == 0
    assert second.pot == 0
    assert sum(first.stacks) + sum(second.payouts) - 4 == 200  # every chip of both deals is accounted for


def test_a_player_everyone_folds_to_wins_the_carry_without_showing() -> None:
    hand = heads_up(KINGS_QUEENS, qualifier=NINE_HIGH, carry=50)
    hand.fold()  # the button folds its small blind: the big blind wins without showing
    assert hand.payouts == [0, 53]
    assert hand.result is not None
    assert hand.result.carried == 0
    assert all(e["event"] != "showdown" for e in hand.history)


def test_an_uncalled_bet_comes_back_even_when_nobody_qualifies() -> None:
    hand = Hand(
        [100, 30],
        0,
        FixedLimit(20, 40),
        blinds=(10, 20),
        deck=deck_dealing(KINGS_QUEENS, 0),
        seed=1,
        qualifier=1,
    )
    hand.raise_to(40)
    hand.call()  # seat 1 is all-in for 30
    check_down(hand)
    assert hand.result is not None
    assert hand.payouts == [10, 0]  # the 10 seat 1 could not call comes back
    assert hand.result.carried == 60
    assert hand.stacks == [70, 0]


def test_the_carry_is_dead_money_a_pot_limit_bet_counts() -> None:
    plain = Hand([1000] * 3, 0, PotLimit(), blinds=(5, 10), seed=2)
    carried = Hand([1000] * 3, 0, PotLimit(), blinds=(5, 10), seed=2, carry=100)
    assert carried.legal().max_raise_to == plain.legal().max_raise_to + 100  # type: ignore[operator]
    assert carried.pot == plain.pot + 100


def test_a_misdeal_gives_back_what_the_seats_put_in_and_leaves_the_carry() -> None:
    hand = Hand([500] * 4, 0, FixedLimit(10, 20), blinds=(5, 10), seed=3, carry=40, qualifier=500)
    assert hand.pot == 55
    assert hand.record_exposed_card(0) == "misdeal"
    assert hand.pot == 55  # the blinds again, and the carry
    assert hand.stacks == [500, 495, 490, 500]


def test_a_qualifier_and_a_carry_replay_from_json() -> None:
    for seed in range(30):
        hand = Hand(
            [200] * 3, seed % 3, FixedLimit(10, 20), blinds=(5, 10), seed=seed, qualifier=400, carry=seed
        )
        check_down(hand)
        again = Hand.replay(json.loads(json.dumps(hand.history)))
        assert again.history == hand.history
        assert (again.qualifier, again.carry, again.pot) == (400, seed, hand.pot)


def test_a_history_from_before_the_qualifier_replays() -> None:
    hand = heads_up(KINGS_QUEENS)
    check_down(hand)
    old = json.loads(json.dumps(hand.history))
    for name in ("qualifier", "carry", "game"):
        del old[0][name]
    del old[-1]["carried"]
    assert Hand.replay(old).history == hand.history


def test_the_carried_amount_cannot_be_edited() -> None:
    hand = heads_up(KINGS_QUEENS, qualifier=NINE_HIGH)
    check_down(hand)
    edited = json.loads(json.dumps(hand.history))
    edited[-1]["carried"] = 0
    with pytest.raises(
        GameSetupError, match=r"\(payouts\) does not follow.*'carried' is 0 in the history, 4"
    ):
        Hand.replay(edited)
    edited = json.loads(json.dumps(hand.history))
    edited[0]["qualifier"] = None  # without it the queens win
    with pytest.raises(GameSetupError, match=r"does not follow"):
        Hand.replay(edited)


@pytest.mark.parametrize("game", [BADEUCY, BADACEY], ids=lambda g: g.name)
def test_split_games_take_no_qualifier(game: badugi.games.Game) -> None:
    with pytest.raises(
        GameSetupError, match=f"{game.title} takes no qualifier: .* splits every pot between 2 halves"
    ):
        Hand([100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), game=game, qualifier=1)
    hand = Hand([100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), game=game, carry=7)  # a carry is any game's
    assert hand.pot == 10
    finish_betting(hand)
