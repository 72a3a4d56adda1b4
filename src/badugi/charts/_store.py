"""A table's output: finished chunks in a folder beside it, written atomically, and the table itself.

For ``out = "table.csv"`` the chunks live in ``table.csv.chunks/``:
``manifest.json`` (the parameters that decide the numbers) and one
``chunk-000012.csv`` per finished chunk, whose last line holds the SHA-256
of its rows and of the table's parameters: a chunk edited by hand, or of
another table (or left under a manifest edited since), is refused, not
merged. A folder of layout version 1, whose chunks carry no checksum, is
refused with a message to delete it: its chunks cannot be checked. A file is written under a temporary
name, flushed to disk, then linked to its name, so a name only ever holds a
whole file, and an existing chunk is never replaced. A folder whose manifest
names another table is refused, and so is a table file with no chunk folder
beside it: this code never writes over what it did not write. A run killed
between writing a temporary file (``.manifest.json.PID.1a2b3c4d.tmp``) and
linking it to its name leaves it behind; the next run removes the
temporaries of the manifest, the chunks and the table whose writer (by the
pid in the name) no longer runs on this machine, and no other file.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import itertools
import json
import math
import os
import re
import secrets
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

from badugi.cards import QUOTE_LIMIT
from badugi.charts._jobs import Job, Result
from badugi.charts._manifest import FORMAT, OLDER_LAYOUTS, manifest_problem
from badugi.errors import BadugiError

__all__ = ["FORMAT", "ChunkStore", "TableFileError", "brief", "read_text"]

_MANIFEST = "manifest.json"
_RESULT_COLUMNS = ("equity", "std_error", "win", "tie", "samples", "matchups")
#: The longest a manifest can be: two lists of every starting hand, and some room.
_MOST_MANIFEST_BYTES = 1 << 22
#: The longest a chunk row can be: two indices, four floats of up to 24 characters, two counts.
_MOST_ROW_BYTES = 256
#: How far equity may be from win + tie / 2: the rounding of sums and means of floats.
_ROUNDING = 1e-9
#: A chunk file's last line: the SHA-256 of the lines above it, and of the table's parameters.
_CHECKSUM_LINE = re.compile(
    r"# sha256 content=(?P<content>[0-9a-f]{64}) table=(?P<table>[0-9a-f]{64})\n", re.ASCII
)
_CHECKSUM_BYTES = 160
#: The chunk file names this code writes and reads; any other name in the folder is left alone.
_CHUNK_PREFIX, _CHUNK_SUFFIX = "chunk-", ".csv"
#: The start of a file's name its temporary keeps, and a temporary's name: the writer's pid (a
#: whole number, no sign or leading zero) and eight random hex digits.
_TEMPORARY_KEEPS = 64
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>[1-9][0-9]{0,17})\.[0-9a-f]{8}\.tmp", re.ASCII | re.DOTALL)


class TableFileError(BadugiError, ValueError):
    """An output path that cannot hold this table; the message names the path and the problem.

    Raised for an ``out`` that is not a path, a folder that does not exist, a
    path that holds another table's chunks (other draws, samples, seed,
    strategy or hands), a file this code did not write, a chunk file that
    does not hold what its name says (its checksums included), or a chunk
    folder of an older badugi (whose chunks carry no checksum: delete it to
    compute the table again). Nothing on disk is changed first. The
    chart (``badugi.charts.plot``) raises it too, for an ``out`` that names
    no picture file and a table file that cannot be read or is none.
    """


class ChunkStore:
    """The chunk folder of one output path, for one table's manifest.

    Every operating-system error (a name too long, a folder it may not
    write, a full disk) is raised as ``TableFileError`` naming the path. A
    chunk that cannot be saved stops the run there rather than computing
    chunks it could not keep either: the chunks saved before it stay as they
    are, and a rerun, once the disk has room, goes on from them. The same
    holds when the table itself cannot be written at the end: every chunk
    is kept, so the rerun only reads them back and writes the table.
    """

    def __init__(self, out: Path, manifest: dict[str, object], key_columns: Sequence[str]) -> None:
        self.out = out
        self.folder = out.with_name(out.name + ".chunks")
        self.manifest = {**FORMAT, **manifest}
        self.header = [*key_columns, *_RESULT_COLUMNS]
        # What every chunk of this table carries: a chunk of other parameters has another.
        self.identity = _sha256(json.dumps(self.manifest, sort_keys=True, separators=(",", ":")))

    def recorded_manifest(self) -> dict[str, object] | None:
        """The manifest already in the folder, or None when there is none."""
        path = self.folder / _MANIFEST
        try:
            text = read_text(path, _MOST_MANIFEST_BYTES)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise _os_error("read the table manifest", path, exc) from None
        except ValueError as exc:  # too big, not a regular file, not UTF-8
            raise TableFileError(f"{brief(path)} is not a table manifest this code wrote: {exc}") from None
        try:
            recorded = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: arrays nested beyond Python's stack
            raise TableFileError(f"{brief(path)} is not a table manifest this code wrote: not JSON") from None
        if (
            isinstance(recorded, dict)
            and recorded.get("format") == FORMAT["format"]
            and type(recorded.get("version")) is int
            and recorded["version"] in OLDER_LAYOUTS
        ):
            raise TableFileError(
                f"{brief(self.folder)} holds the chunks of an older badugi (layout version "
                f"{recorded['version']}: {OLDER_LAYOUTS[recorded['version']]}): delete the folder to "
                "compute the table again, or choose another path"
            )
        problem = manifest_problem(recorded)
        if problem is not None:
            raise TableFileError(f"{brief(path)} is not a table manifest this code wrote: {problem}")
        return recorded  # type: ignore[no-any-return]

    def open(self) -> set[int]:
        """Check the path and its folder, create them if new; return the finished chunks' numbers."""
        try:
            return self._open()
        except OSError as exc:
            raise _os_error("write the table", self.out, exc) from None

    def _open(self) -> set[int]:
        if not self.out.parent.is_dir():
            raise TableFileError(
                f"cannot write {brief(self.out)}: the folder {brief(self.out.parent)} does not exist"
            )
        if self.out.is_dir():
            raise TableFileError(f"{brief(self.out)} is a folder; give a file name for the table")
        recorded = self.recorded_manifest()
        if recorded is None:
            if os.path.lexists(self.out):  # a link to nowhere is not this code's either
                raise TableFileError(
                    f"{brief(self.out)} exists and has no {self.folder.name} folder beside it: it is not a "
                    "table this code wrote, so it is left alone; choose another path"
                )
            # A run killed before it renamed its manifest leaves the folder with that temporary alone:
            # it blocks nothing, and is removed below, once nothing is refused.
            if self.folder.exists() and any(self._writer(name) is None for name in os.listdir(self.folder)):
                raise TableFileError(
                    f"{brief(self.folder)} holds files but no {_MANIFEST}; choose another path"
                )
            self.folder.mkdir(exist_ok=True)
            # Linked, not renamed: a run of other parameters starting at the same moment keeps its own.
            text = json.dumps(self.manifest, indent=1) + "\n"
            self._write(self.folder / _MANIFEST, text, keep_existing=True)
            recorded = self.recorded_manifest()
        if recorded != self.manifest:
            raise TableFileError(
                f"{brief(self.folder)} holds the chunks of another table "
                f"({_differences(recorded or {}, self.manifest)}); "
                "choose another path, or rerun with that table's parameters to finish it"
            )
        # Only now: a path refused above is left exactly as it was.
        self._clean(self.folder)
        with contextlib.suppress(OSError):  # the table's folder may be one it can write but not list
            self._clean(self.out.parent, only=self.out.name)
        return {number for number in map(_chunk_number, os.listdir(self.folder)) if number is not None}

    def _writer(self, name: str, only: str | None = None) -> int | None:
        """The pid in the name of a temporary file this code writes in the chunk folder, else None.

        ``only``: the name of the one file whose temporaries count (the table,
        in the folder it shares with other files); else the manifest and the chunks.
        """
        match = _TEMPORARY.fullmatch(name)
        if match is None:
            return None
        target = match["name"]
        if only is not None:
            mine = target == only[:_TEMPORARY_KEEPS]
        else:
            mine = target == _MANIFEST or _chunk_number(target) is not None
        return int(match["pid"]) if mine else None

    def _clean(self, folder: Path, only: str | None = None) -> list[str]:
        """Remove the temporaries of this code's runs that were killed while writing; return what is left.

        Only names this code writes are touched (see ``_writer``), and only
        when the process that wrote one has ended on this machine: a run still
        writing its file (another thread or process here) keeps its own.
        """
        left = []
        for name in os.listdir(folder):
            pid = self._writer(name, only)
            if pid is not None and not _running(pid):
                try:
                    (folder / name).unlink()
                except FileNotFoundError:  # another run cleaned it first
                    continue
                except OSError:  # left where it is: a stale temporary blocks nothing
                    pass
                else:
                    continue
            left.append(name)
        return left

    def chunk_path(self, chunk: int) -> Path:
        return self.folder / _chunk_name(chunk)

    def save(self, chunk: int, keys: list[tuple[int, ...]], results: Sequence[Result]) -> None:
        """Write one finished chunk, unless a file of that name already exists (then it is kept)."""
        path = self.chunk_path(chunk)
        try:
            self._write(path, self._chunk_text(keys, results), keep_existing=True)
        except OSError as exc:
            raise _os_error(f"save chunk {chunk} to", path, exc) from None

    def load(self, chunk: int, job: Job) -> list[Result]:
        """Read a finished chunk back, checking that it holds exactly what this code writes for it.

        Every number is checked against what its unit can hold, and the file
        must be, byte for byte, what ``save`` writes for those numbers: so a
        hand written ``069`` or ``+69``, ``-nan`` for ``nan``, a CRLF line
        end, a byte-order mark or a cut last line is refused, not read as
        something it does not say. Then its checksums: the rows' own (numbers
        edited to others a unit could hold) and the table's parameters' (a
        chunk of another table, or a manifest edited since it was written).
        """
        path = self.chunk_path(chunk)
        keys = job.unit_keys(chunk)
        try:
            text = read_text(path, (len(keys) + 1) * _MOST_ROW_BYTES + _CHECKSUM_BYTES)
        except OSError as exc:
            raise _os_error("read the finished chunk", path, exc) from None
        except ValueError as exc:
            raise self._wrong(chunk, str(exc)) from None
        # The last line is the checksum line; what is above it is checked first, for a precise message.
        cut = text.rfind("\n", 0, len(text) - 1) + 1
        text, checksums = text[:cut], _CHECKSUM_LINE.fullmatch(text[cut:])
        if checksums is None:
            raise self._wrong(chunk, "its last line is not its checksum line")
        try:
            rows = list(csv.reader(io.StringIO(text, newline="")))
        except csv.Error as exc:
            raise self._wrong(chunk, f"not CSV: {exc}") from None
        if not rows or rows[0] != self.header:
            raise self._wrong(chunk, "not its header")
        if len(rows) != len(keys) + 1:
            raise self._wrong(chunk, f"{len(rows) - 1} rows, not {len(keys)}")
        results = [
            self._parse(chunk, number, row, key)
            for number, (row, key) in enumerate(zip(rows[1:], keys, strict=True), 1)
        ]
        for number, (key, result) in enumerate(zip(keys, results, strict=True), 1):
            problem = _result_problem(result, *job.unit_counts(key), exact=job.exact, split=job.game.is_split)
            if problem is not None:
                raise self._wrong(chunk, f"row {number}: {problem}")
        written = self._body(keys, results)
        if written != text:
            pairs = itertools.zip_longest(written.split("\n"), text.split("\n"))
            line = next(n for n, (a, b) in enumerate(pairs, 1) if a != b)
            raise self._wrong(chunk, f"line {line} is not written as this code writes it")
        if checksums["content"] != _sha256(text):
            raise self._wrong(
                chunk, "its numbers do not match its checksum: it was edited after it was written"
            )
        if checksums["table"] != self.identity:
            raise self._wrong(
                chunk,
                f"it was written for a table of other parameters than its {_MANIFEST} says: a chunk of "
                f"another table, or a {_MANIFEST} edited since",
            )
        return results

    def write_table(self, text: str) -> None:
        """Write (or write again) the assembled table."""
        try:
            self._write(self.out, text)
        except OSError as exc:
            raise _os_error("write the table to", self.out, exc) from None

    def _parse(self, chunk: int, number: int, row: list[str], key: tuple[int, ...]) -> Result:
        """One row's numbers; its key must be ``key``."""
        width = len(key)
        if len(row) != len(self.header):
            raise self._wrong(chunk, f"row {number} has {len(row)} fields, not {len(self.header)}")
        try:
            read_key = tuple(int(v) for v in row[:width])
            e, s, w, t = (float(v) for v in row[width : width + 4])
            n, k = int(row[width + 4]), int(row[width + 5])
        except ValueError:
            raise self._wrong(chunk, f"row {number} holds a field that is not a number") from None
        if read_key != key:
            raise self._wrong(chunk, f"row {number} is not the row of {', '.join(map(str, key))}")
        return (e, s, w, t, n, k)

    def _chunk_text(self, keys: list[tuple[int, ...]], results: Sequence[Result]) -> str:
        """A chunk file's text: its rows, then the checksums of those rows and of the table's parameters."""
        body = self._body(keys, results)
        return f"{body}# sha256 content={_sha256(body)} table={self.identity}\n"

    def _body(self, keys: list[tuple[int, ...]], results: Sequence[Result]) -> str:
        """A chunk's rows as CSV, with a header: floats written to round-trip exactly, NaN as ``nan``."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(self.header)
        for key, result in zip(keys, results, strict=True):
            writer.writerow([*key, *(repr(value) for value in result)])
        return buffer.getvalue()

    def _wrong(self, chunk: int, problem: str) -> TableFileError:
        return TableFileError(
            f"{brief(self.chunk_path(chunk))} does not hold chunk {chunk} of this table ({problem}); "
            "move it away to compute it again"
        )

    def _write(self, path: Path, text: str, keep_existing: bool = False) -> None:
        """Write ``text`` to ``path`` atomically: a temporary file, flushed, then linked or renamed."""
        # The temporary name keeps the name's start only: a table's name may be as long as a name can be.
        # Its pid lets a later run tell that the writer was killed (see _clean).
        temporary = path.with_name(
            f".{path.name[:_TEMPORARY_KEEPS]}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        )
        try:
            with temporary.open("w", encoding="utf-8", newline="") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            if keep_existing:
                try:
                    os.link(temporary, path)  # fails if the name exists: a finished chunk is never replaced
                except FileExistsError:
                    pass  # another run finished it first; the numbers are the same
                except OSError:  # a file system without hard links
                    if not path.exists():
                        os.replace(temporary, path)
            else:
                os.replace(temporary, path)
        finally:
            with contextlib.suppress(
                OSError
            ):  # it may never have been made; the first error is the one to say
                temporary.unlink()


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _running(pid: int) -> bool:
    """Whether a process of this pid runs on this machine (so its temporary file may still be written)."""
    if os.name != "posix":  # os.kill would end it there, not ask: count every writer as running
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # another user's process; a pid no process can have
        return True
    return True


def read_text(path: Path, limit: int) -> str:
    """A regular file's UTF-8 text, of at most ``limit`` bytes.

    ValueError names what else it is: a FIFO or a device is refused before
    a byte is read (reading it could block for ever, or never end), and so
    is a file too long to be what this code writes.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise ValueError("not a regular file")
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"longer than {limit:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None


