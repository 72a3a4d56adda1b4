"""badugi.draw_odds: the final-hand distribution, counted in Python for one draw."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import badugi
from badugi.cards import parse_cards
from tests.equity.equity_reference import SCALE, strength_by_rank


def _enumerate(hand: list[int], keep: list[int], dead: list[int]) -> Counter[int]:
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    return Counter(badugi.rank(keep + list(extra)) for extra in itertools.combinations(unseen, 4 - len(keep)))


@pytest.mark.parametrize("seed", range(8))
def test_one_draw_is_counted_over_every_unseen_replacement(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(52), 4 + rng.randint(0, 8))
    hand, dead = cards[:4], cards[4:]
    keep = [c for c in hand if rng.random() < 0.6]
    odds = badugi.draw_odds(hand, keep=keep, dead=dead)
    counts = _enumerate(hand, keep, dead)
    total = sum(counts.values())
    assert odds.exact
    assert odds.seed is None
    assert odds.std_error == 0.0
    assert odds.samples == total
    for r in (1, 100, 715, 716, 1001, 1079, 1092):
        assert odds.at_or_better(r) == pytest.approx(
            sum(n for q, n in counts.items() if q <= r) / total, abs=1e-12
        )
        assert odds.chance(r) == pytest.approx(counts[r] / total, abs=1e-12)
    assert odds.badugi == pytest.approx(sum(n for q, n in counts.items() if q <= 715) / total, abs=1e-12)
    expected = sum(n * strength_by_rank()[q] for q, n in counts.items()) / total / SCALE
    assert odds.expected == pytest.approx(expected, abs=1e-12)
    assert set(odds.keep) == {badugi.card_str(c) for c in keep}
    assert set(odds.discard) == {badugi.card_str(c) for c in hand if c not in keep}


def test_the_default_keep_is_the_best_discard() -> None:
    rng = random.Random(3)
    for _ in range(30):
        cards = rng.sample(range(52), 4 + rng.randint(0, 5))
        hand, dead = cards[:4], cards[4:]
        best = badugi.best_discard(hand, dead=dead)
        odds = badugi.draw_odds(hand, dead=dead)
        assert odds.keep == best.keep
        assert odds.expected == pytest.approx(best.expected, abs=1e-12)


def test_no_draw_left_is_the_hand_itself() -> None:
    odds = badugi.draw_odds("Qh 10d 8s 10h", draws=0)
    assert odds.exact
    assert odds.samples == 1
    assert odds.chance(924) == 1.0
    assert odds.by_size == {4: 0.0, 3: 1.0, 2: 0.0, 1: 0.0}
    assert odds.expected == badugi.strength("Qh 10d 8s 10h")
    assert odds.discard == ()


def test_sizes_and_cumulative_chances_hang_together() -> None:
    odds = badugi.draw_odds("Kc Kd 7h 2s", keep="7h 2s")
    sizes = odds.by_size
    assert sum(sizes.values()) == pytest.approx(1.0)
    assert sizes[4] == odds.badugi
    assert odds.at_or_better(1092) == pytest.approx(1.0)
    chances = [odds.at_or_better(r) for r in range(1, 1093)]
    assert chances == sorted(chances)


def test_more_draws_are_monte_carlo_and_repeatable() -> None:
    one = badugi.draw_odds("Ah 2s 3d Kd", draws=3, samples=20_000, seed=8)
    assert not one.exact
    assert one.seed == 8
    assert one.samples == 20_000
    assert 0 < one.std_error < 0.01
    assert badugi.draw_odds("Ah 2s 3d Kd", draws=3, samples=20_000, seed=8) == one
    # More draws to come: a better chance of a badugi than with one.
    assert one.badugi > badugi.draw_odds("Ah 2s 3d Kd").badugi
    assert parse_cards(list(one.keep)) == parse_cards(list(badugi.best_discard("Ah 2s 3d Kd", draws=3).keep))
