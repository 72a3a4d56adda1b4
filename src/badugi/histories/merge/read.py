"""The Merge network's XML hand histories (Carbon Poker, Lock Poker, ...) of Badugi, as ``HandRecord`` values.

``merge_records(text)`` reads a file of hands; each ``<game>`` becomes a
``ReadHand``: a record, ``skipped`` (another game, no limit, a cancelled
hand) or ``error`` (naming the hand and the line of the element, as the XML
parser counts lines). One bad hand, even one that is not well-formed XML,
loses only itself (see ``xml_fragment``). ``merge_hands(text)`` also follows
each record through the engine; ``RECOGNISE`` tells a Merge file for
``badugi.histories.files.ROOM_READERS``.

The format is scarcely documented: no description of it by Merge was found.
What follows was learned from the trackers that read it (FPDB's
``MergeToFpdb.py`` and its regression files, which are Merge's own hands
with the names changed; the HandHistories C# parser). Among those files are
two Badugi hands, pot limit and half-pot limit, which this reader reads and
follows; the rest are other draw games, hold'em and stud. What they show::

    <description type="Badugi" stakes="Half Pot Limit ($0.50/$0.50)"/>
    <game id="33227759-34" starttime="20110412150057" numholecards="4" gametype="71"
          realmoney="true" data="20110412|Goyang (33227759)|33227759|33227759-34|false">
      <players dealer="3">
        <player seat="0" nickname="..." balance="$30.00" dealtin="true" />
      </players>
      <round id="BLINDS" sequence="1">  <event type="ANTE" player="3" amount="0.50"/> ...
      <round id="PRE_FIRST_DRAW"> events, then <cards type="HOLE" cards="Qs,2s,Jh,2c" player="0"/>
      <round id="FIRST_DRAW">  <event type="DRAW" player="0" text="3"/> ...
                               <cards type="DRAW_DRAWN_CARDS" cards="Ts,2s,4c,As" player="0"/>
      <round id="POST_FIRST_DRAW"> ... SECOND_DRAW, POST_SECOND_DRAW, THIRD_DRAW, POST_THIRD_DRAW
      <round id="SHOWDOWN">  <event type="SHOW" player="2"/> <cards type="SHOWN" cards="..." player="2"/>
      <round id="END_OF_FOLDED_GAME"> or <round id="END_OF_GAME">
                               <winner amount="4.38" uncalled="false" potnumber="1" player="3"/>
    </game>

Supported, and how it is read:

* The file: a ``<description>`` and then ``<game>`` elements, no root (a
  ``<session>`` root is accepted, unseen). A description holds for the games
  after it. ``type`` is the game (``Badugi``; ``Badugi Tournament`` for a
  tournament); any other game is skipped. ``stakes``: ``Limit $1/$2`` is
  fixed limit with those bets, four bets a round but uncapped heads-up (a
  sample has a bet and five raises between two players; the cap of four with
  more players is the usual one, not seen); the blinds are the posts
  (``Limit $5/$10`` posts 2 and 5); ``Pot Limit ($0.05/$0.10)`` and ``Half Pot
  Limit (...)`` give the blinds; ``No Limit`` Badugi is skipped (the engine
  has no such structure).
* ``<game>``: ``id`` (the label ``Merge hand #33227759-34``), ``starttime``,
  ``realmoney`` (false: play money), ``seats`` (``max_seats``), ``data``
  (``date|table|table id or tournament id|hand id|...``, ``:`` for ``|`` in
  old files: the table, and for a tournament its number, the part of the
  third field before a ``-``).
* ``<players dealer="N">``: the button is the seat numbered N (a dead button
  on an empty seat: the last dealt-in player before it); ``<player>`` with
  ``seat`` (Merge counts seats from 0; the record keeps that number),
  ``nickname``, ``balance`` (``$`` and ``,`` dropped), ``dealtin``. Events
  name a player by seat number. ``dealtin`` cannot be trusted (a 2011
  sample has every player ``dealtin="false"``, all of them playing; FPDB
  takes the players who act): a player is dealt in when ``dealtin`` is not
  ``"false"``, or when it posts or acts in the blinds or the first betting
  round. The events of a listed player not dealt in are passed over (a 2013
  sample has one check on the river); a seat not listed is refused (its
  stack is unknown).
* ``BLINDS``: ``ANTE``, ``SMALL_BLIND``, ``BIG_BLIND``; ``INITIAL_BLIND`` (a
  new player's post, a live blind); ``RETURN_BLIND`` (a returning player:
  the big blind is live, the big and small together are a live big blind and
  a dead small); ``ALL_IN`` here is an all-in blind (the small one if none
  is posted yet, else the big one). Of 0.00 in a ring game it posts nothing
  (the ante took the last chip); of 0.00 in a tournament, whose balances are
  after the posts, its size is unknown, and is taken as what the winners
  took less what everyone else put in (a tournament has no rake; FPDB gives
  these hands up; the one sample seen adds up this way). Two in one hand
  are refused.
* Betting: ``FOLD``, ``CHECK``, ``CALL`` (amount: what the call adds),
  ``BET``, ``RAISE`` (amount: the round total; before 2010-09-08, per FPDB,
  what the raise adds: unverified), ``COMPLETE`` (read as a raise to the
  amount), ``ALL_IN`` (amount: what it adds; a call, bet or raise by the
  round's totals). ``SIT_OUT`` by a player still in, after the deal, is a
  fold (as FPDB reads it); everywhere else it is table noise. Passed over as
  saying nothing: the actions of a player who has folded (a 2013 sample has
  a call of 0.05 from a player who folded before the flop), an ``ALL_IN``
  without an amount from a player all in already, and a ``SHOW`` before the
  showdown (both in a hold'em all-in; a Badugi hand's showdown shows the
  hands it ends with).
* Draws: ``DRAW`` with ``text`` the number of cards thrown (0: stands pat;
  ``STAND_PAT`` is taken as 0 too, unseen). The hero's new hand is the
  round's ``DRAW_DRAWN_CARDS``: the cards thrown are the old hand's cards not
  in it, the received ones the new hand's cards not in the old.
* ``SHOWDOWN``: ``SHOW`` with the round's ``SHOWN`` cards; ``MUCK`` concedes
  (with ``MUCKED`` cards if any) while two or more are in: the ``MUCK`` of
  the last player in (``END_OF_FOLDED_GAME``) is the winner not showing, and
  is passed over.
* ``<winner>``: ``amount``, ``potnumber``, ``player``, ``uncalled``. In every
  hand seen up to 2011 a winner's amount *includes* its own uncalled bet
  back (and is net of the rake), with ``uncalled="false"``; in 2012 and
  2013 samples the uncalled bet is a winner of its own with
  ``uncalled="true"`` (and a pot number of its own), the bet returned.
  So without an ``uncalled="true"`` winner the reader works the uncalled bet
  out (the most anyone put in over the next most) and takes it off that
  player's winner of the highest pot number. The rake is then what went in
  less what came out: Merge does not state it, nor the total pot.
* Table noise, understood and ignored: ``CHAT`` (its player is a name),
  ``SIT_IN``, ``SITTING_OUT``, ``JOIN``, ``LEAVE``, ``PLAYER_OUT``,
  ``DISCONNECTED``, ``RECONNECTED``, ``TIMEOUT``, ``RABBIT`` (a rabbit
  hunt); card elements of type ``COMMUNITY``. ``GAME_CANCELLED`` (an event
  or a round) skips the hand.

Text: UTF-8 with or without a BOM, UTF-16, or else cp1252 (FPDB reads
Merge's files as cp1252 first). Amounts: a ring game's in whole cents
(``Decimal``, never a float), real money in ``USD`` (Merge's only
currency, as FPDB and HandHistories assume), play money as
``currency="play"`` in hundredths; a tournament's in whole chips. In a
tournament the balance is taken to be *after* the hand's antes and blinds
(FPDB adds them back; a sample with a 0.00 balance and an all-in blind
bears it out), so they are added back here.

The table's blinds are the hand's first full (not all-in) posts, else the
stakes'. A fixed-limit tournament's bets are its big blind and twice it
when one is posted (a file has one description at the top, which cannot
follow the levels), else the stakes' pair.

Unsure, and read the most plausible way (none of it in a sample): a
fixed-limit tournament's stakes and bets; the pair in a half-pot-limit ante
game's stakes (``$0.50/$0.50``: with no blinds posted, the second is taken
as the smallest bet; in the one sample it equals the ante, so the engine's
default would do as well); ``INITIAL_BLIND``, ``RETURN_BLIND`` and
``COMPLETE``; the old format's raises; ``SIT_OUT`` as a fold; ``STAND_PAT``;
an uncalled bet inside a winner of several pots (taken off the highest pot
number); ``pottype``, read as nothing; the ``<session>`` root; the cap of
four bets with three or more players.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from badugi.errors import HandHistoryError
from badugi.histories._lines import Lines, Numbered
from badugi.histories._text import cut, quote_line, value_message
from badugi.histories.follow import follow_read
from badugi.histories.merge.hand import SOURCE, HandReader
from badugi.histories.merge.stakes import Refusal, Skip
from badugi.histories.merge.xml_fragment import Broken, Node, Refused, TopElements
from badugi.histories.record import ReadHand

__all__ = ["RECOGNISE", "SOURCE", "iter_merge_records", "merge_hands", "merge_records"]

#: What recognises a Merge file among the first lines of a text: its description, or a hand's game element.
RECOGNISE = re.compile(r"<(?:description\s+type=\"[^\"]*\"\s+stakes=|game\s+id=\"\d+-\d+\")")


def merge_records(text: str | bytes) -> list[ReadHand]:
    """Every hand of a Merge XML hand-history file, in file order.

    Args:
        text: the file's text, or its bytes (UTF-8 with or without a BOM,
            UTF-16, or cp1252; see ``badugi.histories._lines``).

    Returns:
        A ``ReadHand`` per ``<game>``: with its ``record``, or ``skipped`` (another
        game), or ``error`` (a ``HandHistoryError`` naming the hand and the line).
        ``hand`` is left None: ``badugi.histories.follow`` plays a record.

    Raises:
        HandHistoryError: ``text`` is not a str or bytes.
    """
    return list(iter_merge_records(Lines(text, SOURCE)))


def iter_merge_records(lines: Lines) -> Iterator[ReadHand]:
    """``merge_records`` a hand at a time, from a file's lines (``badugi.histories._lines``).

    Raises:
        HandHistoryError: only when the file cannot be read.
    """
    seen = _Seen(lines)
    elements = TopElements(seen)
    description: Node | None = None
    any_read = False
    for item in elements:
        any_read = any_read or not isinstance(item, Node) or item.tag == "game"
        if isinstance(item, Refused):
            yield _file_error(elements, item.line, item.reason)
            return
        if isinstance(item, Broken):
            if item.node.tag == "game":
                label = _label(item.node)
                error = _error(label, elements, item.line, item.reason)
                yield _refuse_damaged(
                    lines, elements, ReadHand(line=item.node.line, label=label, error=error)
                )
            else:
                if item.node.tag == "description":
                    description = None  # a broken description says nothing for the hands after it
                yield _file_error(elements, item.line, item.reason)
        elif item.tag == "description":
            description = item
        elif item.tag == "game":
            yield _refuse_damaged(lines, elements, _read_game(item, description, elements))
    if not any_read and seen.text:
        yield _file_error(elements, seen.text, "no <game> element: not a Merge hand history")


class _Seen:
    """The file's lines as they pass, noting the first that is not blank."""

    def __init__(self, lines: Iterator[Numbered]) -> None:
        self.lines = lines
        self.text = 0  # the first line that is not blank, once one is seen

    def __iter__(self) -> Iterator[Numbered]:
        for line in self.lines:
            if not self.text and line[1].strip():
                self.text = line[0]
            yield line


