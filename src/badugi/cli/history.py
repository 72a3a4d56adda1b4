"""``badugi history``: read a hand-history file, every hand checked by the engine; tell a hand, or convert.

    badugi history show FILE [--hand N]             each hand told as a person reads it
    badugi history convert FILE --to FORMAT [--out FILE]

The file's format is detected, or named with ``--from``. Every hand is played
through the engine's rules (``badugi.histories.read_hands``); a summary on
standard error says how many hands were read and why each one passed over or
refused was. A file the command cannot read, or a format it cannot detect, is
an error (status 2); refused hands are not: the others are shown or converted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import IO, Any

from badugi.cli._common import count, counted
from badugi.cli._streams import say
from badugi.cli.play._look import look_for
from badugi.cli.play._printable import printable
from badugi.errors import BadugiError, HandHistoryError

__all__ = ["add_command", "run_convert", "run_show"]

# The formats, as the library knows them (``badugi.histories.files``); loaded when a command runs.
_READABLE = ("phh", "pokerstars", "fulltilt", "merge", "kingsclub", "json")
_WRITABLE = ("phh", "pokerstars", "json")


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi history`` and its two actions to the command line; returns its parser."""
    history_cmd: argparse.ArgumentParser = commands.add_parser(
        "history",
        help="read hand histories (PHH, the rooms', the engine's): tell a hand, or convert a file",
        description="Read a hand-history file, every hand played through the engine's rules: tell its "
        "hands as a person reads them, or convert them to another format. A summary on standard error "
        "says how many hands were read and why any was passed over or refused.",
    )
    actions = history_cmd.add_subparsers(
        dest="action", required=True, metavar="ACTION", parser_class=type(history_cmd)
    )
    show = actions.add_parser(
        "show",
        help="tell the file's hands (or one) as a person reads them",
        description="Tell each hand of the file: the seats and stacks, each round's actions, the draws "
        "(counts, and the cards of the record's own player), the showdown with each hand's value, and "
        "who won what.",
    )
    show.add_argument("file", metavar="FILE", help="the hand-history file")
    show.add_argument(
        "--hand", type=count, default=None, metavar="N", help="only the file's N-th hand, from 1"
    )
    _from_option(show)
    show.set_defaults(run=run_show)
    convert = actions.add_parser(
        "convert",
        help="convert the file's hands to another format",
        description="Convert every hand the engine reads from the file (the refused ones are left out, "
        "and the summary says why) to PHH, PokerStars text or the engine's own JSON history (one hand a "
        "line). The players' names, the hand's number, the table and the time are kept.",
    )
    convert.add_argument("file", metavar="FILE", help="the hand-history file")
    convert.add_argument("--to", required=True, choices=_WRITABLE, help="the format to write")
    convert.add_argument("--out", metavar="FILE", help="write to FILE (default: standard output)")
    _from_option(convert)
    convert.set_defaults(run=run_convert)
    return history_cmd


def _from_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--from", dest="source", choices=_READABLE, default=None, help="the file's format (default: detected)"
    )


def _read(args: argparse.Namespace) -> Iterator[Any]:
    """The file's hands, read one at a time: each played, skipped or refused (``_Tally`` says which)."""
    from badugi.histories.files import (  # noqa: PLC0415 - the engine loads only when a command runs
        READABLE,
        FormatNotRecognisedError,
        iter_hands,
    )

    try:
        file = open(args.file, "rb")  # noqa: SIM115 - closed when the hands are read, or the command stops
    except OSError as exc:
        raise BadugiError(f"cannot read {printable(args.file)}: {exc.strerror or exc}") from None
    try:
        hands = iter_hands(file, args.source)
        while True:
            try:
                read = next(hands)
            except StopIteration:
                return
            yield read
    except FormatNotRecognisedError:
        raise BadugiError(
            f"{printable(args.file)}: the format of the file is not recognised; pass --from FORMAT"
            f" (one of {', '.join(READABLE)})"
        ) from None
    except HandHistoryError as exc:
        raise BadugiError(f"{printable(args.file)}: {printable(str(exc))}") from None
    finally:
        file.close()


#: The most hands passed over or refused that the summary names one by one.
_NAMED_MOST = 1000


