"""The lines of a Full Tilt hand between its seats and its summary, one at a time.

``classify(text, names)`` says what one line is, knowing the names of the
seated players (a name may hold spaces, so a line is read by the longest
seated name it starts with). The lines and what they become:

==========================================================  =====================================
``*** HOLE CARDS ***``                                       the deal
``*** FIRST DRAW *** (Pot: $0.20)`` (also ``SECOND``,        a draw round (the pot, as written in
``THIRD``; ``(Total Pot: 180, 2 Players, 1 All-In)``)        either form, is not read)
``*** SHOW DOWN ***``                                        the showdown
``The button is in seat #6``                                 the button
``Bob posts the small blind of $0.02``                       a small blind
``Bob posts the big blind of $0.05``                         a big blind
``Bob posts a dead small blind of $0.02``                    a dead small blind
``Bob posts $0.05``                                          a big blind out of position (live)
``Bob antes 5``                                              an ante
``Dealt to Bob [Ah Qs 3s Jc]``                               the hero's cards of the deal
``Bob folds`` / ``checks`` / ``calls $0.05`` /               an action (amounts: what a call puts
``bets $0.05`` / ``raises to $0.10``                         in, a bet's or raise's total)
``..., and is all in`` (or `` and is all in``)               the post or action is all-in
``Bob discards 2 cards`` (``[Qs Jc]`` for the hero)          a draw of 2
``Bob stands pat`` (``on [Ah 2c 3d 4s]`` for the hero)       a draw of none
``Bob is dealt 2 cards``                                     the cards of a draw (their count)
``Dealt to Bob [Ah 3s] [Jh 8c]``                             the hero's kept and new cards
``Bob shows [Qd 4s 3h 2c] a Badugi: Q, 4, 3, 2``             a hand shown
``Bob mucks``                                                a hand mucked (or, from the last hand
                                                             in, not shown)
``Bob wins the pot ($0.95) with ...`` (``the main pot``,     what the seat collects
``the side pot``, ``pot 2``; ``ties for the pot``)
``Uncalled bet of $0.05 returned to Bob``                    an uncalled bet returned
==========================================================  =====================================

The table's noise is understood and passed over: ``has 15 seconds left to
act`` (and ``5 seconds left to act`` alone), ``has been disconnected``, ``has
reconnected``, ``has timed out``, ``has returned``, ``has requested TIME``,
``is sitting out``, ``sits out``, ``sits down``, ``stands up``, ``adds $1``,
``is feeling happy`` (the emotes), ``leaves the table``, ``has left the
table``, ``joins the table``, ``has joined the table`` (from anyone, seated or
not), and chat: ``Bob: gl`` from a seated player or one the noise has named
(``Cy sits down``, then ``Cy: hi``), ``Ann (Observer): lol`` from the rail.
Any other line is not understood.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from badugi.cards import CARD_TEXT
from badugi.histories._hand_names import wrong_hand_name
from badugi.histories.fulltilt.header import AMOUNT

__all__ = ["DRAWS", "Line", "LineError", "cards_of", "classify"]

#: The draw rounds' names in their street lines, by number.
DRAWS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}

_ALL_IN = r"(?P<all_in>,? and is all in)?"
_CARDS = r"[^\[\]]*"
_KNOWN_CARDS = frozenset(CARD_TEXT)
_POT = r"(?:wins|ties for) (?:the )?(?:main |side )?pot(?: \d+)?"


@dataclass(frozen=True)
class Line:
    """What one line says.

    Attributes:
        kind: ``street``, ``button``, ``post``, ``action``, ``discard``,
            ``dealt_count``, ``dealt``, ``show``, ``muck``, ``collect``,
            ``returned``, ``sitting_out``, ``noise``, ``chat`` (``sitting_out``
            is noise that also says who is not dealt in; ``chat`` is noise from
            a name that is not seated, to be checked by the caller).
        name: the player the line is about (None for a street, the button, most noise).
        what: the step's kind (``small_blind``, ``call``, ...), or a street's name.
        amount: the amount, as written (``$0.05``).
        count: the cards thrown or dealt; a draw round's number; the button's seat.
        cards: the cards named in the line (a discard's, a show's, the deal's, kept ones).
        received: the new cards of ``Dealt to Bob [kept] [new]``, or None.
        all_in: the line says ``and is all in``.
    """

    kind: str
    name: str | None = None
    what: str | None = None
    amount: str | None = None
    count: int | None = None
    cards: tuple[str, ...] | None = None
    received: tuple[str, ...] | None = None
    all_in: bool = False


class LineError(ValueError):
    """A line that is not understood (the message says why)."""


def cards_of(text: str) -> tuple[str, ...]:
    """The cards of ``[Ah Qs 3s Jc]``'s inside.

    Raises:
        LineError: a word that is not a card as Full Tilt writes one (``Ah``, ``Td``).
    """
    words = tuple(text.split())
    for word in words:
        if word not in _KNOWN_CARDS:
            raise LineError(f"{word!r} is not a card")
    return words


_STREET = re.compile(
    r"^\*\*\* (?P<street>HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|SHOW DOWN) \*\*\*"
    rf"(?: \((?:Total )?Pot: {AMOUNT}(?:, \d+ Players?)?(?:, \d+ All-In)?\))?$"
)
_BUTTON = re.compile(r"^The button is in seat #(?P<seat>\d+)$")
_DEALT = re.compile(rf"^Dealt to (?P<name>.+?) \[(?P<cards>{_CARDS})\](?: \[(?P<new>{_CARDS})\])?$")
_RETURNED = re.compile(rf"^Uncalled bet of (?P<amount>{AMOUNT}) returned to (?P<name>.+)$")
_CLOCK = re.compile(r"^\d+ seconds left to act$")
_OBSERVER = re.compile(r"^.+ \(Observer\): ")

# What follows a seated player's name, and what it is: (pattern, kind, what), by the first word.
_AFTER_NAME: dict[str, tuple[tuple[re.Pattern[str], str, str | None], ...]] = {
    verb: tuple((re.compile(pattern), kind, what) for pattern, kind, what in entries)
    for verb, entries in {
        "posts": (
            (rf"^posts the small blind of (?P<amount>{AMOUNT}){_ALL_IN}$", "post", "small_blind"),
            (rf"^posts the big blind of (?P<amount>{AMOUNT}){_ALL_IN}$", "post", "big_blind"),
            (rf"^posts a dead small blind of (?P<amount>{AMOUNT}){_ALL_IN}$", "post", "dead_blind"),
            (rf"^posts (?P<amount>{AMOUNT}){_ALL_IN}$", "post", "live_blind"),
        ),
        "antes": ((rf"^antes (?P<amount>{AMOUNT}){_ALL_IN}$", "post", "ante"),),
        "folds": ((r"^folds$", "action", "fold"),),
        "checks": ((r"^checks$", "action", "check"),),
        "calls": ((rf"^calls (?P<amount>{AMOUNT}){_ALL_IN}$", "action", "call"),),
        "bets": ((rf"^bets (?P<amount>{AMOUNT}){_ALL_IN}$", "action", "bet"),),
        "raises": ((rf"^raises to (?P<amount>{AMOUNT}){_ALL_IN}$", "action", "raise"),),
        "discards": ((rf"^discards (?P<count>\d+) cards?(?: \[(?P<cards>{_CARDS})\])?$", "discard", None),),
        "stands": ((rf"^stands pat(?: on \[(?P<cards>{_CARDS})\])?$", "discard", None),),
        "is": ((r"^is dealt (?P<count>\d+) cards?$", "dealt_count", None),),
        "shows": ((rf"^shows \[(?P<cards>{_CARDS})\](?: (?P<hand>.*))?$", "show", None),),
        "mucks": ((r"^mucks$", "muck", None),),
        "wins": ((rf"^{_POT} \((?P<amount>{AMOUNT})\)(?: with .+)?$", "collect", None),),
        "ties": ((rf"^{_POT} \((?P<amount>{AMOUNT})\)(?: with .+)?$", "collect", None),),
    }.items()
}

_NOISE = (
    r"has \d+ seconds left to act|has been disconnected|has reconnected|has timed out|has returned"
    rf"|has requested TIME|sits out|sits down|stands up|adds {AMOUNT}|is feeling \w+"
    r"|leaves the table|has left the table|joins the table|has joined the table"
)
_SITTING_OUT = re.compile(r"^(?P<name>.+) is sitting out$")
_ANYONE_NOISE = re.compile(rf"^(?P<name>.+?) (?:{_NOISE})$")
_CHAT = re.compile(r"^(?P<name>[^:]+): ")


def _by_name(text: str, names: Sequence[str]) -> tuple[str, str] | None:
    """The longest seated name ``text`` starts with, and the rest of the line after it."""
    for name in names:  # longest first
        if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
            return name, text[len(name) :]
    return None


def _after_name(name: str, rest: str) -> Line | None:
    for pattern, kind, what in _AFTER_NAME.get(rest.split(" ", 1)[0], ()):
        found = pattern.match(rest)
        if found is None:
            continue
        groups = found.groupdict()
        cards = groups.get("cards")
        count = groups.get("count")
        wrong = _at_odds(kind, count, cards, groups.get("hand"))
        if wrong is not None:
            raise LineError(wrong)
        return Line(
            kind,
            name,
            what,
            amount=groups.get("amount"),
            count=int(count) if count is not None else (0 if kind == "discard" else None),
            cards=cards_of(cards) if cards is not None else None,
            all_in=bool(groups.get("all_in")),
        )
    return None


def _at_odds(kind: str, count: str | None, cards: str | None, hand: str | None) -> str | None:
    """What makes a draw or a show line at odds with itself, or None."""
    if kind == "discard" and count is not None and int(count[:3]) == 0:
        return "discards 0 cards: a player who throws none stands pat"
    if kind == "show" and hand and cards is not None:
        return wrong_hand_name(cards_of(cards), hand)
    return None


def classify(text: str, names: Sequence[str]) -> Line:  # noqa: PLR0911 - one return a kind of line
    """What the line ``text`` of a hand's body says; ``names``: the seated players, longest first.

    Raises:
        LineError: a line that is none of the module's lines.
    """
    found = _STREET.match(text)
    if found:
        street = found.group("street")
        draw = DRAWS.get(street.split()[0]) if street.endswith("DRAW") else None
        return Line("street", what=street, count=draw)
    found = _BUTTON.match(text)
    if found:
        return Line("button", count=int(found.group("seat")))
    found = _DEALT.match(text)
    if found:
        new = found.group("new")
        return Line(
            "dealt",
            found.group("name"),
            cards=cards_of(found.group("cards")),
            received=cards_of(new) if new is not None else None,
        )
    found = _RETURNED.match(text)
    if found:
        return Line("returned", found.group("name"), amount=found.group("amount"))
    if _CLOCK.match(text):
        return Line("noise")
    named = _by_name(text, names)
    if named is not None:
        name, rest = named
        if rest.startswith(": "):
            return Line("noise")  # chat
        line = _after_name(name, rest[1:])
        if line is not None:
            return line
    noise = _noise(text)
    if noise is not None:
        return noise
    if named is None:
        raise LineError("not a line of a Full Tilt hand (or a player who is not seated)")
    raise LineError("not a line of a Full Tilt hand")


def _noise(text: str) -> Line | None:
    """The table's noise from anyone, seated or not, or None."""
    found = _SITTING_OUT.match(text)
    if found:
        return Line("sitting_out", found.group("name"))
    if _OBSERVER.match(text):
        return Line("noise")
    found = _ANYONE_NOISE.match(text)
    if found:
        return Line("noise", found.group("name"))
    found = _CHAT.match(text)
    if found and not text.startswith("Seat "):
        # Whether the speaker is at the table (it sat down this hand, say) is for the caller to tell.
        return Line("chat", found.group("name"))
    return None
