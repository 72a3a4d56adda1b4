"""The showdown of the split games (Badeucy, Badacey), and the qualifier and carry of Badugi.

Every worked hand here is checked against the slow reference evaluators, which
share no code with the tables, before its payout is asserted.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError, showdown
from badugi.cards import parse_cards
from badugi.games import BADACEY, BADEUCY, BADUGI, GAMES, Game
from badugi.references.badugi4 import rank_ids as badugi_reference
from badugi.references.badugi5 import ace_high_rank_ids, ace_low_rank_ids
from badugi.references.lowball import rank_ids as low_reference

REFERENCE = {
    "badugi": lambda ids: badugi_reference(ids) if len(ids) == 4 else ace_low_rank_ids(ids),
    "badugi-ace-high": ace_high_rank_ids,
    "2-7": lambda ids: low_reference(ids, "2-7"),
    "A-5": lambda ids: low_reference(ids, "A-5"),
}


def reference_rank(game: Game, hand: str) -> tuple[int, ...]:
    ids = parse_cards(hand)
    return tuple(REFERENCE[scale.name](ids) for scale in game.halves)


def test_games_describe_themselves() -> None:
    assert [
        (g.name, g.hand_size, g.draws, [s.name for s in g.halves], g.odd_chip_half) for g in GAMES.values()
    ] == [
        ("badugi", 4, 3, ["badugi"], 0),
        ("badeucy", 5, 3, ["badugi-ace-high", "2-7"], 1),
        ("badacey", 5, 3, ["badugi", "A-5"], 1),
    ]


@pytest.mark.parametrize(
    ("game", "hand", "ranks"),
    [
        (BADEUCY, "5s 4h 3d 2c 7c", (1, 1)),  # the best badugi (aces high) and the best 2-7 low
        (BADEUCY, "Ah 2s 3d 4c 5h", None),  # A-5-4-3-2 is no straight in 2-7: ace high
        (BADACEY, "Ah 2s 3d 4c 5h", (1, 1)),  # A-2-3-4 badugi and the wheel
        (BADACEY, "Ah As 7d 6c 5h", None),
        (BADUGI, "Ah 2s 3d 4c", (1,)),
    ],
)
def test_game_rank_is_one_rank_per_half_and_matches_the_reference(
    game: Game, hand: str, ranks: tuple[int, ...] | None
) -> None:
    assert game.rank(hand) == reference_rank(game, hand)
    if ranks is not None:
        assert game.rank(hand) == ranks
    if game is BADUGI:
        assert game.rank(hand) == (badugi.rank(hand),)


def test_rulebook_examples_hold_on_the_reference() -> None:
    # 2-7: A-5-4-3-2 is ace-high: it beats any pair and loses to K-5-4-3-2.
    ace_high = low_reference(parse_cards("Ah 5s 4d 3c 2h"), "2-7")
    assert low_reference(parse_cards("Kh 5s 4d 3c 2h"), "2-7") < ace_high
    assert ace_high < low_reference(parse_cards("2s 2d 3c 4h 5h"), "2-7")
    # pairs count, aces low: A-A-7-6-5 beats 2-2-5-4-3.
    assert low_reference(parse_cards("Ah As 7d 6c 5h"), "A-5") < low_reference(
        parse_cards("2h 2s 5d 4c 3h"), "A-5"
    )
    # Badeucy's badugi half: aces high, A-K-Q-J the worst badugi, above every three-card hand.
    assert ace_high_rank_ids(parse_cards("As Kh Qd Jc Jh")) == 715
    assert ace_high_rank_ids(parse_cards("As Kh Qd Jc 9c")) == 713  # A-K-Q-9 (Jc and 9c share a suit)
    assert ace_high_rank_ids(parse_cards("5s 4h 3d 2c Kc")) == 1


def test_a_hand_best_on_both_halves_scoops() -> None:
    hands = ["5s 4h 3d 2c 7c", "6s 4d 3h 2s 8c"]
    assert reference_rank(BADEUCY, hands[0]) == (1, 1)
    result = showdown(hands, [50, 50], button=0, game=BADEUCY)
    assert result.payouts == (100, 0)
    (pot,) = result.pots
    assert [(h.scale, h.amount, h.winners) for h in pot.halves] == [
        ("badugi-ace-high", 50, (0,)),
        ("2-7", 50, (0,)),
    ]


def test_the_halves_go_to_different_hands_and_the_odd_chip_to_the_low_half() -> None:
    badugi_best = "Kh 4s 3d 2c 2h"  # a K-4-3-2 badugi (aces high), a pair of 2s for the low
    low_best = "8s 7s 5s 4h 3s"  # a three-card badugi, an 8-7-5-4-3 low
    a, b = reference_rank(BADEUCY, badugi_best), reference_rank(BADEUCY, low_best)
    assert a[0] < b[0]
    assert b[1] < a[1]
    result = showdown([badugi_best, low_best], [51, 50], button=0, game=BADEUCY)
    # 100 in the pot (seat 0's extra chip was never matched and goes back): 50 and 50.
    assert result.payouts == (51, 50)
    result = showdown([badugi_best, low_best, None], [50, 50, 1], button=2, game=BADEUCY)
    # 101: the badugi half gets 50, the low half 51.
    assert result.payouts == (50, 51, 0)
    assert [h.amount for h in result.pots[0].halves] == [50, 51]


def test_ties_within_a_half_split_with_odd_chips_from_the_button_s_left() -> None:
    # Seats 0 and 1 hold the same A-2-3-4 badugi in other suits; seat 2 the best A-5 low.
    hands = ["Ah 2s 3d 4c Kc", "Ad 2h 3c 4s Ks", "6h 5d 4h 3h 2d", None]
    ranks = [reference_rank(BADACEY, h) for h in hands[:3]]
    assert ranks[0][0] == ranks[1][0] < ranks[2][0]
    assert ranks[2][1] < min(ranks[0][1], ranks[1][1])
    result = showdown(hands, [35, 35, 35, 2], button=1, game=BADACEY)
    badugi_half, low_half = result.pots[0].halves
    assert (badugi_half.amount, low_half.amount) == (53, 54)  # 107: the odd chip to the low half
    # Left of button 1: seats 2, 3, 0, 1; so seat 0 takes the badugi half's odd chip.
    assert (badugi_half.winners, badugi_half.shares) == ((0, 1), (27, 26))
    assert (low_half.winners, low_half.shares) == ((2,), (54,))
    assert result.payouts == (27, 26, 54, 0)


@pytest.mark.parametrize(
    ("game", "put_in", "payouts"),
    [(BADEUCY, 1, (1, 1)), (BADEUCY, 3, (3, 3)), (BADACEY, 5, (5, 5)), (BADACEY, 6, (6, 6))],
)
def test_hands_that_tie_both_halves_chop_the_whole_pot(
    game: Game, put_in: int, payouts: tuple[int, ...]
) -> None:
    # The same ranks in other suits: a tie on each half. Each half's odd chip, taken alone,
    # would go to the player left of the button both times.
    hands = ["7s 5h 4d 3c 2s", "7h 5d 4c 3s 2h"]
    assert reference_rank(game, hands[0]) == reference_rank(game, hands[1])
    result = showdown(hands, [put_in, put_in], button=1, game=game)
    assert result.payouts == payouts
    badugi_half, low_half = result.pots[0].halves
    if badugi_half.amount % 2:
        assert badugi_half.winners[0] == 0  # the first left of the button takes the first odd chip
        assert low_half.winners[0] == 1  # and the other player the next one


def test_a_three_way_tie_on_both_halves_sends_the_odd_chips_round_the_table() -> None:
    hands = ["7s 5h 4d 3c 2s", "7h 5d 4c 3s 2h", "7d 5c 4s 3h 2d"]
    result = showdown(hands, [3, 3, 4], button=0, game=BADACEY)  # a pot of 9 and the 1 unmatched
    badugi_half, low_half = result.pots[0].halves
    assert (badugi_half.amount, low_half.amount) == (4, 5)
    assert (badugi_half.winners, badugi_half.shares) == ((1, 2, 0), (2, 1, 1))
    assert (low_half.winners, low_half.shares) == ((2, 0, 1), (2, 2, 1))
    assert result.payouts == (3, 3, 3 + 1)


def test_every_pot_splits_into_halves_side_pots_too() -> None:
    # Seat 0 is all-in for 20: it contests only the main pot.
    hands = ["5s 4h 3d 2c 7c", "Kh 4s 9d 2h 2d", "8s 7s 6h 4d 3s"]
    for hand in hands:
        reference_rank(BADEUCY, hand)
    result = showdown(hands, [20, 100, 100], button=0, game=BADEUCY)
    main, side = result.pots
    assert (main.amount, main.eligible) == (60, (0, 1, 2))
    assert (side.amount, side.eligible) == (160, (1, 2))
    assert [len(p.halves) for p in result.pots] == [2, 2]
    assert main.winners == (0,)  # the best of everything scoops the main pot
    for pot in result.pots:
        assert sum(h.amount for h in pot.halves) == pot.amount
        assert sum(pot.shares) == pot.amount
    assert sum(result.payouts) == 220


def test_a_hand_of_the_wrong_size_for_the_game_is_dead() -> None:
    result = showdown(["Ah 2s 3d 4c", "Kh Ks Kd Kc Qh"], [10, 10], button=0, game=BADEUCY)
    assert result.dead == (0,)
    assert result.payouts == (0, 20)
    result = showdown(["Ah 2s 3d 4c 5h", "Kh Ks Kd Kc"], [10, 10], button=0)  # Badugi: five is dead
    assert result.dead == (0,)


@given(st.data())
def test_split_game_settlements_agree_with_the_reference(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([BADEUCY, BADACEY]))
    n = data.draw(st.integers(2, 6))
    deck = data.draw(st.permutations(range(52)))
    hands: list[list[int] | None] = [list(deck[5 * s : 5 * s + 5]) for s in range(n)]
    for seat in data.draw(st.sets(st.integers(0, n - 1), max_size=n - 2)):
        hands[seat] = None
    contributions = data.draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    button = data.draw(st.integers(0, n - 1))
    result = showdown(hands, contributions, button, game=game)
    assert sum(result.payouts) == sum(contributions)
    ranks = {
        s: tuple(REFERENCE[scale.name](h) for scale in game.halves)
        for s, h in enumerate(hands)
        if h is not None
    }
    for pot in result.pots:
        if sum(h is not None for h in hands) < 2:
            break
        assert [h.amount for h in pot.halves] == [pot.amount // 2, pot.amount - pot.amount // 2]
        for half_index, half in enumerate(pot.halves):
            best = min(ranks[s][half_index] for s in pot.eligible)
            assert set(half.winners) == {s for s in pot.eligible if ranks[s][half_index] == best}
            assert sum(half.shares) == half.amount
            assert max(half.shares) - min(half.shares) <= 1
        # Players who tie every half of a pot chop it as evenly as one pot would split.
        every_half = set.intersection(*(set(h.winners) for h in pot.halves))
        if len(every_half) > 1:
            won = [pot.shares[pot.winners.index(s)] for s in every_half]
            assert max(won) - min(won) <= 1


# ---- qualifier and carry --------------------------------------------------------------


NINE_HIGH = badugi.rank("9c 8d 7h 6s")  # the worst 9-high badugi


def test_only_hands_at_or_better_than_the_qualifier_win() -> None:
    hands = ["9c 8d 7h 6s", "Tc 2d 3h 4s", "Kc Kd Kh Ks"]
    result = showdown(hands, [10, 10, 10], button=0, qualifier=NINE_HIGH)
    assert result.payouts == (30, 0, 0)
    assert result.carried == 0
    # A hand can name the qualifier too.
    assert showdown(hands, [10, 10, 10], button=0, qualifier="9s 8h 7d 6c") == result


def test_when_nothing_qualifies_the_pot_stays_in_the_middle() -> None:
    hands = ["Tc 2d 3h 4s", "Kc Kd Kh Ks"]
    result = showdown(hands, [10, 40], button=0, qualifier=NINE_HIGH)
    assert result.payouts == (0, 30)  # seat 1's 30 that nobody matched goes back
    assert result.returned == (0, 30)
    assert result.carried == 20
    assert result.pots[0].winners == ()
    assert result.pots[0].halves == ()


def test_a_carry_joins_the_main_pot() -> None:
    result = showdown(
        ["9c 8d 7h 6s", "Tc 2d 3h 4s", None], [10, 10, 5], button=0, qualifier=NINE_HIGH, carry=20
    )
    assert result.payouts == (45, 0, 0)
    assert result.pots[0].amount == 45
    result = showdown(["Tc 2d 3h 4s", "Kc Kd Kh Ks"], [10, 10], button=0, qualifier=NINE_HIGH, carry=20)
    assert (result.payouts, result.carried) == ((0, 0), 40)


def test_a_player_everyone_folded_to_wins_without_qualifying() -> None:
    result = showdown([None, "Kc Kd Kh Ks"], [10, 10], button=0, qualifier=NINE_HIGH, carry=5)
    assert (result.payouts, result.carried) == ((0, 25), 0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "holdem"}, "or its name \\('badeucy'\\), got str 'holdem'"),
        ({"game": None}, "game must be one of badugi.games"),
        ({"qualifier": 0}, "qualifier rank 0 out of range 1..1092"),
        ({"qualifier": 1093}, "out of range"),
        ({"qualifier": True}, "qualifier must be a hand or a rank number, got bool"),
        ({"qualifier": 9.5}, "got float"),
        ({"qualifier": "9c 8d 7h"}, "qualifier: expected 4 cards, got 3"),
        ({"qualifier": NINE_HIGH, "game": BADEUCY}, "a qualifier applies to single-pot games, not Badeucy"),
        ({"carry": -1}, "carry must be an int in 0..2\\*\\*63-1"),
        ({"carry": 1.5}, "carry must be an int"),
    ],
)
def test_bad_game_qualifier_or_carry(kwargs: dict[str, object], message: str) -> None:
    hands = (
        ["9c 8d 7h 6s 5h", "Tc 2d 3h 4s 5c"]
        if kwargs.get("game") is BADEUCY
        else ["9c 8d 7h 6s", "Tc 2d 3h 4s"]
    )
    with pytest.raises(InvalidHandError, match=message):
        showdown(hands, [10, 10], button=0, **kwargs)  # type: ignore[arg-type]
