"""The Merge XML reader: the hand-written files under files/merge_*.xml, encodings, broken XML, refusals."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit
from badugi.errors import HandHistoryError
from badugi.histories import files
from badugi.histories.files import ROOM_READERS, detect, read_hands
from badugi.histories.follow import follow
from badugi.histories.merge.read import RECOGNISE, merge_hands, merge_records
from badugi.histories.record import HandRecord, ReadHand, Step

FILES = Path(__file__).parent / "files"


def text_of(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8")


def records(text: str | bytes) -> list[HandRecord]:
    read = merge_records(text)
    assert all(hand.error is None and hand.skipped is None for hand in read), [h.error for h in read]
    return [hand.record for hand in read if hand.record is not None]


def kinds(record: HandRecord, kind: str) -> list[Step]:
    return [step for step in record.steps if step.kind == kind]


def line_number(text: str, needle: str) -> int:
    """The line (from 1) of the first line of ``text`` holding ``needle``."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if needle in line)


# -- the files ---------------------------------------------------------------------


def test_fixed_limit_showdown_after_three_draws() -> None:
    text = text_of("merge_fixed_limit.xml")
    first, second = records(text)
    assert first.source == "Merge"
    assert first.label == "Merge hand #51200001-7"
    assert first.structure == FixedLimit(100, 200, uncapped_heads_up=True)
    assert first.blinds == (50, 100)
    assert first.ante == 0
    # Dee is not dealt in; Merge's seat numbers are kept; the button is Cy's seat 5.
    assert [(p.name, p.stack, p.seat) for p in first.players] == [
        ("Ann", 4000, 0),
        ("Bob", 2500, 2),
        ("Cy", 6000, 5),
    ]
    assert first.button == 2
    assert first.line == 2
    assert first.fields["table"] == "Oakridge (51200001)"
    assert first.fields["currency"] == "USD"
    assert first.fields["hero"] == "Ann"
    assert first.fields["max_seats"] == 8
    deals = kinds(first, "deal")
    assert [d.cards for d in deals] == [("Kd", "4h", "7c", "Ac"), (None,) * 4, (None,) * 4]
    assert [s.count for s in kinds(first, "draw_round")] == [1, 2, 3]
    hero_draws = [s for s in kinds(first, "draw") if s.seat == 0]
    assert [(s.count, s.cards, s.received) for s in hero_draws] == [
        (1, ("7c",), ("2s",)),
        (1, ("Kd",), ("3d",)),
        (0, (), ()),
    ]
    # Another player's draw gives only the count.
    assert [(s.count, s.cards) for s in kinds(first, "draw") if s.seat == 1] == [(2, ()), (1, ()), (1, ())]
    # RAISE is the round's total; CALL what it adds.
    assert [(s.kind, s.seat, s.amount) for s in first.steps if s.kind in ("raise", "call", "bet")][-6:] == [
        ("bet", 0, 200),
        ("raise", 1, 400),
        ("raise", 0, 600),
        ("call", 1, 200),
        ("bet", 0, 200),
        ("call", 1, 200),
    ]
    assert [(s.seat, s.cards) for s in kinds(first, "show")] == [
        (0, ("3d", "4h", "2s", "Ac")),
        (1, ("5c", "6d", "8h", "9s")),
    ]
    assert [(s.seat, s.amount) for s in kinds(first, "collect")] == [(0, 2400)]
    assert first.rake == 100  # 25.00 went in, 24.00 came out
    # The noise (SIT_OUT of a player not dealt in, DISCONNECTED, RECONNECTED, CHAT) makes no step.
    noise = {line_number(text, '"SIT_OUT"'), line_number(text, "DISCONNECTED"), line_number(text, '"CHAT"')}
    assert not noise & {s.line for s in first.steps}
    # Every step's line is the line of its element.
    assert first.steps[0].line == line_number(text, '"SMALL_BLIND"')
    # The second hand: folded to the raiser, whose winner amount holds its uncalled dollar.
    assert second.button == 0
    assert [p.stack for p in second.players] == [5300, 1400, 5700]
    assert [(s.kind, s.seat, s.amount) for s in second.steps[-2:]] == [
        ("returned", 0, 100),
        ("collect", 0, 250),
    ]
    assert second.rake == 0


