"""The C is layers too: every dependency between its files points down the list, and none is a circle.

A file and the header of the same name beside it (``engine/deck.c`` and
``engine/deck.h``) are one unit: the header is what the file offers. A unit
depends on another when it includes one of its files, or uses (calls, or
takes the address of) a function that the other defines; a declaration alone
is no use. Every function a file defines for other files is declared in its
own header, or in the API (``badugi.h``, the cffi cdef), so that no header
speaks for a file it does not belong to. ``sampled/`` keeps the one header it
has for its files (``sampled/sampled.h``): sampled CFR is its own layer, on top.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

from tests.test_layers import circle_in

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"

#: Bottom first. A unit may depend on its own layer and the ones below it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("the API, which is the cffi cdef", ("badugi",)),
    ("the rank lookups, written at build time (tools/gen_table.py)", ("generated/",)),
    ("what every file shares: helpers, card text, errors, worker threads", ("common/",)),
    ("ranking: four-card Badugi and the five-card scales", ("ranking/",)),
    ("the showdown: a game's halves and how a pot splits", ("showdown/",)),
    ("equity: strength, the draw values, the keep book, equity", ("equity/",)),
    ("the engine's many tables, stepped in C (engine.Tables)", ("engine/",)),
    ("sampled CFR (badugi.solver.sampled)", ("sampled/",)),
]

#: Where ``#include "..."`` looks after the including file's own folder, as the build's ``-I``s do
#: (``common/``: for ``sampled/``, which names its headers there by their bare names).
INCLUDE_DIRS = (CSRC, CSRC / "generated", CSRC / "common")

#: The folders whose files share one header (see the module's docstring).
SHARED_HEADER = ("sampled/",)

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# At the start of a line, outside any function: a definition (a body follows) or a declaration.
_DEFINITION = re.compile(
    r"^(?![^\n(]*\bstatic\b)(?!typedef\b)[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;{}]*\)\s*\{", re.M
)
_DECLARATION = re.compile(r"^[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;{}]*\)\s*;", re.M)
_CALL = re.compile(r"\b(\w+)\s*\(|[&=,(]\s*(\w+)\s*[,;)]")


def unit(path: Path) -> str:
    """A file's unit: its path under csrc/ without the suffix (``engine/deck``)."""
    return path.relative_to(CSRC).with_suffix("").as_posix()


def c_files() -> list[Path]:
    return sorted(p for p in CSRC.rglob("*") if p.suffix in (".c", ".h"))


def _code(path: Path) -> str:
    """The file without its comments and with its strings emptied."""
    return _STRING.sub('""', _COMMENT.sub(" ", path.read_text(encoding="utf-8")))


def resolve(path: Path, name: str) -> Path | None:
    """The file ``#include "name"`` in ``path`` reads, or None (a file the build writes elsewhere)."""
    for folder in (path.parent, *INCLUDE_DIRS):
        if (folder / name).is_file():
            return (folder / name).resolve()
    return None


def definitions() -> dict[str, str]:
    """Each function that a file defines for other files, and the unit that defines it."""
    found: dict[str, str] = {}
    for path in c_files():
        for match in _DEFINITION.finditer(_code(path)):
            found[match.group(1)] = unit(path)
    return found


def graph() -> dict[str, set[str]]:
    """Each unit and the units it depends on (its includes and the functions it uses)."""
    defined = definitions()
    edges: dict[str, set[str]] = {}
    for path in c_files():
        here = unit(path)
        into = edges.setdefault(here, set())
        for name in _INCLUDE.findall(_COMMENT.sub(" ", path.read_text(encoding="utf-8"))):
            target = resolve(path, name)
            if target is not None and target.is_relative_to(CSRC):
                into.add(unit(target))
        body = _DECLARATION.sub(" ", _code(path))
        for match in _CALL.finditer(body):
            owner = defined.get(match.group(1) or match.group(2))
            if owner is not None:
                into.add(owner)
        into.discard(here)
    return edges


def layer_of(name: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(name == prefix or (prefix.endswith("/") and name.startswith(prefix)) for prefix in prefixes):
            return index
    pytest.fail(f"csrc/{name} belongs to no layer: add it to LAYERS in tests/test_c_layers.py")


def test_every_c_file_belongs_to_a_layer() -> None:
    for name in graph():
        layer_of(name)


def test_every_dependency_points_down_the_layers() -> None:
    wrong = [
        f"csrc/{name} ({LAYERS[layer_of(name)][0]}) depends on csrc/{other} ({LAYERS[layer_of(other)][0]})"
        for name, others in graph().items()
        for other in sorted(others)
        if layer_of(other) > layer_of(name)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_circles_between_c_files() -> None:
    circle = circle_in(graph())
    assert circle is None, "circle: " + " -> ".join(f"csrc/{name}" for name in circle or [])


def test_a_function_is_declared_by_its_own_file_or_the_api() -> None:
    defined = definitions()
    wrong = []
    for header in CSRC.rglob("*.h"):
        here = unit(header)
        if here == "badugi" or here.startswith(SHARED_HEADER):
            continue
        for match in _DECLARATION.finditer(_code(header)):
            owner = defined.get(match.group(1))
            if owner != here:
                wrong.append(f"csrc/{here}.h declares {match.group(1)}, defined in csrc/{owner}.c")
    assert not wrong, "\n".join(wrong)


def test_the_build_compiles_every_c_file_and_reads_one_cdef() -> None:
    build = runpy.run_path(str(ROOT / "tools" / "build_ffi.py"))
    built = {Path(p).resolve() for p in build["c_sources"]() + build["PYTHON_GLUE"]}
    written = {p.resolve() for p in CSRC.rglob("*.c") if "generated" not in p.relative_to(CSRC).parts}
    assert written <= built, sorted(map(str, written - built))
    assert build["CDEF"] == (CSRC / "badugi.h").read_text(encoding="utf-8")
    cdefs = [p for p in (ROOT / "src").rglob("*.py") if ".cdef(" in p.read_text(encoding="utf-8")]
    assert not cdefs, cdefs  # the package's one cdef is the build's (badugi.h)
