"""Engine -> PHH -> engine gives the same hand; and what the writer keeps of the engine's settings."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
import re

import pytest

from badugi.engine import DrawBot, FixedLimit, Hand, Match, RandomBot, SimpleBot
from badugi.engine.followed import FollowedHand
from badugi.errors import HandHistoryError
from badugi.histories import dumps_phhs, from_phh, loads_phhs, read_phh, to_phh
from badugi.histories.engine_record import record_of
from badugi.histories.follow import follow
from badugi.histories.phh.fields import positions
from tests.histories.phh_play import random_engine_hand

ENGINE_FIELD = re.compile(r"^_(seed|deck|burn) = .*\n", re.MULTILINE)
BETTING = frozenset({"fold", "check", "call", "bet", "raise", "draw", "showdown", "payouts"})


def _actions(hand: Hand) -> list[tuple[object, ...]]:
    """What the players did and won, with the cards: all a PHH record says of a hand."""
    out: list[tuple[object, ...]] = []
    for item in hand.history:
        kind = item["event"]
        if kind == "draw":
            out.append((kind, item["seat"], sorted(item["discards"]), sorted(item["received"])))
        elif kind in BETTING and kind != "showdown":
            out.append((kind, item.get("seat"), item.get("to"), item.get("payouts")))
    return out


def test_random_hands_come_back_the_same() -> None:
    rng = random.Random(7)
    written = 0
    without_deck = 0
    for _ in range(400):
        hand = random_engine_hand(rng, cap=rng.choice([4, 4, 3, None]))
        try:
            text = to_phh(hand, unlike_pokerkit=True)
        except HandHistoryError as exc:
            assert "big blind is all-in" in str(exc)  # noqa: PT017
            continue
        written += 1
        again = from_phh(text)
        assert again.history == hand.history  # the same setup (seed, deck, burns): the very same hand
        assert to_phh(again, unlike_pokerkit=True) == text
        # Without the engine's own fields the reader orders a deck itself, dealing without burns.
        foreign = ENGINE_FIELD.sub("", text)
        try:
            rebuilt = from_phh(foreign)
        except HandHistoryError as exc:
            assert "reshuffle" in str(exc)  # noqa: PT017
            continue
        without_deck += 1
        assert rebuilt.setup.burn is False
        assert _actions(rebuilt) == _actions(hand)
        assert rebuilt.stacks == hand.stacks
        assert rebuilt.payouts == hand.payouts
    assert written > 300
    assert without_deck > 250


def test_hands_written_as_one_seat_saw_them_are_followed_to_the_same_stacks() -> None:
    rng = random.Random(8)
    followed = 0
    for _ in range(200):
        hand = random_engine_hand(rng)
        for viewer in range(hand.n_seats):
            try:
                text = to_phh(hand, viewer=viewer, unlike_pokerkit=True)
            except HandHistoryError as exc:
                assert "big blind is all-in" in str(exc)  # noqa: PT017
                break
            assert "_deck" not in text
            assert "_seed" not in text
            read = read_phh(text)
            assert isinstance(read.hand, FollowedHand)
            assert read.hand.stacks == hand.stacks
            assert read.hand.payouts == hand.payouts
            assert read.hand.hands[viewer] == (hand.hands[viewer] or [])
            followed += 1
    assert followed > 400


_TABLE = {"table": "T", "time": "2026/12/01 12:00"}


# Its 200 hands hold a table whose small blind is 0, where a small blind all in on its ante is
# recorded as posting 0: a post of nothing, which to_phh must not take for a blind out of its seat.
def test_hands_followed_from_a_record_with_a_rake_and_names_come_back_from_phh() -> None:
    rng = random.Random(9)
    written = 0
    for number in range(200):
        hand = random_engine_hand(rng)
        names = [f"Player {k}" for k in range(hand.n_seats)]
        record = record_of(
            hand, viewer=rng.randrange(hand.n_seats), names=names, fields=_TABLE | {"hand": number}
        )
        collects = [k for k, step in enumerate(record.steps) if step.kind == "collect"]
        first = record.steps[collects[0]]
        assert first.amount is not None
        if number % 2 and first.amount > 1:  # the room takes a chip
            steps = list(record.steps)
            steps[collects[0]] = dataclasses.replace(first, amount=first.amount - 1)
            record = dataclasses.replace(record, steps=tuple(steps), rake=1)
        followed = follow(record)
        try:
            text = to_phh(followed, unlike_pokerkit=True)
        except HandHistoryError as exc:
            assert "big blind is all-in" in str(exc)  # noqa: PT017
            continue
        read = read_phh(text)
        assert read.hand.stacks == followed.stacks
        assert read.hand.rake == followed.rake  # type: ignore[attr-defined]
        assert read.fields["players"] == [names[seat] for seat in positions(hand.n_seats, hand.button)]
        assert (read.fields["hand"], read.fields["table"], read.fields["_time"]) == (
            number,
            "T",
            "2026/12/01 12:00",
        )
        written += 1
    assert written > 150


def test_a_history_is_written_like_its_hand() -> None:
    hand = random_engine_hand(random.Random(3))
    assert to_phh(hand.history) == to_phh(hand) == to_phh(json.loads(json.dumps(hand.history)))


def test_bot_matches_round_trip_as_phhs() -> None:
    for seats in range(2, 7):
        bots = [
            SimpleBot(),
            RandomBot(seed=seats),
            DrawBot(),
            RandomBot(seed=seats + 10),
            SimpleBot(),
            DrawBot(),
        ]
        result = Match(bots[:seats], seed=seats, keep_histories=True, hands=12).run()
        histories = [h for h in result.histories if Hand.replay(h).setup.seats == seats]
        text = dumps_phhs(histories, fields=[{"hand": k + 1, "table": "one"} for k in range(len(histories))])
        hands = loads_phhs(text)
        assert [read.hand.history for read in hands] == [Hand.replay(h).history for h in histories]
        assert [read.name for read in hands] == [str(k + 1) for k in range(len(histories))]
        assert all(read.fields["table"] == "one" for read in hands)


def test_seats_and_button_come_back() -> None:
    hand = Hand([50, 60, 70, 80], button=2, structure=FixedLimit(2, 4), blinds=(1, 2), seed=4)
    hand.fold()
    hand.fold()
    hand.fold()
    text = to_phh(hand, fields={"players": ["a", "b", "c", "d"], "_note": "x"})
    assert "seats = [4, 1, 2, 3]" in text  # p1 is left of the button, the button last
    assert "starting_stacks = [80, 50, 60, 70]" in text
    read = read_phh(text)
    assert read.hand.button == 2
    assert read.seat_of == (3, 0, 1, 2)
    assert read.fields["players"] == ["a", "b", "c", "d"]
    assert read.fields["_note"] == "x"
    # Without seats, p1..pN are seats 0..N-1 and the button is the last.
    bare = re.sub(r"^seats = .*\n", "", text, flags=re.MULTILINE)
    assert from_phh(bare).button == 3


def test_heads_up_the_button_is_p2_and_posts_the_small_blind() -> None:
    hand = Hand([100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    hand.call()  # the button completes the small blind
    hand.check()
    with pytest.raises(HandHistoryError, match="not over"):
        to_phh(hand)
    while hand.actor is not None:
        hand.act(("draw", []) if hand.legal().draw else "check")
    text = to_phh(hand, unlike_pokerkit=True)
    assert "blinds_or_straddles = [1, 2]" in text
    assert "seats = [2, 1]" in text
    assert '"p2 cc",\n  "p1 cc"' in text  # the button (p2) acts first before the draw
    assert from_phh(text).history == hand.history


def test_uncapped_structures_are_kept() -> None:
    hand = Hand(
        [500, 500], button=1, structure=FixedLimit(2, 4, cap=None, uncapped_heads_up=True), seed=2, ante=1
    )
    for total in (2, 4, 6, 8, 10, 12):
        hand.raise_to(total)
    hand.fold()
    text = to_phh(hand, unlike_pokerkit=True)
    assert '_cap = "none"' in text
    assert "_uncapped_heads_up = true" in text
    assert from_phh(text).history == hand.history
    with pytest.raises(HandHistoryError, match="cannot bet or raise"):
        from_phh(text.replace("_uncapped_heads_up = true\n", ""), cap=4)


def test_a_hand_read_pickles_and_copies_and_shares_nothing_mutable() -> None:
    hand = Hand([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=7)
    hand.fold()
    read = read_phh(to_phh(hand, fields={"players": ["a", "b"], "hand": 3}))
    for other in (pickle.loads(pickle.dumps(read)), copy.copy(read), copy.deepcopy(read)):
        assert other.hand.history == read.hand.history
        assert (other.seat_of, dict(other.fields), other.name) == (read.seat_of, dict(read.fields), read.name)
        with pytest.raises(TypeError):
            other.fields["hand"] = 4  # type: ignore[index]
    deep = copy.deepcopy(read)
    deep.fields["players"].append("c")
    assert read.fields["players"] == ["a", "b"]
