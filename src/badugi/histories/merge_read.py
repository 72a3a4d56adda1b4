"""The Merge network's XML hand histories (Carbon Poker, Lock Poker, ...) of Badugi, as ``HandRecord`` values.

``merge_records(text)`` reads a file of hands; each ``<game>`` becomes a
``ReadHand``: a record, ``skipped`` (another game, no limit, a cancelled
hand) or ``error`` (naming the hand and the line of the element, as the XML
parser counts lines). One bad hand, even one that is not well-formed XML,
loses only itself (see ``_merge_xml``).

The format is scarcely documented. What follows was learned from the
trackers that read it (FPDB's ``MergeToFpdb.py`` and its sample files, the
HandHistories C# parser); no hand was seen from Merge itself. What was seen::

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
  (``date|table|table id or tournament id|hand id|...``: the table, and for a
  tournament its number, the part of the third field before a ``-``).
* ``<players dealer="N">``: the button is the seat numbered N (a dead button
  on an empty seat: the last dealt-in player before it); ``<player>`` with
  ``seat`` (Merge counts seats from 0; the record keeps that number),
  ``nickname``, ``balance`` (``$`` and ``,`` dropped), ``dealtin="false"``
  (not dealt in: left out). Events name a player by seat number.
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
  fold (as FPDB reads it); everywhere else it is table noise.
* Draws: ``DRAW`` with ``text`` the number of cards thrown (0: stands pat;
  ``STAND_PAT`` is taken as 0 too, unseen). The hero's new hand is the
  round's ``DRAW_DRAWN_CARDS``: the cards thrown are the old hand's cards not
  in it, the received ones the new hand's cards not in the old.
* ``SHOWDOWN``: ``SHOW`` with the round's ``SHOWN`` cards; ``MUCK`` concedes
  (with ``MUCKED`` cards if any). In ``END_OF_FOLDED_GAME`` the ``MUCK`` of the
  last player is the winner not showing, and is passed over.
* ``<winner>``: ``amount``, ``potnumber``, ``player``, ``uncalled``. In every
  hand seen a winner's amount *includes* its own uncalled bet back (and is net
  of the rake), with ``uncalled="false"``; a winner with ``uncalled="true"``
  (seen once: the whole amount was the uncalled blind) is the bet returned.
  So without an ``uncalled="true"`` winner the reader works the uncalled bet
  out (the most anyone put in over the next most) and takes it off that
  player's winner of the highest pot number. The rake is then what went in
  less what came out: Merge does not state it, nor the total pot.
* Table noise, understood and ignored: ``CHAT`` (its player is a name),
  ``SIT_IN``, ``SITTING_OUT``, ``JOIN``, ``LEAVE``, ``PLAYER_OUT``,
  ``DISCONNECTED``, ``RECONNECTED``, ``TIMEOUT``; card elements of type
  ``COMMUNITY``. ``GAME_CANCELLED`` (an event or a round) skips the hand.

Amounts: a ring game's in whole cents (``Decimal``, never a float), real
money in ``USD`` (Merge's only currency, as FPDB and HandHistories assume),
play money as ``currency="play"`` in hundredths; a tournament's in whole
chips. In a tournament the balance is taken to be *after* the hand's antes
and blinds (FPDB adds them back; a sample with a 0.00 balance and an all-in
blind bears it out), so they are added back here.

The table's blinds are the hand's first full (not all-in) posts, else the
stakes'. A fixed-limit tournament's bets are its big blind and twice it
when one is posted (a file has one description at the top, which cannot
follow the levels), else the stakes' pair.

Unsure, and read the most plausible way: the stakes of a fixed-limit
tournament (taken, like a ring game's, as the bets), the pair in a
half-pot-limit ante game's stakes (``$0.50/$0.50``: with no blinds posted,
the second is the smallest bet), ``RETURN_BLIND``, ``COMPLETE``, the old
format's raises, and the ``<session>`` root.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any

from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.errors import HandHistoryError
from badugi.histories._merge_xml import Broken, Node, Refused, top_elements
from badugi.histories._text import cut, decode, lines_of, quote_line
from badugi.histories.follow import follow
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step

__all__ = ["merge_hands", "merge_records"]

SOURCE = "Merge"
_NOISE = frozenset(
    {
        "CHAT",
        "SIT_IN",
        "SITTING_OUT",
        "JOIN",
        "LEAVE",
        "PLAYER_OUT",
        "DISCONNECTED",
        "RECONNECTED",
        "TIMEOUT",
    }
)
_DRAWS = {"FIRST_DRAW": 1, "SECOND_DRAW": 2, "THIRD_DRAW": 3}
_BETTING = {"PRE_FIRST_DRAW": 0, "POST_FIRST_DRAW": 1, "POST_SECOND_DRAW": 2, "POST_THIRD_DRAW": 3}
_ENDS = frozenset({"SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"})
_STAKES = re.compile(r"\$?([0-9][0-9,]*(?:\.[0-9]+)?)\s*/\s*\$?([0-9][0-9,]*(?:\.[0-9]+)?)")
_CARD = re.compile(r"(10|[2-9TJQKA])([cdhs])", re.IGNORECASE)
#: Before this start time a RAISE's amount was what it added (FPDB's "addCallandRaise" format).
_RAISE_TO_SINCE = "20100908000000"


class _Refusal(Exception):
    """A hand the reader cannot understand: the element's line and why."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class _Skip(Exception):
    """A hand of another game (or none: cancelled)."""


