"""Another format's table fields as PokerStars writes them: its hand and tournament numbers, its time.

PokerStars numbers its hands and tournaments, and writes the time with its
date (``2021/03/14 18:02:11 ET``). The other formats say the same things
their own way: PHH a time of day with ``day``, ``month``, ``year`` and
``time_zone`` and its ``seat_count``, Merge a tournament number as text
(``"61234567"``) and a compact time (``20120203170522``), KingsClub
``2021-03-14 20:01:07``. What cannot be a PokerStars number (Merge's hand id
``"61234999-12"``) is left out: the writer numbers the hand itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["as_pokerstars"]

_TIME_OF_DAY = re.compile(r"[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?")
_COMPACT = re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})")
_DASHED = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})[ T]([0-9]{1,2}:[0-9]{2}:[0-9]{2})(.*)")


def _number(value: object) -> int | None:
    """A whole number, or text of digits, as an int; anything else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value >= 0 else None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 30:
        return int(value)
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _time(fields: Mapping[str, Any]) -> str | None:
    """The time as PokerStars writes it, from the ways the formats write it; None if there is none."""
    time = fields.get("time")
    if isinstance(time, str):
        compact = _COMPACT.fullmatch(time)
        if compact:
            y, mo, d, h, mi, s = compact.groups()
            return f"{y}/{mo}/{d} {h}:{mi}:{s}"
        dashed = _DASHED.fullmatch(time)
        if dashed:
            y, mo, d, clock, rest = dashed.groups()
            return f"{y}/{mo}/{d} {clock}{rest.rstrip()}"
    day, month, year = fields.get("day"), fields.get("month"), fields.get("year")
    dated = _whole(day) and _whole(month) and _whole(year)
    if dated and (time is None or (isinstance(time, str) and _TIME_OF_DAY.fullmatch(time))):
        clock = time if isinstance(time, str) else "00:00:00"
        zone = fields.get("time_zone")
        tail = f" {zone}" if isinstance(zone, str) and zone.strip() else ""
        return f"{year:04d}/{month:02d}/{day:02d} {clock}{tail}"
    return time if isinstance(time, str) else None


def as_pokerstars(fields: Mapping[str, Any]) -> dict[str, Any]:
    """``fields`` (a record's, or PHH's) with the numbers and the time PokerStars writes; others as given."""
    kept = dict(fields)
    for key in ("hand", "tournament"):
        if key in kept:
            number = _number(kept[key])
            if number is None:
                del kept[key]  # not a PokerStars number: the writer's own (the hand), or none (a cash game)
            else:
                kept[key] = number
    time = _time(kept)
    if time is not None:
        kept["time"] = time
    if "max_seats" not in kept and _whole(kept.get("seat_count")):
        kept["max_seats"] = kept["seat_count"]
    return kept
