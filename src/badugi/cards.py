"""Card ids, card text, and turning what users write into ids.

A card id is ``4 * (rank - 1) + suit`` with A=1 .. K=13 and c, d, h, s = 0..3,
so Ac = 0, Ad = 1, Ah = 2, As = 3, 2c = 4, ..., Ks = 51.

Card text is a rank (``A23456789TJQK`` or ``10``, any case) followed by a suit
(``cdhs`` in any case, or one of ``♣♦♥♠``). A hand is written with its cards
together ("Ah2s3d4c") or separated by spaces or commas, or given as a sequence
of card strings or of ids.
"""

from __future__ import annotations

import itertools
import operator
import reprlib
import sys
from collections.abc import Iterable, Mapping, Sequence, Sized
from collections.abc import Set as AbstractSet

from badugi.errors import InvalidHandError

# typing is not imported at run time (it would double the import time); mypy
# treats any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "CARD_TEXT",
    "DECK_SIZE",
    "RANK_NAMES",
    "HandLike",
    "card_id",
    "card_rank",
    "card_str",
    "card_suit",
    "check_hand",
    "parse_cards",
    "parse_hand",
]

#: A hand as users give it: "Ah 2s 3d 4c", ["Ah", "2s", "3d", "4c"] or [2, 7, 9, 12].
HandLike = str | Sequence[str] | Sequence[int]

#: Cards in the deck: ids run from 0 to DECK_SIZE - 1.
DECK_SIZE = 52
RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"
#: How a rank is named in hand descriptions: "Q-10-8".
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_RANK_BY_TEXT: dict[str, int] = {}
for _r, _ch in enumerate(RANK_CHARS, start=1):
    _RANK_BY_TEXT[_ch] = _r
    _RANK_BY_TEXT[_ch.lower()] = _r
_RANK_BY_TEXT["10"] = 10

_SUIT_BY_TEXT: dict[str, int] = {}
for _s, (_ch, _symbol) in enumerate(zip(SUIT_CHARS, "♣♦♥♠", strict=True)):
    _SUIT_BY_TEXT[_ch] = _s
    _SUIT_BY_TEXT[_ch.upper()] = _s
    _SUIT_BY_TEXT[_symbol] = _s

#: Every accepted spelling of a single card, mapped to its id. The hot path of
#: ``badugi.rank`` looks cards up here directly.
ID_BY_TEXT: dict[str, int] = {
    rank_text + suit_text: 4 * (rank - 1) + suit
    for rank_text, rank in _RANK_BY_TEXT.items()
    for suit_text, suit in _SUIT_BY_TEXT.items()
}

