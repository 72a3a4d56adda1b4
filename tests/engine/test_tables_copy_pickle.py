"""``Tables`` copies and pickles: the same state, stepped apart from then on; a damaged pickle refused."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

from badugi.engine import FixedLimit, HalfPotLimit, PotLimit
from badugi.engine.tables import Tables
from badugi.errors import GameSetupError
from badugi.games import BADACEY, BADEUCY
from tests.engine.tables_play import random_legal


class _Damaged:
    """Pickles as the call it is given: a ``Tables`` pickle with its state changed."""

    def __init__(self, function: Any, arguments: tuple[Any, ...]) -> None:
        self.call = function, arguments

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return self.call


SETTINGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 6, "game": BADEUCY},
    {"players": 3, "game": BADACEY, "ante": 1, "burn": False},
    {"players": 5, "blinds": None, "ante": 2, "threads": 2},
    {"players": 4, "stacks": 15, "carry_stacks": True},
    {"players": 3, "structure": PotLimit(), "stacks": 40, "deal": "hand"},
    {"players": 4, "structure": HalfPotLimit(min_bet=2), "blinds": None, "ante": 1, "carry_stacks": True},
]


def _name(settings: dict[str, Any]) -> str:
    carried = "-carried" if settings.get("carry_stacks") else ""
    structure = type(settings.get("structure", FixedLimit(2, 4))).__name__
    return f"{settings['players']}-{settings.get('game', 'badugi')}-{structure}{carried}"


def _random_steps(tables: Tables, steps: int, seed: int) -> list[tuple[Any, Any]]:
    """``steps`` random legal actions at every table; each step's (rewards, done)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        rewards, done = tables.step(random_legal(tables.legal(), rng))
        out.append((rewards, done))
    return out


def _same_state(a: Tables, b: Tables) -> None:
    assert (a.observe() == b.observe()).all()
    assert (a.legal() == b.legal()).all()
    assert (a.actor() == b.actor()).all()
    assert (a.starting_stacks() == b.starting_stacks()).all()
    assert (a.match_starts() == b.match_starts()).all()
    for table in range(a.count):
        assert a.history(table) == b.history(table)


@pytest.mark.parametrize("settings", SETTINGS, ids=_name)
@pytest.mark.parametrize("how", ["copy", "copy.copy", "copy.deepcopy", "pickle"])
def test_a_copy_is_the_same_tables_and_plays_on_alike(settings: dict[str, Any], how: str) -> None:
    tables = Tables(12, seed=7, **{"structure": FixedLimit(2, 4), **settings})
    _random_steps(tables, 151, seed=1)  # hands finished, and each table part way through one
    twin = {
        "copy": tables.copy,
        "copy.copy": lambda: copy.copy(tables),
        "copy.deepcopy": lambda: copy.deepcopy(tables),
        "pickle": lambda: pickle.loads(pickle.dumps(tables)),
    }[how]()
    assert repr(twin) == repr(tables)
    assert (twin.count, twin.players, twin.seed, twin.game, twin.actions, twin.deal, twin.structure) == (
        tables.count,
        tables.players,
        tables.seed,
        tables.game,
        tables.actions,
        tables.deal,
        tables.structure,
    )
    _same_state(twin, tables)
    ahead, behind = _random_steps(tables, 120, seed=2), _random_steps(twin, 120, seed=2)
    for (rewards, done), (rewards_twin, done_twin) in zip(ahead, behind, strict=True):
        assert (rewards == rewards_twin).all()
        assert (done == done_twin).all()
    _same_state(twin, tables)


def test_a_copy_shares_no_state_with_its_original() -> None:
    """Stepping a copy leaves the original as it was, and the other way round."""
    tables = Tables(8, 4, FixedLimit(2, 4), seed=3)
    _random_steps(tables, 40, seed=4)
    twin = tables.copy()
    seen = tables.observe().copy(), [tables.history(t) for t in range(8)]
    _random_steps(twin, 60, seed=5)
    assert (tables.observe() == seen[0]).all()
    assert [tables.history(t) for t in range(8)] == seen[1]
    seen_twin = twin.observe().copy()
    _random_steps(tables, 60, seed=6)
    assert (twin.observe() == seen_twin).all()


def test_fresh_tables_pickle_with_no_hand_finished() -> None:
    tables = Tables(3, 2, FixedLimit(2, 4), seed=1)
    again = pickle.loads(pickle.dumps(tables))
    assert (again.observe() == tables.observe()).all()
    with pytest.raises(GameSetupError, match="has not finished a hand yet"):
        again.history(0)
    assert again.__reduce__()[1][3] == ((0, b"", b"", ()),) * 3


