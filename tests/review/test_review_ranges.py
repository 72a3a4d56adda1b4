"""The opponent's range: particles weighed by the strategy's play, carried through its draws, never
holding a card the reviewed seat saw; and the review's equity counted against it where a file hides the
opponent's cards and the strategy answers there."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from badugi.engine import SeatView
from badugi.errors import GameSetupError
from badugi.review import review_file
from badugi.review.moments import moments_of
from badugi.review.ranges import SLACK, Particle, Range, kind_of, with_cards
from badugi.web.downloads import seat_hands
from badugi.web.store import StoredHand
from tests.review.hands import BUTTON_CARDS, scripted_hand

ACES = ("Ac", "Ad", "Ah", "As")


def aces_raise(view: SeatView) -> Sequence[tuple[Any, float]] | None:
    """Raises with an ace, never without; at a draw throws the first k cards, each k alike."""
    legal = view.legal
    if legal.draw:
        return tuple((("draw", tuple(view.cards[:k])), 0.2) for k in range(5))
    has_ace = any(card in ACES for card in view.cards)
    passive = "call" if legal.call else "check"
    if legal.min_raise_to is None:  # the betting is capped
        return ((passive, 1.0),)
    return ((passive, 0.0 if has_ace else 1.0), (("raise", legal.min_raise_to), 1.0 if has_ace else 0.0))


def never(view: SeatView) -> None:
    return None


def opponent_moments() -> list[Any]:
    """The scripted hand's decisions of seat 1 (the big blind): a check, a draw of two, then checks."""
    return list(moments_of(scripted_hand(), {1}))


def test_particles_never_hold_a_card_the_seat_saw() -> None:
    belief = Range(aces_raise, BUTTON_CARDS, size=300, seed=1)
    assert all(not set(p.hand) & set(BUTTON_CARDS) for p in belief.particles)
    holding = [p for p in belief.particles if "Qd" in p.hand]
    assert holding
    belief.saw(["Qd"])
    assert all(p.weight == 0.0 for p in holding)
    assert sum(p.weight for p in belief.particles) == pytest.approx(1.0)


def test_a_passive_action_leaves_the_hands_the_strategy_would_have_raised_at_slack() -> None:
    belief = Range(aces_raise, BUTTON_CARDS, size=400, seed=2)
    first = opponent_moments()[0]  # the big blind checks
    assert first.event["event"] == "check"
    assert belief.update(first.view, "check")
    with_ace = [p for p in belief.particles if set(p.hand) & set(ACES)]
    without = [p for p in belief.particles if not set(p.hand) & set(ACES)]
    assert with_ace
    assert without
    assert with_ace[0].weight == pytest.approx(SLACK * without[0].weight)
    assert sum(p.weight for p in with_ace) < 0.01


def test_a_draw_carries_every_particle_by_the_strategy_s_throw_of_that_many() -> None:
    belief = Range(aces_raise, BUTTON_CARDS, size=100, seed=3)
    moments = opponent_moments()
    draw = next(m for m in moments if m.event["event"] == "draw")
    before = {id(p): list(p.hand) for p in belief.particles}
    assert belief.update(draw.view, ("draw", ("Qd", "Qs")))
    for particle in belief.particles:
        thrown, got = particle.draws[0]
        assert thrown == tuple(before[id(particle)][:2])  # the strategy's throw of two
        assert len(got) == 2
        assert not set(got) & (set(BUTTON_CARDS) | set(before[id(particle)]))
        assert sorted(particle.hand) == sorted(before[id(particle)][2:] + list(got))
        assert particle.weight == pytest.approx(1 / 100)  # every particle throws two with the same 0.2


def test_where_the_strategy_has_no_answer_the_range_is_left_as_it_was() -> None:
    belief = Range(never, BUTTON_CARDS, size=50, seed=4)
    hands = [list(p.hand) for p in belief.particles]
    assert not belief.update(opponent_moments()[0].view, "check")
    assert [list(p.hand) for p in belief.particles] == hands


def test_the_view_asked_holds_the_particle_s_cards_dealt_and_drawn() -> None:
    moments = opponent_moments()
    last = moments[-1].view
    particle = Particle(("Ac", "2d", "3h", "4s"), ["Ac", "2d", "5c", "6c"], [(("3h", "4s"), ("5c", "6c"))])
    seen = with_cards(last, particle)
    assert seen.cards == ("Ac", "2d", "5c", "6c")
    deal = next(e for e in seen.history if e["event"] == "deal" and e["seat"] == 1)
    assert tuple(deal["cards"]) == particle.dealt
    drawn = next(e for e in seen.history if e["event"] == "draw" and e["seat"] == 1)
    assert tuple(drawn["discards"]) == ("3h", "4s")
    assert tuple(drawn["received"]) == ("5c", "6c")
    assert seen.pot == last.pot
    assert last.cards != seen.cards  # the view given is left as it was


def test_actions_are_compared_by_kind() -> None:
    assert kind_of("check") == kind_of("call") == "call"
    assert kind_of(("bet", 4)) == kind_of(("raise", 8)) == "raise"
    assert kind_of(("draw", ("Kd", "Qs"))) == ("draw", 2)
    assert kind_of("fold") == "fold"


