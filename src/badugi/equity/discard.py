"""One hand with draws to come: its strength, and the best discard (exact for one draw)."""

from __future__ import annotations

import math

from badugi._fields import trusted
from badugi.cards import HandLike, parse_hand
from badugi.equity import _run as run
from badugi.equity import _run5 as run5
from badugi.equity._args import (
    Cards,
    card_text,
    read_dead,
    read_draws,
    read_game,
)
from badugi.equity.values import BestDiscard, DrawOption
from badugi.games import BADUGI, GameLike
from badugi.ranking.four_card import rank

__all__ = ["best_discard", "strength"]


def strength(hand: HandLike, game: GameLike = BADUGI) -> float:
    """The hand's expected share of the pot against one random hand of the game: in [0, 1].

    For Badugi, the share of all 270,725 hands this hand beats, ties counting
    half. For a split game (``badugi.games.BADEUCY``, ``BADACEY``), a hand
    of five cards: the mean over the halves of the share of all 2,598,960
    five-card hands it beats on that half, ties counting half.

    Raises:
        InvalidHandError: the hand is invalid or not the game's size, or
            ``game`` is not a game of ``badugi.games`` that this can value.
    """
    chosen = game if game is BADUGI else read_game(game)
    if chosen.hand_size == 4:
        return run.strength_counts()[rank(hand)] / run.STRENGTH_SCALE
    ids = chosen.parse(hand)
    return run5.strength(chosen.halves, ids) / run5.scale(len(chosen.halves), 0)


def best_discard(hand: HandLike, draws: int = 1, dead: Cards = (), game: GameLike = BADUGI) -> BestDiscard:
    """The discard that maximises the expected strength of the final hand, and every choice.

    ``draws`` (1..3) is how many draws are left, this one included; ``dead``
    are cards the player has seen out of the deck (other players' folded
    cards, its own earlier discards); ``game`` is the game (``BADUGI``, or a
    split game, whose hands have five cards and whose strength is the mean
    of its halves'). With one draw left every replacement from the unseen
    cards is counted; with more, the first draw is counted exactly and the
    later ones are valued from the game's draw-value table (see the module
    docstring). Ties go to fewer discards, then to the lower ids kept. The
    result holds all 16 choices of a four-card hand, or all 32 of a five-card one.

    Raises:
        InvalidHandError: a bad hand (or one not the game's size) or dead
            card, a dead card in the hand, draws outside 1..3, fewer unseen
            cards than the hand holds, or a ``game`` that is not a game of
            ``badugi.games`` this can value.
    """
    chosen = read_game(game)
    ids = list(parse_hand(hand)) if chosen.hand_size == 4 else chosen.parse(hand)
    n = read_draws(draws, lowest=1)
    seen = read_dead(dead, dict.fromkeys(ids, "the hand"), unseen_needed=len(ids))
    if chosen.hand_size == 4:
        values = run.keep_values(ids, seen, n)
        scale = run.STRENGTH_SCALE * 270_725 ** (n - 1)
    else:
        values = run5.keep_values(chosen.halves, ids, seen, n)
        scale = run5.scale(len(chosen.halves), n - 1)
    return _best_discard(ids, n, values, scale)


def _best_discard(ids: list[int], draws: int, values: list[tuple[int, int]], scale: int) -> BestDiscard:
    """The choices from each keep mask's (sum, count): its value is sum / count / scale."""
    # Brought to one denominator, the sums compare exactly as integers.
    common = math.lcm(*(count for _, count in values))
    by_id = sorted(range(len(ids)), key=ids.__getitem__)
    rows = []
    for mask, (total, count) in enumerate(values):
        kept = [ids[i] for i in by_id if mask >> i & 1]  # ascending ids
        rows.append((-total * (common // count), -len(kept), kept, mask))
    rows.sort()
    options = []
    for *_, mask in rows:
        total, count = values[mask]
        kept = [c for i, c in enumerate(ids) if mask >> i & 1]
        thrown = [c for i, c in enumerate(ids) if not mask >> i & 1]
        option = trusted(
            DrawOption, keep=card_text(kept), discard=card_text(thrown), expected=total / (count * scale)
        )
        options.append(option)
    return trusted(BestDiscard, options=tuple(options), draws=draws, exact=draws == 1)
