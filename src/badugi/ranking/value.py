"""HandValue: what a hand is worth, in a form people and programs can read."""

from __future__ import annotations

from badugi import _fields as check
from badugi._frozen import Frozen
from badugi.cards import ID_BY_TEXT, RANK_NAMES, card_rank, card_suit
from badugi.classes import class_of
from badugi.errors import InvalidHandError

__all__ = ["HandValue"]

#: The worst rank: a lone king.
WORST = 1092
_SIZE_WORDS = {3: "three-card", 2: "two-card", 1: "one-card"}


class HandValue(Frozen):
    """The value of one Badugi hand.

    Values order by strength: a stronger hand compares *greater*, so
    ``max(values)`` is the winner. Two values are equal when the hands tie,
    whatever their suits; ``rank`` is the tie-breaking number (1 is best).
    Values are immutable and hashable.

    Attributes:
        rank: 1 (A-2-3-4 badugi) .. 1092 (a lone king); equal hands share it.
        size: how many cards count, 1..4.
        cards: the counting cards as text, highest first, e.g. ("Qh", "Td", "8s").
    """

    __slots__ = ("cards", "rank", "size")

    rank: int
    size: int
    cards: tuple[str, ...]

    def __init__(self, rank: int, size: int, cards: tuple[str, ...]) -> None:
        """The value with this rank, whose ``size`` counting cards are ``cards``; every field is checked.

        Raises:
            InvalidHandError: a rank outside 1..1092, a size that is not the
                rank's, or cards that are not that many distinct cards (as
                text, "Kc") of the rank's ranks, highest first, in distinct suits.
        """
        number = check.integer("HandValue", "rank", rank, least=1, most=WORST)
        count = check.integer("HandValue", "size", size, least=1, most=4)
        wanted_size, wanted_ranks = class_of(number)
        if count != wanted_size:
            raise InvalidHandError(f"HandValue.size must be {wanted_size} for rank {number}, got {count}")
        texts = check.card_texts("HandValue", "cards", cards, (count,))
        ids = [ID_BY_TEXT[c] for c in texts]
        if tuple(card_rank(c) for c in ids) != wanted_ranks or len({card_suit(c) for c in ids}) != count:
            spelled = "-".join(RANK_NAMES[r - 1] for r in wanted_ranks)
            raise InvalidHandError(
                f"HandValue.cards must be {spelled} (highest first) in {count} different suits "
                f"for rank {number}, got {texts!r:.80}"
            )
        self._set(rank=number, size=count, cards=texts)

    def __repr__(self) -> str:
        return f"HandValue(rank={self.rank!r}, size={self.size!r}, cards={self.cards!r})"

    @property
    def is_badugi(self) -> bool:
        """True for a four-card hand: four suits, four ranks."""
        return self.size == 4

    @property
    def name(self) -> str:
        """A readable name: "8-7-5-4 badugi", "three-card Q-10-8", "one-card K"."""
        ranks = "-".join(RANK_NAMES[card_rank(ID_BY_TEXT[c]) - 1] for c in self.cards)
        if self.size == 4:
            return f"{ranks} badugi"
        return f"{_SIZE_WORDS[self.size]} {ranks}"

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank == other.rank

    def __hash__(self) -> int:
        return hash(self.rank)

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank > other.rank

    def __le__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank >= other.rank

    def __gt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank < other.rank

    def __ge__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.rank <= other.rank
