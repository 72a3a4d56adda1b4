"""Hand-history files in every format the library reads: the format told or detected, each hand on its own.

``read_hands(text)`` gives one ``ReadHand`` a hand of the file: read and
played by the engine (``hand``), passed over (``skipped``: another game's
hand), or refused (``error``, naming the hand and the line); one bad hand
never stops the others. ``write_hands(hands, to)`` writes hands in a format.

The formats (``FORMATS``):

* ``"phh"``: PHH, one hand or a ``.phhs`` file of many (``badugi.histories.phh.read``);
* ``"json"``: the engine's own histories, one JSON list of events a line
  (a dealt hand replays with ``Hand.replay``, a followed one is followed again);
* a room's text or XML, each read by its module into ``HandRecord`` values and
  followed (``badugi.histories.follow``): listed in ``ROOM_READERS``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import IO, Any

from badugi.cards import quote
from badugi.engine import Hand
from badugi.engine.followed import FollowedHand, followed_about
from badugi.engine.setup import Setup
from badugi.errors import BadugiError, GameSetupError, HandHistoryError
from badugi.histories._lines import Lines, Numbered, hands_of
from badugi.histories._text import cut, value_message
from badugi.histories.engine_record import follow_history, record_of
from badugi.histories.follow import follow, follow_read
from badugi.histories.fulltilt import read as fulltilt_read
from badugi.histories.kingsclub import read as kingsclub_read
from badugi.histories.merge import read as merge_read
from badugi.histories.phh import toml
from badugi.histories.phh.fields import WRITTEN_FROM_THE_HAND, positions
from badugi.histories.phh.read import hand_from_fields
from badugi.histories.phh.write import to_phh
from badugi.histories.pokerstars import read as pokerstars_read
from badugi.histories.pokerstars import write as pokerstars_write
from badugi.histories.record import ReadHand

__all__ = [
    "READABLE",
    "ROOM_READERS",
    "ROOM_STREAMS",
    "WRITABLE",
    "WRITERS",
    "FormatNotRecognisedError",
    "OnError",
    "carried",
    "detect",
    "iter_hands",
    "read_hands",
    "write_hand",
    "write_hands",
]

#: A room format's reader: the file's text to one ``ReadHand`` a hand, each with its record (not followed).
RoomReader = Callable[[str], list[ReadHand]]
#: A room format's reader a hand at a time: a file's lines to its hands, each with its record.
RoomStream = Callable[[Lines], Iterator[ReadHand]]
#: The rooms' formats read, each with a pattern of its first lines that recognises it, and its reader.
ROOM_READERS: dict[str, tuple[re.Pattern[str], RoomReader]] = {
    "fulltilt": (fulltilt_read.RECOGNISE, fulltilt_read.fulltilt_records),
    "kingsclub": (kingsclub_read.RECOGNISE, kingsclub_read.kingsclub_records),
    "merge": (merge_read.RECOGNISE, merge_read.merge_records),
    "pokerstars": (pokerstars_read.RECOGNISE, pokerstars_read.pokerstars_records),
}
#: The rooms' formats read a hand at a time (a room not here is read whole by its ``ROOM_READERS`` entry).
ROOM_STREAMS: dict[str, RoomStream] = {
    "fulltilt": fulltilt_read.iter_fulltilt_records,
    "kingsclub": kingsclub_read.iter_kingsclub_records,
    "merge": merge_read.iter_merge_records,
    "pokerstars": pokerstars_read.iter_pokerstars_records,
}
#: The rooms' formats written, each a function of a hand and the extra fields to write.
WRITERS: dict[str, Callable[[Hand, Mapping[str, Any] | None], str]] = {
    "pokerstars": pokerstars_write.write_pokerstars,
}
#: Every format read.
READABLE = ("phh", *ROOM_READERS, "json")
#: Every format written.
WRITABLE = ("phh", *WRITERS, "json")

# A PHH field of fixed-limit Badugi on a line of its own (comments and other fields may come first).
_PHH_START = re.compile(r"^\s*variant\s*=\s*[\"']", re.MULTILINE)
_JSON_START = re.compile(r"\[\s*\{")


def detect(text: str) -> str | None:
    """The format of a file's text, or None if none is recognised."""
    head = text.lstrip("\ufeff \t\r\n")[:4000]
    if _JSON_START.match(head):
        return "json"
    if _PHH_START.search(head):
        return "phh"
    for name, (recognise, _reader) in ROOM_READERS.items():
        if recognise.search(head):
            return name
    return None


