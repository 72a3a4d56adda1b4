"""Reading Full Tilt Poker's text hand histories of fixed-limit Badugi into ``HandRecord``s.

``fulltilt_records(text)`` splits a file (str, or bytes in UTF-8 with or
without a BOM, or UTF-16; any line ends) into its hands, each starting with
its header line (``Full Tilt Poker Game #...``, or ``FullTiltPoker Game
#...`` in older files), and reads each into a ``ReadHand``: its
``HandRecord`` (``source="Full Tilt"``, labelled ``Full Tilt hand #N``), or
``skipped`` for a hand of another game (anything but ``Limit Badugi`` or
``FL Badugi``) or a hand that was not dealt (the posts, then the summary), or
``error``, naming the hand and the line, for anything not understood. The
reader only understands the text; ``badugi.histories.follow`` checks the
record against the rules.

A hand is, in order (blank lines anywhere are passed over):

* the header (see ``header``): the hand's number, a tournament's
  name and number, the table and its size (``(6 max)``, ``(heads up)``), the
  stakes (small bet/big bet, ``Ante``), the game and the time;
* the seat lines, ``Seat 3: Bob ($2.75)``, ``Seat 4: Cy (1,500), is sitting out``;
* the posts, the button (``The button is in seat #6``), ``*** HOLE CARDS
  ***``, the betting, the draws, ``*** SHOW DOWN ***`` and the pots paid, and
  the table's noise (see ``lines`` for every line);
* ``*** SUMMARY ***``, the total pot and the rake, and each seat's result
  (see ``summary``).

The lines of the body, in short (``lines`` has them all, with
examples): ``Bob posts the small blind of $0.02``, ``... the big blind of
$0.05``, ``... a dead small blind of $0.02``, ``Bob posts $0.05`` (a big
blind out of position), ``Bob antes 5``; ``Dealt to Bob [Ah Qs 3s Jc]``;
``folds``, ``checks``, ``calls $0.05``, ``bets $0.05``, ``raises to
$0.10``, each post or action ending ``, and is all in`` when it is;
``*** FIRST DRAW ***`` (``SECOND``, ``THIRD``; the pot after it is not
read); ``discards 2 cards`` (``[Qs Jc]`` for the hero), ``stands pat``
(``on [...]``), ``is dealt 2 cards``, ``Dealt to Bob [kept] [new]``; ``***
SHOW DOWN ***``, ``shows [...] a Badugi: ...``, ``mucks``, ``wins the pot
($0.95)`` (``the main pot``, ``the side pot``, ``pot 2``, ``ties for``),
``Uncalled bet of $0.05 returned to Bob``. The table's noise (``has 15
seconds left to act``, ``has been disconnected``, ``has reconnected``,
``has timed out``, ``has returned``, ``is sitting out``, ``sits out``,
``sits down``, ``stands up``, ``adds $1``, ``is feeling happy``, joining and
leaving the table, chat) is understood and passed over. The summary's lines:
``Duration 24s``, ``Total pot $1 | Rake $0.05`` (with ``Main pot``/``Side
pot`` between), and ``Seat 1: Bob (big blind) ...`` with ``folded before the
Draw``, ``folded after the 2nd Draw``, ``didn't bet (folded)``, ``collected
($1)``, ``showed [...] and won ($1) with ...``, ``showed [...] and lost with
...``, ``mucked [...] - ...``, ``is sitting out``.

A hand archive (as Full Tilt's support sent them) puts ``******** # 1
********`` before each hand: such lines are passed over.

How the record is made from it:

* Players: the seated players dealt in, in seat-number order. A player
  sitting out (on its seat line, on an ``is sitting out`` line, or in the
  summary) is not dealt in, unless the hand has a line of its own play (a
  tournament deals a player who sits out: it posts and folds).
* The button: the engine seat of the seat the line names; on an empty seat
  or one sitting out, the last player dealt in before it.
* Amounts: whole cents at a cash table (``currency``: USD, EUR or GBP), whole
  chips in a tournament or with play chips (``currency`` absent).
* Stakes: ``FixedLimit(small bet, big bet)`` from the header. Full Tilt's big
  blind is the small bet; its small blind is the posted one (the table's is
  not in the header: without a small blind posted in full, half the big
  blind, rounded down). The ante is the header's, else the largest posted.
* The deal: a ``deal`` step for each player at ``*** HOLE CARDS ***``, its
  cards unknown (None) except the hero's (``Dealt to Bob [...]``).
* A draw: one ``draw`` step at the player's ``discards`` (or ``stands pat``)
  line; the hero's thrown cards come from that line and its new ones from
  ``Dealt to Bob [kept] [new]``; for the others only the count is known, so
  ``cards`` and ``received`` are empty. ``is dealt N cards`` must repeat the
  count, and the hero's kept cards (and a pat hand) must be its hand less
  the thrown ones: the rules see only what is thrown and received.
* ``mucks`` at a showdown is a ``muck`` step (cards from the summary's
  ``mucked [...]``, when given); from the last player in, who is paid without
  a showdown, it only says the hand was not shown, and makes no step.
* The pots: a ``collect`` step for each ``wins``/``ties for`` line; a hand
  with none takes them from the summary's ``collected (...)`` and ``won (...)``.
  A hand shown only in the summary (``showed [...]``) is a ``show`` step
  with the summary's line, put before the pots are paid when the hand was
  still in (it was shown at the showdown), after them otherwise.
* ``fields``: ``hand`` (its number), ``table``, ``time`` (as written),
  ``currency`` (absent for chips), ``tournament`` (its number),
  ``tournament_name``, ``max_seats`` (when the header gives it). Full Tilt's
  headers give no tournament level, so there is no ``level``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from types import MappingProxyType

from badugi.engine import FixedLimit
from badugi.errors import GameSetupError, HandHistoryError
from badugi.games import BADUGI
from badugi.histories._lines import Lines, Numbered, hands_of
from badugi.histories._rake import rake_refusal
from badugi.histories._text import cut, quote_line, value_message
from badugi.histories.fulltilt.header import AMOUNT, HEADER, AmountError, Header, parse_header
from badugi.histories.fulltilt.lines import Line, LineError, classify
from badugi.histories.fulltilt.summary import Result, TotalPot, read_summary_line
from badugi.histories.record import HandRecord, ReadHand, RecordedPlayer, Step, step_kind

__all__ = ["RECOGNISE", "SOURCE", "fulltilt_records", "iter_fulltilt_records"]

SOURCE = "Full Tilt"
#: What recognises a Full Tilt file among the first lines of a text: a hand's header.
RECOGNISE = re.compile(r"^\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #\d+: ", re.MULTILINE)
_BADUGI = re.compile(r"^(?:Limit|FL) Badugi$")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMOUNT})\)(?P<out>, is sitting out)?$")
_SUMMARY = "*** SUMMARY ***"
_ARCHIVE = re.compile(r"^\*{5,} # \d+ \*{5,}$")
# The lines that say a player plays the hand (and so is dealt in, sitting out or not).
_PLAYS = frozenset(
    {"post", "action", "discard", "dealt_count", "dealt", "show", "muck", "collect", "returned"}
)
_HAND_SIZE = BADUGI.hand_size


class _Skipped(Exception):
    """A hand that is read but not kept (the message says why)."""


def fulltilt_records(text: str | bytes) -> list[ReadHand]:
    """The hands of a Full Tilt text hand-history file, each read, skipped or refused (see the module).

    Raises:
        HandHistoryError: ``text`` is not text (a str or bytes).
    """
    return list(iter_fulltilt_records(Lines(text, SOURCE)))


def iter_fulltilt_records(lines: Lines) -> Iterator[ReadHand]:
    """``fulltilt_records`` a hand at a time, from a file's lines (``badugi.histories._lines``).

    Raises:
        HandHistoryError: only when the file cannot be read.
    """
    groups = hands_of(map(_cleaned, lines), HEADER.match)
    stray = next(groups)
    if stray:
        number, line = stray[0]
        message = f"{SOURCE}, line {number} ({quote_line(line)}): not a hand's first line"
        yield ReadHand(number, SOURCE, error=HandHistoryError(cut(message + _HEADER_HINT)))
    for hand in groups:
        yield lines.refuse_damaged(_read_hand(hand), hand)


def _cleaned(line: Numbered) -> Numbered:
    """A line as the reader reads it: a hand archive's numbering lines blank, and no BOM.

    A hand archive from Full Tilt's support numbers its hands between lines
    of stars: passed over. Files put end to end keep their BOMs: one may
    start any line.
    """
    number, text = line
    text = text.lstrip("\ufeff").rstrip()
    return (number, "" if _ARCHIVE.match(text) else text)


_HEADER_HINT = " (a hand starts 'Full Tilt Poker Game #')"


def _read_hand(numbered: list[Numbered]) -> ReadHand:  # noqa: PLR0911 - one answer an outcome
    """One hand: its lines, numbered in the file, the header first."""
    start, first = numbered[0]
    found = HEADER.match(first)
    assert found is not None
    label = f"{SOURCE} hand #{found.group('hand')}"
    header = parse_header(int(found.group("hand")), found.group("rest"))
    if isinstance(header, str):
        message = f"{label}, line {start} ({quote_line(first)}): {header}"
        return ReadHand(start, label, error=HandHistoryError(cut(message)))
    if not _BADUGI.match(header.game):
        return ReadHand(start, label, skipped=f"a hand of {header.game} (only fixed-limit Badugi is read)")
    if header.partial:
        message = f"{label}, line {start}: the hand is marked '(partial)': the room did not record it whole"
        return ReadHand(start, label, error=HandHistoryError(cut(message)))
    try:
        record = _HandReader(header, label, numbered).read()
    except _Skipped as why:
        return ReadHand(start, label, skipped=str(why))
    except HandHistoryError as exc:
        return ReadHand(start, label, error=exc)
    except ValueError as exc:  # a number too long for int(), say: that hand, not the file
        return ReadHand(
            start, label, error=HandHistoryError(cut(f"{label}, line {start}: {value_message(exc)}"))
        )
    return ReadHand(start, label, record=record)


@dataclasses.dataclass
class _Seated:
    seat: int
    name: str
    stack: int
    sitting_out: bool


class _HandReader:
    """Reads one Badugi hand's lines into a record, naming the hand and the line in every error."""

    def __init__(self, header: Header, label: str, numbered: list[Numbered]) -> None:
        self.header = header
        self.label = label
        self.lines = [(n, text) for n, text in numbered if text]
        self.start = numbered[0][0]

    def fail(self, message: str, at: Numbered | None = None) -> HandHistoryError:
        where = self.label if at is None else f"{self.label}, line {at[0]} ({quote_line(at[1])})"
        line, text = (None, None) if at is None else at
        return HandHistoryError(cut(f"{where}: {message}"), label=self.label, line=line, text=text)

    def amount(self, text: str | None, at: Numbered) -> int:
        assert text is not None
        try:
            return self.header.money.parse(text)
        except AmountError as exc:
            raise self.fail(str(exc), at) from None

    # ---- the parts of the hand ------------------------------------------------------------------

    def seats(self) -> tuple[dict[str, _Seated], int]:
        """The seat lines after the header, and the index of the first line after them."""
        seated: dict[str, _Seated] = {}
        k = 1
        while k < len(self.lines):
            at = self.lines[k]
            found = _SEAT.match(at[1])
            if found is None:
                break
            name, number = found.group("name"), int(found.group("seat"))
            if name in seated or any(s.seat == number for s in seated.values()):
                raise self.fail("a seat or a player listed twice", at)
            stack = self.amount(found.group("stack"), at)
            seated[name] = _Seated(number, name, stack, bool(found.group("out")))
            k += 1
        if not seated:
            raise self.fail("no seat lines ('Seat 1: Bob ($2)') after the header", self.lines[0])
        return seated, k

    def read(self) -> HandRecord:
        seated, body_start = self.seats()
        summary_at = next((k for k, (_, text) in enumerate(self.lines) if text == _SUMMARY), None)
        if summary_at is None:
            raise self.fail(f"the hand stops before its summary ({_SUMMARY!r}): cut short?", self.lines[-1])
        names = sorted(seated, key=len, reverse=True)
        body: list[tuple[Numbered, Line]] = []
        heard: set[str] = set()  # who the table's noise names: they may chat, seated or not
        for at in self.lines[body_start:summary_at]:
            try:
                line = classify(at[1], names)
            except LineError as exc:
                raise self.fail(str(exc), at) from None
            if line.kind == "chat":
                if line.name not in heard:
                    raise self.fail(
                        "chat from someone not at the table (or not a line of a Full Tilt hand)", at
                    )
                line = Line("noise")
            elif line.kind in ("noise", "sitting_out") and line.name is not None:
                heard.add(line.name)
            body.append((at, line))
        results: list[tuple[Numbered, TotalPot | Result]] = []
        for at in self.lines[summary_at + 1 :]:
            try:
                item = read_summary_line(at[1], names)
            except LineError as exc:
                raise self.fail(str(exc), at) from None
            if item is not None:
                results.append((at, item))
        if not any(line.kind == "street" and line.what == "HOLE CARDS" for _, line in body):
            if all(line.kind in ("post", "noise", "sitting_out", "button") for _, line in body):
                raise _Skipped("no cards were dealt: the hand was not played")
            raise self.fail("the hand has no '*** HOLE CARDS ***' line")
        players = self.dealt_in(seated, body, results)
        return _Assembly(self, players, body, results).record()

    def dealt_in(
        self,
        seated: dict[str, _Seated],
        body: list[tuple[Numbered, Line]],
        results: list[tuple[Numbered, TotalPot | Result]],
    ) -> list[_Seated]:
        """The players dealt in, in seat-number order."""
        out = {name for name, s in seated.items() if s.sitting_out}
        playing: set[str] = set()
        for at, line in body:
            if line.kind == "sitting_out" and line.name in seated:
                out.add(line.name)
            elif line.kind in _PLAYS:
                if line.name not in seated:
                    raise self.fail(f"{line.name!r} is not seated at the table", at)
                playing.add(line.name)
        out |= {r.name for _, r in results if isinstance(r, Result) and r.kind == "sitting_out" and r.name}
        players = sorted((s for s in seated.values() if s.name in playing or s.name not in out), key=_seat_no)
        if len(players) < 2:
            raise self.fail(f"{len(players)} player dealt in: a hand needs two")
        return players