def test_pot_limit_with_antes_and_three_draws() -> None:
    (record,) = records(text_of("merge_pot_limit.xml"))
    assert record.structure == PotLimit()
    assert record.blinds == (10, 25)
    assert record.ante == 5
    assert [(s.kind, s.seat, s.amount) for s in record.steps[:5]] == [
        ("ante", 0, 5),
        ("ante", 1, 5),
        ("ante", 2, 5),
        ("small_blind", 0, 10),
        ("big_blind", 1, 25),
    ]
    assert [s.count for s in kinds(record, "draw_round")] == [1, 2, 3]
    # ALL_IN's amount is what it adds: Fay's 1.40 is a bet, all in, when nobody has bet.
    all_in = [s for s in record.steps if s.all_in]
    assert [(s.kind, s.seat, s.amount) for s in all_in] == [("bet", 1, 140)]
    assert [(s.seat, s.amount) for s in kinds(record, "collect")] == [(0, 1862)]
    assert record.rake == 98
    assert not kinds(record, "returned")


def test_half_pot_limit_with_antes_only() -> None:
    (record,) = records(text_of("merge_half_pot.xml"))
    assert record.structure == HalfPotLimit(min_bet=25)
    assert record.blinds is None
    assert record.ante == 25
    assert record.button == 3  # Ned, seat 6
    assert [(s.kind, s.seat, s.amount) for s in record.steps if s.kind in ("bet", "raise")] == [
        ("bet", 1, 50),
        ("raise", 0, 150),
        ("bet", 0, 200),
        ("bet", 0, 400),
    ]
    # The last player's MUCK in END_OF_FOLDED_GAME is not a concession.
    assert not kinds(record, "muck")
    assert [(s.kind, s.seat, s.amount) for s in record.steps[-2:]] == [
        ("returned", 0, 400),
        ("collect", 0, 808),
    ]
    assert record.rake == 42


def test_all_in_for_less_with_a_side_pot() -> None:
    (record,) = records(text_of("merge_side_pot.xml"))
    hal = [s for s in record.steps if s.seat == 0 and s.kind == "raise"]
    assert [(s.amount, s.all_in) for s in hal] == [(35, None), (150, True)]
    # Hal all in still draws, and shows down for the main pot.
    assert [s.count for s in kinds(record, "draw") if s.seat == 0] == [1, 1, 1]
    assert [(s.kind, s.seat, s.amount) for s in record.steps[-3:]] == [
        ("returned", 1, 300),
        ("collect", 0, 428),
        ("collect", 1, 380),
    ]
    assert record.rake == 42


def test_tournament_chips_and_stacks_before_the_blinds() -> None:
    (record,) = records(text_of("merge_tournament.xml"))
    assert "currency" not in record.fields
    assert record.fields["tournament"] == "61234567"
    assert record.structure == FixedLimit(100, 200, uncapped_heads_up=True)
    assert record.blinds == (50, 100)
    # The balance is after the blinds: the stacks are it plus the posts.
    assert [(p.name, p.stack) for p in record.players] == [("Oto", 1500), ("Pia", 3000)]
    assert [(s.kind, s.amount) for s in record.steps[-2:]] == [("returned", 100), ("collect", 400)]
    assert record.rake == 0


def test_another_game_is_skipped_and_the_description_changes() -> None:
    skipped, played = merge_records(text_of("merge_other_game.xml"))
    assert skipped.label == "Merge hand #40100200-4"
    assert skipped.record is None
    assert skipped.skipped is not None
    assert "2-7 Lowball" in skipped.skipped
    assert played.record is not None
    assert played.record.structure == FixedLimit(50, 100, uncapped_heads_up=True)
    assert played.record.fields["currency"] == "play"
    assert played.record.fields["real_money"] is False


# -- encodings and line ends -----------------------------------------------------------

DECLARED = '<?xml version="1.0" encoding="UTF-16"?>\n'


def accented() -> str:
    return text_of("merge_fixed_limit.xml").replace('nickname="Cy"', 'nickname="Zoë"')


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(accented().encode("utf-8"), id="utf-8"),
        pytest.param(b"\xef\xbb\xbf" + accented().encode("utf-8"), id="utf-8-bom"),
        pytest.param(accented().replace("\n", "\r\n").encode("utf-8"), id="crlf"),
        pytest.param(accented(), id="str"),
    ],
)
def test_encodings(data: str | bytes) -> None:
    first, second = records(data)
    assert first.players[2].name == "Zoë"
    assert first.line == 2
    assert second.line == 68


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_an_xml_declaration(encoding: str) -> None:
    first, second = records((DECLARED + accented()).encode(encoding))
    # The declaration is a line of its own: every line moves down by one.
    assert first.players[2].name == "Zoë"
    assert (first.line, second.line) == (3, 69)
    assert first.steps[0].line == line_number(DECLARED + accented(), '"SMALL_BLIND"')


