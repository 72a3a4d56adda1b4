"""Rules of reading a Merge Network hand that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on ``badugi.histories.merge.hand`` and fails on the mutant its
docstring names. The hands are the invented ones of ``files/merge_fixed_limit.xml`` (Ann, the
hero, against Bob and Cy: three draws and a showdown) and ``files/merge_tournament.xml`` (Oto
and Pia heads-up: Pia folds to a bet after the first draw), changed element by element.
"""

from __future__ import annotations

import re
from pathlib import Path

from badugi.histories.follow import follow
from badugi.histories.merge.read import merge_records
from badugi.histories.record import HandRecord, ReadHand
from tests.histories.one_hand import only, record_of, refusal_of

FILES = Path(__file__).parent / "files"


def _showdown() -> str:
    return (FILES / "merge_fixed_limit.xml").read_text(encoding="utf-8").split("\n\n")[0] + "\n"


def _heads_up() -> str:
    return (FILES / "merge_tournament.xml").read_text(encoding="utf-8")


def _only(text: str) -> ReadHand:
    return only(merge_records, text)


def _record(text: str) -> HandRecord:
    return record_of(merge_records, text)


def _error(text: str) -> str:
    return str(refusal_of(merge_records, text))


def test_the_draw_rounds_are_numbered_one_two_three() -> None:
    """``FIRST_DRAW``, ``SECOND_DRAW`` and ``THIRD_DRAW`` are the record's draws 1, 2 and 3.

    Rule: a ``draw_round`` step's ``count`` is the draw's number (``Step``'s contract); the mutant
    numbers the third draw 4.
    """
    record = _record(_showdown())
    assert [s.count for s in record.steps if s.kind == "draw_round"] == [1, 2, 3]


def test_a_raise_is_a_total_from_the_day_the_room_changed_the_format() -> None:
    """A hand started at 2010-09-08 00:00:00 exactly writes a RAISE as the total raised to.

    Rule: before that start time a RAISE's amount was what it added (FPDB's "addCallandRaise"),
    from it on the total (``_RAISE_TO_SINCE``); the mutant ``<=`` reads the first second of the
    new format as the old one (a raise to 300 where Oto raised to 200).
    """
    record = _record(_heads_up().replace('starttime="20120203170522"', 'starttime="20100908000000"'))
    assert [(s.seat, s.amount) for s in record.steps if s.kind == "raise"] == [(0, 200)]
    assert follow(record).payouts == [500, 0]


def test_winners_who_take_more_than_the_pot_are_refused_at_the_first_winner() -> None:
    """``<winner>`` amounts beyond the chips put in refuse the hand, at the first winner's line.

    Rule: every chip is accounted for (what is collected plus the rake is what was put in); a rake
    below zero is a damaged file. The mutant subtracts the lists it should join.
    """
    message = _error(_showdown().replace('winner amount="24.00"', 'winner amount="26.00"'))
    assert 'line 64 (\'<winner amount="26.00"' in message
    assert message.endswith("the winners take more than was put in the pot")


def test_a_hand_of_one_player_is_refused() -> None:
    """A ``<players>`` element with one player dealt in is refused: a hand needs two.

    Rule: a hand is dealt to at least two players (``Setup``'s own limit); the mutant ``< 1``
    accepts one.
    """
    text = _heads_up().replace('<player seat="8" nickname="Pia" balance="$2900.00" dealtin="true" />\n', "")
    message = _error(text)
    assert "line 3 ('<players dealer=\"3\">')" in message
    assert message.endswith("1 player(s) dealt in: a hand needs two")


def test_a_fold_in_the_showdown_is_refused() -> None:
    """A FOLD event in the ``SHOWDOWN`` round is refused: the betting is over.

    Rule: after the last betting round a player shows or mucks; the mutant deleting the ``raise``
    lets the fold through.
    """
    text = _showdown().replace(
        '<event sequence="29" type="SHOW" timestamp="1331000158500" player="2"/>',
        '<event sequence="29" type="FOLD" timestamp="1331000158500" player="2"/>',
    )
    message = _error(text)
    assert "line 59 (" in message
    assert message.endswith("a FOLD after the betting")


def test_a_hand_with_no_winner_is_refused() -> None:
    """A hand with no ``<winner>`` element is refused at its ``<game>`` line.

    Rule: a hand ends with its pots paid; a file that pays no one is cut short (the mutant
    deleting the ``raise`` reads on).
    """
    message = _error(re.sub(r"<winner[^>]*/>\n", "", _showdown()))
    assert 'line 2 (\'<game id="51200001-7"' in message
    assert message.endswith("no <winner>: the hand does not end")


