"""A bet's worth in big bets by the solved strategy: the hand played out from the decision.

The strategy gives probabilities, not values, so a bet is valued by playing the
hand to its end from there: each legal action in turn, then both seats following
the strategy (each action drawn from its probabilities) to the showdown or a fold,
``PLAYOUTS`` times. The opponent's hidden cards come from its range
(``badugi.review.ranges``), or are the cards the file shows; the cards nobody has
seen are shuffled again for each play-out. An action's value is the seat's mean
result from the decision on (the chips it ends with less those it has then), in
big bets; what the choice cost is the best action's value less the chosen one's.

Every action is played out on the same deals and the same random choices
(common random numbers), so their differences are sharper than their values;
``BetValue.error`` is the 95% half-width of the cost's.

The hand at the decision is rebuilt by the engine for each deal: a stacked deck
puts each seat's cards where the dealer deals them (their places found by
playing the public actions once on a deck of known order), and the public actions
are played again. Where the engine does not end where the hand stands (a room's
posting it does not play, a dealer's error) or the strategy has no answer on the
way, there is no value: ``bet_value`` gives None.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, Hand, SeatView, view_of
from badugi.engine._checks import short_repr
from badugi.engine.history import Event
from badugi.equity import best_discard
from badugi.errors import BadugiError, HandHistoryError
from badugi.review.advice import Action, Advice, Advisor, checked_advice, chosen_probability
from badugi.review.ranges import Particle

__all__ = ["MOST_PLAYOUTS", "PLAYOUTS", "BetValue", "bet_value"]

#: Play-outs of each action at a bet: a cost's 95% interval is then about a big bet wide.
PLAYOUTS = 200
#: The most play-outs a review takes of each action.
MOST_PLAYOUTS = 100_000
#: The most decisions a play-out may take before it is given up as a loop (a hand has a few dozen).
_MOST_STEPS = 200
_BETTING = ("fold", "check", "call", "bet", "raise")
#: The other events of a hand the engine deals again as the record says: nothing to play.
_PLAIN = frozenset({"setup", "followed", "ante", "blind", "burn", "draw_round", "round", "deal"})


@dataclass(frozen=True)
class BetValue:
    """A bet valued by play-outs under the strategy.

    Attributes:
        values: each legal action (as the strategy names it) and its mean result from the decision
            on, in big bets.
        best: the action of the highest value.
        chosen: the value of the action taken.
        cost: the best value less the chosen one, in big bets (0 where the choice is the best).
        error: the 95% half-width of ``cost`` (0 where the choice is the best; infinite from a
            single play-out).
        playouts: the play-outs of each action (one a particle of the opponent's range that
            could still be dealt).
    """

    values: tuple[tuple[Action, float], ...]
    best: Action
    chosen: float
    cost: float
    error: float
    playouts: int


def bet_value(
    hand: Hand,
    view: SeatView,
    taken: Action,
    opponents: Sequence[Particle],
    advisor: Advisor,
    *,
    seed: int = 0,
) -> BetValue | None:
    """Every legal action at ``view`` (a heads-up bet of ``hand``) valued by play-outs, one a particle.

    ``opponents`` are the other seat's possible hands (``badugi.review.ranges.Particle``: as
    dealt, with its draws so far); each is one deal of every action's play-out. ``taken`` is the
    action made. None where the strategy has no answer at ``view`` or at a bet on the way, or the
    engine cannot deal the hand again to stand where it stood.

    Raises:
        badugi.errors.HandHistoryError: an argument of the wrong type or shape, named; an advisor's
            answer that is not advice.
    """
    _check(hand, view, taken, opponents, advisor=advisor, seed=seed)
    structure = hand.setup.structure
    start = _start(view)
    if view.phase != "bet" or len(view.stacks) != 2 or start is None or not isinstance(structure, FixedLimit):
        return None
    if not checked_advice(advisor(view)):
        return None
    actions = _legal_actions(view, taken)
    try:
        results = _results(hand, view, start, actions, opponents=opponents, advisor=advisor, seed=seed)
    except HandHistoryError:
        raise  # the advisor's garbage, as at the decision itself
    except BadugiError:  # an action the engine refuses: the strategy's, not the review's
        return None
    if results is None:
        return None
    taken_index = next(i for i, action in enumerate(actions) if _same(action, taken))
    means = [sum(r) / len(r) / structure.big_bet for r in results]
    best_index = max(range(len(actions)), key=means.__getitem__)
    best, chosen = results[best_index], results[taken_index]
    gaps = [(b - t) / structure.big_bet for b, t in zip(best, chosen, strict=True)]
    cost = sum(gaps) / len(gaps)
    if len(gaps) > 1:
        error = 1.96 * math.sqrt(sum((g - cost) ** 2 for g in gaps) / (len(gaps) - 1) / len(gaps))
    else:
        error = 0.0 if cost == 0 else math.inf  # one play-out says nothing of its spread
    return BetValue(
        tuple(zip(actions, means, strict=True)),
        actions[best_index],
        means[taken_index],
        cost,
        error,
        len(gaps),
    )


def _check(
    hand: object, view: object, taken: object, opponents: object, *, advisor: object, seed: object
) -> None:
    """Refuse arguments of the wrong type or shape, naming them."""
    if not isinstance(hand, Hand):
        raise HandHistoryError(f"bet_value takes a badugi.engine.Hand, got {short_repr(hand)}")
    if not isinstance(view, SeatView):
        raise HandHistoryError(f"view must be a badugi.engine.SeatView, got {short_repr(view)}")
    if not callable(advisor):
        raise HandHistoryError(f"advisor must be a callable, got {short_repr(advisor)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise HandHistoryError(f"seed must be an int, got {short_repr(seed)}")
    try:
        chosen_probability(((taken, 1.0),), "fold")
    except HandHistoryError:
        raise HandHistoryError(
            f"taken must be an action as the engine takes it, got {short_repr(taken)}"
        ) from None
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence) or not opponents:
        raise HandHistoryError(
            f"opponents must be a non-empty sequence of Particle, got {short_repr(opponents)}"
        )
    for particle in opponents:
        if not (isinstance(particle, Particle) and _cards(particle.dealt) and _draws(particle.draws)):
            raise HandHistoryError(
                "opponents must hold Particle of cards, and draws of (thrown, got) cards, "
                f"got {short_repr(particle)}"
            )


def _cards(cards: object) -> bool:
    return isinstance(cards, (tuple, list)) and all(isinstance(card, str) for card in cards)


def _draws(draws: object) -> bool:
    return isinstance(draws, (tuple, list)) and all(
        isinstance(pair, (tuple, list)) and len(pair) == 2 and _cards(pair[0]) and _cards(pair[1])
        for pair in draws
    )


def _legal_actions(view: SeatView, taken: Action) -> list[Action]:
    """The actions a seat may take at ``view``, as the engine takes them, and ``taken`` among them.

    A fold where checking is free is left out, unless it is what the seat did.
    """
    legal = view.legal
    actions: list[Action] = ["fold"] if legal.call or _same("fold", taken) else []
    actions += ["call"] if legal.call else ["check"] if legal.check else []
    if legal.min_raise_to is not None:
        actions.append(("raise", legal.min_raise_to))
    if not any(_same(action, taken) for action in actions):
        actions.append(taken)  # a raise of another size: the engine plays it, or refuses it
    return actions


def _same(action: Action, taken: Action) -> bool:
    return chosen_probability(((action, 1.0),), taken) == 1.0


def _results(
    hand: Hand,
    view: SeatView,
    start: _Start,
    actions: Sequence[Action],
    *,
    opponents: Sequence[Particle],
    advisor: Advisor,
    seed: int,
) -> list[list[int]] | None:
    """Each action's results in chips (the seat's chips at the end less its chips now), a particle each."""
    places = _places(hand, start)
    results: list[list[int]] = [[] for _ in actions]
    for k, particle in enumerate(opponents):
        rng = random.Random(f"{seed}-{k}")
        choices = rng.random()  # the same random choices after each action (common random numbers)
        deck = _deck(start, places, view.seat, particle, rng)
        if deck is None:  # a particle holding a card the seat was dealt since: no deal it could be
            continue
        for results_of, action in zip(results, actions, strict=True):
            # The hand dealt again for each action: cheaper than a copy of it.
            at = _rebuilt(hand, view, start, deck, particle)
            if at is None:
                return None
            played = _played_out(at, view.seat, action, advisor, random.Random(choices))
            if played is None:
                return None
            results_of.append(played - view.stacks[view.seat])
    return results if results[0] else None


@dataclass(frozen=True)
class _Start:
    """What the public record says of the hand so far: the seat's own cards and every action."""

    dealt: tuple[str, ...]
    draws: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    actions: tuple[Event, ...]