def test_not_text_raises() -> None:
    with pytest.raises(HandHistoryError):
        merge_records(12345)  # type: ignore[arg-type]
    (broken,) = merge_records(b"<game id=\x81\xfe\xfa")  # 0x81: no character in cp1252 either
    assert "line 1" in error_of(broken)


def test_text_that_is_not_a_merge_file() -> None:
    (hand,) = merge_records("PokerStars Hand #1: Badugi Limit ($1/$2)\n")
    assert hand.error is not None
    assert "no <game>" in str(hand.error)
    assert merge_records("") == []


# -- broken XML ------------------------------------------------------------------------


def error_of(hand: ReadHand) -> str:
    assert hand.error is not None, hand
    assert hand.record is None
    message = str(hand.error)
    assert len(message) <= 280
    return message


def test_a_truncated_file_keeps_the_hands_before_the_break() -> None:
    text = text_of("merge_fixed_limit.xml")
    cut_at = text.index('type="FOLD" timestamp="1331000227000"') + 10  # inside a tag of the second hand
    first, second = merge_records(text[:cut_at])
    assert first.record is not None
    assert first.record.label == "Merge hand #51200001-7"
    message = error_of(second)
    assert message.startswith("Merge hand #51200001-8, line ")
    assert "not well-formed" in message
    assert second.line == 68


def test_a_hand_cut_short_by_the_next_one() -> None:
    text = text_of("merge_fixed_limit.xml")
    end_of_first = text.index("</game>")
    first, second = merge_records(text[:end_of_first] + text[end_of_first + len("</game>") :])
    assert "cut short" in error_of(first)
    assert first.label == "Merge hand #51200001-7"
    assert second.record is not None
    assert second.record.label == "Merge hand #51200001-8"


def test_a_malformed_hand_loses_only_itself() -> None:
    text = text_of("merge_fixed_limit.xml")
    broken = text.replace('type="BET" timestamp="1331000129000"', 'type="BET timestamp="1331000129000"', 1)
    first, second = merge_records(broken)
    message = error_of(first)
    assert f"line {line_number(broken, 'BET timestamp')}" in message
    assert second.record is not None
    assert second.record.players[0].stack == 5300


def test_a_doctype_is_refused_and_no_entity_is_expanded() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n'
        + text_of("merge_fixed_limit.xml").replace('nickname="Ann"', 'nickname="&lol2;"')
    )
    (hand,) = merge_records(bomb)
    assert "DOCTYPE" in error_of(hand)
    assert "line 2" in error_of(hand)


def test_an_undefined_entity_breaks_its_hand_only() -> None:
    text = text_of("merge_fixed_limit.xml").replace('nickname="Bob"', 'nickname="&bob;"', 1)
    first, second = merge_records(text)
    assert "undefined entity" in error_of(first)
    assert second.record is not None


def test_a_session_root_is_read_like_the_bare_fragment() -> None:
    text = text_of("merge_pot_limit.xml")
    (wrapped,) = records("<session>" + text + "</session>\n")
    (bare,) = records(text)
    assert wrapped == bare


# -- refusals, each naming the hand and the line -------------------------------------------


def refusal(text: str) -> str:
    (hand,) = [h for h in merge_records(text) if h.error is not None]
    return error_of(hand)


def test_a_player_not_dealt_in_acts() -> None:
    text = text_of("merge_pot_limit.xml").replace(
        'type="FOLD" timestamp="1334196649000" player="4"', 'type="FOLD" player="5"'
    )
    message = refusal(text)
    line = line_number(text, 'type="FOLD" player="5"')
    assert message.startswith(f'Merge hand #52300417-19, line {line} (\'<event sequence="14" type="FOLD"')
    assert "seat 5 is not among the <players>" in message


def test_an_amount_finer_than_a_cent() -> None:
    text = text_of("merge_pot_limit.xml").replace('amount="0.65"', 'amount="0.655"')
    assert "'0.655' is not a whole number of cents" in refusal(text)