def test_a_pickle_holds_the_settings_and_each_tables_actions() -> None:
    tables = Tables(2, 2, FixedLimit(2, 4), seed=9, stacks=(80, 90))
    _random_steps(tables, 30, seed=1)
    function, (arguments, count, seed, states) = tables.__reduce__()
    assert function(arguments, count, seed, states).observe().tolist() == tables.observe().tolist()
    assert (count, seed) == (2, 9)
    assert arguments["stacks"] == (80, 90)
    for number, last, current, stacks in states:
        assert number >= 1  # 30 steps heads-up finish a hand at each table
        assert stacks == (80, 90)  # not carried: every hand starts from the setting
        assert last  # the finished hand's actions
        assert max(last + current) < tables.actions


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda a, s: (None, s), "has settings"),
        (lambda a, s: ({**a, "colour": "red"}, s), "settings Tables does not take"),
        (lambda a, s: ({**a, "players": 9}, s), "players"),
        (lambda a, s: (a, None), "one state a table"),
        (lambda a, s: (a, s[:1]), "one state a table"),
        (lambda a, s: (a, list(s)), "one state a table"),
        (lambda a, s: (a, (s[0], (1, b"", b"", (200, 200)))), "do not replay from hand 1"),
        (lambda a, s: (a, (s[0], (0, b"\x01", b"", ()))), "do not replay from hand 0"),
        (lambda a, s: (a, (s[0], (-1, b"", b"", ()))), "a state is"),
        (lambda a, s: (a, (s[0], (2**64, b"", b"", ()))), "a state is"),
        (lambda a, s: (a, (s[0], ("1", b"", b"", ()))), "a state is"),
        (lambda a, s: (a, (s[0], (*s[1][:1], list(s[1][1]), *s[1][2:]))), "a state is"),
        (lambda a, s: (a, (s[0], (*s[1][:2], None, s[1][3]))), "a state is"),
        (lambda a, s: (a, (s[0], s[1][:3])), "a state is"),
        (lambda a, s: (a, (s[0], (*s[1][:2], bytes([99]), s[1][3]))), "do not replay"),
        (lambda a, s: (a, (s[0], (s[1][0], s[1][1][:-1], *s[1][2:]))), "do not replay"),
        (lambda a, s: (a, (s[0], (*s[1][:2], s[1][1], s[1][3]))), "do not replay"),
        (lambda a, s: (a, (s[0], (*s[1][:2], b"\x01" * 100_000, s[1][3]))), "more actions than a hand holds"),
        (lambda a, s: (a, (s[0], (*s[1][:3], (200,)))), "stacks are 2 ints"),
        (lambda a, s: (a, (s[0], (*s[1][:3], [200, 200]))), "stacks are 2 ints"),
        (lambda a, s: (a, (s[0], (*s[1][:3], (200, 0)))), "stacks are 2 ints"),
        (lambda a, s: (a, (s[0], (*s[1][:3], (200, "200")))), "stacks are 2 ints"),
        (lambda a, s: (a, (s[0], (*s[1][:3], (200, 2**31)))), "stacks are 2 ints"),
        (lambda a, s: (a, (s[0], (0, b"", b"", (200, 200)))), "stacks are 0 ints"),
        (lambda a, s: (a, (s[0], (*s[1][:3], (199, 201)))), "with those stacks"),  # not carried
    ],
)
def test_a_damaged_pickle_is_refused_by_name(change: Any, message: str) -> None:
    """Whatever a pickle's state holds, unpickling gives the tables back or raises GameSetupError."""
    tables = Tables(2, 2, FixedLimit(2, 4), seed=9)
    _random_steps(tables, 30, seed=1)
    restored, (arguments, count, seed, states) = tables.__reduce__()
    bad_arguments, bad_states = change(arguments, states)
    with pytest.raises(GameSetupError, match=message):
        restored(bad_arguments, count, seed, bad_states)
    with pytest.raises(GameSetupError, match=message):  # as pickle.loads meets it
        pickle.loads(pickle.dumps(_Damaged(restored, (bad_arguments, count, seed, bad_states))))


def test_a_pickle_of_many_tables_round_trips_their_histories() -> None:
    tables = Tables(256, 6, FixedLimit(2, 4), seed=11, game=BADEUCY)
    _random_steps(tables, 90, seed=3)
    again = pickle.loads(pickle.dumps(tables))
    _same_state(again, tables)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ((10, 11), "with those stacks"),  # a chip more than the table holds
        ((9, 10), "with those stacks"),  # a chip fewer
        ((20, 0), "stacks are 2 ints"),
    ],
)
def test_a_pickle_of_carried_stacks_that_make_or_lose_chips_is_refused(
    stacks: tuple[int, int], message: str
) -> None:
    tables = Tables(1, 2, FixedLimit(2, 4), seed=9, stacks=10, carry_stacks=True)
    _random_steps(tables, 30, seed=1)
    restored, (arguments, count, seed, (state,)) = tables.__reduce__()
    assert sum(state[3]) == 20
    again = restored(arguments, count, seed, (state,))
    assert again.starting_stacks().tolist() == tables.starting_stacks().tolist()
    with pytest.raises(GameSetupError, match=message):
        restored(arguments, count, seed, ((*state[:3], stacks),))
