""".ci/system-tools: CI installs valgrind and chromium, or stops saying so (never a silent skip)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "system-tools"


def _stub(folder: Path, name: str, status: int) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\nexit {status}\n")
    path.chmod(0o755)


def _run(folder: Path) -> subprocess.CompletedProcess[str]:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    env = {**os.environ, "PATH": str(folder)}  # only the stubs: no real valgrind, chromium or apt-get
    return subprocess.run([bash, str(SCRIPT)], env=env, capture_output=True, text=True, check=False)


def test_a_tool_that_cannot_be_installed_stops_ci_with_a_line(tmp_path: Path) -> None:
    _stub(tmp_path, "valgrind", 0)
    _stub(tmp_path, "apt-get", 100)  # no package list reached, or no such package
    result = _run(tmp_path)
    assert result.returncode == 1
    assert "CI needs chromium and cannot install it" in result.stderr
    assert "would skip" in result.stderr


def test_tools_that_are_here_install_nothing(tmp_path: Path) -> None:
    for name in ("valgrind", "chromium"):
        _stub(tmp_path, name, 0)
    _stub(tmp_path, "apt-get", 100)  # never called
    result = _run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "valgrind and chromium are installed\n"


def test_the_development_command_names_the_chromium_it_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    development = readme.split("## Development", 1)[1].split("\n## ", 1)[0]
    assert "apt-get install chromium" in development
    guide = (ROOT / "docs" / "guide" / "development.md").read_text(encoding="utf-8")
    assert "apt-get install chromium" in guide.split("```", 2)[1]  # in the commands themselves
