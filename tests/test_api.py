"""Known answers for the public API, run against the C facade and the reference."""

from __future__ import annotations

import types

import pytest

import badugi
from badugi import HandValue, InvalidHandError

# (hand, rank) pairs fixed by the contract: 1 is the A-2-3-4 badugi, 1092 a lone
# king; the size classes start at 1, 716, 1002 and 1080.
CONTRACT_RANKS = [
    ("Ah 2s 3d 4c", 1),
    ("Ac 2d 3h 4s", 1),
    ("5h 2s 3d Ac", 2),  # 5-3-2-A
    ("Kc Qd Jh Ts", 715),  # worst badugi
    ("Ac 2d 3h 3s", 716),  # best three-card hand: 3-2-A
    ("Kc Qd Jh Jc", 1001),  # worst three-card hand: K-Q-J
    ("Ac 2c 2d Ad", 1002),  # best two-card hand: 2-A
    ("Kc Qc Kd Qd", 1079),  # worst two-card hand: K-Q
    ("Ac Ad Ah As", 1080),  # best one-card hand
    ("Kc Kd Kh Ks", 1092),
]


@pytest.mark.parametrize(("hand", "expected"), CONTRACT_RANKS)
def test_contract_ranks(impl: types.ModuleType, hand: str, expected: int) -> None:
    assert impl.rank(hand) == expected


SPELLINGS = [
    "Ah 2s 3d 4c",
    "Ah2s3d4c",
    "Ah,2s,3d,4c",
    "Ah, 2s, 3d, 4c",
    "ah 2S 3D 4C",
    "A♥ 2♠ 3♦ 4♣",
    "A♥2♠3♦4♣",
    ["Ah", "2s", "3d", "4c"],
    ("Ah", "2s", "3d", "4c"),
    [2, 7, 9, 12],
    (12, 9, 7, 2),
]


@pytest.mark.parametrize("hand", SPELLINGS, ids=repr)
def test_every_spelling_of_the_wheel(impl: types.ModuleType, hand: badugi.HandLike) -> None:
    assert impl.rank(hand) == 1


def test_ten_spellings_agree(impl: types.ModuleType) -> None:
    assert impl.rank("Th 9s 8d 7c") == impl.rank("10h 9s 8d 7c") == impl.rank("10h9s8d7c")


def test_card_ids_follow_the_contract() -> None:
    assert [badugi.card_id(t) for t in ("Ac", "Ad", "Ah", "As", "2c", "Ks")] == [0, 1, 2, 3, 4, 51]
    assert badugi.card_id("10h") == badugi.card_id("Th") == badugi.card_id("T♥") == 38
    assert badugi.card_str(38) == "Th"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("8c7d5h4s", "9c4d3h2s", 1),
        ("9c4d3h2s", "8c7d5h4s", -1),
        ("Kh Kd Jh Jd", "Ks Js Kc Jc", 0),
        ("Kc Qd Jh Ts", "Ac 2c 3d 4d", 1),  # any badugi beats any three-card hand
        ("Ac 2d 3h 3s", "As 2c 3d 4h", -1),
    ],
)
def test_compare(impl: types.ModuleType, a: str, b: str, expected: int) -> None:
    assert impl.compare(a, b) == expected


def test_compare_and_winners_take_hands_of_one_deck(impl: types.ModuleType) -> None:
    # As a showdown and equity do: no deck deals one card into two hands.
    with pytest.raises(InvalidHandError, match="card Ah is in hand a and hand b"):
        impl.compare("Ah 2s 3d 4c", "Ah 5s 6d 7c")
    with pytest.raises(InvalidHandError, match="card 3d is in hand 0 and hand 2"):
        impl.winners(["Ah 2s 3d 4c", "5h 6s 7d 8c", "3d Kc Ks Kh"])
    # Hands that could not be dealt together still order by rank.
    assert impl.rank("Ah 2s 3d 4c") < impl.rank("Ah 5s 6d 7c")


def test_winners_returns_every_tied_best(impl: types.ModuleType) -> None:
    hands = ["Ks Kd Js Jc", "Ah 2s 3d 4c", "As 2h 3c 4d", "Kc Qd Jh Ts"]
    assert impl.winners(hands) == [1, 2]
    assert impl.winners(["Kc Kd Kh Ks"]) == [0]


def test_winners_needs_a_hand(impl: types.ModuleType) -> None:
    with pytest.raises(InvalidHandError, match="at least one hand"):
        impl.winners([])


@pytest.mark.parametrize(
    ("hand", "size", "cards", "name"),
    [
        ("8c 7d 5h 4s", 4, ("8c", "7d", "5h", "4s"), "8-7-5-4 badugi"),
        ("Qh 10d 8s 10h", 3, ("Qh", "Td", "8s"), "three-card Q-10-8"),
        ("Kd Kc Jd Jc", 2, ("Kc", "Jd"), "two-card K-J"),
        ("Kc Kd Kh Ks", 1, ("Kc",), "one-card K"),
        ("Ah 2s 3d 4c", 4, ("4c", "3d", "2s", "Ah"), "4-3-2-A badugi"),
    ],
)
def test_evaluate(hand: str, size: int, cards: tuple[str, ...], name: str) -> None:
    value = badugi.evaluate(hand)
    assert (value.size, value.cards, str(value), value.name) == (size, cards, name, name)
    assert value.rank == badugi.rank(hand)
    assert value.is_badugi is (size == 4)


def test_hand_value_orders_stronger_as_greater() -> None:
    values = [badugi.evaluate(h) for h in ("Kc Kd Kh Ks", "8c 7d 5h 4s", "Qh 10d 8s 10h")]
    assert max(values).name == "8-7-5-4 badugi"
    assert sorted(values)[0].name == "one-card K"
    tie_a, tie_b = badugi.evaluate("Kh Kd Jh Jd"), badugi.evaluate("Ks Js Kc Jc")
    assert tie_a == tie_b
    assert hash(tie_a) == hash(tie_b)
    assert tie_a <= tie_b
    assert tie_a >= tie_b
    assert not tie_a < tie_b
    assert values[1] > values[2] > values[0]
    assert values[0] < values[2] <= values[1]


def test_hand_value_is_immutable() -> None:
    value = badugi.evaluate("Ah 2s 3d 4c")
    with pytest.raises(AttributeError):
        value.rank = 5  # type: ignore[misc]
    assert isinstance(value, HandValue)
    assert value != "Ah 2s 3d 4c"
