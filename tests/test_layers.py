"""The package is layers: every import points down the list, and no import circle exists anywhere.

Every import of a badugi module by another counts, wherever it stands: at the
top, inside a function, or under ``TYPE_CHECKING`` (a type is a dependency
too). ``from package import module`` is an import of that module, not of the
package. A subpackage's implicit import of its parents is not counted: it is
how Python loads any submodule and says nothing about the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "badugi"

#: Bottom first. A module may import from its own layer and the ones below it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("cards, errors and what rank numbers mean", ("badugi.errors", "badugi.cards", "badugi.classes")),
    (
        "value helpers and the compiled core",
        ("badugi._frozen", "badugi._fields", "badugi._native", "badugi._extras"),
    ),
    ("the slow references", ("badugi.references",)),
    ("the evaluators", ("badugi.ranking",)),
    ("the game model and settlement", ("badugi.games", "badugi.pots", "badugi.showdown")),
    ("draw equity", ("badugi.equity",)),
    ("the hand engine", ("badugi.engine",)),
    ("hand histories in and out (PHH)", ("badugi.histories",)),
    ("a seat's decisions in a hand history, valued (badugi review, badugi drill)", ("badugi.review",)),
    ("starting-hand charts", ("badugi.charts",)),
    (
        "solvers and learners: the game code, OpenSpiel, PettingZoo, the exact and sampled solvers",
        ("badugi.adapters", "badugi.solver"),
    ),
    ("the table for friends in the browser (badugi serve)", ("badugi.web",)),
    ("the facade and the old names", ("badugi", "badugi._moved")),
    ("the command line", ("badugi.cli", "badugi.__main__")),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists() or name == "badugi._native"


def imports_of(path: Path) -> set[str]:
    """The badugi modules a file imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "badugi")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            if source.split(".")[0] != "badugi":
                continue
            for alias in node.names:
                child = f"{source}.{alias.name}"
                found.add(child if is_module(child) else source)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                best is None or len(prefix) > len(best[1])
            ):
                best = (index, prefix)
    if best is None:
        pytest.fail(f"{module} belongs to no layer: add it to LAYERS in tests/test_layers.py")
    return best[0]


def test_every_module_belongs_to_a_layer() -> None:
    for module in graph():
        layer_of(module)


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    """Each import of a higher layer, described."""
    wrong = []
    for module, imported in edges.items():
        for other in sorted(imported):
            if layer_of(other) > layer_of(module):
                here, there = LAYERS[layer_of(module)][0], LAYERS[layer_of(other)][0]
                wrong.append(f"{module} ({here}) imports {other} ({there})")
    return wrong


def circle_in(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules, the first repeated at the end), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for other in sorted(edges.get(module, ())):
            if state.get(other) == "open":
                return [*path[path.index(other) :], other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(edges):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_every_import_points_down_the_layers() -> None:
    wrong = upward_imports(graph())
    assert not wrong, "\n".join(wrong)


def test_no_import_circles() -> None:
    circle = circle_in(graph())
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_checks_find_what_they_look_for() -> None:
    # The reader sees imports wherever they stand, and resolves `from package import module`.
    assert imports_of(PACKAGE / "ranking" / "scales.py") >= {"badugi.ranking.four_card", "badugi.cards"}
    assert "badugi.engine.hand" not in imports_of(PACKAGE / "engine" / "replay.py")
    # A planted circle and a planted upward import are found.
    planted = {"badugi.engine.hand": {"badugi.engine.replay"}, "badugi.engine.replay": {"badugi.engine.hand"}}
    assert circle_in(planted) == ["badugi.engine.hand", "badugi.engine.replay", "badugi.engine.hand"]
    assert circle_in({"badugi.cards": {"badugi.errors"}, "badugi.errors": set()}) is None
    assert upward_imports({"badugi.ranking.scales": {"badugi.engine.hand"}}) == [
        "badugi.ranking.scales (the evaluators) imports badugi.engine.hand (the hand engine)"
    ]
    assert upward_imports({"badugi.engine.hand": {"badugi.ranking.scales"}}) == []
    # The references sit below the evaluators: they can never use the tables they check.
    assert layer_of("badugi.references.badugi4") < layer_of("badugi.ranking.four_card")
