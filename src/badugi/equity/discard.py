"""One hand with draws to come: its strength, and the best discard (exact for one draw)."""

from __future__ import annotations

import math

from badugi._fields import trusted
from badugi.cards import HandLike, parse_hand
from badugi.equity import _run as run
from badugi.equity._args import (
    Cards,
    card_text,
    read_dead,
    read_draws,
)
from badugi.equity.values import BestDiscard, DrawOption
from badugi.ranking.four_card import rank

__all__ = ["best_discard", "strength"]


def strength(hand: HandLike) -> float:
    """The share of all 270,725 hands this hand beats, ties counting half: in [0, 1].

    Raises:
        InvalidHandError: the hand is invalid.
    """
    return run.strength_counts()[rank(hand)] / run.STRENGTH_SCALE


def best_discard(hand: HandLike, draws: int = 1, dead: Cards = ()) -> BestDiscard:
    """The discard that maximises the expected strength of the final hand, and all 16 choices.

    ``draws`` (1..3) is how many draws are left, this one included; ``dead``
    are cards the player has seen out of the deck (other players' folded
    cards, its own earlier discards). With one draw left every replacement
    from the unseen cards is counted; with more, the first draw is counted
    exactly and the later ones are valued from the draw-value table (see the
    module docstring). Ties go to fewer discards, then to the lower ids kept.

    Raises:
        InvalidHandError: a bad hand or dead card, a dead card in the hand,
            draws outside 1..3, or fewer than four cards left unseen.
    """
    ids = list(parse_hand(hand))
    n = read_draws(draws, lowest=1)
    seen = read_dead(dead, dict.fromkeys(ids, "the hand"), unseen_needed=4)
    return _best_discard(ids, n, seen)


def _best_discard(ids: list[int], draws: int, seen: list[int]) -> BestDiscard:
    values = run.keep_values(ids, seen, draws)  # (sum, count): the value is sum / count / scale
    scale = run.STRENGTH_SCALE * 270_725 ** (draws - 1)
    # Brought to one denominator, the sums compare exactly as integers.
    common = math.lcm(*(count for _, count in values))
    by_id = sorted(range(4), key=ids.__getitem__)
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
