"""Regression tests for the input contract of the evaluator and the showdown.

An id is an integer: an ``int`` or an object whose ``__index__`` gives one
(numpy integer scalars included). A bool is not a card id, and neither is any
float. Every entry point agrees with ``evaluate``, reads an iterable once, and
raises only ``InvalidHandError`` with a short message naming the problem.
"""

from __future__ import annotations

import copy
import decimal
import fractions
import itertools
import pickle
import re
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import badugi
from badugi import InvalidHandError
from badugi.pots import PotHalf

NOT_IDS: list[Any] = [
    np.float32(1.9),
    np.float64(1.0),
    np.float16(1),
    1.0,
    1.9,
    True,
    False,
    np.bool_(True),
    fractions.Fraction(1),
    decimal.Decimal(1),
    complex(1, 0),
    None,
    b"\x01",
]

ONE_HAND: list[Callable[[Any], object]] = [
    badugi.rank,
    badugi.evaluate,
    lambda hand: badugi.compare(hand, "Kc Kd Kh Ks"),
    lambda hand: badugi.compare("Kc Kd Kh Ks", hand),
    lambda hand: badugi.winners(["Kc Kd Kh Ks", hand]),
    badugi.references.badugi4.rank,
]


@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
@pytest.mark.parametrize("call", ONE_HAND)
@pytest.mark.parametrize("position", [0, 3])
def test_a_non_integer_id_is_refused_everywhere(
    call: Callable[[Any], object], bad: Any, position: int
) -> None:
    hand: list[Any] = [5, 9, 14, 50]
    hand[position] = bad
    with pytest.raises(InvalidHandError, match="a card must be text or an id"):
        call(hand)
    with pytest.raises(InvalidHandError, match="a card must be text or an id"):
        call(tuple(hand))


@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
def test_rank_many_rows_refuse_non_integer_ids(bad: Any) -> None:
    with pytest.raises(InvalidHandError, match="row 1: a row must be 4 integer card ids"):
        badugi.rank_many([[0, 4, 8, 12], [bad, 5, 9, 13]])


@pytest.mark.parametrize("make", [np.int8, np.int64, np.uint8, np.uint64, int])
def test_integer_objects_are_ids(make: Callable[[int], Any]) -> None:
    hand = [make(1), make(4), make(8), make(13)]
    assert badugi.rank(hand) == badugi.rank([1, 4, 8, 13]) == badugi.evaluate(hand).rank == 1002
    assert badugi.card_str(make(38)) == "Th"
    assert list(badugi.rank_many([hand])) == [1002]


def test_a_bool_is_not_a_card_id_for_card_str() -> None:
    with pytest.raises(InvalidHandError, match="got bool True"):
        badugi.card_str(True)
    with pytest.raises(InvalidHandError, match=r"got float 1\.0"):
        badugi.card_str(1.0)  # type: ignore[arg-type]


LONE_SURROGATE = "Ah 2s 3d 4\ud800"


@pytest.mark.parametrize("call", ONE_HAND)
def test_a_lone_surrogate_is_an_unknown_suit(call: Callable[[Any], object]) -> None:
    with pytest.raises(InvalidHandError, match="unknown suit"):
        call(LONE_SURROGATE)
    with pytest.raises(InvalidHandError, match="unknown"):
        call(["Ah", "2s", "3d", "\ud8004c"])


@pytest.mark.parametrize("text", [5, None, 2.0, b"Ah", ["Ah"], True])
def test_card_id_takes_text_only(text: Any) -> None:
    with pytest.raises(InvalidHandError, match="card_id takes a card's text"):
        badugi.card_id(text)


@pytest.mark.parametrize("text", ["", "Ah 2s", "Ah\ud800", "\ud800"])
def test_card_id_refuses_anything_but_one_card(text: str) -> None:
    with pytest.raises(InvalidHandError):
        badugi.card_id(text)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (5, "winners takes a sequence of hands, got int 5"),
        (None, "got NoneType"),
        ("Ah 2s 3d 4c", "got str"),
        (iter([]), "needs at least one hand"),
        ([], "needs at least one hand"),
        ({"Ah 2s 3d 4c": 1}, "got dict"),
        (["Ah 2s 3d 4c", "Ah 5s 6d 7c 8h"], "hand 1: expected 4 cards, got 5"),
        # The order of the hands is the answer: a set's order depends on hashing.
        ({"Kc Kd Kh Ks", "Ah 2s 3d 4c"}, "got set"),
        (frozenset({"Ah 2s 3d 4c"}), "got frozenset"),
        ({"Ah 2s 3d 4c": 1}.keys(), "got dict_keys"),
        # An endless iterable is read only as far as the most hands allowed.
        (itertools.repeat("Ah 2s 3d 4c"), "winners takes at most 16,777,216 hands, got more than 16,777,216"),
    ],
)
def test_winners_refuses_what_is_not_a_collection_of_hands(hands: Any, message: str) -> None:
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        badugi.winners(hands)


