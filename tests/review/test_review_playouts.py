"""A bet's value in big bets by play-outs under the strategy (``badugi.review.playouts``)."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from badugi.engine import BOTS, FixedLimit, Hand, SeatView, view_of
from badugi.engine.history import event
from badugi.errors import HandHistoryError
from badugi.histories import write_hand
from badugi.review import PLAYOUTS, BetValue, largest_mistakes, review_file, review_hand
from badugi.review.advice import action_of
from badugi.review.moments import moments_of
from badugi.review.playouts import _deck, _places, _rebuilt, _results, _start, bet_value
from badugi.review.ranges import Particle, Range
from tests.cli.test_review_cli import _scripted_file
from tests.review.hands import BUTTON_CARDS, scripted_hand

FILES = Path(__file__).resolve().parent.parent / "histories" / "files"


def station(view: SeatView) -> Sequence[tuple[Any, float]] | None:
    """Checks and calls every time, but names a bet or a raise too, so that the review values it."""
    legal = view.legal
    if legal.draw:
        return ((("draw", ()), 1.0),)
    passive = (("call", 1.0),) if legal.call else (("check", 1.0),)
    if legal.min_raise_to is None:
        return passive
    return (*passive, (("raise", legal.min_raise_to), 0.0))


def _solver() -> Any:
    """The solved strategy's advice (``BOTS["solver"]``)."""
    bot: Any = BOTS["solver"].make(seed=0)
    return bot.advice


def _last_bet(decisions: Sequence[Any]) -> Any:
    return [d for d in decisions if d.phase == "bet"][-1]


def _opponent_so_far(hand: Hand, view: SeatView) -> Particle:
    """The other seat's cards as the engine dealt them, with its draws before ``view``."""
    other = 1 - view.seat
    dealt = next(e["cards"] for e in hand.history if e["event"] == "deal" and e["seat"] == other)
    drawn = sum(1 for e in view.history if e["event"] == "draw" and e["seat"] == other)
    theirs = [e for e in hand.history if e["event"] == "draw" and e["seat"] == other]
    draws = [(e["discards"], e["received"]) for e in theirs]
    return Particle(tuple(dealt), [], draws[:drawn])


def test_at_the_last_bet_against_the_opponent_s_cards_a_calling_station_s_values_are_exact() -> None:
    # Seat 1's 6-5-4 beats seat 0's king-two: the big blind checks first, then the button.
    hand = scripted_hand()
    last = [m for m in moments_of(hand, {0, 1}) if m.view.phase == "bet"][-2:]
    (first, seat_1), (then, seat_0) = [(m.view, action_of(m.event)) for m in last]
    assert (first.seat, seat_1, then.seat, seat_0) == (1, "check", 0, "check")
    winner = bet_value(hand, first, seat_1, [_opponent_so_far(hand, first)] * 3, station)
    loser = bet_value(hand, then, seat_0, [_opponent_so_far(hand, then)] * 3, station)
    assert winner is not None
    assert loser is not None
    pot = first.pot / 4  # in big bets
    assert dict(winner.values) == {"check": pot, ("raise", 4): pot + 1}
    assert (winner.best, winner.chosen, winner.cost, winner.error) == (("raise", 4), pot, 1.0, 0.0)
    assert dict(loser.values) == {"check": 0.0, ("raise", 4): -1.0}
    assert (loser.best, loser.cost, loser.playouts) == ("check", 0.0, 3)


def test_a_bet_is_valued_against_the_range_whatever_the_file_shows(tmp_path: Path) -> None:
    # The engine's own record shows both hands, the button's download only its own: the same values.
    solver = _solver()
    values = []
    for form in ("json", "pokerstars", "phh"):
        review = next(review_file(str(_scripted_file(tmp_path, form)), 0, advisor=solver, playouts=30))
        values.append([d.value for d in review.decisions if d.phase == "bet"])
        assert all(isinstance(v, BetValue) for v in values[-1])
    assert values[0] == values[1] == values[2]
    shown = review_hand(scripted_hand(), 0, advisor=solver, seed=1, playouts=30)
    assert [d.equity.against for d in shown if d.equity] == ["cards"] * 4