#: The canonical text of every card id, indexed by id: CARD_TEXT[38] == "Th".
CARD_TEXT = tuple(RANK_CHARS[i // 4] + SUIT_CHARS[i % 4] for i in range(DECK_SIZE))


def card_str(card: int) -> str:
    """The canonical text of a card id: 0 -> "Ac", 38 -> "Th".

    Raises:
        InvalidHandError: the id is not an integer in 0..51 (a bool is not an id).
    """
    return CARD_TEXT[_check_id(card)]


def card_rank(card: int) -> int:
    """Rank of a card id, A=1 .. K=13."""
    return card // 4 + 1


def card_suit(card: int) -> int:
    """Suit of a card id, c, d, h, s = 0..3."""
    return card % 4


def card_id(text: str) -> int:
    """The id of one card written as text: "Ah" -> 2, "10h" -> 38, "T♥" -> 38.

    Raises:
        InvalidHandError: not a string, an unknown rank or suit, or not exactly one card.
    """
    if not isinstance(text, str):
        raise InvalidHandError(f"card_id takes a card's text, got {describe(text)}")
    known = ID_BY_TEXT.get(text)
    if known is not None:
        return known
    ids = _scan(text)
    if len(ids) != 1:
        raise InvalidHandError(f"expected one card, got {quote(text)}")
    return ids[0]


#: How much of a bad input an error message quotes.
_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxother = 40
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxset = _QUOTE.maxdict = 6


#: The longest quote of a bad input an error message holds.
QUOTE_LIMIT = 80


def quote(value: object) -> str:
    """A short ``repr`` of a value for an error message: huge input is cut, and a broken repr never raises.

    An int too long to print (Python refuses over 4,300 digits) is named by its size.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        return f"an int of {value.bit_length()} bits"
    try:
        text = _QUOTE.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


def describe(value: object) -> str:
    """The type and a short repr of a value, for "got ..." in error messages: "float 1.9"."""
    return f"{type(value).__name__} {quote(value)}"


def as_index(value: object) -> int | None:
    """``value`` as an int if it is an integer (an int, or has ``__index__``) and not a bool, else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    # numpy's bool is no int subclass, and numpy before 2.3 still gives it an
    # __index__; an instance of it means numpy is imported.
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None


def _check_id(card: object) -> int:
    cid = as_index(card)
    if cid is None:
        raise InvalidHandError(f"a card id must be an integer in 0..51, got {describe(card)}")
    if not 0 <= cid < DECK_SIZE:
        raise InvalidHandError(f"id {quote(cid)} out of range 0..51")
    return cid


def _scan(token: str) -> list[int]:
    """Split a run of cards written together ("Ah2s10d") into ids."""
    ids: list[int] = []
    i, n = 0, len(token)
    while i < n:
        rank_text = token[i : i + 2] if token.startswith("10", i) else token[i]
        card_text = token[i : i + len(rank_text) + 1]
        i += len(rank_text)
        if rank_text not in _RANK_BY_TEXT:
            raise InvalidHandError(f"unknown rank {quote(rank_text)} in {quote(card_text)}")
        if i >= n:
            raise InvalidHandError(f"missing suit after {quote(rank_text)} in {quote(token)}")
        suit_text = token[i]
        i += 1
        if suit_text not in _SUIT_BY_TEXT:
            raise InvalidHandError(f"unknown suit {quote(suit_text)} in {quote(card_text)}")
        ids.append(ID_BY_TEXT[rank_text + suit_text])
    return ids


def _one_card(item: object) -> int:
    """The id of one item of a sequence of cards: one card's text, or an id."""
    if isinstance(item, str):
        known = ID_BY_TEXT.get(item)
        if known is not None:
            return known
        ids = [cid for token in item.replace(",", " ").split() for cid in _scan(token)]
        if len(ids) != 1:
            raise InvalidHandError(
                f"{quote(item)} is not one card: a sequence of cards holds one card per item"
            )
        return ids[0]
    cid = as_index(item)
    if cid is None:
        raise InvalidHandError(f"a card must be text or an id, got {describe(item)}")
    if not 0 <= cid < DECK_SIZE:
        raise InvalidHandError(f"id {quote(cid)} out of range 0..51")
    return cid


def _items(cards: object, most: int) -> list[object]:
    """The items of a sequence or iterable of cards, read once: at most ``most + 1`` of them."""
    if isinstance(cards, Mapping):
        raise InvalidHandError(f"a hand must be a string or a sequence of cards, got {describe(cards)}")
    try:
        iterator = iter(cards)  # type: ignore[call-overload]
    except Exception:
        raise InvalidHandError(
            f"a hand must be a string or a sequence of cards, got {describe(cards)}"
        ) from None
    try:
        return list(itertools.islice(iterator, most + 1))
    except Exception as exc:
        raise InvalidHandError(
            f"could not read the cards from {describe(cards)}: {type(exc).__name__}: {quote(str(exc))}"
        ) from None


def parse_cards(cards: str | Iterable[str] | Iterable[int], count: int | None = None) -> list[int]:
    """Turn any accepted form of cards into ids, read once, and check them.

    A string holds cards written together or separated by spaces or commas; a
    sequence (or any iterable, read once) holds one card per item, as text or
    as an id (an int, or an object whose ``__index__`` gives one; a bool or a
    float is not an id); bytes hold one id per byte. With ``count``, exactly
    that many cards are required; without, at most 52.

    Raises:
        InvalidHandError: unparseable text, an id outside 0..51, a wrong type,
            a wrong count or a duplicate card; the message names it.
    """
    most = DECK_SIZE if count is None else count
    if type(cards) in (list, tuple) and all(type(c) is int and 0 <= c < DECK_SIZE for c in cards):
        ids: list[int] = list(cards)  # type: ignore[arg-type]  # already ids: the engine's common case
    elif isinstance(cards, str):
        ids = [cid for token in cards.replace(",", " ").split() for cid in _scan(token)]
    else:
        size = _size(cards)
        if size is not None and size > most:
            _raise_count(count, str(size))  # too many: said without reading them all
        if isinstance(cards, (bytes, bytearray)):
            ids = [_check_id(c) for c in bytes(cards)]
        else:
            items = _items(cards, most)
            ids = [_one_card(item) for item in items]
            if len(ids) > most:
                _raise_count(count, f"more than {most}")
    if len(set(ids)) != len(ids):
        seen: set[int] = set()
        for cid in ids:
            if cid in seen:
                raise InvalidHandError(f"duplicate card {CARD_TEXT[cid]}")
            seen.add(cid)
    if count is not None and len(ids) != count:
        _raise_count(count, str(len(ids)))
    return ids


def _size(cards: object) -> int | None:
    """``len(cards)`` for a sized collection of cards, None when unknown."""
    if isinstance(cards, Mapping) or not isinstance(cards, Sized):
        return None
    try:
        return len(cards)
    except Exception:
        return None


def _raise_count(count: int | None, got: str) -> None:
    if count is None:
        raise InvalidHandError(f"at most {DECK_SIZE} cards, got {got}")
    raise InvalidHandError(f"expected {count} cards, got {got}")


#: The most hands ``hand_list`` reads by default: far more than any table seats, and a bound
#: on what an endless iterable can cost (rank_many is the API for millions of hands).
MOST_HANDS = 1 << 24


def hand_list(hands: object, what: str, most: int = MOST_HANDS, noun: str = "hands") -> list[Any]:
    """A collection of hands (a sequence, or any iterable, read once) as a list of at most ``most``.

    ``what`` names the collection's owner in messages ("equity takes at most 8
    hands, got 9"), ``noun`` its items.

    Raises:
        InvalidHandError: a string, a mapping, a set (its order, which gives each
            hand its place, depends on hashing), something that is not a
            collection, or more than ``most`` hands.
    """
    if isinstance(hands, (str, bytes, bytearray, Mapping, AbstractSet)):
        raise InvalidHandError(f"{what} takes a sequence of {noun}, got {describe(hands)}")
    try:
        iterator = iter(hands)  # type: ignore[call-overload]
    except Exception:
        raise InvalidHandError(f"{what} takes a sequence of {noun}, got {describe(hands)}") from None
    try:
        items = list(itertools.islice(iterator, most + 1))
    except Exception as exc:
        reason = f"{type(exc).__name__}: {quote(str(exc))}"
        raise InvalidHandError(
            f"{what}: could not read the {noun} from {describe(hands)}: {reason}"
        ) from None
    if len(items) > most:
        # An endless iterable is read only this far; a sized one says how many it holds.
        given = f"{len(hands):,}" if isinstance(hands, Sized) else f"more than {most:,}"
        raise InvalidHandError(f"{what} takes at most {most:,} {noun}, got {given}")
    return items


def check_one_deck(hands: Sequence[Sequence[int]], names: Sequence[str] | None = None) -> None:
    """Require that no card is in two of these hands of parsed ids, as at one table from one deck.

    Not part of the API, like ``hand_list`` and ``quote``: the library's own
    check, on hands it has parsed.

    ``names`` names the hands in the message (default "hand 0", "hand 1", ...).

    Raises:
        InvalidHandError: a card in two hands ("card Ah is in hand 0 and hand 2").
    """
    owner: dict[int, int] = {}
    for index, ids in enumerate(hands):
        for card in ids:
            first = owner.setdefault(card, index)
            if first != index:
                what = names if names is not None else [f"hand {i}" for i in range(len(hands))]
                raise InvalidHandError(f"card {CARD_TEXT[card]} is in {what[first]} and {what[index]}")


def check_hand(ids: list[int]) -> tuple[int, int, int, int]:
    """Require exactly four ids (already parsed) and return them as a tuple.

    Raises:
        InvalidHandError: not four cards.
    """
    if len(ids) != 4:
        raise InvalidHandError(f"expected 4 cards, got {len(ids)}")
    return ids[0], ids[1], ids[2], ids[3]


def parse_hand(hand: HandLike) -> tuple[int, int, int, int]:
    """Turn a hand in any accepted form into four distinct ids in 0..51, reading it once.

    Raises:
        InvalidHandError: the message names the problem ("duplicate card Ah",
            "unknown suit 'x' in 'Ax'", "expected 4 cards, got 5", ...).
    """
    return check_hand(parse_cards(hand, count=4))
