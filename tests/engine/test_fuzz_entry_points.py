"""Arbitrary Python objects, fed to every public entry point of the engine.

The only outcomes accepted are a result or the entry point's documented
error, with a short message: ``GameSetupError`` for setting up a hand or a
match, replaying a history and asking about a seat; ``IllegalActionError``
for actions (and a refused action leaves the hand as it was). Anything else
(a ``TypeError``, ``KeyError``, ``AttributeError``, ``IndexError``,
``RecursionError``, a ``ValueError`` from printing a huge int...) fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
from badugi.engine.match import Level, Match, schedule_from
from badugi.engine.replay import with_defaults
from badugi.engine.setup import Setup
from badugi.engine.structures import BettingRound, structure_from
from badugi.errors import BadugiError
from badugi.games import BADUGI, GAMES
from badugi.ranking.scales import SCALES
from tests.engine.randomplay import snapshot

T = TypeVar("T")
HUGE_INT = 10**5000
MESSAGE_LIMIT = 300


def _deep(levels: int) -> Any:
    value: Any = "Ah"
    for _ in range(levels):
        value = [value]
    return value


ODD_THINGS = [
    2**64,
    "Ah\ud800",
    "\ud800",
    "Kh" * 50_000,
    b"\xff\xfe",
    float("nan"),
    float("inf"),
    -0.0,
    object(),
    np.int64(3),
    np.uint8(1),
    np.float32(1.9),
    np.bool_(True),
    np.array([1, 2]),
    np.array([]),
    np.array(["fold", "call"]),
    {"event": "setup"},
    Ellipsis,
    type,
    print,
]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 60),
    st.floats(),
    st.text(max_size=8),
    st.builds(lambda a, b: a + "\ud800" + b, st.text(max_size=3), st.text(max_size=3)),
    st.sampled_from(
        ["fold", "check", "call", "raise", "draw", "now", "after_draw", "Ah", "2s", "Kh", "setup"]
    ),
    st.binary(max_size=6),
    st.sampled_from(ODD_THINGS),
    # Built, not listed: hypothesis prints the elements of sampled_from, and these cannot be printed.
    st.builds(lambda sign: sign * HUGE_INT, st.sampled_from([1, -1])),
    st.builds(_deep, st.sampled_from([50, 2000])),
)
junk = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=6), inner, max_size=4),
        st.frozensets(st.integers(), max_size=3),
        st.builds(lambda items: (item for item in items), st.lists(inner, max_size=4)),
    ),
    max_leaves=10,
)


def outcome(call: Callable[[], T], error: type[Exception]) -> T | Exception:
    """The result of ``call``, or the documented ``error`` it raised (with a short message)."""
    try:
        return call()
    except error as exc:
        caught = exc
    assert len(str(caught)) <= MESSAGE_LIMIT, f"a message of {len(str(caught))} characters"
    return caught


# What game= and qualifier= may be given: the games, their names, their scales, and anything at all.
GAME_LIKE = st.one_of(
    junk,
    st.sampled_from([*GAMES.values(), *GAMES, *SCALES, BADUGI.halves, "BADUGI", None]),
)
QUALIFIER_LIKE = st.one_of(
    junk,
    st.none(),
    st.integers(-2, 1100),
    st.lists(st.integers(0, 51), min_size=3, max_size=6),
    st.sampled_from(["9c 8d 7h 6s", "9c 8d 7h 6s 5c", "Ah", 1.0, True, b"abcd", SCALES[0]]),
)

FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _hand() -> Hand:
    return Hand([200, 300, 400], 1, FixedLimit(10, 20), blinds=(5, 10), seed=3)


def _draw_hand() -> Hand:
    hand = _hand()
    while hand.phase == "bet":
        hand.check() if hand.legal().check else hand.call()
    return hand


# ---- a hand ----------------------------------------------------------------------------------


@FUZZ
@given(
    stacks=st.one_of(junk, st.lists(st.integers(-1, 500), min_size=1, max_size=9)),
    button=st.one_of(junk, st.integers(-1, 8)),
    structure=st.one_of(junk, st.sampled_from([FixedLimit(2, 4), PotLimit(), HalfPotLimit(3)])),
    blinds=st.one_of(junk, st.none(), st.tuples(st.integers(-1, 5), st.integers(-1, 5))),
    ante=st.one_of(junk, st.integers(-1, 5)),
    seed=st.one_of(junk, st.none(), st.integers(0, 10)),
    deck=st.one_of(junk, st.none(), st.permutations(range(52)), st.lists(st.integers(0, 51), max_size=52)),
    burn=st.one_of(junk, st.booleans()),
    exposed_replacement=st.one_of(junk, st.sampled_from(["now", "after_draw"])),
    game=GAME_LIKE,
    qualifier=QUALIFIER_LIKE,
    carry=st.one_of(junk, st.integers(-1, 50)),
)
def test_setting_up_a_hand(**kwargs: Any) -> None:
    made = outcome(lambda: Hand(**kwargs), GameSetupError)
    if isinstance(made, Hand):  # a hand that was set up plays to the end
        assert Hand.from_setup(made.setup).history == made.history
        bot = RandomBot(1)
        while made.actor is not None:
            made.act(bot(view_of(made, made.actor)))
        assert sum(made.stacks) + made.pot == sum(made.history[0]["stacks"]) + made.carry


@FUZZ
@given(game=GAME_LIKE, qualifier=QUALIFIER_LIKE, carry=st.one_of(junk, st.integers(-1, 50)))
def test_the_game_qualifier_and_carry_of_a_hand(game: Any, qualifier: Any, carry: Any) -> None:
    # The rest of the table is good, so every refusal is about these three.
    made = outcome(
        lambda: Hand(
            [200, 300],
            0,
            FixedLimit(10, 20),
            blinds=(5, 10),
            seed=3,
            game=game,
            qualifier=qualifier,
            carry=carry,
        ),
        GameSetupError,
    )
    if isinstance(made, GameSetupError):
        assert any(word in str(made) for word in ("game", "qualifier", "carry")), str(made)
        return
    bot = SimpleBot()
    while made.actor is not None:
        made.act(bot(view_of(made, made.actor)))
    assert made.result is not None
    assert sum(made.stacks) + made.result.carried == 500 + made.carry
    assert Hand.replay(json.loads(json.dumps(made.history))).history == made.history


@FUZZ
@given(action=junk, seat=junk, exposed=junk, amount=junk, at_draw=st.booleans())
def test_acting_on_a_hand(action: Any, seat: Any, exposed: Any, amount: Any, at_draw: bool) -> None:
    for act in (
        lambda h: h.act(action),
        lambda h: h.act(("raise", amount)),
        lambda h: h.act(("draw", action)),
        lambda h: h.raise_to(amount, seat=seat),
        lambda h: h.draw(action, seat=seat, exposed=exposed),
        lambda h: h.draw(h.hands[h.actor][:1], exposed=exposed),
        lambda h: h.fold(seat=seat),
        lambda h: h.check(seat=seat),
        lambda h: h.call(seat=seat),
        lambda h: h.record_exposed_card(amount),
        lambda h: h.record_wrong_count(seat),
    ):
        hand = _draw_hand() if at_draw else _hand()
        before = snapshot(hand)
        if isinstance(outcome(partial(act, hand), IllegalActionError), IllegalActionError):
            assert snapshot(hand) == before, "a refused action changed the hand"


@FUZZ
@given(seat=junk, history=junk)
def test_asking_about_a_seat(seat: Any, history: Any) -> None:
    hand = _hand()
    outcome(lambda: view_of(hand, seat), GameSetupError)
    outcome(lambda: view_of(seat, 0), GameSetupError)
    outcome(lambda: hand.public_history(seat), GameSetupError)
    outcome(lambda: public_history(hand.history, seat), GameSetupError)
    outcome(lambda: public_history(history, seat), GameSetupError)
    outcome(lambda: public_history(history, 0), GameSetupError)


# ---- replaying a history ---------------------------------------------------------------------

_PLAYED = _hand()
_PLAYED.record_exposed_card(0)  # a misdeal
_PLAYED.record_exposed_card(7)  # a card replaced
while _PLAYED.phase == "bet":
    _PLAYED.check() if _PLAYED.legal().check else _PLAYED.call()
_PLAYED.draw(_PLAYED.hands[_PLAYED.actor][:2], exposed=1)  # type: ignore[index]
_PLAYED.record_wrong_count(2)  # a dead hand
HISTORY: list[dict[str, Any]] = json.loads(json.dumps(_PLAYED.history))


@FUZZ
@given(history=junk)
def test_replaying_anything(history: Any) -> None:
    outcome(lambda: Hand.replay(history), GameSetupError)


def _lookalikes(value: object) -> list[object]:
    """What Python's == takes for ``value`` but a history must not: True or 1.0 for 1, 0 for False."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        return [float(value)] + ([bool(value)] if value in (0, 1) else [])
    return []


