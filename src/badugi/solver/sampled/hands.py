"""What each hand of a deck is worth with draws to come: the numbers the card buckets are made from.

Every hand of four cards of the deck, in colex order of its cards' places in
the deck (the order the C solver indexes hands by), with:

* its **strength**: the share of the deck's hands it beats, ties counting
  half (``badugi.strength``'s definition, over this deck's hands; for the full
  deck it is ``badugi.strength``);
* with ``d`` draws left, **the best discard of each size**: of the keeps that
  throw ``k`` cards, the one whose final hand is strongest on average, the
  later draws made the same way (the library's best discard, restricted to a
  count); ties go to the lower ids kept;
* with ``d`` draws left, **the distribution of the final hand's strength**
  after the best discard of any size, the later draws made the same way: a
  histogram over strength bins. With no draw left it is the hand's own.

The replacements come from the cards the hand does not hold, each set equally
likely: the no-card-seen view of ``badugi.best_discard`` (the opponent's cards
and the discards unknown). Every keep and completion is counted exactly: a
pair of hands (``h``, ``h2``) is one keep of ``h`` (the cards they share) and
one completion of it, so the counts are one ``N x N`` table (``N`` the hands:
1,820 for sixteen cards). Decks of more than sixteen cards are too large for
that table (the full deck's buckets are a later phase's, from the library's
C draw values).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from badugi.errors import GameSetupError
from badugi.ranking.four_card import rank_many
from badugi.solver.tree import _numpy

__all__ = ["MOST_CARDS", "DeckHands", "deck_hands"]

#: The largest deck whose hands are valued here (its N x N table of hand pairs).
MOST_CARDS = 16
#: Strength bins of the final-hand histograms.
BINS = 32


@dataclass(frozen=True, eq=False)
class DeckHands:
    """The hands of one deck and what they are worth (see the module); every array read-only.

    Attributes:
        deck: the deck's card ids, ascending.
        cards: ``(N, 4)`` uint8, each hand's ids ascending, row ``h`` the hand of colex index ``h``.
        strength: ``(N,)`` each hand's strength.
        discards: ``discards[d - 1]`` for ``d`` draws left, ``(N, 5)`` uint8: the mask (over the
            hand's cards, ascending) the best discard of ``k`` cards throws.
        final: ``final[d]`` for ``d`` draws left (0 too), ``(N, BINS)``: the final strength's
            distribution after the best discards.
        showdown: ``(N,)`` the strength the buckets with no draw left are made from: the final
            distributions' strength, exactly (a histogram would cut it into ``BINS`` levels).
    """

    deck: tuple[int, ...]
    cards: Any
    strength: Any
    discards: tuple[Any, ...]
    final: tuple[Any, ...]
    showdown: Any


def _colex_hands(deck: tuple[int, ...]) -> Any:
    """Every hand of the deck as ids, row ``h`` the hand whose places have colex index ``h``."""
    np = _numpy()
    places = sorted(itertools.combinations(range(len(deck)), 4), key=lambda c: c[::-1])
    return np.array([[deck[p] for p in combo] for combo in places], dtype=np.uint8)


def _strength(cards: Any) -> Any:
    np = _numpy()
    ranks = np.asarray(rank_many(np.ascontiguousarray(cards)), dtype=np.int64)
    order = np.sort(ranks)
    worse = order.size - np.searchsorted(order, ranks, side="right")  # higher numbers are worse hands
    tied = np.searchsorted(order, ranks, side="right") - np.searchsorted(order, ranks, side="left")
    return (2 * worse + tied) / (2.0 * order.size)


def _strength_against(cards: Any, keep: Any) -> Any:
    """Each hand's share of the hands it leaves the other seat that it beats, ties counting half."""
    np = _numpy()
    ranks = np.asarray(rank_many(np.ascontiguousarray(cards)), dtype=np.int64)
    apart = keep == 0  # the hands sharing no card with it
    beats = (ranks[:, None] < ranks[None, :]) & apart
    ties = (ranks[:, None] == ranks[None, :]) & apart
    return (2 * beats.sum(axis=1) + ties.sum(axis=1)) / (2.0 * apart.sum(axis=1))


def _keeps(cards: Any) -> Any:
    """``keep[h, h2]``: the mask over ``h``'s cards of those ``h2`` holds too (the keep it completes)."""
    np = _numpy()
    bits = (np.uint64(1) << cards.astype(np.uint64)).sum(axis=1, dtype=np.uint64)  # each hand as a card set
    keep = np.zeros((cards.shape[0], cards.shape[0]), dtype=np.uint8)
    for i in range(4):
        held = (bits[None, :] >> cards[:, i, None].astype(np.uint64)) & np.uint64(1)
        keep |= (held.astype(np.uint8) << np.uint8(i)).astype(np.uint8)
    return keep


def _best_keeps(keep: Any, value: Any) -> tuple[Any, Any]:
    """Each hand's best keep of each size and its best keep overall, by the mean ``value`` it ends with.

    Returns ``(by_size, best)``: ``by_size[h, k]`` the keep mask throwing ``k`` cards, ``best[h]``
    the best of them (ties to more cards kept, then to the lower ids kept).
    """
    np = _numpy()
    n = keep.shape[0]
    rows = np.repeat(np.arange(n), n) * 16 + keep.ravel()
    totals = np.bincount(rows, weights=np.tile(value, n), minlength=16 * n).reshape(n, 16)
    counts = np.bincount(rows, minlength=16 * n).reshape(n, 16)
    mean = totals / np.maximum(counts, 1)
    masks = np.arange(16)
    kept = np.array([bin(m).count("1") for m in masks])
    # Lower ids kept first: compare the kept cards' positions as a number, lowest bits first.
    lower_first = np.array([sum(1 << (3 - i) for i in range(4) if m >> i & 1) for m in masks])
    by_size = np.zeros((n, 5), dtype=np.uint8)
    best_value = np.full(n, -1.0)
    best = np.zeros(n, dtype=np.uint8)
    for k in range(5):  # k cards thrown
        candidates = [m for m in masks if kept[m] == 4 - k]
        candidates.sort(key=lambda m: -lower_first[m])  # preferred first, so argmax's first wins a tie
        values = mean[:, candidates]
        top = values.max(axis=1, keepdims=True)
        choice = np.argmax(values >= top - 1e-12, axis=1)
        by_size[:, k] = np.array(candidates, dtype=np.uint8)[choice]
        chosen = values[np.arange(n), choice]
        better = chosen > best_value + 1e-12  # fewer thrown (earlier k) wins a tie
        best = np.where(better, by_size[:, k], best)
        best_value = np.where(better, chosen, best_value)
    return by_size, best


def deck_hands(deck: tuple[int, ...], draws: int) -> DeckHands:
    """The hands of ``deck`` (card ids) and what they are worth with up to ``draws`` draws left.

    Raises:
        badugi.errors.GameSetupError: a deck of more than ``MOST_CARDS`` cards or fewer than nine, or
            draws outside 0..3.
    """
    np = _numpy()
    if not 9 <= len(deck) <= MOST_CARDS:
        raise GameSetupError(
            f"the hands' values are counted for decks of 9 to {MOST_CARDS} cards and for the full deck, "
            f"got {len(deck)} cards"
        )
    if type(draws) is not int or not 0 <= draws <= 3:
        raise GameSetupError(f"draws must be an int from 0 to 3, got {draws!r}")
    cards = _colex_hands(tuple(sorted(deck)))
    strength = _strength(cards)
    keep = _keeps(cards)
    against = _strength_against(cards, keep)
    final = [np.eye(BINS)[np.minimum((against * BINS).astype(np.int64), BINS - 1)]]
    value = strength
    discards = []
    for _ in range(draws):
        by_size, best = _best_keeps(keep, value)
        discards.append((~by_size & 15).astype(np.uint8))
        # Each hand's final distribution: the mean over the completions of its best keep.
        chosen = keep == best[:, None]
        weights = chosen / chosen.sum(axis=1, keepdims=True)
        final.append(weights @ final[-1])
        value = weights @ value
    for array in (cards, strength, against, *discards, *final):
        array.flags.writeable = False
    return DeckHands(
        deck=tuple(sorted(deck)),
        cards=cards,
        strength=strength,
        discards=tuple(discards),
        final=tuple(final),
        showdown=against,
    )
