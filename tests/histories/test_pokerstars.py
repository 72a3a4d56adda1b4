"""Engine -> PokerStars text -> engine gives the same hand; files of many hands; garbage refused by line."""

from __future__ import annotations

import random

import pytest
from phh_play import random_engine_hand

from badugi.engine import FixedLimit, Hand, PotLimit
from badugi.errors import HandHistoryError
from badugi.histories import from_pokerstars, read_pokerstars, to_pokerstars

BETTING = frozenset({"fold", "check", "call", "bet", "raise", "draw", "payouts"})


def _actions(hand: Hand) -> list[tuple[object, ...]]:
    """What the players did and won, with the cards: all a PokerStars hand says."""
    out: list[tuple[object, ...]] = []
    for item in hand.history:
        kind = item["event"]
        if kind == "deal":
            out.append((kind, item["seat"], sorted(item["cards"])))
        elif kind == "draw":
            out.append((kind, item["seat"], sorted(item["discards"]), sorted(item["received"])))
        elif kind in BETTING:
            out.append((kind, item.get("seat"), item.get("to"), item.get("payouts")))
    return out


def _showdown_hand() -> Hand:
    hand = Hand([200, 200, 200], button=0, structure=FixedLimit(10, 20), blinds=(5, 10), seed=11)
    hand.call()
    hand.call()
    hand.check()
    while hand.actor is not None:
        hand.act(("draw", []) if hand.legal().draw else "check")
    return hand


def test_random_hands_come_back_the_same() -> None:
    rng = random.Random(15)
    read = 0
    for k in range(600):
        hand = random_engine_hand(rng, cap=rng.choice([4, 4, None]))
        cap = hand.structure.cap
        try:
            text = to_pokerstars(hand, currency=rng.choice([None, "USD", "EUR"]), fields={"hand": k})
        except HandHistoryError as exc:
            assert "all-in for" in str(exc)  # noqa: PT017 - a short blind of unusual blinds
            continue
        result = read_pokerstars(text, cap=cap)[0]
        if result.error is not None:
            assert "reshuffle" in str(result.error) or "51" in str(result.error)
            continue
        read += 1
        assert result.hand is not None
        assert result.number == k
        assert _actions(result.hand) == _actions(hand)
        assert result.hand.stacks == hand.stacks
        assert result.hand.payouts == hand.payouts
    assert read > 500


def test_a_file_of_many_hands_in_every_encoding() -> None:
    rng = random.Random(2)
    hands = [random_engine_hand(rng, seats=3) for _ in range(20)]
    texts = []
    for k, hand in enumerate(hands):
        try:
            texts.append(to_pokerstars(hand, fields={"hand": k, "players": ["Ann", "Bo Li", "C: y"]}))
        except HandHistoryError:
            continue
    whole = "\n\n".join(texts)
    for data in (
        whole,
        "\ufeff" + whole,
        whole.replace("\n", "\r\n").encode("utf-8"),
        ("\ufeff" + whole).encode("utf-8"),
        whole.encode("utf-16"),
        whole.replace("\n", "\r\n").encode("utf-16-le"),
    ):
        results = read_pokerstars(data)
        assert len(results) == len(texts)
        good = [r for r in results if r.hand is not None]
        assert len(good) >= len(texts) - 2
        assert all(r.players == ("Ann", "Bo Li", "C: y") for r in good)


SKIPPED = """\
PokerStars Hand #900: Hold'em No Limit ($0.01/$0.02 USD) - 2013/01/01 12:00:00 ET
Table 'Other' 6-max Seat #1 is the button
Seat 1: a ($2 in chips)
*** SUMMARY ***
"""


def test_table_lines_and_another_game() -> None:
    text = to_pokerstars(_showdown_hand(), fields={"players": ["Ann", "Bo", "Cy"], "hand": 7}, currency="USD")
    lines = text.splitlines()
    dealing = lines.index("*** DEALING HANDS ***")
    noise = [
        "Dee joins the table at seat #5",
        "Ann is disconnected",
        "Ann is connected",
        "Bo has timed out",
        'Cy said, "nice hand"',
        "Bo has 15 seconds left to act",
        "Dee: sits out",
        "Eve leaves the table",
    ]
    lines[dealing:dealing] = noise[:4]
    lines.insert(len(lines) - 4, noise[4])
    lines.insert(len(lines) - 4, noise[5])
    lines.insert(3, "Seat 4: Dee ($3.00 in chips) is sitting out")
    lines.append(noise[6])
    lines.append(noise[7])
    # The loser mucks instead of showing.
    loser = next(line for line in lines if "and lost with" in line).split(": ")[1].split(" ")[0]
    lines = [f"{loser}: mucks hand" if line.startswith(f"{loser}: shows") else line for line in lines]
    edited = SKIPPED + "\n" + "\n".join(lines) + "\n"
    results = read_pokerstars(edited)
    assert results[0].skipped is not None
    assert "Hold'em No Limit" in results[0].skipped
    assert results[1].error is None, results[1].error
    assert results[1].hand is not None
    assert results[1].hand.payouts == _showdown_hand().payouts
    assert results[1].fields["currency"] == "USD"
    assert results[1].fields["seats"] == (1, 2, 3)


