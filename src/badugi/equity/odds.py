"""Where a hand ends up after its draws: the chance of each final rank, exact or by Monte Carlo."""

from __future__ import annotations

from badugi._fields import trusted
from badugi.cards import HandLike, parse_hand
from badugi.equity import _run as run
from badugi.equity._args import (
    Cards,
    card_text,
    fresh_seed,
    read_dead,
    read_draws,
    read_keep,
    read_samples,
    read_seed,
    read_threads,
)
from badugi.equity.values import DrawOdds
from badugi.errors import InvalidHandError

__all__ = ["draw_odds"]


def draw_odds(  # noqa: PLR0917 - the signature issue 9 gives
    hand: HandLike,
    draws: int = 1,
    keep: Cards | None = None,
    dead: Cards = (),
    samples: int | None = None,
    seed: int | None = None,
) -> DrawOdds:
    """Where a hand ends up when it keeps ``keep`` now and plays the best discard at later draws.

    ``keep`` defaults to the best discard's keep. With one draw left (or
    none) every replacement is counted; with more, ``samples`` Monte Carlo
    deals (repeatable with ``seed``) play the later draws by the best discard,
    seeing the player's own discards and ``dead``, by the card-room deck rules.

    Raises:
        InvalidHandError: a bad hand, keep or dead card, a kept card not in the
            hand, draws outside 0..3, bad samples or seed, or fewer than four
            cards left unseen.
    """
    ids = list(parse_hand(hand))
    n = read_draws(draws, lowest=0)
    seen = read_dead(dead, dict.fromkeys(ids, "the hand"), unseen_needed=4)
    count = read_samples(samples)
    chosen_seed = read_seed(seed)
    kept, thrown, counts, used_seed = final_counts(ids, n, keep, seen, count=count, chosen_seed=chosen_seed)
    return _odds(kept, thrown, n, counts, used_seed)


def final_counts(
    ids: list[int], n: int, keep: Cards | None, seen: list[int], *, count: int, chosen_seed: int | None
) -> tuple[list[int], list[int], tuple[int, ...], int | None]:
    """``draw_odds`` on checked arguments, up to the counts: (kept, thrown, final hands by rank, seed used).

    The bots estimate their opponents from these counts alone, hundreds of hands at a time.
    """
    if keep is None:
        mask = 0xF if n == 0 else run.best_keep(ids, seen, n)
        kept = [c for i, c in enumerate(ids) if mask >> i & 1]
    else:
        kept = read_keep(keep, ids)
        if n == 0 and len(kept) != 4:
            raise InvalidHandError("with no draw left the hand keeps all four cards")
    thrown = [c for c in ids if c not in kept]
    if n <= 1:
        return kept, thrown, tuple(run.completion_ranks(kept, thrown + seen)), None
    mask = sum(1 << i for i, c in enumerate(ids) if c in kept)
    spot = run.Spot([ids], n, seen, [mask], [run.BEST])
    used_seed = fresh_seed() if chosen_seed is None else chosen_seed
    sums = spot.monte_carlo(count, used_seed, read_threads(None), want_ranks=True)
    return kept, thrown, tuple(sums.ranks), used_seed


def _odds(
    kept: list[int], thrown: list[int], draws: int, counts: tuple[int, ...], seed: int | None
) -> DrawOdds:
    from fractions import Fraction  # noqa: PLC0415 - see _best_discard

    strengths = run.strength_counts()
    total = sum(counts)
    mean = Fraction(sum(c * s for c, s in zip(counts, strengths, strict=True)), total * run.STRENGTH_SCALE)
    std_error = 0.0
    if seed is not None and total > 1:
        mean_square = Fraction(sum(c * s * s for c, s in zip(counts, strengths, strict=True)), total)
        variance = (mean_square / run.STRENGTH_SCALE**2 - mean * mean) * total / (total - 1)
        std_error = float(variance / total) ** 0.5
    return trusted(
        DrawOdds,
        keep=card_text(kept),
        discard=card_text(thrown),
        draws=draws,
        exact=seed is None,
        samples=total,
        seed=seed,
        expected=float(mean),
        std_error=std_error,
        _counts=tuple(counts),
    )
