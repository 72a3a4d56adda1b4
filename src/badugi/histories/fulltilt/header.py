"""The first line of a Full Tilt hand, and Full Tilt's way of writing amounts.

The header comes in two orders (stakes before the game until 2012, the game
before the stakes from 2013), for cash tables and tournaments::

    Full Tilt Poker Game #1001: Table Laurel - $0.05/$0.10 - Limit Badugi - 03:02:56 ET - 2010/11/07
    Full Tilt Poker Game #1002: Table Clack (6 max) - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08
    Full Tilt Poker Game #1003: $10 Heads-Up Sit & Go (24356), Table 1 - 30/60 - Limit Badugi - ...
    FullTiltPoker Game #1004: Table Squaw (6 max) - $150/$300 Ante $10 - Limit Badugi - ...

The stakes of a limit game are its small and big bets (Full Tilt's big blind
is the small bet, its small blind what the posts say); ``Ante`` follows them
when the table has one. Amounts carry the currency's symbol at a cash table
(``$``, ``€``, ``£``) and none in a tournament or with play chips; thousands
are grouped with commas (``1,500``), and a tournament's stakes may be written
``50K/100K``. A header ending ``(partial)`` marks a hand the room did not
record whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

__all__ = ["AMOUNT", "HEADER", "AmountError", "Header", "Money", "parse_header"]

#: A hand's first line (its start in a file), with the hand's number and the rest of the line.
HEADER = re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<hand>\d+): (?P<rest>.*)$")

#: One amount as the lines of a hand write it.
AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_STAKE = r"[$€£]?\d[\d,]*(?:\.\d+)?[KMB]?"
_STAKES = re.compile(rf"^(?P<small>{_STAKE})/(?P<big>{_STAKE})(?: Ante (?P<ante>{_STAKE}))?$")
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_SCALE = {"": 1, "K": 1_000, "M": 1_000_000, "B": 1_000_000_000}
# A table's own words (the part of "Table Clackers (6 max, deep)" in parentheses) may give its size.
_MAX = re.compile(r"\b(?P<max>\d+) max\b")
_TOURNAMENT = re.compile(r"^(?P<name>.+) \((?P<id>\d+)\), (?:Table|Match) (?P<table>.+)$")
_TABLE = re.compile(r"^Table (?P<table>.+)$")
_ATTRIBUTES = re.compile(r"^(?P<name>.+?) \((?P<attributes>[^()]*)\)$")
_TIME = re.compile(r"^\d{1,2}:\d{2}")


class AmountError(ValueError):
    """An amount that is not written as Full Tilt writes them (the message says why)."""


@dataclass(frozen=True)
class Money:
    """How the amounts of one hand count: cents of a currency, or whole chips."""

    currency: str | None

    def parse(self, text: str) -> int:
        """``text`` (``$1,234.50``, ``1,500``, ``50K``) as cents of the currency, or as chips.

        Raises:
            AmountError: a symbol of another currency, or an amount that is not
                whole cents (or whole chips).
        """
        symbol = text[0] if text[:1] in _CURRENCIES else ""
        if symbol and _CURRENCIES[symbol] != self.currency:
            table = self.currency or "chips"
            raise AmountError(f"{text} is in {_CURRENCIES[symbol]}, but the table plays {table}")
        digits = text[len(symbol) :]
        scale = _SCALE[digits[-1]] if digits[-1:] in _SCALE else 1
        if scale != 1:
            digits = digits[:-1]
        try:
            value = Decimal(digits.replace(",", "")) * scale * (100 if self.currency else 1)
        except InvalidOperation:
            raise AmountError(f"{text} is not an amount") from None
        if value != value.to_integral_value():
            unit = "cent" if self.currency else "chip"
            raise AmountError(f"{text} is not a whole number of {unit}s")
        return int(value)


@dataclass(frozen=True)
class Header:
    """What a hand's first line says.

    Attributes:
        hand: the hand's number.
        game: the game as written (``"Limit Badugi"``, ``"NL Hold'em"``).
        table: the table's name (a tournament's table number, as text).
        small_bet, big_bet, ante: the stakes, as ``money`` counts them.
        money: cents of the currency, or chips.
        time: the time as written (``"03:02:56 ET - 2010/11/07"``).
        tournament: the tournament's number, or None at a cash table.
        tournament_name: its name (``"$10 Heads-Up Sit & Go"``), or None.
        max_seats: the table's size when the header gives it (``6 max``, ``heads up``), or None.
        partial: the room marked the hand ``(partial)``.
    """

    hand: int
    game: str
    table: str
    small_bet: int
    big_bet: int
    ante: int
    money: Money
    time: str
    tournament: int | None
    tournament_name: str | None
    max_seats: int | None
    partial: bool


def _max_seats(attributes: str) -> int | None:
    found = _MAX.search(attributes)
    if found:
        return int(found.group("max"))
    return 2 if "heads up" in attributes.lower() else None


def _table_part(text: str) -> tuple[str, int | None, str | None, int | None] | None:
    """The table's name, the tournament's number and name, and the table's size, from the first part."""
    tournament = _TOURNAMENT.match(text)
    if tournament:
        name, number, table = tournament.group("name"), int(tournament.group("id")), tournament.group("table")
    else:
        plain = _TABLE.match(text)
        if plain is None:
            return None
        name, number, table = None, None, plain.group("table")
    size = None
    with_attributes = _ATTRIBUTES.match(table)
    if with_attributes:
        table, size = with_attributes.group("name"), _max_seats(with_attributes.group("attributes"))
    return table, number, name, size


def parse_header(hand: int, rest: str) -> Header | str:
    """The header of hand ``hand`` (``rest``: the line after ``Game #N: ``), or why it is not understood."""
    parts = rest.split(" - ")
    # The stakes are the first part after the table's that looks like stakes; the game is next to
    # them: before them when the time follows the stakes (2013 on), else after them.
    at = next((k for k in range(1, len(parts)) if _STAKES.match(parts[k])), None)
    if at is None:
        return "no stakes (such as $0.05/$0.10) in the header"
    game_at = at - 1 if at + 1 < len(parts) and _TIME.match(parts[at + 1]) else at + 1
    if not 1 <= game_at < len(parts) or _TIME.match(parts[game_at]):
        return "no game next to the stakes in the header"
    first = min(at, game_at)
    table = _table_part(" - ".join(parts[:first]))
    if table is None:
        return "the header names no table ('Table ...')"
    time = " - ".join(parts[max(at, game_at) + 1 :])
    partial = time.endswith("(partial)")
    if partial:
        time = time[: -len("(partial)")].rstrip()
    if not time:
        return "the header gives no time"
    stakes = _STAKES.match(parts[at])
    assert stakes is not None
    symbol = stakes.group("small")[0]
    money = Money(_CURRENCIES.get(symbol))
    try:
        small, big = money.parse(stakes.group("small")), money.parse(stakes.group("big"))
        ante = money.parse(stakes.group("ante")) if stakes.group("ante") else 0
    except AmountError as exc:
        return f"the stakes {parts[at]!r}: {exc}"
    name, number, tournament_name, size = table
    return Header(
        hand=hand,
        game=parts[game_at],
        table=name,
        small_bet=small,
        big_bet=big,
        ante=ante,
        money=money,
        time=time,
        tournament=number,
        tournament_name=tournament_name,
        max_seats=size,
        partial=partial,
    )
