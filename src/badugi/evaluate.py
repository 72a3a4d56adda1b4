"""The fast evaluator: rank, rank_many, compare, evaluate, winners.

A thin layer over the compiled ``badugi._native``: every rank comes from one
table lookup in C. Nothing here falls back to Python; if the extension is
missing, importing badugi fails and says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from badugi.cards import Hand, card_rank, card_str, card_suit, parse_hand
from badugi.classes import class_of
from badugi.errors import InvalidHandError
from badugi.value import HandValue

try:
    from badugi._native import lib
except ImportError as exc:  # pragma: no cover - exercised only by broken installs
    raise ImportError(
        "badugi's compiled extension (badugi._native) is missing or failed to load; "
        "badugi has no pure-Python fallback. Reinstall it from its source directory with a C "
        "compiler available (python -m pip install --force-reinstall .), which builds the extension"
    ) from exc

from badugi._batch import rank_batch

# typing is not imported at run time: it alone would double the import time.
# mypy treats any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import Any, overload

    import numpy as np
    import numpy.typing as npt

__all__ = ["compare", "evaluate", "rank", "rank_many", "winners"]

_rank4 = lib.badugi_rank4
_rank_text = lib.badugi_rank_text


def _invalid(hand: Hand) -> InvalidHandError:
    """The error for a hand the C side refused, with a message naming the problem."""
    try:
        parse_hand(hand)
    except InvalidHandError as exc:
        return exc
    raise SystemError(f"badugi: C rejected {hand!r} but Python found nothing wrong")


def rank(hand: Hand) -> int:
    """Rank one hand: 1 is the best (A-2-3-4 badugi), 1092 the worst (a lone king).

    ``hand`` is a string ("Ah 2s 3d 4c", "Ah2s3d4c", "Ah,2s,3d,4c", "10h", "A♥"),
    a sequence of four card strings, or a sequence of four card ids
    (``4 * (rank - 1) + suit``, A=1..K=13, c,d,h,s = 0..3). Equal hands get
    equal numbers.

    Raises:
        InvalidHandError: wrong card count, duplicate card, unknown rank or
            suit, or an id outside 0..51.
    """
    # Hot paths first; every slow or failing case ends in parse_hand, which
    # names the problem. The C side re-checks range and duplicates itself.
    if type(hand) is str:
        text = hand.encode()
        r = _rank_text(text, len(text))
        if r < 0:  # C knows the common spellings only; Python knows them all
            r = _rank4(*parse_hand(hand))
    else:
        try:
            r = _rank4(*hand)  # four ints
        except (TypeError, OverflowError):
            r = _rank_sequence(hand)
    if r > 0:
        return r  # type: ignore[no-any-return]
    raise _invalid(hand)


def _rank_sequence(hand: Hand) -> int:
    """Rank a sequence that is not four ints: card strings go through the C parser."""
    if isinstance(hand, (list, tuple)) and all(type(card) is str for card in hand):
        text = " ".join(hand).encode()
        r: int = _rank_text(text, len(text))
        if r > 0:
            return r
    return _rank4(*parse_hand(hand))  # type: ignore[no-any-return]


def compare(a: Hand, b: Hand) -> int:
    """Compare two hands: 1 if ``a`` wins, -1 if ``b`` wins, 0 on a tie.

    Raises:
        InvalidHandError: either hand is invalid.
    """
    ra = rank(a)
    rb = rank(b)
    return (ra < rb) - (ra > rb)


def winners(hands: Sequence[Hand]) -> list[int]:
    """Indices of the best hands in ``hands``, all of them on a tie.

    Raises:
        InvalidHandError: no hands, or any hand is invalid.
    """
    if not hands:
        raise InvalidHandError("winners() needs at least one hand")
    ranks = [rank(h) for h in hands]
    best = min(ranks)
    return [i for i, r in enumerate(ranks) if r == best]


def evaluate(hand: Hand) -> HandValue:
    """The full value of a hand: rank, size, the counting cards and a name.

    Raises:
        InvalidHandError: the hand is invalid.
    """
    ids = parse_hand(hand)
    r = rank(ids)
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
    return rank_batch(cards, (4,), _badugi4_kernel)


_RANK_MANY = {"u8": lib.badugi_rank_many_u8, "i32": lib.badugi_rank_many_i32, "i64": lib.badugi_rank_many_i64}


def _badugi4_kernel(kind: str, width: int) -> Any:
    return _RANK_MANY[kind]
