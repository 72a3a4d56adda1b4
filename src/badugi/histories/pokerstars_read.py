"""Reading PokerStars text hand histories of fixed-limit Badugi into the engine, every line checked.

``read_pokerstars(text)`` splits a file into its hands (each starts with a
``PokerStars Hand #...`` line) and reads each one on its own: a hand of
another game is skipped with a note, a hand that is not understood or that the
engine's rules refuse gives an error naming the hand and the line, and the
file's other hands still import. Each result is a ``PokerStarsHand``.

Only complete hands are read so far: every player's cards and every draw's
cards known (the hands ``to_pokerstars`` writes, or hands where every card
was shown). A hand where another player's cards were never seen is refused,
saying that partial hands are not supported yet.

The engine is dealt the recorded cards from a deck ordered as the PHH reader
orders one (``badugi.histories.phh_read``), without burns, and every action
is played through the engine's rules by the PHH reader's player, each amount
checked against the line; then what each player collected (with its uncalled
bets returned) must be what the engine pays, and the summary's total pot what
went in. A rake is refused (the engine takes none yet).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from badugi.cards import quote
from badugi.engine import FixedLimit, Hand
from badugi.errors import GameSetupError, HandHistoryError, IllegalActionError
from badugi.histories._actions import Action, parse_cards
from badugi.histories._fields import positions
from badugi.histories.phh_read import _deck_for, _Player

__all__ = ["PokerStarsHand", "from_pokerstars", "read_pokerstars"]

_MESSAGE_LIMIT = 280
_LINE_QUOTE = 70
_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+): *(.*)")
_CASH = re.compile(
    r"(?P<game>.+?) \((?P<small>[^/()]+)/(?P<big>[^/() ]+)(?: (?P<cur>[A-Z]{3}))?\) - (?P<time>.+)"
)
_TOURNAMENT = re.compile(
    r"Tournament #(?P<tournament>\d+), (?P<buyin>.*?) ?(?P<game>Badugi Limit) - (?:.*?)"
    r"Level (?P<level>\w+) \((?P<small>[^/()]+)/(?P<big>[^/() ]+)\) - (?P<time>.+)"
)
_TABLE = re.compile(r"Table '(?P<table>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips(?:, \S+ bounty)?\)( is sitting out| out of hand.*)?")
_AMT = r"([$€£]?[0-9]+(?:\.[0-9]{1,2})?)"
_ALL_IN = r"( and is all-in)?"
_ACTIONS = [
    ("ante", re.compile(rf"posts the ante {_AMT}{_ALL_IN}")),
    ("small", re.compile(rf"posts small blind {_AMT}{_ALL_IN}")),
    ("big", re.compile(rf"posts big blind {_AMT}{_ALL_IN}")),
    ("both", re.compile(rf"posts small & big blinds {_AMT}{_ALL_IN}")),
    ("fold", re.compile(r"folds(?: \[[^\]]*\])?")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(rf"calls {_AMT}{_ALL_IN}")),
    ("bet", re.compile(rf"bets {_AMT}{_ALL_IN}")),
    ("raise", re.compile(rf"raises {_AMT} to {_AMT}{_ALL_IN}")),
    ("discard", re.compile(r"discards ([0-4]) cards?(?: \[([^\]]*)\])?")),
    ("pat", re.compile(r"stands pat(?: on \[([^\]]*)\])?")),
    ("show", re.compile(r"shows \[([^\]]*)\](?: \(.*\))?")),
    ("muck", re.compile(r"mucks hand(?: \[[^\]]*\])?")),
    ("noshow", re.compile(r"doesn't show hand")),
    ("noise", re.compile(r"sits out|is sitting out|sits in|is back|has returned")),
]
#: Lines about the table, not the hand: understood and passed over.
_NOISE = re.compile(
    r".+ (?:is disconnected|is connected|has timed out(?: while (?:being )?disconnected)?|has returned"
    r"|leaves the table|joins the table at seat #\d+|will be allowed to play after the button"
    r"|was removed from the table for failing to post|has \d+ seconds left to act"
    r"|is sitting out|sits out)|.+ said, \".*\"|.+: (?:sits out|is sitting out)"
)
_COLLECTED = re.compile(rf"(.+) collected {_AMT} from (?:pot|main pot|side pot(?:-\d+)?)")
_UNCALLED = re.compile(rf"Uncalled bet \({_AMT}\) returned to (.+)")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?")
_STREET = re.compile(r"\*\*\* (DEALING HANDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|SHOW DOWN|SUMMARY) \*\*\*")
_TOTAL = re.compile(
    rf"Total pot {_AMT}(?: Main pot {_AMT}\.)?(?: Side pot(?:-\d+)? {_AMT}\.)* \| Rake {_AMT}"
)
_SUMMARY_SEAT = re.compile(
    r"Seat (\d+): (.+?)(?: \((?:button|small blind|big blind)\))* "
    rf"(?:folded (?:before|after) .*|showed \[[^\]]*\] and (?:won \({_AMT}\)|lost).*|mucked.*"
    rf"|collected \({_AMT}\).*|lost.*|didn't .*|is sitting out)"
)


@dataclass(frozen=True)
class PokerStarsHand:
    """One hand of a PokerStars file, read into the engine, skipped, or refused.

    Attributes:
        number: the hand's number (``PokerStars Hand #number``), or None
            for text before the first hand.
        line: the line of the file the hand starts on, from 1.
        hand: the engine's hand, played to its end, or None when skipped or refused.
        players: the players' names, one an engine seat.
        fields: ``hand``, ``table``, ``time``, ``currency``, ``seats`` (each
            engine seat's PokerStars seat number), ``tournament``, read-only.
        skipped: why a hand of another game was skipped, or None.
        error: why a hand was refused, or None.
    """

    number: int | None
    line: int
    hand: Hand | None = None
    players: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    skipped: str | None = None
    error: HandHistoryError | None = None


class _Line(Action):
    """A PHH action made from a line of the file: messages name the line."""

    def where(self) -> str:
        text = self.text if len(self.text) <= _LINE_QUOTE else self.text[: _LINE_QUOTE - 3] + "..."
        return f"line {self.number} ({text!r})"


def _decode(text: object) -> str:
    if isinstance(text, (bytes, bytearray)):
        data = bytes(text)
        try:
            if data.startswith((b"\xff\xfe", b"\xfe\xff")):
                return data.decode("utf-16")
            if len(data) >= 2 and data[1:2] == b"\x00" and data[0:1] != b"\x00":
                return data.decode("utf-16-le")
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise HandHistoryError(f"PokerStars: not UTF-8 or UTF-16 text: {exc}") from None
    if not isinstance(text, str):
        raise HandHistoryError(f"PokerStars: a hand history is text (str or bytes), got {quote(text)}")
    return text[1:] if text.startswith("\ufeff") else text


def read_pokerstars(text: str | bytes, *, cap: int | None = 4) -> list[PokerStarsHand]:
    """Every hand of a PokerStars text file: each read into the engine, skipped, or refused.

    Args:
        text: the file's text: a str, or bytes in UTF-8 (with or without a
            BOM) or UTF-16; Windows or Unix line ends.
        cap: the bets and raises a round allows (``FixedLimit(cap=...)``).

    Raises:
        HandHistoryError: only when ``text`` is not text at all; each hand's
            own error is its result's ``error``.
    """
    lines = _decode(text).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    starts = [k for k, line in enumerate(lines) if _HEADER.match(line.strip())]
    results: list[PokerStarsHand] = []
    first = starts[0] if starts else len(lines)
    stray = next((k for k in range(first) if lines[k].strip()), None)
    if stray is not None:
        results.append(
            PokerStarsHand(
                None, stray + 1, error=_fail("PokerStars", stray + 1, lines[stray], "not a hand's line")
            )
        )
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        results.append(_read_one(lines, start, end, cap))
    return results


def from_pokerstars(text: str | bytes, *, cap: int | None = 4) -> Hand:
    """The one hand of a PokerStars text, read into the engine (see ``read_pokerstars``).

    Raises:
        HandHistoryError: the text does not hold exactly one hand, or the hand
            is skipped or refused (the message says why).
    """
    results = read_pokerstars(text, cap=cap)
    if len(results) != 1:
        raise HandHistoryError(f"PokerStars: the text holds {len(results)} hands or parts, not one")
    (result,) = results
    if result.error is not None:
        raise result.error
    if result.skipped is not None:
        raise HandHistoryError(result.skipped)
    assert result.hand is not None
    return result.hand


def _cut(message: str) -> str:
    return message if len(message) <= _MESSAGE_LIMIT else message[: _MESSAGE_LIMIT - 3] + "..."


def _fail(label: str, number: int, line: str, message: str) -> HandHistoryError:
    shown = line if len(line) <= _LINE_QUOTE else line[: _LINE_QUOTE - 3] + "..."
    return HandHistoryError(_cut(f"{label}, line {number} ({shown!r}): {message}"))


def _read_one(lines: list[str], start: int, end: int, cap: int | None) -> PokerStarsHand:
    header = _HEADER.match(lines[start].strip())
    assert header is not None
    number = int(header.group(1)) if len(header.group(1)) < 30 else None
    label = f"PokerStars hand #{header.group(1)[:30]}"
    reader = _HandReader(lines, start, end, label, cap)
    try:
        return reader.read(number)
    except HandHistoryError as exc:
        return PokerStarsHand(number, start + 1, error=HandHistoryError(_cut(str(exc))))


class _Skip(Exception):
    """The hand is another game's."""


