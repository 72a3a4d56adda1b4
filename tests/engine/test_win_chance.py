"""``win_chance``: the chance of beating every opponent still in, over every final hand the seat may make."""

from __future__ import annotations

import dataclasses

import pytest

from badugi.engine import DrawBot, FixedLimit, Hand, view_of
from badugi.engine.drawbot import (
    _badugi_strengths,
    _opponent_strengths,
    _share_below,
    pat_opponents,
    seen_cards,
    win_chance,
)
from badugi.engine.view import SeatView
from badugi.equity import draw_odds, strength
from badugi.equity._run import STRENGTH_SCALE, strength_counts
from badugi.errors import GameSetupError, InvalidHandError


def first_view(seats: int = 3) -> SeatView:
    hand = Hand([1000] * seats, 0, FixedLimit(20, 40), ante=10, seed=5)
    return view_of(hand, hand.actor)  # type: ignore[arg-type]


def last_round_view(cards: tuple[str, ...]) -> SeatView:
    """A view of the last betting round with ``cards``, against opponents who drew at the last draw."""
    hand = Hand([1000] * 3, 0, FixedLimit(20, 40), ante=10, seed=5)
    while hand.round_index < 3 or hand.phase != "bet":
        hand.act(("draw", [hand.hands[hand.actor][0]]) if hand.legal().draw else "check")  # type: ignore[index]
    return dataclasses.replace(view_of(hand, hand.actor), cards=cards)  # type: ignore[arg-type]


def test_with_no_draw_left_it_is_the_share_of_each_opponent_beaten() -> None:
    view = last_round_view(("Kc", "9d", "5h", "2s"))
    assert view.draws_left == 0
    alone = _share_below(_opponent_strengths(0), strength(view.cards))
    assert win_chance(view) == pytest.approx(alone**2)


def test_the_best_hand_nearly_always_wins_and_the_worst_nearly_never() -> None:
    assert win_chance(last_round_view(("Ac", "2d", "3h", "4s"))) > 0.99
    assert win_chance(last_round_view(("Kc", "Kd", "Kh", "Ks"))) < 0.01


def test_a_drawing_hand_is_not_read_as_beaten() -> None:
    # Three to a 7-low badugi with three draws to come: the bot's mean-based estimate reads it as beaten by
    # almost everything; weighed over its final hands, it wins a fair share against two opponents.
    view = dataclasses.replace(first_view(), cards=("Ac", "4d", "7h", "7s"))
    assert DrawBot().chance_to_win(view) < win_chance(view)
    assert 0.1 < win_chance(view) < 0.6


def test_a_pat_opponent_is_a_random_badugi() -> None:
    view = last_round_view(("Ac", "4d", "7h", "Ks"))  # a K-7-4-A badugi
    pat = _share_below(_badugi_strengths(), strength(view.cards))
    drawing = _share_below(_opponent_strengths(0), strength(view.cards))
    assert pat < drawing


def test_it_is_repeatable_and_a_chance() -> None:
    view = first_view(6)
    first = win_chance(view)
    assert first == win_chance(view)
    assert 0.0 <= first <= 1.0


def test_a_five_card_view_is_refused_with_the_documented_error() -> None:
    view = dataclasses.replace(first_view(), cards=("Ac", "4d", "7h", "7s", "2c"))
    with pytest.raises(InvalidHandError):
        win_chance(view)


@pytest.mark.parametrize("junk", [None, 3, 1.5, True, "view", b"view", [], {}, iter([])])
def test_anything_but_a_view_is_the_documented_error(junk: object) -> None:
    for read in (win_chance, seen_cards, DrawBot().chance_to_win, DrawBot()):
        with pytest.raises(GameSetupError, match="a DrawBot reads a SeatView, got "):
            read(junk)  # type: ignore[operator]


@pytest.mark.parametrize(
    "settings", [{"samples": 0}, {"samples": 1.5}, {"seed": -1}, {"seed": "x"}, {"seen": ["Zz"]}, {"seen": 3}]
)
def test_bad_settings_are_the_documented_error(settings: dict[str, object]) -> None:
    with pytest.raises(InvalidHandError):
        win_chance(first_view(), **settings)  # type: ignore[arg-type]


def test_at_a_draw_an_opponent_who_stood_pat_at_the_last_one_is_read_as_pat() -> None:
    # Heads-up: seat 0 stands pat at every draw; at the third, seat 1 draws first, before seat 0
    # has drawn in it: seat 0 is still the pat hand it was at the second.
    hand = Hand([1000] * 2, 0, FixedLimit(20, 40), ante=10, seed=5)
    while not (hand.round_index == 2 and hand.phase == "draw"):
        if hand.legal().draw:
            actor = hand.actor
            assert actor is not None
            hand.draw([] if actor == 0 else [hand.hands[actor][0]])
        else:
            hand.act("check")
    assert hand.actor == 1
    view = view_of(hand, 1)
    assert pat_opponents(view) == [0]
    odds = draw_odds(view.cards, draws=1, dead=seen_cards(view))
    strengths = strength_counts()
    expected = sum(
        count / odds.samples * _share_below(_badugi_strengths(), strengths[rank] / STRENGTH_SCALE)
        for rank, count in enumerate(odds._counts)
        if count
    )
    assert win_chance(view) == pytest.approx(expected)


def test_an_opponent_who_drew_at_its_last_draw_is_not_read_as_pat() -> None:
    view = last_round_view(("Kc", "9d", "5h", "2s"))
    assert pat_opponents(view) == []
