"""A seat's decisions in one hand, each valued: ``review_hand``.

For each decision of the seat (found by playing the hand again through the
engine, ``badugi.review.moments``): at a bet, its equity and pot odds
(``badugi.review.values``); at a draw, the best discard and what the one made
cost; at both, the strategy's probability of each action and of the one taken
(``badugi.review.advice``). A draw that cost more than ``COST_TOLERANCE``, or a
bet the strategy makes less often than ``RARE``, is a mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from badugi.engine import Hand, SeatView
from badugi.engine._checks import as_count, short_repr
from badugi.errors import HandHistoryError
from badugi.review.advice import Action, Advice, Advisor, action_of, checked_advice, chosen_probability
from badugi.review.moments import UNKNOWN, Moment, moments_of
from badugi.review.playouts import MOST_PLAYOUTS, PLAYOUTS, BetValue, bet_value
from badugi.review.ranges import Range
from badugi.review.values import DrawCost, Equity, draw_cost, equity_against_range, equity_at, pot_odds

__all__ = ["COST_TOLERANCE", "RARE", "Decision", "check_playouts", "seats_shown", "value_moments"]

#: A bet the strategy makes with a probability below this is a mistake.
RARE = 0.05
#: A draw giving up more expected final strength than this is a mistake (below it: a tie in floating point).
COST_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of a seat, valued.

    Attributes:
        seat: the engine's seat (from 0).
        phase: ``"bet"`` or ``"draw"``.
        round_index: the betting round (0 before the first draw), or the round before the draw.
        draws_left: the draws to come after this decision.
        cards: the seat's cards then, ``"??"`` for a card the file does not show.
        action: what it did, as the engine takes it (``"call"``, ``("raise", 8)``, ``("draw", ("Kd",))``).
        equity: at a bet, its equity then and against what (``badugi.review.values``); else None.
        pot_odds: at a bet facing a call, the call over the pot after calling; else None.
        advice: the strategy's probability of each legal action, or None (no strategy, no answer
            there, or the seat's cards not shown).
        probability: the strategy's probability of the action taken, or None without advice.
        draw: at a draw whose cards are shown, the best discard and what the one made cost; else None.
        view: what the seat saw (``badugi.engine.SeatView``).
        value: at a heads-up bet the strategy answers, each action's value in big bets by play-outs
            under it against the opponent's range (never the cards the file shows at the end), and
            what the one taken cost (``badugi.review.playouts``); else None.
    """

    seat: int
    phase: str
    round_index: int
    draws_left: int
    cards: tuple[str, ...]
    action: Action
    equity: Equity | None
    pot_odds: float | None
    advice: Advice | None
    probability: float | None
    draw: DrawCost | None
    view: SeatView
    value: BetValue | None = None

    @property
    def cost(self) -> float | None:
        """At a draw, the expected final strength it gave up (0 for the best discard); else None."""
        return None if self.draw is None else self.draw.cost

    @property
    def bet_cost(self) -> float | None:
        """At a bet valued by play-outs, what the action taken cost in big bets (0 at best), else None."""
        return None if self.value is None else self.value.cost

    @property
    def mistake(self) -> bool:
        """A draw that gave up strength, or a bet the strategy almost never makes (below ``RARE``)."""
        if self.phase == "draw":
            return self.draw is not None and self.draw.cost > COST_TOLERANCE
        return self.probability is not None and self.probability < RARE


def check_playouts(playouts: object) -> None:
    """Refuse a number of play-outs that is not a whole number from 0 to ``MOST_PLAYOUTS``.

    Raises:
        badugi.errors.HandHistoryError: naming the value.
    """
    if as_count(playouts, 0, MOST_PLAYOUTS) is None:
        raise HandHistoryError(
            f"playouts must be a whole number from 0 to {MOST_PLAYOUTS:,}, got {short_repr(playouts)}"
        )


def seats_shown(hand: Hand) -> tuple[int, ...]:
    """The seats whose cards the hand's history shows from the deal: every seat of a dealt hand."""
    return tuple(
        event["seat"]
        for event in hand.history
        if event["event"] == "deal" and UNKNOWN not in tuple(event.get("cards") or (UNKNOWN,))
    )


