"""Engine -> PokerStars text (whole, and as one seat sees it) -> records -> follow: the engine's hand again.

Also: the lines the writer writes, what it refuses, and the refusals of text
that reads but does not follow (a changed amount, a card twice, an action out
of turn), each naming its line.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from badugi.engine import FixedLimit, Hand, PotLimit
from badugi.errors import HandHistoryError
from badugi.histories.pokerstars.read import from_pokerstars, pokerstars_records, read_pokerstars
from badugi.histories.pokerstars.write import to_pokerstars
from tests.histories.phh_play import play_randomly

ACTIONS = frozenset({"fold", "check", "call", "bet", "raise"})


def random_hand(rng: random.Random) -> Hand:
    """A fixed-limit Badugi hand of 2 to 6 players, short stacks common; blinds, antes, or both.

    The blinds are PokerStars' custom for fixed limit (half the small bet and the small bet).
    """
    n = rng.randint(2, 6)
    unit = rng.choice([2, 4, 10, 20])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    kind = rng.randrange(3)
    hand = Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=FixedLimit(unit, 2 * unit),
        blinds=(unit // 2, unit) if kind != 1 else None,
        ante=0 if kind == 0 else rng.choice([1, unit // 2, unit]),
        seed=rng.randrange(2**40),
        burn=rng.random() < 0.8,
    )
    play_randomly(hand, rng)
    return hand


def _actions(history: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What the players did and were paid: the betting, each draw's count, the payouts."""
    out: list[tuple[Any, ...]] = []
    for item in history:
        kind = item["event"]
        if kind in ACTIONS:
            out.append((kind, item["seat"], item.get("to"), item.get("amount")))
        elif kind == "draw":
            out.append((kind, item["seat"], item["count"]))
        elif kind == "payouts":
            out.append((kind, tuple(item["payouts"])))
    return out


def _cards(history: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (item["seat"], tuple(item["cards"]))
        if item["event"] == "deal"
        else (item["seat"], tuple(item["discards"]), tuple(item["received"]))
        for item in history
        if item["event"] in ("deal", "draw")
    ]


@pytest.mark.parametrize(
    "seed",
    [
        0,
        # Its 100 hands hold a small blind all in on its ante, which posts no line: the reader must
        # take the custom small blind, not 0, for the followed hand to be written again the same.
        1,
        2,
    ],
)
def test_random_hands_written_whole_and_as_each_seat_sees_them_follow_to_the_engines_hand(seed: int) -> None:
    rng = random.Random(f"stars-{seed}")
    followed = 0
    for k in range(100):
        hand = random_hand(rng)
        currency = rng.choice([None, "USD", "EUR"])
        for viewer in (None, rng.randrange(hand.n_seats)):
            text = to_pokerstars(hand, currency=currency, fields={"hand": k}, viewer=viewer)
            (read,) = read_pokerstars(text)
            assert read.error is None, (
                read.error,
                text,
            )  # a blind all-in on its ante, which no line posts, too
            assert read.record is not None
            assert read.record.fields["hand"] == k
            again = read.hand
            assert again is not None
            assert _actions(again.history) == _actions(hand.history)
            assert again.payouts == hand.payouts
            assert again.stacks == hand.stacks
            if viewer is None:
                assert _cards(again.history) == _cards(hand.history)
            else:
                mine = [c for c in _cards(hand.history) if c[0] == viewer]
                assert [c for c in _cards(again.history) if c[0] == viewer] == mine
            # The followed hand, written again, is the same text.
            assert to_pokerstars(again, viewer=viewer) == text
            followed += 1
    assert followed == 200


def _showdown_hand() -> Hand:
    hand = Hand([200, 200, 200], button=0, structure=FixedLimit(10, 20), blinds=(5, 10), seed=11)
    hand.call()
    hand.call()
    hand.check()
    while hand.actor is not None:
        hand.act(("draw", hand.hands[hand.actor][:1]) if hand.legal().draw else "check")
    return hand


NAMES = {"players": ["Ann", "Bo", "Cy"], "hand": 42, "time": "2013/01/01 12:00:00 ET"}


