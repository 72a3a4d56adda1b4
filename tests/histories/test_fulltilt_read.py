"""Full Tilt text hand histories of Badugi: what the reader makes of each line, and what follow checks.

The files under ``files/fulltilt_*.txt`` are written by hand (invented
players and hands, each consistent with fixed-limit Badugi's rules).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from badugi.engine import FixedLimit
from badugi.errors import HandHistoryError
from badugi.histories import files
from badugi.histories._text import MESSAGE_LIMIT
from badugi.histories.files import ROOM_READERS, detect, read_hands
from badugi.histories.follow import follow
from badugi.histories.fulltilt.header import Header, parse_header
from badugi.histories.fulltilt.read import RECOGNISE, fulltilt_records
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step
from tests.histories.fulltilt_text import fulltilt_text, random_hand

FILES = Path(__file__).parent / "files"
HEADS_UP = "fulltilt_heads_up.txt"


def text_of(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8")


def records_of(text: str | bytes) -> list[HandRecord]:
    hands = fulltilt_records(text)
    assert all(h.error is None for h in hands), [str(h.error) for h in hands if h.error]
    return [h.record for h in hands if h.record is not None]


def only(text: str | bytes) -> ReadHand:
    hands = fulltilt_records(text)
    assert len(hands) == 1
    return hands[0]


def error_of(text: str) -> str:
    hand = only(text)
    assert hand.record is None
    assert hand.error is not None, hand.skipped
    message = str(hand.error)
    assert len(message) <= MESSAGE_LIMIT
    return message


def first_hand(name: str = HEADS_UP) -> str:
    """The first hand of a file, as text."""
    return text_of(name).split("\n\n\n\n")[0] + "\n"


def second_hand(name: str = HEADS_UP) -> str:
    return text_of(name).split("\n\n\n\n")[1]


# ---- the records ---------------------------------------------------------------------------------


def test_heads_up_hand_is_read_step_by_step() -> None:
    record = records_of(first_hand())[0]
    assert record.source == "Full Tilt"
    assert record.label == "Full Tilt hand #41000000101"
    assert record.players == (RecordedPlayer("Wren", 400, 1), RecordedPlayer("Orla", 535, 2))
    assert record.button == 0
    assert record.structure == FixedLimit(10, 20)
    assert record.blinds == (5, 10)
    assert (record.ante, record.rake, record.total_pot, record.line) == (0, 5, 140, 1)
    assert dict(record.fields) == {
        "hand": 41000000101,
        "table": "Quillpond",
        "time": "21:14:07 ET - 2011/03/02",
        "currency": "USD",
        "max_seats": 2,
    }
    unknown = (None, None, None, None)
    assert record.steps == (
        Step("small_blind", 0, amount=5, line=4),
        Step("big_blind", 1, amount=10, line=5),
        Step("deal", 0, cards=unknown, line=7),
        Step("deal", 1, cards=("Kd", "7c", "4h", "2s"), line=8),
        Step("raise", 0, amount=20, line=9),
        Step("call", 1, amount=10, line=10),
        Step("draw_round", 0, count=1, line=11),
        Step("draw", 1, count=1, cards=("Kd",), received=("9d",), line=12),
        Step("draw", 0, count=2, line=13),
        Step("check", 1, line=16),
        Step("bet", 0, amount=10, line=17),
        Step("call", 1, amount=10, line=18),
        Step("draw_round", 0, count=2, line=19),
        Step("draw", 1, count=0, line=20),
        Step("draw", 0, count=1, line=21),
        Step("check", 1, line=23),
        Step("bet", 0, amount=20, line=25),
        Step("raise", 1, amount=40, line=26),
        Step("call", 0, amount=20, line=27),
        Step("draw_round", 0, count=3, line=28),
        Step("draw", 1, count=0, line=29),
        Step("draw", 0, count=1, line=30),
        Step("bet", 1, amount=20, line=32),
        Step("fold", 0, line=33),
        Step("returned", 1, amount=20, line=34),
        # "Orla mucks" (line 35), from the last hand in, only says it was not shown: no step.
        Step("collect", 1, amount=135, line=36),
    )


def test_heads_up_showdown_shows_both_hands() -> None:
    record = records_of(text_of(HEADS_UP))[1]
    assert record.button == 1
    shows = [(s.seat, s.cards, s.line) for s in record.steps if s.kind == "show"]
    assert shows == [(1, ("8h", "5d", "3s", "Ac"), 74), (0, ("Tc", "6d", "4s", "2h"), 75)]
    assert [(s.seat, s.amount) for s in record.steps if s.kind == "collect"] == [(1, 95)]


def test_six_handed_three_draws_and_a_muck() -> None:
    record = records_of(text_of("fulltilt_six_max.txt"))[0]
    assert [p.name for p in record.players] == ["Tamsin", "Ives", "Bellamy", "Ruth K", "Odo", "Hero"]
    assert [p.stack for p in record.players] == [2410, 5000, 1875, 3140, 4000, 2500]
    assert record.button == 3  # seat 4, Ruth K
    assert (record.blinds, record.structure) == ((25, 50), FixedLimit(50, 100))
    assert (record.rake, record.total_pot) == (70, 1400)
    assert record.fields["max_seats"] == 6
    assert [s.count for s in record.steps if s.kind == "draw_round"] == [1, 2, 3]
    draws = [(s.seat, s.count, s.cards, s.received) for s in record.steps if s.kind == "draw"]
    assert draws[:4] == [(4, 2, (), ()), (5, 1, ("Kc",), ("5s",)), (0, 2, (), ()), (2, 1, (), ())]
    assert len(draws) == 4 + 4 + 2
    # Bellamy mucks at the showdown; the summary's "mucked [...]" gives the cards to that step.
    mucks = [s for s in record.steps if s.kind == "muck"]
    assert mucks == [Step("muck", 2, cards=("Jd", "7h", "4c", "As"), line=64)]
    # Ruth K (a name with a space) folds; her chat and the table's noise make no step.
    assert Step("fold", 3, line=17) in record.steps
    assert all(s.line not in (15, 33, 39, 46, 49, 52, 53, 66, 67) for s in record.steps)


def test_tournament_chips_antes_and_a_player_sitting_out_who_is_dealt() -> None:
    record = records_of(text_of("fulltilt_tournament.txt"))[0]
    # Corvin sits out (his seat line says so) but antes and folds: a tournament deals him in.
    assert [p.name for p in record.players] == ["Pellow", "Hero", "Maude", "Corvin", "Aster"]
    assert [p.stack for p in record.players] == [3125, 1980, 2400, 4010, 985]
    assert (record.ante, record.blinds, record.structure) == (25, (50, 100), FixedLimit(100, 200))
    assert dict(record.fields) == {
        "hand": 30500000733,
        "table": "1",
        "time": "14:03:51 ET - 2011/07/19",
        "tournament": 219004417,
        "tournament_name": "$20 + $2 Sit & Go",
    }
    assert [(s.seat, s.amount) for s in record.steps if s.kind == "ante"] == [(k, 25) for k in range(5)]
    assert Step("call", 4, amount=160, all_in=True, line=43) in record.steps
    assert Step("returned", 1, amount=40, line=44) in record.steps
    assert record.total_pot == 2095


def test_all_in_and_side_pot() -> None:
    record = records_of(text_of("fulltilt_side_pot.txt"))[0]
    assert [p.name for p in record.players] == ["Lark", "Hero", "Sorrel", "Fenn"]  # Juno sits out
    assert record.button == 0
    assert Step("call", 0, amount=150, all_in=True, line=29) in record.steps
    assert [(s.seat, s.amount) for s in record.steps if s.kind == "collect"] == [(1, 700), (0, 1250)]
    assert (record.rake, record.total_pot) == (100, 2050)


def test_dead_small_blind_and_big_blinds_out_of_position() -> None:
    first, second = records_of(text_of("fulltilt_dead_blind.txt"))
    posts = [(s.kind, s.seat, s.amount) for s in first.steps if s.line in (7, 8, 9, 10)]
    assert posts == [
        ("small_blind", 0, 100),
        ("big_blind", 1, 200),
        ("dead_blind", 3, 100),
        ("live_blind", 3, 200),
    ]
    assert first.button == 4
    assert first.blinds == (100, 200)
    assert [(s.kind, s.seat, s.amount) for s in second.steps if s.line == 58] == [("live_blind", 4, 200)]
    assert Step("check", 4, line=63) in second.steps  # the live blind's option
    assert Step("muck", 4, cards=("Ts", "9h", "5c", "3d"), line=92) in second.steps


def test_dead_button_is_the_last_player_dealt_in_before_it() -> None:
    text = second_hand().replace("The button is in seat #2", "The button is in seat #3")
    text = text.replace("Seat 2: Orla ($6)", "Seat 2: Orla ($6)\nSeat 3: Pim ($2), is sitting out")
    record = records_of(text)[0]
    assert [p.name for p in record.players] == ["Wren", "Orla"]
    assert record.button == 1


def test_a_file_of_several_games() -> None:
    hands = fulltilt_records(text_of("fulltilt_mixed_games.txt"))
    assert [h.line for h in hands] == [1, 23, 44, 65, 80]
    assert [h.record is not None for h in hands] == [True, False, False, False, True]
    assert hands[1].skipped == "a hand of Limit Hold'em (only fixed-limit Badugi is read)"
    assert hands[2].skipped == "a hand of Limit 2-7 Triple Draw (only fixed-limit Badugi is read)"
    assert hands[3].skipped == "no cards were dealt: the hand was not played"
    assert all(h.error is None for h in hands)
    last = hands[4].record
    assert last is not None
    assert [p.name for p in last.players] == ["Alder", "Cade"]


@pytest.mark.parametrize(
    "game",
    ["Pot Limit Badugi", "No Limit Hold'em", "Limit Razz", "Limit A-5 Triple Draw"],
)
def test_another_game_is_skipped(game: str) -> None:
    hand = only(first_hand().replace("Limit Badugi", game))
    assert hand.skipped == f"a hand of {game} (only fixed-limit Badugi is read)"
    assert hand.record is None
    assert hand.error is None


def test_shown_only_in_the_summary_is_a_show_step_there() -> None:
    text = second_hand().replace("Wren shows [Tc 6d 4s 2h] a Badugi: T, 6, 4, 2\n", "")
    record = records_of(text)[0]
    shows = [(s.seat, s.line) for s in record.steps if s.kind == "show"]
    assert shows == [(1, 31), (0, 36)]
    follow(record)


@pytest.mark.parametrize(
    "left_out",
    [
        [
            "Orla shows [8h 5d 3s Ac] a Badugi: 8, 5, 3, A",
            "Orla wins the pot ($0.95) with a Badugi: 8, 5, 3, A",
        ],
        [
            "Orla shows [8h 5d 3s Ac] a Badugi: 8, 5, 3, A",
            "Wren shows [Tc 6d 4s 2h] a Badugi: T, 6, 4, 2",
            "Orla wins the pot ($0.95) with a Badugi: 8, 5, 3, A",
        ],
    ],
)
def test_a_showdown_told_only_by_the_summary_is_shown_before_it_is_paid(left_out: list[str]) -> None:
    text = "\n".join(line for line in second_hand().split("\n") if line not in left_out)
    record = records_of(text)[0]
    kinds = [s.kind for s in record.steps if s.kind in ("show", "collect")]
    assert kinds == ["show", "show", "collect"]
    assert follow(record).payouts == [0, 95]


def test_pots_from_the_summary_when_no_line_pays_them() -> None:
    text = first_hand().replace("Orla wins the pot ($1.35)\n", "")
    record = records_of(text)[0]
    assert [s for s in record.steps if s.kind == "collect"] == [Step("collect", 1, amount=135, line=39)]
    follow(record)


def test_play_chips_and_the_2013_header() -> None:
    text = first_hand().replace(
        "Table Quillpond (heads up) - $0.10/$0.20 - Limit Badugi",
        "Table Play Chip 77 (6 max, deep) - FL Badugi - 10/20",
    )
    text = text.replace("$", "").replace("(4)", "(400)").replace("(5.35)", "(535)")
    text = text.replace("0.05", "5").replace("0.10", "10").replace("0.20", "20").replace("0.40", "40")
    text = text.replace("1.35", "135").replace("1.40", "140")
    record = records_of(text)[0]
    assert "currency" not in record.fields
    assert record.fields["table"] == "Play Chip 77"
    assert record.fields["max_seats"] == 6
    assert record.players[1].stack == 535
    assert record.blinds == (5, 10)
    follow(record)


def test_header_orders_and_stakes() -> None:
    header = parse_header(
        7, "Big Game (991), Match 2 - FL Badugi - 50K/100K Ante 10K - 4:05:06 ET - 2012/01/02"
    )
    assert isinstance(header, Header)
    assert (header.game, header.table, header.tournament, header.tournament_name) == (
        "FL Badugi",
        "2",
        991,
        "Big Game",
    )
    assert (header.small_bet, header.big_bet, header.ante, header.money.currency) == (
        50_000,
        100_000,
        10_000,
        None,
    )
    euro = parse_header(
        8, "Table Lyre - €0.05/€0.10 - Limit Badugi - 10:00:00 CET - 2011/01/01 [04:00:00 ET - 2011/01/01]"
    )
    assert isinstance(euro, Header)
    assert (euro.money.currency, euro.small_bet, euro.time) == (
        "EUR",
        5,
        "10:00:00 CET - 2011/01/01 [04:00:00 ET - 2011/01/01]",
    )
    assert parse_header(9, "Table Lyre - Limit Badugi - 10:00:00 ET - 2011/01/01") == (
        "no stakes (such as $0.05/$0.10) in the header"
    )


# ---- encodings and the file's shape ----------------------------------------------------------------


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: t.encode("utf-8-sig"),
        lambda t: t.encode("utf-16"),
        lambda t: t.encode("utf-16-le"),
        lambda t: t.encode("utf-16-be"),
        lambda t: t.replace("\n", "\r\n").encode("utf-8"),
        lambda t: t.replace("\n", "\r"),
        # Full Tilt's own UTF-16 files end each line with a blank one.
        lambda t: "\ufeff" + t.replace("\n", "\r\n\r\n"),
        lambda t: t.replace("\n", "\r\n\r\n").encode("utf-16"),
    ],
    ids=[
        "utf8-bom",
        "utf16",
        "utf16-le-no-bom",
        "utf16-be-no-bom",
        "crlf",
        "cr",
        "bom-str-blank",
        "utf16-blank",
    ],
)
def test_encodings_and_line_ends_read_the_same(encode: object) -> None:
    text = text_of(HEADS_UP)
    plain = records_of(text)
    assert callable(encode)
    again = records_of(encode(text))
    assert [r.players for r in again] == [r.players for r in plain]
    assert [[(s.kind, s.seat, s.amount, s.cards) for s in r.steps] for r in again] == [
        [(s.kind, s.seat, s.amount, s.cards) for s in r.steps] for r in plain
    ]


def test_files_put_end_to_end_keep_their_boms() -> None:
    joined = "\ufeff" + text_of(HEADS_UP) + "\n\ufeff" + text_of("fulltilt_six_max.txt")
    assert [r.label for r in records_of(joined.encode("utf-8"))] == [
        "Full Tilt hand #41000000101",
        "Full Tilt hand #41000000117",
        "Full Tilt hand #32700000412",
    ]


def test_archive_numbers_between_hands_are_passed_over() -> None:
    text = text_of(HEADS_UP)
    hands = text.split("\n\n\n\n")
    archived = "".join(
        f"******************** # {k} *************************\n\n{h}\n\n" for k, h in enumerate(hands, 1)
    )
    assert [r.steps for r in records_of(archived)] != []
    assert [[(s.kind, s.amount) for s in r.steps] for r in records_of(archived)] == [
        [(s.kind, s.amount) for s in r.steps] for r in records_of(text)
    ]


def test_not_text_raises() -> None:
    with pytest.raises(HandHistoryError, match="Full Tilt"):
        fulltilt_records(12)  # type: ignore[arg-type]
    (stray,) = fulltilt_records(b"Full Tilt \x80\x81")  # not UTF-8: cp1252, where 0x81 is no character
    assert stray.error is not None
    assert "line 1" in str(stray.error)


def test_empty_file_has_no_hands() -> None:
    assert fulltilt_records("") == []
    assert fulltilt_records("\n\n  \n") == []


# ---- garbage -------------------------------------------------------------------------------------


def test_garbage_file_refuses_each_bad_hand_and_keeps_the_good_one() -> None:
    hands = fulltilt_records(text_of("fulltilt_garbage.txt"))
    errors = [str(h.error) for h in hands if h.error is not None]
    assert all(len(e) <= MESSAGE_LIMIT for e in errors)
    assert errors == [
        "Full Tilt, line 1 ('Saved by the hand history viewer'): not a hand's first line "
        "(a hand starts 'Full Tilt Poker Game #')",
        "Full Tilt hand #41100000001, line 14 ('Hob discards 2 cards'): the hand stops before its "
        "summary ('*** SUMMARY ***'): cut short?",
        "Full Tilt hand #41100000002, line 27 ('Ilse flips the table over'): not a line of a Full Tilt hand",
        "Full Tilt hand #41100000003, line 49 ('Zeno calls $0.25'): not a line of a Full Tilt hand "
        "(or a player who is not seated)",
        "Full Tilt hand #41100000004, line 67 ('Ilse posts the big blind of $0.255'): $0.255 is not a "
        "whole number of cents",
        "Full Tilt hand #41100000005, line 83: the hand is marked '(partial)': "
        "the room did not record it whole",
    ]
    good = [h for h in hands if h.record is not None]
    assert [h.label for h in good] == ["Full Tilt hand #41100000006"]
    follow(good[0].record)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "Wren is dealt 2 cards",
            "Wren is dealt 3 cards",
            "line 15 ('Wren is dealt 3 cards'): 3 cards dealt to a player who threw 2",
        ),
        (
            "Dealt to Orla [7c 4h 2s] [9d]",
            "Dealt to Orla [7c 4h] [9d 2s]",
            "line 14 ('Dealt to Orla [7c 4h] [9d 2s]'): new cards that are not the 1",
        ),
        (
            "Dealt to Orla [Kd 7c 4h 2s]",
            "Dealt to Orla [Kd 7c 4h]",
            "line 8 ('Dealt to Orla [Kd 7c 4h]'): the deal gives a Badugi hand 4 cards",
        ),
        (
            "Dealt to Orla [Kd 7c 4h 2s]",
            "Dealt to Orla [Kd 7c 4h 2x]",
            "line 8 ('Dealt to Orla [Kd 7c 4h 2x]'): '2x' is not a card",
        ),
        (
            "Wren raises to $0.20",
            "Wren raises to 0.20 dollars",
            "line 9 ('Wren raises to 0.20 dollars'): not a line",
        ),
        (
            "Wren raises to $0.20",
            "Wren raises to €0.20",
            "line 9 ('Wren raises to €0.20'): €0.20 is in EUR, but the table plays USD",
        ),
        (
            "Orla discards 1 card [Kd]",
            "Orla discards 2 cards [Kd]",
            "line 12 ('Orla discards 2 cards [Kd]'): 2 cards thrown, but 1 named",
        ),
        ("The button is in seat #1\n", "", "Full Tilt hand #41000000101: the hand has no button line"),
        (
            "Dealt to Orla [7c 4h 2s] [9d]",
            "Dealt to Orla [7c 4h 3s] [9d]",
            "line 14 ('Dealt to Orla [7c 4h 3s] [9d]'): the cards kept are not the hand Kd 7c 4h 2s less",
        ),
        (
            "Orla stands pat on [7c 4h 2s 9d]",
            "Orla stands pat on [7c 4h 2s 9h]",
            "line 20 ('Orla stands pat on [7c 4h 2s 9h]'): the cards kept are not the hand 7c 4h 2s 9d less",
        ),
        (
            "Seat 2: Orla ($5.35)",
            "Seat 1: Orla ($5.35)",
            "line 3 ('Seat 1: Orla ($5.35)'): a seat or a player listed twice",
        ),
        (
            "Seat 2: Orla (big blind) collected",
            "Seat 2: Orla (big blind) pocketed",
            "line 40 ('Seat 2: Orla (big blind) pocketed ($1.35), mucked'): not a seat's result",
        ),
        (
            "Seat 2: Orla (big blind)",
            "Seat 3: Orla (big blind)",
            "line 40 ('Seat 3: Orla (big blind) collected ($1.35), mucked'): 'Orla' sits in seat 2",
        ),
        (
            "Total pot $1.40 | Rake $0.05",
            "Total pot: $1.40",
            "line 38 ('Total pot: $1.40'): not a line of a Full Tilt summary",
        ),
        ("*** FIRST DRAW *** (Pot: $0.40)", "*** 1ST DRAW ***", "line 11 ('*** 1ST DRAW ***'): not a line"),
        (
            "*** HOLE CARDS ***\n",
            "Wren folds\n*** HOLE CARDS ***\n",
            "line 7 ('Wren folds'): a fold before the deal",
        ),
        ("*** HOLE CARDS ***\n", "", "the hand has no '*** HOLE CARDS ***' line"),
        ("Wren folds\n", "Wren folds\n*** HOLE CARDS ***\n", "line 34 ('*** HOLE CARDS ***'): a second deal"),
        (
            "Wren calls $0.20\n",
            "Wren calls $0.20\n*** SHOW DOWN ***\nWren bets $0.20\n",
            "('Wren bets $0.20'): a bet at the showdown",
        ),
    ],
)
def test_a_line_not_understood_is_refused_naming_it(old: str, new: str, expected: str) -> None:
    text = first_hand()
    assert old in text
    message = error_of(text.replace(old, new, 1))
    assert message.startswith("Full Tilt hand #41000000101")
    assert expected in message


def test_chat_from_someone_who_sat_down_is_noise_but_not_from_a_stranger() -> None:
    at_table = first_hand().replace("Orla checks\n", "Pim sits down\nPim: hi all\nOrla checks\n", 1)
    plain = [(s.kind, s.seat, s.amount, s.cards) for s in records_of(first_hand())[0].steps]
    assert [(s.kind, s.seat, s.amount, s.cards) for s in records_of(at_table)[0].steps] == plain
    stranger = first_hand().replace("Orla checks\n", "Pim: hi all\nOrla checks\n", 1)
    assert "line 16 ('Pim: hi all'): chat from someone not at the table" in error_of(stranger)


def test_the_summary_must_show_the_showdowns_hand() -> None:
    text = second_hand().replace(
        "Seat 1: Wren (big blind) showed [Tc 6d 4s 2h]", "Seat 1: Wren (big blind) showed [Tc 6d 4s 3h]"
    )
    assert "line 37" in error_of(text)
    assert "another hand than the showdown" in error_of(text)


def test_a_hand_needs_two_players() -> None:
    text = (
        "Full Tilt Poker Game #5: Table Lone - $0.10/$0.20 - Limit Badugi - 1:00:00 ET - 2011/01/01\n"
        "Seat 1: Wren ($4)\nSeat 2: Orla ($5), is sitting out\n"
        "Wren posts the small blind of $0.05\nThe button is in seat #1\n*** HOLE CARDS ***\n"
        "*** SUMMARY ***\nTotal pot $0.05 | Rake $0\n"
    )
    assert error_of(text) == "Full Tilt hand #5: 1 player dealt in: a hand needs two"


# ---- following through the engine -------------------------------------------------------------------


def all_records() -> list[tuple[str, HandRecord]]:
    found: list[tuple[str, HandRecord]] = []
    for path in sorted(FILES.glob("fulltilt_*.txt")):
        for hand in fulltilt_records(path.read_bytes()):
            if hand.record is not None:
                found.append((f"{path.name}:{hand.line}", hand.record))
    return found


def test_the_test_files_hold_many_hands() -> None:
    assert len(all_records()) == 11  # fulltilt_utf16_stray_byte.txt's hand among them


@pytest.mark.parametrize(("where", "record"), all_records(), ids=[w for w, _ in all_records()])
def test_every_hand_follows_to_what_it_collects(where: str, record: HandRecord) -> None:
    hand = follow(record)
    assert hand.phase == "over", where
    said = [0] * len(record.players)
    for step in record.steps:
        if step.kind in ("collect", "returned"):
            said[step.seat] += step.amount or 0
    assert hand.payouts == said
    assert hand.rake == record.rake
    start = sum(p.stack for p in record.players)
    assert sum(hand.stacks) == start - record.rake


def follow_error(text: str) -> str:
    records = records_of(text)
    assert len(records) == 1
    with pytest.raises(HandHistoryError) as caught:
        follow(records[0])
    message = str(caught.value)
    assert len(message) <= MESSAGE_LIMIT
    return message


def test_a_changed_amount_is_refused_naming_the_line() -> None:
    message = follow_error(first_hand().replace("Orla calls $0.10", "Orla calls $0.15"))
    assert message.startswith("Full Tilt hand #41000000101, line 10: ")
    assert "calls 15, but the call is 10" in message


def test_a_changed_bet_is_refused_naming_the_line() -> None:
    message = follow_error(first_hand().replace("Wren bets $0.10", "Wren bets $0.20"))
    assert message.startswith("Full Tilt hand #41000000101, line 17: ")


def test_a_card_twice_is_refused_naming_the_line() -> None:
    # Wren shows the 3s, which Orla drew and holds.
    text = second_hand().replace(
        "Wren shows [Tc 6d 4s 2h] a Badugi: T, 6, 4, 2", "Wren shows [Tc 6d 4s 3s] a three-card hand: T, 6, 3"
    )
    text = text.replace(
        "Seat 1: Wren (big blind) showed [Tc 6d 4s 2h]", "Seat 1: Wren (big blind) showed [Tc 6d 4s 3s]"
    )
    message = follow_error(text)
    assert message.startswith("Full Tilt hand #41000000117, line 32: "), message


def test_an_action_out_of_turn_is_refused_naming_the_line() -> None:
    text = first_hand().replace("Orla checks\nWren bets $0.10\n", "Wren bets $0.10\nOrla checks\n")
    message = follow_error(text)
    assert message.startswith("Full Tilt hand #41000000101, line 16: ")
    assert "out of turn" in message


def test_a_draw_out_of_turn_is_refused_naming_the_line() -> None:
    text = first_hand().replace(
        "Orla discards 1 card [Kd]\nWren discards 2 cards\n",
        "Wren discards 2 cards\nOrla discards 1 card [Kd]\n",
    )
    message = follow_error(text)
    assert message.startswith("Full Tilt hand #41000000101, line 12: ")
    assert "out of turn" in message


def test_a_draw_before_the_betting_is_over_is_refused_naming_the_line() -> None:
    message = follow_error(
        first_hand().replace("Wren raises to $0.20\n", "*** FIRST DRAW ***\nWren raises to $0.20\n")
    )
    assert message.startswith("Full Tilt hand #41000000101, line 9: ")
    assert "starts draw 1" in message


def test_an_action_after_the_hand_is_over_is_refused_naming_the_line() -> None:
    message = follow_error(first_hand().replace("Orla mucks\n", "Orla mucks\nOrla bets $0.20\n"))
    assert message.startswith("Full Tilt hand #41000000101, line 36: ")


def test_a_changed_pot_is_refused() -> None:
    message = follow_error(first_hand().replace("Orla wins the pot ($1.35)", "Orla wins the pot ($1.45)"))
    assert message.startswith("Full Tilt hand #41000000101")
    assert "collects 145" in message


def mutations(seed: int, count: int) -> list[str]:
    """Texts of the test files with lines deleted, repeated, swapped or cut, or words put in."""
    rng = random.Random(seed)
    # The UTF-8 files: the UTF-16 one (its hand is heads_up's first) would not change as text.
    texts = [
        path.read_text(encoding="utf-8")
        for path in sorted(FILES.glob("fulltilt_*.txt"))
        if "utf16" not in path.name
    ]
    words = [
        "$0.05",
        "Hero",
        " folds",
        "[Ah 2c]",
        "*** SUMMARY ***",
        ", and is all in",
        "(",
        "#",
        "Seat 9: ",
        "1,000",
    ]
    found = []
    for _ in range(count):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randint(1, 3)):
            k, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            cut_at = rng.randrange(len(lines[k]) + 1)
            what = rng.randrange(5)
            if what == 0:
                del lines[k]
            elif what == 1:
                lines.insert(k, lines[j])
            elif what == 2:
                lines[k], lines[j] = lines[j], lines[k]
            elif what == 3:
                lines[k] = lines[k][:cut_at] + rng.choice(words) + lines[k][cut_at:]
            else:
                lines[k] = lines[k][:cut_at]
        found.append("\n".join(lines))
    return found


def test_changed_files_give_records_or_refusals_never_a_traceback() -> None:
    outcomes = {"record": 0, "error": 0, "skipped": 0, "refused": 0}
    messages: list[str] = []
    for text in mutations(seed=20110302, count=400):
        for hand in fulltilt_records(text):
            if hand.error is not None:
                assert len(str(hand.error)) <= MESSAGE_LIMIT
                assert str(hand.error).startswith("Full Tilt")
                outcomes["error"] += 1
            elif hand.skipped is not None:
                outcomes["skipped"] += 1
            else:
                assert hand.record is not None
                try:
                    follow(hand.record)
                    outcomes["record"] += 1
                except HandHistoryError as exc:
                    messages.append(str(exc))
                    outcomes["refused"] += 1
    assert all(outcomes.values()), outcomes
    assert all(len(m) <= MESSAGE_LIMIT and m.startswith("Full Tilt hand #") for m in messages)


def test_a_changed_total_pot_is_refused() -> None:
    message = follow_error(first_hand().replace("Total pot $1.40", "Total pot $1.50"))
    assert "total pot is 150" in message


# ---- random engine hands as Full Tilt text -----------------------------------------------------------


def comparable(record: HandRecord) -> tuple[list[tuple[object, ...]], dict[int, tuple[str | None, ...]]]:
    """A record's steps less their lines (all-in said or not), and its deal, seat by seat."""
    steps = [
        (s.kind, s.seat, s.amount, s.cards, s.received, s.count, bool(s.all_in))
        for s in record.steps
        if s.kind != "deal"
    ]
    return steps, {s.seat: s.cards for s in record.steps if s.kind == "deal"}


