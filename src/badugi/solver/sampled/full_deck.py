"""The full deck's hands valued by the library's C draw values: what the full game's buckets are made from.

The same numbers as ``badugi.solver.sampled.hands`` gives a small deck (each
hand's strength, its best discard of each size with ``d`` draws left, and the
distribution of its final strength after the best discards), for the 270,725
hands of the full deck, from the library's own kernels:

* **strength** is ``badugi.strength`` (the share of every hand of the deck it
  beats, ties counting half): in a full deck the four cards a seat holds take
  only a few of the other seat's hands away (in the ten-card deck they take
  most, which is why ``hands`` measures strength there against the other
  seat's possible hands; the full deck's effect is not measured yet);
* **the keeps** are ``badugi_keep_values``' (the best discard's own values:
  the draw being made counted exactly, the later ones from the draw-value
  table), the best of each size by the same tie rule (more kept, then the
  lower ids kept), for every hand;
* **the distributions** are counted once per class of hands up to the suits
  (16,432), which the suit isomorphism makes lossless: with one draw left,
  ``badugi_completion_ranks`` counts the final ranks of every completion of
  the best keep exactly; with more, each completion's own distribution with
  one draw fewer is averaged (every completion counted, the later draws by
  their best keeps).

A few minutes on one core (``full_deck_hands``); the tool that makes the full
game's strategy builds it once and keeps it in the run's checkpoint.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from badugi.equity import _run as run
from badugi.errors import GameSetupError
from badugi.solver.sampled.hands import BINS, DeckHands
from badugi.solver.tree import _numpy

__all__ = ["full_deck_hands"]

HANDS = 270_725


def _binomials() -> Any:
    """C(n, k) for n up to 52 and k up to 4, as a table."""
    np = _numpy()
    return np.array([[_choose(n, k) for k in range(5)] for n in range(53)], dtype=np.int64)


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(1, k + 1):
        result = result * (n - k + i) // i
    return result


def _colex(cards: Any, binomial: Any) -> Any:
    """The colex index of each row of ascending ids."""
    return sum(binomial[cards[..., i], i + 1] for i in range(4))


def _all_hands(binomial: Any) -> Any:
    np = _numpy()
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    order = np.argsort(_colex(hands, binomial), kind="stable")
    return hands[order]


def _classes(hands: Any) -> tuple[Any, Any]:
    """Each hand's class up to the suits (numbered in order of first hand), and each class's first hand."""
    np = _numpy()
    best = None
    for order in itertools.permutations(range(4)):
        relabel = (np.arange(52) // 4) * 4 + np.array(order)[np.arange(52) % 4]
        image = np.sort(relabel[hands], axis=1)
        code = ((image[:, 0] * 52 + image[:, 1]) * 52 + image[:, 2]) * 52 + image[:, 3]
        best = code if best is None else np.minimum(best, code)
    assert best is not None
    _, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    renumber = np.empty(first.size, dtype=np.int64)
    renumber[order] = np.arange(first.size)
    return renumber[inverse.ravel()], first[order]


def _keeps(hand: list[int], draws: int) -> tuple[list[int], int]:
    """The best keep mask throwing k cards (k = 0..4) and the best overall, by the library's values."""
    values = run.keep_values(hand, [], draws)
    common = 1
    for _, count in values:
        common = common * count // _gcd(common, count) if count else common
    worth = [total * (common // count) if count else -1 for total, count in values]
    by_size = []
    best, best_worth = 15, -1
    for thrown in range(5):
        candidates = [m for m in range(16) if 4 - bin(m).count("1") == thrown]
        # lower ids kept first: the kept cards as a number with the lowest card the most significant bit
        candidates.sort(key=lambda m: -sum(1 << (3 - i) for i in range(4) if m >> i & 1))
        top = max(worth[m] for m in candidates)
        keep = next(m for m in candidates if worth[m] == top)
        by_size.append(keep)
        if top > best_worth:  # fewer thrown wins a tie
            best, best_worth = keep, top
    return by_size, best


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def full_deck_hands(draws: int, progress: Callable[[str], None] | None = None) -> DeckHands:
    """The full deck's hands and what they are worth with up to ``draws`` draws left (see the module).

    ``progress``, if given, is told what is being counted as it starts.

    Raises:
        badugi.errors.GameSetupError: draws outside 0..3.
    """
    np = _numpy()
    if type(draws) is not int or not 0 <= draws <= 3:
        raise GameSetupError(f"draws must be an int from 0 to 3, got {draws!r}")
    say = progress or (lambda _: None)
    binomial = _binomials()
    hands = _all_hands(binomial)
    say("suit classes")
    klass, first = _classes(hands)
    counts = run.strength_counts()
    by_rank = np.array(counts, dtype=np.float64) / run.STRENGTH_SCALE
    from badugi.ranking.four_card import rank_many  # noqa: PLC0415 - numpy is in hand here

    rank = np.asarray(rank_many(hands.astype(np.uint8)), dtype=np.int64)
    strength = by_rank[rank]
    bins_of_rank = np.minimum((by_rank * BINS).astype(np.int64), BINS - 1)
    final = [np.eye(BINS)[bins_of_rank[rank[first]]]]  # per class
    discards = []
    unseen_cache: dict[int, Any] = {
        k: np.array(list(itertools.combinations(range(48), k)), dtype=np.int64) for k in range(5)
    }
    for d in range(1, draws + 1):
        say(f"the best keeps with {d} draw(s) left")
        table = np.zeros((HANDS, 5), dtype=np.uint8)
        best = np.zeros(HANDS, dtype=np.int64)
        for index, hand in enumerate(hands.tolist()):
            by_size, keep = _keeps(hand, d)
            table[index] = [15 & ~m for m in by_size]
            best[index] = keep
        discards.append(table)
        say(f"the final distributions with {d} draw(s) left")
        rows = np.zeros((first.size, BINS))
        for c, h in enumerate(first.tolist()):
            hand = hands[h].tolist()
            held = [card for i, card in enumerate(hand) if best[h] >> i & 1]
            thrown = [card for card in hand if card not in held]
            if d == 1:
                finals = np.array(run.completion_ranks(held, thrown), dtype=np.float64)
                rows[c] = np.bincount(bins_of_rank, weights=finals, minlength=BINS) / finals.sum()
                continue
            unseen = np.array([card for card in range(52) if card not in hand], dtype=np.int64)
            added = unseen[unseen_cache[4 - len(held)]]
            kept = np.tile(np.array(held, dtype=np.int64), (added.shape[0], 1))
            complete = np.sort(np.concatenate([kept, added], axis=1), axis=1)
            rows[c] = final[-1][klass[_colex(complete, binomial)]].mean(axis=0)
        final.append(rows)
    cards = hands.astype(np.uint8)
    per_hand = tuple(rows[klass] for rows in final)
    for array in (cards, strength, *discards, *per_hand):
        array.flags.writeable = False
    return DeckHands(
        deck=tuple(range(52)),
        cards=cards,
        strength=strength,
        discards=tuple(discards),
        final=per_hand,
        showdown=strength,
    )
