"""The installed package: a real compiled extension, no silent pure-Python fallback, its
license, and one limited-API wheel for every CPython the metadata promises."""

from __future__ import annotations

import importlib.metadata
import platform
import re
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

import badugi._native

ROOT = Path(__file__).resolve().parent.parent


def test_the_extension_is_compiled() -> None:
    path = Path(badugi._native.__file__ or "")
    assert path.suffix in (".so", ".pyd"), path
    assert badugi._native.lib.BADUGI_HANDS == 270_725


def test_a_missing_extension_fails_the_import_with_a_clear_message() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["badugi._native"] = None  # as if the extension were not built
        try:
            import badugi
        except ImportError as exc:
            print(exc)
        else:
            print("imported without the extension")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "compiled extension (badugi._native) is missing" in result.stdout
    assert "no pure-Python fallback" in result.stdout


def test_the_license_ships_with_the_installed_package() -> None:
    dist = importlib.metadata.distribution("badugi")
    assert dist.metadata["License-Expression"] == "MIT"
    assert dist.metadata.get_all("License-File") == ["LICENSE"]
    shipped = dist.read_text("licenses/LICENSE")
    assert shipped is not None, "LICENSE is missing from the installed distribution"
    assert shipped == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert shipped.startswith("MIT License")
    assert "The badugi developers" in shipped


def test_the_table_s_page_ships_with_the_installed_package() -> None:
    """``badugi serve`` serves its page from the package's own files, wherever it is installed."""
    import importlib.resources  # noqa: PLC0415

    static = importlib.resources.files("badugi.web") / "static"
    shipped = {item.name for item in static.iterdir()}
    assert {"index.html", "table.html", "table", "create.js", "style.css"} <= shipped
    modules = {item.name for item in (static / "table").iterdir()}
    page = (static / "table.html").read_text(encoding="utf-8")
    # Nothing is fetched from elsewhere: every script and style is the package's own, and every module
    # the page imports ships beside it.
    assert "http://" not in page
    assert "https://" not in page
    assert '<script type="module" src="/static/table/main.js">' in page
    imported = set()
    for name in modules:
        text = (static / "table" / name).read_text(encoding="utf-8")
        assert "http://" not in text
        assert "https://" not in text
        imported |= {
            line.split('"./')[1].split('"')[0] for line in text.splitlines() if line.startswith("import ")
        }
    assert "main.js" in modules
    assert imported <= modules, imported - modules


def _builds_for_the_limited_api() -> bool:
    # The interpreters cffi builds a limited-API extension on: not PyPy, not a
    # debug build, not a free-threaded build (no stable ABI there before 3.15).
    return (
        platform.python_implementation() == "CPython"
        and not hasattr(sys, "gettotalrefcount")
        and not sysconfig.get_config_var("Py_GIL_DISABLED")
    )


@pytest.mark.skipif(not _builds_for_the_limited_api(), reason="no limited API on this interpreter")
def test_one_limited_api_wheel_serves_every_promised_cpython() -> None:
    assert Path(badugi._native.__file__ or "").name == "_native.abi3.so"
    dist = importlib.metadata.distribution("badugi")
    oldest = re.fullmatch(r">=(\d+)\.(\d+)", dist.metadata["Requires-Python"])
    assert oldest is not None, dist.metadata["Requires-Python"]
    wheel = dist.read_text("WHEEL") or ""
    tags = [line.removeprefix("Tag: ") for line in wheel.splitlines() if line.startswith("Tag: ")]
    assert len(tags) == 1, wheel
    python, abi, _platform = tags[0].split("-")
    assert (python, abi) == (f"cp{oldest[1]}{oldest[2]}", "abi3")
