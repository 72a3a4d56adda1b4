"""The full deck's hand values for the buckets agree with the library's own best discard and odds."""

from __future__ import annotations

import math
import random

import pytest

np = pytest.importorskip("numpy")

import badugi  # noqa: E402 - after the skip
from badugi.cards import CARD_TEXT  # noqa: E402
from badugi.solver.sampled.full_deck import full_deck_hands  # noqa: E402
from badugi.solver.sampled.hands import BINS  # noqa: E402


@pytest.mark.slow
def test_the_full_decks_keeps_and_distributions_are_the_librarys() -> None:
    """Random hands: the best discard of the best count is badugi.best_discard's, at each number of draws
    left; with one draw left the distribution is draw_odds' exactly; the strength is badugi.strength."""
    hands = full_deck_hands(3)
    assert hands.cards.shape == (270_725, 4)
    rng = random.Random(44)
    for index in rng.sample(range(270_725), 40):
        cards = [CARD_TEXT[c] for c in hands.cards[index]]
        assert hands.strength[index] == pytest.approx(badugi.strength(cards))
        for draws in (1, 2, 3):
            choice = badugi.best_discard(cards, draws=draws)
            thrown = len(choice.discard)
            mask = int(hands.discards[draws - 1][index, thrown])
            assert sorted(c for i, c in enumerate(cards) if mask >> i & 1) == sorted(choice.discard), (
                cards,
                draws,
            )
        odds = badugi.draw_odds(cards)  # one draw, the best keep: every replacement counted
        final = hands.final[1][index]
        assert final.sum() == pytest.approx(1.0)
        # the histogram's mean strength is the exact expectation, to the bins' width
        middle = (np.arange(BINS) + 0.5) / BINS
        assert float(final @ middle) == pytest.approx(odds.expected, abs=0.5 / BINS)
    # a hand with its suits relabelled has the very same distributions: the suit classes are lossless
    for index in rng.sample(range(270_725), 40):
        order = rng.sample(range(4), 4)
        image = sorted(4 * (c // 4) + order[c % 4] for c in hands.cards[index])
        other = sum(math.comb(c, i + 1) for i, c in enumerate(image))
        assert hands.cards[other].tolist() == image
        for draws in range(4):
            assert np.array_equal(hands.final[draws][index], hands.final[draws][other])
