"""Batch input shared by every ``rank_many``: numpy arrays, flat buffers, rows.

Each ``rank_many`` turns what it is given into contiguous ids for one C call
and names the first bad row if C refuses one. The rules are the same whatever
the row width (four cards for Badugi, five for the five-card scales):

* a numpy array of shape (N, width) in any integer dtype gives numpy
  ``uint16``; C-contiguous ``uint8`` is read in place, other dtypes are widened
  to int32 or int64 and range-checked in C before any narrowing (int64 257 is
  rejected, never wrapped to 1);
* without numpy, a flat buffer of ``width * N`` uint8 ids, or a sequence of N
  rows of ``width`` ids, gives ``array.array('H')``.

numpy is never imported here: an ndarray implies it already is.
"""

from __future__ import annotations

import itertools
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from badugi._native import ffi, lib
from badugi.cards import as_index, describe, parse_cards, quote
from badugi.errors import InvalidHandError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Kernel", "rank_batch"]

#: Picks the C batch function for an id type ("u8", "i32" or "i64") and a row
#: width; it is called as f(ids, rows, out, bad_row) and returns a status.
Kernel = Callable[[str, int], Callable[..., int]]


def _widths_text(widths: Sequence[int]) -> str:
    return " or ".join(f"(N, {w})" for w in widths)


def rank_batch(
    cards: Any, widths: Sequence[int], kernel: Kernel, columns: int | None = None, width: int | None = None
) -> Any:
    """Rank a batch of hands of one of ``widths`` cards each through ``kernel``.

    ``columns`` is None for one rank per row (a 1-D result), or k for k ranks
    per row (an (N, k) numpy array, or a flat row-major ``array('H')``).
    ``width`` fixes the row width when it cannot be seen from ``cards`` (a flat
    buffer for a kernel that takes more than one width).

    Raises:
        InvalidHandError: bad shape or dtype, or the first bad row.
    """
    if width is not None and (type(width) is not int or width not in widths):
        raise InvalidHandError(f"cards per hand must be {' or '.join(map(str, widths))}, got {quote(width)}")
    np_module = sys.modules.get("numpy")
    if np_module is not None and isinstance(cards, np_module.ndarray):
        return _rank_numpy(np_module, cards, widths if width is None else (width,), kernel, columns)
    return _rank_buffer(cards, widths if width is None else (width,), kernel, columns)


def _row_error(row: int, ids: Sequence[int]) -> InvalidHandError:
    for cid in ids:
        if not 0 <= cid < 52:
            return InvalidHandError(f"row {row}: id {quote(cid)} out of range 0..51")
    try:
        parse_cards(list(ids))
    except InvalidHandError as exc:
        return InvalidHandError(f"row {row}: {exc}")
    raise SystemError(f"badugi: C rejected row {row} {list(ids)} but Python found nothing wrong")


def _rank_numpy(np: Any, cards: Any, widths: Sequence[int], kernel: Kernel, columns: int | None) -> Any:
    if cards.ndim != 2 or cards.shape[1] not in widths:
        raise InvalidHandError(f"cards must have shape {_widths_text(widths)}, got {cards.shape}")
    if cards.dtype.kind not in "iu":
        raise InvalidHandError(f"cards must be an integer array, got dtype {cards.dtype}")
    n, width = cards.shape
    out = np.empty(n if columns is None else (n, columns), dtype=np.uint16)
    if cards.dtype == np.uint8:
        flat = np.ascontiguousarray(cards)
        kind, ctype = "u8", "uint8_t[]"
    elif cards.dtype.itemsize <= 4:
        # Every integer dtype of up to 4 bytes fits int32 losslessly, except
        # uint32 above 2**31, which becomes negative: still out of range, still
        # rejected. The C side checks each id before narrowing it.
        flat = np.ascontiguousarray(cards, dtype=np.int32)
        kind, ctype = "i32", "int32_t[]"
    else:
        # Likewise int64, and uint64 above 2**63 becomes negative.
        flat = np.ascontiguousarray(cards, dtype=np.int64)
        kind, ctype = "i64", "int64_t[]"
    _run(kernel(kind, width), ffi.from_buffer(ctype, flat), n, out, lambda row: cards[row].tolist())
    return out


