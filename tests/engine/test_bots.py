"""The bots play every game by asking it: SimpleBot reads each half, RandomBot throws at random."""

from __future__ import annotations

import itertools
import random

import pytest

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, Hand, RandomBot, SimpleBot, view_of
from badugi.engine.reading import counts_a_group, ranks_low_to_high, read_hand
from badugi.games import BADACEY, BADEUCY, BADUGI, GAMES, Game
from badugi.ranking.scales import BADUGI as BADUGI_SCALE
from badugi.ranking.scales import BADUGI_ACE_HIGH, LOW_27, LOW_A5, Scale

ACE_LOW = tuple(range(1, 14))
ACE_HIGH = (*range(2, 14), 1)


@pytest.mark.parametrize(
    ("scale", "order", "group"),
    [
        (BADUGI_SCALE, ACE_LOW, True),
        (BADUGI_ACE_HIGH, ACE_HIGH, True),
        (LOW_27, ACE_HIGH, False),
        (LOW_A5, ACE_LOW, False),
    ],
    ids=lambda v: getattr(v, "name", None),
)
def test_a_scale_says_where_the_ace_plays_and_what_a_value_counts(
    scale: Scale, order: tuple[int, ...], group: bool
) -> None:
    assert ranks_low_to_high(scale) == order
    assert counts_a_group(scale) is group


@pytest.mark.parametrize(
    ("game", "cards", "throw", "short"),
    [
        (BADUGI, "Ah 2s 3d 4c", [], 0),
        (BADUGI, "Kc Qh Js Td", [], 0),  # any badugi is made
        (BADUGI, "Ah 2h 3d Kd", ["2h", "Kd"], 2),  # a two-card A-3: throw what does not count
        # Badeucy: the group K-7-5-2 (the 2h: ace high, the group holds one card a suit), the low
        # cards 2, 5, 7, of which it keeps the 2h the group keeps: only the 2c goes.
        (BADEUCY, "2c 2h 5s 7d Kc", ["2c"], 0),
        (BADEUCY, "8c 7h 6s 4d 3c", [], 0),  # 7-6-4-3 badugi and an 8-low: stand pat
        # The ace is high in both halves: a two-card A-K (with the Ad, not the Kc's suit), no low card.
        (BADEUCY, "Ac Ad Ah As Kc", ["Ac", "Ah", "As"], 2),
        (BADEUCY, "Tc Jd Qh Ks 9s", ["Ks"], 0),  # a Q-J-10-9 badugi beats K-Q-J-10; the 9 is low
        # Badacey: the ace is low in both halves.
        (BADACEY, "Ac Ah 5s 7d Kc", ["Ac"], 0),
        # Aces low: the same A-K two-card badugi, whose ace is the one low card the low half keeps.
        (BADACEY, "Ac Ad Ah As Kc", ["Ac", "Ah", "As"], 2),
        (BADACEY, "Tc Jd Qh Ks 9s", ["Ks"], 0),
        (BADACEY, "2c 3c 4c 5c 6c", [], 0),  # no straights or flushes in A-5: a made 6-low
    ],
)
def test_what_simple_bot_keeps(game: Game, cards: str, throw: list[str], short: int) -> None:
    reading = read_hand(game, cards.split())
    assert sorted(reading.throw) == sorted(throw)
    assert reading.short == short


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.name)
def test_how_far_from_made_the_ranks_say_is_what_the_kept_cards_say(game: Game) -> None:
    # ``short`` comes from the rank alone (a bet needs nothing more); the halves from the cards
    # that count. The two readings must agree on every hand.
    rng = random.Random(11)
    for _ in range(3000):
        cards = [CARD_TEXT[c] for c in rng.sample(range(52), game.hand_size)]
        reading = read_hand(game, cards)
        assert reading.short == min(half.short for half in reading.halves), cards
        kept = {card for half in reading.halves for card in half.keep}
        assert sorted(reading.throw) == sorted(set(cards) - kept)


def _table(game: Game, hands: list[str]) -> Hand:
    """Heads-up, button 1: seat 0 gets hands[0], seat 1 hands[1]."""
    cards = [c.split() for c in hands]
    dealt = [card for pair in zip(*cards, strict=True) for card in pair]
    deck = dealt + [c for c in CARD_TEXT if c not in dealt]
    return Hand([1000, 1000], 1, FixedLimit(20, 40), blinds=(10, 20), deck=deck, seed=1, game=game)


def test_simple_bot_in_badeucy_draws_to_both_halves_and_bets_a_made_half() -> None:
    hand = _table(BADEUCY, ["2c 2h 5s 7d Kc", "Ac Ad Ah As Kd"])
    bot = SimpleBot()
    assert hand.actor == 1
    assert bot(view_of(hand, 1)) == "fold"  # a one-card badugi and no low card: nothing to call with
    hand.call()
    assert bot(view_of(hand, 0)) == ("raise", 40)  # a made K-7-5-2 badugi bets
    hand.check()
    assert hand.phase == "draw"
    assert bot(view_of(hand, 0)) == ("draw", ["2c"])
    hand.draw(["2c"])
    assert bot(view_of(hand, 1)) == ("draw", ["Ad", "Ah", "As"])


def test_simple_bot_raises_a_made_half_and_calls_one_card_short_with_draws_to_come() -> None:
    for cards, answer in (
        ("2c 3d 4h 5s 5c", ("raise", 60)),  # a 5-4-3-2 badugi is made: it raises again
        ("2c 3c 4h 5s 9c", "call"),  # a 5-4-2 three-card badugi, four low cards: one card short
        ("2c 3c 4c 9s Tc", "fold"),  # a 9-2 two-card badugi, three low cards
    ):
        hand = _table(BADACEY, ["Kc Kd Kh Ks Qc", cards])
        hand.call()
        hand.raise_to(40)
        assert SimpleBot()(view_of(hand, 1)) == answer, cards


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.name)
def test_both_bots_play_whole_hands_of_every_game(game: Game) -> None:
    bots = [SimpleBot(), RandomBot(1), SimpleBot(), RandomBot(2)]
    for seed in range(60):
        hand = Hand([400] * 4, seed % 4, FixedLimit(10, 20), blinds=(5, 10), seed=seed, game=game)
        while hand.actor is not None:
            seat = hand.actor
            action = bots[seat](view_of(hand, seat))
            hand.act(action)
        assert sum(hand.stacks) == 1600


def test_random_bot_throws_any_number_of_cards_from_none_to_five() -> None:
    counts = dict.fromkeys(range(6), 0)
    bot = RandomBot(3)
    for seed in range(200):
        hand = Hand([100] * 2, 0, FixedLimit(2, 4), blinds=(1, 2), seed=seed, game=BADEUCY)
        while hand.phase == "bet":
            hand.check() if hand.legal().check else hand.call()
        action = bot(view_of(hand, hand.actor))  # type: ignore[arg-type]
        counts[len(action[1])] += 1
    assert all(counts[n] > 0 for n in range(6)), counts
    assert list(itertools.accumulate(counts.values()))[-1] == 200
