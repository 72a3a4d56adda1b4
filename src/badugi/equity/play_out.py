"""Equity: each player's share of the pot, the hands dealt out to the showdown by the card-room rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from badugi._fields import trusted
from badugi.cards import CARD_TEXT, ID_BY_TEXT, hand_list, parse_cards
from badugi.equity import _run as run
from badugi.equity import _run5 as run5
from badugi.equity._args import (
    NAMED_STRATEGIES,
    Cards,
    Strategy,
    fresh_seed,
    in_order,
    read_dead,
    read_draws,
    read_game,
    read_hands,
    read_samples,
    read_seed,
    read_strategies,
    read_threads,
    short,
)
from badugi.equity.values import DrawView, Equity
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, Game, GameLike

__all__ = ["equity", "run_equity"]


def equity(  # noqa: PLR0917 - the signature issue 9 gives
    hands: Iterable[Cards],
    draws: int = 1,
    dead: Cards = (),
    strategy: Strategy | Sequence[Strategy] = "best",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    *,
    game: GameLike = BADUGI,
) -> Equity:
    """Each player's share of the pot with ``draws`` (0..3) draws to come.

    ``hands`` holds one hand per player (2 to 8), each of 0 to 4 known cards:
    a hand of fewer than four keeps those and draws the rest at the first
    draw. ``draws=0`` is a showdown and needs four cards each. ``strategy`` is
    "best" (the best discard, from what the player sees), "table" (the best
    discard with no card seen, looked up: much faster with draws after the
    first, and close to "best"; see the module docstring), "pat" (never draws
    on four cards), a callable (slow: Python is called for every decision; it
    takes a ``DrawView`` and returns the cards to throw), or one of these per
    player. See the module docstring for how the cards are dealt.

    ``game`` (``badugi.games``) is the game: Badugi by default; in Badeucy
    and Badacey each hand holds five cards (so 0 to 5 known) and the pot
    splits between the halves as the showdown splits it: each half is half
    the pot, shared by the hands that tie for it; ``win`` counts the deals a
    player scoops alone, ``tie`` those where it takes a part. "best" and
    "table" choose among the 32 keeps of five cards by the split games'
    strength (``badugi.best_discard(..., game=)``).

    The answer is exact when every deal can be counted: any spot with no
    choice after the first draw (one draw, or "pat" throughout) whose draw
    the stub covers without a reshuffle: heads-up Badugi always, three or
    more players (or a split game) up to 2**24 deals. Otherwise it is ``samples`` Monte Carlo deals
    (default 1,000,000), repeatable with ``seed``, spread over ``threads``
    (default: every core) in C with the GIL released.

    Raises:
        InvalidHandError: a bad hand or card, a card in two hands or in a hand
            and dead, fewer than two or more than eight players, a hand of
            more cards than the game's hand, draws outside 0..3, an unknown strategy, a game
            that is not one of ``badugi.games``, bad
            samples, seed or threads, or a strategy callable's answer that is
            not a set of its own cards.
    """
    return run_equity(
        hands,
        draws=draws,
        dead=dead,
        strategy=strategy,
        samples=samples,
        seed=seed,
        threads=threads,
        game=game,
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
    game: GameLike = BADUGI,
) -> Equity:
    """``equity`` with a progress callback (given the deals so far) and a switch that forces Monte Carlo."""
    players = hand_list(hands, "equity", most=8)  # more than eight are refused there
    if len(players) < 2:
        raise InvalidHandError(f"equity takes 2 to 8 hands, got {len(players)}")
    n = read_draws(draws, lowest=0)
    chosen_game = read_game(game)
    size = chosen_game.hand_size
    known = read_hands(players, n, size)
    owners = {c: f"hand {p}" for p, cards in enumerate(known) for c in cards}
    seen = read_dead(dead, owners, unseen_needed=0)
    unknown = 52 - len(owners) - len(seen)
    # Only a draw deals from the stub; a showdown (no draws) needs none left.
    if n > 0 and sum(size - len(cards) for cards in known) + 1 > unknown:
        raise InvalidHandError(
            f"too many known and dead cards: the {unknown} left cannot fill every hand "
            "and keep the stub's last card"
        )
    strategies = read_strategies(strategy, len(known))
    count = read_samples(samples)
    chosen_seed = read_seed(seed)
    workers = read_threads(threads)
    spot = _spot(known, n, seen, strategies, chosen_game)
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


def _spot(
    known: list[list[int]], draws: int, dead: list[int], strategies: list[Strategy], game: Game
) -> run.Spot:
    """The C spot: first keeps chosen now (the first draw is the same in every deal)."""
    size = game.hand_size
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
        if len(cards) < size or draws == 0:
            keep = (1 << len(cards)) - 1
        elif chosen == "pat":
            keep = (1 << size) - 1
        elif chosen == "best":
            keep = (
                run.best_keep(cards, dead, draws)
                if size == 4
                else run5.best_keep(game.halves, cards, dead, draws)
            )
        elif chosen == "table":
            # The table's keep is the best keep with nothing seen (the five-card one without its table).
            keep = (
                run.table_keep(cards, draws) if size == 4 else run5.best_keep(game.halves, cards, [], draws)
            )
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
        first_counts.append(size - bin(keep).count("1"))
    return run.Spot(known, draws, dead, first_keep, kinds, decide=decide, game=game)


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
