"""Commit subjects of at most 72 characters (tools/check_commit_subjects.py, CI's check and the hook)."""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECK = runpy.run_path(str(ROOT / "tools" / "check_commit_subjects.py"))


def test_a_subject_of_72_characters_passes_and_73_fails() -> None:
    problem = CHECK["subject_problem"]
    assert problem("x" * 72 + "\n\nwhy, and the figures") is None
    assert "73 characters, over 72" in problem("x" * 73 + "\n\nwhy")
    assert problem("# a comment git strips\nshort subject\n") is None


def test_an_empty_subject_or_one_of_two_lines_fails() -> None:
    problem = CHECK["subject_problem"]
    assert problem("\n\nbody") == "the subject is empty"
    assert "blank line before the body" in problem("subject\nsecond line of it")


def test_the_hook_refuses_a_long_subject(tmp_path: Path) -> None:
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("y" * 80 + "\n")
    script = str(ROOT / "tools" / "check_commit_subjects.py")
    refused = subprocess.run(
        [sys.executable, script, "--message-file", str(message)], capture_output=True, text=True, check=False
    )
    assert refused.returncode == 1
    assert "80 characters, over 72" in refused.stderr
    message.write_text("tools: a short subject\n\nthe body says why\n")
    passed = subprocess.run(
        [sys.executable, script, "--message-file", str(message)], capture_output=True, text=True, check=False
    )
    assert passed.returncode == 0, passed.stderr


def test_the_commits_since_the_base_keep_the_rule() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    known = subprocess.run(
        ["git", "cat-file", "-e", CHECK["BASE"]], cwd=ROOT, capture_output=True, check=False
    )
    if known.returncode:
        pytest.skip("the base commit is not in this clone (a shallow one)")
    script = str(ROOT / "tools" / "check_commit_subjects.py")
    result = subprocess.run([sys.executable, script], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
