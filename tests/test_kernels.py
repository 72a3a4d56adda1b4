"""Every batch kernel compiled in (scalar, SSE2, AVX2) gives identical results and errors.

badugi.rank_many uses the best kernel for the CPU; these tests drive each one
directly through the C API, so the kernels the CI machine does not pick by
default are still checked.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from badugi import reference
from badugi._native import ffi, lib

KERNELS = {
    "scalar": lib.BADUGI_KERNEL_SCALAR,
    "sse2": lib.BADUGI_KERNEL_SSE2,
    "avx2": lib.BADUGI_KERNEL_AVX2,
}
ALL_HANDS = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)


def run(kernel: int, cards: np.ndarray) -> tuple[int, int, np.ndarray]:
    """(status, bad_row, ranks) from one kernel; unwritten ranks stay 0."""
    cards = np.ascontiguousarray(cards, dtype=np.uint8)
    out = np.zeros(len(cards), dtype=np.uint16)
    bad_row = ffi.new("size_t *", 999_999)
    status = lib.badugi_rank_many_u8_with(
        kernel,
        ffi.from_buffer("uint8_t[]", cards),
        len(cards),
        ffi.from_buffer("uint16_t[]", out, require_writable=True),
        bad_row,
    )
    return status, bad_row[0], out


def available(name: str) -> int:
    kernel = KERNELS[name]
    status, _, _ = run(kernel, ALL_HANDS[:1])
    if status == lib.BADUGI_E_KERNEL:
        pytest.skip(f"{name} kernel not available on this CPU or build")
    return kernel


@pytest.fixture(scope="module")
def expected() -> np.ndarray:
    status, _, out = run(KERNELS["scalar"], ALL_HANDS)
    assert status == 0
    sample = range(0, len(ALL_HANDS), 997)
    assert [int(out[i]) for i in sample] == [reference.rank_ids(ALL_HANDS[i].tolist()) for i in sample]
    return out


@pytest.mark.parametrize("name", list(KERNELS))
def test_kernel_ranks_every_hand(name: str, expected: np.ndarray) -> None:
    kernel = available(name)
    rng = np.random.default_rng(3)
    order = rng.permutation(len(ALL_HANDS))
    # Shuffle the cards within each row too: the kernels must sort them.
    within_rows = np.argsort(rng.random((len(order), 4)), axis=1)
    shuffled = np.take_along_axis(ALL_HANDS[order], within_rows, axis=1)
    status, _, out = run(kernel, shuffled)
    assert status == 0
    assert np.array_equal(out, expected[order])


@pytest.mark.parametrize("name", list(KERNELS))
@pytest.mark.parametrize("bad_at", [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 38])
@pytest.mark.parametrize(
    ("value", "code"), [(52, "BADUGI_E_RANGE"), (255, "BADUGI_E_RANGE"), (None, "BADUGI_E_DUPLICATE")]
)
def test_kernel_stops_at_the_first_bad_row(
    name: str, bad_at: int, value: int | None, code: str, expected: np.ndarray
) -> None:
    kernel = available(name)
    cards = ALL_HANDS[1000:1039].copy()
    cards[bad_at, 2] = cards[bad_at, 0] if value is None else value
    cards[bad_at + 1 :, 1] = 200  # later rows are bad too; the first must win
    status, bad_row, out = run(kernel, cards)
    assert (status, bad_row) == (getattr(lib, code), bad_at)
    assert np.array_equal(out[:bad_at], expected[1000 : 1000 + bad_at])


def test_unknown_kernel_is_refused() -> None:
    status, _, _ = run(99, ALL_HANDS[:4])
    assert status == lib.BADUGI_E_KERNEL
    assert (
        ffi.string(lib.badugi_strerror(status)).decode() == "batch kernel not available on this CPU or build"
    )


def test_null_pointers_are_refused() -> None:
    bad_row = ffi.new("size_t *")
    assert lib.badugi_rank_many_u8(ffi.NULL, 4, ffi.NULL, bad_row) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_many_i64(ffi.NULL, 4, ffi.NULL, bad_row) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_many_i32(ffi.NULL, 4, ffi.NULL, bad_row) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_text(ffi.NULL, 5) == lib.BADUGI_E_NULL


def test_best_kernel_is_one_of_them() -> None:
    assert lib.badugi_best_kernel() in KERNELS.values()
