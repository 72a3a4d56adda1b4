"""Reference evaluators for the Badugi half of five cards, both ace rules.

The half goes to the best four-card badugi chosen from the five cards: the
largest group with no two cards of one suit or one rank, lowest on a tie
(the Badugi rules), taken over the five ways to keep four of the five cards.

* Aces low (Badacey): each four-card subset is valued by ``badugi.references.badugi4``,
  which shares no code with the table generator; the best of the five wins.
* Aces high (Badeucy): written out here from the rules with the ace as the
  highest rank, so 5-4-3-2 of four suits is the best badugi and A-K-Q-J the
  worst, still above every three-card hand. It does not rely on remapping
  card ids, which is how the C code ranks aces high.

Slow on purpose: use it to check, never to play.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from badugi.cards import card_rank, card_suit
from badugi.references import badugi4 as reference

__all__ = ["ace_high_rank_ids", "ace_low_rank_ids"]


def ace_low_rank_ids(ids: Sequence[int]) -> int:
    """Badugi rank (aces low, 1..1092) of the best four of four or five valid, distinct ids."""
    return min(reference.rank_ids(list(four)) for four in itertools.combinations(ids, 4))


def _value_ace_high(card: int) -> int:
    """2..14, the ace highest."""
    rank = card_rank(card)
    return 14 if rank == 1 else rank


@cache
def _ace_high_numbers() -> dict[tuple[int, tuple[int, ...]], int]:
    """(size, values highest first) of every class, numbered 1 (best) to 1092."""
    classes = [
        (size, tuple(sorted(values, reverse=True)))
        for size in (4, 3, 2, 1)
        for values in itertools.combinations(range(2, 15), size)
    ]
    classes.sort(key=lambda c: (-c[0], c[1]))
    return {c: number for number, c in enumerate(classes, start=1)}


def ace_high_rank_ids(ids: Sequence[int]) -> int:
    """Badugi rank with aces high (1 = 5-4-3-2, 1092 = a lone ace) of four or five valid, distinct ids."""
    best = None
    for size in (4, 3, 2, 1):
        for group in itertools.combinations(ids, size):
            if len({card_suit(c) for c in group}) == size and len({card_rank(c) for c in group}) == size:
                key = tuple(sorted((_value_ace_high(c) for c in group), reverse=True))
                if best is None or key < best:
                    best = key
        if best is not None:
            return _ace_high_numbers()[(size, best)]
    raise AssertionError("every card on its own is a group")
