"""Nothing the engine hands out can change the hand: not a view, not the history, not a result.

A bot reads a view on every decision; if it could reach the hand's own lists
and dicts through it, editing its view would rewrite the official record and
``Hand.replay`` would play a different hand.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from typing import Any

import pytest

from badugi._frozen import Frozen
from badugi.engine import (
    FixedLimit,
    FollowedHand,
    Hand,
    RandomBot,
    SeatView,
    SimpleBot,
    public_history,
    view_of,
)
from badugi.engine.history import Event
from badugi.engine.match import Match
from badugi.games import Game
from tests.engine.randomplay import play, snapshot

# A game is a module constant of badugi.games, shared by every hand and view by design (it
# pickles and copies to itself): nothing in it is the hand's state.
LEAVES = (int, str, bool, float, type(None), Game)


def mutable_parts(value: Any, path: str = "value") -> list[str]:
    """The paths of every object reachable from ``value`` that could be changed in place."""
    if isinstance(value, LEAVES):
        return []
    inside = _immutable_parts(value, path)
    if inside is None:
        return [f"{path} ({type(value).__name__})"]
    return [p for item, item_path in inside for p in mutable_parts(item, item_path)]


def _immutable_parts(value: Any, path: str) -> list[tuple[Any, str]] | None:
    """What an immutable container holds, with paths; None if ``value`` can be changed."""
    if isinstance(value, tuple):
        return [(item, f"{path}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, Event):
        return [(item, f"{path}[{key!r}]") for key, item in value.items()]
    if isinstance(value, Frozen):  # the settlement's values
        return [(getattr(value, name), f"{path}.{name}") for name in value._fields()]
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return [(getattr(value, f.name), f"{path}.{f.name}") for f in dataclasses.fields(value)]
    return None


def played_hand(seed: int = 5) -> Hand:
    hand = Hand([500] * 4, 1, FixedLimit(10, 20), blinds=(5, 10), seed=seed)
    bot = RandomBot(seed)
    while hand.actor is not None:
        hand.act(bot(view_of(hand, hand.actor)))
    return hand


def test_a_view_reaches_nothing_mutable() -> None:
    hand = Hand([500] * 4, 1, FixedLimit(10, 20), blinds=(5, 10), seed=2)
    bot = SimpleBot()
    while hand.actor is not None:
        for seat in range(4):
            assert mutable_parts(view_of(hand, seat)) == []
        hand.act(bot(view_of(hand, hand.actor)))
    assert mutable_parts(view_of(hand, 0)) == []


def test_the_history_and_public_histories_reach_nothing_mutable() -> None:
    hand = played_hand()
    assert mutable_parts(hand.history) == []
    for seat in range(4):
        assert mutable_parts(hand.public_history(seat)) == []
        assert mutable_parts(public_history(hand.history, seat)) == []
    # public_history() of plain JSON data freezes it too
    assert mutable_parts(public_history(json.loads(json.dumps(hand.history)), 0)) == []


def test_editing_an_event_is_refused() -> None:
    hand = played_hand()
    deal = next(e for e in hand.history if e["event"] == "deal")
    attempts = [
        lambda: deal.__setitem__("cards", ["Ah"]),
        lambda: deal.__delitem__("cards"),
        lambda: deal.update(cards=["Ah"]),
        lambda: deal.pop("cards"),
        deal.popitem,
        lambda: deal.setdefault("x", 1),
        deal.clear,
        lambda: deal.__ior__({"x": 1}),
        lambda: deal["cards"].append("Ah"),  # a tuple
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    mutable = deal.copy()  # an ordinary dict, the caller's own
    mutable["cards"] = ["Ah"]
    assert deal["cards"] != ["Ah"]


def test_a_bot_that_vandalises_its_view_changes_nothing() -> None:
    # The report: a bot edited view.history and Hand.replay then played another hand.
    def vandal(view: SeatView) -> Any:
        refused = (TypeError, AttributeError)
        for item in view.history:
            for key in list(item):
                with contextlib.suppress(*refused):
                    item[key].append("Ah")
                with contextlib.suppress(*refused):
                    item[key].clear()
                with contextlib.suppress(*refused):
                    item[key] = None
                with contextlib.suppress(*refused):
                    item.pop(key)
        for name in ("cards", "stacks", "history", "legal"):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(view, name, ())
        return SimpleBot()(view)

    match = Match([vandal, SimpleBot(), RandomBot(3)], seed=4, hands=10, keep_histories=True)
    result = match.run()
    assert result.histories
    for history in result.histories:
        again = Hand.replay(json.loads(json.dumps(history)))
        assert again.history == history


def test_lists_handed_out_are_the_caller_s_own() -> None:
    hand = Hand([500] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=9)
    before = snapshot(hand)
    for taken in (
        hand.hands,
        hand.hands[0],
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        *hand.cards_in_play().values(),
    ):
        taken.clear()
    assert snapshot(hand) == before
    while hand.actor is not None:
        hand.act(SimpleBot()(view_of(hand, hand.actor)))
    payouts = hand.payouts
    result = hand.result
    assert payouts is not None
    assert result is not None
    payouts.clear()
    assert hand.payouts == list(result.payouts)
    assert sum(hand.payouts) == sum(hand.contributions)
    assert mutable_parts(result) == []


def test_hand_settings_are_read_only() -> None:
    hand = Hand([500] * 3, 0, FixedLimit(10, 20), blinds=(5, 10), seed=9)
    for name in ("button", "structure", "blinds", "ante", "seed", "burn", "exposed_replacement", "history"):
        with pytest.raises(AttributeError):
            setattr(hand, name, None)


def test_match_results_reach_nothing_mutable() -> None:
    result = Match([SimpleBot(), RandomBot(1)], seed=2, hands=5, keep_histories=True).run()
    assert mutable_parts(result) == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.hands_played = 0  # type: ignore[misc]


def test_random_hands_hand_out_no_mutable_state() -> None:
    rng = random.Random(77)
    for _ in range(50):
        hand = play(rng)
        assert mutable_parts(hand.history) == []
        for seat in range(hand.n_seats):
            assert mutable_parts(view_of(hand, seat)) == []


def test_a_followed_hand_s_history_reaches_nothing_mutable() -> None:
    # Its own events (the posts, the deal, the shows, the rake) are recorded apart from a dealt hand's.
    hand = FollowedHand([500] * 3, 0, FixedLimit(10, 20), blinds=(5, 10))
    hand.post("small_blind", 1, 5)
    hand.post("big_blind", 2, 10)
    hand.deal([[None] * 4, ["Ah", "2c", "3d", "4s"], [None] * 4])
    while hand.phase in ("bet", "draw"):
        if hand.phase == "draw":
            hand.draw([] if hand.actor == 1 else [None])
        else:
            hand.check() if hand.legal().check else hand.call()
    hand.show(0, ["Kh", "Qc", "Jd", "Ts"])
    hand.show(2, ["5h", "6c", "7d", "8s"])
    hand.settle(rake=1, collected=[0, 29, 0])
    assert hand.phase == "over"
    assert mutable_parts(hand.history) == []
