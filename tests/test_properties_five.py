"""Invariants of the five-card scales, on hands hypothesis picks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, SCALES
from badugi.references import lowball as reference_lowball

five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
suit_maps = st.permutations(range(4))


def relabel(ids: list[int], suits: list[int]) -> list[int]:
    return [4 * (c // 4) + suits[c % 4] for c in ids]


@given(five_cards, suit_maps, st.randoms(use_true_random=False))
def test_card_order_and_suit_names_never_matter(ids: list[int], suits: list[int], rng: object) -> None:
    shuffled = list(ids)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    for scale in SCALES:
        assert scale.rank(shuffled) == scale.rank(ids) == scale.rank(relabel(ids, suits))


@given(five_cards, st.lists(st.integers(0, 3), min_size=5, max_size=5))
def test_a5_ignores_suits_and_27_sees_only_a_flush(ids: list[int], suits: list[int]) -> None:
    resuited = [4 * (c // 4) + s for c, s in zip(ids, suits, strict=True)]
    if len(set(resuited)) < 5:
        return  # a pair given one suit twice is no hand
    assert LOW_A5.rank(resuited) == LOW_A5.rank(ids)
    flush = len({c % 4 for c in ids}) == 1
    if flush == (len(set(suits)) == 1):
        assert LOW_27.rank(resuited) == LOW_27.rank(ids)
    assert LOW_27.rank(ids) == reference_lowball.rank(ids, "2-7")


@given(five_cards)
def test_a_fifth_card_never_makes_the_badugi_half_worse(ids: list[int]) -> None:
    for scale in (BADUGI, BADUGI_ACE_HIGH):
        best_four = min(scale.rank(ids[:i] + ids[i + 1 :]) for i in range(5))
        assert scale.rank(ids) == best_four
        assert all(scale.rank(ids) <= scale.rank(ids[:i] + ids[i + 1 :]) for i in range(5))


@given(five_cards)
def test_aces_high_and_low_agree_without_an_ace(ids: list[int]) -> None:
    if any(c < 4 for c in ids):
        return
    # Without an ace, ranks 2..K compare the same way under both rules, so the
    # same group plays and is named alike (its numbers differ: the two scales
    # place the ace's classes differently).
    low, high = BADUGI.evaluate(ids), BADUGI_ACE_HIGH.evaluate(ids)
    assert low.cards == high.cards
    assert low.name == high.name
