"""``badugi.review``: each decision of a seat, replayed by the engine and valued by the draw values."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import badugi
from badugi.errors import BadugiError, HandHistoryError
from badugi.histories import read_hands, write_hand
from badugi.review import (
    RARE,
    Decision,
    largest_mistakes,
    pot_odds,
    review_file,
    review_hand,
)
from badugi.review.values import EQUITY_SAMPLES
from tests.review.hands import BAD_THROW, BUTTON_CARDS, fake_advisor, scripted_hand

FILES = Path(__file__).resolve().parent.parent / "histories" / "files"


def _button() -> tuple[Decision, ...]:
    return review_hand(scripted_hand(), 0, advisor=fake_advisor)


def test_every_decision_of_the_seat_is_found_in_order() -> None:
    did = [d.action for d in _button()]
    assert did == ["call", ("draw", BAD_THROW), "check", ("draw", ()), "check", ("draw", ()), "check"]
    assert [d.phase for d in _button()][:3] == ["bet", "draw", "bet"]
    assert [d.draws_left for d in _button()] == [3, 2, 2, 1, 1, 0, 0]


def test_a_bad_draw_costs_what_the_draw_values_say() -> None:
    draw = _button()[1]
    choice = badugi.best_discard(BUTTON_CARDS, draws=3)
    made = next(o for o in choice.options if set(o.discard) == set(BAD_THROW))
    assert draw.draw is not None
    assert draw.draw.best == choice.discard == ("Ks", "2h")
    assert draw.cost == pytest.approx(choice.expected - made.expected)
    assert draw.cost is not None
    assert draw.cost > 0.05
    assert draw.mistake


def test_the_best_draw_costs_nothing_and_is_no_mistake() -> None:
    hand = scripted_hand()
    pat = review_hand(hand, 1, advisor=None)
    first = next(d for d in pat if d.phase == "draw")
    assert first.action == ("draw", ("Qd", "Qs"))
    assert first.cost == 0.0
    assert not first.mistake


def test_a_later_draw_counts_the_seats_own_discards_dead() -> None:
    second = _button()[3]
    cards = second.cards
    expected = badugi.best_discard(cards, draws=2, dead=list(BAD_THROW))
    assert second.draw is not None
    assert second.draw.best_value == pytest.approx(expected.expected)


def test_pot_odds_are_the_call_over_the_pot_after_calling() -> None:
    first = _button()[0]
    assert first.pot_odds == pytest.approx(1 / 4)  # a call of 1 into the blinds' 3
    assert _button()[2].pot_odds is None  # nothing to call
    assert pot_odds(2, 6) == pytest.approx(0.25)
    assert pot_odds(0, 6) is None


def test_equity_against_the_cards_shown_is_the_library_s_equity() -> None:
    first = _button()[0]
    hand = scripted_hand()
    opponent = hand.history[4]["cards"]  # the big blind's deal
    expected = badugi.equity(
        [list(BUTTON_CARDS), list(opponent)], draws=3, samples=EQUITY_SAMPLES, seed=0, threads=1
    )
    assert first.equity is not None
    assert first.equity.against == "cards"
    assert first.equity.share == pytest.approx(expected.equity[0])


def test_the_advice_is_the_advisor_s_and_a_rare_bet_is_a_mistake() -> None:
    decisions = _button()
    call, draw, check = decisions[0], decisions[1], decisions[2]
    assert call.advice == (("fold", 0.25), ("call", 0.03), (("raise", 4), 0.72))
    assert call.probability == pytest.approx(0.03)
    assert call.probability is not None
    assert call.probability < RARE
    assert call.mistake
    assert check.probability == pytest.approx(0.9)
    assert not check.mistake
    assert draw.advice is None
    assert draw.probability is None
    no_advice = review_hand(scripted_hand(), 0, advisor=None)
    assert all(d.advice is None and d.probability is None for d in no_advice)
    assert not no_advice[0].mistake


def test_the_largest_mistakes_come_draws_first_by_cost_then_bets_by_probability() -> None:
    decisions = _button()
    ranked = largest_mistakes(decisions)
    draws = [d for d in decisions if d.phase == "draw" and d.cost]
    assert [d.phase for d in ranked] == ["draw"] * len(draws) + ["bet"]
    assert ranked[0].cost == max(d.cost or 0.0 for d in draws)
    assert ("draw", BAD_THROW) in [d.action for d in ranked]
    assert ranked[-1].action == "call"
    costs = [d.cost or 0.0 for d in ranked if d.phase == "draw"]
    assert costs == sorted(costs, reverse=True)
    assert largest_mistakes(_button(), 1) == ranked[:1]


def test_a_room_s_file_reviews_its_own_player_against_a_random_hand() -> None:
    reviews = list(review_file(str(FILES / "pokerstars_cash.txt"), advisor=None))
    assert [r.seats for r in reviews] == [(2,), (2,)]
    first = reviews[0].decisions
    assert first[0].equity is not None
    assert first[0].equity.against == "random"
    assert 0 < first[0].equity.share < 1
    throw = first[1]
    assert throw.action == ("draw", ("4c",))
    choice = badugi.best_discard(["Kd", "4s", "7h", "4c"], draws=3)
    made = next(o for o in choice.options if o.discard == ("4c",))
    assert throw.cost == pytest.approx(choice.expected - made.expected)
    assert first[0].pot_odds == pytest.approx(15 / 60)  # 15 to call into 45


def test_a_json_history_reviews_as_its_hand_does() -> None:
    hand = scripted_hand()
    text = write_hand(hand, "json", 1)
    reviews = list(review_file(io.BytesIO(text.encode()), 0, advisor=fake_advisor))
    assert reviews[0].decisions == review_hand(hand, 0, advisor=fake_advisor, seed=1)


def test_a_seat_missing_from_a_hand_is_noted_not_reviewed() -> None:
    reviews = list(review_file(str(FILES / "pokerstars_cash.txt"), 7, advisor=None))
    assert all(r.decisions == () and r.note == "no seat 7: the hand has 6" for r in reviews)


def _any(value: object) -> Any:
    """``value``, typed as anything: garbage a caller may pass whatever the types say."""
    return value


def _garbage(answer: object) -> Any:
    """An advisor that gives ``answer`` wherever it is asked."""
    return lambda view: answer


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: review_hand(_any("not a hand")), "review_hand takes a badugi.engine.Hand"),
        (lambda: review_hand(scripted_hand(), 2, advisor=None), "seat 2 is not a seat of this hand"),
        (lambda: review_hand(scripted_hand(), -1), "seat must be a whole number"),
        (lambda: review_hand(scripted_hand(), True), "seat must be a whole number"),
        (lambda: review_hand(scripted_hand(), 0, advisor=_any(42)), "advisor must be a callable"),
        (lambda: review_hand(scripted_hand(), 0, advisor=_garbage(7)), "the advisor gave 7"),
        (lambda: review_hand(scripted_hand(), 0, advisor=_garbage([("call", 2.0)])), "a number from 0 to 1"),
        (lambda: review_hand(scripted_hand(), 0, advisor=_garbage([("call", 1.0), 3])), "pair"),
        (lambda: list(review_file("/no/such/file")), "cannot read '/no/such/file'"),
        (lambda: list(review_file(str(FILES))), "cannot read"),
        (lambda: list(review_file(io.BytesIO(b"\x00\xff\x13garbage" * 50))), "not recognised"),
    ],
)
def test_garbage_gets_the_library_s_errors(call: object, message: str) -> None:
    with pytest.raises(HandHistoryError, match=message.replace("(", r"\(")) as raised:
        call()  # type: ignore[operator]
    assert isinstance(raised.value, (BadugiError, ValueError))


def test_every_hand_of_a_phh_file_reviews_every_seat_it_shows() -> None:
    reads = read_hands((FILES / "engine_match.phhs").read_text())
    reviews = list(review_file(str(FILES / "engine_match.phhs"), advisor=None))
    assert len(reviews) == len(reads)
    for review, read in zip(reviews, reads, strict=True):
        assert review.seats == tuple(range(read.hand.n_seats))
        assert all(d.equity is None or d.equity.against == "cards" for d in review.decisions)


class _Kind:
    """A bot kind whose bots are ``bot``."""

    def __init__(self, bot: object) -> None:
        self.bot = bot

    def make(self, seed: int | None = None) -> object:
        return self.bot


class _Advising:
    def advice(self, view: object) -> None:
        return None


def test_the_default_advisor_is_the_solver_bot_s_advice_where_it_has_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from badugi.review import advice  # noqa: PLC0415

    bot = _Advising()
    monkeypatch.setattr(advice, "BOTS", {"solver": _Kind(bot)})
    assert advice.default_advisor() == bot.advice
    monkeypatch.setattr(advice, "BOTS", {"solver": _Kind(object())})  # a solver that gives no advice
    assert advice.default_advisor() is None
    monkeypatch.setattr(advice, "BOTS", {"simple": _Kind(bot)})
    assert advice.default_advisor() is None


def test_an_action_is_matched_to_the_advice_whatever_its_spelling() -> None:
    from badugi.review.advice import chosen_probability  # noqa: PLC0415

    advice = ((("raise", 4), 0.7), (("draw", ("Kd", "Ah")), 0.2), ("fold", 0.1))
    assert chosen_probability(advice, ("bet", 4)) == pytest.approx(0.7)  # a bet is a raise from nothing
    assert chosen_probability(advice, ("raise", 6)) == 0.0
    assert chosen_probability(advice, ("draw", ("Ah", "Kd"))) == pytest.approx(0.2)  # in any order
    assert chosen_probability(advice, "check") == 0.0


def test_equity_against_a_random_hand_at_the_showdown_is_the_share_of_hands_beaten() -> None:
    from itertools import combinations  # noqa: PLC0415

    from badugi.games import BADUGI  # noqa: PLC0415
    from badugi.review.values import equity_at  # noqa: PLC0415

    mine = ["Ah", "7s", "3d", "Kd"]
    unseen = [badugi.card_id(c) for c in badugi.cards.CARD_TEXT if c not in mine]
    ranks = badugi.rank_many(bytes(card for hand in combinations(unseen, 4) for card in hand))
    own = badugi.rank(mine)
    exact = (sum(rank > own for rank in ranks) + sum(rank == own for rank in ranks) / 2) / len(ranks)
    found = equity_at(mine, [("??",) * 4], 0, [], BADUGI, seed=3)
    assert found is not None
    assert found.against == "random"
    assert found.share == pytest.approx(exact, abs=0.04)  # 1,000 showdowns: a standard error near 0.01


def test_the_strategy_is_not_asked_about_cards_the_file_does_not_show() -> None:
    asked: list[tuple[str, ...]] = []

    def advisor(view: Any) -> None:
        asked.append(view.cards)

    reviews = list(review_file(str(FILES / "pokerstars_cash.txt"), 4, advisor=advisor))
    assert reviews[0].decisions
    assert all(d.advice is None and d.equity is None and d.draw is None for r in reviews for d in r.decisions)
    assert asked == []
    list(review_file(str(FILES / "pokerstars_cash.txt"), 2, advisor=advisor))
    assert asked
    assert all("??" not in cards for cards in asked)


def test_a_spot_too_deep_for_the_stub_deals_the_seat_s_discards_again() -> None:
    from badugi.cards import CARD_TEXT  # noqa: PLC0415
    from badugi.games import BADEUCY  # noqa: PLC0415
    from badugi.review.values import equity_at  # noqa: PLC0415

    # Eight seats of a five-card game, twelve discards seen: 35 cards unseen for 35 unknown ones.
    mine, dead = CARD_TEXT[47:], CARD_TEXT[:12]
    found = equity_at(mine, [("??",) * 5] * 7, 2, dead, BADEUCY, seed=1)
    assert found is not None
    assert 0 <= found.share <= 1
    assert equity_at(mine, [], 2, dead, BADEUCY) is None
