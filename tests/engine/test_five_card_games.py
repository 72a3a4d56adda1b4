"""The engine deals Badeucy and Badacey: one test per rule where five cards change anything.

Every rule of the deck holds with five cards (the burn, the last card never
dealt, reshuffles without the drawer's own discards, exposed cards); draws
throw 0 to 5; misdeals count the game's cards; the showdown splits the pot
between the halves as the game says; histories record the game and replay.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import badugi
from badugi.cards import CARD_TEXT, card_id
from badugi.engine import FixedLimit, GameSetupError, Hand, IllegalActionError, RandomBot, view_of
from badugi.engine.replay import with_defaults
from badugi.games import BADACEY, BADEUCY, BADUGI, Game
from tests.engine.randomplay import snapshot
from tests.engine.stacked import (
    ORDERED_DECK,
    check_down,
    deck_dealing,
    everyone_draws_everything,
    finish_betting,
    heads_up,
)

FIVE_CARD_GAMES = [BADEUCY, BADACEY]


def events(hand: Hand, kind: str) -> list[dict[str, Any]]:
    return [e for e in hand.history if e["event"] == kind]


# ---- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_five_cards_one_at_a_time_from_the_button_s_left(game: Game) -> None:
    hand = Hand([100] * 3, 1, FixedLimit(2, 4), blinds=(1, 2), deck=ORDERED_DECK, seed=1, game=game)
    # Card 0 goes to seat 2 (left of button 1), card 1 to seat 0, card 2 to seat 1, five times round.
    assert hand.hands == [
        [CARD_TEXT[k] for k in (1, 4, 7, 10, 13)],
        [CARD_TEXT[k] for k in (2, 5, 8, 11, 14)],
        [CARD_TEXT[k] for k in (0, 3, 6, 9, 12)],
    ]
    assert [len(e["cards"]) for e in events(hand, "deal")] == [5, 5, 5]
    assert hand.game is game
    assert hand.history[0]["game"] == game.name
    assert len(hand.cards_in_play()["stub"]) == 52 - 15


def test_badugi_is_the_default_and_deals_four() -> None:
    hand = Hand([100] * 3, 1, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    assert hand.game is BADUGI
    assert hand.history[0]["game"] == "badugi"
    assert all(len(cards) == 4 for cards in hand.hands)


# ---- draws ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 5])
def test_a_draw_throws_zero_to_five(game: Game, count: int) -> None:
    hand = Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), deck=ORDERED_DECK, seed=1, game=game)
    finish_betting(hand)
    held = hand.hands[1]
    hand.draw(held[:count])
    # One burn (card 15) before the first replacement of the draw, then cards 16.. in order.
    received = [CARD_TEXT[k] for k in range(16, 16 + count)] if count else []
    assert hand.hands[1] == held[count:] + received
    assert [e["count"] for e in events(hand, "draw")] == [count]
    assert [e["card"] for e in events(hand, "burn")] == ([CARD_TEXT[15]] if count else [])


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_six_discards_are_refused(game: Game) -> None:
    hand = Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, game=game)
    finish_betting(hand)
    before = snapshot(hand)
    held = hand.hands[1]
    for six in ([*held, held[0]], [*held, "Kh" if "Kh" not in held else "Qh"], held * 200):
        with pytest.raises(IllegalActionError, match="a draw throws 0 to 5 cards, got"):
            hand.draw(six)
        assert snapshot(hand) == before
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.draw([c for c in ORDERED_DECK if c not in held][:5])
    assert snapshot(hand) == before


def test_five_discards_are_refused_in_badugi() -> None:
    hand = Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    finish_betting(hand)
    with pytest.raises(IllegalActionError, match="a draw throws 0 to 4 cards, got 5"):
        hand.draw([*hand.hands[1], "Kh" if "Kh" not in hand.hands[1] else "Qh"])


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_eight_seats_drawing_five_three_times_reshuffle_without_the_drawer_s_discards(game: Game) -> None:
    # 40 cards dealt leave 12 in the stub: the stub runs dry in every draw.
    hand = Hand([1000] * 8, 0, FixedLimit(2, 4), blinds=(1, 2), deck=ORDERED_DECK, seed=9, game=game)
    reshuffles = everyone_draws_everything(hand)
    # The first draw: the burn (40), seat 1 gets 41-45, seat 2 gets 46-50, and only the last
    # card (Ks, 51) is left: seat 3's draw reshuffles it with the 10 discards and the burn.
    assert reshuffles[0] == {"drawer": 3, "last": 51, "size": 12}
    assert len(reshuffles) >= 9  # at least three a draw
    assert len(events(hand, "reshuffle")) == len(reshuffles)
    assert sum(hand.stacks) == 8000


# ---- the dealer's errors in the deal --------------------------------------------------------


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_a_card_of_the_deal_is_one_of_the_five_card_deal(game: Game) -> None:
    hand = Hand([500] * 4, 0, FixedLimit(10, 20), blinds=(5, 10), seed=3, game=game)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="position must be an int from 0 to 19"):
        hand.record_exposed_card(20)
    assert snapshot(hand) == before
    # The last card of the deal (the fifth round's) is replaced by the next card, then burned.
    seat = (0 + 1 + 19) % 4
    last = hand.hands[seat][4]
    assert hand.record_exposed_card(19) == "replaced"
    assert last not in hand.hands[seat]
    assert len(hand.hands[seat]) == 5
    assert hand.cards_in_play()["burns"] == [card_id(last)]


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_a_misdeal_redeals_five_cards_each(game: Game) -> None:
    hand = Hand([500] * 4, 0, FixedLimit(10, 20), blinds=(5, 10), seed=3, game=game)
    assert hand.record_exposed_card(1) == "misdeal"
    assert hand.misdeals == 1
    assert all(len(cards) == 5 for cards in hand.hands)
    assert hand.record_wrong_count(2) == "misdeal"
    assert hand.misdeals == 2
    assert [len(e["cards"]) for e in events(hand, "deal")] == [5] * 12
    where = hand.cards_in_play()
    assert sorted(where["hands"] + where["stub"] + where["discards"] + where["burns"]) == list(range(52))


# ---- the showdown ------------------------------------------------------------------------------


def test_badeucy_splits_the_pot_between_the_badugi_and_the_2_7_low() -> None:
    hands = [
        "5s 4h 3d 2c 2h",  # the best badugi with the ace high (5-4-3-2); a pair of 2s for the low
        "8s 7s 6s 4s 3h",  # a two-card badugi; an 8-7-6-4-3 low
        "Kc Kd Kh Ks Qc",  # folds after anteing
    ]
    hand = Hand([100] * 3, 0, FixedLimit(2, 4), ante=1, deck=deck_dealing(hands, 0), seed=1, game=BADEUCY)
    assert hand.hands == [h.split() for h in hands]
    hand.check()
    hand.fold()  # seat 2
    check_down(hand)
    assert hand.result is not None
    # The pot is the three antes: 1 to the badugi half, 2 to the low half (the odd chip).
    assert [(h.scale, h.amount, h.winners) for h in hand.result.pots[0].halves] == [
        ("badugi-ace-high", 1, (0,)),
        ("2-7", 2, (1,)),
    ]
    assert hand.payouts == [1, 2, 0]
    assert hand.stacks == [100, 101, 99]
    expected = badugi.showdown([hands[0], hands[1], None], [1, 1, 1], 0, game=BADEUCY)
    assert hand.result == expected


def test_badacey_ranks_the_badugi_with_the_ace_low_and_the_low_ace_to_five() -> None:
    hands = ["Ah 2s 3d 4c 4h", "6s 5s 3s 2d Ac"]  # A-2-3-4 badugi; a 6-5-3-2-A low
    hand = Hand(
        [100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), deck=deck_dealing(hands, 0), seed=1, game=BADACEY
    )
    check_down(hand)
    assert hand.result is not None
    assert [(h.scale, h.winners) for h in hand.result.pots[0].halves] == [("badugi", (0,)), ("A-5", (1,))]
    assert hand.payouts == [2, 2]
    assert hand.result == badugi.showdown(hands, [2, 2], 0, game=BADACEY)


SAME_CARDS = ["Ah 2s 3d 4c 4h", "5s 6h 7d 8c 8h"]  # A-2-3-4 and 8-7-6-5 badugis; pairs of 4s and 8s


@pytest.mark.parametrize(
    ("game", "payouts", "badugi_winner"),
    [(BADACEY, [4, 0], 0), (BADEUCY, [2, 2], 1)],
    ids=["badacey", "badeucy"],
)
def test_the_game_decides_where_the_ace_plays(game: Game, payouts: list[int], badugi_winner: int) -> None:
    # Aces low (Badacey), A-2-3-4 is the best badugi and seat 0 scoops with the lower pair;
    # aces high (Badeucy), A-4-3-2 loses the badugi half to 8-7-6-5.
    hand = Hand(
        [100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), deck=deck_dealing(SAME_CARDS, 0), seed=1, game=game
    )
    check_down(hand)
    assert hand.result is not None
    assert hand.payouts == payouts
    assert hand.result.pots[0].halves[0].winners == (badugi_winner,)
    assert hand.result.pots[0].halves[1].winners == (0,)


def test_one_hand_can_scoop_both_halves() -> None:
    hands = ["7s 5h 4d 3c 2s", "Kc Qd Jh 9s 9c"]  # the best 2-7 low and a 5-4-3-2 badugi (ace high)
    hand = Hand(
        [100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), deck=deck_dealing(hands, 0), seed=1, game=BADEUCY
    )
    check_down(hand)
    assert hand.payouts == [4, 0]
    assert hand.result is not None
    assert [h.winners for h in hand.result.pots[0].halves] == [(0,), (0,)]


# ---- views and histories -----------------------------------------------------------------------


@pytest.mark.parametrize("game", [BADUGI, BADEUCY, BADACEY], ids=lambda g: g.name)
def test_a_view_shows_the_game_and_the_draws_left(game: Game) -> None:
    hand = Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, game=game)
    draws_left = []
    while hand.phase != "over":
        view = view_of(hand, hand.actor)  # type: ignore[arg-type]
        assert view.game is game
        assert len(view.cards) == game.hand_size
        draws_left.append((hand.phase, view.draws_left))
        if hand.phase == "draw":
            hand.draw(hand.hands[hand.actor][:2])  # type: ignore[index]
        else:
            hand.check() if hand.legal().check else hand.call()
    assert sorted({left for phase, left in draws_left if phase == "bet"}) == [0, 1, 2, 3]
    assert view_of(hand, 0).draws_left == 0


@pytest.mark.parametrize("game", FIVE_CARD_GAMES, ids=lambda g: g.name)
def test_a_five_card_history_replays_from_json(game: Game) -> None:
    for seed in range(20):
        hand = Hand([60, 200, 90, 150], seed % 4, FixedLimit(10, 20), blinds=(5, 10), seed=seed, game=game)
        bot = RandomBot(seed)
        if seed % 3 == 0:
            hand.record_exposed_card(9)
        while hand.actor is not None:
            hand.act(bot(view_of(hand, hand.actor)))
        again = Hand.replay(json.loads(json.dumps(hand.history)))
        assert again.history == hand.history
        assert again.game is game
        assert again.stacks == hand.stacks


def test_a_history_from_before_the_games_replays_as_badugi() -> None:
    hand = Hand([300, 200, 400], 2, FixedLimit(10, 20), blinds=(5, 10), seed=4)
    check_down(hand)
    old = json.loads(json.dumps(hand.history))
    del old[0]["game"]  # what histories recorded before the engine dealt other games look like
    again = Hand.replay(old)
    assert again.game is BADUGI
    assert again.history == hand.history
    assert [with_defaults(e) for e in old] == json.loads(json.dumps(hand.history))


def test_a_history_cannot_change_its_game() -> None:
    hand = heads_up(SAME_CARDS, BADEUCY)
    check_down(hand)
    edited = json.loads(json.dumps(hand.history))
    # Badacey deals five cards from the same deck too: everything replays up to the showdown,
    # which Badacey settles otherwise (seat 0 scoops).
    edited[0]["game"] = "badacey"
    with pytest.raises(GameSetupError, match=r"\(showdown\) does not follow"):
        Hand.replay(edited)
    edited[0]["game"] = "badugi"  # four cards a seat: the deal itself differs
    with pytest.raises(GameSetupError, match=r"\(deal\) does not follow"):
        Hand.replay(edited)
    for name in ("holdem", None, 5, ["badugi"], "BADUGI"):
        edited[0]["game"] = name
        with pytest.raises(
            GameSetupError, match="setup event: game must be one of 'badugi', 'badeucy', 'badacey'"
        ):
            Hand.replay(edited)
