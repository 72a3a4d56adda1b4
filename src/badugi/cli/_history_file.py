"""The history file of ``play --history`` and ``simulate --history-out``: each hand appended as it ends.

* ``json``: the engine's own history, one JSON list of events a line
  (``Hand.replay`` reads each line).
* ``phh``: a ``.phhs`` file of PHH hands (``badugi.histories``; PokerKit reads
  it too), one table ``[k]`` a hand, numbered on from the tables already in the
  file, with the players' names and the hand's number kept. PHH has notation
  for fixed-limit Badugi only: a match it cannot express is refused before the
  first hand, in the writer's own words; a later hand it cannot state (a big
  blind all-in short) is told on stderr and left out, the others written.
* ``pokerstars``: PokerStars text (``badugi.histories.to_pokerstars``), which
  trackers import, every player's cards written; fixed-limit Badugi only too.

A file is appended to, never overwritten, and only with hands of its own
format (one of another format is refused before any hand, naming both); a
write it refuses ends the command with one line (status 1), the hands before
it kept.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
from collections.abc import Sequence
from typing import IO

from badugi.cli._common import RunFailed
from badugi.cli._streams import say
from badugi.cli.play._stakes import Stakes
from badugi.errors import BadugiError
from badugi.games import Game

TYPE_CHECKING = False
if TYPE_CHECKING:
    from badugi.engine import Hand

__all__ = ["FORMATS", "HistoryFile", "check_writable", "history_options", "open_history"]

FORMATS = ("json", "phh", "pokerstars")
_TABLE = re.compile(r"^\[[^\]\n]+\]\s*$", flags=re.MULTILINE)
_STARS = re.compile(r"^PokerStars Hand #", flags=re.MULTILINE)
_HEAD = 4000  # the characters of a file whose format is detected (``badugi.histories.detect`` reads as many)


class HistoryFile:
    """The ``--history`` file, open for appending.

    Raises:
        BadugiError: the file cannot be opened, or (``phh``) holds text that is not UTF-8.
    """

    def __init__(self, path: str, form: str) -> None:
        self.path, self.form = path, form
        self._tables = 0  # the hands already in the file (PHH tables, PokerStars hands)
        self.written = 0  # hands written by this run
        self.unwritten = 0  # hands the format could not state, told on stderr and skipped
        if os.path.isfile(path):  # not a new file, a device or a pipe: the hands already in it
            try:
                with open(path, encoding="utf-8") as existing:
                    # Its head tells its format; the PHH tables and PokerStars hands are counted whole.
                    text = existing.read() if form in ("phh", "pokerstars") else existing.read(_HEAD)
            except (OSError, UnicodeDecodeError) as exc:
                raise BadugiError(f"cannot read the hands already in {path}: {_why(exc)}") from None
            _check_same_format(path, text, form)
            if form in ("phh", "pokerstars"):
                self._tables = len((_TABLE if form == "phh" else _STARS).findall(text))
        try:
            self._file: IO[str] | None = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
        except OSError as exc:
            raise BadugiError(f"cannot write the history to {path}: {_why(exc)}") from None

    def append(self, hand: Hand, names: Sequence[str], number: int) -> None:
        """Write one finished hand; ``names`` are its seats' players, ``number`` its number in the match."""
        if self._file is None:
            return
        from badugi.errors import HandHistoryError  # noqa: PLC0415 - the histories load only for these formats

        try:
            text = self._text(hand, names, number)
        except (
            HandHistoryError
        ) as exc:  # a hand the format cannot state (a short all-in blind, say): told, skipped
            self.unwritten += 1
            say(f"hand {number} is not written to {self.path}: {exc}")
            return
        try:
            self._file.write(text)
            self._file.flush()
        except OSError as exc:
            self._lost()
            raise RunFailed(f"cannot write the history to {self.path}: {_why(exc)}") from None
        self.written += 1

    def _text(self, hand: Hand, names: Sequence[str], number: int) -> str:
        """The hand in the file's format."""
        if self.form == "json":
            from badugi.histories import write_hand  # noqa: PLC0415 - only this format needs it

            text = write_hand(hand, "json", names=names)  # the names kept in the setup event
        elif self.form == "pokerstars":
            from badugi.histories import to_pokerstars  # noqa: PLC0415 - only this format needs it

            # Numbered on from the hands already in the file: a tracker drops a number it has seen.
            fields = {"players": list(names), "hand": self._tables + number, "table": "badugi"}
            text = to_pokerstars(hand, fields=fields) + "\n\n\n"
        else:
            from badugi.histories import to_phh  # noqa: PLC0415 - only this format needs it
            from badugi.histories.phh.fields import positions  # noqa: PLC0415

            order = positions(hand.n_seats, hand.button)
            fields = {"players": [names[seat] for seat in order], "hand": number}
            text = ("\n" if self._tables else "") + f"[{self._tables + 1}]\n{to_phh(hand, fields=fields)}"
            self._tables += 1  # only once the hand is written
        return text

    def close(self) -> None:
        """Close the file; a last write it refuses is one line."""
        if self._file is not None:
            try:
                self._file.close()
            except OSError as exc:
                raise RunFailed(f"cannot write the history to {self.path}: {_why(exc)}") from None
            self._file = None

    def _lost(self) -> None:
        """After a refused write: let go of the file without trying to write again."""
        with contextlib.suppress(OSError):
            self._file.close()  # type: ignore[union-attr]
        self._file = None


