"""A Merge file's ``<description>``: the game, the structure, the stakes' two numbers; exact amounts.

Also the two ways a hand is not read: ``Refusal`` (an error, at an
element's line) and ``Skip`` (another game, or a cancelled hand).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from badugi.histories.merge.xml_fragment import Node

__all__ = ["Refusal", "Skip", "Stakes", "decimal_of", "stakes_of"]

_STAKES = re.compile(r"\$?([0-9][0-9,]*(?:\.[0-9]+)?)\s*/\s*\$?([0-9][0-9,]*(?:\.[0-9]+)?)")


class Refusal(Exception):
    """A hand the reader cannot understand: the element's line and why."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class Skip(Exception):
    """A hand of another game (or none: cancelled)."""


@dataclass
class Stakes:
    """What the description says: the structure, the two numbers of the stakes, a tournament or not."""

    kind: str
    numbers: tuple[Decimal, Decimal] | None
    tournament: bool


def stakes_of(description: Node | None, game: Node) -> Stakes:
    """What the description before ``game`` says; ``Skip`` for another game, ``Refusal`` for none."""
    if description is None:
        raise Refusal(game.line, "no <description> before the hand: its game and stakes are unknown")
    kind = (description.get("type") or "").strip()
    tournament = kind.endswith(" Tournament")
    name = kind.removesuffix(" Tournament").strip()
    if name != "Badugi":
        raise Skip(f"{name or 'an unnamed game'} is not Badugi")
    stakes = (description.get("stakes") or "").strip()
    structure = next(
        (
            name
            for prefix, name in (
                ("Half Pot Limit", "half_pot"),
                ("Pot Limit", "pot"),
                ("No Limit", "no_limit"),
                ("Limit", "fixed"),
            )
            if stakes.startswith(prefix)
        ),
        None,
    )
    if structure is None:
        raise Refusal(description.line, f"stakes {stakes!r}: not Limit, Pot Limit or Half Pot Limit")
    if structure == "no_limit":
        raise Skip("no-limit Badugi: the engine has no no-limit structure")
    match = _STAKES.search(stakes)
    numbers = None
    if match:
        numbers = (decimal_of(match.group(1), description.line), decimal_of(match.group(2), description.line))
    return Stakes(structure, numbers, tournament)


_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+")


def decimal_of(text: str, line: int) -> Decimal:
    """An amount as written (``$`` and ``,`` dropped), exact; ``Refusal`` if it is not one."""
    cleaned = text.strip().lstrip("$").replace(",", "")
    if not _AMOUNT.fullmatch(cleaned):  # digits and a point only: Decimal would take "1e2" or "NaN"
        raise Refusal(line, f"{text[:40]!r} is not an amount")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise Refusal(line, f"{text!r} is not an amount") from None
    if not value.is_finite() or value < 0:
        raise Refusal(line, f"{text!r} is not an amount")
    return value