def test_tournament_chips_must_be_whole() -> None:
    text = text_of("merge_tournament.xml").replace('amount="200.00"', 'amount="200.50"')
    assert "not a whole number of chips" in refusal(text)


def test_a_hero_draw_that_does_not_match_its_count() -> None:
    text = text_of("merge_pot_limit.xml").replace('cards="3h,8d,Qs,2c"', 'cards="3h,8d,8h,2c"')
    message = refusal(text)
    assert f"line {line_number(text, '3h,8d,8h,2c')}" in message
    assert "the draw 2" in message


def all_in_blind_of_nothing(text: str) -> str:
    """The small blind posted as Merge writes an all-in blind whose size it does not give."""
    return text.replace(
        'type="SMALL_BLIND" timestamp="1328288722100" player="3" amount="50.00"',
        'type="ALL_IN" timestamp="1328288722100" player="3" amount="0.00"',
    )


def test_a_tournament_all_in_blind_of_nothing_is_sized_by_the_winners() -> None:
    # Oto's balance is after the posts: 0. Pia's 130 back is her 100, less the 70 nobody
    # called, plus the pot of 60: Oto's blind was 30.
    text = text_of("merge_all_in_blind.xml")
    (record,) = records(text)
    assert record.steps[0] == Step(
        "small_blind", 0, amount=30, all_in=True, line=line_number(text, '"ALL_IN"')
    )
    assert [p.stack for p in record.players] == [30, 3970]
    assert [(s.kind, s.seat, s.amount) for s in record.steps[-2:]] == [
        ("returned", 1, 70),
        ("collect", 1, 60),
    ]
    assert record.rake == 0
    # Oto shows down, not folded, his cards unknown till then.
    assert [s.seat for s in kinds(record, "show")] == [0, 1]


def test_two_unsized_blinds_are_refused() -> None:
    text = all_in_blind_of_nothing(text_of("merge_tournament.xml")).replace(
        'type="BIG_BLIND" timestamp="1328288722200" player="8" amount="100.00"',
        'type="ALL_IN" timestamp="1328288722200" player="8" amount="0.00"',
    )
    assert "two all-in blinds of 0.00" in refusal(text)


def test_no_description() -> None:
    text = text_of("merge_pot_limit.xml").split("\n", 1)[1]
    assert "no <description>" in refusal(text)


def test_no_winner() -> None:
    text = text_of("merge_half_pot.xml")
    start = text.index("\t\t<winner")
    text = text[:start] + text[text.index("\n", start) + 1 :]
    assert "no <winner>" in refusal(text)


def test_no_limit_and_a_cancelled_hand_are_skipped() -> None:
    text = text_of("merge_pot_limit.xml").replace('stakes="Pot Limit', 'stakes="No Limit')
    (hand,) = merge_records(text)
    assert hand.skipped is not None
    assert "no-limit" in hand.skipped
    cancelled = text_of("merge_pot_limit.xml").replace(
        '<round id="END_OF_GAME" sequence="10">', '<round id="GAME_CANCELLED" sequence="10">'
    )
    (hand,) = merge_records(cancelled)
    assert hand.skipped == "the hand was cancelled"


def test_a_winner_marked_uncalled_is_the_bet_returned() -> None:
    text = text_of("merge_tournament.xml").replace(
        '<winner amount="500.00" uncalled="false" potnumber="1" player="3" pottype="n"/>',
        '<winner amount="100.00" uncalled="true" potnumber="1" player="3" pottype="n"/>\n'
        '\t\t<winner amount="400.00" uncalled="false" potnumber="1" player="3" pottype="n"/>',
    )
    (record,) = records(text)
    assert [(s.kind, s.amount) for s in record.steps[-2:]] == [("returned", 100), ("collect", 400)]


def test_a_sit_out_in_the_betting_is_a_fold() -> None:
    text = text_of("merge_pot_limit.xml").replace(
        'type="FOLD" timestamp="1334196649000"', 'type="SIT_OUT" timestamp="1334196649000"'
    )
    (record,) = records(text)
    assert [s.seat for s in kinds(record, "fold")] == [2]


# -- through the engine ---------------------------------------------------------------------

