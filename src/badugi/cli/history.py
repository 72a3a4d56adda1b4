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
from collections.abc import Callable
from typing import Any

from badugi.cli._common import count, counted
from badugi.cli._look import look_for
from badugi.cli._streams import say
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


def _read(args: argparse.Namespace) -> list[Any]:
    """The file's hands, read: each played, skipped or refused (``_summary`` says which)."""
    from badugi.histories.files import read_hands  # noqa: PLC0415 - the engine loads only when a command runs

    try:
        with open(args.file, "rb") as file:
            data = file.read()
    except OSError as exc:
        raise BadugiError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    try:
        hands = read_hands(data, args.source)
    except HandHistoryError as exc:
        raise BadugiError(f"{args.file}: {exc}") from None
    return hands


def _summary(args: argparse.Namespace, hands: list[Any]) -> None:
    """What was read, on stderr, once the output is out (a refused write stops the command before it)."""
    sys.stdout.flush()
    played = sum(read.hand is not None for read in hands)
    skipped = [read for read in hands if read.skipped is not None]
    refused = [read for read in hands if read.error is not None]
    say(
        f"{args.file}: {counted(len(hands), 'hand')} read: {played} played by the rules, "
        f"{len(skipped)} passed over, {len(refused)} refused"
    )
    for read in skipped:
        say(f"  passed over: {read.skipped}")
    for read in refused:
        say(f"  refused: {read.error}")


def _about(hand: Any) -> Any:
    """What a followed hand's record said of its table, or None for a dealt hand."""
    from badugi.engine.followed import followed_about  # noqa: PLC0415 - the engine loads only when a command runs

    return followed_about(hand.history)


def _names(read: Any) -> list[str]:
    hand = read.hand
    if read.names:
        return list(read.names)
    about = _about(hand)
    names = (about or {}).get("names")
    return [str(name) for name in names] if names else [f"Player {k + 1}" for k in range(hand.n_seats)]


_SIGNS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}


def _money(read: Any) -> Callable[[int], str]:
    """How the hand's amounts are written: cents of its currency, or chips."""
    hand = read.hand
    about = _about(hand)
    currency = ((about or {}).get("fields") or {}).get("currency")
    if not isinstance(currency, str):
        return "{:,}".format
    sign = _SIGNS.get(currency, "")
    suffix = "" if sign else f" {currency}"

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
    return f"Hand {number}: {label}, {hand.game.name}, {words.get(structure, structure)}{bets}{extra}"


def run_show(args: argparse.Namespace) -> int:
    """Tell the file's hands; returns the exit status."""
    from badugi.cli._teller import tell_hand  # noqa: PLC0415 - the engine loads only when a command runs

    hands = _read(args)
    if args.hand is not None and not 1 <= args.hand <= len(hands):
        raise BadugiError(f"--hand {args.hand}: the file holds {counted(len(hands), 'hand')}")
    look = look_for(sys.stdout)
    for number, read in enumerate(hands, 1):
        if args.hand is not None and number != args.hand:
            continue
        if read.hand is None:
            why = read.skipped if read.skipped is not None else read.error
            print(f"\nHand {number}: {read.label}: not played ({why})")
            continue
        header = _header(number, read)
        tell_hand(read.hand, say=print, look=look, names=_names(read), header=header, money=_money(read))
    _summary(args, hands)
    return 0


def run_convert(args: argparse.Namespace) -> int:
    """Convert the file's hands; returns the exit status."""
    from badugi.histories.files import carried, write_hand  # noqa: PLC0415 - the engine loads only when a command runs

    if args.out is not None and os.path.exists(args.out) and os.path.samefile(args.out, args.file):
        raise BadugiError(f"--out {args.out} is the file being read: write the conversion elsewhere")
    parts: list[str] = []
    unwritten: list[str] = []
    hands = _read(args)
    for read in hands:
        if read.hand is None:
            continue
        try:
            # The names the file gave (a followed hand keeps its own); a dealt hand without any still replays.
            fields = carried(read.fields, args.to)  # a dealt PHH hand's own fields
            parts.append(write_hand(read.hand, args.to, len(parts) + 1, fields, names=read.names or None))
        except HandHistoryError as exc:
            unwritten.append(f"  not written as {args.to}: {exc}")
    text = "".join(parts)
    played = sum(read.hand is not None for read in hands)
    if played and not parts:
        for line in unwritten[:5]:
            say(line)
        raise BadugiError(f"none of the {counted(played, 'hand')} played can be written as {args.to}")
    if args.out is None:
        print(text, end="")
    else:
        _write_whole(args.out, text)
    _summary(args, hands)
    for line in unwritten:
        say(line)
    say(f"{counted(len(parts), 'hand')} written as {args.to}" + (f" to {args.out}" if args.out else ""))
    return 0


def _write_whole(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all.

    A regular file (or a link to one) is written as a temporary file beside it,
    with the mode it has (or the umask's), and renamed over it: a write cut
    short leaves the old file. Anything else (a device, a pipe) is written
    to directly.
    """
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isfile(target):
        try:
            with open(target, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as exc:
            raise BadugiError(f"cannot write {path}: {exc.strerror or exc}") from None
        return
    mask = os.umask(0)
    os.umask(mask)
    mode = os.stat(target).st_mode & 0o7777 if os.path.exists(target) else 0o666 & ~mask
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".badugi-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as exc:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        raise BadugiError(f"cannot write {path}: {exc.strerror or exc}") from None