def _seat_no(seated: _Seated) -> int:
    return seated.seat


class _Assembly:
    """The steps of one hand, from its classified lines, then the record."""

    def __init__(
        self,
        reader: _HandReader,
        players: list[_Seated],
        body: list[tuple[Numbered, Line]],
        results: list[tuple[Numbered, TotalPot | Result]],
    ) -> None:
        self.reader = reader
        self.players = players
        self.index = {p.name: k for k, p in enumerate(players)}
        self.body = body
        self.results = results
        self.steps: list[Step] = []
        self.phase = "posts"
        self.deal_at: dict[int, int] = {}
        self.draw_at: dict[int, int] = {}  # this draw's step of each seat
        self.dealt_now: set[int] = set()  # seats whose new cards this draw the record gave
        self.out: set[int] = set()  # folded or mucked
        self.held: dict[int, tuple[str, ...]] = {}  # the hero's cards, as its lines give them
        self.shown: dict[int, int] = {}
        self.mucked: dict[int, int] = {}
        self.button_seat: int | None = None

    def fail(self, message: str, at: Numbered | None = None) -> HandHistoryError:
        return self.reader.fail(message, at)

    def seat(self, line: Line, at: Numbered) -> int:
        if line.name not in self.index:
            raise self.fail(f"{line.name!r} is not dealt in", at)
        return self.index[line.name]

    # ---- the body ------------------------------------------------------------------------------

    def street(self, line: Line, at: Numbered) -> None:
        if line.what == "HOLE CARDS":
            if self.phase != "posts":
                raise self.fail("a second deal", at)
            self.phase = "deal"
            for seat in range(len(self.players)):
                self.deal_at[seat] = len(self.steps)
                self.steps.append(Step("deal", seat, cards=(None,) * _HAND_SIZE, line=at[0]))
        elif line.count is not None:
            if self.phase == "posts":
                raise self.fail("a draw before the deal", at)
            self.phase = "draw"
            self.draw_at, self.dealt_now = {}, set()
            self.steps.append(Step("draw_round", 0, count=line.count, line=at[0]))
        else:
            self.phase = "showdown"

    def dealt(self, seat: int, line: Line, at: Numbered) -> None:
        """``Dealt to Bob [...]``: the hero's cards of the deal, or its kept and new cards of a draw."""
        assert line.cards is not None
        if self.phase == "deal":
            step = self.steps[self.deal_at[seat]]
            if line.received is not None or len(line.cards) != _HAND_SIZE:
                raise self.fail(f"the deal gives a Badugi hand {_HAND_SIZE} cards", at)
            if any(card is not None for card in step.cards):
                raise self.fail("the player is dealt twice", at)
            self.steps[self.deal_at[seat]] = dataclasses.replace(step, cards=line.cards, line=at[0])
            self.held[seat] = line.cards
            return
        if self.phase != "draw" or seat not in self.draw_at or seat in self.dealt_now:
            raise self.fail("cards dealt to a player who has not thrown any this draw", at)
        step = self.steps[self.draw_at[seat]]
        assert step.count is not None
        new = line.received
        if new is None and len(line.cards) == step.count == _HAND_SIZE:
            new = line.cards  # all four thrown: nothing kept
        if new is None or len(new) != step.count:
            raise self.fail(f"new cards that are not the {step.count} the player threw", at)
        thrown = step.cards or (None,) * step.count
        kept = line.cards if line.received is not None else ()
        self.check_kept(seat, thrown, kept, at)
        self.steps[self.draw_at[seat]] = dataclasses.replace(step, cards=thrown, received=new)
        self.held[seat] = (*kept, *new)
        self.dealt_now.add(seat)

    def check_kept(
        self, seat: int, thrown: tuple[str | None, ...], kept: tuple[str, ...], at: Numbered
    ) -> None:
        """The hero's kept cards must be its hand less the thrown ones (the rules see only what is thrown)."""
        held = self.held.get(seat)
        if held is None or None in thrown:
            return
        if sorted(kept) != sorted(card for card in held if card not in thrown):
            raise self.fail(f"the cards kept are not the hand {' '.join(held)} less the ones thrown", at)

    def discard(self, seat: int, line: Line, at: Numbered) -> None:
        if self.phase != "draw":
            raise self.fail("a draw outside the draws", at)
        if seat in self.draw_at:
            raise self.fail("the player draws twice in one draw", at)
        count = line.count or 0
        if not count and line.cards is not None:
            # "stands pat on [...]" names the hand kept, not cards thrown.
            self.check_kept(seat, (), line.cards, at)
        thrown = line.cards if line.cards is not None and count else ()
        if thrown and len(thrown) != count:
            raise self.fail(f"{count} cards thrown, but {len(thrown)} named", at)
        self.draw_at[seat] = len(self.steps)
        self.steps.append(Step("draw", seat, count=count, cards=thrown, line=at[0]))

    def dealt_count(self, seat: int, line: Line, at: Numbered) -> None:
        step = self.steps[self.draw_at[seat]] if seat in self.draw_at and self.phase == "draw" else None
        if step is None or step.count != line.count or seat in self.dealt_now:
            thrown = "none" if step is None else str(step.count)
            raise self.fail(f"{line.count} cards dealt to a player who threw {thrown} this draw", at)
        self.dealt_now.add(seat)

    def play(self, seat: int, line: Line, at: Numbered) -> None:
        kind = line.kind
        all_in = True if line.all_in else None
        if kind == "post":
            assert line.what is not None
            amount = self.reader.amount(line.amount, at)
            self.steps.append(Step(step_kind(line.what), seat, amount=amount, all_in=all_in, line=at[0]))
        elif kind == "action":
            assert line.what is not None
            if self.phase in ("posts", "showdown"):
                when = "before the deal" if self.phase == "posts" else "at the showdown"
                raise self.fail(f"a {line.what} {when}", at)
            chips = None if line.amount is None else self.reader.amount(line.amount, at)
            self.steps.append(Step(step_kind(line.what), seat, amount=chips, all_in=all_in, line=at[0]))
            if line.what == "fold":
                self.out.add(seat)
        elif kind == "dealt":
            self.dealt(seat, line, at)
        elif kind == "discard":
            self.discard(seat, line, at)
        elif kind == "dealt_count":
            self.dealt_count(seat, line, at)
        elif kind == "show":
            assert line.cards is not None
            self.shown[seat] = len(self.steps)
            self.steps.append(Step("show", seat, cards=line.cards, line=at[0]))
        elif kind == "muck":
            # From the last player in, "mucks" only says it takes the pot without showing.
            if len(self.players) - len(self.out) > 1:
                self.mucked[seat] = len(self.steps)
                self.out.add(seat)
                self.steps.append(Step("muck", seat, line=at[0]))
        elif kind in ("collect", "returned"):
            self.steps.append(
                Step(step_kind(kind), seat, amount=self.reader.amount(line.amount, at), line=at[0])
            )

    def walk(self) -> None:
        for at, line in self.body:
            if line.kind in ("noise", "sitting_out"):
                continue
            if line.kind == "button":
                if self.button_seat is not None:
                    raise self.fail("a second button line", at)
                self.button_seat = line.count
            elif line.kind == "street":
                self.street(line, at)
            else:
                self.play(self.seat(line, at), line, at)

    # ---- the summary -----------------------------------------------------------------------------

    def summary(self) -> tuple[int | None, int]:
        """Applies the seats' results; the total pot (None if not given) and the rake."""
        total: int | None = None
        rake = 0
        body_collects = [k for k, step in enumerate(self.steps) if step.kind == "collect"]
        paid: list[Step] = []  # the pots, from the summary when no line of the body pays them
        late: list[Step] = []  # hands shown only in the summary
        for at, item in self.results:
            if isinstance(item, TotalPot):
                if total is not None:
                    raise self.fail("a second total pot", at)
                total, rake = self.reader.amount(item.total, at), self.reader.amount(item.rake, at)
                wrong = rake_refusal(rake, total)
                if wrong is not None:
                    raise self.fail(wrong, at)
                continue
            if item.name is None or item.kind in ("sitting_out", "folded"):
                continue
            seat = self.index.get(item.name)
            if seat is None:
                raise self.fail(f"a result for {item.name!r}, who is not dealt in", at)
            if item.seat != self.players[seat].seat:
                raise self.fail(f"{item.name!r} sits in seat {self.players[seat].seat}", at)
            if item.kind == "showed":
                late.extend(self.summary_show(seat, item, at))
            elif item.kind == "mucked" and item.cards is not None and seat in self.mucked:
                where = self.mucked[seat]
                self.steps[where] = dataclasses.replace(self.steps[where], cards=item.cards)
            if item.amount is not None and not body_collects:
                paid.append(Step("collect", seat, amount=self.reader.amount(item.amount, at), line=at[0]))
        # A hand still in, shown only in the summary, was shown at the showdown: before the pots are paid.
        at_showdown = [step for step in late if step.seat not in self.out]
        after = [step for step in late if step.seat in self.out]
        pay_at = body_collects[0] if body_collects else len(self.steps)
        self.steps[pay_at:pay_at] = at_showdown
        self.steps.extend(paid + after)
        return total, rake

    def summary_show(self, seat: int, item: Result, at: Numbered) -> list[Step]:
        """The show step of a summary's ``showed [...]``, if the showdown did not show the hand."""
        assert item.cards is not None
        if seat in self.shown:
            if sorted(self.steps[self.shown[seat]].cards, key=str) != sorted(item.cards):
                raise self.fail("the summary shows another hand than the showdown", at)
            return []
        return [Step("show", seat, cards=item.cards, line=at[0])]

    # ---- the record ----------------------------------------------------------------------------

    def button(self) -> int:
        if self.button_seat is None:
            raise self.fail("the hand has no button line ('The button is in seat #N')")
        before = [k for k, p in enumerate(self.players) if p.seat <= self.button_seat]
        return before[-1] if before else len(self.players) - 1

    def record(self) -> HandRecord:
        self.walk()
        total, rake = self.summary()
        header = self.reader.header
        big = header.small_bet
        smalls = [s.amount for s in self.steps if s.kind == "small_blind" and not s.all_in]
        dead = [s.amount for s in self.steps if s.kind == "dead_blind"]
        small = smalls[0] if smalls else dead[0] if dead else big // 2
        assert small is not None
        antes = [s.amount or 0 for s in self.steps if s.kind == "ante"]
        try:
            structure = FixedLimit(header.small_bet, header.big_bet)
        except GameSetupError as exc:
            raise self.fail(f"the stakes cannot be played: {exc}", self.reader.lines[0]) from None
        fields: dict[str, object] = {"hand": header.hand, "table": header.table, "time": header.time}
        optional = {
            "currency": header.money.currency,
            "tournament": header.tournament,
            "tournament_name": header.tournament_name,
            "max_seats": header.max_seats,
        }
        fields.update({key: value for key, value in optional.items() if value is not None})
        return HandRecord(
            source=SOURCE,
            label=self.reader.label,
            players=tuple(RecordedPlayer(p.name, p.stack, p.seat) for p in self.players),
            button=self.button(),
            structure=structure,
            blinds=(small, big),
            steps=tuple(self.steps),
            ante=header.ante or max(antes, default=0),
            game=BADUGI,
            rake=rake,
            total_pot=total,
            line=self.reader.start,
            fields=MappingProxyType(fields),
        )