def _start(view: SeatView) -> _Start | None:
    dealt: tuple[str, ...] = ()
    draws: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    actions: list[Event] = []
    for item in view.history:
        kind, seat = item.get("event"), item.get("seat")
        if kind == "deal" and seat == view.seat:
            dealt = tuple(item.get("cards") or ())
        elif kind == "draw":
            if seat == view.seat:
                draws.append((tuple(item.get("discards") or ()), tuple(item.get("received") or ())))
            actions.append(item)
        elif kind in _BETTING:
            actions.append(item)
        elif kind not in _PLAIN:
            return None  # a dealer's error, a dead blind: a hand the stacked deck would not play again
        if kind == "draw" and item.get("exposed"):
            return None
    if not dealt or "??" in dealt:
        return None
    return _Start(dealt, tuple(draws), tuple(actions))


def _new_hand(hand: Hand, deck: Sequence[str]) -> Hand:
    setup = hand.setup
    return Hand(
        setup.stacks,
        setup.button,
        setup.structure,
        blinds=setup.blinds,
        ante=setup.ante,
        seed=0,
        deck=deck,
        burn=False,  # the unseen cards are shuffled anyway: a file that says nothing of burns plays alike
        game=setup.game,
        qualifier=setup.qualifier,
        carry=setup.carry,
    )


