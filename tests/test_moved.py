"""The modules that moved in 0.2.0 and 0.3.0 import by their old names, as the same modules, warning."""

from __future__ import annotations

import importlib
import pickle
import re
import subprocess
import sys
import warnings

import pytest

import badugi
from badugi._moved import MOVED, new_name, releases

#: What the module of an old name imports from an extra: without it, its test skips.
NEEDS = {
    "badugi.openspiel": "pyspiel",
    "badugi.openspiel_tables": "pyspiel",
    "badugi.pettingzoo": "pettingzoo",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_name_is_the_module_at_its_new_place(old: str) -> None:
    if old in NEEDS:
        pytest.importorskip(NEEDS[old])
    moved, gone = releases(old)
    message = f"{old} moved to {MOVED[old]} in badugi {moved}; the old name goes in {gone}"
    with pytest.warns(DeprecationWarning, match=re.escape(message)):
        module = _fresh_import(old)
    assert module is importlib.import_module(MOVED[old])
    assert module.__spec__ is not None
    assert module.__spec__.name == MOVED[old]  # the module at its new place is left as it was


def test_submodules_of_a_moved_package_follow_it() -> None:
    with pytest.warns(DeprecationWarning, match="badugi.game.match moved to badugi.engine.match"):
        match = _fresh_import("badugi.game.match")
    from badugi.engine import match as new  # noqa: PLC0415

    assert match is new
    assert match.Match is new.Match  # one class, not a second copy loaded from the same file


def test_the_old_top_level_attributes_warn_once_and_are_the_new_modules() -> None:
    code = (
        "import warnings, badugi, badugi.ranking.scales as s\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    first, second = badugi.scales, badugi.scales\n"
        "assert first is second is s, (first, s)\n"
        "assert [str(x.message) for x in w] == "
        "['badugi.scales moved to badugi.ranking.scales in badugi 0.2.0; the old name goes in 0.3.0']\n"
        "assert w[0].filename == '<string>', w[0].filename\n"  # the warning names the caller's line
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_pickles_made_by_the_old_layout_load() -> None:
    # A 0.1 pickle names its classes by their old modules.
    from badugi.engine import FixedLimit  # noqa: PLC0415

    old = pickle.dumps(FixedLimit(small_bet=20, big_bet=40), protocol=0).replace(
        b"badugi.engine.structures", b"badugi.game.structures"
    )
    assert b"badugi.game.structures" in old
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pickle.loads(old) == FixedLimit(small_bet=20, big_bet=40)


def test_names_that_did_not_move_are_left_alone() -> None:
    assert new_name("badugi.cards") is None
    assert new_name("badugi.gamesx") is None
    assert new_name("badugi.games") is None
    assert new_name("badugi.game.hand") == "badugi.engine.hand"
    assert callable(badugi.evaluate)  # the facade's function, never the old module
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        badugi.nothing  # noqa: B018
    with warnings.catch_warnings():
        # The parent moved and warns on its first import in a process, which may be this one
        # (as the tests fall on the workers): imported first, so that what is tested below is
        # the name under it that is nowhere.
        warnings.simplefilter("ignore", DeprecationWarning)
        importlib.import_module("badugi.game")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning for a name that is nowhere
        for name in ("badugi.game.nothing", "badugi.gamesx"):
            with pytest.raises(ModuleNotFoundError):
                importlib.import_module(name)


def _fresh_import(name: str) -> object:
    """Import ``name`` as if for the first time in this process, so its warning is raised again."""
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        if new_name(key) is not None:
            del sys.modules[key]
    parent, _, child = name.rpartition(".")
    if parent == "badugi":
        vars(badugi).pop(child, None)
    return importlib.import_module(name)


def test_pickles_made_before_the_formats_had_packages_load() -> None:
    # A 0.2 pickle of a PHH hand names its class by the module it was in then (protocol 2: by name, in text).
    from badugi.engine import FixedLimit, Hand  # noqa: PLC0415
    from badugi.histories import read_phh, to_phh  # noqa: PLC0415

    hand = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7)
    hand.fold()
    read = read_phh(to_phh(hand))
    old = pickle.dumps(read, protocol=2).replace(b"badugi.histories.phh.read", b"badugi.histories.phh_read")
    assert b"badugi.histories.phh_read" in old
    sys.modules.pop("badugi.histories.phh_read", None)  # as in a new process: the old name is looked up
    with pytest.warns(
        DeprecationWarning, match="badugi.histories.phh_read moved to badugi.histories.phh.read"
    ):
        again = pickle.loads(old)
    assert type(again) is type(read)
    assert again.hand.history == read.hand.history