def test_written_lines_whole() -> None:
    hand = _showdown_hand()
    text = to_pokerstars(hand, fields={**NAMES, "table": "T 1"})
    assert text.startswith("PokerStars Hand #42: Badugi Limit (10/20) - 2013/01/01 12:00:00 ET\n")
    assert "Table 'T 1' 6-max Seat #1 is the button\n" in text
    assert "Bo: posts small blind 5\nCy: posts big blind 10\n*** DEALING HANDS ***\nDealt to Ann [" in text
    assert text.count("Dealt to ") == 3 + 3 * 3  # every deal, and every draw of one card
    assert re.search(r"^Bo: discards 1 card \[..\]\nDealt to Bo \[.. .. ..\] \[..\]$", text, re.MULTILINE)
    assert re.search(r"^Cy: shows \[.. .. .. ..\] \(\d-card: [2-9TJQKA,]+\)$", text, re.MULTILINE)
    assert "Total pot 30 | Rake 0\n" in text
    assert re.search(
        r"^Seat 2: Bo \(small blind\) showed \[.*\] and (won \(\d+\)|lost) with a ", text, re.MULTILINE
    )
    assert "posts small blind $0.05\n" in to_pokerstars(hand, currency="USD")
    assert from_pokerstars(text).payouts == hand.payouts


def test_written_lines_as_one_seat_sees_them() -> None:
    hand = _showdown_hand()
    text = to_pokerstars(hand, fields=NAMES, viewer=1)
    assert re.findall(r"^Dealt to (\w+) \[", text, re.MULTILINE) == ["Bo"] * 4
    assert "Ann: discards 1 card\n" in text
    assert "Cy: discards 1 card\n" in text
    assert text.count("] (") == 3  # every hand is shown at the showdown
    (read,) = pokerstars_records(text)
    assert read.record is not None
    deals = {step.seat: step.cards for step in read.record.steps if step.kind == "deal"}
    assert deals[0] == deals[2] == (None,) * 4
    assert deals[1] == tuple(hand.history[[i["event"] for i in hand.history].index("deal") + 1]["cards"])
    standing = Hand([100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=4)
    standing.call()
    standing.check()
    while standing.actor is not None:
        standing.act(("draw", []) if standing.legal().draw else "check")
    held = " ".join(standing.hands[0])
    assert f"Player 1: stands pat on [{held}]\n" in to_pokerstars(standing, viewer=0)
    assert "Player 1: stands pat\n" in to_pokerstars(standing, viewer=1)
    other = to_pokerstars(standing, viewer=0).replace(f"stands pat on [{held[:2]}", "stands pat on [2c", 1)
    assert "'Player 1' stands pat on other cards than the lines above give it" in str(
        pokerstars_records(other)[0].error
    )


def test_a_tournament_header() -> None:
    hand = _showdown_hand()
    fields = {**NAMES, "tournament": 3391020455, "level": "IV", "buyin": "$3.19+$0.31 USD"}
    text = to_pokerstars(hand, fields=fields)
    assert text.startswith(
        "PokerStars Hand #42: Tournament #3391020455, $3.19+$0.31 USD Badugi Limit - Level IV (10/20)"
        " - 2013/01/01 12:00:00 ET\n"
    )
    (read,) = read_pokerstars(text)
    assert read.record is not None
    assert read.record.fields["tournament"] == 3391020455
    assert read.record.fields["buyin"] == "$3.19+$0.31 USD"
    assert read.hand is not None
    with pytest.raises(HandHistoryError, match="written as chips"):
        to_pokerstars(hand, fields=fields, currency="USD")


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
        ({"tournament": -1}, "tournament must be"),
        ({"tournament": 1, "level": "I V"}, "level must be"),
    ):
        with pytest.raises(HandHistoryError, match=words):
            to_pokerstars(open_hand, fields=fields)
    with pytest.raises(HandHistoryError, match="currency"):
        to_pokerstars(open_hand, currency="BTC")
    for viewer in (2, -1, True, "0"):
        with pytest.raises(HandHistoryError, match="viewer must be"):
            to_pokerstars(open_hand, viewer=viewer)  # type: ignore[arg-type]


def _error(text: str) -> str:
    results = read_pokerstars(text)
    errors = [str(r.error) for r in results if r.error is not None]
    assert errors, "the text was followed"
    assert len(errors[0]) <= 280
    return errors[0]


def _line(text: str, start: str) -> int:
    return next(k + 1 for k, line in enumerate(text.splitlines()) if line.startswith(start))