def read_hands(
    text: str | bytes, form: str | None = None, *, on_error: OnError | None = None
) -> list[ReadHand]:
    """Every hand of a file, each read on its own (see the module's docstring): ``iter_hands`` as a list.

    Args:
        text: the file's text: a str, or bytes (UTF-8 with or without a BOM,
            UTF-16, or cp1252; a byte that is not text costs only its hand).
        form: one of ``READABLE``, or None to detect it.
        on_error: called with each refused hand (its ``error`` set) as it is
            read, before the next (as python-chess's ``handle_error``): to
            log or count them, or to stop at the first by raising.

    Raises:
        HandHistoryError: not text, a format not known, or none detected.

    A file of two PokerStars hands, the second with a line nobody wrote:

    >>> from badugi.engine import FixedLimit, Hand
    >>> from badugi.histories import read_hands, write_hand
    >>> h = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7)
    >>> _ = h.fold()
    >>> first = write_hand(h, "pokerstars", 1, names=["Ann", "Bo"])
    >>> second = write_hand(h, "pokerstars", 2, names=["Ann", "Bo"]).replace("Ann: folds", "Ann: dances")
    >>> hands = read_hands(first + second)
    >>> [(read.label, read.hand.stacks if read.hand else None) for read in hands]
    [('PokerStars hand #1', [99, 101]), ('PokerStars hand #2', None)]
    >>> print(hands[1].error)
    PokerStars hand #2, line 29 ('Ann: dances'): a line not understood
    >>> refused = []
    >>> _ = read_hands(first + second, on_error=refused.append)
    >>> [read.label for read in refused]
    ['PokerStars hand #2']
    """
    if not isinstance(text, (str, bytes, bytearray, memoryview)):
        raise HandHistoryError(f"hand history: a hand history is text (a str or bytes), got {quote(text)}")
    hook = _checked_hook(on_error, "read_hands")
    return list(_reported(_hands(Lines(text, "hand history"), form), hook))


def iter_hands(
    file: str | os.PathLike[str] | IO[str] | IO[bytes],
    form: str | None = None,
    *,
    on_error: OnError | None = None,
) -> Iterator[ReadHand]:
    """The hands of a file one at a time, as it is read (``read_hands`` makes the list).

    The file is read a piece at a time and each hand is read, followed and
    given before the next is read, so that memory is bounded by the largest
    hand, whatever the size of the file (as ``chess.pgn.read_game`` reads a
    PGN file a game at a time).

    Args:
        file: a path (a str is a path here, not the text), or a file open
            for reading, in binary (decoded as ``read_hands`` decodes bytes)
            or in text.
        form: one of ``READABLE``, or None to detect it from the file's first lines.
        on_error: called with each refused hand as it is read, before it is
            given (see ``read_hands``); what it raises stops the reading, the
            file closed.

    Yields:
        One ``ReadHand`` a hand, in the file's order.

    Raises:
        HandHistoryError: a file that cannot be opened or read, not a path
            or a file, a format not known, or none detected (before the
            first hand).
    """
    hook = _checked_hook(on_error, "iter_hands")
    if isinstance(file, (str, os.PathLike)):
        try:
            handle = open(file, "rb")  # noqa: SIM115 - closed when the hands are all read, or the iterator is
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            raise HandHistoryError(
                f"cannot open {quote(os.fspath(file))}: {getattr(exc, 'strerror', None) or exc}"
            ) from None
        try:
            return _closing(handle, _reported(_hands(Lines(handle, "hand history"), form), hook))
        except HandHistoryError:  # no format detected, say: the file is closed before the error goes up
            handle.close()
            raise
    if not callable(getattr(file, "read", None)):
        raise HandHistoryError(f"iter_hands takes a path or an open file, got {quote(file)}")
    return _reported(_hands(Lines(file, "hand history"), form), hook)