def test_written_lines() -> None:
    hand = _showdown_hand()
    text = to_pokerstars(
        hand, fields={"players": ["Ann", "Bo", "Cy"], "table": "T 1", "time": "2013/01/01 12:00:00 ET"}
    )
    assert text.startswith("PokerStars Hand #1: Badugi Limit (10/20) - 2013/01/01 12:00:00 ET\n")
    assert "Table 'T 1' 6-max Seat #1 is the button\n" in text
    assert "Bo: posts small blind 5\nCy: posts big blind 10\n*** DEALING HANDS ***\n" in text
    assert "*** SHOW DOWN ***" in text
    assert "Total pot 30 | Rake 0" in text
    assert "posts small blind $0.05\n" in to_pokerstars(hand, currency="USD")
    assert from_pokerstars(text).payouts == hand.payouts


def test_what_the_writer_refuses() -> None:
    pot = Hand([100, 100], button=0, structure=PotLimit(2), blinds=(1, 2), seed=1)
    pot.fold()
    with pytest.raises(HandHistoryError, match="fixed-limit"):
        to_pokerstars(pot)
    open_hand = Hand([100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    with pytest.raises(HandHistoryError, match="not over"):
        to_pokerstars(open_hand)
    open_hand.fold()
    for fields, words in (
        ({"players": ["a"]}, "2 names"),
        ({"players": ["a", "a"]}, "twice"),
        ({"players": ["a", "b[x]"]}, "cannot be written"),
        ({"colour": 1}, "not a PokerStars field"),
        ({"table": "it's"}, "without quotes"),
    ):
        with pytest.raises(HandHistoryError, match=words):
            to_pokerstars(open_hand, fields=fields)
    with pytest.raises(HandHistoryError, match="currency"):
        to_pokerstars(open_hand, currency="BTC")


def _one_error(text: str) -> str:
    results = read_pokerstars(text)
    errors = [r.error for r in results if r.error is not None]
    assert errors, "the garbage was read"
    message = str(errors[0])
    assert len(message) < 300
    return message


def test_garbage_is_refused_by_hand_and_line() -> None:
    hand = _showdown_hand()
    good = to_pokerstars(hand, fields={"players": ["Ann", "Bo", "Cy"], "hand": 42})
    lines = good.splitlines()
    first_call = next(k for k, line in enumerate(lines) if ": calls " in line)
    deal = lines.index("*** DEALING HANDS ***")
    cases = [
        (good[: good.index("*** SUMMARY")], "truncated"),
        (good[: len(good) // 2], "not understood"),
        (good.replace(": calls 10", ": calls 20", 1), "the call is 10"),
        (good.replace("collected 30", "collected 31"), "collects 31"),
        (good.replace("Total pot 30", "Total pot 29"), "total pot is 29"),
        (good.replace("Rake 0", "Rake 1"), "rake"),
        (good.replace("Bo: posts small blind 5", "Bo: posts small blind 4"), "the call is 6"),
        (
            "\n".join(
                [*lines[:first_call], lines[first_call + 1], lines[first_call], *lines[first_call + 2 :]]
            ),
            "out of turn",
        ),
        (
            "\n".join([*lines[: deal + 2], lines[deal + 1].replace("Ann", "Bo"), *lines[deal + 3 :]]),
            "dealt twice",
        ),
        (good.replace(lines[deal + 2], lines[deal + 2][:-3] + lines[deal + 1][-3:]), "twice"),
        (good.replace("*** FIRST DRAW ***", "*** FIRST DRAW ***\nAnn: dances"), "not understood"),
        (good.replace(lines[deal + 3], "Dealt to Cy [?? ?? ?? ??]"), "only complete hands"),
        ("junk\n" + good, "not a hand's line"),
    ]
    for text, words in cases:
        message = _one_error(text)
        assert words in message, (words, message)
        if "not a hand" not in message:
            assert "hand #42" in message
    # The file's other hands still import.
    bad = good.replace(": calls 10", ": calls 20", 1)
    results = read_pokerstars(bad + "\n" + good + "\n" + SKIPPED)
    assert [r.error is None for r in results] == [False, True, True]
    assert results[1].hand is not None
    with pytest.raises(HandHistoryError, match="not fixed-limit Badugi"):
        from_pokerstars(SKIPPED)
    with pytest.raises(HandHistoryError, match="is text"):
        read_pokerstars(12)  # type: ignore[arg-type]