ALL_FILES = sorted(path.name for path in FILES.glob("merge_*.xml"))


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_hand_follows_to_its_collected_amounts(name: str) -> None:
    read = merge_hands(text_of(name))
    assert read
    for hand in read:
        if hand.skipped is not None:
            continue
        assert hand.error is None, hand.error
        assert hand.record is not None
        followed = hand.hand
        assert followed is not None
        assert followed.phase == "over"
        result = followed.result
        assert result is not None
        record = hand.record
        assert list(result.returned) == [
            sum(s.amount or 0 for s in kinds(record, "returned") if s.seat == seat)
            for seat in range(len(record.players))
        ]
        collected = sum(s.amount or 0 for s in kinds(record, "collect"))
        assert collected + record.rake == sum(pot.amount for pot in result.pots)
        assert sum(followed.contributions) == collected + record.rake + sum(result.returned)


def follow_error(text: str) -> str:
    (hand,) = [h for h in merge_hands(text) if h.error is not None]
    assert hand.record is not None  # read, then refused by the rules
    message = str(hand.error)
    assert len(message) <= 280
    return message


def test_a_changed_call_does_not_follow() -> None:
    # Bob's call of the raise made 0.50: the chips still add up (Ann gets 0.50 back), the rules do not.
    text = text_of("merge_fixed_limit.xml").replace(
        'type="CALL" timestamp="1331000118000" player="2" amount="1.00"',
        'type="CALL" timestamp="1331000118000" player="2" amount="0.50"',
    )
    line = line_number(text, "1331000118000")
    assert follow_error(text) == f"Merge hand #51200001-7, line {line}: Bob calls 50, but the call is 100"


def test_a_bet_of_the_wrong_size_in_fixed_limit_does_not_follow() -> None:
    # A bet of 2.00 after the first draw, where the small bet is 1.00, and both calls of it.
    text = text_of("merge_fixed_limit.xml")
    for stamp in ("1331000129000", "1331000131000", "1331000133000"):
        text = text.replace(
            f'timestamp="{stamp}" player="2" amount="1.00"', f'timestamp="{stamp}" player="2" amount="2.00"'
        )
        text = text.replace(
            f'timestamp="{stamp}" player="5" amount="1.00"', f'timestamp="{stamp}" player="5" amount="2.00"'
        )
        text = text.replace(
            f'timestamp="{stamp}" player="0" amount="1.00"', f'timestamp="{stamp}" player="0" amount="2.00"'
        )
    text = text.replace('<winner amount="24.00"', '<winner amount="27.00"')  # the three 1.00 more, won
    assert merge_records(text)[0].record is not None  # read: the text makes sense
    line = line_number(text, "1331000129000")
    assert follow_error(text).startswith(f"Merge hand #51200001-7, line {line}: ")


def test_a_pot_limit_raise_over_the_pot_does_not_follow() -> None:
    # Gus may raise to 1.00 at most (0.25 + the pot of 0.50 and his call of 0.25).
    text = text_of("merge_pot_limit.xml").replace('player="4" amount="0.75"', 'player="4" amount="1.05"')
    text = text.replace('player="1" amount="0.65"', 'player="1" amount="0.95"')
    assert follow_error(text).startswith("Merge hand #52300417-19, line 16: ")


def test_the_wrong_winner_does_not_follow() -> None:
    text = text_of("merge_fixed_limit.xml").replace(
        'amount="24.00" uncalled="false" potnumber="1" player="0"',
        'amount="24.00" uncalled="false" potnumber="1" player="2"',
    )
    assert "Merge hand #51200001-7" in follow_error(text)


def test_an_action_out_of_turn_does_not_follow() -> None:
    text = text_of("merge_half_pot.xml").replace(
        '<event sequence="5" type="CHECK" timestamp="1303166653000" player="1"/>',
        '<event sequence="5" type="CHECK" timestamp="1303166653000" player="2"/>',
    )
    assert "out of turn" in follow_error(text)


def test_follow_takes_the_records_as_they_are() -> None:
    for record in records(text_of("merge_side_pot.xml")):
        assert list(follow(record).payouts) == [428, 680, 0]