def _result_problem(
    result: Result, samples: int, matchups: int, *, exact: bool, split: bool = False
) -> str | None:
    """What makes a unit's numbers impossible for it, or None when they can be its own."""
    return next(_result_problems(result, samples, matchups, exact=exact, split=split), None)


def _result_problems(
    result: Result, samples: int, matchups: int, *, exact: bool, split: bool
) -> Iterator[str]:
    e, s, w, t, n, k = result
    if k != matchups:
        yield f"matchups {k}, not {matchups}"
    if n != samples:
        yield f"samples {n}, not {samples}"
    if matchups == 0:  # a pair of classes that always share a card: no numbers at all
        if not all(math.isnan(v) for v in (e, s, w, t)):
            yield "numbers for a pair with no matchup"
        return
    for name, value in (("equity", e), ("std_error", s), ("win", w), ("tie", t)):
        if not (math.isfinite(value) and 0.0 <= value <= 1.0):  # NaN is neither in nor out of a range
            yield f"{name} {value!r}, not a number from 0 to 1"
            return
    if w + t > 1.0 + _ROUNDING:
        yield f"win {w!r} + tie {t!r} is more than 1"
    elif split and not w - _ROUNDING <= e <= w + t + _ROUNDING:
        # A split game's tie is any deal it takes a part of the pot in: a half, a quarter, ...
        yield f"equity {e!r} is not from win {w!r} to win + tie {w + t!r}"
    elif not split and abs(e - (w + t / 2)) > _ROUNDING:
        yield f"equity {e!r} is not win {w!r} + tie {t!r} / 2"
    if exact and s != 0.0:
        yield f"std_error {s!r} for a count with no error"


