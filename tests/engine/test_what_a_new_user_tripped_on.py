"""What a new user tripped on in the engine: each one, as it now behaves."""

from __future__ import annotations

import pytest

from badugi.engine import (
    DrawBot,
    FixedLimit,
    GameSetupError,
    Hand,
    Match,
    MatchResult,
    RandomBot,
    SimpleBot,
    public_history,
    view_of,
)


def _hand() -> Hand:
    return Hand(
        stacks=[1000] * 3, button=0, structure=FixedLimit(small_bet=20, big_bet=40), blinds=(10, 20), seed=7
    )


def test_public_history_and_view_of_take_a_hand_or_its_history() -> None:
    hand = _hand()
    hand.call()
    for seat in range(3):
        assert public_history(hand, seat) == public_history(hand.history, seat)
        assert view_of(hand.history, seat) == view_of(hand, seat)
        assert view_of([dict(e) for e in hand.history], seat) == view_of(hand, seat)  # as JSON data
    with pytest.raises(GameSetupError, match="view_of takes a Hand or its history, got 'x'"):
        view_of("x", 0)  # type: ignore[arg-type]


def test_every_bot_takes_a_seed() -> None:
    for bot in (SimpleBot, DrawBot, RandomBot):
        bot(seed=1)
        with pytest.raises(GameSetupError, match="seed must be None or an int"):
            bot(seed=-1)
        with pytest.raises(GameSetupError, match="seed must be None or an int"):
            bot(seed=1.0)  # type: ignore[arg-type]


def test_act_takes_a_bet_as_the_history_records_it() -> None:
    hand = _hand()
    hand.act("call")
    hand.act("bet")  # the smallest legal total: one unit above the big blind
    assert hand.history[-1]["event"] == "raise"
    assert hand.history[-1]["to"] == 40
    hand.act(("raise", 60))
    hand.act("fold")
    hand.act("raise")
    assert hand.history[-1]["to"] == 80
    other = _hand()
    other.act("call")
    other.act(("bet", 40))
    assert other.history[-1]["to"] == 40


def test_match_is_in_the_engine_and_its_result_prints_briefly() -> None:
    result = Match([SimpleBot(), RandomBot(seed=1)], seed=1, keep_histories=True).run()
    assert isinstance(result, MatchResult)
    text = repr(result)
    assert len(text) < 600, len(text)
    events = sum(len(h) for h in result.histories)
    assert f"histories=<{len(result.histories)} hand histories, {events:,} events>" in text
    assert repr(Match([SimpleBot(), SimpleBot()], seed=1).run()).endswith("histories=())")


def test_an_edited_history_is_refused_in_a_players_words() -> None:
    hand = _hand()
    hand.call()
    edited = [dict(e) for e in hand.history]
    call = next(e for e in edited if e["event"] == "call")
    call["all_in"] = True
    with pytest.raises(GameSetupError) as refused:
        Hand.replay(edited)
    message = str(refused.value)
    assert "the history says seat 0 calls 20, all in, where the replay says seat 0 calls 20" in message
    assert "('all_in' is True in the history, False there)" in message
    del call["all_in"]
    with pytest.raises(GameSetupError, match="the history leaves out 'all_in', which is False there"):
        Hand.replay(edited)
