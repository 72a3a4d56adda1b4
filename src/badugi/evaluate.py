"""The fast evaluator: rank, rank_many, compare, evaluate, winners.

A thin layer over the compiled ``badugi._native``: every rank comes from one
table lookup in C. Nothing here falls back to Python; if the extension is
missing, importing badugi fails and says so.
"""

from __future__ import annotations

import itertools
import sys
from array import array
from collections.abc import Iterable, Sequence

from badugi.cards import Hand, as_index, card_rank, card_str, card_suit, describe, hand_list, parse_hand
from badugi.classes import class_of
from badugi.errors import InvalidHandError
from badugi.value import HandValue

try:
    from badugi._native import ffi, lib
except ImportError as exc:  # pragma: no cover - exercised only by broken installs
    raise ImportError(
        "badugi's compiled extension (badugi._native) is missing or failed to load; "
        "badugi has no pure-Python fallback. Reinstall it from its source directory with a C "
        "compiler available (python -m pip install --force-reinstall .), which builds the extension"
    ) from exc

# typing is not imported at run time: it alone would double the import time.
# mypy treats any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, overload

    import numpy as np
    import numpy.typing as npt

__all__ = ["compare", "evaluate", "rank", "rank_many", "winners"]

if lib.badugi_install_python_fastpath() != 0:  # pragma: no cover - only a broken build
    raise ImportError("badugi's compiled extension could not attach its Python fast path")
from badugi._native import rank_object as _rank_object  # noqa: E402 - attached just above

_rank4 = lib.badugi_rank4


def rank(hand: Hand) -> int:
    """Rank one hand: 1 is the best (A-2-3-4 badugi), 1092 the worst (a lone king).

    ``hand`` is a string ("Ah 2s 3d 4c", "Ah2s3d4c", "Ah,2s,3d,4c", "10h", "A♥"),
    a sequence of four card strings (one card each), or a sequence of four card
    ids (``4 * (rank - 1) + suit``, A=1..K=13, c,d,h,s = 0..3). An id is an
    ``int`` or an object whose ``__index__`` gives one (numpy integers); a bool
    or a float is not an id. Equal hands get equal numbers.

    Raises:
        InvalidHandError: wrong card count, duplicate card, unknown rank or
            suit, an id outside 0..51, or something that is not a card.
    """
    # The hot path is C that sees the objects (csrc/pyfast.c): four exact ints in a
    # tuple or list, or text its parser reads. It returns 0 for anything else and for
    # any invalid hand; then parse_hand reads the hand once and names the problem.
    r = _rank_object(hand)
    if r:
        return r
    return _rank_parsed(parse_hand(hand))


def _rank_parsed(ids: tuple[int, int, int, int]) -> int:
    """Rank four ids that parse_hand has already checked."""
    r: int = _rank4(*ids)
    if r <= 0:  # pragma: no cover - parse_hand and the C checks disagree: a bug, never bad input
        raise AssertionError(f"badugi internal error: C rejected the checked hand {ids} ({r})")
    return r


def compare(a: Hand, b: Hand) -> int:
    """Compare two hands: 1 if ``a`` wins, -1 if ``b`` wins, 0 on a tie.

    Raises:
        InvalidHandError: either hand is invalid.
    """
    ra = rank(a)
    rb = rank(b)
    return (ra < rb) - (ra > rb)


def winners(hands: Iterable[Hand]) -> list[int]:
    """Indices of the best hands in ``hands`` (a sequence, or any iterable, read once), all of them on a tie.

    Raises:
        InvalidHandError: no hands, not a collection of hands, or any hand is invalid
            (the message says which).
    """
    ranks = []
    for i, hand in enumerate(hand_list(hands, "winners()")):
        try:
            ranks.append(rank(hand))
        except InvalidHandError as exc:
            raise InvalidHandError(f"hand {i}: {exc}") from None
    if not ranks:
        raise InvalidHandError("winners() needs at least one hand")
    best = min(ranks)
    return [i for i, r in enumerate(ranks) if r == best]


def evaluate(hand: Hand) -> HandValue:
    """The full value of a hand: rank, size, the counting cards and a name.

    Raises:
        InvalidHandError: the hand is invalid.
    """
    ids = parse_hand(hand)
    r = _rank_parsed(ids)
    size, ranks = class_of(r)
    # The rank fixes which ranks play; pick cards of those ranks in distinct
    # suits, trying lower ids first so the choice never depends on card order.
    by_rank = {want: sorted(c for c in ids if card_rank(c) == want) for want in ranks}
    for choice in itertools.product(*(by_rank[want] for want in ranks)):
        if len({card_suit(c) for c in choice}) == size:
            return HandValue(rank=r, size=size, cards=tuple(card_str(c) for c in choice))
    raise SystemError(f"badugi: no counting cards of class {ranks} in {hand!r}")


if TYPE_CHECKING:

    @overload
    def rank_many(cards: npt.NDArray[Any]) -> npt.NDArray[np.uint16]: ...
    @overload
    def rank_many(cards: Any) -> array[int]: ...