def test_the_deal_is_the_number_of_cards_the_file_says() -> None:
    """``numholecards="5"`` deals five unknown cards to each other player, which the referee refuses.

    Rule: a reader records what the file says and ``follow`` judges it (a record is checked by
    the engine, never trusted); the mutant ignores ``numholecards`` and deals four, so a damaged
    file would pass. The hero's deal is the four cards its ``HOLE`` element names.
    """
    record = _record(_showdown().replace('numholecards="4"', 'numholecards="5"'))
    assert [len(s.cards) for s in record.steps if s.kind == "deal"] == [4, 5, 5]
    message = ""
    try:
        follow(record)
    except ValueError as exc:
        message = str(exc)
    assert message.endswith("the deal gives Bob 5 cards: badugi deals 4")


def test_a_heros_draw_with_no_drawn_cards_is_a_draw_of_unknown_cards() -> None:
    """A draw of the hero's with no ``DRAW_DRAWN_CARDS`` element records the count and no cards.

    Rule: what the file does not show stays unknown in the record (``Step.cards`` empty); the
    referee then decides (here it refuses: the hero's cards were known, so the record must name
    them). The mutant ``or`` reads the missing element and fails with Python's own error.
    """
    second_draw = (
        '<cards type="DRAW_DRAWN_CARDS" cards="3d,4h,2s,Ac" player="0" hand="4-3-2-A"/>\n'
        '\t</round>\n\t<round id="POST_SECOND_DRAW"'
    )
    text = _showdown().replace(second_draw, '</round>\n\t<round id="POST_SECOND_DRAW"')
    record = _record(text)
    draws = [(s.seat, s.count, s.cards, s.received) for s in record.steps if s.kind == "draw"]
    assert draws[3] == (0, 1, (), ())
    assert draws[0] == (0, 1, ("7c",), ("2s",))


def test_a_tournament_hand_whose_data_has_two_fields_has_no_tournament_number() -> None:
    """A tournament ``data`` of two fields ("date|name") gives no ``tournament`` field.

    Rule: the tournament's number is the third field; a shorter ``data`` has none, and the hand is
    still read (the mutant ``>= 2`` reads a third field that is not there).
    """
    text = _heads_up().replace(
        'data="20120203|Badugi Turbo SNG|61234567-1|61234999-12|true"', 'data="20120203|Badugi Turbo SNG"'
    )
    assert "tournament" not in _record(text).fields
    assert _record(_heads_up()).fields["tournament"] == "61234567"


def test_an_uncalled_bet_with_no_winner_of_its_own_is_refused_at_the_first_winner() -> None:
    """Oto's uncalled 100 paid to Pia's ``<winner>`` alone is refused, at that winner's line.

    Rule: a bet nobody called goes back to who bet it, and the room writes it in that player's
    winner (the module's docstring); the mutant names the line of a number, not of an element.
    """
    text = _heads_up().replace('potnumber="1" player="3"', 'potnumber="1" player="8"')
    message = _error(text)
    assert 'line 28 (\'<winner amount="500.00"' in message
    assert message.endswith("Oto's uncalled 100 is in no <winner>")


def test_a_blind_nobody_calls_is_returned_even_when_it_is_the_only_chip_put_in() -> None:
    """Pia posts the only blind and Oto folds: her 100 goes back as uncalled, nothing is collected.

    Rule: a bet nobody called is returned, not won (``follow``'s step kinds); it holds when one
    seat put in every chip. The mutant ``<= 1`` finds no uncalled bet with one seat in.
    """
    head = _heads_up().split('<round id="PRE_FIRST_DRAW"')[0]
    head = head.replace(
        '<event sequence="1" type="SMALL_BLIND" timestamp="1328288722100" player="3" amount="50.00"/>\n', ""
    )
    text = head + (
        '<round id="PRE_FIRST_DRAW" sequence="2">\n'
        '\t\t<event sequence="3" type="FOLD" timestamp="1328288725000" player="3"/>\n'
        '\t\t<cards type="HOLE" cards="3c,8c,Kd,Kh" player="8" hand="Three Cards, K-8-3"/>\n'
        "\t</round>\n"
        '\t<round id="END_OF_FOLDED_GAME" sequence="5">\n'
        '\t\t<winner amount="100.00" uncalled="false" potnumber="1" player="8" pottype="n"/>\n'
        "\t</round>\n"
        "</game>\n"
    )
    record = _record(text)
    assert [(s.kind, s.seat, s.amount) for s in record.steps if s.kind in ("returned", "collect")] == [
        ("returned", 1, 100)
    ]
    assert follow(record).payouts == [0, 100]