class _HandReader:  # one hand's lines, read in turn
    def __init__(self, lines: list[str], start: int, end: int, label: str, cap: int | None) -> None:
        self.lines = lines
        self.start = start
        self.end = end
        self.label = label
        self.cap = cap
        self.currency: str | None = None
        self.cents = False
        self.at = start  # the line being read, from 0

    def fail(self, message: str, at: int | None = None) -> HandHistoryError:
        k = self.at if at is None else at
        return _fail(self.label, k + 1, self.lines[k].strip(), message)

    def amount(self, text: str) -> int:
        sign = text[:1] in "$€£"
        if sign != self.cents:
            raise self.fail(f"the amount {text!r} is not written as the hand's stakes are")
        body = text[1:] if sign else text
        whole, _, cents = body.partition(".")
        if not self.cents:
            if cents:
                raise self.fail(f"the amount {text!r} is not a whole number of chips")
            return int(whole)
        return int(whole) * 100 + int(cents.ljust(2, "0") or "0")

    def read(self, number: int | None) -> PokerStarsHand:  # noqa: PLR0912, PLR0915 - the hand's parts in turn
        header = _HEADER.match(self.lines[self.start].strip())
        assert header is not None
        rest = header.group(2)
        tournament = _TOURNAMENT.fullmatch(rest)
        cash = None if tournament else _CASH.fullmatch(rest)
        found = tournament or cash
        game = found.group("game").strip() if found else rest
        if game != "Badugi Limit" or found is None:
            what = game if len(game) <= 60 else game[:57] + "..."
            return PokerStarsHand(
                number,
                self.start + 1,
                skipped=f"{self.label} (line {self.start + 1}) is skipped: {what!r} "
                "is not fixed-limit Badugi",
            )
        small_text, big_text = found.group("small"), found.group("big")
        self.cents = small_text[:1] in "$€£"
        self.currency = (cash.group("cur") if cash else None) or (
            {"$": "USD", "€": "EUR", "£": "GBP"}.get(small_text[:1]) if self.cents else None
        )
        small_bet, big_bet = self.amount(small_text), self.amount(big_text)
        self.at = self.start + 1
        if self.at >= self.end:
            raise self.fail("the hand stops after its first line (a truncated file?)", self.start)
        table = _TABLE.fullmatch(self.lines[self.at].strip())
        if table is None:
            raise self.fail("expected \"Table '...' N-max Seat #N is the button\"")
        button_number = int(table.group("button")[:6])
        seats: dict[str, tuple[int, int]] = {}  # name -> (seat number, stack)
        out: set[str] = set()
        body = [(k, self.lines[k].strip()) for k in range(self.at + 1, self.end) if self.lines[k].strip()]
        k = 0
        while k < len(body) and (seat := _SEAT.fullmatch(body[k][1])):
            self.at = body[k][0]
            name = seat.group(2)
            if name in seats:
                raise self.fail(f"{name!r} is seated twice")
            seats[name] = (int(seat.group(1)[:4]), self.amount(seat.group(3)))
            if seat.group(4):
                out.add(name)
            k += 1
        if len(seats) < 2:
            raise self.fail("a hand needs at least two seated players")
        names_longest = sorted(seats, key=len, reverse=True)
        events: list[tuple[int, str, str, tuple[str, ...]]] = []  # (line index, kind, name, groups)
        street = "blinds"
        collected: dict[str, int] = {}
        returned: dict[str, int] = {}
        totals: tuple[int, int] | None = None
        summary_won: dict[str, int] = {}
        for at, line in body[k:]:
            self.at = at
            moved = _STREET.fullmatch(line)
            if moved:
                street = moved.group(1)
                events.append((at, "street", "", (street,)))
                continue
            if street == "SUMMARY":
                totals_match = _TOTAL.fullmatch(line)
                if totals_match:
                    totals = (self.amount(totals_match.group(1)), self.amount(totals_match.group(4)))
                    continue
                seat_match = _SUMMARY_SEAT.fullmatch(line)
                if seat_match:
                    name = seat_match.group(2)
                    if name not in seats or seats[name][0] != int(seat_match.group(1)[:4]):
                        raise self.fail(f"{name!r} is not seated at seat {seat_match.group(1)}")
                    won = seat_match.group(3) or seat_match.group(4)
                    if won:
                        summary_won[name] = self.amount(won)
                    continue
                if _NOISE.fullmatch(line):
                    continue
                raise self.fail("a summary line not understood")
            dealt = _DEALT.fullmatch(line)
            if dealt:
                if dealt.group(1) not in seats:
                    raise self.fail(f"{dealt.group(1)!r} is not seated")
                events.append((at, "dealt", dealt.group(1), (dealt.group(2), dealt.group(3) or "")))
                continue
            uncalled = _UNCALLED.fullmatch(line)
            if uncalled:
                name = uncalled.group(2)
                if name not in seats:
                    raise self.fail(f"{name!r} is not seated")
                returned[name] = returned.get(name, 0) + self.amount(uncalled.group(1))
                continue
            won_line = _COLLECTED.fullmatch(line)
            if won_line and won_line.group(1) in seats:
                collected[won_line.group(1)] = collected.get(won_line.group(1), 0) + self.amount(
                    won_line.group(2)
                )
                continue
            for name in names_longest:
                if line.startswith(name + ": "):
                    said = line[len(name) + 2 :]
                    kind = next((kind for kind, rule in _ACTIONS if rule.fullmatch(said)), None)
                    if kind is not None:
                        rule_match = dict(_ACTIONS)[kind].fullmatch(said)
                        assert rule_match is not None
                        groups = tuple(g or "" for g in rule_match.groups())
                        events.append((at, kind, name, groups))
                        break
            else:
                if _NOISE.fullmatch(line):
                    continue
                raise self.fail("a line not understood")
            if events and events[-1][0] != at:
                if _NOISE.fullmatch(line):
                    continue
                raise self.fail("a line not understood")
        if street != "SUMMARY" or totals is None:
            raise self.fail("the hand stops before its summary's total pot (a truncated file?)", self.end - 1)
        return self.play(
            number,
            events,
            seats,
            out,
            button_number,
            small_bet,
            big_bet,
            collected,
            returned,
            totals,
            summary_won,
            table.group("table"),
            found.group("time"),
            found.group("tournament") if tournament else None,
        )

    def play(  # noqa: PLR0912, PLR0915, PLR0917 - the engine set up, played, and its pay checked
        self,
        number: int | None,
        events: list[tuple[int, str, str, tuple[str, ...]]],
        seats: dict[str, tuple[int, int]],
        out: set[str],
        button_number: int,
        small_bet: int,
        big_bet: int,
        collected: dict[str, int],
        returned: dict[str, int],
        totals: tuple[int, int],
        summary_won: dict[str, int],
        table: str,
        time: str,
        tournament: str | None,
    ) -> PokerStarsHand:
        deal_lines = []
        for event in events:
            if event[1] == "street" and event[3][0] != "DEALING HANDS":
                break
            if event[1] == "dealt":
                deal_lines.append(event)
        dealt_names = [e[2] for e in deal_lines]
        in_hand = sorted(set(dealt_names), key=lambda name: seats[name][0])
        if len(dealt_names) != len(in_hand):
            at = next(e[0] for k, e in enumerate(deal_lines) if e[2] in dealt_names[:k])
            raise self.fail("the player is dealt twice", at)
        acting = {
            e[2] for e in events if e[1] not in ("street", "noise", "dealt", "ante", "small", "big") and e[2]
        }
        acting |= {e[2] for e in events if e[1] in ("ante", "small", "big")}
        unseen = sorted((acting - set(in_hand)) - out, key=lambda name: seats[name][0])
        if unseen:
            at = next(e[0] for e in events if e[2] == unseen[0])
            raise self.fail(
                f"{unseen[0]!r} plays, but its cards are never shown: partial hands (unknown cards) "
                "are not supported yet",
                at,
            )
        if len(in_hand) < 2:
            raise self.fail("fewer than two players are dealt cards (a truncated file?)", self.end - 1)
        n = len(in_hand)
        seat_of_name = {name: s for s, name in enumerate(in_hand)}
        stacks = [seats[name][1] for name in in_hand]
        before = [s for s, name in enumerate(in_hand) if seats[name][0] <= button_number]
        button = before[-1] if before else n - 1
        order = positions(n, button)
        player_of = {seat: k for k, seat in enumerate(order)}
        # The forced bets, as the lines post them.
        antes = [(e, self.amount(e[3][0]), bool(e[3][1])) for e in events if e[1] == "ante"]
        blind_lines = {
            e[1]: (e, self.amount(e[3][0]), bool(e[3][1])) for e in events if e[1] in ("small", "big")
        }
        both = next((e for e in events if e[1] == "both"), None)
        if both is not None:
            raise self.fail(
                "a player posting both blinds to come in is not played by the engine yet", both[0]
            )
        full_antes = {amount for _e, amount, all_in in antes if not all_in}
        if len(full_antes) > 1:
            raise self.fail("the engine plays one ante for every player", antes[0][0][0])
        ante = full_antes.pop() if full_antes else max((a for _e, a, _ in antes), default=0)
        blinds: tuple[int, int] | None = None
        if blind_lines:
            big_line = blind_lines.get("big")
            small_line = blind_lines.get("small")
            big = (
                small_bet if big_line is None else max(big_line[1], small_bet) if big_line[2] else big_line[1]
            )
            if small_line is None:
                small = 0 if big_line is not None else small_bet // 2
            else:
                small = max(small_line[1], small_bet // 2) if small_line[2] else small_line[1]
            blinds = (small, big)
        actions: list[_Line] = []

        def cards_of(text: str, at: int) -> tuple[str | None, ...]:
            try:
                found = parse_cards(text.replace(" ", ""), "cards")
            except HandHistoryError as exc:
                raise self.fail(str(exc), at) from None
            return found

        for at, _kind, name, _groups in deal_lines:
            held = cards_of(_groups[0], at)
            if len(held) != 4:
                raise self.fail(f"{name!r} is dealt {len(held)} cards (a Badugi hand is 4)", at)
            actions.append(_Line(at + 1, self.lines[at].strip(), "dh", player_of[seat_of_name[name]], held))
        checks: dict[int, tuple[str, tuple[str, ...]]] = {}
        draw_seen = False
        for at, kind, name, groups in events:
            text = self.lines[at].strip()
            if kind in ("street", "noise", "ante", "small", "big", "noshow") or (
                kind == "dealt" and not draw_seen
            ):
                if kind == "street" and groups[0].endswith("DRAW"):
                    draw_seen = True
                continue
            if name not in seat_of_name:
                raise self.fail(f"{name!r} is not dealt in", at)
            player = player_of[seat_of_name[name]]
            if kind == "fold":
                actions.append(_Line(at + 1, text, "f", player))
            elif kind in ("check", "call"):
                actions.append(_Line(at + 1, text, "cc", player))
            elif kind in ("bet", "raise"):
                actions.append(_Line(at + 1, text, "cbr", player, amount=0))
            elif kind == "discard":
                if not groups[1]:
                    raise self.fail(
                        "the discarded cards are not shown: partial hands are not supported yet", at
                    )
                thrown = cards_of(groups[1], at)
                if len(thrown) != int(groups[0]):
                    raise self.fail(f"{len(thrown)} cards named for {groups[0]} discarded", at)
                actions.append(_Line(at + 1, text, "sd", player, thrown))
            elif kind == "pat":
                actions.append(_Line(at + 1, text, "sd", player, ()))
            elif kind == "dealt":
                new = cards_of(groups[1] or groups[0], at)
                kept = cards_of(groups[0], at) if groups[1] else ()
                actions.append(_Line(at + 1, text, "dh", player, new))
                checks[at + 1] = (name, tuple(c for c in kept if c is not None))
            elif kind == "show":
                actions.append(_Line(at + 1, text, "sm", player, cards_of(groups[0], at)))
            elif kind == "muck":
                actions.append(_Line(at + 1, text, "sm", player, (), muck=True))
            else:  # pragma: no cover - every kind is named above
                raise self.fail(f"the line is not played ({kind})", at)
        seat_list = list(order)
        try:
            deck = _deck_for(list(actions), seat_list, button, n)
        except HandHistoryError as exc:
            raise HandHistoryError(_cut(f"{self.label}: {exc}")) from None
        try:
            hand = Hand(
                stacks,
                button,
                FixedLimit(small_bet, big_bet, cap=self.cap),
                blinds=blinds,
                ante=ante,
                deck=deck,
                burn=False,
            )
        except GameSetupError as exc:
            raise HandHistoryError(_cut(f"{self.label}: the engine cannot set up this hand: {exc}")) from None
        self.check_forced(hand, antes, blind_lines, seat_of_name)
        try:
            _StarsPlayer(hand, seat_list, self, events, checks).play(list(actions))
        except HandHistoryError as exc:
            message = str(exc)
            for k, seat in enumerate(seat_list):
                message = re.sub(rf"\bp{k + 1}\b(?![^(]*'\))", repr(in_hand[seat]), message)
            raise HandHistoryError(_cut(f"{self.label}: {message}")) from None
        payouts = hand.payouts or [0] * n
        for name in in_hand:
            seat = seat_of_name[name]
            got = collected.get(name, 0) + returned.get(name, 0)
            if got != payouts[seat]:
                raise HandHistoryError(
                    _cut(
                        f"{self.label}: {name!r} collects {got} (with its uncalled bets returned) by the "
                        f"record, the engine pays it {payouts[seat]}"
                    )
                )
        for name in set(collected) | set(returned):
            if name not in seat_of_name:
                raise HandHistoryError(_cut(f"{self.label}: {name!r} collects but is not dealt in"))
        for name, won in summary_won.items():
            if won != collected.get(name, 0):
                raise HandHistoryError(
                    _cut(
                        f"{self.label}: the summary says {name!r} won {won}, "
                        f"it collected {collected.get(name, 0)}"
                    )
                )
        total, rake = totals
        if rake:
            raise HandHistoryError(
                _cut(
                    f"{self.label}: a rake of {rake}: the engine takes no rake yet, "
                    "so it cannot pay this hand"
                )
            )
        if total != sum(collected.values()):
            raise HandHistoryError(
                _cut(f"{self.label}: the total pot is {total}, the players collect {sum(collected.values())}")
            )
        fields: dict[str, Any] = {
            "hand": number,
            "table": table,
            "time": time,
            "currency": self.currency,
            "seats": tuple(seats[name][0] for name in in_hand),
        }
        if tournament is not None:
            fields["tournament"] = int(tournament) if len(tournament) < 30 else tournament
        return PokerStarsHand(number, self.start + 1, hand, tuple(in_hand), MappingProxyType(fields))

    def check_forced(
        self,
        hand: Hand,
        antes: list[tuple[tuple[int, str, str, tuple[str, ...]], int, bool]],
        blind_lines: dict[str, tuple[tuple[int, str, str, tuple[str, ...]], int, bool]],
        seat_of_name: dict[str, int],
    ) -> None:
        posted = {
            (item["event"], item.get("blind", "ante"), item["seat"]): item
            for item in hand.history
            if item["event"] in ("ante", "blind")
        }
        lines = [(e, amount, all_in, ("ante", "ante")) for e, amount, all_in in antes]
        lines += [(e, amount, all_in, ("blind", kind)) for kind, (e, amount, all_in) in blind_lines.items()]
        for (at, _kind, name, _groups), amount, all_in, (event, which) in lines:
            if name not in seat_of_name:
                raise self.fail(f"{name!r} posts but is not dealt in", at)
            item = posted.get((event, which, seat_of_name[name]))
            if item is None:
                raise self.fail(f"the engine does not have {name!r} post this (a blind out of position?)", at)
            if item["amount"] != amount or bool(item["all_in"]) != all_in:
                raise self.fail(f"the engine posts {item['amount']}{' all-in' if item['all_in'] else ''}", at)
        count = sum(1 for item in hand.history if item["event"] in ("ante", "blind") and item["amount"])
        if count != len(lines):
            raise self.fail(f"the record posts {len(lines)} antes and blinds, the engine {count}", self.start)


class _StarsPlayer(_Player):
    """The PHH reader's player, checking each line's amounts against what the engine did."""

    def __init__(
        self,
        hand: Hand,
        seat_of: list[int],
        reader: _HandReader,
        events: list[tuple[int, str, str, tuple[str, ...]]],
        checks: dict[int, tuple[str, tuple[str, ...]]],
    ) -> None:
        super().__init__(hand, seat_of)
        self.reader = reader
        self.by_line = {at + 1: (kind, groups) for at, kind, _name, groups in events}
        self.checks = checks

    def round_bets(self) -> dict[int, int]:
        bets: dict[int, int] = {}
        for item in reversed(self.hand.history):
            kind = item["event"]
            if kind in ("draw_round", "round"):
                break
            if kind in ("call", "bet", "raise"):
                bets.setdefault(item["seat"], item["to"])
            elif kind == "blind":
                bets.setdefault(item["seat"], item["amount"])
        return bets

    def apply(self, action: Action) -> None:
        kind, groups = self.by_line.get(action.number, ("", ()))
        amount = self.reader.amount
        where = action.where()
        hand = self.hand
        if kind in ("bet", "raise"):
            self.owed_first(action)
            bets = self.round_bets()
            seat = self.expect_turn(action, "bet")
            if kind == "bet":
                to = bets.get(seat, 0) + amount(groups[0])
            else:
                to = amount(groups[1])
                if to - max(bets.values(), default=0) != amount(groups[0]):
                    raise HandHistoryError(
                        f"{where}: a raise to {to} is by {to - max(bets.values(), default=0)}"
                    )
            action = _Line(action.number, action.text, "cbr", action.player, amount=to)
        if kind in ("check", "call"):
            self.owed_first(action)
            self.expect_turn(action, "bet")
        if kind == "check" and hand.phase == "bet" and not hand.legal().check:
            raise HandHistoryError(f"{where}: the player checks facing a bet")
        if kind == "call" and hand.phase == "bet" and hand.legal().check:
            raise HandHistoryError(f"{where}: the player calls with nothing to call")
        try:
            super().apply(action)
        except IllegalActionError as exc:
            raise HandHistoryError(f"{where}: the engine's rules refuse it: {exc}") from None
        last = next(
            item
            for item in reversed(hand.history)
            if item["event"] in ("fold", "check", "call", "bet", "raise", "draw")
        )
        if kind == "call" and last["event"] == "call" and last["amount"] != amount(groups[0]):
            raise HandHistoryError(f"{where}: the call is {last['amount']} by the engine's rules")
        if kind in ("bet", "raise", "call") and bool(last.get("all_in")) != bool(groups[-1]):
            said = "says" if groups[-1] else "does not say"
            raise HandHistoryError(
                f"{where}: the line {said} all-in, the engine's player is "
                f"{'' if last.get('all_in') else 'not '}all-in"
            )
        if action.number in self.checks:
            _name, kept = self.checks[action.number]
            seat = self.seat_of[action.player or 0]
            if kept and sorted(kept) != sorted(c for c in hand.hands[seat] if c not in action.cards):
                raise HandHistoryError(f"{where}: the player did not keep {' '.join(kept)}")
