"""Reading and checking the arguments of the draw-equity functions (``badugi.equity``).

Every reader raises ``InvalidHandError`` naming the argument and quoting at
most a short prefix of what it was given.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet

from badugi.cards import CARD_TEXT, as_index, check_one_deck, describe, parse_cards, quote
from badugi.equity._run import BEST, PAT, TABLE
from badugi.equity._run5 import MAX_HALVES
from badugi.equity.values import DrawView
from badugi.errors import InvalidHandError
from badugi.games import Game, game_of
from badugi.ranking.scales import BADUGI as BADUGI_SCALE

#: Monte Carlo deals when ``samples`` is not given.
DEFAULT_SAMPLES = 1_000_000
#: The most samples one call takes (about a day of work).
MAX_SAMPLES = 1 << 40
#: The most threads one call starts.
MAX_THREADS = 256
#: What the named strategies mean to the C engines.
NAMED_STRATEGIES = {"best": BEST, "table": TABLE, "pat": PAT}

#: A strategy: "best", "table", "pat", or a callable that takes a ``DrawView`` and
#: returns the cards to throw (text or ids; empty to stand pat).
Strategy = str | Callable[[DrawView], Iterable[str] | Iterable[int]]
#: Cards as the functions take them: text, or any iterable of card texts or ids.
Cards = str | Iterable[str] | Iterable[int]


#: The longest description of a bad argument an error message quotes.
_MOST_QUOTED = 100


def short(value: object) -> str:
    """``badugi.cards.describe``, cut short: a nest of iterators can repr to hundreds of characters."""
    text = describe(value)
    return text if len(text) <= _MOST_QUOTED else text[: _MOST_QUOTED - 3] + "..."


def card_text(ids: list[int]) -> tuple[str, ...]:
    """Cards as text, highest first."""
    return tuple(CARD_TEXT[c] for c in sorted(ids, reverse=True))


def in_order(ids: list[int]) -> tuple[str, ...]:
    """Cards as text, in the order given."""
    return tuple(CARD_TEXT[c] for c in ids)


def read_draws(draws: object, lowest: int) -> int:
    """Draws left, an integer from lowest to 3."""
    n = as_index(draws)
    if n is None or not lowest <= n <= 3:
        raise InvalidHandError(f"draws must be a whole number from {lowest} to 3, got {short(draws)}")
    return n


def read_game(game: object) -> Game:
    """A game (or a game's name) whose hands strength and the best discard can value.

    Four-card games on the Badugi scale take the Badugi tables; five-card
    games with one or two halves take the five-card ones.
    """
    named = game_of(game)
    if named is None:
        raise InvalidHandError(
            f"game must be one of badugi.games (BADUGI, ...) or its name ('badeucy'), got {short(game)}"
        )
    game = named
    if game.hand_size == 4 and game.halves != (BADUGI_SCALE,):
        raise InvalidHandError(f"game {game.name}: a four-card game is valued on the Badugi scale only")
    if len(game.halves) > MAX_HALVES:
        raise InvalidHandError(
            f"game {game.name}: a game is valued with at most {MAX_HALVES} halves, got {len(game.halves)}"
        )
    return game


def read_dead(dead: object, owners: dict[int, str], unseen_needed: int) -> list[int]:
    """The dead cards: none held by an owner (``{card: "hand 0"}``), and ``unseen_needed`` left unseen."""
    try:
        ids = parse_cards(dead)  # type: ignore[arg-type]
    except InvalidHandError as exc:
        raise InvalidHandError(f"dead: {exc}") from None
    for c in ids:
        if c in owners:
            raise InvalidHandError(f"card {CARD_TEXT[c]} is both in {owners[c]} and dead")
    if unseen_needed and 52 - len(owners) - len(ids) < unseen_needed:
        raise InvalidHandError(
            f"{len(ids)} dead cards leave {52 - len(owners) - len(ids)} unseen; "
            f"at least {unseen_needed} must be"
        )
    return ids


def read_keep(keep: object, hand: list[int]) -> list[int]:
    """The cards of ``hand`` to keep, in hand order; every one must be in the hand."""
    try:
        ids = parse_cards(keep)  # type: ignore[arg-type]
    except InvalidHandError as exc:
        raise InvalidHandError(f"keep: {exc}") from None
    for c in ids:
        if c not in hand:
            raise InvalidHandError(f"keep: {CARD_TEXT[c]} is not in the hand")
    return [c for c in hand if c in ids]


def read_hands(players: list[object], draws: int, size: int = 4) -> list[list[int]]:
    """Each player's known cards: 0 to ``size`` each (``size`` for a showdown), no card in two hands."""
    known: list[list[int]] = []
    for p, hand in enumerate(players):
        try:
            cards = parse_cards(hand)  # type: ignore[arg-type]
        except InvalidHandError as exc:
            raise InvalidHandError(f"hand {p}: {exc}") from None
        if len(cards) > size:
            raise InvalidHandError(f"hand {p}: a hand holds at most {size} cards, got {len(cards)}")
        if draws == 0 and len(cards) != size:
            raise InvalidHandError(
                f"hand {p}: draws=0 is a showdown and needs {size} cards, got {len(cards)}"
            )
        known.append(cards)
    check_one_deck(known)
    return known


def read_strategies(strategy: object, players: int) -> list[Strategy]:
    """One strategy per player, from one for all or a sequence of one each."""
    if isinstance(strategy, str) or callable(strategy):
        return [_one_strategy(strategy)] * players
    unknown = (
        f"unknown strategy {short(strategy)}: "
        "use 'best', 'table', 'pat', a callable, or a list of one per player"
    )
    if isinstance(strategy, (bytes, bytearray, Mapping, AbstractSet)):  # a set or mapping has no order
        raise InvalidHandError(unknown)
    try:
        chosen = list(itertools.islice(strategy, players + 1))  # type: ignore[call-overload]
    except Exception:
        raise InvalidHandError(unknown) from None
    if len(chosen) != players:
        got = f"more than {players}" if len(chosen) > players else str(len(chosen))
        raise InvalidHandError(f"{got} strategies for {players} players")
    return [_one_strategy(s) for s in chosen]


def _one_strategy(strategy: object) -> Strategy:
    """Check one strategy: "best", "table", "pat" or a callable."""
    if isinstance(strategy, str) and strategy in NAMED_STRATEGIES:
        return strategy
    if callable(strategy) and not isinstance(strategy, str):
        return strategy
    raise InvalidHandError(f"unknown strategy {quote(strategy)}: use 'best', 'table', 'pat' or a callable")


def read_samples(samples: object) -> int:
    """Monte Carlo deals: 1 to 2**40, or the default."""
    if samples is None:
        return DEFAULT_SAMPLES
    n = as_index(samples)
    if n is None or not 1 <= n <= MAX_SAMPLES:
        raise InvalidHandError(f"samples must be a whole number from 1 to 2**40, got {short(samples)}")
    return n


def read_seed(seed: object) -> int | None:
    """A seed from 0 to 2**64 - 1, or None for a fresh one."""
    if seed is None:
        return None
    n = as_index(seed)
    if n is None or not 0 <= n < 1 << 64:
        raise InvalidHandError(f"seed must be a whole number from 0 to 2**64 - 1, got {short(seed)}")
    return n


def fresh_seed() -> int:
    """A seed from the operating system."""
    import secrets  # noqa: PLC0415 - only Monte Carlo runs without a seed need it

    return secrets.randbits(64)


def read_threads(threads: object) -> int:
    """Threads: 1 to 256, or (None) one per core this process may use."""
    if threads is None:
        try:
            return max(1, min(MAX_THREADS, len(os.sched_getaffinity(0))))
        except AttributeError:  # not on every platform
            return max(1, min(MAX_THREADS, os.cpu_count() or 1))
    n = as_index(threads)
    if n is None or not 1 <= n <= MAX_THREADS:
        raise InvalidHandError(
            f"threads must be a whole number from 1 to {MAX_THREADS}, got {short(threads)}"
        )
    return n
