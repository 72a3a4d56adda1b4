"""What a seat's socket may send: each message read, checked and turned into one intent, or refused.

A message is one JSON object of at most ``MAX_MESSAGE`` characters with a
``"type"``:

* ``{"type": "act", "action": "fold"|"check"|"call"|"bet"|"raise", "to": TOTAL}``
  (``to`` only for bet and raise, and optional there: the smallest legal total);
* ``{"type": "draw", "discard": ["Kc", "9d"]}`` (``[]`` stands pat);
* ``{"type": "back"}``: the person is back at an away seat;
* ``{"type": "chat", "text": "..."}``: a line for everyone at the table (at
  most ``LONGEST_CHAT`` characters, plain text);
* ``{"type": "sit_out"}``, ``{"type": "sit_in"}``, ``{"type": "rebuy"}``: a
  home game's (a seat leaves the deal and comes back; buys chips up to the
  starting stack).

Anything else (not JSON, not an object, an unknown type, a missing, extra or
mistyped field, an amount beyond any stack) is refused with a
``WebInputError`` whose message names the problem: the table answers it with
one ``error`` frame and plays on. Whether an intent is legal *now* is the
table's question (``badugi.web.table``), asked of the engine's ``Legal``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from badugi.cards import CARD_TEXT, card_id, quote
from badugi.engine import Action, Legal
from badugi.errors import BadugiError, InvalidHandError

__all__ = [
    "ACTIONS",
    "LONGEST_CHAT",
    "MAX_MESSAGE",
    "Act",
    "Back",
    "Chat",
    "Draw",
    "Intent",
    "RateLimit",
    "Seating",
    "WebInputError",
    "action_for",
    "parse_message",
    "shown",
]

#: The longest message a seat may send, in characters: an intent is a few dozen.
MAX_MESSAGE = 1024
#: The bet words a message may use; "bet" and "raise" both mean "to this total for the round".
ACTIONS = ("fold", "check", "call", "bet", "raise")
#: The most cards a draw may name (five-card games throw up to five).
MOST_DISCARDS = 5
#: Totals beyond this are no stack's (the engine's chips fit in 63 bits).
MOST_CHIPS = 2**63 - 1
#: The longest chat message, in characters.
LONGEST_CHAT = 300


#: The longest quotation of a value in an error message, in characters.
QUOTE_LIMIT = 60


def shown(value: object) -> str:
    """A value as an error message quotes it: as JSON says it (``null``, ``true``, ``[1, 2]``), cut short.

    What a request sends is JSON, so the message speaks JSON: ``[None]`` would
    be Python's word for what the page sent as ``[null]``.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        return f"a number of {value.bit_length()} bits"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return quote(value)
    # What a page would draw wrongly (a control, an invisible or a right-to-left override) is escaped.
    text = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


class WebInputError(BadugiError, ValueError):
    """A request or message the table server refuses; the message names the problem.

    It is a ``ValueError``. The server answers it with one ``error`` frame (a
    socket) or a 400 answer (HTTP), and nothing changes.
    """


@dataclass(frozen=True)
class Act:
    """A betting intent: ``action`` is one of ``ACTIONS``; ``to`` the total of a bet or raise, or None."""

    action: str
    to: int | None = None


@dataclass(frozen=True)
class Draw:
    """A draw: the cards to throw (canonical text, "Kc"); none stands pat."""

    discard: tuple[str, ...]


@dataclass(frozen=True)
class Back:
    """The person at an away seat is back: the seat waits for them again."""


@dataclass(frozen=True)
class Chat:
    """A chat line: plain text, 1 to ``LONGEST_CHAT`` characters, spaces folded."""

    text: str


@dataclass(frozen=True)
class Seating:
    """A home game's seat changes: ``what`` is ``"sit_out"``, ``"sit_in"`` or ``"rebuy"``."""

    what: str


Intent = Act | Draw | Back | Chat | Seating

