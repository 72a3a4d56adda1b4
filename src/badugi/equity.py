"""Draw equity: hand strength, the best discard, draw odds, and equity with draws to come.

The definitions:

* **Strength** of a four-card hand: the share of all 270,725 hands it beats,
  ties counting half. In [0, 1]. (The hand itself is one of the hands it
  ties, so the best hand's strength is just below 1 and the worst's just
  above 0.)
* **The best discard** with ``n`` draws left: the discard (one of the 16
  subsets of the hand) that maximises the expected strength of the final
  hand, assuming the player keeps choosing this way at later draws.

  - With one draw left the expectation is **exact**: every replacement from
    the cards the player cannot see (52 minus its hand minus the known dead
    cards).
  - With more draws left, what a kept group of 0–4 cards is worth with
    ``n-1`` draws to come comes from a table computed once (a dynamic
    programme over kept groups, treating the unseen cards as a full deck
    minus the group). The first draw's replacements are still counted
    exactly from the unseen cards; only the later draws are table-valued.
  - Ties: fewer discards first, then the lower ids kept, so the choice never
    depends on card order.

How equity deals the cards (``equity``): each player holds its known cards;
a hand of fewer than four holds unknown cards in the other places, throws
them at the first draw and keeps the known ones. A four-card hand's strategy
chooses at the first draw, and every strategy chooses at each later draw,
seeing only its own cards, its own earlier discards, the dead cards and how
many cards each player drew. Players draw in the order given. The cards
follow the card-room rules where they change the odds: one card is burned
before each draw's first replacement, the last card of the stub is never
dealt, and when the stub runs out the discard pile (the discards, the burns
and the last card, not the drawing player's own discards) is shuffled into a
new stub. The dead cards are in the discard pile from the start (mucked
cards, or a player's earlier discards): every player has seen them, and a
reshuffle can bring them back.

Exact answers count every deal; Monte Carlo ones come with a standard error
and depend only on ``(seed, samples)``, never on the number of threads.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from badugi import _equity_run as run
from badugi._equity_args import (
    DEFAULT_SAMPLES,
    NAMED_STRATEGIES,
    Cards,
    Strategy,
    card_text,
    fresh_seed,
    in_order,
    read_dead,
    read_draws,
    read_hands,
    read_keep,
    read_samples,
    read_seed,
    read_strategies,
    read_threads,
    short,
)
from badugi._equity_values import BestDiscard, DrawOdds, DrawOption, DrawView, Equity
from badugi._fields import trusted
from badugi.cards import CARD_TEXT, ID_BY_TEXT, HandLike, hand_list, parse_cards, parse_hand
from badugi.errors import InvalidHandError
from badugi.evaluate import rank

__all__ = [
    "DEFAULT_SAMPLES",
    "BestDiscard",
    "DrawOdds",
    "DrawOption",
    "DrawView",
    "Equity",
    "Strategy",
    "best_discard",
    "draw_odds",
    "equity",
    "strength",
]


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
    n = read_draws(draws, lowest=1, what="best_discard")
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
    n = read_draws(draws, lowest=0, what="draw_odds")
    seen = read_dead(dead, dict.fromkeys(ids, "the hand"), unseen_needed=4)
    count = read_samples(samples)
    chosen_seed = read_seed(seed)
    if keep is None:
        mask = 0xF if n == 0 else run.best_keep(ids, seen, n)
        kept = [c for i, c in enumerate(ids) if mask >> i & 1]
    else:
        kept = read_keep(keep, ids)
        if n == 0 and len(kept) != 4:
            raise InvalidHandError("with no draw left the hand keeps all four cards")
    thrown = [c for c in ids if c not in kept]
    if n <= 1:
        counts = run.completion_ranks(kept, thrown + seen)
        return _odds(kept, thrown, n, counts, None)
    mask = sum(1 << i for i, c in enumerate(ids) if c in kept)
    spot = run.Spot([ids], n, seen, [mask], [run.BEST])
    used_seed = fresh_seed() if chosen_seed is None else chosen_seed
    sums = spot.monte_carlo(count, used_seed, read_threads(None), want_ranks=True)
    return _odds(kept, thrown, n, tuple(sums.ranks), used_seed)


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


def equity(  # noqa: PLR0917 - the signature issue 9 gives
    hands: Iterable[Cards],
    draws: int = 1,
    dead: Cards = (),
    strategy: Strategy | Sequence[Strategy] = "best",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> Equity:
    """Each player's share of the pot with ``draws`` (0..3) draws to come.

    ``hands`` holds one hand per player (2 to 8), each of 0 to 4 known cards:
    a hand of fewer than four keeps those and draws the rest at the first
    draw. ``draws=0`` is a showdown and needs four cards each. ``strategy`` is
    "best" (the best discard, from what the player sees), "pat" (never draws
    on four cards), a callable (slow: Python is called for every decision; it
    takes a ``DrawView`` and returns the cards to throw), or one of these per
    player. See the module docstring for how the cards are dealt.

    The answer is exact when every deal can be counted: any spot with no
    choice after the first draw (one draw, or "pat" throughout) whose draw
    the stub covers without a reshuffle, heads-up always, three or more
    players up to 2**24 deals. Otherwise it is ``samples`` Monte Carlo deals
    (default 1,000,000), repeatable with ``seed``, spread over ``threads``
    (default: every core) in C with the GIL released.

    Raises:
        InvalidHandError: a bad hand or card, a card in two hands or in a hand
            and dead, fewer than two or more than eight players, a hand of
            more than four cards, draws outside 0..3, an unknown strategy, bad
            samples, seed or threads, or a strategy callable's answer that is
            not a set of its own cards.
    """
    return run_equity(
        hands, draws=draws, dead=dead, strategy=strategy, samples=samples, seed=seed, threads=threads
    )


def run_equity(
    hands: Iterable[Cards],
    *,
    draws: int = 1,
    dead: Cards = (),
    strategy: Strategy | Sequence[Strategy] = "best",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
    monte_carlo: bool = False,
) -> Equity:
    """``equity`` with a progress callback (given the deals so far) and a switch that forces Monte Carlo."""
    players = hand_list(hands, "equity()", most=8)  # more than eight are refused there
    if len(players) < 2:
        raise InvalidHandError(f"equity() takes 2 to 8 hands, got {len(players)}")
    n = read_draws(draws, lowest=0, what="equity")
    known = read_hands(players, n)
    owners = {c: f"hand {p}" for p, cards in enumerate(known) for c in cards}
    seen = read_dead(dead, owners, unseen_needed=0)
    unknown = 52 - len(owners) - len(seen)
    # Only a draw deals from the stub; a showdown (no draws) needs none left.
    if n > 0 and sum(4 - len(cards) for cards in known) + 1 > unknown:
        raise InvalidHandError(
            f"too many known and dead cards: the {unknown} left cannot fill every hand "
            "and keep the stub's last card"
        )
    strategies = read_strategies(strategy, len(known))
    count = read_samples(samples)
    chosen_seed = read_seed(seed)
    workers = read_threads(threads)
    spot = _spot(known, n, seen, strategies)
    if not monte_carlo and (n <= 1 or all(isinstance(s, str) and s == "pat" for s in strategies)):
        sums = spot.exact(workers)
        if sums is not None:
            return _equity_result(sums, len(known), None)
    used_seed = fresh_seed() if chosen_seed is None else chosen_seed
    sums = spot.monte_carlo(count, used_seed, workers, progress=progress)
    return _equity_result(sums, len(known), used_seed)


def _equity_result(sums: run.Sums, players: int, seed: int | None) -> Equity:
    exact = seed is None
    return trusted(
        Equity,
        exact=exact,
        equity=tuple(sums.equity(p) for p in range(players)),
        win=tuple(sums.win[p] / sums.deals for p in range(players)),
        tie=tuple(sums.tie[p] / sums.deals for p in range(players)),
        std_error=tuple(0.0 if exact else sums.std_error(p) for p in range(players)),
        samples=sums.deals,
        seed=seed,
    )


def _spot(known: list[list[int]], draws: int, dead: list[int], strategies: list[Strategy]) -> run.Spot:
    """The C spot: first keeps chosen now (the first draw is the same in every deal)."""
    first_keep: list[int] = []
    kinds: list[int] = []
    decide: dict[int, run.Decide] = {}
    first_counts: list[int] = []
    for p, (cards, chosen) in enumerate(zip(known, strategies, strict=True)):
        if isinstance(chosen, str):
            kinds.append(NAMED_STRATEGIES[chosen])
        else:
            kinds.append(run.CALLBACK)
            decide[p] = _decider(p, chosen)
        if len(cards) < 4 or draws == 0:
            keep = (1 << len(cards)) - 1
        elif chosen == "pat":
            keep = 0xF
        elif chosen == "best":
            keep = run.best_keep(cards, dead, draws)
        else:
            view = trusted(
                DrawView,
                player=p,
                cards=in_order(cards),
                draws_left=draws,
                discards=(),
                dead=in_order(dead),
                draw_counts=(tuple(first_counts),),
            )
            keep = decide[p](view)
        first_keep.append(keep)
        first_counts.append(4 - bin(keep).count("1"))
    return run.Spot(known, draws, dead, first_keep, kinds, decide=decide)


def _decider(player: int, chosen: Callable[[DrawView], object]) -> run.Decide:
    """A strategy callable as the engine calls it: the view in, the keep mask out."""

    def decide(view: DrawView) -> int:
        answer = chosen(view)
        ids = [ID_BY_TEXT[c] for c in view.cards]
        try:
            thrown = parse_cards(answer)  # type: ignore[arg-type]
        except InvalidHandError as exc:
            raise InvalidHandError(
                f"the strategy of player {player} returned {short(answer)}: {exc}"
            ) from None
        outside = [c for c in thrown if c not in ids]
        if outside:
            raise InvalidHandError(
                f"the strategy of player {player} threw {CARD_TEXT[outside[0]]}, which is not in its hand "
                f"{' '.join(view.cards)}"
            )
        return sum(1 << i for i, c in enumerate(ids) if c not in thrown)

    return decide
