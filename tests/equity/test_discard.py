"""badugi.best_discard against a reference that sums every replacement one by one."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import badugi
import tests.equity.equity_reference as ref
from badugi._native import ffi, lib
from badugi.equity import _run as run


def _spots(seed: int, count: int, most_dead: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    spots = []
    for _ in range(count):
        cards = rng.sample(range(52), 4 + rng.randint(0, most_dead))
        spots.append((cards[:4], cards[4:]))
    return spots


def _check_against_reference(hand: list[int], dead: list[int], draws: int) -> None:
    result = badugi.best_discard(hand, draws=draws, dead=dead)
    expected = ref.best_keeps(hand, dead, draws)
    got = [(option.expected, frozenset(badugi.card_id(c) for c in option.keep)) for option in result.options]
    want = [
        (float(value), frozenset(c for i, c in enumerate(hand) if mask >> i & 1)) for value, mask in expected
    ]
    assert got == want
    assert result.keep == result.options[0].keep
    assert result.expected == float(expected[0][0])


@pytest.mark.parametrize(("hand", "dead"), _spots(1, 12, most_dead=12))
def test_one_draw_is_exact_over_every_unseen_replacement(hand: list[int], dead: list[int]) -> None:
    _check_against_reference(hand, dead, 1)


@pytest.mark.slow
@pytest.mark.parametrize("draws", [2, 3])
@pytest.mark.parametrize(("hand", "dead"), _spots(2, 6, most_dead=8))
def test_more_draws_count_the_first_exactly_and_value_the_rest_from_the_table(
    hand: list[int], dead: list[int], draws: int
) -> None:
    _check_against_reference(hand, dead, draws)


def test_reference_examples() -> None:
    # A three-card A-2-3 with a king: break the king-high badugi and draw one.
    assert badugi.best_discard("Ah 2s 3d Kd").discard == ("Kd",)
    # A made 4-3-2-A stands pat at every draw.
    for draws in (1, 2, 3):
        assert badugi.best_discard("Ah 2s 3d 4c", draws=draws).discard == ()
    # Four aces: keep one ace and draw three; the four aces tie, and the lowest id (Ac) wins.
    result = badugi.best_discard("Ad Ah As Ac")
    assert result.keep == ("Ac",)
    assert [o.keep for o in result.options[:4]] == [("Ac",), ("Ad",), ("Ah",), ("As",)]
    assert [o.expected for o in result.options[:4]] == [result.expected] * 4
    # Four kings: a king is the worst card to keep; throw all four.
    assert badugi.best_discard("Kd Kh Ks Kc").keep == ()


def _keep_sums(hand: list[int], seen: list[int], draws: int, method: int) -> list[tuple[int, int]]:
    num = ffi.new("uint64_t[32]")
    den = ffi.new("uint64_t[16]")
    seen_c = ffi.new("uint8_t[]", seen) if seen else ffi.NULL
    assert (
        lib.badugi_keep_values(ffi.new("uint8_t[4]", hand), seen_c, len(seen), draws, method, num, den) == 0
    )
    return [(num[2 * k] | num[2 * k + 1] << 64, den[k]) for k in range(16)]


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_inclusion_exclusion_and_direct_sums_agree(draws: int) -> None:
    rng = random.Random(draws)
    for _ in range(60):
        cards = rng.sample(range(52), 4 + rng.choice([0, 1, 3, 8, 20, 35, 44]))
        hand, seen = cards[:4], cards[4:]
        assert _keep_sums(hand, seen, draws, 1) == _keep_sums(hand, seen, draws, 2)


def test_the_c_choice_is_the_first_option() -> None:
    # badugi_best_keep (the Monte Carlo engine's choice) breaks ties as best_discard sorts them.
    rng = random.Random(7)
    for trial in range(600):
        draws = 1 + trial % 3
        cards = rng.sample(range(52), 4 + rng.choice([0, 2, 6, 12]))
        hand, seen = cards[:4], cards[4:]
        if trial % 5 == 0:  # plenty of exact ties: one rank in every suit, or a pair
            hand = [4 * rng.randrange(13) + s for s in range(4)]
            seen = [c for c in seen if c not in hand]
        mask = run.best_keep(hand, seen, draws)
        kept = {c for i, c in enumerate(hand) if mask >> i & 1}
        first = badugi.best_discard(hand, draws=draws, dead=seen).options[0]
        assert {badugi.card_id(c) for c in first.keep} == kept


def test_ties_are_ordered_by_fewer_discards_then_lower_ids() -> None:
    rng = random.Random(8)
    for _ in range(100):
        hand = rng.sample(range(52), 4)
        options = badugi.best_discard(hand, draws=rng.randint(1, 3)).options
        assert len(options) == 16
        assert len({o.keep for o in options}) == 16
        for a, b in itertools.pairwise(options):
            assert a.expected >= b.expected
            if a.expected == b.expected:
                ka = sorted(badugi.card_id(c) for c in a.keep)
                kb = sorted(badugi.card_id(c) for c in b.keep)
                assert (-len(ka), ka) < (-len(kb), kb)


def test_card_order_and_suit_names_do_not_matter() -> None:
    rng = random.Random(9)
    for _ in range(40):
        hand = rng.sample(range(52), 4)
        dead = rng.sample([c for c in range(52) if c not in hand], rng.randint(0, 6))
        draws = rng.randint(1, 3)
        base = badugi.best_discard(hand, draws=draws, dead=dead)
        assert badugi.best_discard(list(reversed(hand)), draws=draws, dead=dead[::-1]) == base
        suits = rng.sample(range(4), 4)
        relabel = [4 * (c // 4) + suits[c % 4] for c in range(52)]
        moved = badugi.best_discard([relabel[c] for c in hand], draws=draws, dead=[relabel[c] for c in dead])
        assert [o.expected for o in moved.options] == [o.expected for o in base.options]


def test_expected_values_are_exact_fractions() -> None:
    # With one draw left the value is a plain average of strengths over the unseen cards.
    hand, dead = ["Ah", "2s", "3d", "Kd"], ["4c", "5c"]
    ids = [badugi.card_id(c) for c in hand]
    unseen = [c for c in range(52) if c not in ids and c not in {badugi.card_id(d) for d in dead}]
    keep = ids[:3]
    average = Fraction(
        sum(ref.strength_by_rank()[badugi.rank([*keep, c])] for c in unseen), len(unseen) * ref.SCALE
    )
    option = next(o for o in badugi.best_discard(hand, dead=dead).options if o.discard == ("Kd",))
    assert option.expected == float(average)