def test_a_bool_or_a_float_never_stands_for_an_int_in_a_history() -> None:
    tried = 0
    for index, event in enumerate(HISTORY):
        for key, value in event.items():
            fields = [(key, None, value)]
            if isinstance(value, list):
                fields = [(key, i, item) for i, item in enumerate(value)]
            for field, position, original in fields:
                for lookalike in _lookalikes(original):
                    edited: list[Any] = json.loads(json.dumps(HISTORY))
                    if position is None:
                        edited[index][field] = lookalike
                    else:
                        edited[index][field][position] = lookalike
                    replayed = outcome(lambda e=edited: Hand.replay(e), GameSetupError)  # type: ignore[misc]
                    assert not isinstance(replayed, Hand), (index, field, position, lookalike)
                    tried += 1
    assert tried > 50


@FUZZ
@given(
    index=st.integers(0, len(HISTORY) - 1),
    key=st.one_of(st.sampled_from(sorted({k for e in HISTORY for k in e})), st.text(max_size=4)),
    value=junk,
    cut=st.integers(1, len(HISTORY) + 1),
    how=st.sampled_from(["set", "delete", "insert", "replace event", "cut"]),
)
def test_replaying_a_damaged_history(index: int, key: str, value: Any, cut: int, how: str) -> None:
    damaged: list[Any] = json.loads(json.dumps(HISTORY))
    if how == "set":
        damaged[index][key] = value
    elif how == "delete":
        damaged[index].pop(key, None)
    elif how == "insert":
        damaged.insert(index, value)
    elif how == "replace event":
        damaged[index] = value
    else:
        damaged = damaged[:cut]
    replayed = outcome(lambda: Hand.replay(damaged), GameSetupError)
    if isinstance(replayed, Hand):  # whatever replays is the hand the (possibly cut) history records
        expected = [with_defaults(item) for item in damaged]  # what older histories leave out
        assert json.loads(json.dumps(replayed.history[: len(damaged)])) == expected


