"""The modules that moved, still importable by their old names for one release.

0.2.0 regrouped the package into layers (see the changelog), and 0.3.0 put
each hand-history format in a package of its own (``badugi.histories.phh``,
``badugi.histories.pokerstars``, ...) and the adapters in ``badugi.adapters``
(``badugi.openspiel`` is ``badugi.adapters.openspiel``), and called the starting-hand
tables charts (``badugi.tables`` is ``badugi.charts``). Importing an old
name (``badugi.game``, ``badugi.scales``, ...) gives the module at its new
place, the same object, with a ``DeprecationWarning`` that names it; its
submodules follow (``badugi.game.match`` is ``badugi.engine.match``), so
pickles made by 0.1 still load. The release after the move drops the old names.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import CodeType, FrameType, ModuleType

# importlib.abc and importlib.util are not imported here: they pull in
# importlib.resources, pathlib and tempfile, tens of milliseconds on every
# `import badugi`. The finder and loader below implement their protocols
# directly, and find_spec is imported only when an old name is asked for.

#: Old name -> new name. A moved package's submodules move with it. (``badugi.evaluate``
#: is not here: that name is the facade's function, which an import of the old module
#: would overwrite; its functions were always imported from ``badugi`` itself.)
MOVED = {
    "badugi.game": "badugi.engine",
    "badugi.value": "badugi.ranking.value",
    "badugi.scales": "badugi.ranking.scales",
    "badugi.scale_value": "badugi.ranking.scale_value",
    "badugi.lowball": "badugi.ranking.lowball",
    "badugi.low_names": "badugi.ranking.low_names",
    "badugi.reference": "badugi.references.badugi4",
    "badugi.reference_badugi5": "badugi.references.badugi5",
    "badugi.reference_lowball": "badugi.references.lowball",
    "badugi.histories.phh_read": "badugi.histories.phh.read",
    "badugi.histories.phh_record": "badugi.histories.phh.record",
    "badugi.histories.phh_write": "badugi.histories.phh.write",
    "badugi.histories.phhs": "badugi.histories.phh.phhs",
    "badugi.histories.pokerstars_read": "badugi.histories.pokerstars.read",
    "badugi.histories.pokerstars_write": "badugi.histories.pokerstars.write",
    "badugi.histories.fulltilt_read": "badugi.histories.fulltilt.read",
    "badugi.histories.merge_read": "badugi.histories.merge.read",
    "badugi.openspiel": "badugi.adapters.openspiel",
    "badugi.openspiel_tables": "badugi.adapters.openspiel_tables",
    "badugi.pettingzoo": "badugi.adapters.pettingzoo",
    "badugi.tables": "badugi.charts",
}

#: The names that moved in 0.3.0: the histories' formats, each a package, the adapters, in one, and
#: the starting-hand tables, now charts (docs/guide/glossary.md).
MOVED_0_3 = ("badugi.histories.", "badugi.openspiel", "badugi.pettingzoo", "badugi.tables")

#: The release each old name moved in, where it is not 0.2.0.
MOVED_IN = {old: "0.3.0" for old in MOVED if old.startswith(MOVED_0_3)}

#: The old top-level modules by their attribute name on ``badugi`` (``badugi.scales``).
OLD_ATTRIBUTES = {old.rpartition(".")[2]: old for old in MOVED if old.count(".") == 1}


def new_name(old: str) -> str | None:
    """Where a module of the old layout lives now, or None if it did not move."""
    before = _moved_from(old)
    return None if before is None else MOVED[before] + old[len(before) :]


def releases(old: str) -> tuple[str, str]:
    """The release an old name moved in, and the release that drops it (the next minor one)."""
    before = _moved_from(old)
    moved = MOVED_IN.get(before or "", "0.2.0")
    major, minor, _ = moved.split(".")
    return moved, f"{major}.{int(minor) + 1}.0"


def _moved_from(old: str) -> str | None:
    """The old name in ``MOVED`` that ``old`` is, or is a submodule of."""
    for before in MOVED:
        if old == before or old.startswith(before + "."):
            return before
    return None


def load(old: str) -> ModuleType:
    """The module at its new place, with the warning that names both places."""
    new = new_name(old)
    if new is None:
        raise ModuleNotFoundError(f"No module named {old!r}", name=old)
    moved, gone = releases(old)
    warnings.warn(
        f"{old} moved to {new} in badugi {moved}; the old name goes in {gone}",
        DeprecationWarning,
        stacklevel=_importer_level(),
    )
    return importlib.import_module(new)


def _importer_level() -> int:
    """The stack level of the code that asked for the old name: past this file and importlib's frames."""
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and _passed_through(frame.f_code):
        # warnings.warn itself skips importlib's frames when it counts levels.
        level += not frame.f_code.co_filename.startswith("<frozen importlib")
        frame = frame.f_back
    return level


def _passed_through(code: CodeType) -> bool:
    """Whether a frame is this file's, importlib's, or the facade's ``__getattr__``."""
    name = code.co_filename
    return name == __file__ or name.startswith("<frozen importlib") or code.co_name == "__getattr__"


class _Loader:
    """Hands the import system the module already loaded at its new place.

    The import system sets ``__spec__`` on the module it is handed, whatever it
    held; ``exec_module`` puts the module's own back, so the module at its new
    place stays exactly as it was.
    """

    def __init__(self) -> None:
        self._specs: dict[str, object] = {}

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = load(spec.name)
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run (the module ran at its new place): only its own spec goes back."""
        for old, own in list(self._specs.items()):
            if module.__spec__ is not None and module.__spec__.name == old:
                module.__spec__ = own  # type: ignore[assignment]
                del self._specs[old]


class _Finder:
    """Finds the old names of moved modules, before the path finder can load a second copy."""

    def __init__(self) -> None:
        self._loader = _Loader()

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname) if fullname.startswith("badugi.") else None
        if new is None:
            return None
        from importlib.util import find_spec  # noqa: PLC0415 - see the imports above

        if find_spec(new) is None:
            return None  # not an old name, or nothing there now either: the usual error follows
        # The loader keeps importlib's protocol without importing importlib.abc (see the imports).
        return importlib.machinery.ModuleSpec(fullname, self._loader)  # type: ignore[arg-type]


def install() -> None:
    """Put the finder first on ``sys.meta_path``, once.

    First, because the path finder would otherwise find ``badugi.game.match``
    in ``badugi.engine``'s folder (the old package's ``__path__`` is the new
    one's) and load the file again as a second, different module.
    """
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
