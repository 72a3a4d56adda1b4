"""The examples in the README and in the package docstrings run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import badugi
import badugi.engine

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"README.md pycon block {number}", str(README), 0)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # later blocks build on earlier ones, as a reader would
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("module", [badugi, badugi.engine])
def test_package_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