def test_a_damaged_value_told_twice_still_makes_a_short_message() -> None:
    # Found by the test above: the bad count appeared in the telling and in the detail (301 characters).
    index = next(i for i, e in enumerate(HISTORY) if e["event"] == "draw" and e["count"])
    damaged: list[Any] = json.loads(json.dumps(HISTORY))
    damaged[index]["count"] = [1.0000000000000002e16, [None, None, None, -100000]]
    caught = outcome(lambda: Hand.replay(damaged), GameSetupError)
    assert isinstance(caught, GameSetupError)
    assert "'count' is (1.0000000000000002e+16, (None, None, None, -100000)) in the history" in str(caught)


def test_a_blind_named_by_a_huge_int_is_refused() -> None:
    # Found by test_replaying_a_damaged_history: the blind's name went into the telling as it was, and
    # an int of over 4,300 digits raised ValueError there instead of the refusal.
    index = next(i for i, e in enumerate(HISTORY) if e["event"] == "blind")
    damaged: list[Any] = json.loads(json.dumps(HISTORY))
    damaged[index]["blind"] = HUGE_INT
    caught = outcome(lambda: Hand.replay(damaged), GameSetupError)
    assert isinstance(caught, GameSetupError)
    assert "an int of 16610 bits" in str(caught)


# ---- matches and players ---------------------------------------------------------------------