def _opponents(moment: Moment, final: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """The live opponents' hands then; after the last draw, a hand shown at the end is the hand held."""
    view = moment.view
    hands: list[tuple[str, ...]] = []
    for other, held in enumerate(moment.holdings):
        if other == view.seat or view.folded[other] or not held:
            continue
        shown = tuple(final[other]) if other < len(final) else ()
        after_the_last_draw = UNKNOWN in held and view.draws_left == 0 and shown and UNKNOWN not in shown
        hands.append(shown if after_the_last_draw else held)
    return hands


def _valued(
    moment: Moment,
    hand: Hand,
    *,
    advisor: Advisor | None,
    seed: int,
    belief: Range | None,
    playouts: int,
) -> Decision:
    view = moment.view
    action = action_of(moment.event)
    known = UNKNOWN not in view.cards
    # A strategy plays the cards held: where the file does not show them, it is not asked.
    advice = checked_advice(advisor(view)) if advisor is not None and known else None
    probability = None if advice is None else chosen_probability(advice, action)
    equity: Equity | None = None
    odds: float | None = None
    draw: DrawCost | None = None
    if view.phase == "draw":
        if known:
            thrown = action[1]
            draw = draw_cost(view.cards, thrown, view.draws_left + 1, moment.discarded, view.game)
    else:
        odds = pot_odds(view.legal.call_amount if view.legal.call else 0, view.pot)
        if known:
            opponents = _opponents(moment, hand.hands)
            # A range the opponent's play has not yet informed is a random hand: counted as one.
            if belief is not None and belief.actions and len(opponents) == 1 and UNKNOWN in opponents[0]:
                equity = equity_against_range(
                    view.cards, belief, view.draws_left, moment.discarded, view.game, seed=seed
                )
            else:
                equity = equity_at(
                    view.cards, opponents, view.draws_left, moment.discarded, view.game, seed=seed
                )
    value = None
    if view.phase == "bet" and advice is not None and belief is not None and playouts > 0:
        assert advisor is not None
        value = bet_value(hand, view, action, belief.hands(playouts, seed=seed), advisor, seed=seed)
    return Decision(
        view.seat,
        view.phase,
        view.round_index,
        view.draws_left,
        view.cards,
        action,
        equity,
        odds,
        advice,
        probability,
        draw,
        view,
        value,
    )


def value_moments(
    hand: Hand, seats: Iterable[int], advisor: Advisor | None, seed: int = 0, *, playouts: int = PLAYOUTS
) -> tuple[Decision, ...]:
    """Every decision of ``seats`` in ``hand`` (a hand that is over), valued, in the order made.

    ``seed`` seeds the Monte Carlo equities and play-outs (decision ``k`` takes ``seed + 1000 * k``),
    so a review repeats. ``playouts``: of each action at a bet the strategy can value (0: none).

    Raises:
        badugi.errors.HandHistoryError: not a hand, a seat that is not one of the hand's, a seed that
            is not an int, an advisor's answer that is not advice, ``playouts`` not a whole number
            from 0 to ``MOST_PLAYOUTS``.
        badugi.errors.GameSetupError: a dealt hand's history that does not replay.
    """
    wanted = _checked_arguments(hand, seats, seed, playouts)
    # Heads-up with a strategy, the opponent's decisions are watched too: they make its range.
    heads_up = advisor is not None and hand.n_seats == 2
    beliefs: dict[int, Range | None] = {}
    if heads_up:
        assert advisor is not None
        for seat in wanted:
            dealt = _dealt(hand, seat)
            # A range even where the file shows the opponent's cards: a bet's play-outs are against
            # what the seat could know, not against the cards it learnt of at the end.
            if dealt is not None and (playouts > 0 or _dealt(hand, 1 - seat) is None):
                beliefs[seat] = Range(advisor, dealt, seed=seed + 7919 * seat)
    watched = set(range(hand.n_seats)) if heads_up else set(wanted)
    decisions: list[Decision] = []
    for moment in moments_of(hand, watched):
        seat = moment.view.seat
        for reviewed, belief in beliefs.items():
            if (
                belief is not None
                and reviewed != seat
                and not belief.update(moment.view, action_of(moment.event))
            ):
                beliefs[reviewed] = None  # the strategy has no answer here: no range from now on
        if seat not in wanted:
            continue
        belief = beliefs.get(seat)
        if belief is not None:
            belief.saw(moment.view.cards)
        decisions.append(
            _valued(
                moment,
                hand,
                advisor=advisor,
                seed=seed + 1000 * len(decisions),
                belief=belief,
                playouts=playouts,
            )
        )
    return tuple(decisions)


def _checked_arguments(hand: object, seats: object, seed: object, playouts: object) -> tuple[int, ...]:
    """``seats`` as a tuple, once every argument of ``value_moments`` is checked."""
    check_playouts(playouts)
    if not isinstance(hand, Hand):
        raise HandHistoryError(f"value_moments takes a badugi.engine.Hand, got {short_repr(hand)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise HandHistoryError(f"seed must be an int, got {short_repr(seed)}")
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise HandHistoryError(f"seats must be seats of the hand, got {short_repr(seats)}")
    wanted = tuple(seats)
    for seat in wanted:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.n_seats:
            raise HandHistoryError(
                f"seat {short_repr(seat)} is not a seat of this hand (0..{hand.n_seats - 1})"
            )
    return wanted


def _dealt(hand: Hand, seat: int) -> tuple[str, ...] | None:
    """The seat's cards as dealt, where the hand's history shows them all."""
    for item in hand.history:
        if item["event"] == "deal" and item.get("seat") == seat:
            cards = tuple(item.get("cards") or ())
            return cards if cards and UNKNOWN not in cards else None
    return None