def _rank_buffer(cards: Any, widths: Sequence[int], kernel: Kernel, columns: int | None) -> array[int]:
    try:
        view = memoryview(cards)
    except TypeError:
        packed, width = _rows_to_bytes(cards, widths)
        view = memoryview(packed)
    else:
        if len(widths) != 1:
            raise InvalidHandError(
                f"a flat buffer of card ids needs cards per hand given ({' or '.join(map(str, widths))})"
            )
        width = widths[0]
    if view.itemsize != 1 or view.format not in ("B", "c"):
        raise InvalidHandError(
            f"a buffer of card ids must hold uint8 values, got format {view.format!r}; "
            "pass a numpy array for other integer types"
        )
    if not view.c_contiguous:
        view = memoryview(view.tobytes())
    view = view.cast("B")
    if view.nbytes % width:
        raise InvalidHandError(f"a buffer of {view.nbytes} bytes is not a whole number of {width}-card rows")
    n = view.nbytes // width
    out = array("H", bytes(2 * n * (columns or 1)))
    _run(
        kernel("u8", width),
        ffi.from_buffer("uint8_t[]", view),
        n,
        out,
        lambda row: list(view[width * row : width * row + width]),
    )
    return out


def _row_ids(row: object, most: int) -> list[int] | None:
    """The ids of one row (at most ``most + 1`` items are read), or None if it is not a row of integers."""
    if isinstance(row, (str, bytes, bytearray)):
        return None
    try:
        items = list(itertools.islice(row, most + 1))  # type: ignore[call-overload]
    except Exception:
        return None
    ids = [as_index(item) for item in items]
    return None if any(cid is None for cid in ids) else ids  # type: ignore[return-value]


def _rows_to_bytes(rows: Any, widths: Sequence[int]) -> tuple[bytes, int]:
    """Validate a sequence of rows in Python and pack it as uint8; the first row sets the width."""
    if isinstance(rows, (str, AbstractSet, Mapping)):  # text is not rows; a set or mapping has no order
        raise InvalidHandError(
            f"cards must be a numpy array, a uint8 buffer or a sequence of rows, got {describe(rows)}"
        )
    try:
        rows = list(rows)
    except Exception:
        raise InvalidHandError(
            f"cards must be a numpy array, a uint8 buffer or a sequence of rows, got {describe(rows)}"
        ) from None
    packed = bytearray()
    width = widths[0]
    most = max(widths)
    for i, row in enumerate(rows):
        ids = _row_ids(row, most)
        if ids is None:
            sizes = " or ".join(map(str, widths))
            raise InvalidHandError(f"row {i}: a row must be {sizes} integer card ids, got {describe(row)}")
        if i == 0 and len(ids) in widths:
            width = len(ids)
        if len(ids) != width:
            got = f"more than {most}" if len(ids) > most else str(len(ids))
            raise InvalidHandError(f"row {i}: expected {width} cards, got {got}")
        for cid in ids:
            if not 0 <= cid < 52:
                raise InvalidHandError(f"row {i}: id {quote(cid)} out of range 0..51")
        packed.extend(ids)
    return bytes(packed), width


def _run(function: Callable[..., int], cards_c: Any, n: int, out: Any, row_ids: Any) -> None:
    if n == 0:
        return
    bad_row = ffi.new("size_t *")
    status = function(cards_c, n, ffi.from_buffer("uint16_t[]", out, require_writable=True), bad_row)
    if status in (lib.BADUGI_E_RANGE, lib.BADUGI_E_DUPLICATE):
        raise _row_error(bad_row[0], row_ids(bad_row[0]))
    if status != 0:
        message = ffi.string(lib.badugi_strerror(status)).decode()
        raise SystemError(f"badugi: the C batch call failed: {message}")