def _check_same_format(path: str, text: str, form: str) -> None:
    """Refuse to append hands of ``form`` to a file that holds another format's.

    Raises:
        BadugiError: naming the file's format and the one asked for.
    """
    if not text.strip():
        return
    from badugi.histories import detect  # noqa: PLC0415 - the histories load only for a file that has hands

    found = detect(text)
    if found != form:
        held = f"{found} hands" if found is not None else "text in no format read"
        raise BadugiError(
            f"{path} holds {held}: --history-format {form} would append another format to it "
            f"(write to another file, or use --history-format {found})"
            if found is not None
            else f"{path} holds {held}: --history-format {form} would append to it (write to another file)"
        )


def history_options(command: argparse.ArgumentParser, flag: str) -> None:
    """Add ``flag FILE`` and ``--history-format`` to a match command (``--history``, ``--history-out``)."""
    command.add_argument(
        flag,
        dest="history",
        metavar="FILE",
        default=None,
        help="append every hand to FILE as it ends, in --history-format",
    )
    command.add_argument(
        "--history-format",
        choices=FORMATS,
        default="json",
        help="json: the engine's history, one JSON list a line (Hand.replay reads each); phh: a .phhs "
        "file of PHH hands; pokerstars: PokerStars text, which trackers import (both fixed-limit Badugi "
        "only; default json)",
    )


def open_history(
    path: str | None, form: str, stakes: Stakes, game: Game, rule: str | int | None
) -> HistoryFile | None:
    """The history file a match command asked for, or None; a format that cannot hold its hands refused.

    Raises:
        BadugiError: PHH asked for hands it cannot express (before any hand), or a file that cannot be opened.
    """
    if path is None:
        return None
    if form != "json":
        check_writable(_sample_hand(stakes, game, rule), form)
    return HistoryFile(path, form)


def _sample_hand(stakes: Stakes, game: Game, rule: str | int | None) -> Hand:
    """A finished hand dealt as the match deals its first: what a history format must be able to write."""
    from badugi.engine import Hand  # noqa: PLC0415 - the engine loads only here
    from badugi.engine.match import STRUCTURES  # noqa: PLC0415

    level = stakes.first
    hand = Hand(
        [1000, 1000],
        0,
        STRUCTURES[stakes.structure](level),
        blinds=level.blinds,
        ante=level.ante,
        seed=0,
        game=game,
        qualifier=rule,
    )
    while hand.actor is not None:
        legal = hand.legal()
        hand.act(("draw", []) if legal.draw else "check" if legal.check else "fold")
    return hand


def check_writable(hand: Hand, form: str) -> None:
    """Refuse, before any hand is played, a match whose hands ``form`` cannot state (``hand`` is like them).

    Raises:
        BadugiError: what the format has no notation for, in the writer's words.
    """
    from badugi.histories import HandHistoryError, to_phh, to_pokerstars  # noqa: PLC0415

    try:
        (to_phh if form == "phh" else to_pokerstars)(hand)
    except HandHistoryError as exc:
        raise BadugiError(f"--history-format {form}: {exc}") from None


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