class _Tally:
    """What was read, counted as the hands go by: the summary's figures and its first reasons."""

    def __init__(self) -> None:
        self.hands = self.played = 0
        self.skipped: list[str] = []
        self.refused: list[str] = []
        self.skipped_count = self.refused_count = 0

    def add(self, read: Any) -> None:
        self.hands += 1
        self.played += read.hand is not None
        if read.skipped is not None:
            self.skipped_count += 1
            if len(self.skipped) < _NAMED_MOST:
                self.skipped.append(printable(read.skipped))
        if read.error is not None:
            self.refused_count += 1
            if len(self.refused) < _NAMED_MOST:
                self.refused.append(printable(str(read.error)))

    def say(self, args: argparse.Namespace) -> None:
        """What was read, on stderr, once the output is out (a refused write stops the command before it)."""
        sys.stdout.flush()
        # Every figure with its thousands marked, as the count of hands read is.
        played, skipped, refused = f"{self.played:,}", f"{self.skipped_count:,}", f"{self.refused_count:,}"
        say(
            f"{printable(args.file)}: {counted(self.hands, 'hand')} read: {played} played by the rules, "
            f"{skipped} passed over, {refused} refused"
        )
        for reason in self.skipped:
            say(f"  passed over: {reason}")
        if self.skipped_count > len(self.skipped):
            say(f"  ... and {self.skipped_count - len(self.skipped)} more passed over")
        for reason in self.refused:
            say(f"  refused: {reason}")
        if self.refused_count > len(self.refused):
            say(f"  ... and {self.refused_count - len(self.refused)} more refused")


def _about(hand: Any) -> Any:
    """What a followed hand's record said of its table, or None for a dealt hand."""
    from badugi.engine.followed import followed_about  # noqa: PLC0415 - the engine loads only when a command runs

    return followed_about(hand.history)


def _names(read: Any) -> list[str]:
    """The players' names, one a seat, as the terminal is sent them (see ``_printable``)."""
    hand = read.hand
    if read.names:
        return [printable(name) for name in read.names]
    about = _about(hand)
    names = (about or {}).get("names")
    if not names:
        return [f"Player {k + 1}" for k in range(hand.n_seats)]
    return [printable(str(name)) for name in names]


_SIGNS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}


def _money(read: Any) -> Callable[[int], str]:
    """How the hand's amounts are written: cents of its currency, or chips."""
    hand = read.hand
    about = _about(hand)
    currency = ((about or {}).get("fields") or {}).get("currency")
    if not isinstance(currency, str):
        return "{:,}".format
    sign = _SIGNS.get(currency, "")
    suffix = "" if sign else f" {printable(currency)}"

    def money(cents: int) -> str:
        whole, part = divmod(cents, 100)
        return f"{sign}{whole:,}.{part:02d}{suffix}"

    return money


def _header(number: int, read: Any) -> str:
    hand = read.hand
    structure = type(hand.structure).__name__
    money = _money(read)
    bets = (
        f" {money(hand.structure.small_bet)}/{money(hand.structure.big_bet)}"
        if structure == "FixedLimit"
        else ""
    )
    words = {"FixedLimit": "fixed limit", "PotLimit": "pot limit", "HalfPotLimit": "half-pot limit"}
    about = _about(hand)
    fields = (about or {}).get("fields") or {}
    extra = "".join(f", {key} {fields[key]}" for key in ("table", "time") if key in fields)
    label = (about or {}).get("label") or read.label
    told = f"Hand {number}: {label}, {hand.game.name}, {words.get(structure, structure)}{bets}{extra}"
    return printable(told)  # the table's name and the time are the file's text


class _Separated:
    """``print``, less the blank line each hand starts with when it is the first line printed.

    A blank line separates the hands; the output does not start with one.
    """

    def __init__(self) -> None:
        self._started = False

    def __call__(self, line: str) -> None:
        if self._started or line:
            print(line)
            self._started = True


def run_show(args: argparse.Namespace) -> int:
    """Tell the file's hands; returns the exit status."""
    from badugi.cli.play._teller import tell_hand  # noqa: PLC0415 - the engine loads only when a command runs

    look = look_for(sys.stdout)
    tally = _Tally()
    say_line = _Separated()
    for read in _read(args):
        tally.add(read)
        number = tally.hands
        if args.hand is not None and number != args.hand:
            continue
        if read.hand is None:
            why = read.skipped if read.skipped is not None else read.error
            say_line("")
            say_line(f"Hand {number}: {printable(read.label)}: not played ({printable(str(why))})")
            continue
        header = _header(number, read)
        tell_hand(read.hand, say=say_line, look=look, names=_names(read), header=header, money=_money(read))
    if args.hand is not None and args.hand > tally.hands:
        raise BadugiError(f"--hand {args.hand}: the file holds {counted(tally.hands, 'hand')}")
    tally.say(args)
    return 0


