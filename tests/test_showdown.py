"""badugi.showdown: hand-worked settlements, errors, and invariants.

Every expected payout below was worked out by hand from the pot layers
(written next to each case) before the test was run.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError, Pot, showdown
from badugi.pots import PotHalf

WHEEL_A = "Ah 2s 3d 4c"
WHEEL_B = "As 2d 3c 4h"
WHEEL_C = "Ad 2c 3h 4s"
KINGS = "Kc Kd Kh Ks"  # the worst hand: one-card K


@pytest.mark.parametrize(
    ("button", "expected", "odd_to"),
    [
        (0, [50, 0, 51], 2),  # left of button 0: seat 1 folded, so seat 2 is first
        (1, [50, 0, 51], 2),
        (2, [51, 0, 50], 0),
    ],
)
def test_two_way_split_odd_chip_goes_left_of_button(button: int, expected: list[int], odd_to: int) -> None:
    # 40 + 21 + 40 = 101 in one pot (seat 1 folded); seats 0 and 2 tie with
    # 8-7-5-4 badugis in different suits: 50 each and one odd chip.
    result = showdown(["8c 7d 5h 4s", None, "8d 7c 5s 4h"], [40, 21, 40], button=button)
    assert result.payouts == tuple(expected)
    winners = result.pots[0].winners
    assert result.pots == (Pot(101, (0, 2), winners, (51, 50), (PotHalf("badugi", 101, winners, (51, 50)),)),)
    assert result.pots[0].winners[0] == odd_to


@pytest.mark.parametrize(
    ("button", "expected"), [(3, [34, 33, 33, 0]), (0, [33, 34, 33, 0]), (1, [33, 33, 34, 0])]
)
def test_three_way_split_of_100(button: int, expected: list[int]) -> None:
    # 33 + 33 + 33 + 1 (seat 3 folded) = 100; three A-2-3-4 badugis tie:
    # 33 each, the odd chip to the first of them left of the button.
    result = showdown([WHEEL_A, WHEEL_B, WHEEL_C, None], [33, 33, 33, 1], button=button)
    assert result.payouts == tuple(expected)
    assert sum(result.payouts) == 100


def test_short_all_in_wins_main_side_pot_to_another() -> None:
    # Seat 0 all-in for 50 with the best hand; seats 1 and 2 put in 200 each.
    # Main pot 50 x 3 = 150 -> seat 0. Side pot 150 x 2 = 300 -> seat 1 (8-7-5-4 beats K).
    result = showdown([WHEEL_A, "8c 7d 5h 4s", KINGS], [50, 200, 200], button=2)
    assert result.payouts == (150, 300, 0)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (150, (0, 1, 2), (0,)),
        (300, (1, 2), (1,)),
    ]


def test_several_all_ins_at_different_levels() -> None:
    # A=25, B=75, C=150 all-in, D=150; strength A > B > C > D.
    # Main 25x4 = 100 -> A; side 50x3 = 150 -> B; side 75x2 = 150 -> C; D nothing.
    hands = [WHEEL_A, "6c 5d 4h 3s", "9c 8d 7h 6s", KINGS]
    result = showdown(hands, [25, 75, 150, 150], button=3)
    assert result.payouts == (100, 150, 150, 0)
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (100, (0, 1, 2, 3)),
        (150, (1, 2, 3)),
        (150, (2, 3)),
    ]
    # The same money with D best: D, eligible for every pot, takes all 400.
    result = showdown([KINGS, "6c 5d 4h 3s", "9c 8d 7h 6s", WHEEL_A], [25, 75, 150, 150], button=3)
    assert result.payouts == (0, 0, 0, 400)


def test_folded_chips_stay_in_the_pots() -> None:
    # Seat 0 all-in 30 (best hand); seat 2 put in 60 and folded; seats 1, 3 put in 100.
    # Layer 30: 30x4 = 120 -> seat 0. Layers 60 and 100: 30x3 + 40x2 = 170, eligible 1 and 3
    # -> seat 3 (6-5-4-3 beats 9-8-7-6). Seat 2 gets nothing back.
    hands = [WHEEL_A, "9c 8d 7h 6s", None, "6c 5d 4h 3s"]
    result = showdown(hands, [30, 100, 60, 100], button=0)
    assert result.payouts == (120, 0, 0, 170)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (120, (0, 1, 3), (0,)),
        (170, (1, 3), (3,)),
    ]
    assert result.order == (1, 3, 0)


def test_dead_five_card_hand_holding_a_wheel() -> None:
    # Seat 0 shows five cards; A-2-3-4 among them does not help: the hand is dead,
    # its 100 stays in, and the one-card K takes the 200.
    result = showdown(["Ah 2s 3d 4c 5h", KINGS], [100, 100], button=1)
    assert result.payouts == (0, 200)
    assert result.dead == (0,)
    assert result.order == (0, 1)  # a dead hand still shows in turn


def test_dead_three_card_hand() -> None:
    # Seat 0 shows three cards: dead. Of the live hands, one-card Q beats one-card K.
    result = showdown(["Ah 2s 3d", KINGS, "Qc Qd Qh Qs"], [10, 10, 10], button=0, last_aggressor=2)
    assert result.payouts == (0, 0, 30)
    assert result.order == (2, 0, 1)
    assert result.dead == (0,)


def test_uncalled_excess_is_returned() -> None:
    # Seat 0 bet 100; seat 1 called all-in for 40. Main pot 80; seat 0's 60 comes back.
    result = showdown([KINGS, WHEEL_A], [100, 40], button=0)
    assert result.payouts == (60, 80)
    assert result.returned == (60, 0)
    assert [p.amount for p in result.pots] == [80]


def test_everyone_else_folded() -> None:
    result = showdown([None, "Kc Kd", None], [10, 35, 20], button=0)
    assert result.payouts == (0, 65, 0)
    assert result.order == (1,)
    assert result.dead == ()  # no showdown: the hand is never read


@pytest.mark.parametrize(
    ("last_aggressor", "button", "order"),
    [(None, 0, [1, 2, 3, 0]), (None, 3, [0, 1, 2, 3]), (2, 0, [2, 3, 0, 1]), (0, 2, [0, 1, 2, 3])],
)
def test_show_order(last_aggressor: int | None, button: int, order: list[int]) -> None:
    hands = [WHEEL_A, "6c 5d 4h 3s", "9c 8d 7h 6s", KINGS]
    assert showdown(hands, [5] * 4, button=button, last_aggressor=last_aggressor).order == tuple(order)


def test_show_order_skips_folded_seats() -> None:
    hands = [WHEEL_A, None, "9c 8d 7h 6s", KINGS]
    assert showdown(hands, [5] * 4, button=0).order == (2, 3, 0)


def test_seed_002_multiway_example() -> None:
    # 002's four hands give 3h to players 1 and 3: no deck allows it.
    seed = ["3h 5s 7d 9c", "7s 7h 5c 6d", "3h 4s 7c 8s", "Ah As 4d Ts"]
    with pytest.raises(InvalidHandError, match=r"^card 3h is in the hands of seats 0 and 2$"):
        showdown(seed, [10] * 4, button=3)
    # 002 says player 3 wins with "a 3478 badugi", but 4s and 8s share a suit.
    # With player 3's impossible 3h made the 3c, player 1's 9-7-5-3 badugi,
    # the only badugi, wins the whole pot.
    fixed = ["3h 5s 7d 9c", "7s 7h 5c 6d", "3c 4s 7c 8s", "Ah As 4d Ts"]
    assert showdown(fixed, [10] * 4, button=3).payouts == (40, 0, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([WHEEL_A, "Ax 2s 3d 4c"], [1, 1], 0), "seat 1: unknown suit 'x' in 'Ax'"),
        (([WHEEL_A, "Ah 5s 6d 7c"], [1, 1], 0), "card Ah is in the hands of seats 0 and 1"),
        (([WHEEL_A, KINGS], [1, 1, 1], 0), "2 hands but 3 contributions"),
        (([WHEEL_A, KINGS], [1, -1], 0), "seat 1: negative contribution -1"),
        (([WHEEL_A, KINGS], [1, 1.5], 0), "seat 1: contribution must be an int"),
        (([WHEEL_A, KINGS], [1, 1], 2), "button 2 out of range 0..1"),
        (([WHEEL_A, KINGS], [1, 1], -1), "button -1 out of range 0..1"),
        (([WHEEL_A, KINGS, None], [1, 1, 1], 0, 2), "last_aggressor seat 2 folded"),
        (([WHEEL_A, KINGS], [1, 1], 0, 5), "last_aggressor 5 out of range"),
        (([None, None], [1, 1], 0), "every seat folded"),
        (([], [], 0), "at least one seat"),
        (([WHEEL_A, "Ah"], [1, 1], 0), "card Ah is in the hands of seats 0 and 1"),
    ],
)
def test_invalid_input_names_the_problem(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        showdown(*args)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_every_hand_dead_voids_the_pot() -> None:
    result = showdown(["Ah 2s 3d", "Kc Kd Kh", None], [20, 20, 5], button=0)
    assert result.payouts == (20, 20, 5)
    assert result.pots == ()
    assert result.dead == (0, 1)


def test_chips_only_dead_hands_reached_go_back() -> None:
    # Seat 2 (live, K) all-in for 10; seats 0 and 1 put in 50 each but both hands are
    # dead. Seat 2 wins 10 from each (30 in all); the 40 each dead hand put in above
    # it, which no live hand matched, goes back.
    result = showdown(["Ah 2s 3d", "Qc Qd Qh", KINGS], [50, 50, 10], button=0)
    assert result.payouts == (40, 40, 30)
    assert result.returned == (40, 40, 0)


def test_short_all_in_big_blind_wins_only_what_it_matched() -> None:
    # The small blind put in 10 and folded to a big blind all-in for 5.
    result = showdown([None, "Kc Kd Kh Ks"], [10, 5], button=0)
    assert result.payouts == (5, 10)
    assert result.returned == (5, 0)
    assert [(p.amount, p.winners) for p in result.pots] == [(10, (1,))]


def test_fold_to_one_multiway_returns_each_unmatched_excess() -> None:
    # Seat 1 is all-in for 15; seats 0, 2 and 3 put in more and folded.
    result = showdown([None, "Kc", None, None], [40, 15, 25, 5], button=0)
    assert result.payouts == (25, 50, 10, 0)
    assert sum(result.payouts) == 85


def test_chips_folded_seats_put_in_above_every_live_hand_go_back() -> None:
    # Seats 1 and 2 are all-in for 20 and show down; seat 0 put in 50 and folded.
    result = showdown([None, WHEEL_A, KINGS], [50, 20, 20], button=0)
    assert result.payouts == (30, 60, 0)


# ---- properties -------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[list[int] | None], list[int], int, int | None]:
    n = draw(st.integers(2, 8))
    deck = draw(st.permutations(range(52)))
    hands: list[list[int] | None] = []
    for seat in range(n):
        size = draw(st.sampled_from([4, 4, 4, 4, 4, 3, 5]))
        hands.append(list(deck[6 * seat : 6 * seat + size]))
    for seat in draw(st.sets(st.integers(0, n - 1), max_size=n - 1)):
        hands[seat] = None
    contributions = draw(st.lists(st.integers(0, 300), min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    still_in = [s for s in range(n) if hands[s] is not None]
    last_aggressor = draw(st.none() | st.sampled_from(still_in))
    return hands, contributions, button, last_aggressor


@given(tables())
def test_chips_are_conserved_and_pots_paid_exactly(table: tuple) -> None:  # type: ignore[type-arg]
    hands, contributions, button, last_aggressor = table
    result = showdown(hands, contributions, button, last_aggressor)
    assert sum(result.payouts) == sum(contributions)
    assert all(p >= 0 for p in result.payouts)
    for pot in result.pots:
        assert sum(pot.shares) == pot.amount
        assert all(0 <= share <= pot.amount for share in pot.shares)
        assert set(pot.winners) <= set(pot.eligible)
        assert max(pot.shares) - min(pot.shares) <= 1
    assert sorted(result.order) == sorted(s for s, h in enumerate(hands) if h is not None)


@given(tables())
def test_a_seat_wins_from_each_opponent_at_most_what_it_put_in(table: tuple) -> None:  # type: ignore[type-arg]
    hands, contributions, button, last_aggressor = table
    result = showdown(hands, contributions, button, last_aggressor)
    for seat, paid in enumerate(result.payouts):
        assert paid <= sum(min(contributions[seat], c) for c in contributions)


@given(tables(), st.integers(1, 7))
def test_rotating_seats_and_button_rotates_payouts(table: tuple, k: int) -> None:  # type: ignore[type-arg]
    hands, contributions, button, last_aggressor = table
    n = len(hands)
    k %= n

    def rot(xs: list) -> list:  # type: ignore[type-arg]
        return xs[-k:] + xs[:-k] if k else xs[:]

    base = showdown(hands, contributions, button, last_aggressor)
    moved = showdown(
        rot(hands),
        rot(contributions),
        (button + k) % n,
        None if last_aggressor is None else (last_aggressor + k) % n,
    )
    assert moved.payouts == tuple(rot(list(base.payouts)))
    assert moved.order == tuple((s + k) % n for s in base.order)


@given(tables())
def test_a_hand_that_beats_all_others_takes_every_pot_it_is_eligible_for(table: tuple) -> None:  # type: ignore[type-arg]
    hands, contributions, button, last_aggressor = table
    result = showdown(hands, contributions, button, last_aggressor)
    live = {s: badugi.rank(h) for s, h in enumerate(hands) if h is not None and len(h) == 4}
    if len([h for h in hands if h is not None]) < 2 or not live:
        return
    best = min(live.values())
    leaders = [s for s, r in live.items() if r == best]
    if len(leaders) != 1:
        return
    (leader,) = leaders
    for pot in result.pots:
        if leader in pot.eligible:
            assert pot.winners == (leader,)
    assert (
        result.payouts[leader]
        == sum(p.amount for p in result.pots if leader in p.eligible) + result.returned[leader]
    )
