"""Many PHH hands in one file (``.phhs``): each hand a TOML table, ``[1]``, ``[2]``, ...

This is how PokerKit writes them (``HandHistory.dumps_all``): the tables are
named by the hand's number in the file, from 1, and each holds the fields of
one hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from badugi.cards import quote
from badugi.errors import HandHistoryError
from badugi.histories.phh import toml
from badugi.histories.phh.read import RECORDED, CapChoice, PhhHand, _decode, hand_from_fields
from badugi.histories.phh.write import HandOrHistory, to_phh

__all__ = ["dumps_phhs", "loads_phhs"]


def dumps_phhs(
    hands: Iterable[HandOrHistory], *, fields: Iterable[Mapping[str, Any] | None] | None = None
) -> str:
    """Hands as one ``.phhs`` text: hand k (from 1) is the table ``[k]``.

    Args:
        hands: hands that are over, or their histories (as ``to_phh`` takes).
        fields: for each hand, more PHH fields to write (as ``to_phh``'s
            ``fields``), or None.

    Raises:
        HandHistoryError: as ``to_phh``, naming the hand (from 1).
    """
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise HandHistoryError(f"dumps_phhs takes a list of hands or histories, got {quote(hands)}")
    extras = list(fields) if fields is not None else None
    parts = []
    for number, hand in enumerate(hands, 1):
        extra = None
        if extras is not None:
            if number > len(extras):
                raise HandHistoryError(f"dumps_phhs: more hands than fields ({len(extras)})")
            extra = extras[number - 1]
        try:
            parts.append(f"[{number}]\n{to_phh(hand, fields=extra)}")
        except HandHistoryError as exc:
            raise HandHistoryError(f"hand {number}: {exc}") from None
    return "\n".join(parts)


def loads_phhs(text: str | bytes, *, cap: CapChoice = RECORDED) -> list[PhhHand]:
    """Every hand of a ``.phhs`` text, read into the engine in order (see ``read_phh``).

    Raises:
        HandHistoryError: not TOML, a value outside the hands' tables, or a
            hand that does not read (naming its table).
    """
    source = _decode(text, "PHHS")
    try:
        document = toml.loads(source)
    except toml.TomlError as exc:
        raise HandHistoryError(f"PHHS: not TOML: {exc}") from None
    hands = []
    for name, table in document.items():
        if not isinstance(table, dict):
            raise HandHistoryError(
                f"PHHS: {quote(name)} is not a hand: a .phhs file holds tables, [1], [2], ..."
            )
        hands.append(hand_from_fields(table, name, cap))
    return hands
