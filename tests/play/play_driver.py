"""Drive ``badugi play`` as a person would: through a pipe, or at a pseudo-terminal, answering each prompt."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

from badugi.engine import Hand

PROMPT = "> "
#: Bots for sessions that do not need DrawBot (its first one in a process estimates its opponents: ~1 s).
QUICK_BOTS = ["--bots", "simple,random"]


def _with_bots(args: tuple[str, ...], default_bots: bool) -> list[str]:
    return list(args) if default_bots or "--bots" in args else [*args, *QUICK_BOTS]


def play_piped(
    lines: list[str], *args: str, timeout: float = 120, ascii_only: bool = False, default_bots: bool = False
) -> subprocess.CompletedProcess[str]:
    """``badugi play ARGS`` with ``lines`` on its standard input (its output in ASCII, if ``ascii_only``).

    Without ``--bots`` in ARGS the bots are simple and random, unless ``default_bots``.
    """
    env = {**os.environ, "COLUMNS": "120", **({"PYTHONIOENCODING": "ascii"} if ascii_only else {})}
    return subprocess.run(
        [sys.executable, "-m", "badugi", "play", *_with_bots(args, default_bots)],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def _own_terminal() -> None:
    """In the child: its own session, the pseudo-terminal its controlling terminal (so ^C is SIGINT)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # A test runner's worker may ignore SIGINT, and an ignored signal stays ignored across exec:
    # Python would then install no KeyboardInterrupt handler, and ^C would do nothing.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``badugi play`` at a pseudo-terminal: read what it shows, type lines, press Ctrl-C."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, default_bots: bool = False) -> None:
        master, slave = pty.openpty()
        environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
        environment.update({"TERM": "xterm", **(env or {})})
        self.process = subprocess.Popen(
            [sys.executable, "-m", "badugi", "play", *_with_bots(args, default_bots)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environment,
            preexec_fn=_own_terminal,  # noqa: PLW1509 - only setsid and an ioctl, before exec
        )
        os.close(slave)
        self._master = master
        self.shown = ""  # everything shown so far

    def read_until(self, marker: str, timeout: float = 60) -> str:
        """Read until ``marker`` appears in what is new since the last read (or the program ends)."""
        start, deadline = len(self.shown), time.monotonic() + timeout
        while marker not in self.shown[start:]:
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"no {marker!r} within {timeout} s; the last output: {self.shown[-800:]!r}"
                )
            ready, _, _ = select.select([self._master], [], [], 0.5)
            if not ready:
                if self.process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(self._master, 65536)
            except OSError:  # the program ended and the terminal closed
                break
            if not chunk:
                break
            self.shown += chunk.decode("utf-8", "replace")
        return self.shown[start:]

    def type(self, line: str) -> None:
        os.write(self._master, (line + "\r").encode())

    def press_ctrl_c(self) -> None:
        os.write(self._master, b"\x03")

    def finish(self, timeout: float = 60) -> int:
        """Read everything to the end; the exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._drain()
        self._drain()
        status = self.process.wait(timeout=5)
        os.close(self._master)
        return status

    def _drain(self) -> None:
        ready, _, _ = select.select([self._master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(self._master, 65536)
            except OSError:
                return
            self.shown += chunk.decode("utf-8", "replace")


def answer(screen: str) -> str:
    """What a patient person types: call or check; at a draw, pat on a badugi, else throw the first card."""
    lines = screen.splitlines()
    cards = [n for n, line in enumerate(lines) if line.startswith("Your cards")]
    if cards and cards[-1] + 1 < len(lines) and "d CARDS" in lines[cards[-1] + 1]:
        return "pat" if "badugi" in lines[cards[-1]] else "d 1"
    return "c"


def play_through(terminal: Terminal, choose: Callable[[str], str] = answer, most: int = 3000) -> int:
    """Answer every prompt with ``choose(screen)`` until the match ends; returns the decisions made."""
    for decisions in range(most):
        screen = terminal.read_until(PROMPT)
        if "Standings after" in terminal.shown or terminal.process.poll() is not None:
            return decisions
        terminal.type(choose(screen))
    raise AssertionError(f"the match did not end within {most} decisions")


def saved_hands(path: Path) -> list[Hand]:
    """Every hand in a --history file, replayed by the engine (each line one hand's history)."""
    hands = []
    for line in path.read_text(encoding="utf-8").splitlines():
        history = json.loads(line)
        hand = Hand.replay(history)
        assert [dict(e) for e in hand.history] == [dict(e) for e in Hand.replay(hand.history).history]
        hands.append(hand)
    return hands
