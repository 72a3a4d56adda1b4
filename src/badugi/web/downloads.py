"""A table's hands written out: the public record, and each seat's own, in ``badugi.histories``' formats.

* ``public_hands``: every finished hand as nobody at the table holds it (no
  hole card, discard or deck; the hands shown at the showdown are shown), one
  JSON array of events a line. Anyone with the table's id may read it.
* ``seat_hands``: the hands as one seat saw them, in ``json`` (JSON lines of
  the engine's ``public_history`` for that seat), ``phh`` (PHH, hand ``k`` the
  table ``[k]`` as in a ``.phhs`` file, where PHH can state the game: fixed
  limit Badugi without a qualifier) or ``pokerstars`` (PokerStars text, where
  the format can state it). A hand the format cannot state is left out and
  counted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from badugi.engine import public_history
from badugi.errors import HandHistoryError
from badugi.histories import to_phh, to_pokerstars
from badugi.web.views import spectator_event

__all__ = ["FORMATS", "public_hands", "seat_hands"]

#: The formats a seat may download, with each one's media type and file name ending.
FORMATS = {
    "json": ("application/x-ndjson", "jsonl"),
    "phh": ("text/plain; charset=utf-8", "phhs"),
    "pokerstars": ("text/plain; charset=utf-8", "txt"),
}

Stored = Iterable[tuple[int, Sequence[int], Sequence[Any]]]


def _json_line(events: Iterable[Any]) -> str:
    return json.dumps(list(events), separators=(",", ":"))


def public_hands(hands: Stored) -> str:
    """Every finished hand as nobody at the table holds it: JSON lines, one hand (its events) a line."""
    lines = []
    for _number, seated, history in hands:
        lines.append(_json_line(spectator_event(item, len(seated)) for item in history))
    return "".join(line + "\n" for line in lines)


def seat_hands(hands: Stored, seat: int, form: str, names: Sequence[str]) -> tuple[str, int]:
    """The hands table seat ``seat`` played, as it saw them, in ``form``; and how many were left out.

    Hands it was not dealt into (after it busted) are not its own and are not
    written; a hand ``form`` cannot state is left out and counted.
    """
    parts: list[str] = []
    left_out = 0
    for number, seated, history in hands:
        if seat not in seated:
            continue
        k = list(seated).index(seat)
        if form == "json":
            parts.append(_json_line(public_history(history, k)) + "\n")
            continue
        try:
            if form == "phh":
                parts.append(f"[{number}]\n{to_phh(history, viewer=k, fields={'hand': number})}\n")
            else:
                players = [names[p] for p in seated]
                fields = {"players": players, "hand": number, "table": "badugi"}
                parts.append(to_pokerstars(history, viewer=k, fields=fields) + "\n\n\n")
        except HandHistoryError:
            left_out += 1
    return "".join(parts), left_out
