"""The reference evaluator: slow, obvious, brute force.

It tries every group of the hand's cards, keeps the groups with no repeated
suit or rank, and takes the largest, lowest one, exactly as the rules read.
It shares no code with ``tools/gen_table.py`` (which pushes hand classes onto
all their supersets), so agreement on all 270,725 hands checks both.

It has the same functions as the fast API (``rank``, ``compare``,
``winners``), so the same tests can run against either. Use it to check,
never to play: it is thousands of times slower.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from badugi.cards import HandLike, card_rank, card_suit, check_one_deck, parse_hand
from badugi.classes import HandClass, number_of
from badugi.errors import InvalidHandError

__all__ = ["best_group", "compare", "hand_class", "rank", "rank_ids", "winners"]


def _is_group(cards: tuple[int, ...]) -> bool:
    """True if no two of the cards share a suit or a rank."""
    ranks = {card_rank(c) for c in cards}
    suits = {card_suit(c) for c in cards}
    return len(ranks) == len(cards) and len(suits) == len(cards)


def _ranks_high_first(cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((card_rank(c) for c in cards), reverse=True))


def best_group(ids: Sequence[int]) -> tuple[int, ...]:
    """The counting cards of four valid ids: the largest valid group, lowest on a size tie."""
    for size in (4, 3, 2, 1):
        groups = [g for g in itertools.combinations(ids, size) if _is_group(g)]
        if groups:
            return min(groups, key=_ranks_high_first)
    raise AssertionError("every card on its own is a group")


def hand_class(ids: Sequence[int]) -> HandClass:
    """(size, ranks highest first) of four valid ids."""
    group = best_group(ids)
    return len(group), _ranks_high_first(group)


def rank_ids(ids: Sequence[int]) -> int:
    """Rank 1..1092 of four valid, distinct ids (not checked here)."""
    size, ranks = hand_class(ids)
    return number_of(size, ranks)


def rank(hand: HandLike) -> int:
    """Rank 1..1092 of a hand in any accepted form; 1 is best.

    Raises:
        InvalidHandError: the hand cannot be parsed or is not four distinct cards.
    """
    return rank_ids(parse_hand(hand))


def compare(a: HandLike, b: HandLike) -> int:
    """1 if ``a`` wins, -1 if ``b`` wins, 0 on a tie; no card may be in both hands."""
    ia, ib = parse_hand(a), parse_hand(b)
    check_one_deck((ia, ib), ("hand a", "hand b"))
    ra, rb = rank_ids(ia), rank_ids(ib)
    return (ra < rb) - (ra > rb)


def winners(hands: Sequence[HandLike]) -> list[int]:
    """Indices of the best hands, all of them on a tie."""
    if not hands:
        raise InvalidHandError("winners needs at least one hand")
    parsed = [parse_hand(h) for h in hands]
    check_one_deck(parsed)
    ranks = [rank_ids(ids) for ids in parsed]
    best = min(ranks)
    return [i for i, r in enumerate(ranks) if r == best]
