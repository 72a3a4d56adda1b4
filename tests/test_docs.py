"""Every example a person reads runs as written and prints what the page shows.

The pages are the README and every page of the documentation site (docs/).
Two kinds of block are examples:

* ``pycon``: run by doctest, the blocks of one page in order, each building on
  the ones before it, as a reader would (``...`` in an output matches anything);
* ``console``: each ``$ command`` line runs in bash, in a scratch folder shared
  by the page's blocks (so a file one command writes, the next can read), and
  its standard output must be the lines under it, up to the next ``$`` (again,
  a line ``...`` matches anything). Its exit status must be 0 unless the page
  shows ``[exit N]`` as the output's last line.

Every module's docstrings run too, with doctest.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import badugi

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```(pycon|console)\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)
EXIT = re.compile(r"^\[exit (\d+)\]$")


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def blocks(page: Path, kind: str) -> list[tuple[int, str]]:
    """(line number, text) of each block of this kind on the page."""
    text = page.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 1, m.group(2)) for m in BLOCK.finditer(text) if m.group(1) == kind
    ]


def test_the_pages_have_examples_of_both_kinds() -> None:
    assert sum(len(blocks(p, "pycon")) for p in PAGES) >= 14
    assert sum(len(blocks(p, "console")) for p in PAGES) >= 5


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "pycon")], ids=page_id)
def test_python_examples(page: Path) -> None:
    for needed in PAGE_NEEDS.get(page_id(page), ()):
        if importlib.util.find_spec(needed) is None:
            pytest.skip(f"{page_id(page)} needs {needed} (an optional extra)")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for line, block in blocks(page, "pycon"):
        test = parser.get_doctest(block, globs, f"{page_id(page)} line {line}", str(page), line)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # later blocks build on earlier ones, as a reader would
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} example(s) failed on {page_id(page)}: see the output above"


def commands(block: str) -> Iterator[tuple[str, str]]:
    """Each ``$ command`` of a console block, with the output the page shows under it."""
    command: str | None = None
    output: list[str] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            if command is not None:
                yield command, "\n".join(output)
            command, output = line[2:], []
        else:
            output.append(line)
    if command is not None:
        yield command, "\n".join(output)


def shell_environment() -> dict[str, str]:
    """The environment commands run in: this Python's scripts first on PATH, no colour, a fixed width."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.update({"NO_COLOR": "1", "COLUMNS": "100", "PYTHONWARNINGS": "error::DeprecationWarning"})
    return env


#: Commands that need an optional extra, and the module it brings.
NEEDS = {"badugi chart plot": "matplotlib"}


def missing_extra(command: str) -> str | None:
    """The module a command needs and this environment lacks, if any."""
    for start, module in NEEDS.items():
        if command.startswith(start) and importlib.util.find_spec(module) is None:
            return module
    return None


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "console")], ids=page_id)
def test_console_examples(page: Path, tmp_path: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("no bash to run the console examples")
    checker = doctest.OutputChecker()
    for line, block in blocks(page, "console"):
        for command, shown in commands(block):
            if missing_extra(command):
                pytest.skip(f"{page_id(page)} line {line} needs {missing_extra(command)}")
            want, status = shown, 0
            last = shown.rsplit("\n", 1)[-1]
            if EXIT.match(last):
                status = int(EXIT.match(last).group(1))  # type: ignore[union-attr]
                want = shown[: -len(last)].rstrip("\n")
            result = subprocess.run(
                ["bash", "-c", command],
                cwd=tmp_path,
                env=shell_environment(),
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            where = f"{page_id(page)} line {line}: $ {command}"
            assert result.returncode == status, f"{where}\nexit {result.returncode}\n{result.stderr[-2000:]}"
            got = result.stdout.rstrip("\n")
            ok = checker.check_output(want + "\n", got + "\n", doctest.ELLIPSIS) if want else got == ""
            assert ok, f"{where}\n--- the page shows:\n{want}\n--- it printed:\n{got}"


#: Modules that import an optional extra, and the module it brings: left out without it.
MODULE_NEEDS = {
    "badugi.adapters.openspiel": "pyspiel",
    "badugi.adapters.openspiel_tables": "pyspiel",
    "badugi.adapters.pettingzoo": "pettingzoo",
    "badugi.web.api": "starlette",
    "badugi.web.app": "starlette",
    "badugi.web.connection": "starlette",
    "badugi.web.guard": "uvicorn",
    "badugi.web.security": "starlette",
    "badugi.web.server": "uvicorn",
    "badugi.web.site": "starlette",
    "badugi.web.sockets": "starlette",
}
#: Pages whose examples need optional extras.
PAGE_NEEDS = {"docs/guide/solvers.md": ("pyspiel", "pettingzoo")}


def modules() -> list[ModuleType]:
    """Every module of the package but the entry point (and those of an extra this environment lacks)."""
    found = [badugi]
    for info in pkgutil.walk_packages(badugi.__path__, prefix="badugi."):
        if info.name.startswith(("badugi._native", "badugi.__main__")):
            continue
        needed = MODULE_NEEDS.get(info.name)
        if needed is not None and importlib.util.find_spec(needed) is None:
            continue
        found.append(importlib.import_module(info.name))
    return found


@pytest.mark.parametrize("module", modules(), ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_front_pages_have_docstring_examples() -> None:
    for name in ("badugi", "badugi.engine", "badugi.ranking", "badugi.references", "badugi.ranking.lowball"):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0, name
