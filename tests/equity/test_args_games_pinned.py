"""The draw-equity arguments the mutation run found unpinned: games, quoting, threads (issue 31).

Each test is a probe: it passes on ``badugi.equity._args`` and fails on the mutant its docstring
names (``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import os

import pytest

from badugi.equity import _args
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, Game
from badugi.ranking import scales


def test_a_four_card_game_is_valued_on_the_badugi_scale_only() -> None:
    """Only a four-card game on the Badugi scale takes the Badugi tables; any other four-card game is refused.

    Rule: ``read_game``'s docstring ("Four-card games on the Badugi scale take the Badugi tables;
    five-card games ... the five-card ones"). Kills ``_args.py:78`` (``hand_size == 4`` made
    ``== 3``: a four-card ace-high Badugi game would be taken).
    """
    ace_high = Game(
        "ace-high", title="G", hand_size=4, draws=3, halves=(scales.BADUGI_ACE_HIGH,), odd_chip_half=0
    )
    with pytest.raises(InvalidHandError, match="a four-card game is valued on the Badugi scale only"):
        _args.read_game(ace_high)
    assert _args.read_game(BADUGI) is BADUGI


def test_a_long_bad_argument_is_quoted_cut_to_a_hundred_characters() -> None:
    """An error quotes at most 100 characters of a bad argument's description, cut with "...".

    Rule: ``badugi.equity._args``' docstring ("quoting at most a short prefix of what it was
    given"), ``short``'s 100 characters. A value of a type with a 120-letter name describes itself
    in 161 characters. Kills ``_args.py:45`` (``_MOST_QUOTED - 3`` made ``+ 3``, and ``+ "..."``
    made ``-``).
    """
    long_named = type("L" * 120, (), {})()
    assert _args.short(long_named) == "L" * 97 + "..."
    with pytest.raises(InvalidHandError) as info:
        _args.read_samples(long_named)
    assert str(info.value) == "samples must be a whole number from 1 to 2**40, got " + "L" * 97 + "..."


def test_threads_default_to_the_cores_without_sched_getaffinity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``os.sched_getaffinity`` (not on every platform) the default is one thread per core.

    Rule: ``read_threads``' docstring ("(None) one per core this process may use"), up to 256.
    Kills ``_args.py:197`` (the deleted ``return`` of the fallback: None threads).
    """
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert _args.read_threads(None) == 3
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert _args.read_threads(None) == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 1000)
    assert _args.read_threads(None) == _args.MAX_THREADS == 256