def test_text_that_reads_but_does_not_follow_is_refused_naming_the_line() -> None:
    good = to_pokerstars(_showdown_hand(), fields=NAMES, viewer=0)
    lines = good.splitlines()
    # A changed amount.
    changed = good.replace("Bo: calls 5", "Bo: calls 10", 1)
    assert f"PokerStars hand #42, line {_line(good, 'Bo: calls')}: Bo calls 10, but the call is 5" in _error(
        changed
    )
    # A card twice: Ann's own card shown in Cy's hand.
    mine = re.search(r"Dealt to Ann \[(..)", good)
    assert mine is not None
    shown = next(line for line in lines if line.startswith("Cy: shows ["))
    cards = shown[shown.index("[") + 1 : shown.index("]")]
    twice = good.replace(cards, mine.group(1) + cards[2:])  # at the showdown and in the summary
    message = _error(twice)
    assert f"line {_line(good, 'Cy: shows')}: " in message
    assert mine.group(1) in message
    # An action out of turn: Ann's call and Bo's swapped.
    first = _line(good, "Ann: calls") - 1
    swapped = "\n".join([*lines[:first], lines[first + 1], lines[first], *lines[first + 2 :]])
    assert f"line {first + 1}: Bo acts (call) out of turn: Ann is to act" in _error(swapped)


def test_text_that_does_not_read_is_refused_naming_the_line() -> None:
    good = to_pokerstars(_showdown_hand(), fields=NAMES)
    cases = [
        (good.replace("Ann: calls", "Dee: calls", 1), "a line not understood"),
        (
            good.replace("Cy: checks", "Cy: checks\nUncalled bet (5) returned to Dee", 1),
            "'Dee' is not seated",
        ),
        (good.replace("Total pot 30", "Total pot 3O"), "a summary line not understood"),
        (re.sub(r"won \(30\)", "won (31)", good), "the summary says"),
        (good.replace("Seat 2: Bo (", "Seat 3: Bo (", 1), "seat 3 is taken twice"),
        (good.replace("Seat 3: Cy (", "Seat 3: Bo (", 1), "'Bo' is seated twice"),
        (
            re.sub(r"(Dealt to Bo \[.. .. ..\]) \[..\]", r"\1 [2c 3c]", good, count=1),
            "2 cards are dealt for 1 discarded",
        ),
        (good.replace("10/20", "10/$20"), "not written as the hand's stakes are"),
        (good.replace("*** DEALING HANDS ***\n", ""), 'before "*** DEALING HANDS ***"'),
        (good.replace("*** SUMMARY ***", "*** SUMMARY ***\nBob was here"), "a summary line not understood"),
        ("Hello\n" + good, "PokerStars, line 1 ('Hello'): not a hand's line"),
        (good.replace("Dealt to Ann [", "Dealt to Ann [1x ", 1), "'1x' is not a card"),
        (re.sub(r"(Dealt to Bo \[)..( .. ..\] \[)", r"\g<1>2c\2", good, count=1), "'Bo' keeps [2c "),
    ]
    for text, words in cases:
        message = _error(text)
        assert words in message, (words, message)
        assert re.search(r", line \d+ \('", message), message
    results = read_pokerstars(good.replace("Ann: calls", "Dee: calls", 1) + "\n" + good)
    assert [r.error is None for r in results] == [False, True]
    with pytest.raises(HandHistoryError, match="is text"):
        read_pokerstars(12)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match="holds 2 hands"):
        from_pokerstars(good + good)


def test_blinds_all_in_on_their_antes_for_nothing_are_refused_by_the_writer() -> None:
    hand = Hand(stacks=[100, 5, 5], button=0, structure=FixedLimit(10, 20), blinds=(5, 10), ante=5, seed=1)
    while hand.actor is not None:
        hand.act(("draw", []) if hand.legal().draw else "check" if hand.legal().check else "call")
    with pytest.raises(HandHistoryError, match="every blind is all-in on its ante, for nothing"):
        to_pokerstars(hand)


def test_chips_given_back_to_a_folded_seat_are_written_as_an_uncalled_bet() -> None:
    rng = random.Random("given back")
    found = 0
    for _ in range(3000):
        n = rng.randint(3, 8)
        hand = Hand(
            stacks=[rng.choice([1, 2, 3, 5, 8, 15, 60, 1000]) for _ in range(n)],
            button=rng.randrange(n),
            structure=FixedLimit(4, 8),
            blinds=(2, 4),
            ante=rng.choice([1, 3, 5]),
            seed=rng.randrange(2**32),
        )
        play_randomly(hand, rng)
        result = hand.result
        assert result is not None
        if not any(back and hand.folded[seat] for seat, back in enumerate(result.returned)):
            continue
        try:
            text = to_pokerstars(hand)
        except HandHistoryError:
            continue  # every blind all-in on its ante: refused, above
        (read,) = read_pokerstars(text)
        assert read.error is None, (read.error, text)
        assert read.hand.stacks == hand.stacks
        found += 1
        if found == 5:
            break
    assert found == 5
