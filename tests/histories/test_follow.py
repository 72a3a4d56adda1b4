"""Following records through the engine.

Engine hands stated as records, whole or as one seat saw them, follow to the engine's own payouts;
posts, rake, shows and mucks as records state them; bad records are refused.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import pickle
import random

import pytest

from badugi.engine import FixedLimit, HalfPotLimit, Hand, PotLimit
from badugi.engine.followed import FollowedHand
from badugi.errors import HandHistoryError, IllegalActionError
from badugi.games import BADACEY, BADEUCY, BADUGI
from badugi.histories.engine_record import follow_history, record_of
from badugi.histories.files import read_hands
from badugi.histories.follow import follow
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step
from tests.histories.phh_play import play_randomly


def random_hand(rng: random.Random) -> Hand:
    """A hand of any game, structure and table size, played to its end by random legal actions."""
    n = rng.randint(2, 8)
    unit = rng.choice([2, 10, 20])
    structure = rng.choice([FixedLimit(unit, 2 * unit), PotLimit(), HalfPotLimit()])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    with_blinds = rng.random() < 0.8
    hand = Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=structure,
        blinds=(unit // 2, unit) if with_blinds else None,
        ante=rng.choice([0, 1, unit // 2]) if with_blinds else rng.choice([1, unit]),
        seed=rng.randrange(2**40),
        burn=rng.random() < 0.8,
        game=rng.choice([BADUGI, BADUGI, BADEUCY, BADACEY]),
    )
    play_randomly(hand, rng)
    return hand


@pytest.mark.parametrize("seed", range(4))
def test_engine_hands_follow_to_their_own_payouts_whole_and_as_each_seat_saw_them(seed: int) -> None:
    rng = random.Random(f"follow-{seed}")
    followed = 0
    for _ in range(150):
        hand = random_hand(rng)
        for viewer in [None, *range(hand.n_seats)]:
            again = follow(record_of(hand, viewer=viewer))
            assert again.phase == "over"
            assert again.payouts == hand.payouts
            assert again.stacks == hand.stacks
            assert again.contributions == hand.contributions
            assert again.folded == hand.folded
            followed += 1
    assert followed > 150 * 3


def _small_hand() -> Hand:
    hand = Hand(stacks=[100, 100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=5)
    hand.raise_to(4)
    hand.call()
    hand.call()
    while hand.phase != "over":
        if hand.phase == "draw":
            actor = hand.actor
            assert actor is not None
            hand.draw(hand.hands[actor][:1])
        else:
            hand.check()
    return hand


def _edit(record: HandRecord, index: int, **changes: object) -> HandRecord:
    steps = list(record.steps)
    steps[index] = dataclasses.replace(steps[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(record, steps=tuple(steps))


def _numbered(record: HandRecord) -> HandRecord:
    """The record with each step on its own line, as a file's would be."""
    steps = tuple(dataclasses.replace(step, line=k + 10) for k, step in enumerate(record.steps))
    return dataclasses.replace(record, steps=steps, label="test hand #1")


def _index(record: HandRecord, kind: str, nth: int = 0) -> int:
    return [k for k, step in enumerate(record.steps) if step.kind == kind][nth]


def test_a_changed_amount_an_out_of_turn_action_and_a_card_twice_are_refused_naming_the_line() -> None:
    record = _numbered(record_of(_small_hand(), viewer=1))
    call = _index(record, "call")
    with pytest.raises(
        HandHistoryError, match=rf"test hand #1, line {call + 10}: Player 2 calls 4, but the call is 3"
    ):
        follow(_edit(record, call, amount=4))
    check = _index(record, "check")
    with pytest.raises(
        HandHistoryError, match=rf"line {check + 10}: Player 3 acts \(check\) out of turn: Player 2 is to act"
    ):
        follow(_edit(record, check, seat=2))
    deal = _index(record, "deal", 1)
    with pytest.raises(HandHistoryError, match=r"Th is in Player 2's hand already"):
        follow(
            _edit(
                _edit(record, deal, cards=("Th", None, None, None)),
                deal + 1,
                seat=2,
                cards=("Th", "As", "9c", "Ah"),
            )
        )
    collect = _index(record, "collect")
    with pytest.raises(
        HandHistoryError, match=rf"line {collect + 10}: Player 2 collects 13, but the rules give it 12"
    ):
        follow(_edit(record, collect, amount=13))
    with pytest.raises(HandHistoryError, match=r"stops before the hand is over: Player 2 is to act"):
        follow(dataclasses.replace(record, steps=record.steps[:check]))
    show = _index(record, "show")
    with pytest.raises(HandHistoryError, match=r"Player 2 shows a hand without Ah, which it holds"):
        follow(_edit(record, show, seat=1, cards=("2c", "3d", "8c", "Qc")))


