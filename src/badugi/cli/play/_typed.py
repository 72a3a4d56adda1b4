"""What a person types at the table, read into an action, or refused with one line saying why.

One line a decision: ``f``/``fold``, ``k``/``check``, ``c``/``call`` (which
checks when there is nothing to call), ``b``/``bet``/``r``/``raise`` with an
optional total (the smallest legal one without it), ``d``/``draw`` with the
cards to throw (``d Kh 9d``) or their positions (``d 1 3``), ``pat``, and
``hint``, ``help``, ``quit``. A line is checked against what is legal now, so
that an action read here is one the engine takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from badugi.cards import CARD_TEXT, parse_cards
from badugi.cli._common import MOST_DIGITS, digits_value
from badugi.cli.play._screen import is_raise, legal_now
from badugi.engine.view import SeatView
from badugi.errors import BadugiError

__all__ = ["HELP", "Typed", "TypedKind", "read_typed", "refusal"]

#: What a typed line turned out to be.
TypedKind = Literal["action", "hint", "help", "quit", "refused"]

HELP = """\
At your turn to bet:
  c, call           call (checks when there is nothing to call)
  k, check          check
  b, bet [TOTAL]    bet, to TOTAL this round (the smallest legal bet without it)
  r, raise [TOTAL]  raise to TOTAL this round (the smallest legal raise without it)
  f, fold           fold (refused when you can check for free)
At your draw:
  d CARDS           throw these cards: d Kh 9d
  d POSITIONS       throw the cards at these places of your hand: d 1 3
  pat               keep every card
Any time:
  hint              the best discard and your chance of winning
  help              this list
  quit              leave the table (the hands finished so far are kept)"""

_WORDS = {
    "f": "fold",
    "fold": "fold",
    "k": "check",
    "check": "check",
    "x": "check",
    "c": "call",
    "call": "call",
    "b": "raise",
    "bet": "raise",
    "r": "raise",
    "raise": "raise",
    "d": "draw",
    "draw": "draw",
    "pat": "pat",
    "hint": "hint",
    "help": "help",
    "h": "help",
    "?": "help",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
}

#: The words that ask for something rather than act: each is its own kind of line.
_ASKED: dict[str, TypedKind] = {"hint": "hint", "help": "help", "quit": "quit"}


@dataclass(frozen=True)
class Typed:
    """A line read: ``kind`` is "action" (in ``action``), "hint", "help", "quit" or "refused" (``why``)."""

    kind: TypedKind
    action: Any = None
    why: str = ""


def _refuse(why: str, view: SeatView) -> Typed:
    return Typed("refused", why=why)


def _shown(word: str, quoted: bool = True) -> str:
    """``word`` as a refusal quotes it: a very long one cut short, with its length."""
    if len(word) > 24:
        return f"{word[:12]}... ({len(word):,} characters)"
    return repr(word) if quoted else word


def refusal(typed: Typed, view: SeatView, dot: str = "\u00b7") -> str:
    """The one line that answers a refused line: why, and what is legal now."""
    return f"{typed.why}. Now: {legal_now(view, dot)}"


def read_typed(line: str, view: SeatView) -> Typed:
    """The line ``line`` typed at ``view``'s decision: what it asks for, or why it cannot be done now."""
    words = line.split()
    if not words:
        return _refuse("Type what you do", view)
    word, rest = words[0].lower(), words[1:]
    meaning = _WORDS.get(word)
    if meaning is None:
        return _refuse(f"{line.strip()[:40]!r} is not a command (help lists them)", view)
    asked = _ASKED.get(meaning)
    if asked is not None:
        return Typed(asked) if not rest else _refuse(f"{word} takes nothing after it", view)
    if view.legal.draw:
        return _draw(meaning, rest, view)
    if meaning in {"draw", "pat"}:
        return _refuse("It is not the draw: it is your turn to bet", view)
    return _bet(meaning, word, rest, view)


def _bet(meaning: str, word: str, rest: list[str], view: SeatView) -> Typed:  # noqa: PLR0911 - one per case
    legal = view.legal
    if meaning != "raise" and rest:
        return _refuse(f"{word} takes nothing after it", view)
    if meaning == "fold":
        if legal.check:  # folding a hand that could see the next card for nothing is never meant
            return _refuse("Nothing to call: k (or c) checks for free", view)
        return Typed("action", "fold") if legal.fold else _refuse("You cannot fold now", view)
    if meaning == "check":
        if legal.check:
            return Typed("action", "check")
        return _refuse(f"You cannot check: {legal.call_amount:,} to call", view)
    if meaning == "call":
        return Typed("action", "call" if legal.call else "check")
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return _refuse("No bet or raise is allowed now", view)
    if not rest:
        return Typed("action", ("raise", low))
    if len(rest) > 1:
        return _refuse(f"{word} takes one total, got {' '.join(rest)!r}", view)
    total = digits_value(rest[0].replace(",", ""))
    if total is None:
        return _refuse(f"{_shown(rest[0])} is not a total of chips", view)
    if not low <= total <= high:
        allowed = f"{low:,}" if low == high else f"a total from {low:,} to {high:,}"
        long = len(rest[0].replace(",", "").lstrip("0")) > MOST_DIGITS
        asked = _shown(rest[0], quoted=False) if long else f"{total:,}"
        return _refuse(f"A {'raise' if is_raise(view) else 'bet'} goes to {allowed} here, not {asked}", view)
    return Typed("action", ("raise", total))


def _draw(meaning: str, rest: list[str], view: SeatView) -> Typed:  # noqa: PLR0911 - one per case
    if meaning == "pat":
        return Typed("action", ("draw", [])) if not rest else _refuse("pat takes nothing after it", view)
    if meaning != "draw":
        return _refuse("It is your draw, not a bet", view)
    if not rest:
        return _refuse("Say which cards to throw", view)
    cards = list(view.cards)
    numbers = [digits_value(word) for word in rest]
    if any(n is not None for n in numbers) and any(n is None for n in numbers):
        return _refuse("Give the cards or their places, not both", view)
    if all(n is not None for n in numbers):
        places = [n for n in numbers if n is not None]
        wrong = [word for word, p in zip(rest, places, strict=True) if not 1 <= p <= len(cards)]
        if wrong:
            return _refuse(
                f"Your cards are at places 1 to {len(cards)}, not {_shown(wrong[0], quoted=False)}", view
            )
        thrown = [cards[p - 1] for p in places]
    else:
        try:
            thrown = [CARD_TEXT[c] for c in parse_cards(" ".join(rest))]
        except (BadugiError, ValueError) as exc:
            return _refuse(f"{_shown(' '.join(rest))} is neither cards nor places: {exc}", view)
        missing = [c for c in thrown if c not in cards]
        if missing:
            return _refuse(f"{missing[0]} is not in your hand", view)
    if len(set(thrown)) != len(thrown):
        return _refuse("A card is named twice", view)
    return Typed("action", ("draw", thrown))
