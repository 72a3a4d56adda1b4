"""What a decision is worth by the library's draw values: equity at a bet, pot odds, a draw's cost.

* **Equity** at a bet: the seat's share of the pot with the draws to come
  (``badugi.equity``, every player drawing its best), against the cards
  the live opponents held then where the file shows them (after the last draw,
  a hand shown at the showdown is the hand held), else against a hand dealt
  uniformly at random from the cards the seat cannot see (``RANDOM_HANDS``
  such hands, each played out over ``RANDOM_HAND_SAMPLES`` deals; with no draw
  to come, ``RANDOM_HANDS_AT_SHOWDOWN`` showdowns). Heads-up, where the solved
  strategy has an answer, against the opponent's *range* instead
  (``badugi.review.ranges``): as many hands drawn from it by weight, played
  out the same way.
* **Pot odds**: the call over the pot after calling.
* **A draw's cost**: the expected final strength (``badugi.best_discard``: the
  share of all hands the final hand beats) of the best discard minus that of the
  discard made, with the seat's own earlier discards dead; 0 for the best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from badugi.cards import CARD_TEXT, parse_cards, quote
from badugi.equity import best_discard, equity, run_equity
from badugi.errors import GameSetupError, InvalidHandError
from badugi.games import Game, GameLike, game_of
from badugi.review.moments import UNKNOWN
from badugi.review.ranges import Range

__all__ = [
    "EQUITY_SAMPLES",
    "RANDOM_HANDS",
    "RANDOM_HANDS_AT_SHOWDOWN",
    "RANDOM_HAND_SAMPLES",
    "DrawCost",
    "Equity",
    "draw_cost",
    "equity_against_range",
    "equity_at",
    "pot_odds",
]

#: Monte Carlo deals of an equity that cannot be counted exactly (more than one draw to come).
EQUITY_SAMPLES = 20_000
#: Random hands an unseen opponent is given, each played out, for an equity against a random hand.
RANDOM_HANDS = 200
#: The deals each of those hands is played out over.
RANDOM_HAND_SAMPLES = 200
#: Random hands with no draw to come, where each one is a showdown that costs next to nothing.
RANDOM_HANDS_AT_SHOWDOWN = 1_000


@dataclass(frozen=True)
class Equity:
    """A seat's equity at a bet, and what it was counted against.

    Attributes:
        share: the seat's expected share of the pot, 0 to 1.
        against: ``"cards"`` (every live opponent's cards shown), ``"range"`` (the one opponent's
            hands as the strategy's play of them says) or ``"random"`` (an unseen opponent is a
            random hand of the cards the seat cannot see).
    """

    share: float
    against: str


@dataclass(frozen=True)
class DrawCost:
    """A draw valued by the draw values: the best discard and what the one made gave up.

    Attributes:
        best: the best discard (``badugi.best_discard``), its cards highest first.
        best_value: its expected final strength.
        made_value: the expected final strength of the discard made.
        cost: ``best_value - made_value``, never below 0.
    """

    best: tuple[str, ...]
    best_value: float
    made_value: float
    cost: float


def _chips(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameSetupError(f"{what} must be a whole number of chips from 0, got {quote(value)}")
    return value


def pot_odds(call_amount: int, pot: int) -> float | None:
    """The call over the pot after calling (``pot``: every chip put in so far); None with nothing to call.

    Raises:
        badugi.errors.GameSetupError: an amount that is not a whole number of chips from 0.
    """
    call, before = _chips(call_amount, "call_amount"), _chips(pot, "pot")
    if call == 0:
        return None
    return call / (before + call)


def _texts(cards: object) -> list[str]:
    return [CARD_TEXT[card] for card in parse_cards(cards)]  # type: ignore[arg-type]


def draw_cost(
    cards: Sequence[str], thrown: Sequence[str], draws: int, dead: Sequence[str], game: GameLike
) -> DrawCost:
    """What throwing ``thrown`` from ``cards`` gave up, ``draws`` draws to come counting this one.

    ``dead`` are the cards the seat has seen out of the deck (its own earlier discards);
    ``game`` a game of ``badugi.games`` or its name.

    Raises:
        badugi.errors.InvalidHandError: cards that are not a hand of ``game``, ``thrown`` not among
            them, dead cards that are not cards, draws out of 1..3, or not a game.
    """
    named = game_of(game)
    if named is None:
        raise InvalidHandError(f"game must be a badugi.games.Game or its name, got {quote(game)}")
    hand, throw = _texts(cards), _texts(thrown)
    kept_dead = [card for card in _texts(dead) if card not in hand]  # a reshuffle can deal a discard back
    choice = best_discard(hand, draws=draws, dead=kept_dead, game=named)
    made = frozenset(throw)
    value = next((o.expected for o in choice.options if frozenset(o.discard) == made), None)
    if value is None:
        raise InvalidHandError(f"{' '.join(throw) or 'nothing'} is not a discard of {' '.join(hand)}")
    return DrawCost(choice.discard, choice.expected, value, max(0.0, choice.expected - value))


def equity_at(
    cards: Sequence[str],
    opponents: Sequence[Sequence[str]],
    draws: int,
    dead: Sequence[str],
    game: Game,
    *,
    seed: int = 0,
) -> Equity | None:
    """The seat's equity holding ``cards`` against ``opponents`` (each a hand, ``"??"`` for a card unseen).

    None when the seat's own cards are not all shown, nobody is left to play against, or the
    cards leave no stub to draw from (``badugi.equity`` refuses the spot: many seats deep in a
    hand of a five-card game). ``cards`` and ``opponents`` are a hand's cards as the engine
    dealt them: this values a spot, it does not check one.
    """
    if not opponents or UNKNOWN in cards:
        return None
    try:
        return _equity_at(cards, opponents, draws, dead, game, seed=seed)
    except InvalidHandError:
        return None


def _equity_at(
    cards: Sequence[str],
    opponents: Sequence[Sequence[str]],
    draws: int,
    dead: Sequence[str],
    game: Game,
    *,
    seed: int,
) -> Equity:
    held = {card for hand in (cards, *opponents) for card in hand if card != UNKNOWN}
    out = [card for card in dead if card not in held]
    if all(UNKNOWN not in hand for hand in opponents):
        shown = [list(cards), *(list(hand) for hand in opponents)]
        result = equity(shown, draws=draws, dead=out, samples=EQUITY_SAMPLES, seed=seed, threads=1, game=game)
        return Equity(result.equity[0], "cards")
    unseen = [card for card in CARD_TEXT if card not in held and card not in out]
    needed = sum(len(hand) for hand in opponents if UNKNOWN in hand)
    if len(unseen) <= needed:  # the seat's discards come back with a reshuffle: deal them too
        out = []
        unseen = [card for card in CARD_TEXT if card not in held]
    rng = random.Random(seed)
    total = 0.0
    hands_dealt = RANDOM_HANDS_AT_SHOWDOWN if draws == 0 else RANDOM_HANDS
    for k in range(hands_dealt):
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [list(cards)]
        for hand in opponents:
            hands.append([pool.pop() for _ in hand] if UNKNOWN in hand else list(hand))
        total += _played_out(hands, draws, out, game, seed=seed + k)
    return Equity(total / hands_dealt, "random")


def equity_against_range(
    cards: Sequence[str], belief: Range, draws: int, dead: Sequence[str], game: Game, *, seed: int = 0
) -> Equity:
    """The seat's equity holding ``cards`` against the hands of ``belief``, drawn by weight.

    Each hand is played out as a random hand is (``RANDOM_HAND_SAMPLES`` deals; with no draw to
    come, a showdown), with the seat's discards and the hand's own dead.
    """
    total = 0.0
    hands_dealt = RANDOM_HANDS_AT_SHOWDOWN if draws == 0 else RANDOM_HANDS
    for k, particle in enumerate(belief.hands(hands_dealt, seed=seed)):
        held = set(cards) | set(particle.hand)
        thrown = [card for out, _ in particle.draws for card in out]
        out = sorted(set(dead).union(thrown) - held)
        total += _played_out([list(cards), list(particle.hand)], draws, out, game, seed=seed + k)
    return Equity(total / hands_dealt, "range")


def _played_out(hands: list[list[str]], draws: int, dead: Sequence[str], game: Game, *, seed: int) -> float:
    """The first hand's equity against the others over ``RANDOM_HAND_SAMPLES`` deals of the draws.

    Monte Carlo even where every deal could be counted: a few hundred deals a hand are plenty when
    the hands themselves are a sample, and cost a tenth of a count.
    """
    result = run_equity(
        hands,
        draws=draws,
        dead=dead,
        samples=RANDOM_HAND_SAMPLES,
        seed=seed,
        threads=1,
        monte_carlo=draws > 0,
        game=game,
    )
    return float(result.equity[0])