def test_fixed_limit_is_uncapped_heads_up() -> None:
    # After the draw: a bet and four raises between two players (five bets), then a fold.
    text = text_of("merge_tournament.xml")
    start = text.index('<round id="POST_FIRST_DRAW"')
    end = text.index("</round>", start)
    betting = "\n\t\t".join(
        f'<event sequence="{7 + k}" type="{kind}" timestamp="13282887{k}0000" player="{seat}"{amount}/>'
        for k, (kind, seat, amount) in enumerate(
            [
                ("CHECK", 8, ""),
                ("BET", 3, ' amount="100.00"'),
                ("RAISE", 8, ' amount="200.00"'),
                ("RAISE", 3, ' amount="300.00"'),
                ("RAISE", 8, ' amount="400.00"'),
                ("RAISE", 3, ' amount="500.00"'),
                ("FOLD", 8, ""),
            ]
        )
    )
    text = text[:start] + '<round id="POST_FIRST_DRAW" sequence="4">\n\t\t' + betting + "\n\t" + text[end:]
    text = text.replace('<winner amount="500.00"', '<winner amount="1300.00"')
    (hand,) = merge_hands(text)
    assert hand.error is None, hand.error
    assert hand.record is not None
    assert [s.amount for s in kinds(hand.record, "raise")][-3:] == [300, 400, 500]
    assert [(s.kind, s.amount) for s in hand.record.steps[-2:]] == [("returned", 100), ("collect", 1200)]
    capped = dataclasses.replace(hand.record, structure=FixedLimit(100, 200))
    with pytest.raises(HandHistoryError, match="capped"):
        follow(capped)


def test_live_and_returning_blinds() -> None:
    initial, both, big = records(text_of("merge_live_blinds.xml"))
    # Dee, new at seat 7, posts a live big blind, checks her option, then folds to Ann's raise.
    assert [(s.kind, s.seat, s.amount) for s in initial.steps[:3]] == [
        ("small_blind", 1, 50),
        ("big_blind", 2, 100),
        ("live_blind", 3, 100),
    ]
    assert initial.blinds == (50, 100)
    # Returning, she posts both: the big one live, the small one dead.
    assert [(s.kind, s.seat, s.amount) for s in both.steps[2:4]] == [
        ("live_blind", 3, 100),
        ("dead_blind", 3, 50),
    ]
    # Her 1.50 in (dead chips too) matches all but 0.50 of Ann's raise to 2.00, as the engine layers the pot.
    assert [(s.kind, s.amount) for s in both.steps[-2:]] == [
        ("returned", 100),
        ("collect", 400),
    ]  # the dead 50 matches no bet
    assert [(s.kind, s.seat, s.amount) for s in big.steps[2:4]] == [("live_blind", 3, 100), ("deal", 0, None)]


@pytest.mark.parametrize(("dealer", "button"), [("4", 2), ("2", 0), ("0", 2), ("9", 2), ("3", 1)])
def test_the_button_on_an_empty_seat_is_the_player_before_it(dealer: str, button: int) -> None:
    # Players at seats 1, 3 and 4.
    text = text_of("merge_pot_limit.xml").replace('<players dealer="4">', f'<players dealer="{dealer}">')
    (hand,) = merge_records(text)
    assert hand.record is not None
    assert hand.record.button == button


def test_before_september_2010_a_raise_is_what_it_adds() -> None:
    # FPDB's reading of the old format ("addCallandRaise"): Ann's re-raise to 6.00 adds 4.00.
    text = text_of("merge_fixed_limit.xml").replace(
        'starttime="20120305201511"', 'starttime="20100801201511"'
    )
    text = text.replace(
        'type="RAISE" timestamp="1331000147000" player="0" amount="6.00"',
        'type="RAISE" player="0" amount="4.00"',
    )
    (hand, _) = merge_hands(text)
    assert hand.error is None, hand.error
    assert hand.record is not None
    assert [s.amount for s in kinds(hand.record, "raise")] == [200, 400, 600]


def test_cp1252_bytes_are_read() -> None:
    data = text_of("merge_pot_limit.xml").replace('nickname="Fay"', 'nickname="Faÿ €"').encode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    (record,) = records(data)
    assert record.players[1].name == "Faÿ €"
    (damaged,) = merge_records(b'<game id="1-1">\x81\x8d</game>')  # bytes that are no cp1252 character
    assert "the byte 0x81, which is not cp1252 text" in error_of(damaged)


def test_a_rabbit_hunt_is_noise() -> None:
    text = text_of("merge_half_pot.xml").replace(
        '<event sequence="24" type="MUCK"',
        '<event sequence="24" type="RABBIT" player="2"/>\n\t\t<event sequence="24" type="MUCK"',
    )
    (hand,) = merge_hands(text)
    assert hand.error is None, hand.error


