"""The summary of a Full Tilt hand: its total pot and rake, and each seat's result.

The lines after ``*** SUMMARY ***``::

    Duration 24s
    Total pot $1 | Rake $0.05
    Total pot 120 Main pot 60. Side pot 60. | Rake 0
    Seat 1: Hero (big blind) folded after the 2nd Draw
    Seat 2: Bob folded before the Draw (didn't bet)
    Seat 3: Cy (button) didn't bet (folded)
    Seat 4: Di showed [Qd 4s 3h 2c] and won ($0.95) with a Badugi: Q, 4, 3, 2
    Seat 5: Ed mucked [5s 4h Ad Js] - a 3-Card: 5, 4, A
    Seat 6: Flo (small blind) showed [7d 2c Ah Jd] and lost with a 3-Card: 7, 2, A
    Seat 7: Gus (small blind) collected ($5), mucked
    Seat 8: Hal is sitting out

A seat's roles (``(button)``, ``(small blind)``, ``(big blind)``) come before
its result; ``folded before the draw`` is also written in lower case.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from badugi.histories.fulltilt.header import AMOUNT
from badugi.histories.fulltilt.lines import LineError, cards_of

__all__ = ["Result", "TotalPot", "read_summary_line"]

_TOTAL = re.compile(
    rf"^Total pot (?P<total>{AMOUNT})(?: (?:Main|Side) pot(?: \d+)? {AMOUNT}\.?)* \| Rake (?P<rake>{AMOUNT})$"
)
_DURATION = re.compile(r"^Duration \d+(?:m \d+)?s$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.+)$")
_ROLES = re.compile(r"^(?: \((?:button|small blind|big blind)\))*")
_RESULTS = tuple(
    (re.compile(pattern), kind)
    for pattern, kind in (
        (r"^is sitting out$", "sitting_out"),
        (r"^folded (?:before|after) the (?:(?:1st|2nd|3rd) )?[Dd]raw(?: \(didn't bet\))?$", "folded"),
        (r"^didn't bet \(folded\)$", "folded"),
        (rf"^collected \((?P<amount>{AMOUNT})\)(?:, mucked)?$", "collected"),
        (rf"^showed \[(?P<cards>[^\[\]]*)\] and won \((?P<amount>{AMOUNT})\)(?: with .+)?$", "showed"),
        (r"^showed \[(?P<cards>[^\[\]]*)\] and lost(?: with .+)?$", "showed"),
        (r"^mucked \[(?P<cards>[^\[\]]*)\](?: - .+)?$", "mucked"),
        (r"^mucked$", "mucked"),
    )
)
_UNSEATED_SITTING_OUT = re.compile(r"^.+ is sitting out$")


@dataclass(frozen=True)
class TotalPot:
    """``Total pot $1 | Rake $0.05``: the amounts as written."""

    total: str
    rake: str


@dataclass(frozen=True)
class Result:
    """One seat's line of the summary.

    Attributes:
        seat: the room's seat number.
        name: the player, or None for one sitting out whom the seat lines do not list.
        kind: ``sitting_out``, ``folded``, ``collected``, ``showed`` or ``mucked``.
        amount: what it won (``collected``, ``showed ... and won``), as written, or None.
        cards: the cards shown or mucked, or None.
    """

    seat: int
    name: str | None
    kind: str
    amount: str | None = None
    cards: tuple[str, ...] | None = None


def read_summary_line(text: str, names: Sequence[str]) -> TotalPot | Result | None:
    """One line of a summary: the total pot, a seat's result, or None for the duration.

    Raises:
        LineError: a line that is none of these.
    """
    found = _TOTAL.match(text)
    if found:
        return TotalPot(found.group("total"), found.group("rake"))
    if _DURATION.match(text):
        return None
    seat = _SEAT.match(text)
    if seat is None:
        raise LineError("not a line of a Full Tilt summary")
    number, rest = int(seat.group("seat")), seat.group("rest")
    name = next((n for n in names if rest.startswith(n) and rest[len(n) : len(n) + 1] in (" ", "")), None)
    if name is None:
        if _UNSEATED_SITTING_OUT.match(rest):
            # Full Tilt lists a player sitting out in the summary even when the seat lines do not.
            return Result(number, None, "sitting_out")
        raise LineError("the summary names a player who is not seated")
    after = rest[len(name) :]
    roles = _ROLES.match(after)
    after = after[roles.end() if roles else 0 :].lstrip(" ")
    for pattern, kind in _RESULTS:
        result = pattern.match(after)
        if result:
            groups = result.groupdict()
            cards = groups.get("cards")
            return Result(
                number,
                name,
                kind,
                amount=groups.get("amount"),
                cards=cards_of(cards) if cards is not None else None,
            )
    raise LineError("not a seat's result as a Full Tilt summary writes it")
