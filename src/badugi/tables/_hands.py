"""Starting hands up to the suits: the 16,432 classes of the 270,725 four-card hands.

Relabelling the suits (one of the 24 permutations of c, d, h, s) changes no
hand's value, nor its odds with draws to come against a deck that treats the
suits alike. Each class is named by its **representative**: the member whose
ids, in ascending order, come first lexicographically (so the lowest ids).
"""

from __future__ import annotations

import itertools
import threading

from badugi import _fields as check
from badugi._fields import trusted
from badugi._frozen import Frozen
from badugi.cards import CARD_TEXT, HandLike, describe, parse_hand
from badugi.errors import InvalidHandError
from badugi.ranking.four_card import evaluate, rank

__all__ = ["HANDS", "StartingHand", "canonical_hands", "relabellings", "starting_hand"]

#: How many four-card hands there are: C(52, 4).
HANDS = 270_725

#: The 24 relabellings of the suits, each as new_suit = permutation[old_suit].
_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))


class StartingHand(Frozen):
    """A starting hand up to the suits: one representative and how many hands it stands for.

    Attributes:
        cards: the representative's cards as text, highest first, e.g.
            ("4s", "3h", "2d", "Ac"); its ids are the lowest of its class.
        count: how many of the 270,725 hands the class holds (1 to 24).
        index: its place in ``canonical_hands()``, 0..16,431.
        name: the representative's made hand now, e.g. "4-3-2-A badugi".
    """

    __slots__ = ("cards", "count", "index", "name")

    cards: tuple[str, ...]
    count: int
    index: int
    name: str

    def __init__(self, cards: tuple[str, ...], count: int, index: int, name: str) -> None:
        """A starting hand; every field is checked (the table builds its own unchecked).

        Raises:
            InvalidHandError: cards that are not four distinct card texts ("Kc"),
                a count outside 1..24, an index outside 0..16,431, or a name
                that is not the cards' made hand.
        """
        texts = check.card_texts("StartingHand", "cards", cards, (4,))
        number = check.integer("StartingHand", "count", count, least=1, most=24)
        place = check.integer("StartingHand", "index", index, least=0, most=16_431)
        made = evaluate(texts).name
        if not isinstance(name, str) or str(name) != made:
            raise InvalidHandError(
                f"StartingHand.name must be {made!r} for these cards, got {describe(name)}"
            )
        self._set(cards=texts, count=number, index=place, name=made)

    @property
    def text(self) -> str:
        """The cards with spaces: "4s 3h 2d Ac"."""
        return " ".join(self.cards)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"StartingHand(cards={self.cards!r}, count={self.count!r}, index={self.index!r})"


def relabellings(ids: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct hand that relabelling the suits makes of ``ids``, each sorted, in ascending order."""
    found = {tuple(sorted(c - c % 4 + permutation[c % 4] for c in ids)) for permutation in _SUIT_PERMUTATIONS}
    return sorted(found)


_lock = threading.Lock()
#: Built once, on first use: the starting hands, and each representative's place and ids.
_hands: list[tuple[StartingHand, ...]] = []
_index_of: dict[tuple[int, ...], int] = {}
_ids_of: list[tuple[int, ...]] = []


def _build() -> tuple[StartingHand, ...]:
    """Sweep every hand in lexicographic order; the first of each class met is its representative."""
    seen: set[tuple[int, ...]] = set()
    classes: list[tuple[int, tuple[int, ...], int]] = []  # (rank, representative, count)
    for hand in itertools.combinations(range(52), 4):
        if hand in seen:
            continue
        members = relabellings(hand)
        seen.update(members)
        classes.append((rank(list(hand)), hand, len(members)))
    classes.sort()  # best made hand first; within a rank, by the representative's ids
    hands = []
    for index, (_, ids, count) in enumerate(classes):
        _index_of[ids] = index
        _ids_of.append(ids)
        text = tuple(CARD_TEXT[c] for c in reversed(ids))
        hands.append(
            trusted(StartingHand, cards=text, count=count, index=index, name=evaluate(list(ids)).name)
        )
    return tuple(hands)


def canonical_hands() -> tuple[StartingHand, ...]:
    """The 16,432 starting hands up to the suits, best made hand first, with their counts.

    Each is named by its representative (the lowest ids of its class, see the
    module docstring); the counts add up to 270,725. Hands of equal rank are
    ordered by the representative's ids. Built once (about a second), then cached.
    """
    if not _hands:
        with _lock:
            if not _hands:
                _hands.append(_build())
    return _hands[0]


def representative_ids(index: int) -> tuple[int, ...]:
    """The representative's ids, ascending, of the starting hand at ``index``."""
    canonical_hands()
    return _ids_of[index]


def starting_hand(hand: HandLike) -> StartingHand:
    """The starting hand (up to the suits) that ``hand`` belongs to.

    Raises:
        InvalidHandError: the hand is invalid.
    """
    ids = parse_hand(hand)
    hands = canonical_hands()
    return hands[_index_of[relabellings(ids)[0]]]
