"""Bad input always raises InvalidHandError (a ValueError) naming the problem."""

from __future__ import annotations

import types

import pytest

import badugi
from badugi import BadugiError, InvalidHandError

BAD_HANDS = [
    ("Ah Ah 2c 3d", "duplicate card Ah"),
    ("Ah 2s 3d", "expected 4 cards, got 3"),
    ("Ah 2s 3d 4c 5h", "expected 4 cards, got 5"),
    ("", "expected 4 cards, got 0"),
    ("Ax 2s 3d 4c", "unknown suit 'x' in 'Ax'"),
    ("Xh 2s 3d 4c", "unknown rank 'X' in 'Xh'"),
    ("1h 2s 3d 4c", "unknown rank '1' in '1h'"),
    ("11h 2s 3d 4c", "unknown rank '1' in '11'"),
    ("Ah2s3d4", "missing suit after '4'"),
    ("Ah 2s 3d 4c\x00", "unknown rank '\\x00'"),
    ([0, 1, 2, 52], "id 52 out of range 0..51"),
    ([0, 1, 2, -1], "id -1 out of range 0..51"),
    ([0, 1, 2, 300], "id 300 out of range 0..51"),
    ([0, 1, 2, 2**70], "out of range 0..51"),
    ([0, 1, 2, 2], "duplicate card Ah"),
    ([0, 1, 2], "expected 4 cards, got 3"),
    ([0, 1, 2, 3, 4], "expected 4 cards, got 5"),
    ([0, 1, 2, 3.0], "card must be text or an id, got float"),
    ([0, 1, 2, None], "got NoneType"),
    (["Ah", "2s", "3d", "Ah"], "duplicate card Ah"),
    (["Ah", "2s", "3d", 7], "duplicate card 2s"),
    (12345, "a hand must be a string or a sequence of cards, got int"),
    (None, "got NoneType"),
]


@pytest.mark.parametrize(("hand", "message"), BAD_HANDS, ids=repr)
def test_bad_hands_name_the_problem(impl: types.ModuleType, hand: object, message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        impl.rank(hand)
    assert message in str(info.value)


def test_error_hierarchy() -> None:
    assert issubclass(InvalidHandError, ValueError)
    assert issubclass(InvalidHandError, BadugiError)
    with pytest.raises(ValueError, match="duplicate"):
        badugi.rank("Ah Ah 2c 3d")


@pytest.mark.parametrize("call", [badugi.compare, badugi.references.badugi4.compare])
def test_compare_rejects_either_side(call: object) -> None:
    with pytest.raises(InvalidHandError, match="duplicate card Kd"):
        call("Ah 2s 3d 4c", "Kd Kd 2c 3c")  # type: ignore[operator]
    with pytest.raises(InvalidHandError, match="unknown suit"):
        call("Ah 2s 3d 4z", "Kd Qd 2c 3c")  # type: ignore[operator]


def test_evaluate_and_winners_reject_bad_hands() -> None:
    with pytest.raises(InvalidHandError, match="expected 4 cards"):
        badugi.evaluate("Ah 2s")
    with pytest.raises(InvalidHandError, match="duplicate card 2s"):
        badugi.winners(["Ah 2s 3d 4c", "2s 2s 3c 4h"])


def test_card_helpers_reject_bad_input() -> None:
    with pytest.raises(InvalidHandError, match="expected one card"):
        badugi.card_id("Ah2s")
    with pytest.raises(InvalidHandError, match="out of range"):
        badugi.card_str(52)
    with pytest.raises(InvalidHandError, match="must be an int"):
        badugi.card_str(True)
