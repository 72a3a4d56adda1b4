"""The fast evaluator: rank, rank_many, compare, evaluate, winners.

A thin layer over the compiled ``badugi._native``: every rank comes from one
table lookup in C. Nothing here falls back to Python; if the extension is
missing, importing badugi fails and says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from badugi._fields import trusted
from badugi.cards import HandLike, card_rank, card_str, card_suit, check_one_deck, hand_list, parse_hand
from badugi.classes import class_of
from badugi.errors import InvalidHandError
from badugi.ranking.value import HandValue

try:
    from badugi._native import lib
except ImportError as exc:  # pragma: no cover - exercised only by broken installs
    raise ImportError(
        "badugi's compiled extension (badugi._native) is missing or failed to load; "
        "badugi has no pure-Python fallback. Reinstall it from its source directory with a C "
        "compiler available (python -m pip install --force-reinstall .), which builds the extension"
    ) from exc

from badugi.ranking._batch import rank_batch

# typing is not imported at run time: it alone would double the import time.
# mypy treats any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import Any, overload

    import numpy as np
    import numpy.typing as npt

__all__ = ["compare", "evaluate", "rank", "rank_many", "winners"]

if lib.badugi_install_python_fastpath() != 0:  # pragma: no cover - only a broken build
    raise ImportError("badugi's compiled extension could not attach its Python fast path")
from badugi._native import rank_object as _rank_object  # noqa: E402 - attached just above

_rank4 = lib.badugi_rank4


def rank(hand: HandLike) -> int:
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
    # The hot path is C that sees the objects (csrc/ranking/pyfast.c): four exact ints in a
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


def compare(a: HandLike, b: HandLike) -> int:
    """Compare two hands dealt from one deck: 1 if ``a`` wins, -1 if ``b`` wins, 0 on a tie.

    As at a showdown, no card may be in both hands; to order hands that could
    not be dealt together (two ways to play one hand, say), compare their ranks.

    Raises:
        InvalidHandError: either hand is invalid, or a card is in both.
    """
    ia, ib = parse_hand(a), parse_hand(b)
    check_one_deck((ia, ib), ("hand a", "hand b"))
    ra, rb = _rank_parsed(ia), _rank_parsed(ib)
    return (ra < rb) - (ra > rb)


def winners(hands: Iterable[HandLike]) -> list[int]:
    """Indices of the best hands in ``hands`` (a sequence, or any iterable, read once), all of them on a tie.

    The hands are dealt from one deck, as at a showdown: no card may be in two of them.

    Raises:
        InvalidHandError: no hands, not a collection of hands, any hand is invalid
            (the message says which), or a card in two hands.
    """
    parsed = []
    for i, hand in enumerate(hand_list(hands, "winners")):
        try:
            parsed.append(parse_hand(hand))
        except InvalidHandError as exc:
            raise InvalidHandError(f"hand {i}: {exc}") from None
    check_one_deck(parsed)
    ranks = [_rank_parsed(ids) for ids in parsed]
    if not ranks:
        raise InvalidHandError("winners needs at least one hand")
    best = min(ranks)
    return [i for i, r in enumerate(ranks) if r == best]


def evaluate(hand: HandLike) -> HandValue:
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
            return trusted(HandValue, rank=r, size=size, cards=tuple(card_str(c) for c in choice))
    raise AssertionError(f"badugi internal error: no counting cards of class {ranks} in {ids}")


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
