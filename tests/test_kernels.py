"""Every batch kernel compiled in (scalar, SSE2, AVX2) gives identical results and errors.

badugi.rank_many uses the best kernel for the CPU; these tests drive each one
directly through the C API, so the kernels the CI machine does not pick by
default are still checked.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

from badugi._native import ffi, lib
from badugi.references import badugi4 as reference

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


# ---- The five-card scales: every kernel, alone and fused, on every hand ----

SCALE_CODES = {
    "badugi": lib.BADUGI_SCALE_BADUGI,
    "badugi-ace-high": lib.BADUGI_SCALE_BADUGI_ACE_HIGH,
    "2-7": lib.BADUGI_SCALE_LOW_27,
    "A-5": lib.BADUGI_SCALE_LOW_A5,
}


def run_scales(kernel: int, scales: list[str], cards: np.ndarray) -> tuple[int, int, np.ndarray]:
    """(status, bad_row, ranks (N, k)) from one kernel of the fused batch; unwritten ranks stay 0."""
    cards = np.ascontiguousarray(cards, dtype=np.uint8)
    out = np.zeros((len(cards), len(scales)), dtype=np.uint16)
    bad_row = ffi.new("size_t *", 999_999)
    status = lib.badugi_rank_many_on_u8_with(
        kernel,
        ffi.new("int32_t[]", [SCALE_CODES[s] for s in scales]),
        len(scales),
        cards.shape[1],
        ffi.from_buffer("uint8_t[]", cards),
        len(cards),
        ffi.from_buffer("uint16_t[]", out, require_writable=True),
        bad_row,
    )
    return status, bad_row[0], out


def expected_five(scale: str) -> np.ndarray:
    from tests.five_card_hands import expected_badugi, expected_low  # noqa: PLC0415 - only the slow tests need it

    if scale.startswith("badugi"):
        return expected_badugi(aces_high=scale == "badugi-ace-high")
    return expected_low(scale)


@cache
def _every_five_card_hand_shuffled() -> np.ndarray:
    """Every five-card hand, its cards in an order of their own: made once for the tests ranking them."""
    from tests.five_card_hands import all_hands  # noqa: PLC0415 - only the slow tests need it

    rng = np.random.default_rng(5)
    hands = all_hands()
    shuffled = np.take_along_axis(hands, np.argsort(rng.random(hands.shape), axis=1), axis=1)
    shuffled.flags.writeable = False  # shared by every test that ranks them
    return shuffled


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KERNELS))
@pytest.mark.parametrize(
    "scales",
    [["badugi"], ["badugi-ace-high"], ["2-7"], ["A-5"], ["badugi-ace-high", "2-7"], ["badugi", "A-5"]],
)
def test_scale_kernel_ranks_every_five_card_hand(name: str, scales: list[str]) -> None:
    kernel = available(name)
    status, _, out = run_scales(kernel, scales, _every_five_card_hand_shuffled())
    assert status == 0
    for j, scale in enumerate(scales):
        assert np.array_equal(out[:, j], expected_five(scale)), f"{name} kernel, {scale}"


FIVES = np.array([np.random.default_rng(6).permutation(52)[:5] for _ in range(45)], dtype=np.uint8)


@pytest.mark.parametrize("name", list(KERNELS))
@pytest.mark.parametrize("bad_at", [0, 1, 7, 8, 9, 15, 16, 17, 31, 38])
@pytest.mark.parametrize(
    ("value", "code"), [(52, "BADUGI_E_RANGE"), (255, "BADUGI_E_RANGE"), (None, "BADUGI_E_DUPLICATE")]
)
@pytest.mark.parametrize("scales", [["2-7"], ["A-5"], ["badugi"], ["badugi-ace-high", "2-7"]])
def test_scale_kernel_stops_at_the_first_bad_row(
    name: str, bad_at: int, value: int | None, code: str, scales: list[str]
) -> None:
    kernel = available(name)
    _, _, expected = run_scales(lib.BADUGI_KERNEL_SCALAR, scales, FIVES)
    cards = FIVES.copy()
    cards[bad_at, 3] = cards[bad_at, 1] if value is None else value
    cards[bad_at + 1 :, 0] = 200  # later rows are bad too; the first must win
    status, bad_row, out = run_scales(kernel, scales, cards)
    assert (status, bad_row) == (getattr(lib, code), bad_at)
    assert np.array_equal(out[:bad_at], expected[:bad_at])
    assert not out[bad_at:].any()


def test_scale_batch_refuses_bad_scales_widths_and_kernels() -> None:
    cards = FIVES[:4]
    assert run_scales(99, ["2-7"], cards)[0] == lib.BADUGI_E_KERNEL
    bad_row = ffi.new("size_t *")
    out = ffi.new("uint16_t[]", 64)
    ids = ffi.from_buffer("uint8_t[]", np.ascontiguousarray(cards))
    for scales, k, width, want in [
        ([7], 1, 5, "BADUGI_E_SCALE"),
        ([-1], 1, 5, "BADUGI_E_SCALE"),
        ([2], 0, 5, "BADUGI_E_SCALE"),
        ([2] * 17, 17, 5, "BADUGI_E_SCALE"),
        ([2], 1, 4, "BADUGI_E_COUNT"),
        ([0, 3], 2, 4, "BADUGI_E_COUNT"),
        ([0], 1, 6, "BADUGI_E_COUNT"),
        ([0], 1, 0, "BADUGI_E_COUNT"),
    ]:
        status = lib.badugi_rank_many_on_u8(ffi.new("int32_t[]", scales), k, width, ids, 4, out, bad_row)
        assert status == getattr(lib, want), (scales, k, width)
    assert lib.badugi_rank_many_on_u8(ffi.NULL, 1, 5, ids, 4, out, bad_row) == lib.BADUGI_E_NULL
    two = ffi.new("int32_t[]", [2])
    assert lib.badugi_rank_many_on_u8(two, 1, 5, ffi.NULL, 4, out, bad_row) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_many_on_i64(two, 1, 5, ffi.NULL, 4, out, bad_row) == lib.BADUGI_E_NULL
    wide = ffi.new("int32_t[]", 20)
    assert lib.badugi_rank_many_on_i32(two, 1, 5, wide, 4, ffi.NULL, bad_row) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_many_on_u8(two, 1, 5, ffi.NULL, 0, ffi.NULL, ffi.NULL) == 0
    assert ffi.string(lib.badugi_strerror(lib.BADUGI_E_SCALE)).decode().startswith("unknown scale")


def test_scalar_entry_points_refuse_bad_scales_and_counts() -> None:
    assert lib.badugi_rank5(4, 0, 4, 8, 12, 16) == lib.BADUGI_E_SCALE
    assert lib.badugi_rank5(-1, 0, 4, 8, 12, 16) == lib.BADUGI_E_SCALE
    assert lib.badugi_rank5(2, 0, 4, 8, 12, 52) == lib.BADUGI_E_RANGE
    assert lib.badugi_rank5(2, 0, 4, 8, 12, 255) == lib.BADUGI_E_RANGE
    assert lib.badugi_rank5(1, 0, 4, 8, 12, 0) == lib.BADUGI_E_DUPLICATE
    assert lib.badugi_rank4_on(2, 0, 4, 8, 12) == lib.BADUGI_E_COUNT
    assert lib.badugi_rank4_on(5, 0, 4, 8, 12) == lib.BADUGI_E_SCALE
    assert lib.badugi_rank4_on(1, 0, 4, 8, 52) == lib.BADUGI_E_RANGE
    assert lib.badugi_rank_text_on(2, b"7s 5h 4d 3c", 11) == lib.BADUGI_E_COUNT
    assert lib.badugi_rank_text_on(2, b"7s 5h 4d 3c 2s 8h", 17) == lib.BADUGI_E_COUNT
    assert lib.badugi_rank_text_on(2, b"7s 5h 4d 3c 2s", 14) == 1
    assert lib.badugi_rank_text_on(2, ffi.NULL, 3) == lib.BADUGI_E_NULL
    assert lib.badugi_rank_text_on(9, b"7s 5h 4d 3c 2s", 14) == lib.BADUGI_E_SCALE
    assert [lib.badugi_scale_worst(s) for s in range(-1, 5)] == [
        lib.BADUGI_E_SCALE,
        1092,
        1092,
        7462,
        6175,
        -7,
    ]
