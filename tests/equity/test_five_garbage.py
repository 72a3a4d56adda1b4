"""Arbitrary objects into the split games' strength and best discard, and hostile arguments into their C.

From Python: a right answer or the documented ``InvalidHandError`` naming the
problem, for any input type. From C: a negative BADUGI_E_* code, never a
read out of bounds.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError
from badugi._native import ffi, lib
from badugi.equity import BestDiscard, DrawOption
from badugi.games import BADACEY, BADEUCY, BADUGI, Game
from badugi.ranking.scales import BADUGI_ACE_HIGH, LOW_27, LOW_A5
from tests.equity.test_garbage import anything
from tests.test_garbage import CARD_TEXT, _outcome

HAND = "Ah 2s 3d Kd Kc"
split_hands = st.lists(st.sampled_from(CARD_TEXT), min_size=4, max_size=6, unique=True)


@settings(max_examples=300)
@given(st.one_of(anything, split_hands, split_hands.map(" ".join)))
def test_strength_and_best_discard_of_split_games_take_anything(value: Any) -> None:
    for game in (BADEUCY, BADACEY):
        kind, s = _outcome(lambda game=game: badugi.strength(value, game=game))  # type: ignore[misc]
        assert kind == _outcome(lambda game=game: game.rank(value))[0]  # type: ignore[misc]
        if kind == "ok":
            assert 0 < s < 1
        kind, result = _outcome(lambda game=game: badugi.best_discard(value, game=game))  # type: ignore[misc]
        if kind == "ok":
            assert len(result.options) == 32
    for name in ("draws", "dead", "game"):
        kind, result = _outcome(lambda name=name: badugi.best_discard(HAND, **{"game": BADACEY, name: value}))  # type: ignore[misc]
        if kind == "ok":
            assert len(result.options) == 32
            assert 0 < result.expected < 1
    assert _outcome(lambda: badugi.strength(HAND, game=value))[0] == "error"


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: badugi.strength("Ah 2s 3d 4c", game=BADEUCY), "5 cards"),
        (lambda: badugi.strength("Ah 2s 3d 4c 5c 6c", game=BADACEY), "5"),
        (lambda: badugi.best_discard("Ah 2s 3d 4c", game=BADACEY), "5 cards"),
        (lambda: badugi.best_discard(HAND, game=BADUGI), "4"),
        (lambda: badugi.best_discard([True, 1, 2, 3, 4], game=BADEUCY), "bool"),
        (lambda: badugi.best_discard([0.0, 1, 2, 3, 4], game=BADEUCY), "float"),
        (lambda: badugi.best_discard([0, 1, 2, 3, 52], game=BADEUCY), "52"),
        (lambda: badugi.best_discard([0, 1, 2, 3, 3], game=BADEUCY), "duplicate"),
        (lambda: badugi.best_discard(HAND, draws=0, game=BADEUCY), "draws"),
        (lambda: badugi.best_discard(HAND, draws=True, game=BADEUCY), "draws"),
        (lambda: badugi.best_discard(HAND, draws=1.0, game=BADEUCY), "draws"),
        (lambda: badugi.best_discard(HAND, dead=["Kd"], game=BADEUCY), "both in the hand and dead"),
        (
            lambda: badugi.best_discard(
                HAND, dead=[c for c in CARD_TEXT if c not in HAND.split()][:43], game=BADEUCY
            ),
            "at least 5",
        ),
        (lambda: badugi.best_discard(HAND, game="holdem"), "game"),
        (lambda: badugi.strength(HAND, game=None), "game"),
        (lambda: badugi.strength(HAND, game=BADEUCY.halves), "game"),
    ],
)
def test_bad_arguments_are_named(call: Any, words: str) -> None:
    with pytest.raises(InvalidHandError, match=words):
        call()


def test_games_the_tables_cannot_value_are_refused_by_name() -> None:
    three = Game(
        "three",
        title="Three",
        hand_size=5,
        draws=3,
        halves=(BADUGI_ACE_HIGH, LOW_27, LOW_A5),
        odd_chip_half=0,
    )
    with pytest.raises(InvalidHandError, match="at most 2 halves"):
        badugi.best_discard(HAND, game=three)
    high4 = Game("high4", title="High four", hand_size=4, draws=3, halves=(BADUGI_ACE_HIGH,), odd_chip_half=0)
    with pytest.raises(InvalidHandError, match="Badugi scale only"):
        badugi.strength("Ah 2s 3d 4c", game=high4)
    # One five-card half is a game the tables value: its strength is that half's share.
    lone = Game("lone", title="Lone", hand_size=5, draws=3, halves=(LOW_27,), odd_chip_half=0)
    assert 0.999 < badugi.strength("7c 5d 4h 3s 2c", game=lone) < 1
    assert len(badugi.best_discard("7c 5d 4h 3s 2c", game=lone).options) == 32


def test_five_card_values_are_checked_like_four_card_ones() -> None:
    result = badugi.best_discard(HAND, game=BADEUCY)
    assert BestDiscard(result.options, draws=1) == result
    option = result.options[0]
    assert DrawOption(option.keep, option.discard, option.expected) == option
    with pytest.raises(InvalidHandError, match="four or five distinct cards"):
        DrawOption(("Ah", "2s", "3d"), ("Kd", "Kc", "Qc"), 0.5)
    with pytest.raises(InvalidHandError, match="four or five distinct cards"):
        DrawOption(("Ah", "2s", "3d"), ("Kd", "Ah"), 0.5)
    with pytest.raises(InvalidHandError, match="1 to 32"):
        BestDiscard(result.options + result.options[:1], draws=1)
    with pytest.raises(InvalidHandError, match="different cards"):
        BestDiscard(result.options[:1] * 2, draws=1)
    with pytest.raises(InvalidHandError, match="same cards"):
        BestDiscard((result.options[0], badugi.best_discard("Ah 2s 3d Kd").options[0]), draws=1)


def _codes(values: list[int]) -> Any:
    return ffi.new("int32_t[]", values) if values else ffi.NULL


GOOD_SCALES = [BADUGI_ACE_HIGH._code, LOW_27._code]
BAD_SCALES: list[tuple[list[int], int]] = [
    ([], 0),
    ([1, 2], 0),
    ([1, 2, 3], 3),
    ([-1, 2], 2),
    ([1, 4], 2),
    ([99], 1),
]


def test_c_refuses_every_bad_game() -> None:
    hand = ffi.new("uint8_t[5]", [0, 5, 10, 15, 20])
    num, den = ffi.new("uint64_t[64]"), ffi.new("uint64_t[32]")
    out = ffi.new("uint64_t[2]")
    for values, halves in BAD_SCALES:
        codes = _codes(values)
        assert lib.badugi_strength5(codes, halves, hand) < 0
        assert lib.badugi_draw5_build(codes, halves, 1, 0) < 0
        assert lib.badugi_keep_values5(codes, halves, hand, ffi.NULL, 0, 1, 0, num, den) < 0
        assert lib.badugi_best_keep5(codes, halves, hand, ffi.NULL, 0, 1) < 0
        assert lib.badugi_draw5_value(codes, halves, 0, hand, 5, out) < 0
        assert lib.badugi_keep_table5(codes, halves, 1, ffi.new("uint8_t[]", 8), 8) < 0


def test_c_refuses_every_bad_hand_and_argument() -> None:
    codes = _codes(GOOD_SCALES)
    num, den = ffi.new("uint64_t[64]"), ffi.new("uint64_t[32]")
    bad_hands = [[0, 5, 10, 15, 52], [0, 5, 10, 15, 255], [0, 5, 10, 15, 15], [7, 7, 7, 7, 7]]
    for ids in bad_hands:
        hand = ffi.new("uint8_t[5]", ids)
        assert lib.badugi_strength5(codes, 2, hand) in (lib.BADUGI_E_RANGE, lib.BADUGI_E_DUPLICATE)
        assert lib.badugi_best_keep5(codes, 2, hand, ffi.NULL, 0, 1) in (
            lib.BADUGI_E_RANGE,
            lib.BADUGI_E_DUPLICATE,
        )
    hand = ffi.new("uint8_t[5]", [0, 5, 10, 15, 20])
    assert lib.badugi_strength5(codes, 2, ffi.NULL) == lib.BADUGI_E_NULL
    assert lib.badugi_best_keep5(codes, 2, ffi.NULL, ffi.NULL, 0, 1) == lib.BADUGI_E_NULL
    assert lib.badugi_best_keep5(codes, 2, hand, ffi.NULL, 3, 1) == lib.BADUGI_E_NULL
    for seen, code in (
        ([20], lib.BADUGI_E_DUPLICATE),
        ([30, 30], lib.BADUGI_E_DUPLICATE),
        ([52], lib.BADUGI_E_RANGE),
    ):
        assert lib.badugi_best_keep5(codes, 2, hand, ffi.new("uint8_t[]", seen), len(seen), 1) == code
    assert lib.badugi_best_keep5(codes, 2, hand, ffi.new("uint8_t[60]"), 53, 1) == lib.BADUGI_E_ARGUMENT
    for draws in (0, 4, -1):
        assert lib.badugi_best_keep5(codes, 2, hand, ffi.NULL, 0, draws) == lib.BADUGI_E_ARGUMENT
        assert (
            lib.badugi_keep_values5(codes, 2, hand, ffi.NULL, 0, draws, 0, num, den) == lib.BADUGI_E_ARGUMENT
        )
        assert lib.badugi_keep_table5(codes, 2, draws, ffi.new("uint8_t[]", 2_598_960), 2_598_960) < 0
        assert lib.badugi_draw5_build(codes, 2, draws, 0) == lib.BADUGI_E_ARGUMENT
    for method in (-1, 3):
        assert (
            lib.badugi_keep_values5(codes, 2, hand, ffi.NULL, 0, 1, method, num, den) == lib.BADUGI_E_ARGUMENT
        )
    assert lib.badugi_keep_values5(codes, 2, hand, ffi.NULL, 0, 1, 0, ffi.NULL, den) == lib.BADUGI_E_NULL
    assert lib.badugi_keep_values5(codes, 2, hand, ffi.NULL, 0, 1, 0, num, ffi.NULL) == lib.BADUGI_E_NULL
    assert lib.badugi_keep_table5(codes, 2, 1, ffi.NULL, 2_598_960) == lib.BADUGI_E_NULL
    assert lib.badugi_keep_table5(codes, 2, 1, ffi.new("uint8_t[]", 10), 2_598_959) == lib.BADUGI_E_ARGUMENT
    values = ffi.new("uint64_t[]", 8)
    assert lib.badugi_draw5_hand_values(codes, 2, 0, values, 8) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw5_hand_values(codes, 2, 3, values, 8) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw5_hand_values(codes, 2, 0, ffi.NULL, 2 * 2_598_960) == lib.BADUGI_E_NULL
    out = ffi.new("uint64_t[2]")
    assert lib.badugi_draw5_value(codes, 2, 0, hand, 6, out) == lib.BADUGI_E_COUNT
    assert lib.badugi_draw5_value(codes, 2, 0, hand, 5, ffi.NULL) == lib.BADUGI_E_NULL
    assert lib.badugi_draw5_value(codes, 2, 1, ffi.NULL, 3, out) == lib.BADUGI_E_NULL
    for level, n in ((3, 5), (-1, 5), (0, 4), (4, 4)):
        assert lib.badugi_draw5_value(codes, 2, level, hand, n, out) == lib.BADUGI_E_ARGUMENT
    assert (
        lib.badugi_draw5_value(codes, 2, 1, ffi.new("uint8_t[2]", [9, 9]), 2, out) == lib.BADUGI_E_DUPLICATE
    )


@settings(max_examples=300)
@given(
    st.lists(st.integers(0, 255), min_size=5, max_size=5),
    st.lists(st.integers(0, 255), max_size=50),
    st.integers(-2, 5),
    st.integers(0, 2),
)
def test_c_answers_any_bytes_with_a_keep_or_an_error(
    hand: list[int], seen: list[int], draws: int, halves: int
) -> None:
    codes = _codes(GOOD_SCALES[:halves])
    c_hand = ffi.new("uint8_t[5]", hand)
    c_seen = ffi.new("uint8_t[]", seen) if seen else ffi.NULL
    valid = len(set(hand)) == 5 and max(hand) < 52 and 1 <= draws <= 3 and halves >= 1
    valid = valid and len(set(seen)) == len(seen) and not set(seen) & set(hand) and all(c < 52 for c in seen)
    keep = lib.badugi_best_keep5(codes, halves, c_hand, c_seen, len(seen), draws)
    assert (0 <= keep < 32) if valid else keep < 0
    count = lib.badugi_strength5(codes, halves, c_hand)
    assert (count > 0) == (len(set(hand)) == 5 and max(hand) < 52 and halves >= 1)