def merge_records(text: str | bytes) -> list[ReadHand]:
    """Every hand of a Merge XML hand-history file, in file order.

    Args:
        text: the file's text, or its bytes (UTF-8 with or without a BOM, or UTF-16).

    Returns:
        A ``ReadHand`` per ``<game>``: with its ``record``, or ``skipped`` (another
        game), or ``error`` (a ``HandHistoryError`` naming the hand and the line).
        ``hand`` is left None: ``badugi.histories.follow`` plays a record.

    Raises:
        HandHistoryError: ``text`` is not text (not a str or bytes, or not UTF-8/UTF-16).
    """
    lines = lines_of(decode(text, SOURCE))
    read: list[ReadHand] = []
    description: Node | None = None
    for item in top_elements("\n".join(lines)):
        if isinstance(item, Refused):
            return [_file_error(lines, item.line, item.reason)]
        if isinstance(item, Broken):
            if item.node.tag == "game":
                label = _label(item.node)
                error = _error(label, lines, item.line, item.reason)
                read.append(ReadHand(line=item.node.line, label=label, error=error))
            elif item.node.tag == "description":
                description = None  # a broken description says nothing for the hands after it
                read.append(_file_error(lines, item.line, item.reason))
            else:
                read.append(_file_error(lines, item.line, item.reason))
        elif item.tag == "description":
            description = item
        elif item.tag == "game":
            read.append(_read_game(item, description, lines))
    if not read and any(line.strip() for line in lines):
        read.append(_file_error(lines, 1, "no <game> element: not a Merge hand history"))
    return read


def merge_hands(text: str | bytes) -> list[ReadHand]:
    """``merge_records``, each record then followed through the engine (``badugi.histories.follow``).

    A hand that follows has ``hand`` (the settled ``FollowedHand``); one the
    rules refuse keeps its ``record`` and has the follower's ``error``.

    Raises:
        HandHistoryError: ``text`` is not text.
    """
    followed: list[ReadHand] = []
    for read in merge_records(text):
        done = read
        if read.record is not None:
            try:
                done = dataclasses.replace(read, hand=follow(read.record))
            except HandHistoryError as exc:
                done = dataclasses.replace(read, error=exc)
        followed.append(done)
    return followed