#: What ``read_hands`` and ``iter_hands`` call with each refused hand.
OnError = Callable[[ReadHand], object]


def _checked_hook(on_error: object, where: str) -> OnError | None:
    if on_error is not None and not callable(on_error):
        raise HandHistoryError(
            f"{where}: on_error must be a function of a ReadHand, or None; got {quote(on_error)}"
        )
    return on_error


def _reported(hands: Iterator[ReadHand], on_error: OnError | None) -> Iterator[ReadHand]:
    """The hands, each refused one first given to ``on_error``."""
    if on_error is None:
        return hands
    return _each_reported(hands, on_error)


def _each_reported(hands: Iterator[ReadHand], on_error: OnError) -> Iterator[ReadHand]:
    for read in hands:
        if read.error is not None:
            on_error(read)
        yield read


class FormatNotRecognisedError(HandHistoryError):
    """No format could be detected from a file's first lines: the caller must name it."""


def _closing(handle: IO[bytes], hands: Iterator[ReadHand]) -> Iterator[ReadHand]:
    with handle:
        yield from hands


def _hands(lines: Lines, form: str | None) -> Iterator[ReadHand]:
    """The hands of a file's lines, in the format named or detected from its first lines.

    Raises:
        HandHistoryError: a format not known, or none detected (at once).
    """
    if form is None:
        form = detect(lines.head(_DETECT))
        if form is None:
            raise FormatNotRecognisedError(
                f"the format of the file is not recognised (one of {', '.join(READABLE)}); name it with form="
            )
    if form not in READABLE:
        raise HandHistoryError(f"unknown format {quote(form)}: one of {', '.join(READABLE)}")
    return _read(lines, form)


def _read(lines: Lines, form: str) -> Iterator[ReadHand]:
    if form == "phh":
        yield from _read_phh(lines)
    elif form == "json":
        yield from _read_json(lines)
    elif form in ROOM_STREAMS:
        yield from map(follow_read, ROOM_STREAMS[form](lines))
    else:  # a room's reader that takes the whole text
        text = "\n".join(line for _, line in lines)
        yield from map(follow_read, ROOM_READERS[form][1](text))


#: How much of a file's head ``detect`` is shown.
_DETECT = 4000


_TABLE_LINE = re.compile(r"^\[([^\]\n]+)\]\s*$")


def _read_phh(lines: Lines) -> Iterator[ReadHand]:
    """A PHH hand, or a ``.phhs`` file's hands, each table read on its own."""
    before: list[Numbered] = []
    for line in lines:  # a file without tables is one hand: its lines are all kept
        if _TABLE_LINE.match(line[1]):
            if any(text.strip() for _, text in before):
                error = HandHistoryError("PHHS: text before the first table [1]")
                yield ReadHand(before[0][0], "PHH", error=error)
            yield from _phh_tables(lines, line)
            return
        before.append(line)
    yield lines.refuse_damaged(_phh_part([text for _, text in before], None, 1), before)


def _phh_tables(lines: Lines, first: Numbered) -> Iterator[ReadHand]:
    for table in hands_of(_then(first, lines), _TABLE_LINE.match):
        if not table:
            continue  # nothing before the first table: it is the first line
        number, head = table[0]
        found = _TABLE_LINE.match(head)
        assert found is not None
        # The table's line stays, blank, so that TOML counts the lines as the file does from it.
        read = _phh_part(["", *(text for _, text in table[1:])], found.group(1), number)
        yield lines.refuse_damaged(read, table)


