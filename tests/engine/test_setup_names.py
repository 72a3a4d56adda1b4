"""The players' names a setup may keep: checked, in the setup event only when given, replayed, copied."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from badugi.engine import FixedLimit, Hand
from badugi.errors import GameSetupError


def _hand(names: object = None) -> Hand:
    return Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7, names=names)  # type: ignore[arg-type]


def test_names_are_kept_in_the_setup_event_and_replayed() -> None:
    """A history says who played: the names travel in its setup event, through JSON and Hand.replay."""
    hand = _hand(["Ann", "Bo"])
    hand.fold()
    assert hand.names == ("Ann", "Bo")
    assert hand.history[0]["names"] == ("Ann", "Bo")
    again = Hand.replay(json.loads(json.dumps(list(hand.history))))
    assert again.names == ("Ann", "Bo")
    assert again.history == hand.history
    assert pickle.loads(pickle.dumps(hand)).names == ("Ann", "Bo")
    assert copy.deepcopy(hand).names == ("Ann", "Bo")


def test_a_hand_without_names_records_the_setup_it_always_did() -> None:
    """Histories made before names existed replay unchanged, and a hand without names writes none."""
    hand = _hand()
    assert hand.names is None
    assert "names" not in hand.history[0]
    assert Hand.replay(list(hand.history)).names is None


def test_names_change_nothing_of_the_play() -> None:
    """Only the setup event differs: the same seed deals and plays the same hand."""
    named, plain = _hand(["Ann", "Bo"]), _hand()
    for hand in (named, plain):
        hand.call()
        hand.check()
    assert named.history[1:] == plain.history[1:]
    assert {k: v for k, v in named.history[0].items() if k != "names"} == dict(plain.history[0])


@pytest.mark.parametrize(
    ("names", "says"),
    [
        ("Ann", "names must be a list of names, one a seat, or None, got 'Ann'"),
        (5, "names must be a list of names, one a seat, or None, got 5"),
        (["Ann"], "names must give one name a seat (2), got 1"),
        (["Ann", "Bo", "Cy"], "names must give one name a seat (2), got 3"),
        (["Ann", 2], "names[1] must be text of 1 to 200 characters, got 2"),
        (["", "Bo"], "names[0] must be text of 1 to 200 characters, got ''"),
        (["A" * 201, "Bo"], "names[0] must be text of 1 to 200 characters"),
    ],
)
def test_names_that_are_not_one_text_a_seat_are_refused(names: object, says: str) -> None:
    with pytest.raises(GameSetupError) as raised:
        _hand(names)
    assert str(raised.value).startswith(says)


def test_a_name_of_200_characters_is_kept() -> None:
    assert _hand(["A" * 200, "B"]).names == ("A" * 200, "B")


def test_a_replayed_setup_with_bad_names_names_the_setting() -> None:
    history = [dict(_hand().history[0], names=["Ann"])]
    with pytest.raises(GameSetupError, match=r"^setup event: names must give one name a seat \(2\), got 1"):
        Hand.replay(history)