@FUZZ
@given(
    players=st.one_of(junk, st.just([SimpleBot(), SimpleBot()])),
    names=st.one_of(junk, st.none(), st.just(["a", "b"])),
    stacks=st.one_of(junk, st.integers(1, 100)),
    hands=st.one_of(junk, st.integers(1, 3)),
    hands_per_level=st.one_of(junk, st.integers(1, 3)),
    schedule=st.one_of(
        junk, st.just([Level(1, 2, 4)]), st.just([Level(0, 2, 4, (1, 2)), Level(1, 4, 8, (2, 4))])
    ),
    structure=st.one_of(junk, st.sampled_from(["fixed", "pot", "half-pot"])),
    seed=st.one_of(junk, st.none(), st.integers(0, 9)),
    button=st.one_of(junk, st.integers(0, 1)),
    keep_histories=st.one_of(junk, st.booleans()),
    game=GAME_LIKE,
    qualifier=QUALIFIER_LIKE,
)
def test_setting_up_a_match(**kwargs: Any) -> None:
    match = outcome(lambda: Match(**kwargs), GameSetupError)
    if isinstance(match, Match):
        total = sum(match.chips)
        result = match.run()
        assert sum(s.chips for s in result.standings) == total
        assert match.middle == 0


@FUZZ
@given(returned=junk, progress=junk)
def test_a_match_with_a_player_returning_anything(returned: Any, progress: Any) -> None:
    def player(view: SeatView) -> Any:
        return returned

    match = Match([player, SimpleBot()], names=["junk", "simple"], seed=1, hands=2)
    played = outcome(match.play_hand, IllegalActionError)
    if isinstance(played, IllegalActionError):
        assert str(played).startswith("junk (seat ")
    if not callable(progress):  # a callable is called, and what it raises is its own (documented)
        outcome(lambda: Match([SimpleBot(), SimpleBot()], hands=1).run(progress=progress), GameSetupError)


# ---- values and bots -------------------------------------------------------------------------


@FUZZ
@given(a=junk, b=junk, c=junk, d=junk)
def test_making_values(a: Any, b: Any, c: Any, d: Any) -> None:
    for make in (
        lambda: FixedLimit(a, b),
        lambda: FixedLimit(2, 4, cap=c, uncapped_heads_up=d),
        lambda: PotLimit(a),
        lambda: HalfPotLimit(min_bet=b),
        lambda: structure_from(a),
        lambda: structure_from({"type": "FixedLimit", "small_bet": a, "big_bet": b, "cap": c}),
        lambda: structure_from({"type": a, "min_bet": b}),
        lambda: Level(a, b, c),
        lambda: Level(1, 2, 4, blinds=d),
        lambda: Level(0, 2, 4, blinds=(a, b)),
        lambda: Level(1, 2, 4).scaled(a, b),
        lambda: schedule_from(a),
        lambda: Legal(a, b, c, d),
        lambda: Legal(min_raise_to=a, max_raise_to=b),
        lambda: BettingRound(a, b, c, d, 0, 0, 2, None, 0),
        lambda: RandomBot(a),
        lambda: Setup(a, b, c),
        lambda: Setup([5, 5], 0, FixedLimit(1, 2), blinds=a, ante=b, seed=c, deck=d),
        lambda: Setup([5, 5], 0, FixedLimit(1, 2), game=a, qualifier=b, carry=c),
        lambda: Setup([5, 5], 0, FixedLimit(1, 2), qualifier=a, carry=b),
        lambda: Hand.from_setup(a),
    ):
        outcome(make, GameSetupError)


@FUZZ
@given(field=st.sampled_from(list(SeatView.__dataclass_fields__)), value=junk, view_arg=junk)
def test_players_given_anything(field: str, value: Any, view_arg: Any) -> None:
    good = view_of(_hand(), 0)
    fields = {name: getattr(good, name) for name in SeatView.__dataclass_fields__}
    fields[field] = value
    outcome(lambda: SeatView(**fields), GameSetupError)
    for bot in (SimpleBot(), RandomBot(2)):
        outcome(partial(bot, view_arg), BadugiError)  # GameSetupError, or IllegalActionError
