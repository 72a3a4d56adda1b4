"""badugi.ranking.lowball: the 2-7 and A-5 scales, the rulebook's tables, names, values and bad input."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from badugi import InvalidHandError, card_str
from badugi.ranking import lowball
from badugi.ranking.scale_value import ScaleValue
from badugi.ranking.scales import BADUGI, LOW_27, LOW_A5
from badugi.references import lowball as reference_lowball
from tests.stable_ids import stable

# BARGE, "Appendix A: Lowball Scales" (and the issue): the best hands in order.
A5_BEST = ["5432A", "6432A", "6532A", "6542A", "6543A", "65432"]
DEUCE_BEST = ["75432", "76432", "76532", "76542", "85432"]
MIXED_SUITS = "shdcs"


def hand_of(ranks: str, suits: str = MIXED_SUITS) -> str:
    return " ".join(r + s for r, s in zip(ranks, suits, strict=True))


@pytest.mark.parametrize("impl", [lowball, reference_lowball], ids=["native", "reference"])
def test_rulebook_tables(impl: object) -> None:
    rank = impl.rank  # type: ignore[attr-defined]
    assert [rank(hand_of(h), "A-5") for h in A5_BEST] == [1, 2, 3, 4, 5, 6]
    assert [rank(hand_of(h), "2-7") for h in DEUCE_BEST] == [1, 2, 3, 4, 5]
    assert rank(hand_of("T5432"), "2-7") == 53
    assert rank(hand_of("8765A"), "A-5") == 53


@pytest.mark.parametrize("impl", [lowball, reference_lowball], ids=["native", "reference"])
def test_the_rules_worked_examples(impl: object) -> None:
    rank = impl.rank  # type: ignore[attr-defined]
    # 2-7: A-5-4-3-2 is no straight but ace-high: it beats any pair and loses to K-5-4-3-2.
    wheel = rank("As 5h 4d 3c 2s", "2-7")
    assert rank("Ks 5h 4d 3c 2s", "2-7") < wheel < rank("2s 2h 3d 4c 5s", "2-7")
    assert wheel < rank("Kh Kd Qs Jc 9s", "2-7")
    assert wheel > rank("Kh Qd Js Tc 8s", "2-7")
    # 2-7: straights and flushes count against, in the high-hand order: a
    # straight is worse than any three of a kind, a flush worse than any
    # straight, a full house worse than any flush.
    assert rank("6s 5h 4d 3c 2s", "2-7") > rank("Ah Ad Ac Kc Qs", "2-7")
    assert rank("7s 5s 4s 3s 2s", "2-7") > rank("Ah Kd Qs Jc Ts", "2-7")
    assert rank("2s 2h 2d 3c 3s", "2-7") > rank("Ah Kh Qh Jh 9h", "2-7")
    # aces low, straights and flushes do not count, pairs do.
    assert rank("Ah Ad 7c 6s 5h", "A-5") < rank("2s 2h 5d 4c 3s", "A-5")
    assert rank("5h 4h 3h 2h Ah", "A-5") == 1
    assert rank("Kh Kd Ks Kc Qh", "A-5") == 6175
    # In 2-7 four aces are the worst four of a kind (below them only the 9
    # straight flushes); with a 2 it is the best of their 12 kickers.
    assert rank("Ah Ad Ac As 2h", "2-7") == 7462 - 9 - 11


def test_worst_hands() -> None:
    assert lowball.rank("Ah Kh Qh Jh Th", "2-7") == 7462
    assert str(lowball.evaluate("Ah Kh Qh Jh Th", "2-7")) == "A-high straight flush"
    assert lowball.rank("Kh Kd Ks Kc Qh", "A-5") == 6175


@pytest.mark.parametrize(
    ("hand", "scale", "name", "cards"),
    [
        ("8h 6d 5s 4c 2h", "2-7", "8-6-5-4-2", ("8h", "6d", "5s", "4c", "2h")),
        ("As 5h 4d 3c 2s", "2-7", "A-5-4-3-2", ("As", "5h", "4d", "3c", "2s")),
        ("As 5h 4d 3c 2s", "A-5", "5-4-3-2-A", ("5h", "4d", "3c", "2s", "As")),
        ("2h 2d 5s 4c 3h", "2-7", "pair of 2s", ("2d", "2h", "5s", "4c", "3h")),
        ("Ah Ad 7c 6s 5h", "A-5", "pair of aces", ("Ad", "Ah", "7c", "6s", "5h")),
        ("8h 8d 3s 3c Kh", "2-7", "two pair, 8s and 3s", ("8d", "8h", "3c", "3s", "Kh")),
        ("7h 7d 7s 3c 2h", "A-5", "three 7s", ("7d", "7h", "7s", "3c", "2h")),
        ("7h 6d 5s 4c 3h", "2-7", "7-high straight", ("7h", "6d", "5s", "4c", "3h")),
        ("7h 6d 5s 4c 3h", "A-5", "7-6-5-4-3", ("7h", "6d", "5s", "4c", "3h")),
        ("Kh 9h 6h 4h 3h", "2-7", "flush, K-9-6-4-3", ("Kh", "9h", "6h", "4h", "3h")),
        ("Kh 9h 6h 4h 3h", "A-5", "K-9-6-4-3", ("Kh", "9h", "6h", "4h", "3h")),
        ("7h 7d 7s 2c 2h", "2-7", "full house, 7s over 2s", ("7d", "7h", "7s", "2c", "2h")),
        ("Th Td Ts Tc Jh", "A-5", "four 10s", ("Tc", "Td", "Th", "Ts", "Jh")),
        ("7h 6h 5h 4h 3h", "2-7", "7-high straight flush", ("7h", "6h", "5h", "4h", "3h")),
        ("Qh Qd Js Jc Kh", "2-7", "two pair, queens and jacks", ("Qd", "Qh", "Jc", "Js", "Kh")),
    ],
)
def test_evaluate_names_and_counting_cards(hand: str, scale: str, name: str, cards: tuple[str, ...]) -> None:
    value = lowball.evaluate(hand, scale)
    assert (value.name, value.cards, value.scale) == (name, cards, scale)
    assert value.rank == lowball.rank(hand, scale) == reference_lowball.rank(hand, scale)
    assert str(value) == name


def test_values_compare_within_a_scale_only() -> None:
    best = lowball.evaluate("7s 5h 4d 3c 2s", "2-7")
    pair = lowball.evaluate("2h 2d 5s 4c 3h", "2-7")
    assert best > pair
    assert pair < best
    assert best >= pair
    assert max([pair, best]) is best
    assert best == lowball.evaluate([24, 17, 14, 9, 7], "2-7")  # same ranks, other suits
    same_rank_a5 = lowball.evaluate("5s 4h 3d 2c As", "A-5")
    assert same_rank_a5.rank == best.rank == 1
    assert same_rank_a5 != best
    assert same_rank_a5 != best
    assert len({best, same_rank_a5}) == 2
    for compare in (lambda: best < same_rank_a5, lambda: best >= same_rank_a5, lambda: best < 3):
        with pytest.raises(TypeError):
            compare()
    assert best != 1
    assert best != "7-5-4-3-2"


def test_values_are_immutable_and_pickle_and_copy_equal() -> None:
    value = lowball.evaluate("Kh 9h 6h 4h 3h", "2-7")
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value
        assert hash(twin) == hash(value)
        assert twin.name == value.name
        assert twin.cards == value.cards
        assert twin.scale == value.scale
    with pytest.raises(AttributeError):
        value.rank = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del value.name  # type: ignore[misc]
    assert isinstance(value, ScaleValue)
    assert "flush, K-9-6-4-3" in repr(value)


def test_card_order_and_forms_do_not_matter() -> None:
    rng = random.Random(5)
    for _ in range(300):
        ids = rng.sample(range(52), 5)
        for scale in ("2-7", "A-5"):
            expected = reference_lowball.rank(ids, scale)
            shuffled = rng.sample(ids, 5)
            text = " ".join(card_str(c) for c in shuffled)
            assert lowball.rank(ids, scale) == expected
            assert lowball.rank(tuple(shuffled), scale) == expected
            assert lowball.rank(text, scale) == expected
            assert lowball.rank(text.split(), scale) == expected
            assert lowball.rank(text.replace(" ", ""), scale) == expected
            assert lowball.rank(iter(ids), scale) == expected


class Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_index_objects_are_ids() -> None:
    assert lowball.rank([Index(24), 17, 14, 9, 7], "2-7") == 1


BAD = [
    ("7s 5h 4d 3c", "expected 5 cards, got 4"),
    ([24, 17, 14, 9], "expected 5 cards, got 4"),
    ("7s 5h 4d 3c 2s 8h", "expected 5 cards, got 6"),
    ("", "expected 5 cards, got 0"),
    ([], "expected 5 cards, got 0"),
    ("7s 7s 4d 3c 2s", "duplicate card 7s"),
    ([24, 24, 14, 9, 7], "duplicate card 7c"),
    ([24, 17, 14, 9, 52], "id 52 out of range 0..51"),
    ([24, 17, 14, 9, -1], "id -1 out of range 0..51"),
    ([24, 17, 14, 9, 2**80], "out of range 0..51"),
    ([24, 17, 14, 9, 7.0], "card must be text or an id, got float"),
    ([24, 17, 14, 9, True], "card must be text or an id, got bool"),
    ([True, False, 14, 9, 7], "got bool"),
    ([24, 17, 14, 9, None], "got NoneType"),
    ([24, 17, 14, 9, b"x"], "got bytes"),
    ("7s 5h 4d 3c 2x", "unknown suit 'x'"),
    ("7s 5h 4d 3c Zs", "unknown rank 'Z'"),
    (None, "got NoneType"),
    (7.5, "got float"),
    (12345, "got int"),
    (object(), "got object"),
]


@pytest.mark.parametrize(("hand", "message"), BAD, ids=stable(repr))
@pytest.mark.parametrize("scale", ["2-7", "A-5"])
def test_bad_hands_name_the_problem(hand: object, message: str, scale: str) -> None:
    for call in (lowball.rank, lowball.evaluate):
        with pytest.raises(InvalidHandError, match=message):
            call(hand, scale)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=message):
        reference_lowball.rank(hand, scale)  # type: ignore[arg-type]


@pytest.mark.parametrize("scale", ["2-8", "a-5", "", None, 2, 2.7, ["2-7"], b"2-7", "badugi"])
def test_unknown_scales_name_the_choices(scale: object) -> None:
    for call in (lowball.rank, lowball.evaluate, lowball.rank_many):
        with pytest.raises(InvalidHandError, match=r"unknown scale .*'2-7' or 'A-5'"):
            call("7s 5h 4d 3c 2s", scale)  # type: ignore[arg-type]


def test_the_scale_objects_are_accepted_too() -> None:
    assert lowball.rank("7s 5h 4d 3c 2s", LOW_27) == 1  # type: ignore[arg-type]
    assert lowball.rank("5s 4h 3d 2c As", LOW_A5) == 1  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="unknown scale"):
        lowball.rank("5s 4h 3d 2c As", BADUGI)  # type: ignore[arg-type]


def test_module_docstring_examples() -> None:
    import doctest  # noqa: PLC0415

    result = doctest.testmod(lowball)
    assert result.attempted > 0
    assert result.failed == 0