def _read_game(game: Node, description: Node | None, lines: Sequence[str]) -> ReadHand:
    label = _label(game)
    try:
        record = _HandReader(game, description, label).record()
    except _Skip as skip:
        return ReadHand(line=game.line, label=label, skipped=str(skip))
    except _Refusal as refusal:
        return ReadHand(
            line=game.line, label=label, error=_error(label, lines, refusal.line, refusal.message)
        )
    return ReadHand(line=game.line, label=label, record=record)


def _label(game: Node) -> str:
    number = game.get("id")
    return f"Merge hand #{number}" if number else f"Merge hand at line {game.line}"


def _error(label: str, lines: Sequence[str], line: int, message: str) -> HandHistoryError:
    shown = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return HandHistoryError(cut(f"{label}, line {line} ({quote_line(shown)}): {message}"))


def _file_error(lines: Sequence[str], line: int, message: str) -> ReadHand:
    label = "Merge file"
    return ReadHand(line=line, label=label, error=_error(label, lines, line, message))


@dataclass
class _Stakes:
    """What the description says: the structure, the two numbers of the stakes, a tournament or not."""

    kind: str
    numbers: tuple[Decimal, Decimal] | None
    tournament: bool


def _stakes(description: Node | None, game: Node) -> _Stakes:
    if description is None:
        raise _Refusal(game.line, "no <description> before the hand: its game and stakes are unknown")
    kind = (description.get("type") or "").strip()
    tournament = kind.endswith(" Tournament")
    name = kind.removesuffix(" Tournament").strip()
    if name != "Badugi":
        raise _Skip(f"{name or 'an unnamed game'} is not Badugi")
    stakes = (description.get("stakes") or "").strip()
    structure = next(
        (
            name
            for prefix, name in (
                ("Half Pot Limit", "half_pot"),
                ("Pot Limit", "pot"),
                ("No Limit", "no_limit"),
                ("Limit", "fixed"),
            )
            if stakes.startswith(prefix)
        ),
        None,
    )
    if structure is None:
        raise _Refusal(description.line, f"stakes {stakes!r}: not Limit, Pot Limit or Half Pot Limit")
    if structure == "no_limit":
        raise _Skip("no-limit Badugi: the engine has no no-limit structure")
    match = _STAKES.search(stakes)
    numbers = None
    if match:
        numbers = (_decimal(match.group(1), description.line), _decimal(match.group(2), description.line))
    return _Stakes(structure, numbers, tournament)


def _decimal(text: str, line: int) -> Decimal:
    cleaned = text.strip().lstrip("$").replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise _Refusal(line, f"{text!r} is not an amount") from None
    if not value.is_finite() or value < 0:
        raise _Refusal(line, f"{text!r} is not an amount")
    return value


@dataclass
class _Round:
    """The betting of one round: each seat's total in it, and the bet to call."""

    bets: dict[int, int] = field(default_factory=dict)
    current: int = 0