def _then(first: Numbered, rest: Iterator[Numbered]) -> Iterator[Numbered]:
    yield first
    yield from rest


def _phh_part(text: list[str], name: str | None, line: int) -> ReadHand:
    label = "PHH" if name is None else f"PHH hand [{name[:40]}]"
    try:
        document = toml.loads("\n".join(text))
        read = hand_from_fields(document, name)
    except toml.TomlError as exc:
        return ReadHand(line, label, error=HandHistoryError(cut(f"{label} (line {line}): not TOML: {exc}")))
    except ValueError as exc:  # HandHistoryError, or a number too long for int(): that hand, not the file
        said = str(exc) if isinstance(exc, HandHistoryError) else f"{label}: {value_message(exc)}"
        message = f"{said} (the hand starts on line {line})"
        return ReadHand(line, label, error=HandHistoryError(cut(message)))
    players = read.fields.get("players")
    names: tuple[str, ...] = ()
    if isinstance(players, list) and len(players) == len(read.seat_of):
        by_seat = dict(zip(read.seat_of, players, strict=True))
        names = tuple(str(by_seat[seat]) for seat in range(len(players)))
    kept = {key: value for key, value in read.fields.items() if key != "players"}
    return ReadHand(line, label, hand=read.hand, names=names, fields=MappingProxyType(kept))


def _read_json(lines: Lines) -> Iterator[ReadHand]:
    """The engine's histories, one a line."""
    for number, line in lines:
        if not line.strip():
            continue
        label = f"JSON history (line {number})"
        try:
            events = json.loads(line)
            hand = _history_hand(events)
        except (ValueError, BadugiError) as exc:  # JSONDecodeError is a ValueError
            why = str(exc) if isinstance(exc, BadugiError) else value_message(exc)
            yield lines.refuse_damaged(
                ReadHand(number, label, error=HandHistoryError(cut(f"{label}: {why}"))), [(number, line)]
            )
            continue
        yield ReadHand(number, label, hand=hand, names=_names_of(hand))


def _names_of(hand: Hand) -> tuple[str, ...]:
    """The players' names a history keeps: a dealt hand's in its setup, a followed one's from its record."""
    if isinstance(hand, FollowedHand):
        names = (followed_about(hand.history) or {}).get("names")
        return tuple(str(name) for name in names) if isinstance(names, (list, tuple)) else ()
    return hand.names or ()


def _history_hand(events: object) -> Hand:
    if not isinstance(events, list):
        raise HandHistoryError(f"a history is a list of events, got {quote(events)}")
    if followed_about(events) is not None:
        return follow_history(events)
    return Hand.replay(events)


def write_hand(
    hand: Hand,
    to: str,
    number: int = 1,
    fields: Mapping[str, Any] | None = None,
    *,
    names: Sequence[str] | None = None,
) -> str:
    """One hand that is over in a format of ``WRITABLE``; ``number`` is its place in the file, from 1.

    ``names`` (one a seat) are written as the players' names. In ``json`` a
    dealt hand's names go in its setup event (``Setup.names``: ``Hand.replay``
    reads the line still); a dealt hand given fields is written as a followed
    hand (its history's ``followed`` event keeps them; ``read_hands`` follows
    it again), since the engine's own history has no place for them.

    Raises:
        HandHistoryError: a format not known, or a hand the format cannot state.
    """
    _check_write(hand, to, number, fields, names)
    seats = list(names) if names is not None else None
    if seats is not None and len(seats) != hand.n_seats:
        raise HandHistoryError(f"names must give one name a seat ({hand.n_seats}), got {len(seats)}")
    if to == "json":
        if fields and not isinstance(hand, FollowedHand):
            hand = follow(record_of(hand, names=seats, fields=fields))
        events: list[Mapping[str, Any]] = list(hand.history)
        if seats is not None and not isinstance(hand, FollowedHand):
            events[0] = _named_setup(events[0], seats)
        try:
            return json.dumps(events) + "\n"
        except (TypeError, ValueError) as exc:
            raise HandHistoryError(f"the hand's fields are not JSON data: {exc}") from None
    extra = dict(fields or {})
    if to == "phh":
        if seats is not None:
            extra.setdefault("players", [seats[seat] for seat in positions(hand.n_seats, hand.button)])
        return ("\n" if number > 1 else "") + f"[{number}]\n{to_phh(hand, fields=extra or None)}"
    if seats is not None:
        extra.setdefault("players", seats)
    own = _about_fields(hand).get("hand")
    if not isinstance(own, int) or isinstance(own, bool):
        extra.setdefault("hand", number)  # each hand its own number: trackers drop a number seen twice
    return WRITERS[to](hand, extra or None)