def test_a_muck_concedes_and_a_hand_shown_later_is_known() -> None:
    hand = _small_hand()  # seat 1 wins with Ah 3d 8c Qc
    record = record_of(hand, viewer=0)
    steps = [s for s in record.steps if s.kind not in ("show", "collect")]
    # Seat 2 shows; seat 1 mucks its winning hand (a player may) and shows it in the summary; seat 0, whose
    # cards the record knows, wins with K-6-2 against seat 2's two cards.
    steps += [
        Step("show", 2, cards=("Jc", "5s", "Ks", "8s")),
        Step("muck", 1),
        Step("collect", 0, amount=12),
        Step("show", 1, cards=("Ah", "3d", "8c", "Qc")),
    ]
    again = follow(dataclasses.replace(record, steps=tuple(steps)))
    assert again.payouts == [12, 0, 0]
    assert again.conceded == [False, True, False]
    assert again.history[-1]["event"] == "show"


def test_a_rake_is_taken_as_the_record_splits_it_and_every_chip_is_accounted_for() -> None:
    record = record_of(_small_hand(), viewer=1)
    collect = _index(record, "collect")
    raked = dataclasses.replace(_edit(record, collect, amount=11), rake=1, total_pot=12)
    again = follow(raked)
    assert again.payouts == [0, 11, 0]
    assert again.rake == 1
    assert sum(again.stacks) + again.rake == 300
    with pytest.raises(
        HandHistoryError, match=r"collect 11 and the rake is 2: 13 chips, but the pots hold 12"
    ):
        follow(dataclasses.replace(raked, rake=2))
    with pytest.raises(HandHistoryError, match=r"total pot is 13; 12 went in"):
        follow(dataclasses.replace(raked, total_pot=13))


def _table(*steps: Step, stacks: tuple[int, ...] = (200, 200, 200, 200)) -> HandRecord:
    return HandRecord(
        source="test",
        label="hand",
        players=tuple(RecordedPlayer(f"P{k}", stack, k + 1) for k, stack in enumerate(stacks)),
        button=0,
        structure=FixedLimit(10, 20),
        blinds=(5, 10),
        steps=steps,
    )


def test_a_big_blind_posted_out_of_position_is_live_and_a_dead_small_blind_is_not_a_bet() -> None:
    posts = (
        Step("small_blind", 1, amount=5),
        Step("big_blind", 2, amount=10),
        Step("live_blind", 3, amount=10),
        Step("dead_blind", 3, amount=5),
    )
    hand = FollowedHand([200] * 4, 0, FixedLimit(10, 20), blinds=(5, 10))
    for step in posts:
        assert step.amount is not None
        hand.post(step.kind, step.seat, step.amount)
    hand.deal([[None] * 4] * 4)
    assert hand.actor == 3
    assert hand.bets == [0, 5, 10, 10]
    assert hand.pot == 30
    assert hand.legal().check  # the live blind has its bet in already
    hand.check()
    hand.call()
    hand.call()
    assert hand.actor == 2
    assert hand.legal().check
    with pytest.raises(IllegalActionError, match="posts the small blind: it is seat 1's"):
        FollowedHand([200] * 4, 0, FixedLimit(10, 20), blinds=(5, 10)).post("small_blind", 2, 5)
    with pytest.raises(IllegalActionError, match="posts 4 as big blind: the big blind is 10"):
        FollowedHand([200] * 4, 0, FixedLimit(10, 20), blinds=(5, 10)).post("big_blind", 2, 4)


def test_an_uncontested_pot_goes_to_the_last_hand_in_unseen() -> None:
    record = _table(
        Step("small_blind", 1, amount=5),
        Step("big_blind", 2, amount=10),
        Step("raise", 3, amount=20),
        Step("fold", 0),
        Step("fold", 1),
        Step("fold", 2),
        Step("returned", 3, amount=10),
        Step("collect", 3, amount=25),
    )
    hand = follow(record)
    assert hand.payouts == [0, 0, 0, 35]
    assert hand.hands[3] == ["??"] * 4
    with pytest.raises(
        HandHistoryError, match="hand: the record returns 0 of P3's bets uncalled; the rules return 10"
    ):
        follow(dataclasses.replace(record, steps=record.steps[:6] + record.steps[7:]))