def _refuse_damaged(lines: Lines, elements: TopElements, read: ReadHand) -> ReadHand:
    """The hand, or refused if a line of its element held bytes that were not text."""
    return lines.refuse_damaged(read, elements.lines_from(read.line))


def merge_hands(text: str | bytes) -> list[ReadHand]:
    """``merge_records``, each record then followed through the engine (``badugi.histories.follow``).

    A hand that follows has ``hand`` (the settled ``FollowedHand``); one the
    rules refuse keeps its ``record`` and has the follower's ``error``.

    Raises:
        HandHistoryError: ``text`` is not text.
    """
    return [follow_read(read) for read in merge_records(text)]


def _read_game(game: Node, description: Node | None, lines: TopElements) -> ReadHand:
    label = _label(game)
    try:
        record = HandReader(game, description, label).record()
    except Skip as skip:
        return ReadHand(line=game.line, label=label, skipped=str(skip))
    except Refusal as refusal:
        return ReadHand(
            line=game.line, label=label, error=_error(label, lines, refusal.line, refusal.message)
        )
    except ValueError as exc:  # a number too long for int(), say: that hand, not the file
        return ReadHand(
            line=game.line, label=label, error=_error(label, lines, game.line, value_message(exc))
        )
    return ReadHand(line=game.line, label=label, record=record)


def _label(game: Node) -> str:
    number = game.get("id")
    return f"Merge hand #{number}" if number else f"Merge hand at line {game.line}"


def _error(label: str, lines: TopElements, line: int, message: str) -> HandHistoryError:
    shown = lines.text_of(line).strip()
    return HandHistoryError(
        cut(f"{label}, line {line} ({quote_line(shown)}): {message}"),
        label=label,
        line=line,
        text=shown or None,
    )


def _file_error(lines: TopElements, line: int, message: str) -> ReadHand:
    label = "Merge file"
    return ReadHand(line=line, label=label, error=_error(label, lines, line, message))
