"""badugi.ranking.scales: the four Scale objects, the Badugi half of five cards, names and rank_many_on."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import badugi
from badugi import InvalidHandError, card_str
from badugi.ranking import scales
from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, SCALES, rank_many_on
from badugi.references import badugi5 as reference_badugi5
from badugi.references import lowball as reference_lowball

RNG = random.Random(11)
FIVES = [RNG.sample(range(52), 5) for _ in range(400)]
FOURS = [hand[:4] for hand in FIVES]


def test_the_scales() -> None:
    assert [(s.name, s.sizes, s.worst) for s in SCALES] == [
        ("badugi", (4, 5), 1092),
        ("badugi-ace-high", (4, 5), 1092),
        ("2-7", (5,), 7462),
        ("A-5", (5,), 6175),
    ]
    assert repr(LOW_27) == "badugi.ranking.scales.LOW_27"
    for scale in SCALES:
        assert scales.by_name(scale.name) is scale
        assert pickle.loads(pickle.dumps(scale)) is scale
        assert copy.copy(scale) is scale
        assert copy.deepcopy(scale) is scale
        with pytest.raises(AttributeError):
            scale.worst = 3  # type: ignore[misc]


@pytest.mark.parametrize("name", ["Badugi", "2-8", "", None, 3, ["2-7"]])
def test_unknown_scale_names_list_the_choices(name: object) -> None:
    with pytest.raises(InvalidHandError, match=r"unknown scale .*'badugi', 'badugi-ace-high', '2-7', 'A-5'"):
        scales.by_name(name)  # type: ignore[arg-type]


def test_badugi_scale_on_four_cards_is_badugi_rank() -> None:
    for hand in FOURS:
        assert BADUGI.rank(hand) == badugi.rank(hand)
        value = BADUGI.evaluate(hand)
        classic = badugi.evaluate(hand)
        assert (value.rank, value.cards, value.name) == (classic.rank, classic.cards, classic.name)


def test_badugi_half_of_five_cards_matches_the_references() -> None:
    for hand in FIVES:
        assert BADUGI.rank(hand) == reference_badugi5.ace_low_rank_ids(hand)
        assert BADUGI_ACE_HIGH.rank(hand) == reference_badugi5.ace_high_rank_ids(hand)
    for hand in FOURS:
        assert BADUGI_ACE_HIGH.rank(hand) == reference_badugi5.ace_high_rank_ids(hand)


@pytest.mark.parametrize(
    ("hand", "rank", "name"),
    [
        ("5s 4h 3d 2c", 1, "5-4-3-2 badugi"),
        ("5s 4h 3d 2c Ac", 1, "5-4-3-2 badugi"),
        ("As Kh Qd Jc", 715, "A-K-Q-J badugi"),
        ("As Kh Qd Jc Js", 715, "A-K-Q-J badugi"),
        ("As Kh Qd Qc", 1001, "three-card A-K-Q"),
        ("4s 3s 2s As", 1080, "one-card 2"),
        ("Ah Ac Ad As", 1092, "one-card A"),
        ("Ah Ac Ad As Ks", 1079, "two-card A-K"),
    ],
)
def test_ace_high_badugi(hand: str, rank: int, name: str) -> None:
    assert BADUGI_ACE_HIGH.rank(hand) == rank == reference_badugi5.ace_high_rank_ids(badugi_ids(hand))
    value = BADUGI_ACE_HIGH.evaluate(hand)
    assert (value.rank, value.name, value.scale) == (rank, name, "badugi-ace-high")
    assert BADUGI_ACE_HIGH.describe(rank) == name


def badugi_ids(hand: str) -> list[int]:
    return [badugi.card_id(c) for c in hand.split()]


def test_ace_high_and_ace_low_disagree_where_the_ace_plays() -> None:
    # A-4-3-2 of four suits is the best badugi aces low; aces high it loses to
    # every badugi without an ace.
    assert BADUGI.rank("Ah 2s 3d 4c") == 1
    assert BADUGI_ACE_HIGH.rank("Ah 2s 3d 4c") == reference_badugi5.ace_high_rank_ids(
        badugi_ids("Ah 2s 3d 4c")
    )
    assert BADUGI_ACE_HIGH.rank("Ah 2s 3d 4c") > BADUGI_ACE_HIGH.rank("Kh 2s 3d 4c")
    assert BADUGI.rank("Ah 2s 3d 4c") < BADUGI.rank("Kh 2s 3d 4c")


def test_describe_names_every_rank_as_evaluate_does() -> None:
    named: dict[tuple[str, int], str] = {}
    for hand in FIVES:
        for scale in SCALES:
            value = scale.evaluate(hand)
            assert value.rank == scale.rank(hand)
            assert scale.describe(value.rank) == value.name
            named[(scale.name, value.rank)] = value.name
    for scale in SCALES:
        names = [scale.describe(r) for r in range(1, scale.worst + 1)]
        assert len(set(names)) == len(names) or scale in (LOW_27, LOW_A5)


@pytest.mark.parametrize("rank", [0, -1, 7463, 1.0, True, None, "1"])
def test_describe_rejects_what_is_not_a_rank(rank: object) -> None:
    with pytest.raises(InvalidHandError, match=r"a rank on 2-7 is an int in 1\.\.7462"):
        LOW_27.describe(rank)  # type: ignore[arg-type]


def test_values_of_two_scales_never_compare_equal() -> None:
    low, high = BADUGI.evaluate("4s 3h 2d Ac Kc"), BADUGI_ACE_HIGH.evaluate("5s 4h 3d 2c Kc")
    assert low.rank == high.rank == 1
    assert low != high
    with pytest.raises(TypeError):
        _ = low < high
    assert BADUGI.evaluate("5s 4h 3d 2c") != badugi.evaluate("5s 4h 3d 2c")  # a HandValue is not a ScaleValue


@pytest.mark.parametrize(
    ("scale", "hand", "message"),
    [
        (LOW_27, "5s 4h 3d 2c", "expected 5 cards, got 4"),
        (LOW_A5, [0, 4, 8, 12], "expected 5 cards, got 4"),
        (BADUGI, "5s 4h 3d", "expected 4 or 5 cards, got 3"),
        (BADUGI_ACE_HIGH, "5s 4h 3d 2c Ac Kc", "expected 4 or 5 cards, got 6"),
        (BADUGI_ACE_HIGH, [0, 4, 8, True], "got bool"),
        (BADUGI, [0, 4, 8, 12, 1.0], "got float"),
        (BADUGI, [0, 4, 8, 8], "duplicate card 3c"),
        (BADUGI_ACE_HIGH, [0, 4, 8, 99], "id 99 out of range"),
        (LOW_27, None, "got NoneType"),
    ],
)
def test_bad_hands(scale: scales.Scale, hand: object, message: str) -> None:
    for call in (scale.rank, scale.evaluate):
        with pytest.raises(InvalidHandError, match=message):
            call(hand)  # type: ignore[arg-type]


def test_rank_many_on_is_each_scale_side_by_side() -> None:
    cards = np.array(FIVES, dtype=np.uint8)
    for chosen in ([BADUGI_ACE_HIGH, LOW_27], [BADUGI, LOW_A5], list(SCALES), [LOW_27], [LOW_A5, LOW_A5]):
        out = rank_many_on(chosen, cards)
        assert out.shape == (len(FIVES), len(chosen))
        assert out.dtype == np.uint16
        for j, scale in enumerate(chosen):
            assert out[:, j].tolist() == [scale.rank(h) for h in FIVES]
    # Names work as well as objects; without numpy the result is flat and row-major.
    flat = rank_many_on(["badugi-ace-high", "2-7"], bytes(cards.tobytes()))
    assert list(flat) == rank_many_on([BADUGI_ACE_HIGH, LOW_27], cards).ravel().tolist()


def test_rank_many_on_four_cards_takes_the_badugi_scales_only() -> None:
    cards = np.array(FOURS, dtype=np.int64)
    out = rank_many_on([BADUGI, BADUGI_ACE_HIGH], cards)
    assert out[:, 0].tolist() == [badugi.rank(h) for h in FOURS]
    assert out[:, 1].tolist() == [reference_badugi5.ace_high_rank_ids(h) for h in FOURS]
    with pytest.raises(InvalidHandError, match=r"shape \(N, 5\), got \(400, 4\)"):
        rank_many_on([BADUGI, LOW_27], cards)


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ([], "1 to 16 scales, got 0"),
        ([LOW_27] * 17, "1 to 16 scales, got more than 16"),
        (["2-9"], "unknown scale '2-9'"),
        (LOW_27, "must be a sequence of scales"),
        ("2-7", "must be a sequence of scales"),
        (None, "must be a sequence of scales, got NoneType"),
        ([None], "unknown scale None"),
    ],
)
def test_rank_many_on_bad_scales(chosen: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        rank_many_on(chosen, np.zeros((0, 5), dtype=np.uint8))  # type: ignore[arg-type]


def test_scale_rank_many_widths() -> None:
    fours = np.array(FOURS, dtype=np.uint8)
    assert BADUGI_ACE_HIGH.rank_many(fours).tolist() == [BADUGI_ACE_HIGH.rank(h) for h in FOURS]
    assert list(BADUGI_ACE_HIGH.rank_many(fours.tobytes(), cards_per_hand=4)) == [
        BADUGI_ACE_HIGH.rank(h) for h in FOURS
    ]
    assert list(BADUGI.rank_many(FIVES)) == [BADUGI.rank(h) for h in FIVES]
    with pytest.raises(InvalidHandError, match="needs cards per hand given"):
        BADUGI.rank_many(fours.tobytes())
    with pytest.raises(InvalidHandError, match="cards per hand must be 5, got 4"):
        LOW_27.rank_many(fours.tobytes(), cards_per_hand=4)
    for bad in (4.0, True, "4", 5.0):
        with pytest.raises(InvalidHandError, match="cards per hand must be 4 or 5"):
            BADUGI.rank_many(fours.tobytes(), cards_per_hand=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"row 1: expected 5 cards, got 4"):
        BADUGI.rank_many([FIVES[0], FOURS[1]])


def test_lows_match_the_reference_on_random_hands() -> None:
    for hand in FIVES:
        text = " ".join(card_str(c) for c in hand)
        assert LOW_27.rank(text) == reference_lowball.rank(hand, "2-7")
        assert LOW_A5.rank(text) == reference_lowball.rank(hand, "A-5")
