"""The command line's standard streams, when they are closed (``>&-``) or refuse a write (a full disk).

Standard output is what a command is for: while a command runs,
``sys.stdout`` is a ``CheckedOutput``, so a write it refuses comes out as
``OutputError`` (the command line's "cannot write to standard output"),
whoever wrote it, and not as an ``OSError`` a command could take for one of
its own files. A closed pipe stays ``BrokenPipeError``: the reader went away,
which ends the command quietly. Standard error only says how things go (a
message, a progress bar): one that is closed or full costs those, nothing else.
"""

from __future__ import annotations

import sys

# typing is not imported at run time (see badugi.ranking.four_card).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CheckedOutput", "OutputError", "bar_stream", "say", "stderr_is_terminal"]


class OutputError(Exception):
    """Standard output refused a write; the message is why, in the system's words."""


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    if isinstance(exc, UnicodeEncodeError):  # a ValueError too, but the stream is open
        return f"its encoding, {exc.encoding}, has no {exc.object[exc.start : exc.end]!r}"
    return "it is closed"  # ValueError: I/O operation on closed file


class CheckedOutput:
    """Standard output while a command runs: a write or flush it refuses raises ``OutputError``."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(_reason(exc)) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(_reason(exc)) from None

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding, ...: the stream's own
        return getattr(self._stream, name)


def say(line: str) -> None:
    """One line on stderr, if it takes it: print(file=None) would write it to stdout instead."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (where a progress bar is shown unless asked otherwise)."""
    stream = sys.stderr
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


class _Drawn:
    """Stderr for a progress bar: a write it refuses stops the bar, not the command."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self._stream.write(text)
            except (OSError, ValueError):
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def bar_stream() -> Any:
    """Where a progress bar draws: stderr, its errors dropped; None when there is no stderr at all."""
    return None if sys.stderr is None else _Drawn(sys.stderr)
