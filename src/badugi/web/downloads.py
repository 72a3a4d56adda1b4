"""A table's hands written out: the public record, and each seat's own, in ``badugi.histories``' formats.

* ``public_hands``: every finished hand as nobody at the table holds it (no
  hole card, discard or deck; the hands shown at the showdown are shown), one
  JSON array of events a line.
* ``seat_hands``: the hands as one seat saw them, in ``json`` (JSON lines of
  the engine's ``public_history`` for that seat), ``phh`` (PHH, hand ``k`` the
  table ``[k]`` as in a ``.phhs`` file, where PHH can state the game: fixed
  limit Badugi without a qualifier) or ``pokerstars`` (PokerStars text, where
  the format can state it). The players are named as they are at the table,
  each hand says when it was played (UTC) and how many seats the table has.
  A hand the format cannot state is left out and counted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime, timezone
from typing import Any

from badugi.engine import public_history
from badugi.errors import HandHistoryError
from badugi.histories import to_phh, to_pokerstars
from badugi.histories.phh.fields import positions
from badugi.web.store import StoredHand
from badugi.web.views import spectator_event

__all__ = ["FORMATS", "public_hands", "seat_hands"]

#: The formats a seat may download, with each one's media type and file name ending.
FORMATS = {
    "json": ("application/x-ndjson", "jsonl"),
    "phh": ("text/plain; charset=utf-8", "phhs"),
    "pokerstars": ("text/plain; charset=utf-8", "txt"),
}


def _json_line(events: Iterable[Any]) -> str:
    return json.dumps(list(events), separators=(",", ":"), ensure_ascii=False)


def public_hands(hands: Iterable[StoredHand]) -> str:
    """Every finished hand as nobody at the table holds it: JSON lines, one hand (its events) a line."""
    return "".join(
        _json_line(spectator_event(item, len(stored.seated)) for item in stored.history) + "\n"
        for stored in hands
    )


def _when(stored: StoredHand) -> datetime:
    return datetime.fromtimestamp(stored.ended or 0, tz=timezone.utc)


def seat_hands(
    hands: Iterable[StoredHand], seat: int, form: str, names: Sequence[str], table: str
) -> tuple[str, int]:
    """The hands table seat ``seat`` played, as it saw them, in ``form``; and how many were left out.

    ``names`` are the table's seats' names, ``table`` its name. Hands the seat
    was not dealt into are not its own and are not written; a hand ``form``
    cannot state is left out and counted.
    """
    parts: list[str] = []
    left_out = 0
    for stored in hands:
        if seat not in stored.seated:
            continue
        k = list(stored.seated).index(seat)
        players = [names[p] for p in stored.seated]
        when = _when(stored)
        try:
            if form == "json":
                parts.append(_json_line(public_history(stored.history, k)) + "\n")
            elif form == "phh":
                setup = stored.history[0]
                order = positions(len(stored.seated), setup["button"])
                fields = {
                    "hand": stored.number,
                    "table": table,
                    "players": [players[p] for p in order],
                    "year": when.year,
                    "month": when.month,
                    "day": when.day,
                    "time": when.strftime("%H:%M:%S"),
                    "time_zone": "UTC",
                }
                parts.append(f"[{stored.number}]\n{to_phh(stored.history, viewer=k, fields=fields)}\n")
            else:
                fields = {
                    "players": players,
                    "hand": stored.number,
                    "table": table,
                    "time": when.strftime("%Y/%m/%d %H:%M:%S UTC"),
                    "max_seats": len(names),
                }
                parts.append(to_pokerstars(stored.history, viewer=k, fields=fields) + "\n\n\n")
        except HandHistoryError:
            left_out += 1
    return "".join(parts), left_out