def test_winners_reads_any_iterable_once() -> None:
    assert badugi.winners(h for h in ["Kc Kd Kh Ks", "Ah 2s 3d 4c", "Ac 2d 3h 4s"]) == [1, 2]


@pytest.mark.parametrize("call", ONE_HAND)
def test_a_sequence_holds_one_card_per_item(call: Callable[[Any], object]) -> None:
    with pytest.raises(InvalidHandError, match="'Ah 2s' is not one card"):
        call(["Ah 2s", "3d", "4c"])
    with pytest.raises(InvalidHandError, match="'Ah2s' is not one card"):
        call(["Ah2s", "3d", "4c", "5h"])
    assert badugi.rank([" Ah", "2s ", "3d", "4c"]) == 1  # spaces around one card are fine


@pytest.mark.parametrize("call", ONE_HAND)
def test_an_iterator_is_read_once_and_its_duplicate_named(call: Callable[[Any], object]) -> None:
    with pytest.raises(InvalidHandError, match="duplicate card Ac"):
        call(iter([0, 0, 4, 8]))
    with pytest.raises(InvalidHandError, match="expected 4 cards, got more than 4"):
        call(iter(range(10**12)))


class ChangesOnEachPass:
    """Four ints on the first pass, a float and a bool on later ones."""

    def __init__(self) -> None:
        self.passes = 0

    def __iter__(self) -> Iterator[Any]:
        self.passes += 1
        return iter([1, 4, 8, 13] if self.passes == 1 else [np.float32(1.9), True, 8, 13])


class BreaksOnTheSecondPass:
    def __init__(self) -> None:
        self.passes = 0

    def __iter__(self) -> Iterator[int]:
        self.passes += 1
        if self.passes > 1:
            raise RuntimeError("read twice")
        return iter([1, 4, 8, 13])


@pytest.mark.parametrize("make", [ChangesOnEachPass, BreaksOnTheSecondPass])
def test_an_iterable_is_read_exactly_once(make: Callable[[], Any]) -> None:
    for call in (badugi.rank, lambda h: badugi.evaluate(h).rank, badugi.references.badugi4.rank):
        hand = make()
        assert call(hand) == 1002
        assert hand.passes == 1


class Exploding:
    def __iter__(self) -> Iterator[int]:
        raise KeyError("boom")

    def __repr__(self) -> str:
        raise RuntimeError("no repr either")


class ExplodesMidway:
    def __iter__(self) -> Iterator[int]:
        yield 1
        raise KeyError("boom")


def test_an_iterable_that_raises_gives_the_documented_error() -> None:
    with pytest.raises(InvalidHandError, match="sequence of cards, got Exploding <Exploding "):
        badugi.rank(Exploding())
    with pytest.raises(InvalidHandError, match=r"could not read the cards from ExplodesMidway .*KeyError"):
        badugi.rank(ExplodesMidway())
    with pytest.raises(InvalidHandError, match="winners takes a sequence of hands, got Exploding"):
        badugi.winners(Exploding())
    with pytest.raises(InvalidHandError, match="could not read the hands from ExplodesMidway"):
        badugi.winners(ExplodesMidway())


@pytest.mark.parametrize(
    "hand",
    [
        "X" * 1_000_000,
        "Ah" * 500_000,
        list(range(1_000_000)),
        ["Ah", "2s", "3d", "4c" + "x" * 1_000_000],
        [0, 1, 2, 10**5000],
    ],
    ids=["junk text", "many cards", "many ids", "one huge card", "huge id"],
)
def test_an_error_quotes_only_a_short_prefix_of_a_huge_input(hand: Any) -> None:
    with pytest.raises(InvalidHandError) as info:
        badugi.rank(hand)
    assert len(str(info.value)) < 200


