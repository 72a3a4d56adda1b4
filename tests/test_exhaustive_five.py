"""Every one of the 2,598,960 five-card hands on every scale: the C tables against the references."""

from __future__ import annotations

import random

import numpy as np
import pytest

from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, rank_many_on
from badugi.references import badugi5 as reference_badugi5
from badugi.references import lowball as reference_lowball
from tests.five_card_hands import all_hands, expected_badugi, expected_low

pytestmark = pytest.mark.slow


def _shuffled_rows(hands: np.ndarray, seed: int) -> np.ndarray:
    """The same hands with the cards of each row in random order: C must sort them."""
    rng = np.random.default_rng(seed)
    return np.take_along_axis(hands, np.argsort(rng.random(hands.shape), axis=1), axis=1)


@pytest.mark.parametrize(("scale", "name"), [(LOW_27, "2-7"), (LOW_A5, "A-5")])
def test_every_low_matches_the_reference(scale: object, name: str) -> None:
    expected = expected_low(name)
    got = scale.rank_many(_shuffled_rows(all_hands(), 1))  # type: ignore[attr-defined]
    mismatches = np.flatnonzero(got != expected)
    assert len(got) == 2_598_960
    assert mismatches.size == 0, (
        f"{mismatches.size} hands differ, first {all_hands()[mismatches[:5]].tolist()}"
    )


@pytest.mark.parametrize(("scale", "aces_high"), [(BADUGI, False), (BADUGI_ACE_HIGH, True)])
def test_every_badugi_half_matches_the_reference(scale: object, aces_high: bool) -> None:
    expected = expected_badugi(aces_high)
    got = scale.rank_many(_shuffled_rows(all_hands(), 2))  # type: ignore[attr-defined]
    mismatches = np.flatnonzero(got != expected)
    assert mismatches.size == 0, (
        f"{mismatches.size} hands differ, first {all_hands()[mismatches[:5]].tolist()}"
    )


def test_the_shortcuts_agree_with_the_references_hand_by_hand() -> None:
    # The per-pattern and per-subset shortcuts of five_card_hands are what the
    # rules say; check them against the references run on whole hands.
    rng = random.Random(4)
    hands = all_hands()
    for index in rng.sample(range(len(hands)), 3000):
        ids = hands[index].tolist()
        assert expected_low("2-7")[index] == reference_lowball.rank(ids, "2-7")
        assert expected_low("A-5")[index] == reference_lowball.rank(ids, "A-5")
        assert expected_badugi(False)[index] == reference_badugi5.ace_low_rank_ids(ids)
        assert expected_badugi(True)[index] == reference_badugi5.ace_high_rank_ids(ids)


def test_class_counts() -> None:
    # Dense numbering: every number from 1 to worst is used, by the reference and the tables.
    for name, worst in (("2-7", 7462), ("A-5", 6175)):
        assert np.array_equal(np.unique(expected_low(name)), np.arange(1, worst + 1))
    # Five cards of one suit play their lowest card alone, so a lone 10, J,
    # Q or K (aces low) or a lone J, Q, K or A (aces high) cannot happen: the
    # Badugi half of five cards uses every class but the worst four.
    for aces_high in (False, True):
        assert np.array_equal(np.unique(expected_badugi(aces_high)), np.arange(1, 1089))
    # How many hands some classes hold, by the rules' arithmetic.
    per_class = np.bincount(expected_low("2-7"), minlength=7463)[1:]
    assert per_class[0] == 4**5 - 4  # 7-5-4-3-2, every suit pattern but the four flushes
    assert per_class[-1] == 4  # A-K-Q-J-10 straight flush, one per suit
    assert np.bincount(expected_low("A-5"), minlength=6176)[1] == 4**5  # 5-4-3-2-A, any suits


def test_fused_batch_is_the_scales_side_by_side_on_every_hand() -> None:
    hands = _shuffled_rows(all_hands(), 3)
    out = rank_many_on([BADUGI_ACE_HIGH, LOW_27, BADUGI, LOW_A5], hands)
    assert np.array_equal(out[:, 0], expected_badugi(True))
    assert np.array_equal(out[:, 1], expected_low("2-7"))
    assert np.array_equal(out[:, 2], expected_badugi(False))
    assert np.array_equal(out[:, 3], expected_low("A-5"))


# What each 2-7 category is called (reference_lowball's category numbers), and A-5's.
NAMES_27 = [
    r"^[0-9AJQK]+(-[0-9AJQK]+){4}$",
    r"^pair of ",
    r"^two pair, ",
    r"^three ",
    r"^[0-9AJQK]+-high straight$",
    r"^flush, ",
    r"^full house, ",
    r"^four ",
    r"^[0-9AJQK]+-high straight flush$",
]
NAMES_A5 = [NAMES_27[0], *NAMES_27[1:4], NAMES_27[6], NAMES_27[7]]


@pytest.mark.parametrize(("scale", "name"), [(LOW_27, "2-7"), (LOW_A5, "A-5")])
def test_every_low_class_is_named_by_its_category(scale: object, name: str) -> None:
    import re  # noqa: PLC0415

    expected = expected_low(name)
    ranks, first = np.unique(expected, return_index=True)
    assert len(ranks) == scale.worst  # type: ignore[attr-defined]
    patterns = NAMES_27 if name == "2-7" else NAMES_A5
    for rank, index in zip(ranks.tolist(), first.tolist(), strict=True):
        ids = all_hands()[index].tolist()
        value = scale.evaluate(ids)  # type: ignore[attr-defined]
        assert value.rank == rank
        assert scale.describe(rank) == value.name  # type: ignore[attr-defined]
        values = (
            [14 if c // 4 == 0 else c // 4 + 1 for c in ids] if name == "2-7" else [c // 4 + 1 for c in ids]
        )
        flush = len({c % 4 for c in ids}) == 1
        key = reference_lowball.key_27(values, flush) if name == "2-7" else reference_lowball.key_a5(values)
        assert re.search(patterns[key[0]], value.name), (ids, value.name)


@pytest.mark.parametrize(("scale", "aces_high"), [(BADUGI, False), (BADUGI_ACE_HIGH, True)])
def test_every_badugi_half_class_is_named_as_described(scale: object, aces_high: bool) -> None:
    ranks, first = np.unique(expected_badugi(aces_high), return_index=True)
    for rank, index in zip(ranks.tolist(), first.tolist(), strict=True):
        value = scale.evaluate(all_hands()[index].tolist())  # type: ignore[attr-defined]
        assert value.rank == rank
        assert scale.describe(rank) == value.name  # type: ignore[attr-defined]
        assert (
            len(set(value.cards))
            == len(value.cards)
            == (4 if rank <= 715 else 3 if rank <= 1001 else 2 if rank <= 1079 else 1)
        )
