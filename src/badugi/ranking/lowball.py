"""Five-card lows: deuce-to-seven (``"2-7"``) and ace-to-five (``"A-5"``).

>>> from badugi.ranking import lowball
>>> lowball.rank("7s 5h 4d 3c 2s", "2-7")   # the best 2-7 hand
1
>>> lowball.rank("5s 4h 3d 2c As", "A-5")   # the best A-5 hand
1
>>> str(lowball.evaluate("As 5h 4d 3c 2s", "2-7"))   # no straight in 2-7: ace-high
'A-5-4-3-2'

Deuce-to-seven ranks 1..7,462: the ace is high only, straights and flushes
count against the hand, and A-5-4-3-2 is no straight but ace-high (it beats any
pair and loses to K-5-4-3-2). Ace-to-five ranks 1..6,175: the ace is low,
straights and flushes do not count, pairs do (A-A-7-6-5 beats 2-2-5-4-3).
Equal hands get equal numbers; 1 is the best hand. Names are in
``badugi.ranking.low_names``; the scales themselves are ``badugi.ranking.scales.LOW_27`` and
``badugi.ranking.scales.LOW_A5``.
"""

from __future__ import annotations

from badugi._native import rank_low_object as _rank_low_object
from badugi.cards import quote
from badugi.errors import InvalidHandError
from badugi.ranking.scales import LOW_27, LOW_A5, Scale, rank_on

TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import Any, overload

    import numpy as np
    import numpy.typing as npt

    from badugi.cards import HandLike
    from badugi.ranking.scale_value import ScaleValue

__all__ = ["evaluate", "rank", "rank_many"]

_LOWS: dict[object, Scale] = {"2-7": LOW_27, "A-5": LOW_A5}
_FIVE = (5,)


def _scale(scale: object) -> Scale:
    try:
        return _LOWS[scale]
    except (KeyError, TypeError):
        if scale is LOW_27 or scale is LOW_A5:
            return scale
        raise InvalidHandError(f"unknown scale {quote(scale)}: choose '2-7' or 'A-5'") from None


def rank(hand: HandLike, scale: str) -> int:
    """Rank five cards on ``scale`` ("2-7" or "A-5"): 1 is the best hand.

    ``hand`` is a string ("7s 5h 4d 3c 2s"), five card strings or five ids.

    Raises:
        InvalidHandError: an unknown scale, not five cards ("expected 5 cards,
            got 4"), a duplicate card, unknown text, or an id outside 0..51.
    """
    # C reads five exact ints or text on "2-7" or "A-5" (csrc/ranking/pyfast.c) and
    # returns 0 for anything else; the slow path then names the problem.
    r: int = _rank_low_object(hand, scale)
    if r:
        return r
    return rank_on(_scale(scale)._code, _FIVE, hand)


if TYPE_CHECKING:

    @overload
    def rank_many(cards: npt.NDArray[Any], scale: str) -> npt.NDArray[np.uint16]: ...
    @overload
    def rank_many(cards: Any, scale: str) -> array[int]: ...


def rank_many(cards: Any, scale: str) -> Any:
    """Rank many five-card hands on ``scale`` in one C call, which releases the GIL.

    ``cards`` takes the forms of ``badugi.rank_many`` with rows of five: a
    numpy array of shape (N, 5) in any integer dtype (giving numpy ``uint16``),
    or a flat buffer of 5N ``uint8`` ids or a sequence of rows of five ids
    (giving ``array.array('H')``). Ids are range-checked before any narrowing.

    Raises:
        InvalidHandError: an unknown scale, bad shape or dtype, or the first bad
            row, e.g. "row 17: id 52 out of range 0..51".
    """
    return _scale(scale).rank_many(cards)


def evaluate(hand: HandLike, scale: str) -> ScaleValue:
    """The value of five cards on ``scale``: rank, the cards in the order they compare, and a name.

    Names on 2-7: "8-6-5-4-2", "A-5-4-3-2", "pair of 2s", "two pair, 8s and 3s",
    "three 7s", "7-high straight", "flush, K-9-6-4-3", "full house, 7s over
    2s", "four 7s", "7-high straight flush". On A-5 the same, with the ace
    lowest ("5-4-3-2-A", "pair of aces") and no straights or flushes.

    Raises:
        InvalidHandError: as ``rank``.
    """
    return _scale(scale).evaluate(hand)
