"""Arbitrary Python objects, fed to every public entry point of ``engine.Tables``.

As tests/engine/test_fuzz_entry_points.py holds the engine to it: each call gives a result or
its documented error with a short message, ``GameSetupError`` for the settings, a seat, a table
or a seed, ``IllegalActionError`` for actions (and a refused step changes no table); anything
else (a ``TypeError``, an ``OverflowError`` from cffi, a ``SystemError`` from the C core) fails.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from badugi.engine import FixedLimit, GameSetupError, HalfPotLimit, IllegalActionError, PotLimit
from badugi.engine.tables import Tables
from tests.engine.tables_play import random_legal
from tests.engine.test_fuzz_entry_points import FUZZ, GAME_LIKE, junk, outcome

_TABLES = Tables(3, 3, PotLimit(), seed=2)


@FUZZ
@given(
    count=st.one_of(junk, st.integers(-1, 4)),
    players=st.one_of(junk, st.integers(0, 9)),
    structure=st.one_of(
        junk,
        st.none(),
        st.sampled_from([FixedLimit(2, 4), FixedLimit(1, 2, cap=1), PotLimit(), HalfPotLimit(3)]),
    ),
    blinds=st.one_of(junk, st.none(), st.tuples(st.integers(-1, 5), st.integers(-1, 5))),
    ante=st.one_of(junk, st.integers(-1, 5)),
    stacks=st.one_of(junk, st.integers(-1, 60), st.lists(st.integers(-1, 60), min_size=1, max_size=9)),
    seed=st.one_of(junk, st.integers(-1, 2**64)),
    game=GAME_LIKE,
    burn=st.one_of(junk, st.booleans()),
    threads=st.one_of(junk, st.integers(-1, 3)),
    carry_stacks=st.one_of(junk, st.booleans()),
    deal=st.one_of(junk, st.sampled_from(["fast", "hand", "FAST", "python"])),
)
def test_setting_up_tables(**kwargs: Any) -> None:
    made = outcome(lambda: Tables(**kwargs), GameSetupError)
    if isinstance(made, Tables):  # tables that were set up play
        rng = np.random.default_rng(0)
        for _ in range(10):
            made.step(random_legal(made.legal(), rng))
        assert made.observe().shape == (made.count, 11 + 6 * made.players)


@FUZZ
@given(acts=junk)
def test_stepping_with_anything(acts: Any) -> None:
    before = _TABLES.observe()
    result = outcome(lambda: _TABLES.step(acts), IllegalActionError)
    if isinstance(result, IllegalActionError):
        assert (_TABLES.observe() == before).all()


@FUZZ
@given(value=st.one_of(junk, st.integers(-2, 4)), which=st.sampled_from(["observe", "history", "reset"]))
def test_asking_a_seat_a_table_or_a_seed_of_anything(value: Any, which: str) -> None:
    tables = _TABLES.copy()
    outcome(lambda: getattr(tables, which)(value), GameSetupError)
