"""Card ids, card text, and turning what users write into ids.

A card id is ``4 * (rank - 1) + suit`` with A=1 .. K=13 and c, d, h, s = 0..3,
so Ac = 0, Ad = 1, Ah = 2, As = 3, 2c = 4, ..., Ks = 51.

Card text is a rank (``A23456789TJQK`` or ``10``, any case) followed by a suit
(``cdhs`` in any case, or one of ``♣♦♥♠``). A hand is written with its cards
together ("Ah2s3d4c") or separated by spaces or commas, or given as a sequence
of card strings or of ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from badugi.errors import InvalidHandError

__all__ = [
    "CARD_TEXT",
    "DECK_SIZE",
    "RANK_NAMES",
    "Hand",
    "card_id",
    "card_rank",
    "card_str",
    "card_suit",
    "check_hand",
    "parse_cards",
    "parse_hand",
]

#: A hand as users give it: "Ah 2s 3d 4c", ["Ah", "2s", "3d", "4c"] or [2, 7, 9, 12].
Hand = str | Sequence[str] | Sequence[int]

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
        InvalidHandError: the id is not an int in 0..51.
    """
    _check_id(card)
    return CARD_TEXT[card]


def card_rank(card: int) -> int:
    """Rank of a card id, A=1 .. K=13."""
    return card // 4 + 1


def card_suit(card: int) -> int:
    """Suit of a card id, c, d, h, s = 0..3."""
    return card % 4


def card_id(text: str) -> int:
    """The id of one card written as text: "Ah" -> 2, "10h" -> 38, "T♥" -> 38.

    Raises:
        InvalidHandError: unknown rank or suit, or not exactly one card.
    """
    ids = _scan(text)
    if len(ids) != 1:
        raise InvalidHandError(f"expected one card, got {text!r}")
    return ids[0]


def _check_id(card: object) -> int:
    if isinstance(card, bool) or not isinstance(card, int):
        raise InvalidHandError(f"card id must be an int, got {type(card).__name__} {card!r}")
    if not 0 <= card < DECK_SIZE:
        raise InvalidHandError(f"id {card} out of range 0..51")
    return card


def _scan(token: str) -> list[int]:
    """Split a run of cards written together ("Ah2s10d") into ids."""
    ids: list[int] = []
    i, n = 0, len(token)
    while i < n:
        rank_text = token[i : i + 2] if token.startswith("10", i) else token[i]
        card_text = token[i : i + len(rank_text) + 1]
        i += len(rank_text)
        if rank_text not in _RANK_BY_TEXT:
            raise InvalidHandError(f"unknown rank {rank_text!r} in {card_text!r}")
        if i >= n:
            raise InvalidHandError(f"missing suit after {rank_text!r} in {token!r}")
        suit_text = token[i]
        i += 1
        if suit_text not in _SUIT_BY_TEXT:
            raise InvalidHandError(f"unknown suit {suit_text!r} in {card_text!r}")
        ids.append(ID_BY_TEXT[rank_text + suit_text])
    return ids


def parse_cards(cards: str | Iterable[str] | Iterable[int]) -> list[int]:
    """Turn any accepted form of cards into ids, of any count, without checking the count.

    Duplicates are reported, since no hand can hold one card twice.

    Raises:
        InvalidHandError: unparseable text, an id outside 0..51, a wrong type or a duplicate card.
    """
    if type(cards) in (list, tuple) and all(type(c) is int and 0 <= c < DECK_SIZE for c in cards):
        ids: list[int] = list(cards)  # type: ignore[arg-type]  # already ids: the engine's common case
    elif isinstance(cards, str):
        ids = [cid for token in cards.replace(",", " ").split() for cid in _scan(token)]
    elif isinstance(cards, (bytes, bytearray)):
        ids = [_check_id(c) for c in cards]
    else:
        try:
            items = list(cards)
        except TypeError:
            raise InvalidHandError(
                f"a hand must be a string or a sequence of cards, got {type(cards).__name__}"
            ) from None
        ids = []
        for item in items:
            if isinstance(item, str):
                ids.extend(_scan(item) if item not in ID_BY_TEXT else [ID_BY_TEXT[item]])
            elif hasattr(item, "__index__") and not isinstance(item, bool):
                ids.append(_check_id(item.__index__()))
            else:
                raise InvalidHandError(f"a card must be text or an id, got {type(item).__name__} {item!r}")
    if len(set(ids)) != len(ids):
        seen: set[int] = set()
        for cid in ids:
            if cid in seen:
                raise InvalidHandError(f"duplicate card {CARD_TEXT[cid]}")
            seen.add(cid)
    return ids


def check_hand(ids: list[int]) -> tuple[int, int, int, int]:
    """Require exactly four ids (already parsed) and return them as a tuple.

    Raises:
        InvalidHandError: not four cards.
    """
    if len(ids) != 4:
        raise InvalidHandError(f"expected 4 cards, got {len(ids)}")
    return ids[0], ids[1], ids[2], ids[3]


def parse_hand(hand: Hand) -> tuple[int, int, int, int]:
    """Turn a hand in any accepted form into four distinct ids in 0..51.

    Raises:
        InvalidHandError: the message names the problem ("duplicate card Ah",
            "unknown suit 'x' in 'Ax'", "expected 4 cards, got 5", ...).
    """
    return check_hand(parse_cards(hand))