def test_dealtin_false_for_players_who_play() -> None:
    # Every player marked not dealt in, as in a 2011 file, but all post or act in the first round.
    text = text_of("merge_pot_limit.xml").replace('dealtin="true"', 'dealtin="false"')
    (hand,) = merge_hands(text)
    assert hand.error is None, hand.error
    assert hand.record is not None
    assert [p.name for p in hand.record.players] == ["Eve", "Fay", "Gus"]


def test_odd_events_of_players_out_of_the_hand_are_passed_over() -> None:
    text = text_of("merge_fixed_limit.xml")
    # Dee, not dealt in, checks after the last draw; Cy, folded, calls 0.05 there.
    text = text.replace(
        '<event sequence="26" type="BET"',
        '<event sequence="26" type="CHECK" timestamp="1331000154000" player="7"/>\n'
        '\t\t<event sequence="26" type="CALL" timestamp="1331000154500" player="5" amount="0.05"/>\n'
        '\t\t<event sequence="26" type="BET"',
    )
    first, _ = merge_hands(text)
    assert first.error is None, first.error
    assert first.record is not None
    assert first.record.rake == 100  # the 0.05 was never in the pot


def test_an_all_in_marker_without_an_amount_is_passed_over() -> None:
    # After her all-in bet Fay's ALL_IN again, with no amount, in the showdown's round before it.
    text = text_of("merge_pot_limit.xml").replace(
        '<event sequence="25" type="CALL" timestamp="1334196671000" player="1" amount="1.40"/>',
        '<event sequence="25" type="CALL" timestamp="1334196671000" player="1" amount="1.40"/>\n'
        '\t\t<event sequence="25" type="ALL_IN" timestamp="1334196671500" player="3"/>',
    )
    (hand,) = merge_hands(text)
    assert hand.error is None, hand.error
    # From a player with chips behind, an ALL_IN without an amount is refused.
    text = text.replace('player="3"/>\n\t</round>', 'player="1"/>\n\t</round>', 1)
    assert "no amount" in refusal(text)


def test_a_showdown_muck_concedes() -> None:
    text = text_of("merge_fixed_limit.xml").replace(
        '<event sequence="29" type="SHOW" timestamp="1331000158500" player="2"/>',
        '<event sequence="29" type="MUCK" timestamp="1331000158500" player="2"/>',
    )
    text = text.replace('<cards type="SHOWN" cards="5c,6d,8h,9s" player="2"/>', "")
    first, _ = merge_hands(text)
    assert first.error is None, first.error
    assert first.record is not None
    assert [(s.seat, s.cards) for s in kinds(first.record, "muck")] == [(1, ())]


def test_old_files_divide_the_data_with_colons() -> None:
    text = text_of("merge_pot_limit.xml").replace(
        'data="20120411|Ferndale (52300417)|52300417|52300417-19|false"',
        'data="20120411:Ferndale (52300417):52300417:52300417-19:false"',
    )
    (record,) = records(text)
    assert record.fields["table"] == "Ferndale (52300417)"
    named = text_of("merge_pot_limit.xml").replace("|Ferndale (52300417)|", "|Ferndale 20:00|")
    (record,) = records(named)
    assert record.fields["table"] == "Ferndale 20:00"


def test_plugged_into_read_hands_every_badugi_hand_of_a_file_is_followed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # How the owner plugs the reader in (files.py is not this branch's to edit).
    monkeypatch.setitem(ROOM_READERS, "merge", (RECOGNISE, merge_records))
    monkeypatch.setattr(files, "READABLE", (*files.READABLE, "merge"))
    text = text_of("merge_other_game.xml") + "\n" + text_of("merge_fixed_limit.xml")
    assert detect(text) == "merge"
    assert detect(DECLARED + text) == "merge"
    hands = read_hands((DECLARED + text).encode("utf-16"))
    assert [(h.skipped is not None, h.hand is not None) for h in hands] == [
        (True, False),
        (False, True),
        (False, True),
        (False, True),
    ]
    assert all(h.hand.phase == "over" for h in hands if h.hand is not None)
    assert hands[2].names == ("Ann", "Bob", "Cy")
    assert detect("PokerStars Hand #1: Badugi") != "merge"
