"""The scales hands are ranked on: one immutable ``Scale`` object per scale.

=====================  =====  ======  ==============================================
scale                  cards  worst   1 is
=====================  =====  ======  ==============================================
``BADUGI``             4, 5   1,092   A-2-3-4 of four suits (the best four of five)
``BADUGI_ACE_HIGH``    4, 5   1,092   5-4-3-2 of four suits; A-K-Q-J is the worst badugi
``LOW_27``             5      7,462   7-5-4-3-2, not all one suit (deuce-to-seven)
``LOW_A5``             5      6,175   5-4-3-2-A (ace-to-five)
=====================  =====  ======  ==============================================

On every scale 1 is the best hand, equal hands share a number and the numbers
are dense. Each scale ranks one hand (``rank``), a batch (``rank_many``),
names a rank (``describe``) and values a hand (``evaluate``, a
``ScaleValue``); ``rank_many_on`` ranks a batch on several scales in one C
pass. Scales pickle and copy to the same object.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence, Set
from functools import cache
from typing import Any

from badugi._fields import trusted
from badugi._frozen import Frozen
from badugi._native import ffi, lib, rank_on_object
from badugi.cards import RANK_NAMES, as_index, card_rank, card_str, card_suit, describe, parse_cards, quote
from badugi.classes import class_of
from badugi.errors import InvalidHandError
from badugi.ranking import four_card  # noqa: F401 - attaches the Python fast paths to badugi._native first
from badugi.ranking._batch import Kernel, rank_batch
from badugi.ranking.low_names import low_name, read_order
from badugi.ranking.scale_value import ScaleValue, register_scale

TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import overload

    import numpy as np
    import numpy.typing as npt

    from badugi.cards import HandLike

__all__ = ["BADUGI", "BADUGI_ACE_HIGH", "LOW_27", "LOW_A5", "SCALES", "Scale", "by_name", "rank_many_on"]

_rank_on_object = rank_on_object
_rank5 = lib.badugi_rank5
_rank4_on = lib.badugi_rank4_on
_BATCH = {
    "u8": lib.badugi_rank_many_on_u8,
    "i32": lib.badugi_rank_many_on_i32,
    "i64": lib.badugi_rank_many_on_i64,
}


def rank_on(code: int, sizes: tuple[int, ...], hand: HandLike) -> int:
    """Rank one hand on the scale with this C code."""
    # The hot path is C that sees the objects (csrc/ranking/pyfast.c): four or five
    # exact ints in a tuple or list, or text. It returns 0 for anything else and
    # any invalid hand; then hand_ids reads the hand once and names the problem.
    r: int = _rank_on_object(hand, code)
    if r:
        return r
    return _rank_on(code, hand_ids(hand, sizes))


def hand_ids(hand: HandLike, sizes: tuple[int, ...]) -> list[int]:
    """The ids of a hand in any accepted form, checked to be one of ``sizes`` distinct cards.

    Raises:
        InvalidHandError: names the problem ("expected 5 cards, got 4", "duplicate card Ah", ...).
    """
    # With one size, parse_cards reads at most one card too many and names the count.
    ids = parse_cards(hand, count=sizes[0] if len(sizes) == 1 else None)
    if len(ids) not in sizes:
        raise InvalidHandError(f"expected {' or '.join(map(str, sizes))} cards, got {len(ids)}")
    return ids


def _rank_on(code: int, ids: list[int]) -> int:
    r: int = _rank5(code, *ids) if len(ids) == 5 else _rank4_on(code, *ids)
    if r > 0:
        return r
    raise SystemError(
        f"badugi: C refused {ids} on scale {code}: {ffi.string(lib.badugi_strerror(r)).decode()}"
    )


class _LibraryScales(type):
    """The four scales are the only ones: once they are made, ``Scale(...)`` gives one of them back.

    A scale is a table in the C library, so a caller cannot make a new one;
    ``Scale(name, code, sizes)`` with exactly a library scale's fields is that
    scale (the same object, as pickle gives), anything else is refused.
    """

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if _BY_NAME:
            return _library_scale(*args, **kwargs)
        return super().__call__(*args, **kwargs)


class Scale(Frozen, metaclass=_LibraryScales):
    """One scale: how many cards it ranks, its worst rank, and how to rank and name hands.

    There are four, ``BADUGI``, ``BADUGI_ACE_HIGH``, ``LOW_27`` and ``LOW_A5``;
    ``Scale(name, code, sizes)`` gives back the one with exactly these fields
    and raises ``InvalidHandError`` for anything else.

    Attributes:
        name: "badugi", "badugi-ace-high", "2-7" or "A-5".
        sizes: the hand sizes it ranks, e.g. (4, 5) or (5,).
        worst: the worst rank; 1 is the best.
    """

    __slots__ = ("_batch", "_code", "name", "sizes", "worst")

    name: str
    sizes: tuple[int, ...]
    worst: int
    _code: int
    _batch: Kernel

    def __init__(self, name: str, code: int, sizes: tuple[int, ...]) -> None:
        self._set(name=name, _code=code, sizes=sizes, worst=lib.badugi_scale_worst(code))
        self._set(_batch=_scales_kernel((code,)))

    def __repr__(self) -> str:
        return f"badugi.ranking.scales.{_CONSTANT_NAMES[self.name]}"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return by_name, (self.name,)

    def __copy__(self) -> Scale:
        return self

    def __deepcopy__(self, memo: object) -> Scale:
        return self

    def rank(self, hand: HandLike) -> int:
        """Rank one hand: 1 is the best, ``worst`` the worst; equal hands get equal numbers.

        ``hand`` is a string ("7s 5h 4d 3c 2s"), a sequence of card strings or of ids.

        Raises:
            InvalidHandError: a card count the scale does not rank, a duplicate card,
                unknown text, or an id outside 0..51.
        """
        return rank_on(self._code, self.sizes, hand)

    if TYPE_CHECKING:

        @overload
        def rank_many(
            self, cards: npt.NDArray[Any], cards_per_hand: int | None = None
        ) -> npt.NDArray[np.uint16]: ...
        @overload
        def rank_many(self, cards: Any, cards_per_hand: int | None = None) -> array[int]: ...

    def rank_many(self, cards: Any, cards_per_hand: int | None = None) -> Any:
        """Rank many hands in one C call, which releases the GIL.

        ``cards`` takes the forms of ``badugi.rank_many`` with rows of the
        scale's sizes: a numpy array of shape (N, 5) (or (N, 4) on a Badugi
        scale) in any integer dtype gives numpy ``uint16``; a flat ``uint8``
        buffer or a sequence of rows gives ``array.array('H')``. A flat buffer
        on a scale that ranks four or five cards needs ``cards_per_hand``.

        Raises:
            InvalidHandError: bad shape or dtype, or the first bad row.
        """
        return rank_batch(cards, self.sizes, self._batch, width=_width(cards_per_hand))

    def describe(self, rank: int) -> str:
        """The name of a rank on this scale, e.g. "8-6-5-4-2" or "three-card Q-10-8".

        Raises:
            InvalidHandError: the rank is not an int in 1..worst.
        """
        number = as_index(rank)
        if number is None or not 1 <= number <= self.worst:
            raise InvalidHandError(f"a rank on {self.name} is an int in 1..{self.worst}, got {quote(rank)}")
        return self._describe(int(number))

    def evaluate(self, hand: HandLike) -> ScaleValue:
        """The value of a hand on this scale: rank, counting cards and name.

        Raises:
            InvalidHandError: as ``rank``.
        """
        ids = hand_ids(hand, self.sizes)
        r = _rank_on(self._code, ids)
        cards = tuple(card_str(c) for c in self._counting(ids, r))
        return trusted(ScaleValue, scale=self.name, rank=r, cards=cards, name=self._describe(r))

    def _describe(self, rank: int) -> str:
        raise NotImplementedError

    def _counting(self, ids: list[int], rank: int) -> list[int]:
        raise NotImplementedError

    def _counts(self, ids: tuple[int, ...], rank: int) -> bool:
        """Whether distinct ``ids`` are the counting cards of this rank, in the order ``evaluate`` gives."""
        raise NotImplementedError


def _width(cards_per_hand: object) -> Any:
    """``cards_per_hand`` as a plain int if it is an integer (numpy's too); else as given, to be refused."""
    number = None if cards_per_hand is None else as_index(cards_per_hand)
    return cards_per_hand if number is None else int(number)


_SIZE_WORDS = {3: "three-card", 2: "two-card", 1: "one-card"}


class _BadugiScale(Scale):
    """A Badugi scale: the best four-card group, the ace low or high."""

    __slots__ = ("_rank_of_place",)

    _rank_of_place: tuple[int, ...]

    def __init__(self, name: str, code: int, aces_high: bool) -> None:
        super().__init__(name, code, (4, 5))
        # classes.class_of numbers places 1..13 from the lowest rank up; this
        # gives the card rank (A=1..K=13) in each place.
        places = (*range(2, 14), 1) if aces_high else tuple(range(1, 14))
        self._set(_rank_of_place=(0, *places))

    def _describe(self, rank: int) -> str:
        size, places = class_of(rank)
        spelled = "-".join(RANK_NAMES[self._rank_of_place[p] - 1] for p in places)
        return f"{spelled} badugi" if size == 4 else f"{_SIZE_WORDS[size]} {spelled}"

    def _counting(self, ids: list[int], rank: int) -> list[int]:
        size, places = class_of(rank)
        wanted = [self._rank_of_place[p] for p in places]
        # Cards of the counting ranks in distinct suits, lower ids first, so
        # the choice never depends on the order the cards were given in.
        by_rank = [sorted(c for c in ids if card_rank(c) == want) for want in wanted]
        for choice in itertools.product(*by_rank):
            if len({card_suit(c) for c in choice}) == size:
                return list(choice)
        raise SystemError(f"badugi: no counting cards of rank {rank} on {self.name} in {ids}")

    def _counts(self, ids: tuple[int, ...], rank: int) -> bool:
        size, places = class_of(rank)
        wanted = tuple(self._rank_of_place[p] for p in places)
        return tuple(card_rank(c) for c in ids) == wanted and len({card_suit(c) for c in ids}) == size


class _LowScale(Scale):
    """A five-card low: 2-7 (aces high, straights and flushes count) or A-5."""

    __slots__ = ("_aces_high",)

    _aces_high: bool

    def __init__(self, name: str, code: int, aces_high: bool) -> None:
        super().__init__(name, code, (5,))
        self._set(_aces_high=aces_high)

    def _describe(self, rank: int) -> str:
        ranks, flush = _low_classes(self._code)[rank]
        return low_name(ranks, flush, self._aces_high)

    def _counting(self, ids: list[int], rank: int) -> list[int]:
        return read_order(ids, self._aces_high)

    def _counts(self, ids: tuple[int, ...], rank: int) -> bool:
        return (
            len(ids) == 5
            and _rank5(self._code, *ids) == rank
            and list(ids) == read_order(ids, self._aces_high)
        )


@cache
def _low_classes(code: int) -> dict[int, tuple[tuple[int, ...], bool]]:
    """Rank -> (five ranks, flush) of one hand of each class, as the C table ranks it."""
    classes: dict[int, tuple[tuple[int, ...], bool]] = {}
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        copies = [ranks[:i].count(r) for i, r in enumerate(ranks)]
        if max(copies) > 3:
            continue  # five of a rank
        # The k-th card of a rank takes suit k: never a flush with a pair; a
        # hand of five ranks gets suits 0,0,0,0,1 (not a flush) or all 0.
        suits = copies if len(set(ranks)) < 5 else [0, 0, 0, 0, 1]
        for flush in (False, True) if len(set(ranks)) == 5 else (False,):
            ids = [4 * (r - 1) + (0 if flush else s) for r, s in zip(ranks, suits, strict=True)]
            classes.setdefault(_rank5(code, *ids), (ranks, flush))
    return classes


#: The library's scales by name, filled once the four are made.
_BY_NAME: dict[str, Scale] = {}


def _library_scale(*args: object, **kwargs: object) -> Scale:
    """The library scale with exactly the fields ``Scale(name, code, sizes)`` was called with."""

    def fields(name: object, code: object, sizes: object) -> tuple[object, object, object]:
        return name, code, sizes

    try:
        name, code, sizes = fields(*args, **kwargs)
    except TypeError:
        raise InvalidHandError(
            "Scale takes (name, code, sizes) of one of the library's scales: use by_name() instead"
        ) from None
    scale = _BY_NAME.get(name) if type(name) is str else None
    given_sizes = None
    if isinstance(sizes, (tuple, list)):
        given_sizes = tuple(as_index(size) for size in sizes[:3])
    if scale is None or as_index(code) != scale._code or given_sizes != scale.sizes:
        raise InvalidHandError(
            f"Scale({quote(name)}, {quote(code)}, {quote(sizes)}) is not one of the library's scales "
            f"(BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5): use them, or by_name()"
        )
    return scale


def _scales_kernel(codes: Sequence[int]) -> Kernel:
    scales_c = ffi.new("int32_t[]", list(codes))
    k = len(codes)

    def pick(kind: str, width: int) -> Any:
        batch = _BATCH[kind]
        return lambda cards, n, out, bad_row: batch(scales_c, k, width, cards, n, out, bad_row)

    return pick


#: Badugi, aces low: 1 is A-2-3-4 of four suits, 1,092 a lone king; four or five cards.
BADUGI: Scale = _BadugiScale("badugi", lib.BADUGI_SCALE_BADUGI, aces_high=False)
#: Badugi with the ace high (Badeucy's half): 1 is 5-4-3-2 of four suits, 1,092 a lone ace.
BADUGI_ACE_HIGH: Scale = _BadugiScale("badugi-ace-high", lib.BADUGI_SCALE_BADUGI_ACE_HIGH, aces_high=True)
#: Deuce-to-seven, five cards: 1 is 7-5-4-3-2 not all one suit, 7,462 an ace-high straight flush.
LOW_27: Scale = _LowScale("2-7", lib.BADUGI_SCALE_LOW_27, aces_high=True)
#: Ace-to-five, five cards: 1 is 5-4-3-2-A, 6,175 four kings.
LOW_A5: Scale = _LowScale("A-5", lib.BADUGI_SCALE_LOW_A5, aces_high=False)
#: Every scale, in code order.
SCALES: tuple[Scale, ...] = (BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5)
_BY_NAME.update((s.name, s) for s in SCALES)  # from here on, Scale(...) gives one of these back
for _made in SCALES:
    register_scale(_made)
_CONSTANT_NAMES = {"badugi": "BADUGI", "badugi-ace-high": "BADUGI_ACE_HIGH", "2-7": "LOW_27", "A-5": "LOW_A5"}


def by_name(name: str) -> Scale:
    """The scale with this name.

    Raises:
        InvalidHandError: no such scale; the message lists the names.
    """
    scale = _BY_NAME.get(name) if type(name) is str else None
    if scale is None:
        raise InvalidHandError(f"unknown scale {quote(name)}: choose one of {', '.join(map(repr, _BY_NAME))}")
    return scale


def _as_scale(scale: Scale | str) -> Scale:
    return scale if isinstance(scale, Scale) else by_name(scale)


if TYPE_CHECKING:

    @overload
    def rank_many_on(
        scales: Sequence[Scale | str], cards: npt.NDArray[Any], cards_per_hand: int | None = None
    ) -> npt.NDArray[np.uint16]: ...
    @overload
    def rank_many_on(
        scales: Sequence[Scale | str], cards: Any, cards_per_hand: int | None = None
    ) -> array[int]: ...


def rank_many_on(scales: Sequence[Scale | str], cards: Any, cards_per_hand: int | None = None) -> Any:
    """Rank a batch on several scales in one C pass (one sort per hand).

    ``cards`` takes the forms of ``Scale.rank_many``. The result has one
    column per scale: a numpy ``uint16`` array of shape (N, k), or without
    numpy an ``array.array('H')`` of N * k ranks, row by row.

    Raises:
        InvalidHandError: an unknown scale, no scales or more than 16, a card
            count one of the scales does not rank, bad shape or dtype, or the
            first bad row.
    """
    most = lib.BADUGI_MAX_SCALES
    # The columns follow the order of the scales: a set's or a mapping's order is not the caller's.
    if isinstance(scales, (str, bytes, bytearray, Scale, Set, Mapping)):
        raise InvalidHandError(
            f"scales must be a sequence of scales, e.g. [BADUGI_ACE_HIGH, LOW_27], got {describe(scales)}"
        )
    try:
        given = list(itertools.islice(iter(scales), most + 1))  # an endless iterable is read no further
    except Exception:
        raise InvalidHandError(f"scales must be a sequence of scales, got {describe(scales)}") from None
    chosen = [_as_scale(s) for s in given]
    if not 1 <= len(chosen) <= most:
        got = f"more than {most}" if len(chosen) > most else str(len(chosen))
        raise InvalidHandError(f"rank_many_on takes 1 to {most} scales, got {got}")
    sizes = tuple(size for size in (4, 5) if all(size in s.sizes for s in chosen))
    kernel = _scales_kernel([s._code for s in chosen])
    return rank_batch(cards, sizes, kernel, columns=len(chosen), width=_width(cards_per_hand))
