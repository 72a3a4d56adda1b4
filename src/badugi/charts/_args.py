"""Reading and checking the arguments of ``vs_random`` and ``heads_up``.

Hands, numbers, strategies, clients and callbacks raise ``InvalidHandError``
as ``badugi.equity`` does; the output path raises ``TableFileError``.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from badugi._extras import install_command
from badugi.cards import as_index, hand_list, quote
from badugi.charts._hands import canonical_hands, read_table_game, starting_hand
from badugi.charts._jobs import MAX_CHUNK_SIZE
from badugi.charts._store import TableFileError
from badugi.equity._args import short
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, Game

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "read_chunk_size",
    "read_client",
    "read_hand_set",
    "read_out",
    "read_progress",
    "read_strategy",
    "read_table_game",
]


def read_hand_set(hands: object, what: str, game: Game = BADUGI) -> list[int]:
    """The starting hands' indices, ascending: every one for None, else each hand's class once."""
    if hands is None:
        return list(range(len(canonical_hands(game))))
    items = hand_list(hands, what)
    if not items:
        raise InvalidHandError(f"{what}: no hands given (None means every starting hand)")
    first_given: dict[int, object] = {}
    for position, hand in enumerate(items):
        try:
            index = starting_hand(hand, game).index
        except InvalidHandError as exc:
            raise InvalidHandError(f"{what}: hand {position}: {exc}") from None
        if index in first_given:
            raise InvalidHandError(
                f"{what}: {short(first_given[index])} and {short(hand)} are the same starting hand "
                "up to the suits; give each once"
            )
        first_given[index] = hand
    return sorted(first_given)


def read_strategy(strategy: object) -> str:
    """The strategy, "best", "table" or "pat": a table is recorded by its parameters, so no callable."""
    if isinstance(strategy, str) and strategy in ("best", "table", "pat"):
        return strategy
    raise InvalidHandError(f"a table's strategy is 'best', 'table' or 'pat', got {short(strategy)}")


def read_chunk_size(chunk_size: object) -> int | None:
    """Units per chunk: 1 to 2**20, or None for the default."""
    if chunk_size is None:
        return None
    n = as_index(chunk_size)
    if n is None or not 1 <= n <= MAX_CHUNK_SIZE:
        raise InvalidHandError(f"chunk_size must be a whole number from 1 to 2**20, got {short(chunk_size)}")
    return n


def read_client(client: object) -> Any:
    """None, or a running, synchronous ``dask.distributed.Client``."""
    if client is None:
        return None
    try:
        # Imported by name, so that type checks need no dask; only a run given a client imports it.
        client_type = importlib.import_module("distributed").Client
    except ImportError:
        raise InvalidHandError(
            f"client must be a dask.distributed.Client or None, got {short(client)}, and dask.distributed "
            f"is not installed ({install_command('dask')})"
        ) from None
    if not isinstance(client, client_type):
        raise InvalidHandError(f"client must be a dask.distributed.Client or None, got {short(client)}")
    # A client that is closed, or lost its scheduler and is reconnecting, fails deep inside Dask
    # (or waits out its timeout) on the first call; say so before any work. One that goes away
    # during the run raises TableRunError instead.
    status = getattr(client, "status", None)
    if status in ("closing", "closed"):
        raise InvalidHandError("client is closed: give a dask.distributed.Client connected to its scheduler")
    if status != "running":
        raise InvalidHandError(
            f"client is not connected to its scheduler (its status is {short(status)}): give a "
            "dask.distributed.Client connected to its scheduler"
        )
    if client.asynchronous:  # its calls return coroutines, to be awaited in its event loop
        raise InvalidHandError(
            "client is asynchronous: give a dask.distributed.Client made without asynchronous=True"
        )
    return client


def read_progress(progress: object) -> Any:
    """None, or a callable taking (chunks finished, chunks in all)."""
    if progress is not None and not callable(progress):
        raise InvalidHandError(f"progress must be a callable or None, got {short(progress)}")
    return progress


def read_out(out: object) -> Path | None:
    """None, or the path of the table file."""
    if out is None:
        return None
    if not isinstance(out, (str, os.PathLike)):
        raise TableFileError(f"out must be a path (str or os.PathLike) or None, got {short(out)}")
    try:
        text = os.fspath(out)
    except Exception:
        raise TableFileError(f"out must be a path (str or os.PathLike) or None, got {short(out)}") from None
    if not isinstance(text, str) or not text or "\x00" in text:
        raise TableFileError(f"out must name a file, got {short(out)}")
    # "table/", "." or "..": Path would drop the slash or the dot and name the folder, or no name at all.
    last = text.replace(os.altsep or os.sep, os.sep).rsplit(os.sep, 1)[-1]
    if last in ("", ".", ".."):
        raise TableFileError(f"out {quote(text)} is a folder; give a file name for the table")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise TableFileError(
            f"out {quote(text)} cannot be a file name here: this system's file names cannot hold it"
        ) from None
    return Path(text)
