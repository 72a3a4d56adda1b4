"""The ``docs`` extra alone builds the site: every module autodoc imports imports only what it has.

autodoc imports each module the API pages name; a module whose top level
imports a package of another extra (starlette, uvicorn) failed to import in a
virtualenv of ``.[docs]`` alone, and ``-W`` made that an error. Such a package
must be in ``autodoc_mock_imports`` (docs/conf.py), or the docs extra must
install it. CI builds the site from ``.[docs]`` alone besides (``.ci/run``).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
_DIRECTIVE = re.compile(r"^\.\. auto(?:module|function|class|data|exception):: +(\S+)", re.MULTILINE)


def documented_modules() -> set[str]:
    """The modules autodoc imports for the API pages."""
    found = set()
    for page in (ROOT / "docs" / "api").glob("*.md"):
        for target in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            parts = target.split(".")
            while parts and not _source(".".join(parts)):
                parts.pop()  # a function's or class's name: its module is what is imported
            assert parts, target
            found.add(".".join(parts))
    return found


def _source(module: str) -> Path | None:
    path = SRC.joinpath(*module.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def top_level_imports(module: str) -> set[str]:
    """The packages ``module`` and its package parents import when imported: their top-level imports."""
    imported: set[str] = set()
    parts = module.split(".")
    for depth in range(1, len(parts) + 1):
        source = _source(".".join(parts[:depth]))
        assert source is not None
        for node in ast.parse(source.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    return {name for name in imported if name != "badugi" and name not in sys.stdlib_module_names}


def _distribution_import_names(requirements: list[str]) -> set[str]:
    names = set()
    for requirement in requirements:
        name = re.split(r"[\[<>=;! ]", requirement, maxsplit=1)[0]
        names.add(name.lower().replace("-", "_"))
    return names


def test_every_module_the_api_pages_name_imports_with_the_docs_extra_alone() -> None:
    pytest.importorskip("sphinx")
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    installed = _distribution_import_names(project["dependencies"] + project["optional-dependencies"]["docs"])
    conf = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    mocked: set[str] = set()
    for node in conf.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "autodoc_mock_imports" for target in node.targets
        ):
            mocked = set(ast.literal_eval(node.value))
    missing = {
        module: sorted(top_level_imports(module) - installed - mocked)
        for module in sorted(documented_modules())
    }
    assert {module: names for module, names in missing.items() if names} == {}
    assert "badugi.web.app" in missing  # the pages name it: the check reached the web extra's modules