@pytest.mark.parametrize("seed", range(3))
def test_random_engine_hands_written_as_full_tilt_read_back_and_follow(seed: int) -> None:
    rng = random.Random(f"fulltilt-{seed}")
    shapes = {"showdown": 0, "all_in": 0, "draws": 0}
    for number in range(150):
        hand = random_hand(rng)
        text, stated = fulltilt_text(hand, rng, 1000 + number)
        read = records_of(text.encode("utf-16") if number % 3 == 0 else text)
        assert len(read) == 1, text
        record = read[0]
        assert [(p.name, p.stack) for p in record.players] == [(p.name, p.stack) for p in stated.players]
        assert (record.button, record.structure, record.ante) == (
            stated.button,
            stated.structure,
            stated.ante,
        )
        assert comparable(record) == comparable(stated), text
        followed = follow(record)
        assert followed.payouts == hand.payouts
        assert followed.stacks == hand.stacks
        shapes["showdown"] += any(s.kind == "show" for s in record.steps)
        shapes["all_in"] += any(s.all_in for s in record.steps)
        shapes["draws"] += any(s.kind == "draw_round" and s.count == 3 for s in record.steps)
    assert all(count > 10 for count in shapes.values()), shapes


def test_plugged_into_read_hands_every_badugi_hand_of_a_file_is_followed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # How the owner plugs the reader in (the module's tables are not this branch's to edit).
    monkeypatch.setitem(ROOM_READERS, "fulltilt", (RECOGNISE, fulltilt_records))
    monkeypatch.setattr(files, "READABLE", (*files.READABLE, "fulltilt"))
    text = text_of("fulltilt_mixed_games.txt")
    assert detect(text) == "fulltilt"
    hands = read_hands(text.encode("utf-16"))
    assert [h.hand is not None for h in hands] == [True, False, False, False, True]
    assert all(h.hand.phase == "over" for h in hands if h.hand is not None)
    assert detect("Saved by the viewer\n" + text_of(HEADS_UP)) == "fulltilt"
