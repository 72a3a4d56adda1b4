"""The documentation site builds with warnings as errors, and its API reference covers every public name.

The public names are the ``__all__`` of the front page (``badugi``), of every
package's ``__init__``, and of each module a package lists as part of its API
(``badugi.ranking.scales``, ``badugi.references.lowball``, ...) or that stands at
the top of the package (``badugi.cards``, ``badugi.games``, ...). Each must be
documented under some name in the site's inventory (objects.inv): the front
page's re-exports are documented where they are defined.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Modules whose __all__ is the public API (packages' modules that are implementation are not here).
API_MODULES = (
    "badugi",
    "badugi.web",
    "badugi.cards",
    "badugi.classes",
    "badugi.errors",
    "badugi.games",
    "badugi.pots",
    "badugi.showdown",
    "badugi.ranking",
    "badugi.ranking.four_card",
    "badugi.ranking.value",
    "badugi.ranking.scales",
    "badugi.ranking.scale_value",
    "badugi.ranking.lowball",
    "badugi.references",
    "badugi.references.badugi4",
    "badugi.references.badugi5",
    "badugi.references.lowball",
    "badugi.equity",
    "badugi.engine",
    "badugi.review",
    "badugi.charts",
    "badugi.solver.sampled",
)


def sphinx_or_skip() -> None:
    try:
        import sphinx  # noqa: F401, PLC0415
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must build the documentation: install the docs extra (pip install '.[docs]')")
        pytest.skip("no Sphinx: pip install '.[docs]'")


@cache
def built_site(out: str) -> Path:
    sphinx_or_skip()
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return Path(out)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_site(str(tmp_path_factory.mktemp("site")))


def documented(site: Path) -> dict[str, str]:
    """Every name the inventory documents, with its role (py:function, py:class, ...)."""
    from sphinx.util.inventory import InventoryFile  # noqa: PLC0415

    with open(site / "objects.inv", "rb") as f:
        inventory = InventoryFile.load(f, "", os.path.join)
    return {name: role for role, entries in inventory.items() for name in entries if role.startswith("py:")}


def resolve(name: str) -> object:
    """The object a dotted name documents: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            obj = getattr(obj, attribute)
        return obj
    raise LookupError(name)


def public_names() -> list[tuple[str, str]]:
    names = []
    for module_name in API_MODULES:
        module: ModuleType = importlib.import_module(module_name)
        names.extend((module_name, name) for name in module.__all__)
    return names


def test_the_site_builds_and_documents_every_public_name(site: Path) -> None:
    names = documented(site)
    by_identity: dict[int, list[str]] = {}
    for name in names:
        try:
            by_identity.setdefault(id(resolve(name)), []).append(name)
        except (LookupError, AttributeError):
            pytest.fail(f"the inventory names {name}, which does not exist")
    missing = []
    for module_name, name in public_names():
        qualified = f"{module_name}.{name}"
        obj = getattr(importlib.import_module(module_name), name)
        if qualified in names:
            continue
        # A constant such as an int is shared by many names: only its own name counts.
        shared = isinstance(obj, (int, float, str, tuple, frozenset))
        if shared or id(obj) not in by_identity:
            missing.append(qualified)
    assert not missing, "not in the API reference: " + ", ".join(missing)


def test_every_page_is_reachable_and_rendered(site: Path) -> None:
    pages = sorted(p.relative_to(ROOT / "docs").with_suffix(".html") for p in (ROOT / "docs").rglob("*.md"))
    for page in pages:
        html = (site / page).read_text(encoding="utf-8")
        assert "<h1>" in html, page
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in pages:
        if page.parts[0] == "guide":
            assert f'href="{page.as_posix()}"' in index, f"{page} is not in the index's table of contents"


def chromium_or_skip() -> str:
    """The system's headless Chromium, or skip (under CI, fail: CI must look at the site)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI") == "true":
        pytest.fail("CI must open the site in a browser: install Chromium (apt-get install chromium)")
    pytest.skip("no Chromium to open the site in")


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[Any]:
    """One headless Chromium (through Playwright) for every page the tests look at.

    A browser started once: a fresh Chromium for each of the fifteen pages cost
    most of this file's time.
    """
    executable = chromium_or_skip()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


#: How long a page's scripts may run before the test reads what they made, in milliseconds.
SCRIPT_TIME = 10_000


def test_a_browser_shows_every_guide_page_and_the_search_finds_them(site: Path, browser: Any) -> None:
    view = browser.new_page()
    try:
        for page in sorted((ROOT / "docs" / "guide").glob("*.md")):
            title = next(
                line[2:] for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("# ")
            )
            view.goto((site / "guide" / page.with_suffix(".html").name).as_uri(), wait_until="load")
            dom = view.content()
            heading = re.search(r"<h1>(.*?)<a class=\"headerlink\"", dom, flags=re.DOTALL)
            assert heading, f"{page.name}: no heading in the rendered page"
            words = re.sub(r"<[^>]+>", "", heading.group(1)).strip()
            assert words == title.replace("`", ""), (page.name, words)
        view.goto((site / "search.html").as_uri() + "?q=showdown", wait_until="load")
        finished = "() => /Search finished, found [1-9][0-9]* pages?/.test(document.body.innerText)"
        with contextlib.suppress(pytest.importorskip("playwright.sync_api").TimeoutError):
            view.wait_for_function(finished, timeout=SCRIPT_TIME)  # the assertion below says what is missing
        dom = view.content()
    finally:
        view.close()
    assert re.search(r"Search finished, found [1-9][0-9]* pages?", dom), "the search did not finish"
    assert 'href="guide/showdowns.html' in dom


#: Screen widths the site is looked at: a laptop's, and a wide screen (furo's text column widens).
WIDTHS = (1280, 1920)


def test_no_example_is_cut_off_at_the_right(site: Path, browser: Any) -> None:
    """The front page's diagram and the tables and play pages' blocks ran past their boxes.

    A console block wraps its long lines, as a terminal does; every other block (code, a diagram)
    fits its box at a laptop's width and a wide screen's, without a scroll bar to find.
    """
    pages = [site / "index.html", *sorted((site / "guide").glob("*.html"))]
    for width in WIDTHS:
        view = browser.new_page(viewport={"width": width, "height": 900})
        try:
            for page in pages:
                view.goto(page.as_uri())
                cut = view.evaluate(
                    """() => [...document.querySelectorAll('article pre')]
                        .filter(e => e.scrollWidth > e.clientWidth + 1)
                        .map(e => e.textContent.split('\\n')[0].slice(0, 60))"""
                )
                assert not cut, (page.name, width, cut)
        finally:
            view.close()