class _HandReader:
    """Reads one ``<game>`` element into a record."""

    def __init__(self, game: Node, description: Node | None, label: str) -> None:
        self.game = game
        self.label = label
        self.stakes = _stakes(description, game)
        self.cents = not self.stakes.tournament
        self.steps: list[Step] = []
        self.put_in: dict[int, int] = {}  # every chip each engine seat put in the pot
        self.betting = _Round()
        self.folded: set[int] = set()
        self.dealt = False
        self.hero: int | None = None
        self.hero_cards: tuple[str | None, ...] = ()
        self.posts: list[tuple[str, int, int]] = []  # (kind, engine seat, amount) of the BLINDS round
        self.full_blinds: dict[str, int] = {}
        # An all-in blind of 0.00 in a tournament: (its step's index, its post's index, its event).
        self.unknown_blind: tuple[int, int, Node] | None = None
        starttime = game.get("starttime") or ""
        self.raise_adds = starttime[:14].isdigit() and starttime[:14] < _RAISE_TO_SINCE

    # -- amounts and seats ------------------------------------------------------------

    def amount(self, text: str | None, line: int, what: str = "amount") -> int:
        if text is None:
            raise _Refusal(line, f"no {what}")
        value = _decimal(text, line)
        scaled = value * 100 if self.cents else value
        if scaled != scaled.to_integral_value():
            unit = "cent" if self.cents else "chip"
            raise _Refusal(line, f"{text!r} is not a whole number of {unit}s")
        return int(scaled)

    def seat_of(self, node: Node) -> int:
        """The engine seat of the player an element names by its room seat number."""
        text = node.get("player")
        if text is None or not text.strip().isdigit():
            raise _Refusal(node.line, f"player {text!r} is not a seat number")
        seat = self.index.get(int(text))
        if seat is None:
            raise _Refusal(node.line, f"seat {text} is not a player dealt into the hand")
        return seat

    # -- the hand -----------------------------------------------------------------

    def record(self) -> HandRecord:
        game = self.game
        rounds = [child for child in game.children if child.tag == "round"]
        if any(r.get("id") == "GAME_CANCELLED" for r in rounds) or any(
            e.get("type") == "GAME_CANCELLED" for r in rounds for e in r.children
        ):
            raise _Skip("the hand was cancelled")  # before the players: a cancelled hand may deal nobody in
        self.read_players()
        for node in rounds:
            self.read_round(node)
        if not self.dealt:
            self.deal(game.line)
        if self.unknown_blind is not None:
            self.size_unknown_blind(rounds)
        returned, collects = self.read_winners(rounds)
        self.steps.extend(returned)
        self.steps.extend(collects)
        rake = sum(self.put_in.values()) - sum(s.amount or 0 for s in returned + collects)
        if rake < 0:
            first = (returned + collects)[0].line
            raise _Refusal(first, "the winners take more than was put in the pot")
        return HandRecord(
            source=SOURCE,
            label=self.label,
            players=tuple(self.players),
            button=self.button,
            structure=self.structure(),
            blinds=self.blinds(),
            steps=tuple(self.steps),
            ante=max((amount for kind, _, amount in self.posts if kind == "ante"), default=0),
            rake=rake,
            total_pot=None,
            line=game.line,
            fields=MappingProxyType(self.fields()),
        )

    def read_players(self) -> None:
        holder = next((c for c in self.game.children if c.tag == "players"), None)
        if holder is None:
            raise _Refusal(self.game.line, "no <players>")
        seated: list[tuple[int, str, str | None, int]] = []
        for node in holder.children:
            if node.tag != "player" or (node.get("dealtin") or "true").strip().lower() == "false":
                continue
            seat, name = node.get("seat"), node.get("nickname")
            if seat is None or not seat.strip().isdigit():
                raise _Refusal(node.line, f"seat {seat!r} is not a seat number")
            if not name:
                raise _Refusal(node.line, "a player with no nickname")
            seated.append((int(seat), name, node.get("balance"), node.line))
        seated.sort()
        if len({seat for seat, *_ in seated}) != len(seated):
            raise _Refusal(holder.line, "two players in one seat")
        if len(seated) < 2:
            raise _Refusal(holder.line, f"{len(seated)} player(s) dealt in: a hand needs two")
        self.index = {seat: number for number, (seat, *_) in enumerate(seated)}
        self.balances = [self.amount(balance, line, "balance") for _, _, balance, line in seated]
        self.names = [name for _, name, _, _ in seated]
        self.seats = [seat for seat, *_ in seated]
        dealer = holder.get("dealer")
        if dealer is None or not dealer.strip().isdigit():
            raise _Refusal(holder.line, f"dealer {dealer!r} is not a seat number")
        # A dead button: the engine's button is the last dealt-in player before the seat.
        before = [number for number, seat in enumerate(self.seats) if seat <= int(dealer)]
        self.button = before[-1] if before else len(self.seats) - 1

    @property
    def players(self) -> list[RecordedPlayer]:
        stacks = list(self.balances)
        if self.stakes.tournament:
            # A tournament's balance is after this hand's antes and blinds (see the module).
            for _, seat, amount in self.posts:
                stacks[seat] += amount
        return [RecordedPlayer(n, s, seat) for n, s, seat in zip(self.names, stacks, self.seats, strict=True)]

    def add(self, kind: str, node: Node, seat: int, **values: Any) -> None:
        self.steps.append(Step(kind, seat, line=node.line, **values))

    def put(self, seat: int, chips: int) -> None:
        self.put_in[seat] = self.put_in.get(seat, 0) + chips

    # -- rounds -----------------------------------------------------------------

    def read_round(self, node: Node) -> None:
        name = node.get("id") or ""
        if name == "BLINDS":
            for event in self.events(node):
                self.read_post(event)
        elif name in _BETTING:
            if _BETTING[name] == 0:
                self.deal(node.line, node)
            else:
                self.betting = _Round()
            for event in self.events(node, betting=True):
                self.read_bet(event)
        elif name in _DRAWS:
            self.add("draw_round", node, 0, count=_DRAWS[name])
            for event in self.events(node):
                self.read_draw(event, node)
        elif name in _ENDS:
            self.read_end(node, showdown=name == "SHOWDOWN")
        else:
            raise _Refusal(node.line, f"round {name!r} is not a round of a draw game")

    def events(self, node: Node, betting: bool = False) -> list[Node]:
        """The round's events that are play, not table noise."""
        play = []
        for event in node.children:
            if event.tag != "event":
                continue
            kind = event.get("type") or ""
            if kind in _NOISE:
                continue
            if kind == "SIT_OUT":
                # A player still in who sits out once play is under way is folded (as FPDB reads it).
                player = event.get("player") or ""
                seat = self.index.get(int(player)) if player.isdigit() else None
                if not betting or seat is None or not self.dealt or seat in self.folded:
                    continue
            play.append(event)
        return play

    def read_post(self, event: Node) -> None:
        kind = event.get("type")
        seat = self.seat_of(event)
        amount = self.amount(event.get("amount"), event.line)
        posted = {k for k, _, _ in self.posts}
        if kind == "ANTE":
            self.add("ante", event, seat, amount=amount)
            self.posts.append(("ante", seat, amount))
            self.put(seat, amount)
            return
        all_in = None
        if kind == "ALL_IN":
            kind = "BIG_BLIND" if "small_blind" in posted else "SMALL_BLIND"
            all_in = True
            if amount == 0 and self.stakes.tournament:
                # The balance is after the posts: the blind's size is unknown until the winners.
                if self.unknown_blind is not None:
                    raise _Refusal(event.line, "two all-in blinds of 0.00: their sizes cannot be told apart")
                self.unknown_blind = (len(self.steps), len(self.posts), event)
        if kind == "SMALL_BLIND":
            self.blind("small_blind", event, seat, amount, all_in)
        elif kind == "BIG_BLIND":
            self.blind("big_blind", event, seat, amount, all_in)
        elif kind == "INITIAL_BLIND":
            self.blind("live_blind", event, seat, amount, all_in)
        elif kind == "RETURN_BLIND":
            self.return_blind(event, seat, amount)
        else:
            raise _Refusal(event.line, f"{kind!r} is not a post of the blinds round")

    def blind(self, kind: str, event: Node, seat: int, amount: int, all_in: bool | None) -> None:
        self.add(kind, event, seat, amount=amount, all_in=all_in)
        self.posts.append((kind, seat, amount))
        if not all_in:
            # The table's blinds are the first full posts: an all-in one may be short.
            self.full_blinds.setdefault(kind, amount)
        self.put(seat, amount)
        round_ = self.betting
        round_.bets[seat] = round_.bets.get(seat, 0) + amount
        round_.current = max(round_.current, round_.bets[seat])
        if kind == "big_blind" and all_in:
            # A big blind all in for less still makes the bet to call the full blind.
            round_.current = max(round_.current, self.table_blinds()[1] or 0)

    def return_blind(self, event: Node, seat: int, amount: int) -> None:
        small, big = self.table_blinds()
        if big is not None and small is not None and amount == small + big:
            self.blind("live_blind", event, seat, big, None)
            self.add("dead_blind", event, seat, amount=small)
            self.posts.append(("dead_blind", seat, small))
            self.put(seat, small)
        elif big is not None and amount == big:
            self.blind("live_blind", event, seat, amount, None)
        else:
            self.add("dead_blind", event, seat, amount=amount)
            self.posts.append(("dead_blind", seat, amount))
            self.put(seat, amount)

    def deal(self, line: int, node: Node | None = None) -> None:
        """The deal: the hero's cards from the first round's HOLE element, the others unknown."""
        self.dealt = True
        written = (self.game.get("numholecards") or "").strip()
        size = int(written) if written.isdigit() else 4
        hole = None
        if node is not None:
            hole = next((c for c in node.children if c.tag == "cards" and c.get("type") == "HOLE"), None)
        if hole is not None:
            self.hero = self.seat_of(hole)
            self.hero_cards = self.cards(hole)
        for seat in range(len(self.seats)):
            if seat == self.hero and hole is not None:
                self.steps.append(Step("deal", seat, cards=self.hero_cards, line=hole.line))
            else:
                self.steps.append(Step("deal", seat, cards=(None,) * size, line=line))

    def cards(self, node: Node) -> tuple[str | None, ...]:
        text = node.get("cards") or ""
        shown: list[str | None] = []
        for written in text.split(","):
            part = written.strip()
            if part.lower() in ("", "null", "xx"):
                shown.append(None)
                continue
            match = _CARD.fullmatch(part)
            if match is None:
                raise _Refusal(node.line, f"{part!r} is not a card")
            rank = "T" if match.group(1) == "10" else match.group(1).upper()
            shown.append(rank + match.group(2).lower())
        return tuple(shown)

    def read_bet(self, event: Node) -> None:
        kind = event.get("type") or ""
        seat = self.seat_of(event)
        round_ = self.betting
        before = round_.bets.get(seat, 0)
        if kind in ("FOLD", "SIT_OUT"):
            self.folded.add(seat)
            self.add("fold", event, seat)
            return
        if kind == "CHECK":
            self.add("check", event, seat)
            return
        if kind not in ("CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"):
            raise _Refusal(event.line, f"{kind!r} is not an action of a betting round")
        amount = self.amount(event.get("amount"), event.line)
        if kind == "CALL":
            total = before + amount
            self.add("call", event, seat, amount=amount)
        elif kind == "ALL_IN":
            total = before + amount
            if total <= round_.current:
                self.add("call", event, seat, amount=amount, all_in=True)
            else:
                self.add("bet" if round_.current == 0 else "raise", event, seat, amount=total, all_in=True)
        else:
            total = before + amount if kind == "RAISE" and self.raise_adds else amount
            if total <= before:
                raise _Refusal(event.line, f"a {kind.lower()} to {total}, not above the {before} already in")
            self.add("bet" if round_.current == 0 else "raise", event, seat, amount=total)
        self.put(seat, total - before)
        round_.bets[seat] = total
        round_.current = max(round_.current, total)

    def read_draw(self, event: Node, round_node: Node) -> None:
        kind = event.get("type") or ""
        seat = self.seat_of(event)
        if kind == "STAND_PAT":
            count = 0
        elif kind == "DRAW":
            text = (event.get("text") or "").strip()
            if not text.isdigit():
                raise _Refusal(event.line, f"a draw of {text!r} cards")
            count = int(text)
        else:
            raise _Refusal(event.line, f"{kind!r} is not an action of a draw")
        player = event.get("player")
        drawn = next(
            (
                c
                for c in round_node.children
                if c.tag == "cards" and c.get("type") == "DRAW_DRAWN_CARDS" and c.get("player") == player
            ),
            None,
        )
        if seat != self.hero or drawn is None or count == 0 or None in self.hero_cards:
            self.add("draw", event, seat, count=count)
            if drawn is not None and seat == self.hero:
                self.hero_cards = self.cards(drawn)
            return
        new = self.cards(drawn)
        thrown = tuple(card for card in self.hero_cards if card not in new)
        received = tuple(card for card in new if card not in self.hero_cards)
        if len(thrown) != count or len(received) != count:
            raise _Refusal(
                drawn.line, f"the new hand changes {len(thrown)} card(s) of the old, the draw {count}"
            )
        self.hero_cards = new
        self.add("draw", event, seat, count=count, cards=thrown, received=received)

    def read_end(self, node: Node, showdown: bool) -> None:
        shown = {
            (c.get("type"), c.get("player")): c
            for c in node.children
            if c.tag == "cards" and c.get("type") in ("SHOWN", "MUCKED")
        }
        told: set[str | None] = set()
        for event in self.events(node):
            kind = event.get("type")
            if kind == "SHOW":
                seat = self.seat_of(event)
                cards = shown.get(("SHOWN", event.get("player")))
                told.add(event.get("player"))
                self.add("show", event, seat, cards=self.cards(cards) if cards is not None else ())
            elif kind == "MUCK":
                seat = self.seat_of(event)
                if not showdown:
                    continue  # the last player in, not showing: no concession
                cards = shown.get(("MUCKED", event.get("player")))
                self.add("muck", event, seat, cards=self.cards(cards) if cards is not None else ())
            elif kind in ("FOLD", "CHECK", "CALL", "BET", "RAISE", "ALL_IN"):
                raise _Refusal(event.line, f"a {kind} after the betting")
            else:
                raise _Refusal(event.line, f"{kind!r} is not an event of the showdown")
        for (kind, player), cards in shown.items():
            if kind == "SHOWN" and player not in told:
                self.add("show", cards, self.seat_of(cards), cards=self.cards(cards))

    def read_winners(self, rounds: list[Node]) -> tuple[list[Step], list[Step]]:
        winners = [c for r in rounds for c in r.children if c.tag == "winner"]
        if not winners:
            raise _Refusal(self.game.line, "no <winner>: the hand does not end")
        returned: list[Step] = []
        collects: list[tuple[int, Node, int]] = []  # (pot number, element, amount)
        for node in winners:
            seat = self.seat_of(node)
            amount = self.amount(node.get("amount"), node.line)
            if (node.get("uncalled") or "").strip().lower() == "true":
                returned.append(Step("returned", seat, amount=amount, line=node.line))
            else:
                pot = node.get("potnumber") or "1"
                collects.append((int(pot) if pot.isdigit() else 1, node, amount))
        amounts = [amount for _, _, amount in collects]
        if not returned:
            returned = self.uncalled(collects, amounts)
        steps = [
            Step("collect", self.seat_of(node), amount=amount, line=node.line)
            for (_, node, _), amount in zip(collects, amounts, strict=True)
            if amount > 0
        ]
        return returned, steps

    def size_unknown_blind(self, rounds: list[Node]) -> None:
        """A tournament's all-in blind of 0.00 is what the winners took that nobody else put in.

        A tournament takes no rake, so the pots are exactly what went in (FPDB gives
        such hands up; the one sample seen adds up this way).
        """
        assert self.unknown_blind is not None
        step_index, post_index, event = self.unknown_blind
        paid = sum(
            self.amount(w.get("amount"), w.line) for r in rounds for w in r.children if w.tag == "winner"
        )
        size = paid - sum(self.put_in.values())
        step = self.steps[step_index]
        if size < 0:
            raise _Refusal(
                event.line, "an all-in blind of 0.00, and the winners take less than the rest put in"
            )
        self.steps[step_index] = Step(step.kind, step.seat, amount=size, all_in=True, line=step.line)
        kind, seat, _ = self.posts[post_index]
        self.posts[post_index] = (kind, seat, size)
        self.put(seat, size)

    def uncalled(self, collects: list[tuple[int, Node, int]], amounts: list[int]) -> list[Step]:
        """The bet nobody called, taken off the amount of its player's last winner (see the module)."""
        if len(self.put_in) < 1:
            return []
        ranked = sorted(self.put_in.items(), key=lambda item: item[1], reverse=True)
        top_seat, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        excess = top - second
        if excess <= 0:
            return []
        own = [i for i, (_, node, _) in enumerate(collects) if self.seat_of(node) == top_seat]
        if not own:
            line = collects[0][1].line if collects else self.game.line
            raise _Refusal(line, f"{self.names[top_seat]}'s uncalled {excess} is in no <winner>")
        last = max(own, key=lambda i: collects[i][0])
        if amounts[last] < excess:
            node = collects[last][1]
            raise _Refusal(node.line, f"the winner's amount is less than its uncalled bet of {excess}")
        amounts[last] -= excess
        return [Step("returned", top_seat, amount=excess, line=collects[last][1].line)]

    # -- the table -----------------------------------------------------------------

    def table_blinds(self) -> tuple[int | None, int | None]:
        """The regular blinds: this hand's full posts if made, else what the stakes say.

        The posts come first: a tournament's description, written once at the top of
        the file, does not follow its levels.
        """
        small = self.full_blinds.get("small_blind")
        big = self.full_blinds.get("big_blind")
        numbers = self.stakes.numbers
        if numbers is not None:
            first, second = (self.amount(str(n), self.game.line) for n in numbers)
            if self.stakes.kind == "fixed":
                big = big if big is not None else first
                small = small if small is not None else first // 2
            else:
                small = small if small is not None else first
                big = big if big is not None else second
        return small, big

    def blinds(self) -> tuple[int, int] | None:
        if not any(kind in ("small_blind", "big_blind", "live_blind") for kind, _, _ in self.posts):
            return None
        small, big = self.table_blinds()
        if small is None or big is None:
            return None
        return small, big

    def structure(self) -> Structure:
        numbers = self.stakes.numbers
        kind = self.stakes.kind
        if kind == "fixed":
            if numbers is None:
                raise _Refusal(self.game.line, "a fixed-limit hand whose stakes give no bets")
            small_bet, big_bet = (self.amount(str(n), self.game.line) for n in numbers)
            big_blind = self.full_blinds.get("big_blind")
            if self.stakes.tournament and big_blind is not None:
                # The level's big blind is the small bet: the file's one description may be levels behind.
                small_bet, big_bet = big_blind, 2 * big_blind
            # Merge did not cap the betting heads-up: a sample has a bet and five raises between two.
            return FixedLimit(small_bet, big_bet, uncapped_heads_up=True)
        min_bet = None
        if self.blinds() is None and numbers is not None:
            min_bet = self.amount(str(numbers[1]), self.game.line) or None
        return HalfPotLimit(min_bet) if kind == "half_pot" else PotLimit(min_bet)

    def fields(self) -> dict[str, Any]:
        game = self.game
        data = (game.get("data") or "").replace(":", "|").split("|")
        real = (game.get("realmoney") or "true").strip().lower() != "false"
        tournament = None
        if self.stakes.tournament and len(data) > 2:
            tournament = data[2].split("-")[0] or None
        fields: dict[str, Any] = {
            "hand": game.get("id"),
            "table": data[1].strip() if len(data) > 1 else None,
            "time": game.get("starttime"),
            "currency": None if self.stakes.tournament else ("USD" if real else "play"),
            "tournament": tournament,
            "real_money": real,
        }
        if (game.get("seats") or "").isdigit():
            fields["max_seats"] = int(game.get("seats") or 0)
        if self.hero is not None:
            fields["hero"] = self.names[self.hero]
        return fields
