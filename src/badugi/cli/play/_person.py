"""A person's seat at the play command's table: a player callable that shows the screen and reads a line.

It is a ``Player`` as the engine's ``Match`` takes one. Every line is read
against what is legal now (``_typed``), so it returns only actions the engine
takes; a line that cannot be done is answered with one line saying why, and
the person types again. Leaving (the end of the input, or ``quit``) raises
``LeftTable``, which is not an ``Exception``: the match lets it through, as it
does Ctrl-C, and abandons the hand in play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi.cli.play._hints import hint_lines
from badugi.cli.play._look import Look
from badugi.cli.play._screen import legal_now, screen
from badugi.cli.play._typed import HELP, read_typed, refusal
from badugi.engine.view import SeatView

__all__ = ["LeftTable", "Person"]


class LeftTable(BaseException):
    """The person left the table: ``reason`` says how ("input ended", "quit")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SeatFailed(BaseException):
    """Showing or reading failed at the person's seat (a closed or full output): ``error`` is why.

    Not an ``Exception``, so that the match does not report it as the player's illegal action.
    """

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


class Person:
    """The person's seat.

    Args:
        read: the next line typed, or None at the end of the input.
        say: where each line shown goes.
        look: how cards are written.
        hints: show the hint at every decision.
        confirm: asks whether to leave (on a terminal); None leaves at once.
    """

    def __init__(
        self,
        read: Callable[[], str | None],
        say: Callable[[str], object],
        *,
        look: Look,
        hints: bool,
        confirm: Callable[[], bool] | None,
    ) -> None:
        self._read, self._say, self._look = read, say, look
        self._hints, self._confirm = hints, confirm
        self.names: Sequence[str] = ()  # the hand's seats: names and seats at the table, set by the command
        self.numbers: Sequence[int] = ()
        self.before_screen: Callable[[], object] | None = None  # the narrator's, to tell what is pending
        self.header = ""
        self._explained = False  # what "strength" means is said with the first hint

    def __call__(self, view: SeatView) -> object:
        """Show the table at this decision and read lines until one is an action that is legal now."""
        try:
            return self._decide(view)
        except Exception as exc:  # an output or input that failed: the command's to report, not the match's
            raise SeatFailed(exc) from exc

    def _decide(self, view: SeatView) -> object:
        if self.before_screen is not None:
            self.before_screen()
        for line in screen(view, self.names, self.numbers, self._look, self.header):
            self._say(line)
        if self._hints:
            self._show_hint(view)
        while True:
            typed_line = self._read()
            if typed_line is None:
                raise LeftTable("input ended")
            typed = read_typed(typed_line, view)
            if typed.kind == "action":
                return typed.action
            if typed.kind == "refused":
                self._say(refusal(typed, view, self._look.dot))
            elif typed.kind == "help":
                self._say(HELP)
            elif typed.kind == "hint":
                self._show_hint(view)
            elif self._confirm is None or self._confirm():
                raise LeftTable("quit")
            else:
                self._say(f"Staying. Now: {legal_now(view, self._look.dot)}")

    def _show_hint(self, view: SeatView) -> None:
        for line in hint_lines(view, self._look, explain=not self._explained, names=self.names):
            self._say(line)
        self._explained = True
