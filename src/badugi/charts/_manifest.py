"""Checking a chunk folder's ``manifest.json`` as read back: exactly the shape this code writes.

A manifest is compared with the one a run wants, and its seed is taken to
resume a run given none, so a value of the wrong type must not pass for a
right one: JSON ``true`` or ``1.0`` is no ``1`` here, a key too many or too
few is no manifest of this code, and every number is in the range the
arguments it records are checked against.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from badugi.cards import quote
from badugi.charts._hands import class_count
from badugi.charts._jobs import HEADS_UP, MAX_CHUNK_SIZE, VS_RANDOM
from badugi.equity._args import MAX_SAMPLES
from badugi.games import BADUGI, GAMES

__all__ = ["FORMAT", "manifest_problem"]

#: Names this layout in every manifest; a new layout gets a new version. Version 2: each chunk
#: file ends with the checksums of its rows and of the table's parameters (version 1 had none).
#: Version 3: a Monte Carlo heads-up cell below the diagonal is its mirror's deals read from the
#: other seat (version 2 dealt it on its own seeds, so its chunks would mix two rules).
# The chunks' format keeps its first name: a run made before the rename resumes (docs/guide/glossary.md).
FORMAT = {"format": "badugi starting-hand table chunks", "version": 3}
#: Why a folder of each older layout cannot be resumed, for its error message.
OLDER_LAYOUTS = {
    1: "its chunks carry no checksum to check them by",
    2: "its heads-up cells below the diagonal were dealt on their own seeds, not as their mirrors",
}
_PARAMETERS = ("table", "draws", "strategy", "samples", "seed", "chunk_size")
_HANDS = {VS_RANDOM: ("hands",), HEADS_UP: ("hands_a", "hands_b")}
_JSON_TYPES = {dict: "object", list: "array", str: "string", int: "number", float: "number", bool: "boolean"}


def manifest_problem(recorded: object) -> str | None:
    """What makes ``recorded`` (parsed JSON) no manifest this code wrote, or None when it is one."""
    return next(_problems(recorded), None)


def _problems(recorded: object) -> Iterator[str]:
    """What is wrong, first things first: a check that fails ends the list (the next may not apply)."""
    if not isinstance(recorded, dict):
        yield f"it holds a JSON {_JSON_TYPES.get(type(recorded), 'null')}, not an object"
        return
    if recorded.get("format") != FORMAT["format"] or not _whole(recorded.get("version"), 1, 1 << 31):
        yield "it names no table chunk layout"
        return
    if recorded["version"] != FORMAT["version"]:
        yield f"layout version {recorded['version']}; this code reads version {FORMAT['version']}"
        return
    table = recorded.get("table")
    hands = _HANDS.get(table) if isinstance(table, str) else None
    if hands is None:
        yield f"table {quote(table)}, not {VS_RANDOM!r} or {HEADS_UP!r}"
        return
    # Badugi's manifest names no game (as before the split games came); another game's does.
    wanted = {*FORMAT, *_PARAMETERS, *hands, *(("game",) if "game" in recorded else ())}
    missing, extra = sorted(wanted - set(recorded)), sorted(set(recorded) - wanted)
    if missing:
        yield f"missing {', '.join(missing)}"
    if extra:
        yield f"unknown key {quote(extra[0])}"
    if not missing:
        yield from _parameter_problems(recorded, hands)


def _parameter_problems(recorded: dict[object, object], hands: tuple[str, ...]) -> Iterator[str]:
    name = recorded.get("game", BADUGI.name)
    game = GAMES.get(name) if isinstance(name, str) and "game" in recorded and name != BADUGI.name else None
    if "game" in recorded and game is None:
        yield f"game {quote(name)}, not a split game of badugi.games (Badugi's names none)"
        return
    if game is not None and recorded["table"] != VS_RANDOM:
        yield f"game {quote(name)} for a {recorded['table']} table, which is Badugi's only"
        return
    game = game or BADUGI
    draws, strategy = recorded["draws"], recorded["strategy"]
    if not _whole(draws, 0, 3):
        yield f"draws {quote(draws)}, not a whole number from 0 to 3"
    if not isinstance(strategy, str) or strategy not in ("best", "table", "pat"):
        yield f"strategy {quote(strategy)}, not 'best', 'table' or 'pat'"
    exact = (draws == 0 or strategy == "pat") and game.hand_size == 4
    for name, low, high in (("samples", 1, MAX_SAMPLES), ("seed", 0, (1 << 64) - 1)):
        value = recorded[name]
        if exact and value is not None:
            yield f"{name} {quote(value)} for a table counted exactly (null)"
        if not exact and not _whole(value, low, high):
            yield f"{name} {quote(value)}, not a whole number from {low} to {high}"
    if not _whole(recorded["chunk_size"], 1, MAX_CHUNK_SIZE):
        yield f"chunk_size {quote(recorded['chunk_size'])}, not a whole number from 1 to {MAX_CHUNK_SIZE}"
    last = class_count(game) - 1
    for name in hands:
        indices = recorded[name]
        if (
            not isinstance(indices, list)
            or not indices
            or not all(_whole(i, 0, last) for i in indices)
            or any(a >= b for a, b in itertools.pairwise(indices))
        ):
            yield f"{name} is not a list of ascending starting-hand indices (0 to {last})"


def _whole(value: object, low: int, high: int) -> bool:
    """An int (a bool or a float is none) from low to high."""
    return type(value) is int and low <= value <= high
