"""PHH action notation: one string of the ``actions`` array, parsed.

The grammar (the PHH standard): ``[[actor action[ arguments...]][ # commentary]]``,
words separated by whitespace. For Badugi (``FB``) the actions are

* ``d dh pN cards``: the dealer deals hole cards (the deal, or a draw's
  replacements) to player N;
* ``pN cbr amount``: bet or raise to ``amount`` (the total for the round);
* ``pN cc``: check or call; ``pN f``: fold;
* ``pN sd [cards]``: discard these cards (none: stand pat);
* ``pN sm [cards | -]``: show these cards (``-``: the cards dealt), none: muck;
* an empty string or a lone ``# commentary``: nothing happens.

Cards are written without separators (``AhKd2c3s``); ``??`` is a card nobody
saw. This module keeps unknown cards as ``None``, so a reader of partial hands
can take them; the complete-hand reader refuses them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from badugi.cards import RANK_CHARS, SUIT_CHARS, quote
from badugi.errors import HandHistoryError

__all__ = ["UNKNOWN", "Action", "format_cards", "parse_action", "parse_cards"]

#: The text of a card nobody saw.
UNKNOWN = "??"
_CARD = re.compile(rf"[{RANK_CHARS}][{SUIT_CHARS}]|\?\?")
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+")
_KINDS = {"dh", "db", "cbr", "cc", "f", "sd", "sm", "pb"}


@dataclass(frozen=True)
class Action:
    """One parsed action.

    Attributes:
        number: its place in the ``actions`` array, from 1 (for messages).
        text: the action as written.
        kind: ``"dh"``, ``"cbr"``, ``"cc"``, ``"f"``, ``"sd"``, ``"sm"``, or
            ``""`` for a no-op (an empty string or a commentary).
        player: the player it concerns, from 0 (``p1`` is 0), or None for a no-op.
        cards: the cards it names, each ``"Ah"`` or None for ``??``; for
            ``sm -`` (show what was dealt) and ``sm`` (muck), ``show_dealt``
            and ``muck`` say which.
        amount: the total of a ``cbr``.
    """

    number: int
    text: str
    kind: str
    player: int | None = None
    cards: tuple[str | None, ...] = ()
    amount: int | None = None
    show_dealt: bool = False
    muck: bool = False

    def where(self) -> str:
        """The action named for a message: its number and text."""
        return f"action {self.number} ({quote(self.text)})"


def parse_cards(text: str, where: str) -> tuple[str | None, ...]:
    """The cards of PHH card notation, ``None`` for each ``??``.

    Raises:
        HandHistoryError: not cards (the message quotes ``where``).
    """
    cards: list[str | None] = []
    position = 0
    while position < len(text):
        found = _CARD.match(text, position)
        if found is None:
            raise HandHistoryError(
                f"{where}: {quote(text[position : position + 2])} is not a card "
                f"(a rank of {RANK_CHARS} and a suit of {SUIT_CHARS}, or ?? for an unknown card)"
            )
        cards.append(None if found.group() == UNKNOWN else found.group())
        position = found.end()
    return tuple(cards)


def format_cards(cards: tuple[str | None, ...] | list[str]) -> str:
    """Cards in PHH notation (``None`` is ``??``)."""
    return "".join(UNKNOWN if card is None else card for card in cards)


def parse_action(text: object, number: int, players: int) -> Action:  # noqa: PLR0912 - one branch a notation
    """Action ``number`` (from 1) of a hand of ``players`` players, parsed.

    Raises:
        HandHistoryError: not an action of fixed-limit Badugi; the message
            names the action and what is wrong with it.
    """
    where = f"action {number} ({quote(text)})"
    if not isinstance(text, str):
        raise HandHistoryError(f"{where}: every action is a string")
    words = text.split("#", 1)[0].split()
    if not words:
        return Action(number, text, "")
    if words[0] == "d":
        if len(words) >= 2 and words[1] == "db":
            raise HandHistoryError(f"{where}: Badugi deals no board cards ('d db')")
        if len(words) != 4 or words[1] != "dh":
            raise HandHistoryError(f"{where}: the dealer's action is 'd dh pN cards'")
        return Action(number, text, "dh", _player(words[2], where, players), parse_cards(words[3], where))
    player = _player(words[0], where, players)
    kind, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
    if kind not in _KINDS or kind in ("dh", "db"):
        raise HandHistoryError(f"{where}: a player's action is cbr, cc, f, sd or sm, got {quote(kind)}")
    if kind == "pb":
        raise HandHistoryError(f"{where}: Badugi has no bring-in ('pb' is a stud action)")
    if kind in ("cc", "f"):
        if args:
            raise HandHistoryError(f"{where}: {quote(kind)} takes nothing after it")
        return Action(number, text, kind, player)
    if kind == "cbr":
        if len(args) != 1 or not _AMOUNT.fullmatch(args[0]):
            raise HandHistoryError(f"{where}: 'cbr' takes one amount, a whole number of chips")
        return Action(number, text, kind, player, amount=int(args[0]))
    if len(args) > 1:
        raise HandHistoryError(f"{where}: {quote(kind)} takes at most one group of cards")
    if kind == "sm" and args == ["-"]:
        return Action(number, text, kind, player, show_dealt=True)
    cards = parse_cards(args[0], where) if args else ()
    return Action(number, text, kind, player, cards, muck=kind == "sm" and not args)


def _player(word: str, where: str, players: int) -> int:
    found = _PLAYER.fullmatch(word)
    if found is None:
        raise HandHistoryError(f"{where}: {quote(word)} is not a player (p1 to p{players})")
    index = int(found.group(1)) - 1 if len(found.group(1)) < 6 else players
    if index >= players:
        raise HandHistoryError(f"{where}: {word} is not a player of this hand (p1 to p{players})")
    return index