def test_with_no_answer_at_a_draw_the_best_discard_is_thrown_and_at_a_bet_there_is_no_value() -> None:
    def silent_at_draws(view: SeatView) -> Sequence[tuple[Any, float]] | None:
        return None if view.legal.draw else station(view)

    def silent_at_the_last_bet(view: SeatView) -> Sequence[tuple[Any, float]] | None:
        return None if view.draws_left == 0 and not view.legal.draw else station(view)

    # The play-outs throw the best discard where the strategy is silent: the same values as a
    # station that stands pat only where standing pat is the best discard. The opponent's range is
    # lost at its first draw, where the strategy says nothing: no value after it.
    quiet = review_hand(scripted_hand(), 0, advisor=silent_at_draws)
    assert [d.value is not None for d in quiet if d.phase == "bet"] == [True, False, False, False]
    assert all(d.value is None for d in review_hand(scripted_hand(), 0, advisor=silent_at_the_last_bet))


def test_no_playouts_and_no_strategy_value_nothing() -> None:
    assert all(d.value is None for d in review_hand(scripted_hand(), 0, advisor=station, playouts=0))
    assert any(d.value is not None for d in review_hand(scripted_hand(), 0, advisor=station, playouts=1))
    assert all(d.value is None for d in review_hand(scripted_hand(), 0, advisor=None))


def test_values_repeat_with_the_seed_and_count_the_playouts_asked() -> None:
    solver = _solver()
    once = review_hand(scripted_hand(), 0, advisor=solver, seed=3, playouts=40)
    again = review_hand(scripted_hand(), 0, advisor=solver, seed=3, playouts=40)
    other = review_hand(scripted_hand(), 0, advisor=solver, seed=4, playouts=40)
    values = [d.value for d in once if d.phase == "bet"]
    assert all(isinstance(v, BetValue) and v.playouts == 40 for v in values)
    assert values == [d.value for d in again if d.phase == "bet"]
    assert values != [d.value for d in other if d.phase == "bet"]


def _played(seed: int, ante: bool) -> Hand:
    """A heads-up hand the solver bot plays against itself, at one of its blueprints' stakes."""
    bots = [BOTS["solver"].make(seed=seed), BOTS["solver"].make(seed=seed + 1)]
    if ante:
        hand = Hand([400, 400], seed % 2, FixedLimit(20, 40), ante=10, seed=seed)
    else:
        hand = Hand([400, 400], seed % 2, FixedLimit(2, 4), blinds=(1, 2), seed=seed)
    while hand.actor is not None:
        hand.act(bots[hand.actor](view_of(hand, hand.actor)))
    return hand


@pytest.mark.parametrize("ante", [False, True])
def test_the_hand_rebuilt_at_each_bet_holds_what_every_seat_held(ante: bool) -> None:
    checked = 0
    for seed in range(12):
        hand = _played(seed, ante)
        for moment in moments_of(hand, {0, 1}):
            view = moment.view
            if view.phase != "bet":
                continue
            start = _start(view)
            assert start is not None
            particle = _opponent_so_far(hand, view)
            deck = _deck(start, _places(hand, start), view.seat, particle, random.Random(seed))
            assert deck is not None
            assert sorted(deck) == sorted(set(deck))
            rebuilt = _rebuilt(hand, view, start, deck, particle)
            assert rebuilt is not None
            assert [tuple(cards) for cards in rebuilt.hands] == list(moment.holdings)
            checked += 1
    assert checked > 40


def test_a_rebuilt_hand_that_stands_elsewhere_is_refused() -> None:
    hand = scripted_hand()
    view = next(m.view for m in moments_of(hand, {0}) if m.view.phase == "bet" and m.view.round_index == 1)
    start = _start(view)
    assert start is not None
    particle = _opponent_so_far(hand, view)
    deck = _deck(start, _places(hand, start), 0, particle, random.Random(1))
    assert deck is not None
    moved = dataclasses.replace(view, pot=view.pot + 1)
    assert _rebuilt(hand, view, start, deck, particle) is not None
    assert _rebuilt(hand, moved, start, deck, particle) is None
    # a record with a dealer's error or a dead blind, or a draw with a card exposed, is not dealt again
    for odd in (event("dead_blind", seat=0, amount=1), event("misdeal", reason="x")):
        assert _start(dataclasses.replace(view, history=(*view.history, odd))) is None
    exposed = tuple(
        event("draw", **{**{k: v for k, v in e.items() if k != "event"}, "exposed": 1})
        if e["event"] == "draw"
        else e
        for e in view.history
    )
    assert _start(dataclasses.replace(view, history=exposed)) is None
    # a particle dealt a card the seat holds is no deal at all
    clash = Particle((view.cards[0], *particle.dealt[1:]), [], particle.draws)
    assert _deck(start, _places(hand, start), 0, clash, random.Random(1)) is None


