"""Reference evaluators for the five-card lows: slow, obvious, from the rules.

Deuce-to-seven (BARGE, "Appendix A: Lowball Scales"): the hand is read as a
high hand, aces high only, straights and flushes counting, and the *worst*
high hand is the best low. So A-5-4-3-2 is no straight but ace-high: it beats
any pair and loses to K-5-4-3-2. The best hand is 7-5-4-3-2 of mixed suits.

Ace-to-five: aces are low, straights and flushes do not count, pairs do; the
best hand is 5-4-3-2-A and A-A-7-6-5 beats 2-2-5-4-3.

Each hand is read into a key (category, ranks in the order they compare), and
its rank is one more than the number of different keys that beat it among all
the keys five cards can make. This shares no code with ``tools/table_lowball.py``
(which generates each category's patterns in order and numbers them as they
come), so agreement on every hand checks both.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from badugi.cards import HandLike, card_rank, card_suit, parse_cards, quote
from badugi.errors import InvalidHandError

__all__ = ["SCALES", "key_27", "key_a5", "rank", "rank_ids", "ranks_by_key"]

#: The names of the scales this reference ranks.
SCALES = ("2-7", "A-5")

# 2-7 categories as a high hand reads them, weakest first, so best for low first.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_SHAPE_CATEGORY = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
}
# A-5 knows only the rank shapes, in the same order.
_A5_ORDER = [HIGH_CARD, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS]

Key = tuple[int, tuple[int, ...]]


def _grouped(values: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, values) with bigger groups first and higher values first within a size."""
    groups = sorted(Counter(values).items(), key=lambda item: (-item[1], -item[0]))
    return tuple(n for _, n in groups), tuple(v for v, _ in groups)


def key_27(values: Sequence[int], flush: bool) -> Key:
    """2-7 key of five card values (2..14, the ace 14); a lower key is a better low."""
    shape, ordered = _grouped(values)
    category = _SHAPE_CATEGORY[shape]
    if category == HIGH_CARD:
        straight = ordered[0] - ordered[4] == 4  # five different values in a row; the ace is only high
        if straight and flush:
            category = STRAIGHT_FLUSH
        elif straight:
            category = STRAIGHT
        elif flush:
            category = FLUSH
    return category, ordered


def key_a5(values: Sequence[int]) -> Key:
    """A-5 key of five card values (1..13, the ace 1); suits and straights do not matter."""
    shape, ordered = _grouped(values)
    return _A5_ORDER.index(_SHAPE_CATEGORY[shape]), ordered


def _key(scale: str, ids: Sequence[int]) -> Key:
    ranks = [card_rank(c) for c in ids]
    if scale == "2-7":
        flush = len({card_suit(c) for c in ids}) == 1
        return key_27([14 if r == 1 else r for r in ranks], flush)
    return key_a5(ranks)


@cache
def ranks_by_key(scale: str) -> dict[Key, int]:
    """Every key five cards can make on a scale, numbered 1 (best) up in order."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue  # a deck has four cards of a rank
        if scale == "2-7":
            values = [14 if r == 1 else r for r in ranks]
            keys.add(key_27(values, flush=False))
            if len(set(ranks)) == 5:
                keys.add(key_27(values, flush=True))
        else:
            keys.add(key_a5(ranks))
    return {key: number for number, key in enumerate(sorted(keys), start=1)}


def rank_ids(ids: Sequence[int], scale: str) -> int:
    """Rank of five valid, distinct ids on a scale (not checked here)."""
    return ranks_by_key(scale)[_key(scale, ids)]


def rank(hand: HandLike, scale: str) -> int:
    """Rank of a five-card hand in any accepted form on ``"2-7"`` or ``"A-5"``; 1 is best.

    Raises:
        InvalidHandError: an unknown scale, or the hand is not five distinct cards.
    """
    if scale not in SCALES:
        raise InvalidHandError(f"unknown scale {quote(scale)}: choose one of {', '.join(SCALES)}")
    ids = parse_cards(hand)
    if len(ids) != 5:
        raise InvalidHandError(f"expected 5 cards, got {len(ids)}")
    return rank_ids(ids, scale)