_FIELDS = {
    "act": {"type", "action", "to"},
    "draw": {"type", "discard"},
    "back": {"type"},
    "chat": {"type", "text"},
    "sit_out": {"type"},
    "sit_in": {"type"},
    "rebuy": {"type"},
}


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def parse_message(text: object) -> Intent:
    """The intent one text message states.

    Raises:
        WebInputError: ``text`` is not a string of at most ``MAX_MESSAGE``
            characters holding one JSON object that states an intent.
    """
    if not isinstance(text, str):
        raise WebInputError("messages are JSON text, not binary frames")
    if len(text) > MAX_MESSAGE:
        raise WebInputError(f"a message is at most {MAX_MESSAGE} characters; this one has {len(text)}")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser goes
        raise WebInputError("a message must be one JSON object; this one is not JSON") from None
    if not isinstance(data, dict):
        raise WebInputError(f"a message must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise WebInputError(f"unknown message type {shown(kind)}; the types are {', '.join(_FIELDS)}")
    extra = sorted(set(data) - _FIELDS[kind])
    if extra:
        raise WebInputError(f"a {kind} message has no field {shown(extra[0])}")
    if kind == "act":
        return _act(data)
    if kind == "draw":
        return _draw(data)
    if kind == "chat":
        return _chat(data.get("text"))
    if kind == "back":
        return Back()
    return Seating(kind)


def _chat(text: object) -> Chat:
    if not isinstance(text, str):
        raise WebInputError(f"a chat message's text is a string, got {shown(text)}")
    # Lines and runs of spaces fold to one space; what is not printable (controls, invisible and
    # right-to-left overrides) is refused rather than dropped, so the sender knows.
    folded = " ".join(text.split())
    if not folded:
        raise WebInputError("a chat message needs some text")
    if len(folded) > LONGEST_CHAT:
        raise WebInputError(f"a chat message is at most {LONGEST_CHAT} characters, not {len(folded)}")
    if not folded.isprintable():
        raise WebInputError("a chat message is plain text: no control or invisible characters")
    return Chat(folded)


def _act(data: dict[str, object]) -> Act:
    action = data.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        raise WebInputError(f"action must be one of {', '.join(ACTIONS)}, got {shown(action)}")
    if "to" not in data or data["to"] is None:
        return Act(action)
    to = data["to"]
    if action not in ("bet", "raise"):
        raise WebInputError(f"only a bet or a raise takes 'to'; {action} does not")
    if not isinstance(to, int) or isinstance(to, bool):
        raise WebInputError(f"'to' must be a whole number of chips, got {shown(to)}")
    if not 1 <= to <= MOST_CHIPS:
        raise WebInputError(f"'to' must be between 1 and {MOST_CHIPS}, got {shown(to)}")
    return Act(action, to)


def _draw(data: dict[str, object]) -> Draw:
    discard = data.get("discard")
    if not isinstance(discard, list):
        raise WebInputError(f"'discard' must be a list of cards ([] stands pat), got {shown(discard)}")
    if len(discard) > MOST_DISCARDS:
        raise WebInputError(f"a draw throws at most {MOST_DISCARDS} cards, got {len(discard)}")
    cards = []
    for item in discard:
        if not isinstance(item, str) or len(item) > 4:
            raise WebInputError(f"a card is text such as 'Kc', got {shown(item)}")
        try:
            cards.append(CARD_TEXT[card_id(item)])
        except InvalidHandError:
            raise WebInputError(f"{shown(item)} is not a card") from None
    if len(set(cards)) != len(cards):
        raise WebInputError("a draw names each card once")
    return Draw(tuple(cards))


class RateLimit:
    """A token bucket: ``burst`` messages at once, ``per_second`` after that.

    A flood is answered by refusals, then a close: ``allow`` says whether a
    message may be read, and ``flooding`` whether the socket has been refused
    so many times (``most_refused``) that it should be closed. A message that
    the table applied (an action in turn) gives its token back (``refund``):
    a seat acts only when the game asks it, so its legal play is limited by
    the game itself, and a program may play as fast as the table deals.
    """

    def __init__(self, per_second: float = 10.0, burst: int = 30, most_refused: int = 100) -> None:
        self.per_second = per_second
        self.burst = burst
        self.most_refused = most_refused
        self._tokens = float(burst)
        self._at = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        """Take a token for one message; False (and one more refusal counted) if there is none."""
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        return False

    def refund(self) -> None:
        """Give back the token of a message that was applied."""
        self._tokens = min(self.burst, self._tokens + 1)

    def wait(self) -> float:
        """Seconds until a token is there again (0 if one is)."""
        self._refill()
        return 0.0 if self._tokens >= 1 else (1 - self._tokens) / self.per_second

    @property
    def full(self) -> bool:
        """Whether the bucket is full again (as good as a new one)."""
        self._refill()
        return self._tokens >= self.burst

    def _refill(self) -> None:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.per_second)
        self._at = now

    @property
    def flooding(self) -> bool:
        """Whether the socket was refused ``most_refused`` times or more."""
        return self.refused >= self.most_refused


def action_for(intent: Act | Draw, legal: Legal, cards: Sequence[str]) -> Action:  # noqa: PLR0912 - a branch an action
    """The engine action an intent asks for, if ``legal`` (the seat's own, now) allows it.

    ``cards`` are the seat's cards. The action is what a ``Match`` player
    returns: ``"fold"``, ``"check"``, ``"call"``, ``("raise", total)`` or
    ``("draw", [cards])``.

    Raises:
        WebInputError: what the intent asks is not legal now; the message says what is.
    """
    if isinstance(intent, Draw):
        if not legal.draw:
            raise WebInputError("it is not the draw: bet, call, check or fold")
        held = set(cards)
        for card in intent.discard:
            if card not in held:
                raise WebInputError(f"you do not hold {card}")
        return ("draw", list(intent.discard))
    if legal.draw:
        raise WebInputError("it is the draw: send a draw (an empty discard stands pat)")
    action = intent.action
    if action == "fold":
        if not legal.fold:
            raise WebInputError("you cannot fold now")
        return "fold"
    if action == "check":
        if not legal.check:
            raise WebInputError(f"you cannot check: a call costs {legal.call_amount}")
        return "check"
    if action == "call":
        if not legal.call:
            raise WebInputError("there is no bet to call: check" if legal.check else "you cannot call now")
        return "call"
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        raise WebInputError(
            f"you cannot {action} now: the betting is capped or nobody is left to bet against"
        )
    to = low if intent.to is None else intent.to
    if not low <= to <= high:
        span = f"{low}" if low == high else f"between {low} and {high}"
        raise WebInputError(f"a {action} goes to a total of {span}, not {to}")
    return ("raise", to)