def _replay(rebuilt: Hand, actions: Sequence[Event], thrown: dict[int, list[tuple[str, ...]]]) -> None:
    """Play ``actions`` again; a draw throws the next of ``thrown[seat]`` (None: the first ``count`` held)."""
    for item in actions:
        seat = item["seat"]
        if rebuilt.actor != seat:
            raise _Differs
        kind = item["event"]
        if kind == "draw":
            own = thrown.get(seat)
            cards = own.pop(0) if own else tuple(rebuilt.hands[seat][: item["count"]])
            if len(cards) != item["count"]:
                raise _Differs
            rebuilt.draw(list(cards), seat=seat)
        elif kind in ("bet", "raise"):
            rebuilt.raise_to(item["to"], seat=seat)
        else:
            getattr(rebuilt, kind)(seat=seat)


class _Differs(BadugiError):
    """The engine's hand went another way than the record (not raised to the caller)."""


def _places(hand: Hand, start: _Start) -> dict[int, list[int]]:
    """Each seat's deck places, in the order it received its cards: the deal's, then each draw's."""
    placed = _new_hand(hand, CARD_TEXT)  # card text i at place i
    _replay(placed, start.actions, {})
    places: dict[int, list[int]] = {0: [], 1: []}
    for item in placed.history:
        if item["event"] == "deal":
            places[item["seat"]].extend(CARD_TEXT.index(card) for card in item["cards"])
        elif item["event"] == "draw":
            places[item["seat"]].extend(CARD_TEXT.index(card) for card in item["received"])
    return places


def _deck(
    start: _Start, places: dict[int, list[int]], seat: int, particle: Particle, rng: random.Random
) -> list[str] | None:
    """A deck that deals the seat its cards and the other seat the particle's, the rest shuffled."""
    other = 1 - seat
    mine = list(start.dealt) + [card for _, got in start.draws for card in got]
    theirs = list(particle.dealt) + [card for _, got in particle.draws for card in got]
    if len(mine) != len(places[seat]) or len(theirs) != len(places[other]):
        return None
    used = set(mine) | set(theirs)
    if len(used) != len(mine) + len(theirs):
        return None  # a card in both hands, or dealt twice: not a deal the engine could make
    deck: list[str | None] = [None] * 52
    for place, card in (*zip(places[seat], mine, strict=True), *zip(places[other], theirs, strict=True)):
        deck[place] = card
    unseen = [card for card in CARD_TEXT if card not in used]
    rng.shuffle(unseen)
    return [card if card is not None else unseen.pop() for card in deck]


def _rebuilt(hand: Hand, view: SeatView, start: _Start, deck: list[str], particle: Particle) -> Hand | None:
    """The hand at ``view`` dealt from ``deck``, the particle's draws thrown; None if it stands elsewhere."""
    rebuilt = _new_hand(hand, deck)
    thrown = {view.seat: [out for out, _ in start.draws], 1 - view.seat: [out for out, _ in particle.draws]}
    try:
        _replay(rebuilt, start.actions, thrown)
    except _Differs:
        return None
    now = view_of(rebuilt, view.seat)
    same = (now.cards, now.pot, now.stacks, now.bets, now.legal) == (
        view.cards,
        view.pot,
        view.stacks,
        view.bets,
        view.legal,
    )
    return rebuilt if same else None


def _played_out(at: Hand, seat: int, action: Action, advisor: Advisor, rng: random.Random) -> int | None:
    """The seat's chips at the end of ``at`` after ``action``, both seats then following advice.

    At a draw where the strategy has no answer (after an all-in, which the solve never plays),
    the seat throws its best discard (``badugi.best_discard``), as the equities assume; at a bet
    with no answer there is no value (None).
    """
    played: Any = at
    played.act(action)
    for _ in range(_MOST_STEPS):
        if played.phase == "over":
            return int(played.stacks[seat])
        view = view_of(played, played.actor)
        advice = checked_advice(advisor(view))
        if advice:
            played.act(_sampled(advice, rng))
        elif view.legal.draw:
            best = best_discard(view.cards, draws=view.draws_left + 1, game=view.game)
            played.act(("draw", list(best.discard)))
        else:
            return None
    return None


def _sampled(advice: Advice, rng: random.Random) -> Action:
    point = rng.random() * sum(chance for _, chance in advice)
    for action, chance in advice:
        point -= chance
        if point < 0:
            return action
    return advice[-1][0]