def _chunk_name(chunk: int) -> str:
    return f"{_CHUNK_PREFIX}{chunk:06d}{_CHUNK_SUFFIX}"


def _chunk_number(name: str) -> int | None:
    """The chunk a file name holds, if it is a name this code writes (ASCII digits, no sign)."""
    digits = name.removeprefix(_CHUNK_PREFIX).removesuffix(_CHUNK_SUFFIX)
    if len(digits) > 18 or not (digits.isascii() and digits.isdigit()) or _chunk_name(int(digits)) != name:
        return None
    return int(digits)


def brief(path: Path) -> str:
    """A path for an error message: quoted, and cut in the middle to ``QUOTE_LIMIT`` characters if longer.

    ``quote`` cuts a string to half of that; a path is cut in the middle
    and keeps more of its end, which names the table and the chunk.
    """
    text = repr(str(path))
    if len(text) <= QUOTE_LIMIT:
        return text
    head = QUOTE_LIMIT // 3
    return f"{text[:head]}...{text[len(text) - (QUOTE_LIMIT - head - 3) :]}"


def _os_error(action: str, path: Path, exc: OSError) -> TableFileError:
    """An OS error as a TableFileError: what could not be done, to which path (briefly), and why."""
    why = exc.strerror or type(exc).__name__
    return TableFileError(f"cannot {action} {brief(path)}: {why}")


def _differences(recorded: dict[str, object], wanted: dict[str, object]) -> str:
    """What differs between two manifests, in a few words: "draws 2, not 3; seed 1, not 7"."""
    parts = []
    for name in sorted(set(recorded) | set(wanted)):
        # A manifest that names no game is Badugi's (see _manifest).
        default = "badugi" if name == "game" else None
        old, new = recorded.get(name, default), wanted.get(name, default)
        if old == new:
            continue
        if isinstance(old, list) or isinstance(new, list):
            parts.append(f"other {name}")
        else:
            parts.append(f"{name} {old!r}, not {new!r}")
    return "; ".join(parts)