def _hidden_file(tmp_path: Path) -> Path:
    """The scripted hand as the button's room download: the big blind's cards hidden until the end."""
    hand = scripted_hand()
    stored = StoredHand(3, (0, 1), [dict(e) for e in hand.history], 0, [], 1_700_000_000.0)
    text, _ = seat_hands([stored], 0, "pokerstars", ["Ann", "Bo"], "Home")
    path = tmp_path / "hand.txt"
    path.write_text(text)
    return path


def test_a_hidden_opponent_is_played_against_its_range_where_the_strategy_answers(tmp_path: Path) -> None:
    path = _hidden_file(tmp_path)
    (ranged,) = review_file(str(path), 0)
    kinds = [d.equity.against for d in ranged.decisions if d.equity is not None]
    # The button calls before the big blind has acted: nothing weighed yet, a random hand. Later bets
    # are counted against what the big blind's play says.
    assert kinds[0] == "random"
    assert "range" in kinds[1:]
    (unranged,) = review_file(str(path), 0, advisor=never)
    assert "range" not in [d.equity.against for d in unranged.decisions if d.equity is not None]
    (again,) = review_file(str(path), 0)
    assert [d.equity for d in again.decisions] == [d.equity for d in ranged.decisions]  # seeded


def test_a_range_that_knows_more_moves_the_equity(tmp_path: Path) -> None:
    # Bo never raised: against a strategy that raises every ace, Bo holds no ace, so Ann's equity is
    # counted against hands without one and differs from the equity against any hand.
    path = _hidden_file(tmp_path)
    (ranged,) = review_file(str(path), 0, advisor=aces_raise)
    (unranged,) = review_file(str(path), 0, advisor=never)
    later = [
        (a.equity.share, b.equity.share)
        for a, b in zip(ranged.decisions, unranged.decisions, strict=True)
        if a.equity is not None and b.equity is not None and a.equity.against == "range"
    ]
    assert later
    assert any(abs(with_range - without) > 0.02 for with_range, without in later)


def test_a_dealt_hand_shows_both_seats_and_is_played_against_the_cards() -> None:
    from badugi.review import review_hand  # noqa: PLC0415

    decisions = review_hand(scripted_hand(), 0)
    assert {d.equity.against for d in decisions if d.equity is not None} == {"cards"}


@pytest.mark.parametrize("form", ["phh", "pokerstars"])
def test_a_hand_read_from_a_file_is_advised_by_the_strategy(tmp_path: Path, form: str) -> None:
    # A followed hand's history says where it came from (a "followed" event): the solver bot must
    # read past it, or a file's hands get no advice at all.
    hand = scripted_hand()
    stored = StoredHand(3, (0, 1), [dict(e) for e in hand.history], 0, [], 1_700_000_000.0)
    text, _ = seat_hands([stored], 0, form, ["Ann", "Bo"], "Home")
    path = tmp_path / f"hand.{form}"
    path.write_text(text)
    (review,) = review_file(str(path), 0)
    assert all(d.probability is not None for d in review.decisions)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"advisor": None}, "advisor"),
        ({"advisor": "solver"}, "advisor"),
        ({"seen": "As Kd"}, "seen"),
        ({"seen": 7}, "seen"),
        ({"seen": ["As", "As"]}, "seen"),
        ({"seen": ["Zz"]}, "seen"),
        ({"seen": [1, 2]}, "seen"),
        ({"size": 0}, "size"),
        ({"size": 1.5}, "size"),
        ({"size": True}, "size"),
        ({"seed": "1"}, "seed"),
        ({"seed": None}, "seed"),
    ],
)
def test_garbage_is_refused_by_name(arguments: dict[str, Any], named: str) -> None:
    given: dict[str, Any] = {"advisor": aces_raise, "seen": BUTTON_CARDS, **arguments}
    advisor, seen = given.pop("advisor"), given.pop("seen")
    with pytest.raises(GameSetupError, match=named):
        Range(advisor, seen, **given)


@pytest.mark.parametrize("garbage", [None, 3, "As", ["As", 4], object()])
def test_garbage_later_is_refused_by_name(garbage: Any) -> None:
    belief = Range(aces_raise, BUTTON_CARDS, size=10)
    with pytest.raises(GameSetupError, match="cards"):
        belief.saw(garbage)
    with pytest.raises(GameSetupError, match="view"):
        belief.update(garbage, "check")
    with pytest.raises(GameSetupError, match="count"):
        belief.hands(0 if isinstance(garbage, int) else garbage)
    if garbage is not None and not isinstance(garbage, int):
        with pytest.raises(GameSetupError, match="seed"):
            belief.hands(5, seed=garbage)


def test_hands_drawn_with_a_seed_leave_the_range_s_own_stream_alone() -> None:
    one, other = (Range(aces_raise, BUTTON_CARDS, size=50, seed=2) for _ in range(2))
    seeded = one.hands(20, seed=9)
    assert seeded == one.hands(20, seed=9) == other.hands(20, seed=9)
    assert one.hands(20) == other.hands(20)  # the seeded draws took nothing from one's stream
    assert seeded != one.hands(20, seed=10)
