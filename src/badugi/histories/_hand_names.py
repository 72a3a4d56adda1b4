"""A hand's name as a room writes it beside the cards shown, checked against those cards.

PokerStars writes ``shows [2d 3h 4c 5s] (Badugi: 5,4,3,2)``, Full Tilt
``shows [Qd 4s 3h 2c] a Badugi: Q, 4, 3, 2``: the kind of hand and the ranks
that count, highest first. A line whose name is not the cards' own (other
ranks, a badugi that is not four cards of four suits) is text at odds with
itself, and its hand is refused. A name written some other way is not
checked: only the ranks and the word ``Badugi`` are understood.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from badugi.classes import class_of
from badugi.errors import InvalidHandError
from badugi.ranking.four_card import rank

__all__ = ["wrong_hand_name"]

_RANKS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
_NAME = re.compile(
    r"^\(?\s*(?:an? )?(?P<what>[A-Za-z][A-Za-z0-9 -]*?)\s*:\s*"
    r"(?P<ranks>(?:10|[2-9ATJQK])(?:\s*,\s*(?:10|[2-9ATJQK]))*)\s*\)?$"
)
_WRITTEN = {number: letter for letter, number in _RANKS.items() if letter != "10"}


def wrong_hand_name(cards: Sequence[str], name: str) -> str | None:
    """Why ``name`` is not the hand of ``cards`` (four shown), or None (it is, or it is not understood)."""
    found = _NAME.match(name.strip())
    if found is None or len(cards) != 4:
        return None
    said = tuple(sorted((_RANKS[word.strip()] for word in found.group("ranks").split(",")), reverse=True))
    try:
        size, ranks = class_of(rank(list(cards)))
    except InvalidHandError:
        return None  # the cards themselves are refused elsewhere
    says_badugi = "badugi" in found.group("what").lower()
    if said == ranks and (size == 4) == says_badugi:
        return None
    kind = "a Badugi" if size == 4 else f"a {size}-card hand"
    return f"the hand shown is {kind}: {', '.join(_WRITTEN[r] for r in ranks)}, not {name.strip()!r}"