def run_convert(args: argparse.Namespace) -> int:
    """Convert the file's hands, written as they are read; returns the exit status.

    With ``--out``, the file is written whole or not at all (see ``_WholeFile``):
    when no hand is written, a file already there is left as it was and the
    command fails.
    """
    from badugi.histories.files import carried, write_hand  # noqa: PLC0415 - the engine loads only when a command runs

    if args.out is not None and os.path.exists(args.out) and os.path.samefile(args.out, args.file):
        raise BadugiError(f"--out {args.out} is the file being read: write the conversion elsewhere")
    unwritten: list[str] = []
    tally = _Tally()
    written = 0
    with _WholeFile(args.out) as out:
        for read in _read(args):
            tally.add(read)
            if read.hand is None:
                continue
            try:
                # The names the file gave (a followed hand keeps its own); a dealt hand without any replays.
                fields = carried(read.fields, args.to)  # a dealt PHH hand's own fields
                text = write_hand(read.hand, args.to, written + 1, fields, names=read.names or None)
            except HandHistoryError as exc:
                if len(unwritten) < _NAMED_MOST:
                    unwritten.append(f"  not written as {args.to}: {printable(str(exc))}")
                continue
            out.write(text)
            written += 1
        if not written:
            out.abandon()
            for line in unwritten[:5]:
                say(line)
            tally.say(args)
            kept = f" ({args.out} is left as it was)" if args.out is not None else ""
            if tally.played:
                raise BadugiError(
                    f"none of the {counted(tally.played, 'hand')} played can be written as {args.to}{kept}"
                )
            raise BadugiError(
                f"no hand of {printable(args.file)} is played by the rules: nothing written{kept}"
            )
    tally.say(args)
    for line in unwritten:
        say(line)
    say(f"{counted(written, 'hand')} written as {args.to}" + (f" to {args.out}" if args.out else ""))
    return 0


class _WholeFile:
    """Where the conversion goes: standard output as it comes, or ``path`` written whole or not at all.

    A regular file (or a link to one) is written as a temporary file beside
    it, with the mode it has (or the umask's), and renamed over it when the
    block ends without an error and without ``abandon``: a write cut short,
    or one with nothing to write, leaves the old file. Anything else (a
    device, a pipe) is written to directly.
    """

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: IO[str] | None = None
        self.temporary: str | None = None
        self.target = ""
        self.abandoned = False

    def __enter__(self) -> _WholeFile:
        return self

    def _open(self) -> IO[str]:
        assert self.path is not None
        path = self.path
        self.target = target = os.path.realpath(path)
        try:
            if os.path.exists(target) and not os.path.isfile(target):
                return open(target, "w", encoding="utf-8")
            handle, self.temporary = tempfile.mkstemp(
                dir=os.path.dirname(target), prefix=".badugi-", suffix=".tmp"
            )
            return os.fdopen(handle, "w", encoding="utf-8")
        except OSError as exc:
            raise BadugiError(f"cannot write {path}: {exc.strerror or exc}") from None

    def write(self, text: str) -> None:
        if self.path is None:
            print(text, end="")
            return
        try:
            if self.file is None:
                self.file = self._open()
            self.file.write(text)
        except OSError as exc:
            raise BadugiError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def abandon(self) -> None:
        """Nothing is to be written: the file is left as it was."""
        self.abandoned = True

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if self.file is not None:
                self.file.close()
            if kind is None and not self.abandoned and self.temporary is not None:
                mask = os.umask(0)
                os.umask(mask)
                exists = os.path.exists(self.target)
                mode = os.stat(self.target).st_mode & 0o7777 if exists else 0o666 & ~mask
                os.chmod(self.temporary, mode)
                os.replace(self.temporary, self.target)
                self.temporary = None
        except OSError as exc:
            if kind is None:
                raise BadugiError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        finally:
            if self.temporary is not None and os.path.exists(self.temporary):
                os.unlink(self.temporary)
