"""One PokerStars hand's lines as a ``HandRecord``: what the text says, nothing checked against the rules.

The reader understands the text: the header and the stakes, the table and its
seats, each player's line (posts, bets, draws, shows), the dealt cards of the
one player PokerStars shows them to, the pots collected and the summary. What
the rules allow is ``follow``'s to check. The reader refuses only text it does
not understand, or text at odds with itself: a name that is not seated, a
``Dealt to`` after a draw that does not match the discard, a summary that
disagrees with the lines above it, a hand that stops before its summary.

Who is dealt in: every seated player but those the seat line marks ``is
sitting out`` or ``out of hand`` and who then play no line (a tournament
deals a sitting-out player in, and folds for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from badugi.engine import FixedLimit
from badugi.errors import GameSetupError, HandHistoryError
from badugi.histories._hand_names import wrong_hand_name
from badugi.histories._outcome import outcome
from badugi.histories._rake import rake_refusal
from badugi.histories._text import cut, quote_line
from badugi.histories.pokerstars import lines as grammar
from badugi.histories.pokerstars.record import HAND_SIZE, Event, seating, steps_of, table_ante, table_blinds
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer

__all__ = ["SOURCE", "read_hand"]

SOURCE = "PokerStars"
_GAME = "Badugi Limit"
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_DRAWS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}


@dataclass(frozen=True)
class _Header:
    hand: int
    small_bet: int
    big_bet: int
    fields: dict[str, Any]


class _Skip(Exception):
    """The hand is not one to read (another game, or cancelled): the message says why."""


def read_hand(lines: Sequence[str], start: int, end: int, cap: int | None) -> ReadHand:
    """The hand of ``lines[start:end]`` (its first line a header) as a record, a skip, or an error."""
    header = grammar.HEADER.fullmatch(lines[start].strip())
    assert header is not None  # the file was cut at header lines
    label = f"PokerStars hand #{header.group('hand')[:30]}"
    return outcome(start, label, _HandReader(lines, start, end, label, cap).read, _Skip)


class _HandReader:  # one hand's lines, read in turn
    def __init__(self, lines: Sequence[str], start: int, end: int, label: str, cap: int | None) -> None:
        self.lines = lines
        self.start = start
        self.end = end
        self.label = label
        self.cap = cap
        self.sign = ""  # the currency sign every amount carries ("" for chips)
        self.at = start  # the line being read, from 0
        self.events: list[Event] = []
        self.seats: dict[str, tuple[int, int, bool]] = {}  # name -> (seat number, stack, marked out)
        self.names_longest: list[str] = []
        self.round: dict[str, int] = {}  # each name's total in this betting round, as the lines say
        self.posted_big: int | None = None
        # Both blinds posted before the big blind: the live part is the small bet, the big blind
        # of fixed limit.
        self.small_bet = 0
        self.summary_won: dict[str, tuple[int, int]] = {}  # name -> (amount, line)
        self.totals: tuple[int, int] | None = None
        self.showdown: int | None = None  # where the showdown's events start
        self.held: dict[str, list[str]] = {}  # each hand the lines show whole, as it stands now

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
        sign = text[0] if text[0] in _SIGNS else ""
        if sign != self.sign:
            raise self.fail(f"the amount {text!r} is not written as the hand's stakes are")
        value = Decimal(text[len(sign) :].replace(",", ""))
        if sign:
            value *= 100  # cents
        if value != value.to_integral_value():
            raise self.fail(f"the amount {text!r} is not a whole number of {'cents' if sign else 'chips'}")
        return int(value)

    def cards(self, text: str) -> tuple[str, ...]:
        found = tuple(text.split())
        bad = next((card for card in found if not grammar.CARD.fullmatch(card)), None)
        if bad is not None:
            raise self.fail(f"{bad!r} is not a card")
        return found

    def seated(self, name: str) -> str:
        if name not in self.seats:
            raise self.fail(f"{name!r} is not seated at the table")
        return name

    # ---- the hand, part by part --------------------------------------------------------------

    def read(self) -> HandRecord:  # noqa: PLR0912 - the hand's parts in turn
        head = self.header()
        self.at = self.start + 1
        if self.at >= self.end or not self.lines[self.at].strip():
            raise self.fail("the hand stops after its first line (a truncated file?)", self.start)
        table = grammar.TABLE.fullmatch(self.lines[self.at].strip())
        if table is None:
            raise self.fail("expected \"Table '...' N-max Seat #N is the button\"")
        head.fields["table"] = table.group("table")
        head.fields["max_seats"] = int(table.group("max")) if table.group("max") else None
        if table.group("play"):
            head.fields["play_money"] = True
        body = [(k, self.lines[k].strip()) for k in range(self.at + 1, self.end) if self.lines[k].strip()]
        k = 0
        while k < len(body) and (seat := grammar.SEAT.fullmatch(body[k][1])):
            self.at = body[k][0]
            name = seat.group("name")
            if name in self.seats:
                raise self.fail(f"{name!r} is seated twice")
            if any(number == int(seat.group("seat")) for number, _, _ in self.seats.values()):
                raise self.fail(f"seat {seat.group('seat')} is taken twice")
            self.seats[name] = (
                int(seat.group("seat")),
                self.amount(seat.group("stack")),
                bool(seat.group("out")),
            )
            k += 1
        if not self.seats:
            raise self.fail(
                'expected the seats ("Seat 1: Name (1500 in chips)")', body[0][0] if body else None
            )
        self.names_longest = sorted(self.seats, key=len, reverse=True)
        street = ""
        for at, line in body[k:]:
            self.at = at
            moved = grammar.STREET.fullmatch(line)
            if moved:
                street = moved.group(1)
                self.street(street)
            elif street == "SUMMARY":
                self.summary_line(line)
            else:
                self.line(line)
        last = body[-1][0] if body else self.start
        if street != "SUMMARY":
            raise self.fail("the hand stops before its summary (a truncated file?)", last)
        if self.totals is None:
            raise self.fail('the summary has no "Total pot ... | Rake ..." line (a truncated file?)', last)
        return self.record(head, int(table.group("button")))

    def header(self) -> _Header:
        header = grammar.HEADER.fullmatch(self.lines[self.start].strip())
        assert header is not None
        rest = header.group("rest")
        fields: dict[str, Any] = {"hand": int(header.group("hand")), "tournament": None, "level": None}
        tournament = grammar.TOURNAMENT.fullmatch(rest)
        if tournament is not None:
            middle = tournament.group("middle").strip()
            game = _GAME if middle == _GAME or middle.endswith(" " + _GAME) else middle
            fields["tournament"] = int(tournament.group("tournament"))
            fields["level"] = tournament.group("level")
            fields["buyin"] = middle[: -len(_GAME)].strip() if game == _GAME else None
            stakes, time = tournament.group("stakes"), tournament.group("time")
        else:
            cash = grammar.CASH.fullmatch(rest)
            if cash is None:
                raise _Skip(
                    f"{self.label} (line {self.start + 1}) is skipped: {cut(rest)[:70]!r} is not a game read"
                )
            game, stakes, time = cash.group("game").strip(), cash.group("stakes"), cash.group("time")
            if ", " in stakes:  # a mixed game: "8-Game (Badugi Limit, $0.10/$0.20 USD)"
                fields["mix"] = game
                game, stakes = stakes.split(", ", 1)
        if game != _GAME:
            shown = game if len(game) <= 60 else game[:57] + "..."
            raise _Skip(
                f"{self.label} (line {self.start + 1}) is skipped: {shown!r} is not fixed-limit Badugi"
            )
        bets = grammar.STAKES.fullmatch(stakes)
        if bets is None:
            raise self.fail(f"the stakes {stakes!r} are not understood", self.start)
        self.at = self.start
        self.sign = bets.group("small")[0] if bets.group("small")[0] in _SIGNS else ""
        small_bet, big_bet = self.amount(bets.group("small")), self.amount(bets.group("big"))
        self.small_bet = small_bet
        fields["currency"] = bets.group("iso") or _SIGNS.get(self.sign) if self.sign else None
        fields["time"] = time
        return _Header(fields["hand"], small_bet, big_bet, fields)

    def street(self, street: str) -> None:
        if street == "DEALING HANDS":
            if any(e.kind == "deal" for e in self.events):
                raise self.fail("the cards are dealt twice")
            self.events.append(Event("deal", "", self.at))
        elif street in _DRAWS:
            self.round = {}
            self.events.append(Event("draw_round", "", self.at, count=_DRAWS[street]))
        elif street == "SHOW DOWN":
            self.showdown = len(self.events)
        elif street == "SUMMARY" and self.showdown is not None:
            # PokerStars tells each pot's winner after that pot's showdown (a side pot's before the
            # main pot's shows and mucks): the record states every show and muck, then the pots.
            shown = self.events[self.showdown :]
            rest = [e for e in shown if e.kind != "collect"]
            self.events[self.showdown :] = rest + [e for e in shown if e.kind == "collect"]

    def line(self, line: str) -> None:
        for name in self.names_longest:
            if line.startswith(name + ": "):
                rest = line[len(name) + 2 :]
                for kind, pattern in grammar.ACTIONS:
                    found = pattern.fullmatch(rest)
                    if found:
                        self.action(kind, name, found.groups())
                        return
        dealt = grammar.DEALT.fullmatch(line)
        if dealt:
            self.dealt(self.seated(dealt.group("name")), dealt.group("first"), dealt.group("second"))
            return
        uncalled = grammar.UNCALLED.fullmatch(line)
        if uncalled:
            name = self.seated(uncalled.group(2))
            self.events.append(Event("returned", name, self.at, amount=self.amount(uncalled.group(1))))
            return
        collected = grammar.COLLECTED.fullmatch(line)
        if collected and collected.group(1) in self.seats:
            amount = self.amount(collected.group(2))
            self.events.append(Event("collect", collected.group(1), self.at, amount=amount))
            return
        if line == "Hand cancelled":
            raise _Skip(f"{self.label} (line {self.start + 1}) is skipped: the hand was cancelled")
        if grammar.NOISE.fullmatch(line) or grammar.PLAYER_NOISE.fullmatch(line):
            return
        raise self.fail("a line not understood")

    def action(self, kind: str, name: str, groups: tuple[str | None, ...]) -> None:  # noqa: PLR0912
        all_in = (
            bool(groups[-1]) if kind in ("ante", "small", "big", "both", "call", "bet", "raise") else None
        )
        event = Event(kind, name, self.at, all_in=all_in)
        if kind in ("noise", "noshow"):
            return
        if kind == "ante":
            event.amount = self.amount(groups[0] or "")
        elif kind in ("small", "big"):
            event.amount = self.amount(groups[0] or "")
            first_big = not any(e.kind == "big_blind" for e in self.events)
            if kind == "big":
                event.kind = "big_blind" if first_big else "live_blind"
                if first_big and not all_in:
                    self.posted_big = event.amount
            else:
                first_small = first_big and not any(e.kind == "small_blind" for e in self.events)
                event.kind = "small_blind" if first_small else "dead_blind"
            if event.kind != "dead_blind":
                self.round[name] = self.round.get(name, 0) + event.amount
        elif kind == "both":
            total = self.amount(groups[0] or "")
            live = min(total, self.posted_big if self.posted_big is not None else self.small_bet)
            dead = total - live
            self.events.append(
                Event("live_blind", name, self.at, amount=live, all_in=bool(all_in and not dead))
            )
            self.round[name] = self.round.get(name, 0) + live
            if dead:
                self.events.append(Event("dead_blind", name, self.at, amount=dead, all_in=all_in))
            return
        elif kind == "fold":
            event.cards = self.cards(groups[0]) if groups[0] else ()
            if any(e.name == name and e.all_in for e in self.events):
                event.kind = "forfeit"  # a sitting-out seat's all-in hand, folded by the room
        elif kind == "call":
            event.amount = self.amount(groups[0] or "")
            self.round[name] = self.round.get(name, 0) + event.amount
        elif kind == "bet":
            event.amount = self.round.get(name, 0) + self.amount(groups[0] or "")
            self.round[name] = event.amount
        elif kind == "raise":
            event.amount = self.amount(groups[1] or "")
            self.round[name] = event.amount
        elif kind in ("discard", "pat"):
            self.draw_line(event, kind, groups)
        elif kind in ("show", "muck"):
            event.cards = self.cards(groups[0]) if groups[0] else ()
            wrong = wrong_hand_name(event.cards, groups[1] or "") if kind == "show" else None
            if wrong is not None:
                raise self.fail(wrong)
        self.events.append(event)

    def draw_line(self, event: Event, kind: str, groups: tuple[str | None, ...]) -> None:
        """A discard or a stand-pat: a ``draw`` of its count, with the cards where the line names them."""
        name = event.name
        event.kind = "draw"
        if kind == "discard":
            event.count = int((groups[0] or "0")[:3])
            if not event.count:
                raise self.fail("discards 0 cards: a player who throws none stands pat")
            if groups[1] is None:
                self.held.pop(name, None)  # its hand is not known from here on
                return
            event.cards = self.cards(groups[1])
            if len(event.cards) != event.count:
                raise self.fail(f"{len(event.cards)} cards are named for {event.count} discarded")
            return
        event.count = 0
        if groups[0] is not None:  # the hero's "stands pat on [...]": the hand it holds
            held = self.cards(groups[0])
            if name in self.held and sorted(held) != sorted(self.held[name]):
                raise self.fail(f"{name!r} stands pat on other cards than the lines above give it")
            self.held[name] = list(held)

    def dealt(self, name: str, first: str, second: str | None) -> None:
        draw_round = next(
            (k for k in range(len(self.events) - 1, -1, -1) if self.events[k].kind == "draw_round"), None
        )
        if draw_round is None:  # the deal
            if second is not None:
                raise self.fail("the deal is one set of cards")
            deal = next((e for e in self.events if e.kind == "deal"), None)
            if deal is None:
                raise self.fail('cards are dealt before "*** DEALING HANDS ***"')
            if any(e.kind == "deal_cards" and e.name == name for e in self.events):
                raise self.fail(f"{name!r} is dealt twice")
            self.events.append(Event("deal_cards", name, self.at, cards=self.cards(first)))
            self.held[name] = list(self.cards(first))
            return
        draw = next((e for e in self.events[draw_round:] if e.kind == "draw" and e.name == name), None)
        if draw is None or not draw.count:
            raise self.fail(f"{name!r} is dealt cards in a draw without discarding")
        if draw.received:
            raise self.fail(f"{name!r} is dealt twice in this draw")
        new = self.cards(second if second is not None else first)
        if len(new) != draw.count:
            raise self.fail(f"{len(new)} cards are dealt for {draw.count} discarded")
        draw.received = new
        held = self.held.pop(name, None)
        kept = list(self.cards(first)) if second is not None else None
        left = None if held is None or not draw.cards else [card for card in held if card not in draw.cards]
        if kept is not None and left is not None and sorted(kept) != sorted(left):
            # The line repeats the cards kept: the hand the lines above give, less the discard.
            raise self.fail(
                f"{name!r} keeps [{' '.join(kept)}], but holds [{' '.join(left)}] after its discard"
            )
        now = (kept if kept is not None else left or []) + list(new)
        if len(now) == HAND_SIZE:
            self.held[name] = now

    def summary_line(self, line: str) -> None:
        total = grammar.TOTAL.fullmatch(line)
        if total:
            self.totals = (self.amount(total.group(1)), self.amount(total.group(2)))
            wrong = rake_refusal(self.totals[1], self.totals[0])
            if wrong is not None:
                raise self.fail(wrong)
            return
        seat = grammar.SUMMARY_SEAT.fullmatch(line)
        if seat:
            name = self.seated(seat.group("name"))
            if self.seats[name][0] != int(seat.group("seat")):
                raise self.fail(f"{name!r} is seated at seat {self.seats[name][0]}, not {seat.group('seat')}")
            won = seat.group("won") or seat.group("collected")
            if won is not None:
                self.summary_won[name] = (self.amount(won), self.at)
            shown = seat.group("showed") or seat.group("mucked")
            if shown:
                self.summary_show(name, self.cards(shown))
            return
        if grammar.NOISE.fullmatch(line) or grammar.PLAYER_NOISE.fullmatch(line) or line.startswith("Board "):
            return
        raise self.fail("a summary line not understood")

    def summary_show(self, name: str, cards: tuple[str, ...]) -> None:
        before = [e for e in self.events if e.kind == "show" and e.name == name]
        if any(sorted(c or "" for c in e.cards) == sorted(cards) for e in before):
            return  # shown at the showdown already
        if before:
            raise self.fail(f"{name!r} showed other cards at the showdown")
        self.events.append(Event("show", name, self.at, cards=cards))

    # ---- the record --------------------------------------------------------------------------

    def record(self, head: _Header, button_number: int) -> HandRecord:
        dealt_in, button = seating(self.seats, self.events, button_number)
        self.check_summary()
        steps = steps_of(self.events, dealt_in, button)
        if not any(step.kind == "deal" for step in steps):
            raise self.fail('the hand has no "*** DEALING HANDS ***" line', self.end - 1)
        try:
            structure = FixedLimit(head.small_bet, head.big_bet, cap=self.cap)
        except GameSetupError as exc:
            raise self.fail(f"the stakes cannot be played: {exc}", self.start) from None
        assert self.totals is not None
        return HandRecord(
            source=SOURCE,
            label=self.label,
            players=tuple(
                RecordedPlayer(name, self.seats[name][1], self.seats[name][0]) for name in dealt_in
            ),
            button=button,
            structure=structure,
            blinds=table_blinds(self.events, head.small_bet, _small_blind_seat(dealt_in, button)),
            steps=tuple(steps),
            ante=table_ante(self.events),
            rake=self.totals[1],
            total_pot=self.totals[0],
            line=self.start + 1,
            fields=MappingProxyType(head.fields),
        )

    def check_summary(self) -> None:
        collected: dict[str, int] = {}
        for event in self.events:
            if event.kind == "collect":
                collected[event.name] = collected.get(event.name, 0) + (event.amount or 0)
        for name, (won, at) in self.summary_won.items():
            if won != collected.get(name, 0):
                raise self.fail(
                    f"the summary says {name!r} won {won}, the lines collect {collected.get(name, 0)}", at
                )


def _small_blind_seat(dealt_in: Sequence[str], button: int) -> str | None:
    """The player in the small blind: the button heads-up, else the next player after it."""
    if len(dealt_in) < 2:
        return None
    return dealt_in[button] if len(dealt_in) == 2 else dealt_in[(button + 1) % len(dealt_in)]
