"""rank_many: numpy arrays of any integer dtype, plain buffers, rows, and every bad batch."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
from array import array

import numpy as np
import pytest

import badugi
from badugi import InvalidHandError
from tests.narrowing import OUT_OF_RANGE_IDS

RNG = np.random.default_rng(20261129)


def random_hands(n: int) -> np.ndarray:
    """n random valid hands as (n, 4) uint8: four distinct ids per row."""
    return np.argsort(RNG.random((n, 52)), axis=1)[:, :4].astype(np.uint8)


HANDS = random_hands(2000)
EXPECTED = [badugi.rank(row.tolist()) for row in HANDS]


@pytest.mark.parametrize(
    "dtype",
    [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64, ">i8", "<u2"],
)
def test_every_integer_dtype(dtype: str) -> None:
    out = badugi.rank_many(HANDS.astype(dtype))
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.uint16
    assert out.tolist() == EXPECTED


def test_non_contiguous_and_fortran_arrays() -> None:
    wide = np.zeros((len(HANDS), 8), dtype=np.int64)
    wide[:, ::2] = HANDS
    assert badugi.rank_many(wide[:, ::2]).tolist() == EXPECTED
    assert badugi.rank_many(np.asfortranarray(HANDS)).tolist() == EXPECTED
    assert badugi.rank_many(HANDS[::-1]).tolist() == EXPECTED[::-1]


def test_empty_batch() -> None:
    assert badugi.rank_many(np.empty((0, 4), dtype=np.uint8)).shape == (0,)
    assert list(badugi.rank_many(b"")) == []


def test_uint8_input_is_not_copied_or_changed() -> None:
    cards = HANDS.copy()
    badugi.rank_many(cards)
    assert np.array_equal(cards, HANDS)


@pytest.mark.parametrize(("value", "dtype"), OUT_OF_RANGE_IDS)
def test_out_of_range_ids_are_rejected_before_narrowing(value: int, dtype: type) -> None:
    cards = HANDS[:20].astype(dtype)
    cards[17, 2] = value
    with pytest.raises(InvalidHandError, match=rf"^row 17: id {value} out of range 0\.\.51$"):
        badugi.rank_many(cards)


def test_duplicate_in_a_row_names_row_and_card() -> None:
    cards = np.array([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 8, 10]], dtype=np.int32)
    with pytest.raises(InvalidHandError, match=r"^row 2: duplicate card 3c$"):
        badugi.rank_many(cards)


def test_first_bad_row_is_reported() -> None:
    cards = HANDS[:50].astype(np.int64)
    cards[30, 0] = 99
    cards[10, 3] = cards[10, 2]
    with pytest.raises(InvalidHandError, match=r"^row 10: duplicate"):
        badugi.rank_many(cards)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros((5, 3), dtype=np.uint8), r"shape \(N, 4\), got \(5, 3\)"),
        (np.zeros(8, dtype=np.uint8), r"shape \(N, 4\), got \(8,\)"),
        (np.zeros((2, 2, 4), dtype=np.uint8), r"shape \(N, 4\)"),
        (np.zeros((2, 4), dtype=np.float64), "integer array, got dtype float64"),
        (np.zeros((2, 4), dtype=bool), "integer array, got dtype bool"),
        (np.array([["Ah", "2s", "3d", "4c"]]), "integer array"),
        (np.zeros((2, 4), dtype=object), "integer array, got dtype object"),
    ],
)
def test_bad_numpy_shapes_and_dtypes(cards: np.ndarray, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        badugi.rank_many(cards)


def test_flat_buffers_return_array_of_uint16() -> None:
    flat = HANDS.tobytes()
    for buffer in (flat, bytearray(flat), array("B", flat), memoryview(flat)):
        out = badugi.rank_many(buffer)
        assert isinstance(out, array)
        assert out.typecode == "H"
        assert list(out) == EXPECTED


def test_rows_of_ids_return_array_of_uint16() -> None:
    rows = HANDS[:100].tolist()
    out = badugi.rank_many(rows)
    assert isinstance(out, array)
    assert list(out) == EXPECTED[:100]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (bytes([0, 1, 2, 3, 4, 5]), "6 bytes is not a whole number of 4-card rows"),
        (bytes([0, 1, 2, 3, 4, 5, 6, 52]), r"^row 1: id 52 out of range 0\.\.51$"),
        (bytes([0, 1, 2, 3, 9, 5, 6, 9]), r"^row 1: duplicate card 3d$"),
        (array("h", [0, 1, 2, 3]), "must hold uint8 values, got format 'h'"),
        (array("b", [0, 1, 2, 3]), "must hold uint8 values, got format 'b'"),
        ([[0, 1, 2, 3], [4, 5, 6]], r"^row 1: expected 4 cards, got 3$"),
        ([[0, 1, 2, 3], [4, 5, 6, 257]], r"^row 1: id 257 out of range 0\.\.51$"),
        ([[0, 1, 2, 3], [4, 5, 6, 6]], r"^row 1: duplicate card 2h$"),
        ([[0, 1, 2, "x"]], "row 0: a row must be 4 integer card ids"),
        ([[0, 1, 2, True]], "row 0: a row must be 4 integer card ids"),
        ([[0, 1, 2, 3.0]], "row 0: a row must be 4 integer card ids"),
        (42, "got int"),
        ("Ah 2s 3d 4c", "a sequence of rows, got str "),
        ("", "a sequence of rows, got str "),  # not zero rows
        ({(0, 4, 8, 12), (1, 5, 9, 14)}, "a sequence of rows, got set "),  # rows in hash order
        (frozenset({(0, 4, 8, 12)}), "a sequence of rows, got frozenset "),
        ({(0, 4, 8, 12): "x"}, "a sequence of rows, got dict "),
        ({(0, 4, 8, 12): "x"}.keys(), "a sequence of rows, got dict_keys "),
        ([[0, 1, 2, 10**5000]], r"^row 0: id an int of 16610 bits out of range 0\.\.51$"),
    ],
)
def test_bad_buffers_and_rows(cards: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        badugi.rank_many(cards)


def test_all_hands_through_every_dtype_agree() -> None:
    every = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    base = badugi.rank_many(every)
    assert np.array_equal(badugi.rank_many(every.astype(np.int64)), base)
    assert np.array_equal(badugi.rank_many(every.astype(np.int32)), base)


def test_without_numpy() -> None:
    # numpy stays optional: with numpy blocked, badugi imports, never imports
    # numpy itself, and rank_many takes a flat uint8 buffer.
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None  # makes "import numpy" fail
        import badugi
        out = badugi.rank_many(bytes([2, 7, 9, 12, 48, 49, 50, 51]))
        print(type(out).__name__, out.typecode, list(out))
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["array", "H", "[1,", "1092]"]


def test_import_does_not_load_numpy() -> None:
    code = "import sys, badugi; print('numpy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