def rank_many(cards: Any) -> Any:
    """Rank many hands in one C call, which releases the GIL.

    ``cards`` is either

    * a numpy array of shape (N, 4) of card ids in any integer dtype, giving
      a numpy ``uint16`` array of N ranks, or
    * (numpy not needed) a flat buffer of 4N ``uint8`` ids such as ``bytes``,
      ``bytearray`` or ``array.array('B')``, or a sequence of N rows of 4 ids,
      giving ``array.array('H')`` of N ranks.

    Ids are range-checked before any narrowing: int64 257 is rejected, never
    wrapped to 1. C-contiguous ``uint8`` input is ranked without a copy.

    Raises:
        InvalidHandError: bad shape or dtype, or the first bad row, e.g.
            "row 17: id 52 out of range 0..51".
    """
    np_module = sys.modules.get("numpy")  # an ndarray implies numpy is imported
    if np_module is not None and isinstance(cards, np_module.ndarray):
        return _rank_many_numpy(np_module, cards)
    return _rank_many_buffer(cards)


def _row_error(row: int, ids: Sequence[int]) -> InvalidHandError:
    for cid in ids:
        if not 0 <= cid < 52:
            return InvalidHandError(f"row {row}: id {cid} out of range 0..51")
    try:
        parse_hand(list(ids))
    except InvalidHandError as exc:
        return InvalidHandError(f"row {row}: {exc}")
    raise SystemError(f"badugi: C rejected row {row} {list(ids)} but Python found nothing wrong")


def _rank_many_numpy(np: Any, cards: Any) -> Any:
    if cards.ndim != 2 or cards.shape[1] != 4:
        raise InvalidHandError(f"cards must have shape (N, 4), got {cards.shape}")
    if cards.dtype.kind not in "iu":
        raise InvalidHandError(f"cards must be an integer array, got dtype {cards.dtype}")
    n = cards.shape[0]
    out = np.empty(n, dtype=np.uint16)
    if cards.dtype == np.uint8:
        flat = np.ascontiguousarray(cards)
        kernel, ctype = lib.badugi_rank_many_u8, "uint8_t[]"
    elif cards.dtype.itemsize <= 4:
        # Every integer dtype of up to 4 bytes fits int32 losslessly, except
        # uint32 above 2**31, which becomes negative: still out of range, still
        # rejected. The C side checks each id before narrowing it.
        flat = np.ascontiguousarray(cards, dtype=np.int32)
        kernel, ctype = lib.badugi_rank_many_i32, "int32_t[]"
    else:
        # Likewise int64, and uint64 above 2**63 becomes negative.
        flat = np.ascontiguousarray(cards, dtype=np.int64)
        kernel, ctype = lib.badugi_rank_many_i64, "int64_t[]"
    _run_kernel(kernel, ffi.from_buffer(ctype, flat), n, out, lambda row: cards[row].tolist())
    return out


def _rank_many_buffer(cards: Any) -> array[int]:
    try:
        view = memoryview(cards)
    except TypeError:
        view = memoryview(_rows_to_bytes(cards))
    if view.itemsize != 1 or view.format not in ("B", "c"):
        raise InvalidHandError(
            f"a buffer of card ids must hold uint8 values, got format {view.format!r}; "
            "pass a numpy array for other integer types"
        )
    if not view.c_contiguous:
        view = memoryview(view.tobytes())
    view = view.cast("B")
    if view.nbytes % 4:
        raise InvalidHandError(f"a buffer of {view.nbytes} bytes is not a whole number of 4-card rows")
    n = view.nbytes // 4
    out = array("H", bytes(2 * n))
    _run_kernel(
        lib.badugi_rank_many_u8,
        ffi.from_buffer("uint8_t[]", view),
        n,
        out,
        lambda row: list(view[4 * row : 4 * row + 4]),
    )
    return out


def _row_ids(row: object) -> list[int] | None:
    """The ids of one row (at most five are read), or None if it is not a row of integers."""
    try:
        items = list(itertools.islice(row, 5))  # type: ignore[call-overload]
    except Exception:
        return None
    ids = [as_index(item) for item in items]
    return None if any(cid is None for cid in ids) else ids  # type: ignore[return-value]


def _rows_to_bytes(rows: Any) -> bytes:
    """Validate a sequence of 4-id rows in Python and pack it as uint8."""
    try:
        rows = list(rows)
    except TypeError:
        raise InvalidHandError(
            f"cards must be a numpy array, a uint8 buffer or a sequence of rows, got {type(rows).__name__}"
        ) from None
    packed = bytearray()
    for i, row in enumerate(rows):
        ids = _row_ids(row)
        if ids is None:
            raise InvalidHandError(f"row {i}: a row must be 4 integer card ids, got {describe(row)}")
        if len(ids) != 4:
            got = "more than 4" if len(ids) > 4 else str(len(ids))
            raise InvalidHandError(f"row {i}: expected 4 cards, got {got}")
        for cid in ids:
            if not 0 <= cid < 52:
                raise InvalidHandError(f"row {i}: id {cid} out of range 0..51")
        packed.extend(ids)
    return bytes(packed)


def _run_kernel(kernel: Any, cards_c: Any, n: int, out: Any, row_ids: Any) -> None:
    if n == 0:
        return
    bad_row = ffi.new("size_t *")
    status = kernel(cards_c, n, ffi.from_buffer("uint16_t[]", out, require_writable=True), bad_row)
    if status != 0:
        raise _row_error(bad_row[0], row_ids(bad_row[0]))
