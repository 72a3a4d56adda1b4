"""What a sampled strategy tells apart: its cards and its memory of the betting (a frozen value).

Two kinds:

* ``Abstraction.exact()``: no abstraction. An information set is the seat's
  whole record (every card it was dealt, threw and drew, every bet and draw
  count): the game's own information sets, as ``badugi.solver`` solves them.
  For small decks (at most 16 cards), to check the sampling against the exact
  solver.
* ``buckets_for(variant, sizes, ...)``: the hand the seat holds now, as one of
  ``sizes[d]`` buckets with ``d`` draws left (hands with a like distribution of
  final strength after the best discards: ``badugi.solver.sampled.hands`` and
  ``.clusters``), and a draw as a number of cards, the best discard of that
  many; of the betting, this round's actions, and either every earlier round's
  (``remember_bets``) or only the pot, and the counts of the latest
  ``remember_draws`` draws (both seats'). The seat forgets which cards it
  threw and drew (imperfect recall, as the card abstractions of limit poker
  forget earlier boards' buckets).

The tables are held as bytes, so the value is immutable, compares by value,
pickles and copies.
"""

from __future__ import annotations

import itertools
from typing import Any

from badugi._frozen import Frozen
from badugi.adapters.variant import Variant
from badugi.errors import GameSetupError
from badugi.solver.sampled.clusters import buckets_of
from badugi.solver.sampled.full_deck import full_deck_hands
from badugi.solver.sampled.hands import deck_hands
from badugi.solver.tree import _numpy

__all__ = ["Abstraction", "buckets_for"]

EXACT = "exact"
BUCKETS = "buckets"


class Abstraction(Frozen):
    """An abstraction of a heads-up variant; made by ``Abstraction.exact()`` or ``buckets_for``.

    Attributes:
        kind: "exact" or "buckets".
        remember_bets: buckets: whether earlier rounds' bets are kept (else only the pot).
        remember_draws: buckets: how many of the latest draws' counts are kept (0..3).
        sizes: buckets: the number of buckets with 0, 1, ... draws left.
        deck: buckets: the deck the tables are for (card ids).
        buckets: buckets: uint32 bytes, ``[d * hands + h]`` the bucket of hand ``h`` with ``d`` draws left.
        discards: buckets: uint8 bytes, ``[((d - 1) * hands + h) * 5 + k]`` the mask a draw of ``k`` throws.
    """

    __slots__ = ("buckets", "deck", "discards", "kind", "remember_bets", "remember_draws", "sizes")

    kind: str
    remember_bets: bool
    remember_draws: int
    sizes: tuple[int, ...]
    deck: tuple[int, ...]
    buckets: bytes
    discards: bytes

    def __init__(
        self,
        kind: str,
        *,
        remember_bets: bool = True,
        remember_draws: int = 3,
        sizes: tuple[int, ...] = (),
        deck: tuple[int, ...] = (),
        buckets: bytes = b"",
        discards: bytes = b"",
    ) -> None:
        if kind not in (EXACT, BUCKETS):
            raise GameSetupError(f"an abstraction's kind is 'exact' or 'buckets', got {kind!r}")
        if not isinstance(remember_bets, bool):
            raise GameSetupError(f"remember_bets must be a bool, got {remember_bets!r}")
        if type(remember_draws) is not int or not 0 <= remember_draws <= 3:
            raise GameSetupError(f"remember_draws must be an int from 0 to 3, got {remember_draws!r}")
        self._set(
            kind=kind,
            remember_bets=remember_bets,
            remember_draws=remember_draws,
            sizes=tuple(sizes),
            deck=tuple(deck),
            buckets=bytes(buckets),
            discards=bytes(discards),
        )

    @classmethod
    def exact(cls) -> Abstraction:
        """No abstraction: the game's own information sets (a deck of at most 16 cards)."""
        return cls(EXACT)

    def __repr__(self) -> str:
        if self.kind == EXACT:
            return "Abstraction.exact()"
        return (
            f"Abstraction('buckets', sizes={self.sizes}, remember_bets={self.remember_bets}, "
            f"remember_draws={self.remember_draws}, deck of {len(self.deck)} cards)"
        )


