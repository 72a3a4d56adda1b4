"""How a pickled ``Tables`` comes back: each table's hands as the actions that played them.

A table's state follows from the settings, the seed, the number of its hand in play, the
actions of that hand and of the one before, and the stacks the one before started with (the
hand before ended its records there: only its history is kept; with carried stacks, the hands
before it are in those stacks). Unpickling builds the tables afresh and plays the actions again in C, each
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
#: an action is below 3 + 2**5) of its last finished hand and of the hand in play, then the
#: stacks its last finished hand started with (empty before the first hand has finished).
TableState = tuple[int, bytes, bytes, tuple[int, ...]]


def played(handle: Any, count: int, capacity: int, players: int) -> tuple[TableState, ...]:
    """Each of ``count`` tables' hand number, its last and current hands' actions, its last's stacks.

    The stacks are those the last finished hand started with. ``handle`` is a ``Tables``'s C
    state of ``players`` seats, ``capacity`` the records (and so the actions) a hand holds.
    """
    acts = ffi.new("int16_t[]", capacity)
    number = ffi.new("uint64_t *")
    stacks = ffi.new("int64_t[]", players)
    states = []
    for table in range(count):
        hands = []
        for last in (1, 0):
            n = lib.badugi_tables_played(handle, table, last, number, acts, capacity, stacks, players)
            if n < 0:  # pragma: no cover - the sizes are the caller's own: a bug, never bad input
                raise SystemError(f"badugi internal error: badugi_tables_played failed ({n})")
            hands.append((bytes(acts[0:n]), tuple(stacks)))
        hand = int(number[0])
        (last_acts, last_stacks), (current, _) = hands
        states.append((hand, last_acts, current, last_stacks if hand else ()))
    return tuple(states)


def restore(handle: Any, table: int, state: object, capacity: int, players: int) -> None:
    """Plays ``state`` (a ``TableState``) again at ``table`` of ``handle``, freshly dealt.

    Raises:
        GameSetupError: ``state`` is not a ``TableState``, or its actions do not replay.
    """
    shape = "(hand, last actions, actions, last stacks)"
    if not isinstance(state, tuple) or len(state) != 4:
        raise GameSetupError(f"table {table}: a state is {shape}, got {short_repr(state)}")
    number, last, current, stacks = state
    hand = as_count(number, 0, 2**64 - 1)
    if hand is None or not isinstance(last, bytes) or not isinstance(current, bytes):
        raise GameSetupError(f"table {table}: a state is {shape}, got {short_repr(state)}")
    if max(len(last), len(current)) > capacity:
        raise GameSetupError(f"table {table}: more actions than a hand holds ({capacity})")
    seats = players if hand else 0
    sized = isinstance(stacks, tuple) and len(stacks) == seats
    chips = [as_count(stack, 1, 2**31 - 1) for stack in stacks] if sized else [None]
    if None in chips:
        raise GameSetupError(
            f"table {table}: the last hand's stacks are {seats} ints from 1 to 2**31 - 1"
            f" (none before the first hand ends), got {short_repr(stacks)}"
        )
    status = lib.badugi_tables_restore(
        handle,
        table,
        hand,
        ffi.new("int64_t[]", chips) if chips else ffi.NULL,
        ffi.new("int16_t[]", list(last)) if last else ffi.NULL,
        len(last),
        ffi.new("int16_t[]", list(current)) if current else ffi.NULL,
        len(current),
    )
    if status == lib.BADUGI_E_ARGUMENT:
        raise GameSetupError(
            f"table {table}: its actions do not replay from hand {hand} with those stacks (a damaged pickle?)"
        )
    if status < 0:  # pragma: no cover - the arguments were checked above
        raise SystemError(f"badugi internal error: badugi_tables_restore failed ({status})")