def test_a_hand_in_at_the_showdown_must_be_shown_or_mucked() -> None:
    record = _table(
        Step("small_blind", 1, amount=5),
        Step("big_blind", 2, amount=10),
        Step("fold", 3),
        Step("fold", 0),
        Step("call", 1, amount=5),
        Step("check", 2),
        *[
            step
            for draw in (1, 2, 3)
            for step in (
                Step("draw_round", 0, count=draw),
                Step("draw", 1, count=1),
                Step("draw", 2, count=0),
                Step("check", 1),
                Step("check", 2),
            )
        ],
        Step("show", 2, cards=("Ah", "2c", "3d", "4s")),
    )
    with pytest.raises(
        HandHistoryError, match="P1's hand is still in at the showdown, neither shown nor mucked"
    ):
        follow(record)
    hand = follow(
        dataclasses.replace(record, steps=(*record.steps, Step("muck", 1), Step("collect", 2, amount=20)))
    )
    assert hand.payouts == [0, 0, 20, 0]


def test_followed_hands_and_records_pickle_and_copy() -> None:
    record = record_of(_small_hand(), viewer=2, fields={"hand": 7, "table": "T"})
    for value in (record, follow(record)):
        for twin in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert type(twin) is type(value)
    twin_record = pickle.loads(pickle.dumps(record))
    assert twin_record == record
    with pytest.raises(TypeError):
        twin_record.fields["hand"] = 8  # type: ignore[index]
    hand = pickle.loads(pickle.dumps(follow(record)))
    assert hand.payouts == [0, 12, 0]
    assert hand.rake == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda h: h.post("blind", 1, 5), "unknown post 'blind'"),
        (lambda h: h.post("small_blind", 9, 5), "seat 9 is not a seat"),
        (lambda h: h.post("small_blind", 1, 2.5), "a post is a whole number of chips above 0, got 2.5"),
        (lambda h: h.post("small_blind", True, 5), "seat True is not a seat"),
        (lambda h: h.deal("AhKd"), "the deal gives one hand to each"),
        (lambda h: h.deal([[None] * 3] * 4), "the deal gives seat 0 3 cards: badugi deals 4"),
        (lambda h: h.deal([["Zz", None, None, None], *[[None] * 4] * 3]), "'Zz' is not a card"),
        (lambda h: h.deal([[1.0, None, None, None], *[[None] * 4] * 3]), "1.0 is not a card"),
        (lambda h: h.muck(1), "a hand is mucked at the showdown"),
        (lambda h: h.settle(), "a hand is settled after its betting"),
        (lambda h: h.show(1, ["Ah"]), "no hand is shown before the deal"),
        (lambda h: h.record_exposed_card(0), "no dealing errors"),
        (lambda h: FollowedHand.replay([]), "does not replay"),
    ],
)
def test_bad_calls_are_refused_naming_the_problem(call: object, message: str) -> None:
    hand = FollowedHand([200] * 4, 0, FixedLimit(10, 20), blinds=(5, 10))
    with pytest.raises(IllegalActionError, match=message):
        call(hand)  # type: ignore[operator]


def test_follow_refuses_what_is_not_a_record() -> None:
    with pytest.raises(HandHistoryError, match="follow takes a HandRecord, got dict"):
        follow({})  # type: ignore[arg-type]


def test_a_followed_hands_history_follows_again_from_json() -> None:
    rng = random.Random("follow-json")
    for number in range(60):
        hand = random_hand(rng)
        names = [f"N{k}" for k in range(hand.n_seats)]
        viewer = rng.randrange(hand.n_seats)
        followed = follow(record_of(hand, viewer=viewer, names=names, fields={"hand": number}))
        again = follow_history(json.loads(json.dumps(list(followed.history))))
        assert again.history == followed.history
        assert again.stacks == hand.stacks
        record = record_of(again)
        assert [player.name for player in record.players] == names
        assert record.fields == {"hand": number}
        assert record.label == f"badugi hand #{number}"


def test_record_of_refuses_what_is_not_a_hand_that_is_over() -> None:
    hand = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    with pytest.raises(HandHistoryError, match="takes a hand that is over"):
        record_of(hand)
    hand.fold()
    for bad, message in [
        ("text", "takes a Hand or its history"),
        (3, "takes a Hand or its history"),
        ([{"event": "setup"}], "does not replay"),
        ([{"event": "setup"}, {"event": "followed"}], "not a hand's history"),
    ]:
        with pytest.raises(HandHistoryError, match=message):
            record_of(bad)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match=r"viewer must be a seat 0\.\.1 or None, got True"):
        record_of(hand, viewer=True)
    with pytest.raises(HandHistoryError, match="names must give one name a seat"):
        record_of(hand, names=["A"])


GARBAGE: list[object] = [
    None,
    -1,
    0,
    1,
    2.5,
    True,
    "x",
    "Ah",
    ("Ah",),
    (None,),
    [],
    {},
    10**30,
    float("nan"),
    b"Ah",
    object(),
    ("Ah", "Ah", "Ah", "Ah"),
    (1, 2, 3, 4),
]