def test_a_range_drops_a_hand_that_once_held_a_card_the_seat_now_holds() -> None:
    belief = Range(station, ("Ah", "2d", "3c", "4s"), size=2, seed=1)
    threw_it = Particle(("Kd", "Qd", "Jd", "Td"), ["Kd", "Qd", "Jd", "5h"], [(("Td",), ("5h",))])
    never = Particle(("Kc", "Qc", "Jc", "Tc"), ["Kc", "Qc", "Jc", "Tc"])
    belief.particles = [threw_it, never]
    belief.saw(["Td", "2d", "3c", "4s"])
    assert (threw_it.weight, never.weight) == (0.0, 1.0)


def test_a_hidden_opponent_s_range_is_played_out_in_full() -> None:
    hand = scripted_hand()
    text = write_hand(hand, "json", 1)
    reviews = list(review_file(io.BytesIO(text.encode()), 0, advisor=_solver()))
    valued = [d.value for d in reviews[0].decisions if d.value is not None]
    assert len(valued) == 4
    assert all(v.playouts == PLAYOUTS for v in valued)


def test_bet_mistakes_rank_by_their_cost_then_their_probability() -> None:
    bet = _last_bet(review_hand(scripted_hand(), 1, advisor=_solver(), playouts=5))
    value = bet.value
    assert value is not None
    cheap = dataclasses.replace(bet, probability=0.0, value=dataclasses.replace(value, cost=0.1))
    dear = dataclasses.replace(bet, probability=0.04, value=dataclasses.replace(value, cost=0.9))
    unvalued = dataclasses.replace(bet, probability=0.01, value=None)
    assert largest_mistakes([cheap, unvalued, dear]) == (dear, cheap, unvalued)


@pytest.mark.parametrize("playouts", [-1, 100_001, 1.5, "200", True, None, [200]])
def test_a_number_of_playouts_that_is_not_one_is_refused_by_name(playouts: Any) -> None:
    with pytest.raises(HandHistoryError, match="playouts must be a whole number"):
        review_hand(scripted_hand(), 0, advisor=None, playouts=playouts)
    with pytest.raises(HandHistoryError, match="playouts must be a whole number"):
        list(review_file(str(FILES / "pokerstars_cash.txt"), advisor=None, playouts=playouts))


def test_every_action_is_played_out_on_the_same_deals_and_choices() -> None:
    # One action played out twice: with common random numbers its two series of results are one.
    hand = scripted_hand()
    view = next(m.view for m in moments_of(hand, {0}) if m.view.phase == "bet")
    start = _start(view)
    assert start is not None
    belief = Range(_solver(), BUTTON_CARDS, size=50, seed=1)
    results = _results(
        hand, view, start, ["call", "call"], opponents=belief.hands(40, seed=2), advisor=_solver(), seed=5
    )
    assert results is not None
    assert results[0] == results[1]
    assert len(set(results[0])) > 3  # the deals and choices differ from one play-out to the next


def test_every_legal_action_is_valued_whatever_the_strategy_names() -> None:
    def always_raise(view: SeatView) -> Sequence[tuple[Any, float]] | None:
        legal = view.legal
        if legal.draw:
            return ((("draw", ()), 1.0),)
        if legal.min_raise_to is not None:
            return ((("raise", legal.min_raise_to), 1.0),)
        return (("call", 1.0),) if legal.call else (("check", 1.0),)

    first = review_hand(scripted_hand(), 0, advisor=always_raise, playouts=5)[0]
    assert first.action == "call"
    assert first.probability == 0.0
    assert first.value is not None
    assert [action for action, _ in first.value.values] == ["fold", "call", ("raise", 4)]
    assert dict(first.value.values)["fold"] == 0.0
