"""The fields the PokerStars writer writes: the players' names, the hand, the table, a tournament."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from badugi.cards import quote
from badugi.errors import HandHistoryError

__all__ = ["FIELDS", "options"]

#: The fields ``to_pokerstars`` takes.
FIELDS = frozenset(
    {"players", "hand", "table", "time", "max_seats", "play_money", "tournament", "level", "buyin"}
)
_NAME_LIMIT = 50
#: A name that a line starts with and that would make it a hand's first line (``PokerStars Hand #1:
#: collected 4 from pot`` cuts the file there), or a PHH field's line, which the format's detection reads.
_ANOTHER_LINE = re.compile(r"PokerStars (?:Zoom |Rush |Home Game )?(?:Hand|Game) #|\s*variant\s*=")


def options(fields: object, seats: int) -> dict[str, Any]:  # noqa: PLR0912 - each field in turn
    """The fields checked, each with its default: what the header and the seats write."""
    if fields is None:
        fields = {}
    if not isinstance(fields, Mapping):
        raise HandHistoryError(f"fields must be a mapping, got {quote(fields)}")
    unknown = sorted(str(key) for key in fields if key not in FIELDS)
    if unknown:
        raise HandHistoryError(f"{quote(unknown[0])} is not a PokerStars field (one of {sorted(FIELDS)})")
    players = fields.get("players", [f"Player {k + 1}" for k in range(seats)])
    if (
        not isinstance(players, (list, tuple))
        or len(players) != seats
        or not all(isinstance(name, str) for name in players)
    ):
        raise HandHistoryError(f"players must be {seats} names, one a seat, got {quote(players)}")
    for name in players:
        if not name or name != name.strip() or len(name) > _NAME_LIMIT or any(c in name for c in "\r\n[]"):
            raise HandHistoryError(
                f"the player name {quote(name)} cannot be written: a name is 1 to {_NAME_LIMIT} characters "
                "without line breaks, brackets, or spaces at its ends"
            )
        if name.startswith(("Seat ", "Dealt to", "Uncalled", "***")) or _ANOTHER_LINE.match(name):
            raise HandHistoryError(f"the player name {quote(name)} reads as another line")
    if len(set(players)) != seats:
        raise HandHistoryError(f"players {quote(players)} names a player twice")
    number = fields.get("hand", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise HandHistoryError(f"hand must be a whole number, got {quote(number)}")
    table = fields.get("table", "Badugi")
    time = fields.get("time", "2000/01/01 00:00:00 ET")
    for key, value in (("table", table), ("time", time)):
        if not isinstance(value, str) or not value or "\n" in value or "\r" in value or "'" in value:
            raise HandHistoryError(f"{key} must be a line of text without quotes, got {quote(value)}")
    max_seats = fields.get("max_seats", 2 if seats == 2 else 6 if seats <= 6 else 8)
    if not isinstance(max_seats, int) or isinstance(max_seats, bool) or max_seats < seats:
        raise HandHistoryError(
            f"max_seats must be a whole number of at least {seats}, got {quote(max_seats)}"
        )
    play_money = fields.get("play_money", False)
    if not isinstance(play_money, bool):
        raise HandHistoryError(f"play_money must be True or False, got {quote(play_money)}")
    options = {
        "players": list(players),
        "hand": number,
        "table": table,
        "time": time,
        "max_seats": max_seats,
        "play_money": play_money,
    }
    return options | _tournament(fields)


def _tournament(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The tournament's number, level and buy-in, each None for a cash game."""
    tournament = fields.get("tournament")
    if tournament is None:
        return {"tournament": None}
    if not isinstance(tournament, int) or isinstance(tournament, bool) or tournament < 0:
        raise HandHistoryError(f"tournament must be a whole number, got {quote(tournament)}")
    level = fields.get("level") or "I"
    buyin = fields.get("buyin") or "$1+$0.10 USD"
    if not isinstance(level, str) or not level.isalnum():
        raise HandHistoryError(f'level must be a word ("IV"), got {quote(level)}')
    if not isinstance(buyin, str) or "\n" in buyin or "\r" in buyin or " - " in buyin:
        raise HandHistoryError(f'buyin must be a line of text ("$1+$0.10 USD"), got {quote(buyin)}')
    return {"tournament": tournament, "level": level, "buyin": buyin}