def test_a_record_with_a_field_of_any_type_follows_or_is_refused_saying_so() -> None:
    rng = random.Random("garbage")
    refused = 0
    for _ in range(1500):
        record = record_of(random_hand(rng), viewer=rng.choice([None, 0]))
        steps = list(record.steps)
        k = rng.randrange(len(steps))
        name = rng.choice(["kind", "seat", "amount", "cards", "received", "count", "all_in", "line"])
        steps[k] = dataclasses.replace(steps[k], **{name: rng.choice(GARBAGE)})
        edited = dataclasses.replace(record, steps=tuple(steps))
        if rng.random() < 0.2:
            field = rng.choice(
                ["button", "rake", "total_pot", "ante", "blinds", "structure", "game", "players"]
            )
            edited = dataclasses.replace(edited, **{field: rng.choice(GARBAGE)})
        try:
            follow(edited)
        except HandHistoryError:
            refused += 1
    assert refused > 1000


def test_the_followed_hands_methods_refuse_any_type_with_their_error() -> None:
    rng = random.Random("methods")
    for _ in range(300):
        hand = FollowedHand([200] * 3, 0, FixedLimit(10, 20), blinds=(5, 10))
        calls = [
            lambda h: h.post(
                rng.choice([*GARBAGE, "ante", "small_blind"]), rng.choice(GARBAGE), rng.choice(GARBAGE)
            ),
            lambda h: h.deal(rng.choice(GARBAGE)),
            lambda h: h.deal([rng.choice(GARBAGE)] * 3),
            lambda h: h.show(rng.choice(GARBAGE), rng.choice(GARBAGE)),
            lambda h: h.muck(rng.choice(GARBAGE)),
            lambda h: h.settle(rng.choice(GARBAGE), rng.choice(GARBAGE)),
            lambda h: h.draw(rng.choice(GARBAGE), received=rng.choice(GARBAGE)),
            lambda h: h.raise_to(rng.choice(GARBAGE)),
        ]
        if rng.random() < 0.5:
            hand.post("small_blind", 1, 5)
            hand.post("big_blind", 2, 10)
            hand.deal([[None] * 4] * 3)
        for call in rng.sample(calls, 3):
            with contextlib.suppress(IllegalActionError):
                call(hand)


def test_any_bytes_are_hands_read_or_one_clear_error() -> None:
    rng = random.Random("bytes")
    pieces = [
        b"Full Tilt Poker Game #1: ",
        b"variant = ",
        b"[{",
        b"\xff\xfe",
        b"\x00",
        b"\n",
        b"Seat 1: A ($1)",
    ]
    for _ in range(300):
        data = b"".join(
            rng.choice([*pieces, bytes([rng.randrange(256)])]) for _ in range(rng.randrange(1, 30))
        )
        try:
            hands = read_hands(data)
        except HandHistoryError:
            continue
        assert all(isinstance(read, ReadHand) for read in hands)


@pytest.mark.parametrize(
    ("about", "message"),
    [
        ({"names": 5}, "names are 5"),
        ({"names": ["A"]}, "names are"),
        ({"seats": 5}, "seats are 5"),
        ({"fields": [1, 2]}, "fields are"),
        ({"label": 7}, "label is 7"),
        (5, "about is 5, not a mapping"),
    ],
)
def test_a_followed_history_with_a_damaged_about_is_refused_saying_so(about: object, message: str) -> None:
    followed = follow(record_of(_small_hand(), viewer=0))
    events = json.loads(json.dumps(list(followed.history)))
    events[1]["about"] = about
    with pytest.raises(HandHistoryError, match=message):
        follow_history(events)
    events = json.loads(json.dumps(list(followed.history)))
    events[-1]["rake"] = "5"
    with pytest.raises(HandHistoryError, match="not a hand's history"):
        follow_history(events)


def test_a_hand_shown_after_the_pots_must_fit_the_hands_known() -> None:
    record = record_of(_small_hand(), viewer=0)  # seat 0 holds Kh 6c 8d 2d at the end
    late = Step("show", 2, cards=("Kh", "5s", "Ks", "8s"))
    mucked = [s for s in record.steps if not (s.kind == "show" and s.seat == 2)]
    steps = [*mucked[:-1], Step("muck", 2), mucked[-1], late]
    with pytest.raises(HandHistoryError, match="Player 3 shows Kh, which is in Player 1's hand"):
        follow(dataclasses.replace(record, steps=tuple(steps)))


def test_an_amount_too_large_to_count_is_refused_without_printing_it() -> None:
    record = record_of(_small_hand(), viewer=0)
    call = _index(record, "call")
    with pytest.raises(HandHistoryError, match=r"step \d+ \(call\) has the amount an int of \d+ bits"):
        follow(_edit(record, call, amount=10**5000))