def _named_setup(setup: Mapping[str, Any], names: list[str]) -> Mapping[str, Any]:
    """A dealt hand's setup event with the players' names, checked as the engine checks them."""
    try:
        return Setup.from_event({**setup, "names": names}).event()
    except GameSetupError as exc:
        raise HandHistoryError(str(exc).removeprefix("setup event: ")) from None


def _check_write(hand: object, to: object, number: object, fields: object, names: object) -> None:
    """``write_hand``'s arguments, each of the right type.

    Raises:
        HandHistoryError: the first one that is not, naming it.
    """
    if to not in WRITABLE:
        raise HandHistoryError(f"unknown format {quote(to)}: one of {', '.join(WRITABLE)}")
    if not isinstance(hand, Hand):
        raise HandHistoryError(f"write_hand takes a Hand, got {quote(hand)}")
    if hand.phase != "over":
        raise HandHistoryError("write_hand takes a hand that is over")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise HandHistoryError(f"number must be a whole number from 1, got {quote(number)}")
    if fields is not None and not isinstance(fields, Mapping):
        raise HandHistoryError(f"fields must be a mapping of field names to values, got {quote(fields)}")
    if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, Sequence)):
        raise HandHistoryError(f"names must be a list of names, one a seat, got {quote(names)}")


def _about_fields(hand: Hand) -> Mapping[str, Any]:
    """The fields a followed hand's record gave (its history's ``followed`` event), or none."""
    return (followed_about(hand.history) or {}).get("fields") or {}


def carried(fields: Mapping[str, Any] | None, to: str) -> dict[str, Any] | None:
    """A dealt hand's fields from its file, as the format ``to`` writes them (PokerStars: those it has)."""
    if not fields:
        return None
    if to == "pokerstars":
        return pokerstars_write.kept_fields(fields)
    # PHH writes the seats, the stacks and the winnings from the hand itself.
    return {key: value for key, value in fields.items() if to != "phh" or key not in WRITTEN_FROM_THE_HAND}


def write_hands(
    hands: Iterable[Hand | ReadHand], to: str, *, fields: Sequence[Mapping[str, Any] | None] | None = None
) -> str:
    """Hands that are over written in one format (``WRITABLE``): one text, hand after hand.

    A ``ReadHand`` without a hand (skipped or refused) is left out; ``fields``
    go with the hands by their place in ``hands``.

    Raises:
        HandHistoryError: a format not known, or a hand it cannot state (naming the hand, from 1).
    """
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise HandHistoryError(f"write_hands takes a list of hands, got {quote(hands)}")
    items = [
        (item.hand, item.names or None, item.fields) if isinstance(item, ReadHand) else (item, None, None)
        for item in hands
    ]
    parts: list[str] = []
    for place, (hand, names, own) in enumerate(items):
        if hand is None:
            continue  # skipped or refused: nothing to write
        extra = fields[place] if fields is not None and place < len(fields) else carried(own, to)  # by place
        try:
            parts.append(write_hand(hand, to, len(parts) + 1, extra, names=names))
        except HandHistoryError as exc:
            raise HandHistoryError(cut(f"hand {place + 1}: {exc}")) from None
    return "".join(parts)