def test_rank_and_evaluate_agree_on_every_kind_of_valid_input() -> None:
    forms: list[Any] = [
        "Ah 2s 3d 4c",
        "ah2S3D4c",
        "A♥ 2♠ 3♦ 4♣",
        "Ah\u00a02s\u20033d 4c",  # unicode spaces: only the Python parser reads them
        ["Ah", "2s", "3d", "4c"],
        ("Ah", "2s", "3d", "4c"),
        [2, 7, 9, 12],
        (2, 7, 9, 12),
        [np.int64(2), 7, 9, 12],
        {2, 7, 9, 12},
        bytes([2, 7, 9, 12]),
        bytearray([2, 7, 9, 12]),
        np.array([2, 7, 9, 12]),
    ]
    for hand in forms:
        assert badugi.rank(hand) == 1, hand
        assert badugi.evaluate(hand).rank == 1, hand
    assert badugi.rank(iter([2, 7, 9, 12])) == badugi.evaluate(iter([2, 7, 9, 12])).rank == 1


# ---- the showdown's inputs ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((None, [1, 1], 0), "a showdown takes a sequence of hands, got NoneType"),
        (("Ah 2s 3d 4c", [1, 1], 0), "got str"),
        ((["Ah 2s 3d 4c", "Kc"], None, 0), "a showdown takes a sequence of contributions"),
        ((["Ah 2s 3d 4c", "Kc"], 5, 0), "got int 5"),
        ((["Ah 2s 3d 4c", "Kc"], [1, True], 0), "seat 1: contribution must be an int, got bool True"),
        ((["Ah 2s 3d 4c", "Kc"], [1, 1], None), "button must be a seat number, got NoneType"),
        ((["Ah 2s 3d 4c", "Kc"], [1, 1], 0.0), "button must be a seat number, got float"),
        ((["Ah 2s 3d 4c", "Kc"], [1, 1], True), "button must be a seat number, got bool"),
        ((["Ah 2s 3d 4c", "Kc"], [1, 1], 0, "1"), "last_aggressor must be a seat number, got str"),
        (
            (["Ah 2s 3d 4c", 5], [1, 1], 0),
            "seat 1: a hand must be a string or a sequence of cards, got int 5",
        ),
        ((["Ah 2s 3d 4c", [1.5]], [1, 1], 0), "seat 1: a card must be text or an id, got float 1.5"),
        ((["Ah 2s 3d 4c", "Kc\ud800"], [1, 1], 0), "seat 1: unknown rank"),
        (
            ({"Ah 2s 3d 4c", "Kc Kd Kh Ks"}, [10, 20], 0),
            "a showdown takes a sequence of hands, got set",
        ),
        ((itertools.repeat(None), [1, 1], 0), "takes at most 16,777,216 hands, got more than 16,777,216"),
    ],
)
def test_showdown_refuses_bad_input_with_the_documented_error(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        badugi.showdown(*args)
    assert message in str(info.value)


def test_showdown_reads_generators_once() -> None:
    hands = (h for h in ["Ah 2s 3d 4c", iter([48, 49, 50, 51]), None])
    contributions = (c for c in [10, np.int64(10), 10])
    result = badugi.showdown(hands, contributions, button=np.int8(2), last_aggressor=np.uint8(1))  # type: ignore[arg-type]
    assert result.payouts == (30, 0, 0)
    assert result.order == (1, 0)


# ---- values copy, pickle and stay immutable ----------------------------------------------


def _values() -> list[object]:
    result = badugi.showdown(["Ah 2s 3d 4c", "8c 7d 5h 4s", None], [50, 200, 20], button=2, last_aggressor=1)
    return [badugi.evaluate("Qh 10d 8s 10h"), result, result.pots[0], result.pots[0].halves[0]]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_round_trip_through_pickle_and_copy(value: object) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert again == value
        assert type(again) is type(value)
        assert repr(again) == repr(value)
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    assert hash(copy.deepcopy(value)) == hash(value)


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_are_immutable_all_the_way_down(value: object) -> None:
    for name in type(value).__slots__:  # type: ignore[attr-defined]
        with pytest.raises(AttributeError, match="immutable"):
            setattr(value, name, None)
        field = getattr(value, name)
        assert isinstance(field, (int, str, tuple)), (name, type(field))
        if isinstance(field, tuple):
            assert all(isinstance(x, (int, str, badugi.Pot, PotHalf)) for x in field), (name, field)


def test_showdown_values_compare_by_every_field() -> None:
    a = badugi.showdown(["Ah 2s 3d 4c", "8c 7d 5h 4s"], [10, 10], button=0)
    b = badugi.showdown(["Ah 2s 3d 4c", "8c 7d 5h 4s"], [10, 10], button=0)
    c = badugi.showdown(["Ah 2s 3d 4c", "8c 7d 5h 4s"], [10, 10], button=1)
    assert a == b
    assert hash(a) == hash(b)
    assert a != c  # same payouts, different show order
    assert a != a.pots[0]
