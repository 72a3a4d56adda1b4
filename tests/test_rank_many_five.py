"""lowball.rank_many and the scales' batches: the input rules of badugi.rank_many, five cards a row."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from array import array

import numpy as np
import pytest

from badugi import InvalidHandError
from badugi.ranking import lowball
from badugi.references import lowball as reference_lowball
from tests.narrowing import OUT_OF_RANGE_IDS

RNG = np.random.default_rng(20261130)
HANDS = np.argsort(RNG.random((2000, 52)), axis=1)[:, :5].astype(np.uint8)
EXPECTED = {scale: [lowball.rank(row.tolist(), scale) for row in HANDS] for scale in ("2-7", "A-5")}


@pytest.mark.parametrize("scale", ["2-7", "A-5"])
@pytest.mark.parametrize(
    "dtype",
    [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64, ">i8", "<u2"],
)
def test_every_integer_dtype(dtype: str, scale: str) -> None:
    out = lowball.rank_many(HANDS.astype(dtype), scale)
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.uint16
    assert out.tolist() == EXPECTED[scale]


def test_non_contiguous_fortran_and_reversed_arrays() -> None:
    wide = np.zeros((len(HANDS), 10), dtype=np.int64)
    wide[:, ::2] = HANDS
    assert lowball.rank_many(wide[:, ::2], "2-7").tolist() == EXPECTED["2-7"]
    assert lowball.rank_many(np.asfortranarray(HANDS), "A-5").tolist() == EXPECTED["A-5"]
    assert lowball.rank_many(HANDS[::-1], "2-7").tolist() == EXPECTED["2-7"][::-1]


def test_empty_batches() -> None:
    assert lowball.rank_many(np.empty((0, 5), dtype=np.uint8), "2-7").shape == (0,)
    assert list(lowball.rank_many(b"", "A-5")) == []
    assert list(lowball.rank_many([], "A-5")) == []


@pytest.mark.parametrize(("value", "dtype"), OUT_OF_RANGE_IDS)
def test_out_of_range_ids_are_rejected_before_narrowing(value: int, dtype: type) -> None:
    cards = HANDS[:20].astype(dtype)
    cards[17, 4] = value
    with pytest.raises(InvalidHandError, match=rf"^row 17: id {value} out of range 0\.\.51$"):
        lowball.rank_many(cards, "2-7")


def test_first_bad_row_is_named() -> None:
    cards = np.tile(HANDS, (2, 1)).astype(np.int32)
    cards[2500, 0] = 99
    cards[1500, 3] = cards[1500, 1]
    with pytest.raises(InvalidHandError, match=r"^row 1500: duplicate card"):
        lowball.rank_many(cards, "A-5")
    flat = HANDS[:40].copy()
    flat[33, 2] = flat[33, 4]
    with pytest.raises(InvalidHandError, match=r"^row 33: duplicate card"):
        lowball.rank_many(flat.tobytes(), "2-7")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros((5, 4), dtype=np.uint8), r"shape \(N, 5\), got \(5, 4\)"),
        (np.zeros(10, dtype=np.uint8), r"shape \(N, 5\), got \(10,\)"),
        (np.zeros((2, 2, 5), dtype=np.uint8), r"shape \(N, 5\)"),
        (np.zeros((2, 5), dtype=np.float64), "integer array, got dtype float64"),
        (np.zeros((2, 5), dtype=bool), "integer array, got dtype bool"),
        (np.zeros((2, 5), dtype=object), "integer array, got dtype object"),
        (bytes(range(7)), "7 bytes is not a whole number of 5-card rows"),
        (bytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 52]), r"^row 1: id 52 out of range 0\.\.51$"),
        (array("h", [0, 1, 2, 3, 4]), "must hold uint8 values, got format 'h'"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8]], r"^row 1: expected 5 cards, got 4$"),
        ([[0, 1, 2, 3]], r"^row 0: expected 5 cards, got 4$"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 300]], r"^row 1: id 300 out of range 0\.\.51$"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]], r"^row 1: duplicate card 3c$"),
        ([[0, 1, 2, 3, True]], r"^row 0: a row must be 5 integer card ids"),
        ([[0, 1, 2, 3, 4.0]], r"^row 0: a row must be 5 integer card ids"),
        ([[0, 1, 2, 3, "x"]], r"^row 0: a row must be 5 integer card ids"),
        ([None], r"^row 0: a row must be 5 integer card ids"),
        ([b"\x00\x01\x02\x03\x04"], r"^row 0: a row must be 5 integer card ids"),
        (42, "got int"),
        (None, "got NoneType"),
        ("7s 5h 4d 3c 2s", r"a sequence of rows, got str "),
    ],
)
def test_bad_batches(cards: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        lowball.rank_many(cards, "2-7")


def test_flat_buffers_rows_and_generators() -> None:
    flat = HANDS.tobytes()
    for buffer in (flat, bytearray(flat), array("B", flat), memoryview(flat)):
        out = lowball.rank_many(buffer, "2-7")
        assert isinstance(out, array)
        assert out.typecode == "H"
        assert list(out) == EXPECTED["2-7"]
    rows = HANDS[:100].tolist()
    assert list(lowball.rank_many(rows, "A-5")) == EXPECTED["A-5"][:100]
    assert list(lowball.rank_many(iter(rows), "A-5")) == EXPECTED["A-5"][:100]
    assert (
        list(lowball.rank_many([tuple(np.uint8(c) for c in r) for r in rows], "A-5")) == EXPECTED["A-5"][:100]
    )


def test_without_numpy() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None  # makes "import numpy" fail
        from badugi.ranking import lowball
        from badugi.ranking import scales
        out = lowball.rank_many(bytes([24, 17, 14, 9, 7, 0, 4, 8, 12, 16]), "2-7")
        both = scales.rank_many_on(["2-7", "A-5"], [[24, 17, 14, 9, 7]])
        compact = lambda values: str(list(values)).replace(" ", "")
        print(type(out).__name__, out.typecode, compact(out), compact(both))
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, second = [24, 17, 14, 9, 7], [0, 4, 8, 12, 16]
    expected = [
        reference_lowball.rank(first, "2-7"),
        reference_lowball.rank(second, "2-7"),
        reference_lowball.rank(first, "2-7"),
        reference_lowball.rank(first, "A-5"),
    ]
    assert result.stdout.split() == ["array", "H", *(f"[{a},{b}]" for a, b in (expected[:2], expected[2:]))]
