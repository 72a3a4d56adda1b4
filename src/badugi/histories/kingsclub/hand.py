"""One KingsClub hand's lines as a ``HandRecord``: what the text says, nothing checked against the rules.

The reader understands the text: the header (the game and its bets), the
time, the table and its seats, the posts, the deal (``Dealt to`` every player
dealt in, the cards of the record's own player), the actions, the draws, the
shows and the summary. What the rules allow is ``follow``'s to check.

Two things KingsClub does not write, the reader takes from the summary's
nets (``Seat 3: Bob (928.25) +298.25``, what the hand won or lost each seat,
checked against the lines for every seat):

* the bet nobody called, given back without a line: what the seat that put
  in the most put in over what the next one did (its net says it got it back);
* the dead part of ``posts blind 44`` (a player coming in posts the big blind
  live and, when it missed the small blind too, that one dead): the line
  gives only the live blind, the net says what the seat put in.

A hand still in at the showdown that the record does not show is mucked
(it concedes). The reader refuses text it does not understand, or text at
odds with itself: a name not seated, a net that the lines do not give, a
stack after the hand that is not the stack before it plus its net.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from badugi.engine import FixedLimit
from badugi.errors import GameSetupError, HandHistoryError
from badugi.games import BADACEY, BADEUCY, BADUGI, Game
from badugi.histories._outcome import outcome
from badugi.histories._rake import rake_refusal
from badugi.histories._text import cut, quote_line
from badugi.histories.kingsclub import lines as grammar
from badugi.histories.kingsclub.event import Event
from badugi.histories.kingsclub.summary import Summary, settle_summary
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step, step_kind

__all__ = ["GAMES", "SOURCE", "read_hand"]

SOURCE = "KingsClub"
#: The games read, by the name KingsClub writes (it spells Badeucy "Badeucey").
GAMES: dict[str, Game] = {"Badugi": BADUGI, "Badeucey": BADEUCY, "Badeucy": BADEUCY, "Badacey": BADACEY}


class _Skip(Exception):
    """The hand is not one to read (another game, or cancelled): the message says why."""


@dataclass
class _Table:
    fields: dict[str, Any]
    small_bet: int = 0
    big_bet: int = 0
    button: int = 0
    seats: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (seat number, stack)


def read_hand(lines: Sequence[str], start: int, end: int, cap: int | None) -> ReadHand:
    """The hand of ``lines[start:end]`` (its first line a header) as a record, a skip, or an error."""
    header = grammar.HEADER.fullmatch(lines[start].strip())
    assert header is not None  # the file was cut at header lines
    label = f"{SOURCE} hand #{header.group('hand')[:30]}"
    return outcome(start, label, _HandReader(lines, start, end, label, cap).read, _Skip)


class _HandReader:  # one hand's lines, read in turn
    def __init__(self, lines: Sequence[str], start: int, end: int, label: str, cap: int | None) -> None:
        self.lines = lines
        self.start = start
        self.end = end
        self.label = label
        self.cap = cap
        self.at = start  # the line being read, from 0
        self.cents = True  # a cash game's amounts are dollars and cents; a tournament's, chips
        self.game = BADUGI
        self.events: list[Event] = []
        self.dealt: dict[str, tuple[str | None, ...]] = {}
        self.round: dict[str, int] = {}  # each name's total in this betting round
        self.betting_round = 0
        self.put_in: dict[str, int] = {}  # each name's chips in the pot, as the lines say
        self.summary = Summary()
        self.names_longest: list[str] = []
        self.rake_at: int | None = None  # the line of the summary's (last) rake

    # ---- the pieces of a line ----------------------------------------------------------------

    def fail(self, message: str, at: int | None = None) -> HandHistoryError:
        k = self.at if at is None else at
        text = self.lines[k].strip()
        return HandHistoryError(
            cut(f"{self.label}, line {k + 1} ({quote_line(text)}): {message}"),
            label=self.label,
            line=k + 1,
            text=text,
        )

    def amount(self, text: str) -> int:
        value = Decimal(text.replace(",", ""))
        if self.cents:
            value *= 100
        if value != value.to_integral_value():
            raise self.fail(
                f"the amount {text!r} is not a whole number of {'cents' if self.cents else 'chips'}"
            )
        return int(value)

    def money(self, amount: int) -> str:
        """An amount as the file writes it (``928.25``), for messages."""
        if not self.cents:
            return f"{amount:,}"
        whole, cents = divmod(amount, 100)
        return f"{whole:,}" + (f".{cents:02d}" if cents else "")

    def cards(self, text: str, size: int | None = None) -> tuple[str | None, ...]:
        found = text.split()
        bad = next((card for card in found if card != "X" and not grammar.CARD.fullmatch(card)), None)
        if bad is not None:
            raise self.fail(f"{bad!r} is not a card")
        if size is not None and len(found) != size:
            raise self.fail(f"{len(found)} cards, but a hand of {self.game.title} holds {size}")
        return tuple(None if card == "X" else card for card in found)

    def seated(self, name: str) -> str:
        if name not in self.table.seats:
            raise self.fail(f"{name!r} is not seated at the table")
        return name

    def put(self, name: str, amount: int) -> None:
        self.put_in[name] = self.put_in.get(name, 0) + amount

    # ---- the hand, part by part --------------------------------------------------------------

    def read(self) -> HandRecord:
        self.table = self.header()
        body = [(k, self.lines[k].strip()) for k in range(self.start + 1, self.end) if self.lines[k].strip()]
        k = self.head_lines(body)
        in_summary = False
        for at, line in body[k:]:
            self.at = at
            marker = grammar.ROUND.fullmatch(line)
            if marker and not in_summary:
                in_summary = self.marker(marker)
            elif in_summary:
                self.summary_line(line)
            else:
                self.line(line)
        last = body[-1][0] if body else self.start
        if not in_summary:
            raise self.fail("the hand stops before its summary (a truncated file?)", last)
        return self.record(last)

    def header(self) -> _Table:
        header = grammar.HEADER.fullmatch(self.lines[self.start].strip())
        assert header is not None
        game = GAMES.get(header.group("game"))
        where = f"{self.label} (line {self.start + 1}) is skipped"
        if header.group("limit") != "Limit" or game is None:
            shown = f"{header.group('limit')} {header.group('game')}"[:60]
            raise _Skip(f"{where}: {shown!r} is not fixed-limit Badugi, Badeucy or Badacey")
        self.game = game
        return _Table({"hand": int(header.group("hand")), "tournament": None})

    def head_lines(self, body: list[tuple[int, str]]) -> int:
        """The time, the table and the seats; returns where the hand's lines start in ``body``."""
        k = 0
        if k < len(body) and grammar.TIME.fullmatch(body[k][1]):
            self.table.fields["time"] = body[k][1]
            k += 1
        self.at = body[k][0] if k < len(body) else self.start
        table = grammar.TABLE.fullmatch(body[k][1]) if k < len(body) else None
        if table is None:
            raise self.fail("expected \"Table '...' Seat N is the button\"")
        name = table.group("table")
        tournament = grammar.TOURNAMENT_TABLE.fullmatch(name)
        if tournament:
            self.cents = False
            self.table.fields["tournament"] = int(tournament.group("tournament"))
        self.table.fields["table"] = name
        self.table.fields["currency"] = None if tournament else "USD"
        if table.group("max"):
            self.table.fields["max_seats"] = int(table.group("max"))
        self.table.button = int(table.group("button"))
        header = grammar.HEADER.fullmatch(self.lines[self.start].strip())
        assert header is not None
        self.at = self.start
        self.table.small_bet, self.table.big_bet = (
            self.amount(header.group("small")),
            self.amount(header.group("big")),
        )
        k += 1
        while k < len(body) and (seat := grammar.SEAT.fullmatch(body[k][1])):
            self.at = body[k][0]
            name, number = seat.group("name"), int(seat.group("seat"))
            if name in self.table.seats:
                raise self.fail(f"{name!r} is seated twice")
            if any(taken == number for taken, _ in self.table.seats.values()):
                raise self.fail(f"seat {number} is taken twice")
            self.table.seats[name] = (number, self.amount(seat.group("stack")))
            k += 1
        if not self.table.seats:
            raise self.fail(
                'expected the seats ("Seat 1: Name (1,285)")', body[k][0] if k < len(body) else None
            )
        self.names_longest = sorted(self.table.seats, key=len, reverse=True)
        return k

    def marker(self, marker: Any) -> bool:
        """A round's line; returns whether it starts the summary."""
        if marker.group("bet"):
            number = int(marker.group("bet"))
            if number != self.betting_round + 1:
                raise self.fail(f"betting round {number} follows round {self.betting_round}")
            self.betting_round = number
            self.round = {}
            return False
        if marker.group("draw"):
            self.events.append(Event("draw_round", "", self.at, count=int(marker.group("draw"))))
            return False
        return True

    def line(self, line: str) -> None:
        for name in self.names_longest:
            if line.startswith(name + ": "):
                rest = line[len(name) + 2 :]
                for kind, pattern in grammar.POSTS:
                    found = pattern.fullmatch(rest)
                    if found:
                        self.post(kind, name, found.group(1), bool(found.group(2)))
                        return
            if line.startswith(name + " "):
                rest = line[len(name) + 1 :]
                for kind, pattern in grammar.ACTIONS:
                    found = pattern.fullmatch(rest)
                    if found:
                        self.action(kind, name, found.groups())
                        return
        dealt = grammar.DEALT.fullmatch(line)
        if dealt:
            self.deal(self.seated(dealt.group("name")), dealt.group("cards"))
            return
        uncalled = grammar.UNCALLED.fullmatch(line)
        if uncalled:
            name = self.seated(uncalled.group(2))
            self.summary.returned[name] = self.summary.returned.get(name, 0) + self.amount(uncalled.group(1))
            return
        if line == "Hand cancelled":
            raise _Skip(f"{self.label} (line {self.start + 1}) is skipped: the hand was cancelled")
        if grammar.NOISE.fullmatch(line):
            return
        raise self.fail("a line not understood")

    def deal(self, name: str, cards: str) -> None:
        if name in self.dealt:
            raise self.fail(f"{name!r} is dealt twice")
        if not self.dealt:
            self.events.append(Event("deal", "", self.at))  # the deal stands where its first line does
        self.dealt[name] = self.cards(cards, self.game.hand_size)

    def post(self, kind: str, name: str, text: str, all_in: bool) -> None:
        amount = self.amount(text)
        if kind == "small_blind" and any(e.kind in ("small_blind", "big_blind") for e in self.events):
            kind = "dead_blind"  # a second small blind is posted dead
        elif kind == "big_blind" and any(e.kind == "big_blind" for e in self.events):
            kind = "live_blind"
        # "blind" (a player coming in): a live blind, and its dead part, if any, the summary's net tells.
        self.events.append(Event(kind, name, self.at, amount=amount, all_in=all_in))
        self.put(name, amount)
        if kind not in ("ante", "dead_blind"):
            self.round[name] = self.round.get(name, 0) + amount

    def action(self, kind: str, name: str, groups: tuple[str | None, ...]) -> None:
        if name not in self.dealt and kind not in ("show", "muck"):
            raise self.fail(f'{name!r} acts but is not dealt in (no "Dealt to {name}" line)')
        event = Event(kind, name, self.at)
        if kind in ("call", "bet", "raise"):
            total = self.amount(groups[0] or "")
            before = self.round.get(name, 0)
            if total < before:
                raise self.fail(f"{name!r} has {before} in the round already, more than {total}")
            event.all_in = bool(groups[1])
            event.amount = total - before if kind == "call" else total
            if kind == "bet" and any(self.round.values()):
                event.kind = "bet_or_raise"  # a first round's "bets" over the blinds: a raise by the rules
            self.round[name] = total
            self.put(name, total - before)
        elif kind == "draws":
            count = int((groups[0] or "0")[:3])
            event.kind, event.count = "draw", count
        elif kind == "discards":
            thrown, received = self.cards(groups[0] or ""), self.cards(groups[1] or "")
            if len(thrown) != len(received):
                raise self.fail(f"{name!r} throws {len(thrown)} cards and draws {len(received)}")
            event.kind, event.count, event.cards, event.received = "draw", len(thrown), thrown, received
        elif kind == "pat":
            event.kind, event.count = "draw", 0
        elif kind in ("show", "muck"):
            self.seated(name)
            event.cards = self.cards(groups[0]) if groups[0] else ()
        self.events.append(event)

    def summary_line(self, line: str) -> None:
        net = grammar.NET.fullmatch(line)
        if net:
            name = self.seated(net.group("name"))
            number, stack = self.table.seats[name]
            if number != int(net.group("seat")):
                raise self.fail(f"{name!r} is seated at seat {number}, not {net.group('seat')}")
            if name in self.summary.nets:
                raise self.fail(f"{name!r} has two lines in the summary")
            sign = -1 if net.group("net").startswith("-") else 1
            change = sign * self.amount(net.group("net").lstrip("+-"))
            if stack + change != self.amount(net.group("stack")):
                raise self.fail(
                    f"{name!r} had {stack} and the hand changed it by {change}, not to this stack"
                )
            self.summary.nets[name] = (change, self.at)
            return
        rake = grammar.RAKE.fullmatch(line)
        if rake:
            self.summary.rake += self.amount(rake.group(1))
            self.rake_at = self.at
            return
        wins = grammar.WINS.fullmatch(line)
        if wins and wins.group("name") in self.table.seats:
            self.events.append(
                Event("collect", wins.group("name"), self.at, amount=self.amount(wins.group("amount")))
            )
            return
        if grammar.UNCALLED.fullmatch(line) or grammar.NOISE.fullmatch(line):
            self.line(line)
            return
        raise self.fail("a summary line not understood")

    # ---- the record --------------------------------------------------------------------------

    def record(self, last: int) -> HandRecord:
        if not self.dealt:
            raise self.fail('the hand deals nobody in (no "Dealt to" line)', last)
        dealt_in = sorted(self.dealt, key=lambda name: self.table.seats[name][0])
        before = [k for k, name in enumerate(dealt_in) if self.table.seats[name][0] <= self.table.button]
        button = before[-1] if before else len(dealt_in) - 1
        events = self.concede(self.events)
        try:
            events = settle_summary(self.summary, events, self.put_in, dealt_in, self.money)
        except ValueError as exc:
            at = exc.args[1] if len(exc.args) > 1 else last
            raise self.fail(str(exc.args[0]), at) from None
        if self.rake_at is not None:
            # The pot as a room's "Total pot" counts it: what the winners took, and the rake.
            pot = sum(e.amount or 0 for e in events if e.kind == "collect") + self.summary.rake
            wrong = rake_refusal(self.summary.rake, pot)
            if wrong is not None:
                raise self.fail(wrong, self.rake_at)
        steps = self.steps(events, dealt_in, button)
        table = self.table
        try:
            structure = FixedLimit(table.small_bet, table.big_bet, cap=self.cap)
        except GameSetupError as exc:
            raise self.fail(f"the stakes cannot be played: {exc}", self.start) from None
        return HandRecord(
            source=SOURCE,
            label=self.label,
            players=tuple(
                RecordedPlayer(name, table.seats[name][1], table.seats[name][0]) for name in dealt_in
            ),
            button=button,
            structure=structure,
            blinds=_blinds(events, table.small_bet),
            steps=tuple(steps),
            ante=max((e.amount or 0 for e in events if e.kind == "ante" and not e.all_in), default=0),
            game=self.game,
            rake=self.summary.rake,
            line=self.start + 1,
            fields=MappingProxyType(table.fields),
        )

    def concede(self, events: list[Event]) -> list[Event]:
        """The events, with a muck for each hand still in at a showdown that the record does not show."""
        shown = {e.name for e in events if e.kind in ("show", "muck")}
        folded = {e.name for e in events if e.kind == "fold"}
        if not shown:
            return events
        first_collect = next((k for k, e in enumerate(events) if e.kind == "collect"), len(events))
        mucks = [
            Event("muck", name, events[first_collect - 1].line)
            for name in sorted(self.dealt, key=lambda n: self.table.seats[n][0])
            if name not in shown and name not in folded
        ]
        return events[:first_collect] + mucks + events[first_collect:]

    def steps(self, events: list[Event], dealt_in: list[str], button: int) -> list[Step]:
        seat_of = {name: k for k, name in enumerate(dealt_in)}
        steps: list[Step] = []
        for event in events:
            if event.kind == "deal":
                n = len(dealt_in)
                for k in range(n):
                    seat = (button + 1 + k) % n
                    steps.append(Step("deal", seat, cards=self.dealt[dealt_in[seat]], line=event.line + 1))
            elif event.kind == "draw_round":
                steps.append(Step("draw_round", 0, count=event.count, line=event.line + 1))
            else:
                if event.name not in seat_of:
                    raise self.fail(f"{event.name!r} is not dealt in", event.line)
                steps.append(
                    Step(
                        step_kind(event.kind),
                        seat_of[event.name],
                        event.amount,
                        event.cards,
                        event.received,
                        event.count,
                        event.all_in,
                        event.line + 1,
                    )
                )
        return steps


def _blinds(events: list[Event], small_bet: int) -> tuple[int, int] | None:
    """The table's blinds as the posts give them (a short all-in blind taken as the custom), or None."""
    posts = {e.kind: e for e in reversed(events) if e.kind in ("small_blind", "big_blind", "live_blind")}
    if not posts:
        return None
    small, big = posts.get("small_blind"), posts.get("big_blind")
    big_amount = (
        small_bet if big is None else max(big.amount or 0, small_bet) if big.all_in else big.amount or 0
    )
    if small is None:
        return 0, big_amount
    return (max(small.amount or 0, small_bet // 2) if small.all_in else small.amount or 0), big_amount
