"""Hand-written KingsClub files: every line kind read into records, every hand paid as the room paid.

The files (``files/kingsclub_*.txt``) are invented hands written the way
KingsClub writes its fixed-limit Badugi, Badeucey and Badacey: posts with a
colon and actions without, every amount a round's total, ``Dealt to`` each
player (``X`` for a card not shown), the draws as counts or as the hero's
cards, the summary's stacks and nets, the rake, ``wins`` lines (two for a
split pot). The stacks the tests expect were worked out by hand.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from badugi.errors import HandHistoryError
from badugi.games import BADACEY, BADEUCY, BADUGI
from badugi.histories import detect, from_phh, read_hands, to_phh, write_hand
from badugi.histories.kingsclub import RECOGNISE, from_kingsclub, kingsclub_records, read_kingsclub
from badugi.histories.record import ReadHand

FILES = Path(__file__).parent.parent / "files"


def _text(name: str) -> str:
    return (FILES / f"kingsclub_{name}.txt").read_text(encoding="utf-8")


def _hand(number: int) -> str:
    """One hand of the Badugi file, by its place (from 1)."""
    return "#" + _text("badugi").split("\n#")[number - 1].lstrip("#")


def _played(text: str) -> list[ReadHand]:
    return [read for read in read_kingsclub(text) if read.skipped is None]


# The stacks after each hand, in cents, in seat order: the summary's own, worked out by hand.
AFTER = {
    "badugi": [
        [90000, 79050, 99750],  # Hero's 7-4-3-2 badugi beats Ann's 8-6-5-A; rake 2.50
        [91500, 79050, 98250],  # a walk: Ann's big blind comes back uncalled, no line says so
        [172000, 148000, 135700, 117456],  # Eve's last bet folded to; Hero posted 40 live and 20 dead
        [22400, 85000, 80000],  # Fay all in for the main pot, Hero takes the side pot
    ],
    "badeucy": [[99900, 99900]],  # the ace-high badugi to Hero, the 2-7 low to Ike: two wins lines
    "badacey": [[49450, 60175, 70150]],  # A-2-3-4 badugi to Hero, the 6-4 A-5 low to Kit
}


@pytest.mark.parametrize("name", sorted(AFTER))
def test_every_hand_pays_what_the_room_paid(name: str) -> None:
    played = _played(_text(name))
    assert [read.error for read in played] == [None] * len(played)
    assert [read.hand.stacks for read in played] == AFTER[name]


def test_the_games_are_told_by_the_header() -> None:
    games = [read.record.game for name in ("badugi", "badeucy", "badacey") for read in _played(_text(name))]
    assert games == [BADUGI] * 4 + [BADEUCY, BADACEY]


def test_a_split_pot_pays_each_half_its_own_winner() -> None:
    (badeucy,) = _played(_text("badeucy"))
    (badacey,) = _played(_text("badacey"))
    assert badeucy.hand.payouts == [10900, 10900]
    assert badacey.hand.payouts == [0, 13900, 13900]
    collects = [(s.seat, s.amount) for s in badacey.record.steps if s.kind == "collect"]
    assert collects == [(1, 13900), (2, 13900)]


def test_the_record_keeps_the_table_the_names_and_the_seats() -> None:
    first = _played(_text("badugi"))[0]
    record = first.record
    assert record.label == "KingsClub hand #5100001"
    assert dict(record.fields) == {
        "hand": 5100001,
        "tournament": None,
        "time": "2021-03-14 20:01:07",
        "table": "Harbour  Light",
        "currency": "USD",
    }
    assert [(p.name, p.stack, p.seat) for p in record.players] == [
        ("Ann", 120000, 1),
        ("Bo", 85050, 3),
        ("Hero", 64000, 4),
    ]
    assert record.button == 0
    assert (record.structure.small_bet, record.structure.big_bet, record.blinds) == (3000, 6000, (1500, 3000))
    assert record.rake == 250
    assert first.names == ("Ann", "Bo", "Hero")


def test_the_draws_keep_the_hero_s_cards_and_the_others_counts() -> None:
    record = _played(_text("badugi"))[0].record
    draws = [(s.seat, s.count, s.cards, s.received) for s in record.steps if s.kind == "draw"][:3]
    assert draws == [(1, 3, (), ()), (2, 2, ("Kh", "Qd"), ("2s", "4h")), (0, 1, (), ())]
    deals = {s.seat: s.cards for s in record.steps if s.kind == "deal"}
    assert deals == {0: (None,) * 4, 1: (None,) * 4, 2: ("Kh", "Qd", "3c", "7d")}


def test_a_call_is_written_as_the_round_s_total_and_read_as_what_it_puts_in() -> None:
    record = _played(_text("badugi"))[0].record
    calls = [(s.seat, s.amount) for s in record.steps if s.kind == "call"]
    # "Bo calls 60" over his 15 small blind puts in 45; "Hero calls 60" over the big blind, 30.
    assert calls[:2] == [(1, 4500), (2, 3000)]


def test_the_bet_nobody_called_comes_back_though_no_line_says_so() -> None:
    walk, folded_to = _played(_text("badugi"))[1:3]
    assert [(s.seat, s.amount) for s in walk.record.steps if s.kind == "returned"] == [(0, 1500)]
    assert [(s.seat, s.amount) for s in folded_to.record.steps if s.kind == "returned"] == [(2, 8000)]


def test_posts_blind_is_live_and_its_dead_part_is_what_the_net_says() -> None:
    record = _played(_text("badugi"))[2].record
    posts = [(s.kind, s.seat, s.amount) for s in record.steps if s.kind.endswith("blind")]
    assert posts == [
        ("small_blind", 1, 2000),
        ("big_blind", 2, 4000),
        ("live_blind", 3, 4000),
        ("dead_blind", 3, 2000),
    ]


def test_an_all_in_call_is_read_as_all_in() -> None:
    record = _played(_text("badugi"))[3].record
    (short,) = [s for s in record.steps if s.kind == "call" and s.all_in]
    assert (short.seat, short.amount) == (0, 1500)


def test_another_game_is_passed_over_and_the_file_goes_on() -> None:
    reads = read_kingsclub(_text("badugi"))
    assert [read.skipped is not None for read in reads] == [False] * 4 + [True]
    assert "'Limit 2-7 Triple Draw' is not fixed-limit Badugi" in (reads[4].skipped or "")
    no_limit = _hand(1).replace("Limit Badugi", "No Limit Badugi", 1)
    assert "is not fixed-limit" in (read_kingsclub(no_limit)[0].skipped or "")


def test_a_net_the_lines_do_not_give_refuses_that_hand_naming_the_line() -> None:
    wrong = _hand(1).replace("Seat 3: Bo (790.50) -60", "Seat 3: Bo (780.50) -70")
    (read,) = read_kingsclub(wrong)
    assert read.hand is None
    assert str(read.error) == (
        "KingsClub hand #5100001, line 43 ('Seat 3: Bo (780.50) -70'): "
        "the summary says 'Bo' lost 70; the lines give a loss of 60"
    )
    error = read.error
    assert error is not None
    assert (error.label, error.line, error.text) == ("KingsClub hand #5100001", 43, "Seat 3: Bo (780.50) -70")


def test_a_stack_after_the_hand_must_be_the_stack_before_plus_its_net() -> None:
    (read,) = read_kingsclub(_hand(1).replace("Seat 1: Ann (900) -300", "Seat 1: Ann (901) -300"))
    assert "'Ann' had 120000 and the hand changed it by -30000, not to this stack" in str(read.error)


def test_a_winner_paid_more_than_the_pot_is_refused_by_the_rules() -> None:
    text = (
        _hand(1)
        .replace("Hero wins pot (657.50)", "Hero wins pot (660)")
        .replace("(997.50) +357.50", "(1,000) +360")
    )
    (read,) = read_kingsclub(text)
    assert read.record is not None
    assert read.hand is None
    assert read.error is not None
    assert "KingsClub hand #5100001" in str(read.error)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("Ann raises to 60", "Ann dances", "line 13 ('Ann dances'): a line not understood"),
        ("Rake 2.50", "Rake maybe", "a summary line not understood"),
        ("Dealt to Bo: [X X X X]", "Dealt to Bo: [X X X]", "3 cards, but a hand of Badugi holds 4"),
        ("Dealt to Bo: [X X X X]", "Dealt to Bo: [X X X Zz]", "'Zz' is not a card"),
        ("Dealt to Bo: [X X X X]", "Dealt to Cal: [X X X X]", "'Cal' is not seated at the table"),
        ("Dealt to Bo: [X X X X]", "Dealt to Ann: [X X X X]", "'Ann' is dealt twice"),
        ("Seat 3: Bo (850.50)", "Seat 1: Bo (850.50)", "seat 1 is taken twice"),
        ("Seat 3: Bo (850.50)\n", "", "line 7 ('Bo: posts the small blind 15'): a line not understood"),
        (
            "Table 'Harbour  Light'",
            "Tavola 'Harbour  Light'",
            "expected \"Table '...' Seat N is the button\"",
        ),
        ("*** 2ND BETTING ROUND ***", "*** 3RD BETTING ROUND ***", "betting round 3 follows round 1"),
        (
            "Hero discards [Kh Qd] draws [2s 4h]",
            "Hero discards [Kh Qd] draws [2s]",
            "throws 2 cards and draws 1",
        ),
        ("Table 'Harbour  Light'", "Table 'T900 [3]'", "'850.50' is not a whole number of chips"),
    ],
)
def test_text_not_understood_or_at_odds_with_itself_refuses_the_hand(old: str, new: str, says: str) -> None:
    text = _hand(1)
    assert old in text
    (read,) = kingsclub_records(text.replace(old, new, 1))
    assert read.record is None
    assert read.error is not None
    assert says in str(read.error), read.error


def test_an_action_of_a_seat_not_dealt_in_is_refused() -> None:
    text = _hand(1).replace("Dealt to Bo: [X X X X]\n", "")
    (read,) = kingsclub_records(text)
    assert "'Bo' acts but is not dealt in" in str(read.error)


def test_a_hand_cut_short_is_refused_and_the_next_one_still_reads() -> None:
    first, second = _hand(1), _hand(2)
    cut = first[: first.index("*** SUMMARY ***")]
    reads = read_kingsclub(cut + "\n" + second)
    assert "the hand stops before its summary" in str(reads[0].error)
    assert reads[1].hand is not None
    assert reads[1].hand.stacks == AFTER["badugi"][1]


def test_text_before_the_first_hand_is_its_own_refusal() -> None:
    reads = read_kingsclub("Exported from the archive\n" + _hand(2))
    assert str(reads[0].error) == "KingsClub, line 1 ('Exported from the archive'): not a hand's line"
    assert reads[1].hand is not None


def test_a_hand_not_shown_at_the_showdown_is_mucked() -> None:
    (read,) = read_kingsclub(_hand(1).replace("Ann shows [Ac 5d 6h 8s]\n", ""))
    assert read.hand is not None
    assert read.hand.stacks == AFTER["badugi"][0]
    assert [s.seat for s in read.record.steps if s.kind == "muck"] == [0]


def test_noise_lines_are_passed_over() -> None:
    text = _hand(1).replace("Bo folds\n", 'Bo folds\nBo sits out\nAnn said, "gl"\n')
    assert read_kingsclub(text)[0].hand.stacks == AFTER["badugi"][0]


@pytest.mark.parametrize("garbage", [None, 7, 3.5, ["#1: Limit Badugi - 1/2"], object()])
def test_anything_but_text_is_a_hand_history_error(garbage: object) -> None:
    with pytest.raises(HandHistoryError, match="a hand history is text"):
        read_kingsclub(garbage)  # type: ignore[arg-type]


def test_bytes_in_utf16_and_windows_line_ends_read_the_same() -> None:
    text = _text("badacey")
    data = text.replace("\n", "\r\n").encode("utf-16")
    assert [read.hand.stacks for read in read_kingsclub(data)] == AFTER["badacey"]


def test_from_kingsclub_takes_one_hand_and_says_why_not() -> None:
    assert from_kingsclub(_hand(2)).stacks == AFTER["badugi"][1]
    with pytest.raises(HandHistoryError, match="holds 2 hands or parts, not one"):
        from_kingsclub(_hand(1) + "\n" + _hand(2))
    with pytest.raises(HandHistoryError, match="is skipped"):
        from_kingsclub(_hand(5))
    with pytest.raises(HandHistoryError, match="holds 0 hands"):
        from_kingsclub("")


def test_the_files_are_detected_and_read_by_read_hands() -> None:
    for name, after in AFTER.items():
        text = _text(name)
        assert RECOGNISE.search(text)
        assert detect(text) == "kingsclub"
        played = [read for read in read_hands(text) if read.hand is not None]
        assert [read.hand.stacks for read in played] == after
        assert read_hands(text, "kingsclub")[0].names == played[0].names
    assert detect("#1: a comment\nvariant = 'FB'\n") == "phh"


@pytest.mark.parametrize("name", sorted(AFTER))
def test_a_hand_read_converts_to_json_and_reads_back_paid_the_same(name: str) -> None:
    for read in _played(_text(name)):
        (again,) = read_hands(write_hand(read.hand, "json", names=read.names), "json")
        assert again.hand.payouts == read.hand.payouts
        assert again.hand.stacks == read.hand.stacks


def test_a_badugi_hand_converts_to_phh_and_reads_back_paid_the_same() -> None:
    played = _played(_text("badugi"))
    for read in (played[0], played[1], played[3]):  # PHH has no notation for the third's live blind
        again = from_phh(to_phh(read.hand))
        assert (again.payouts, again.stacks) == (read.hand.payouts, read.hand.stacks)


def _badugi(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, check=False
    )


def test_the_command_line_shows_and_converts_a_kingsclub_file(tmp_path: Path) -> None:
    path = str(FILES / "kingsclub_badugi.txt")
    shown = _badugi("history", "show", path, "--from", "kingsclub")
    assert shown.returncode == 0, shown.stderr
    assert "5 hands read: 4 played by the rules, 1 passed over, 0 refused" in shown.stderr
    assert "Hand 1: KingsClub hand #5100001, badugi, fixed limit $30.00/$60.00" in shown.stdout
    out = tmp_path / "stars.txt"
    converted = _badugi("history", "convert", path, "--to", "pokerstars", "--out", str(out))
    assert converted.returncode == 0, converted.stderr
    again = _badugi("history", "show", str(out))
    assert "4 hands read: 4 played by the rules, 0 passed over, 0 refused" in again.stderr
    assert "PokerStars Hand #5100003:" in out.read_text(encoding="utf-8")