def _suit_classes(cards: Any) -> tuple[Any, int]:
    """Each hand's class under relabelling the suits (numbered in order of first hand), and how many."""
    np = _numpy()
    suits = sorted({int(card) % 4 for card in cards.ravel()})
    best = None
    for order in itertools.permutations(suits):
        relabel = np.arange(52)
        for old, new in zip(suits, order, strict=True):
            relabel[np.arange(old, 52, 4)] = np.arange(new, 52, 4)
        image = np.sort(relabel[cards], axis=1).astype(np.int64)
        code = ((image[:, 0] * 52 + image[:, 1]) * 52 + image[:, 2]) * 52 + image[:, 3]
        best = code if best is None else np.minimum(best, code)
    assert best is not None
    _, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    renumber = np.empty(first.size, dtype=np.int64)
    renumber[np.argsort(first, kind="stable")] = np.arange(first.size)
    return renumber[inverse.ravel()].astype(np.uint32), int(first.size)


def buckets_for(
    variant: Variant,
    sizes: tuple[int, ...] | str | None = None,
    *,
    remember_bets: bool = True,
    remember_draws: int = 3,
    seed: int = 0,
) -> Abstraction:
    """A bucket abstraction of ``variant``: ``sizes[d]`` buckets with ``d`` draws left (see the module).

    ``sizes`` None gives every distinct distribution its own bucket (the hand
    up to what its draws can make of it); ``"classes"`` gives every hand up to
    the suits its own (the hand itself, lossless: the suit isomorphism alone).
    ``seed`` seeds the clustering.

    Raises:
        badugi.errors.GameSetupError: ``variant`` is not a ``Variant``; ``sizes`` is not one positive int per
            number of draws left (``variant.draws + 1`` of them); a deck the hands' values are not
            counted for (``badugi.solver.sampled.hands``); a bad memory setting.
    """
    np = _numpy()
    if not isinstance(variant, Variant):
        raise GameSetupError(f"buckets are made for a Variant, got {type(variant).__name__}")
    levels = variant.draws + 1
    if (
        sizes is not None
        and sizes != "classes"
        and (
            not isinstance(sizes, tuple)
            or len(sizes) != levels
            or any(type(s) is not int or s < 1 for s in sizes)
        )
    ):
        raise GameSetupError(
            f"sizes must be a tuple of {levels} positive ints (one per number of draws left), got {sizes!r}"
        )
    if type(seed) is not int:
        raise GameSetupError(f"seed must be an int, got {seed!r}")
    hands = (
        full_deck_hands(variant.draws) if len(variant.deck) == 52 else deck_hands(variant.deck, variant.draws)
    )
    n = hands.cards.shape[0]
    if isinstance(sizes, tuple):
        sizes = tuple(min(size, n) for size in sizes)
    tables: list[Any] = []
    made: list[int] = []
    for d in range(levels):
        if sizes == "classes":
            bucket, count = _suit_classes(hands.cards)
        else:
            wanted = n if not isinstance(sizes, tuple) else sizes[d]
            # With no draw left a hand is its strength: one number, weakness first as the others'
            # cumulative distributions order, rather than a histogram of BINS levels.
            points = 1.0 - hands.showdown[:, None] if d == 0 else hands.final[d]
            bucket, count = buckets_of(points, wanted, seed + d)
        tables.append(bucket)
        made.append(count)
    discards = np.concatenate([table.ravel() for table in hands.discards]) if hands.discards else np.zeros(0)
    return Abstraction(
        BUCKETS,
        remember_bets=remember_bets,
        remember_draws=remember_draws,
        sizes=tuple(made),
        deck=variant.deck,
        buckets=np.concatenate(tables).astype("<u4").tobytes(),
        discards=discards.astype(np.uint8).tobytes(),
    )
