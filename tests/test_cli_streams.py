"""Every command with a standard stream it cannot use: closed (``>&-``) or full (``> /dev/full``).

Standard output that refuses a write ends the command with status 1 and one
line on stderr, as Unix tools do (a closed pipe stays a quiet 141, tested in
test_cli.py); a closed or full stderr costs only the messages and bars it
would have shown, never the command's own output or its status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from badugi.cli import _parser

FULL = Path("/dev/full")
HAND = "Ah2s3d4c"

#: A file of hands the engine played (``badugi simulate --history-out ... --history-format phh``).
HISTORY = Path(__file__).parent / "histories" / "files" / "engine_match.phhs"
#: One run of every command and subcommand that prints, with {dir} a folder of its own and
#: {table} a finished vs-random table.
COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "--version": ["--version"],
    "rank": ["rank", HAND],
    "rank --json": ["rank", "--json", HAND],
    "rank --help": ["rank", "--help"],
    "compare": ["compare", HAND, "Kc9d5h6s"],
    "compare --json": ["compare", "--json", HAND, "Kc9d5h6s"],
    "simulate": ["simulate", "--players", "2", "--hands", "3", "--seed", "1", "--no-progress"],
    "simulate --json": ["simulate", "--players", "2", "--hands", "3", "--seed", "1", "--json"],
    "play": ["play", "--players", "2", "--hands", "2", "--seed", "1", "--bots", "simple"],
    "play --help": ["play", "--help"],
    "equity": ["equity", "Ah2s3d", "2c3h4d"],
    "equity --json": ["equity", "--json", "Ah2s3d", "2c3h4d"],
    "draw": ["draw", "Ah2s3dKd"],
    "draw --json": ["draw", "--json", "Ah2s3dKd"],
    "chart vs-random": ["chart", "vs-random", HAND, "--draws", "0", "--out", "{dir}/t.csv"],
    "chart heads-up": [
        "chart",
        "heads-up",
        "--hands-a",
        HAND,
        "--hands-b",
        HAND,
        "--draws",
        "0",
        "--out",
        "{dir}/h.csv",
    ],
    "chart plot": ["chart", "plot", "{table}", "--out", "{dir}/chart.png"],
    "history show": ["history", "show", str(HISTORY)],
    "serve": ["serve", "--help"],  # a run serves until it is stopped: its help is what prints and ends
    "history convert": ["history", "convert", str(HISTORY), "--to", "json"],
    "review": ["review", str(HISTORY), "--seat", "0"],
    "drill": ["drill", "--seed", "1", "--hands", "1"],  # stdin at its end: no hand answered, a summary
}
#: Runs that show a bar on stderr, for the stderr cases.
WITH_BARS: dict[str, list[str]] = {
    "simulate --progress": ["simulate", "--players", "2", "--hands", "3", "--seed", "1", "--progress"],
    "equity --progress": [
        "equity",
        "Ah2s3d",
        "2c3h4d",
        "--draws",
        "3",
        "--samples",
        "200000",
        "--seed",
        "1",
        "--progress",
    ],
    "chart --progress": [
        "chart",
        "vs-random",
        HAND,
        "Kc9d4h2s",
        "--draws",
        "0",
        "--chunk-size",
        "1",
        "--progress",
        "--out",
        "{dir}/p.csv",
    ],
    "review --progress": ["review", str(HISTORY), "--seat", "0", "--progress"],
    "bad input": ["rank", "Zz"],
}


def _choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands ``--help`` lists (an old name kept for a release, unlisted, is not one)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {listed.dest: action.choices[listed.dest] for listed in action._choices_actions}
    return {}


def _subcommands() -> set[str]:
    """Every command, and every subcommand of one that has them, as ``badugi --help`` lists them."""
    names = set()
    for name, command in _choices(_parser()[0]).items():
        subcommands = _choices(command)
        names |= {f"{name} {sub}" for sub in subcommands} if subcommands else {name}
    return names


def test_every_command_is_tried() -> None:
    assert _subcommands() <= set(COMMANDS), _subcommands() - set(COMMANDS)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("table") / "t.csv"
    from badugi.charts import canonical_hands, vs_random  # noqa: PLC0415

    vs_random(draws=0, hands=[h.cards for h in canonical_hands()[::2000]], out=out)
    return out


def _argv(argv: list[str], tmp_path: Path, table: Path) -> list[str]:
    if any("{table}" in a for a in argv):
        pytest.importorskip("matplotlib")
    return [a.format(dir=tmp_path, table=table) for a in argv]


def _run(
    argv: list[str], *, stdout: Any, stderr: Any = None, close: int | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``badugi ARGV``, its file descriptor ``close`` closed as the shell's ``>&-`` does."""
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv],
        stdin=subprocess.DEVNULL,  # badugi play reads its decisions there: none, so it leaves at once
        stdout=stdout,
        stderr=stderr,
        preexec_fn=None if close is None else lambda: os.close(close),
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_closed_stdout_is_one_line_and_status_1(argv: list[str], tmp_path: Path, table: Path) -> None:
    argv = _argv(argv, tmp_path, table)
    before = sorted(tmp_path.iterdir())
    result = _run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, close=1)
    assert result.stderr.decode() == "badugi: cannot write to standard output: Bad file descriptor\n"
    assert result.returncode == 1
    assert sorted(tmp_path.iterdir()) == before  # said before any work, so nothing was written


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_full_stdout_is_one_line_and_status_1(argv: list[str], tmp_path: Path, table: Path) -> None:
    argv = _argv(argv, tmp_path, table)
    with FULL.open("wb") as full:
        result = _run(argv, stdout=full, stderr=subprocess.PIPE)
    assert result.stderr.decode() == "badugi: cannot write to standard output: No space left on device\n"
    assert result.returncode == 1


@pytest.fixture(scope="module")
def usable_stderr_runs(
    tmp_path_factory: pytest.TempPathFactory, table: Path
) -> Callable[[str], tuple[Path, subprocess.CompletedProcess[bytes]]]:
    """Each command's run with a stderr it can use, made once: the closed and the full case compare with it.

    Its folder and its result, by the command's id: a run both cases made alike cost a quarter
    of this file's processes.
    """
    runs: dict[str, tuple[Path, subprocess.CompletedProcess[bytes]]] = {}

    def run(name: str) -> tuple[Path, subprocess.CompletedProcess[bytes]]:
        if name not in runs:
            folder = tmp_path_factory.mktemp("usable-stderr")
            argv = _argv({**COMMANDS, **WITH_BARS}[name], folder, table)
            runs[name] = folder, _run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return runs[name]

    return run


@pytest.mark.parametrize("stderr", ["closed", "full"])
@pytest.mark.parametrize("name", [*COMMANDS, *WITH_BARS])
def test_a_stderr_it_cannot_use_changes_nothing_else(
    name: str,
    stderr: str,
    tmp_path: Path,
    table: Path,
    usable_stderr_runs: Callable[[str], tuple[Path, subprocess.CompletedProcess[bytes]]],
) -> None:
    if stderr == "full" and not FULL.exists():
        pytest.skip("no /dev/full here")
    argv = {**COMMANDS, **WITH_BARS}[name]
    first, expected = usable_stderr_runs(name)
    if stderr == "closed":
        result = _run(_argv(argv, tmp_path, table), stdout=subprocess.PIPE, close=2)
    else:
        with FULL.open("wb") as full:
            result = _run(_argv(argv, tmp_path, table), stdout=subprocess.PIPE, stderr=full)
    assert result.returncode == expected.returncode
    assert result.stdout.replace(bytes(tmp_path), bytes(first)) == expected.stdout
