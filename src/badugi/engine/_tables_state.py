"""How a pickled ``Tables`` comes back: each table's hands as the actions that played them.

A table's state follows from the settings, the seed, the number of its hand in play and the
actions of that hand and of the one before (the hand before ended its records there: only its
history is kept). Unpickling builds the tables afresh and plays the actions again in C, each
checked as ``Tables.step`` checks it, so a damaged pickle is refused with ``GameSetupError``,
never loaded as a state that the C code could not trust.
"""

from __future__ import annotations

from typing import Any

from badugi._native import ffi, lib
from badugi.engine._checks import as_count, short_repr
from badugi.errors import GameSetupError

__all__ = ["TableState", "played", "restore"]

#: A table's state in a pickle: the number of its hand in play, then the actions (one byte each:
#: an action is below 3 + 2**5) of its last finished hand and of the hand in play.
TableState = tuple[int, bytes, bytes]


def played(handle: Any, count: int, capacity: int) -> tuple[TableState, ...]:
    """Each of ``count`` tables' hand number and the actions of its last and its current hand.

    ``handle`` is a ``Tables``'s C state, ``capacity`` the records (and so the actions) a hand
    holds.
    """
    acts = ffi.new("int16_t[]", capacity)
    number = ffi.new("uint64_t *")
    states = []
    for table in range(count):
        hands = []
        for last in (1, 0):
            n = lib.badugi_tables_played(handle, table, last, number, acts, capacity)
            if n < 0:  # pragma: no cover - the sizes are the caller's own: a bug, never bad input
                raise SystemError(f"badugi internal error: badugi_tables_played failed ({n})")
            hands.append(bytes(acts[0:n]))
        states.append((int(number[0]), hands[0], hands[1]))
    return tuple(states)


def restore(handle: Any, table: int, state: object, capacity: int) -> None:
    """Plays ``state`` (a ``TableState``) again at ``table`` of ``handle``, freshly dealt.

    Raises:
        GameSetupError: ``state`` is not a ``TableState``, or its actions do not replay.
    """
    if not isinstance(state, tuple) or len(state) != 3:
        raise GameSetupError(
            f"table {table}: a state is (hand, last actions, actions), got {short_repr(state)}"
        )
    number, last, current = state
    hand = as_count(number, 0, 2**64 - 1)
    if hand is None or not isinstance(last, bytes) or not isinstance(current, bytes):
        raise GameSetupError(
            f"table {table}: a state is (hand, last actions, actions), got {short_repr(state)}"
        )
    if max(len(last), len(current)) > capacity:
        raise GameSetupError(f"table {table}: more actions than a hand holds ({capacity})")
    status = lib.badugi_tables_restore(
        handle,
        table,
        hand,
        ffi.new("int16_t[]", list(last)) if last else ffi.NULL,
        len(last),
        ffi.new("int16_t[]", list(current)) if current else ffi.NULL,
        len(current),
    )
    if status == lib.BADUGI_E_ARGUMENT:
        raise GameSetupError(f"table {table}: its actions do not replay from hand {hand} (a damaged pickle?)")
    if status < 0:  # pragma: no cover - the arguments were checked above
        raise SystemError(f"badugi internal error: badugi_tables_restore failed ({status})")
