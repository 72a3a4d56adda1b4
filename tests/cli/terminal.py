"""Run a ``badugi`` command as a person does: through a pipe, or at a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time


def piped(*argv: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``badugi ARGV`` with ``stdin`` on a pipe; its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "badugi", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


class Terminal:
    """``badugi ARGV`` at a pseudo-terminal (stdin, stdout and stderr): read what it shows, type lines."""

    def __init__(self, *argv: str) -> None:
        master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "badugi", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "TERM": "xterm", "COLUMNS": "120"},
        )
        os.close(slave)
        self._master = master
        self.shown = ""

    def read_until(self, marker: str, timeout: float = 120) -> str:
        """What is shown until ``marker`` appears in what is new (or the program ends)."""
        start, deadline = len(self.shown), time.monotonic() + timeout
        while marker not in self.shown[start:]:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {marker!r} within {timeout} s; shown: {self.shown[-800:]!r}")
            if not self._read(0.5) and self.process.poll() is not None:
                break
        return self.shown[start:]

    def type(self, line: str) -> None:
        os.write(self._master, (line + "\r").encode())

    def finish(self, timeout: float = 300) -> int:
        """Everything shown to the end; the exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        while self._read(0.2):
            pass
        status = self.process.wait(timeout=5)
        os.close(self._master)
        return status

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self._master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self._master, 65536)
        except OSError:  # the program ended and the terminal closed
            return False
        self.shown += chunk.decode("utf-8", "replace")
        return bool(chunk)
