"""Every engine entry point gives a result or its documented error, whatever it is given.

``GameSetupError`` for setup, replay and query input, ``IllegalActionError``
for actions (and a rejected action changes nothing), each naming the problem
and quoting at most a short prefix of what it was given; never a
``TypeError``, ``KeyError``, ``AttributeError`` or ``IndexError`` from inside.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import pytest

from badugi.engine import (
    FixedLimit,
    GameSetupError,
    HalfPotLimit,
    Hand,
    IllegalActionError,
    Legal,
    PotLimit,
    RandomBot,
    SeatView,
    SimpleBot,
    public_history,
    view_of,
)
from badugi.engine.match import Level, Match
from badugi.engine.structures import BettingRound, structure_from
from badugi.games import BADACEY, BADEUCY, Game
from badugi.ranking.scales import BADUGI as BADUGI_SCALE
from badugi.ranking.scales import LOW_27
from tests.engine.randomplay import snapshot
from tests.stable_ids import stable

HUGE_INT = 10**5000  # too long for str(): a message must not try to print it
HUGE_TEXT = "Kh" * 100_000
MESSAGE_LIMIT = 300


def ident(value: object) -> str:
    """A short test id for any value (repr() of HUGE_INT fails)."""
    try:
        return repr(value)[:30]
    except ValueError:
        return "huge int"


def new_hand() -> Hand:
    return Hand([1000] * 3, 0, FixedLimit(20, 40), blinds=(10, 20), seed=1)


def at_draw() -> Hand:
    hand = new_hand()
    hand.call()
    hand.call()
    hand.check()
    assert hand.phase == "draw"
    return hand


def brief(error: BaseException) -> str:
    message = str(error)
    assert len(message) <= MESSAGE_LIMIT, f"message of {len(message)} characters"
    return message


# ---- actions -------------------------------------------------------------------------------

BAD_ACTIONS = [
    (None, "unknown action None"),
    (5, "unknown action 5"),
    (5.0, "unknown action 5.0"),
    (b"fold", "unknown action b'fold'"),
    ({"fold": 1}, "unknown action"),
    ({"fold"}, "unknown action"),
    ((a for a in ["fold"]), "unknown action"),
    ((), "unknown action ()"),
    ([], "unknown action []"),
    (("fold", 1), "unknown action"),
    (("raise", 40, 60), "unknown action"),
    (("raise", None), "raise_to needs an int total, got None"),
    (("raise", "40"), "raise_to needs an int total, got '40'"),
    (("raise", 40.0), "raise_to needs an int total, got 40.0"),
    (("raise", True), "raise_to needs an int total, got True"),
    (("raise", HUGE_INT), "between 40 and 40"),
    ((["raise"], 40), "unknown action"),
    (("draw", []), "cannot draw now"),
    (HUGE_TEXT, "unknown action"),
    (np.array(["fold", "call"]), "unknown action"),
]


@pytest.mark.parametrize(("action", "message"), BAD_ACTIONS, ids=stable(ident))
def test_act_refuses_anything_but_an_action(action: Any, message: str) -> None:
    hand = new_hand()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act(action)
    assert message in brief(info.value)
    assert snapshot(hand) == before


@pytest.mark.parametrize(
    ("discards", "exposed", "message"),
    [
        (None, 0, "draw takes a list of cards"),
        (5, 0, "draw takes a list of cards"),
        ("Ah", 0, "draw takes a list of cards"),
        (b"Ah", 0, "draw takes a list of cards"),
        ({"Ah": 1}, 0, "draw takes a list of cards"),
        ((c for c in ["Ah"]), 0, "draw takes a list of cards"),
        (HUGE_TEXT, 0, "draw takes a list of cards"),
        (["Ah\ud800"], 0, "unknown rank"),
        ([HUGE_TEXT], 0, "cannot draw"),
        ([HUGE_INT], 0, "out of range 0..51"),
        ([52], 0, "id 52 out of range"),
        ([True], 0, "a card must be text or an id, got bool"),
        ([1.0], 0, "a card must be text or an id, got float"),
        ([None], 0, "a card must be text or an id, got NoneType"),
        ([["Ah"]], 0, "a card must be text or an id, got list"),
        (["Ah2s"], 0, "'Ah2s' is not one card"),
        ([], None, "exposed must be an int from 0 to 0, got None"),
        ([], True, "exposed must be an int from 0 to 0, got True"),
        ([], 0.0, "exposed must be an int from 0 to 0, got 0.0"),
        ([], HUGE_INT, "exposed must be an int from 0 to 0, got an int of"),
        # An array's == 0 is an array, whose truth raises ValueError: the type is asked first.
        ([], np.array([1, 2]), "exposed must be an int from 0 to 0, got array([1, 2])"),
    ],
    ids=stable(ident),
)
def test_draw_refuses_anything_but_the_seat_s_cards(discards: Any, exposed: Any, message: str) -> None:
    hand = at_draw()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.draw(discards, exposed=exposed)
    assert message in brief(info.value)
    assert snapshot(hand) == before


def test_draw_takes_any_sequence_of_card_text_or_ids() -> None:
    for discards in (("Ah",), np.array([0, 4]), range(0), [np.int64(4)]):
        hand = Hand([1000] * 2, 0, FixedLimit(20, 40), blinds=(10, 20), deck=list(range(52)), seed=1)
        hand.call()
        hand.check()
        mine = hand.hands[1]  # ids 0 2 4 6: Ac Ah 2c 2h
        assert mine == ["Ac", "Ah", "2c", "2h"]
        hand.draw(discards if not isinstance(discards, tuple) else ("Ac",))
        assert len(hand.hands[1]) == 4


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (True, "seat must be a seat number or None, got True"),
        (1.0, "seat must be a seat number or None, got 1.0"),
        ("0", "seat must be a seat number or None, got '0'"),
        ([0], "seat must be a seat number or None, got [0]"),
        (HUGE_INT, "out of turn"),
        (-1, "seat -1 cannot call out of turn"),
    ],
    ids=stable(ident),
)
def test_a_seat_is_a_seat_number(seat: Any, message: str) -> None:
    hand = new_hand()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.call(seat=seat)
    assert message in brief(info.value)
    assert snapshot(hand) == before
    hand.call(seat=np.int64(0))  # an integer of another type is a seat number
    assert hand.actor == 1


# ---- setting up a hand ---------------------------------------------------------------------


# A game badugi.games does not name: a history could not name it, so no hand deals it.
SINGLE_DRAW_27 = Game(
    "single-draw", title="2-7 single draw", hand_size=5, draws=1, halves=(LOW_27,), odd_chip_half=0
)


def _gen() -> Any:
    return (s for s in [100, 100])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [100]}, "2 to 8 seats"),
        ({"stacks": [100] * 9}, "2 to 8 seats"),
        ({"stacks": [100, 0]}, r"stacks\[1\] must be an int >= 1"),
        ({"button": 3}, "button 3 out of range"),
        ({"blinds": (20, 10)}, "small blind 20 is above big blind 10"),
        ({"blinds": (5, 0)}, "big blind must be an int >= 1"),
        ({"ante": -1}, "ante must be an int >= 0"),
        ({"deck": list(range(51))}, "deck must hold 52 cards"),
        ({"deck": [*range(51), "Ac"]}, "deck: duplicate card Ac"),
        ({"structure": "limit"}, "structure must be"),
        ({"exposed_replacement": "later"}, "exposed_replacement must be"),
        ({"stacks": None}, "stacks must be a list of chip counts"),
        ({"stacks": 100}, "stacks must be a list of chip counts"),
        ({"stacks": _gen()}, "stacks must be a list of chip counts"),
        ({"stacks": "ab"}, "stacks must be a list of chip counts"),
        ({"stacks": {0: 100, 1: 100}}, "stacks must be a list of chip counts"),
        ({"stacks": [100, 100.0]}, r"stacks\[1\] must be an int >= 1, got 100.0"),
        ({"stacks": [100, True]}, r"stacks\[1\] must be an int >= 1, got True"),
        ({"stacks": [100, HUGE_INT, "x"]}, r"stacks\[1\] must be at most 2\*\*63-1, got an int of"),
        ({"stacks": [100, 7, "x"]}, r"stacks\[2\] must be an int >= 1, got 'x'"),
        ({"blinds": (HUGE_INT, HUGE_INT)}, "small blind must be at most 2\\*\\*63-1"),
        ({"button": None}, "button None out of range"),
        ({"button": True}, "button True out of range"),
        ({"button": 0.0}, "button 0.0 out of range"),
        ({"structure": None}, "structure must be"),
        ({"blinds": 5}, "blinds must be (small, big) or None, got 5"),
        ({"blinds": "12"}, "blinds must be (small, big) or None"),
        ({"blinds": (1,)}, "blinds must be (small, big) or None"),
        ({"blinds": (1, 2, 3)}, "blinds must be (small, big) or None"),
        ({"blinds": (1.0, 2)}, "small blind must be an int >= 0, got 1.0"),
        ({"blinds": (1, None)}, "big blind must be an int >= 1, got None"),
        ({"ante": None}, "ante must be an int >= 0, got None"),
        ({"ante": HUGE_INT * -1}, "ante must be an int >= 0, got an int of"),
        ({"seed": -1}, "seed must be an int from 0 to"),
        ({"seed": 2**128}, "seed must be an int from 0 to"),
        ({"seed": 1.5}, "seed must be an int from 0 to"),
        ({"seed": "abc"}, "seed must be an int from 0 to"),
        ({"deck": 5}, "deck must be a list of 52 cards, got 5"),
        ({"deck": "AcAdAh"}, "deck must be a list of 52 cards"),
        ({"deck": (c for c in range(52))}, "deck must be a list of 52 cards"),
        ({"deck": [*range(51), None]}, "deck: a card must be text or an id, got NoneType"),
        ({"deck": [*range(51), HUGE_INT]}, "deck: id an int of [0-9]+ bits out of range"),
        ({"deck": [*range(51), HUGE_TEXT]}, "deck: "),
        ({"burn": "yes"}, "burn must be True or False, got 'yes'"),
        ({"burn": 1}, "burn must be True or False, got 1"),
        ({"exposed_replacement": None}, "exposed_replacement must be 'now' or 'after_draw', got None"),
        ({"exposed_replacement": ["now"]}, "exposed_replacement must be"),
        ({"exposed_replacement": np.array(["now", "now"])}, "exposed_replacement must be"),
        ({"game": "holdem"}, "BADUGI, BADEUCY or BADACEY, or its name, got 'holdem'"),
        (
            {"game": None},
            "game must be one of badugi.games: BADUGI, BADEUCY or BADACEY, or its name, got None",
        ),
        ({"game": LOW_27}, "game must be one of badugi.games"),
        ({"game": 1}, "game must be one of badugi.games"),
        ({"game": BADUGI_SCALE}, "game must be one of badugi.games"),
        (
            {"game": Game("x", title="X", hand_size=5, draws=1, halves=(LOW_27,), odd_chip_half=0)},
            "game must be",
        ),
        ({"game": [BADEUCY]}, "game must be one of badugi.games"),
        ({"game": HUGE_TEXT}, "game must be one of badugi.games"),
        ({"qualifier": 0}, r"qualifier rank 0 out of range 1..1092 \(1 is the best Badugi hand\)"),
        ({"qualifier": 1093}, "qualifier rank 1093 out of range 1..1092"),
        ({"qualifier": HUGE_INT}, "qualifier rank an int of"),
        ({"qualifier": True}, "qualifier must be a hand or a rank number, got True"),
        ({"qualifier": 9.5}, "qualifier must be a hand or a rank number, got 9.5"),
        (
            {"qualifier": "9c 8d 7h"},
            "qualifier must be a hand of Badugi or a rank number, got '9c 8d 7h': expected 4",
        ),
        ({"qualifier": "9c 8d 7h 6s 5c"}, "qualifier must be a hand of Badugi .*: expected 4 cards, got 5"),
        ({"qualifier": "9c 9c 7h 6s"}, "duplicate card 9c"),
        ({"qualifier": "Zz"}, "qualifier must be a hand of Badugi"),
        ({"qualifier": {"9c": 1}}, "qualifier must be a hand of Badugi"),
        ({"qualifier": HUGE_TEXT}, "qualifier must be a hand of Badugi"),
        ({"qualifier": [None] * 4}, "a card must be text or an id, got NoneType"),
        ({"qualifier": 1, "game": BADEUCY}, "Badeucy takes no qualifier"),
        ({"qualifier": "9c 8d 7h 6s 5c", "game": BADACEY}, "Badacey takes no qualifier"),
        ({"carry": -1}, r"carry \(chips in the middle\) must be an int >= 0, got -1"),
        ({"carry": 1.0}, "carry (chips in the middle) must be an int >= 0, got 1.0"),
        ({"carry": None}, "carry (chips in the middle) must be an int >= 0, got None"),
        ({"carry": "5"}, "carry (chips in the middle) must be an int >= 0"),
        ({"carry": False}, "carry (chips in the middle) must be an int >= 0"),
        ({"carry": HUGE_INT * -1}, "carry (chips in the middle) must be an int >= 0, got an int of"),
        ({"carry": 2**63}, r"carry \(chips in the middle\) must be at most 2\*\*63-1"),
    ],
    ids=stable(ident),
)
def test_a_bad_setup_is_refused_naming_it(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {
        "stacks": [100, 100],
        "button": 0,
        "structure": FixedLimit(2, 4),
        "blinds": (1, 2),
    }
    args.update(kwargs)
    with pytest.raises(GameSetupError) as info:
        Hand(**args)
    assert re.search(message, brief(info.value)) or message in str(info.value)


def test_integers_of_other_types_set_up_a_hand() -> None:
    hand = Hand(np.array([100, 200]), np.int64(1), PotLimit(), blinds=np.array([1, 2]), seed=np.uint64(4))
    assert hand.stacks == [98, 199]  # heads-up, the button (seat 1) posts the small blind
    assert all(type(x) is int for x in hand.history[0]["stacks"])
    assert json.loads(json.dumps(hand.history)) is not None


@pytest.mark.parametrize(
    ("stacks", "carry"),
    [([2**62] * 3, 0), ([2**63 - 1, 1], 0), ([2**62, 2**62], 0), ([2**62, 2**62 - 1], 1)],
)
def test_a_table_whose_chips_no_pot_can_hold_is_refused_at_set_up(stacks: list[int], carry: int) -> None:
    """Every chip may end in one pot: stacks over 2**63-1 in all were taken, then broke the showdown."""
    with pytest.raises(GameSetupError, match=r"more than one pot can hold \(2\*\*63-1"):
        Hand(stacks, 0, PotLimit(), blinds=(1, 2), carry=carry)


def test_a_table_of_exactly_2_63_minus_1_chips_plays_to_its_showdown() -> None:
    """The bound is the largest table that settles: all in for every chip, the pot pays them all."""
    stacks = [2**62, 2**62 - 2, 1]
    hand = Hand(stacks, 0, PotLimit(), blinds=(1, 2), carry=0, seed=3)
    assert sum(stacks) == 2**63 - 1
    while hand.actor is not None:
        if hand.phase == "draw":
            hand.draw([])
        elif hand.legal().max_raise_to is not None:
            hand.raise_to(hand.legal().max_raise_to)
        else:
            hand.call()
    assert hand.phase == "over"
    assert sum(hand.stacks) == 2**63 - 1


# ---- replaying a history -------------------------------------------------------------------


def played_history() -> list[dict[str, Any]]:
    """A hand with raises, draws, an exposed card and a late replacement, as JSON data."""
    hand = Hand(
        [300, 200, 400], 2, PotLimit(), blinds=(5, 10), ante=1, seed=11, exposed_replacement="after_draw"
    )
    hand.raise_to(30)
    while hand.actor is not None:
        if hand.phase == "draw":
            seat = hand.actor
            hand.draw(hand.hands[seat][:2], exposed=1 if seat == 0 else 0)
        elif hand.legal().check:
            hand.check()
        else:
            hand.call()
    events = [e["event"] for e in hand.history]
    assert "late_replacement" in events
    assert "showdown" in events
    return json.loads(json.dumps(hand.history))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("history", "message"),
    [
        (None, "a history is a list of events"),
        (5, "a history is a list of events"),
        ("setup", "a history is a list of events"),
        ({"event": "setup"}, "a history is a list of events"),
        ((e for e in [{"event": "setup"}]), "a history is a list of events"),
        ([], "this one is empty"),
        ([None], "event 0 is not an event"),
        ([{"event": 5}], "event 0 is not an event"),
        ([{"event": "deal"}], "starts with its setup event, not 'deal'"),
        ([{"event": "setup"}], "setup event: missing 'stacks'"),
        ([{"event": "setup", "stacks": [1, 1], "colour": "red"}], "setup event: unknown setting 'colour'"),
    ],
    ids=stable(ident),
)
def test_replay_refuses_what_is_not_a_history(history: Any, message: str) -> None:
    with pytest.raises(GameSetupError) as info:
        Hand.replay(history)
    assert message in brief(info.value)


def test_replay_names_the_first_event_that_does_not_follow() -> None:
    history = played_history()
    draw = next(i for i, e in enumerate(history) if e["event"] == "draw" and e["received"])
    cases: list[tuple[list[Any], str]] = []
    edited = json.loads(json.dumps(history))
    edited[draw]["received"][0] = "Kh" if edited[draw]["received"][0] != "Kh" else "Qh"
    cases.append((edited, f"event {draw} (draw) does not follow"))
    wrong_seat = json.loads(json.dumps(history))
    first_action = next(i for i, e in enumerate(history) if e["event"] in ("call", "raise", "fold", "check"))
    wrong_seat[first_action]["seat"] = (history[first_action]["seat"] + 1) % 3
    cases.append((wrong_seat, f"event {first_action} ("))
    missing = [e for i, e in enumerate(history) if i != first_action]
    cases.append((missing, f"event {first_action} (call by seat 0) is not legal at that point"))
    cases.append(([*history, {"event": "call", "seat": 0}], "is not legal at that point"))
    cases.append(([*history, {"event": "burn", "card": 3}], "does not follow from the events before it"))
    no_seat = json.loads(json.dumps(history))
    del no_seat[first_action]["seat"]
    cases.append((no_seat, "missing 'seat'"))
    junk = json.loads(json.dumps(history))
    junk[3] = {"event": "deal", "seat": 0, "cards": [[[[[[[[[[["deep"]]]]]]]]]]]}
    cases.append((junk, "event 3 (deal) does not follow"))
    setup = json.loads(json.dumps(history))
    setup[0]["structure"] = {"type": "NoLimit"}
    cases.append((setup, "setup event: unknown betting structure 'NoLimit'"))
    setup = json.loads(json.dumps(history))
    setup[0]["deck"][0] = HUGE_TEXT
    cases.append((setup, "deck: "))
    for bad, message in cases:
        with pytest.raises(GameSetupError) as info:
            Hand.replay(bad)
        assert message in brief(info.value), bad


def test_every_prefix_of_a_history_replays_to_that_point() -> None:
    history = played_history()
    assert json.loads(json.dumps(Hand.replay(history).history)) == history
    for end in range(1, len(history) + 1):
        if history[end - 1]["event"] in ("burn", "reshuffle", "exposed"):
            # The dealer's events of a draw come before the draw they belong to:
            # cut there, the history lacks the action that explains them.
            with pytest.raises(GameSetupError, match="the replay waits for seat"):
                Hand.replay(history[:end])
            continue
        partial = Hand.replay(history[:end])
        assert json.loads(json.dumps(partial.history[:end])) == history[:end]


# ---- views and public histories ------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda h: view_of(None, 0), "view_of takes a Hand or its history"),  # type: ignore[arg-type]
        (lambda h: view_of(h, 3), "seat 3 is not a seat of this hand"),
        (lambda h: view_of(h, -1), "seat -1 is not a seat"),
        (lambda h: view_of(h, True), "seat True is not a seat"),
        (lambda h: view_of(h, "0"), "seat '0' is not a seat"),
        (lambda h: h.public_history(None), "seat None is not a seat"),
        (lambda h: public_history(None, 0), "a history is a hand or a list of events"),
        (lambda h: public_history(h.history, 3), "seat 3 is not a seat"),
        (lambda h: public_history(h.history, 1.0), "seat 1.0 is not a seat"),
        (lambda h: public_history([5], 0), "event 0 is not an event"),
        (lambda h: public_history([{"event": "deal", "cards": ["Ah"]}], 0), "does not say whose it is"),
    ],
)
def test_queries_refuse_what_is_not_a_seat_or_a_history(call: Any, message: str) -> None:
    with pytest.raises(GameSetupError) as info:
        call(new_hand())
    assert message in brief(info.value)


# ---- matches and players -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": None}, "players must be a list of player callables"),
        ({"players": (b for b in [SimpleBot(), SimpleBot()])}, "players must be a list"),
        ({"players": [SimpleBot()]}, "a match needs 2 to 8 players, got 1"),
        ({"players": [SimpleBot(), 5]}, "player 1 is not callable: 5"),
        ({"names": "ab"}, "names must be a list of strings"),
        ({"names": [1, 2]}, "names must be a list of strings"),
        ({"names": ["a"]}, "2 players but 1 names"),
        ({"stacks": "1000"}, "stacks must be an int >= 1"),
        ({"stacks": 0}, "stacks must be an int >= 1"),
        ({"stacks": 2**62}, "stacks must be at most (2**63-1) // 2 with 2 players, so that every chip"),
        ({"hands": None}, "hands must be an int >= 1"),
        ({"hands": 1.5}, "hands must be an int >= 1"),
        ({"hands_per_level": True}, "hands_per_level must be an int >= 1"),
        ({"schedule": []}, "schedule must be a non-empty list of Level"),
        ({"schedule": [(10, 20, 40)]}, "schedule must be a non-empty list of Level"),
        ({"button": 2}, "button 2 out of range 0..1"),
        ({"button": None}, "button None out of range"),
        ({"seed": -1}, "seed must be None or an int"),
        ({"seed": "x"}, "seed must be None or an int"),
        ({"keep_histories": 1}, "keep_histories must be True or False"),
    ],
    ids=stable(ident),
)
def test_a_bad_match_is_refused_naming_it(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"players": [SimpleBot(), SimpleBot()]}
    args.update(kwargs)
    with pytest.raises(GameSetupError) as info:
        Match(**args)
    assert message in brief(info.value)


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        5,
        1.5,
        "dance",
        b"call",
        ("raise", "x"),
        ("raise", HUGE_INT),
        ("draw", None),
        object(),
        HUGE_TEXT,
    ],
    ids=stable(ident),
)
def test_a_player_returning_garbage_is_named_with_its_seat(garbage: Any) -> None:
    match = Match([lambda view: garbage, SimpleBot()], names=["junk", "simple"], seed=1)
    with pytest.raises(IllegalActionError) as info:
        match.play_hand()
    assert re.match(r"junk \(seat \d\): ", brief(info.value))
    assert match.hands_played == 0
    assert match.chips == (1000, 1000)


def test_a_player_that_raises_is_named_and_the_match_is_left_as_it_was() -> None:
    calls = 0

    def flaky(view: SeatView) -> Any:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise ZeroDivisionError("division by zero")
        return SimpleBot()(view)

    match = Match([flaky, SimpleBot()], names=["flaky", "simple"], seed=5, hands=3)
    reference = Match([SimpleBot(), SimpleBot()], names=["a", "b"], seed=5, hands=3)
    with pytest.raises(
        IllegalActionError, match=r"^flaky \(seat \d\): the player raised ZeroDivisionError"
    ) as info:
        match.run()
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    # The failed hand was abandoned: the match plays on exactly as one that never failed.
    assert (match.hands_played, match.chips, match.button) == (0, (1000, 1000), 0)
    assert match.run().standings == tuple(
        type(s)(s.player, ["flaky", "simple"][s.player], s.chips, s.busted_on_hand)
        for s in reference.run().standings
    )


def test_match_run_refuses_a_progress_that_is_not_callable() -> None:
    with pytest.raises(GameSetupError, match="progress must be a callable or None"):
        Match([SimpleBot(), SimpleBot()]).run(progress=5)  # type: ignore[arg-type]


def test_bots_refuse_what_is_not_a_view_of_their_turn() -> None:
    hand = new_hand()
    for bot in (SimpleBot(), RandomBot(1)):
        with pytest.raises(GameSetupError, match="a player takes a SeatView, got None"):
            bot(None)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="seat 1 has nothing to choose"):
            bot(view_of(hand, 1))
    for seed in ("x", 1.5, True, [1]):
        with pytest.raises(GameSetupError, match="seed must be None or an int"):
            RandomBot(seed)  # type: ignore[arg-type]


# ---- values made by hand -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: FixedLimit(0, 4), "small_bet must be a positive int, got 0"),
        (lambda: FixedLimit(2, 4, cap=0), "cap must be a positive int, got 0"),
        (lambda: PotLimit(min_bet=-5), "min_bet must be a positive int, got -5"),
        (lambda: FixedLimit("20", 40), "small_bet must be a positive int, got '20'"),  # type: ignore[arg-type]
        (lambda: FixedLimit(20, 40, cap=1.5), "cap must be a positive int, got 1.5"),  # type: ignore[arg-type]
        (lambda: FixedLimit(20, 40, uncapped_heads_up="no"), "uncapped_heads_up must be a bool"),  # type: ignore[arg-type]
        (lambda: PotLimit(min_bet=True), "min_bet must be a positive int, got True"),  # type: ignore[arg-type]
        (lambda: HalfPotLimit(min_bet=HUGE_INT * -1), "min_bet must be a positive int, got an int of"),
        (lambda: structure_from(None), "a structure is described by a mapping"),
        (lambda: structure_from({"type": ["FixedLimit"]}), "unknown betting structure"),
        (lambda: structure_from({"type": "FixedLimit", "small_bet": 2}), "FixedLimit needs big_bet"),
        (lambda: structure_from({"type": "PotLimit", "cap": 2}), "PotLimit has no setting 'cap'"),
        (lambda: Level("10", 20, 40), "Level ante must be an int >= 0, got '10'"),  # type: ignore[arg-type]
        (lambda: Level(10, 0, 40), "Level small_bet must be an int >= 1, got 0"),
        (lambda: Legal(fold="yes"), "Legal.fold must be bool, got 'yes'"),  # type: ignore[arg-type]
        (lambda: Legal(min_raise_to=1.5), "Legal.min_raise_to must be int or None"),  # type: ignore[arg-type]
        (lambda: BettingRound(0, 0, 0, 0, 0, 0, 2, "x", 0), "BettingRound.big_blind must be int or None"),  # type: ignore[arg-type]
    ],
)
def test_values_made_by_hand_check_their_fields(make: Any, message: str) -> None:
    with pytest.raises(GameSetupError) as info:
        make()
    assert message in brief(info.value)


def test_a_view_made_by_hand_checks_its_fields() -> None:
    good = view_of(new_hand(), 0)
    fields = {name: getattr(good, name) for name in good.__dataclass_fields__}
    assert SeatView(**fields) == good
    for name, bad in (
        ("cards", ["Ah"]),
        ("legal", None),
        ("stacks", (1, None)),
        ("history", (5,)),
        ("game", "badugi"),
        ("game", LOW_27),
    ):
        with pytest.raises(GameSetupError, match=f"SeatView.{name} must be"):
            SeatView(**{**fields, name: bad})
