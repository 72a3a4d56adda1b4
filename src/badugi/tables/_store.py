"""A table's output: finished chunks in a folder beside it, written atomically, and the table itself.

For ``out = "table.csv"`` the chunks live in ``table.csv.chunks/``:
``manifest.json`` (the parameters that decide the numbers) and one
``chunk-000012.csv`` per finished chunk. A file is written under a temporary
name, flushed to disk, then linked to its name, so a name only ever holds a
whole file, and an existing chunk is never replaced. A folder whose manifest
names another table is refused, and so is a table file with no chunk folder
beside it: this code never writes over what it did not write.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import secrets
from collections.abc import Sequence
from pathlib import Path

from badugi.errors import BadugiError
from badugi.tables._jobs import Result

__all__ = ["FORMAT", "ChunkStore", "TableFileError"]

#: Names this layout in every manifest; a new layout gets a new version.
FORMAT = {"format": "badugi starting-hand table chunks", "version": 1}
_MANIFEST = "manifest.json"
_RESULT_COLUMNS = ("equity", "std_error", "win", "tie", "samples", "matchups")


class TableFileError(BadugiError, ValueError):
    """An output path that cannot hold this table; the message names the path and the problem.

    Raised for an ``out`` that is not a path, a folder that does not exist, a
    path that holds another table's chunks (other draws, samples, seed,
    strategy or hands), a file this code did not write, or a chunk file that
    does not hold what its name says. Nothing on disk is changed first.
    """


class ChunkStore:
    """The chunk folder of one output path, for one table's manifest."""

    def __init__(self, out: Path, manifest: dict[str, object], key_columns: Sequence[str]) -> None:
        self.out = out
        self.folder = out.with_name(out.name + ".chunks")
        self.manifest = {**FORMAT, **manifest}
        self.header = [*key_columns, *_RESULT_COLUMNS]

    def recorded_manifest(self) -> dict[str, object] | None:
        """The manifest already in the folder, or None when there is none."""
        path = self.folder / _MANIFEST
        if not path.exists():
            return None
        try:
            recorded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise TableFileError(f"{path} is not a table manifest this code wrote: {exc}") from None
        if not isinstance(recorded, dict):
            raise TableFileError(f"{path} is not a table manifest this code wrote")
        return recorded

    def open(self) -> set[int]:
        """Check the path and its folder, create them if new; return the finished chunks' numbers."""
        if not self.out.parent.is_dir():
            raise TableFileError(f"cannot write {self.out}: the folder {self.out.parent} does not exist")
        if self.out.is_dir():
            raise TableFileError(f"{self.out} is a folder; give a file name for the table")
        recorded = self.recorded_manifest()
        if recorded is None:
            if self.out.exists():
                raise TableFileError(
                    f"{self.out} exists and has no {self.folder.name} folder beside it: it is not a table "
                    "this code wrote, so it is left alone; choose another path"
                )
            if self.folder.exists() and any(self.folder.iterdir()):
                raise TableFileError(f"{self.folder} holds files but no {_MANIFEST}; choose another path")
            self.folder.mkdir(exist_ok=True)
            self._write(self.folder / _MANIFEST, json.dumps(self.manifest, indent=1) + "\n")
        elif recorded != self.manifest:
            raise TableFileError(
                f"{self.folder} holds the chunks of another table ({_differences(recorded, self.manifest)}); "
                "choose another path, or rerun with that table's parameters to finish it"
            )
        return {int(path.name[6:-4]) for path in self.folder.glob("chunk-*.csv") if path.name[6:-4].isdigit()}

    def chunk_path(self, chunk: int) -> Path:
        return self.folder / f"chunk-{chunk:06d}.csv"

    def save(self, chunk: int, keys: list[tuple[int, ...]], results: Sequence[Result]) -> None:
        """Write one finished chunk, unless a file of that name already exists (then it is kept)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(self.header)
        for key, result in zip(keys, results, strict=True):
            writer.writerow([*key, *(repr(value) for value in result)])
        self._write(self.chunk_path(chunk), buffer.getvalue(), keep_existing=True)

    def load(self, chunk: int, keys: list[tuple[int, ...]]) -> list[Result]:
        """Read a finished chunk back, checking that it holds exactly the units ``keys``."""
        path = self.chunk_path(chunk)
        try:
            rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            raise TableFileError(f"cannot read the finished chunk {path}: {exc}") from None
        width = len(keys[0]) if keys else 0
        wrong = f"{path} does not hold chunk {chunk} of this table; move it away to compute it again"
        if not rows or rows[0] != self.header or len(rows) != len(keys) + 1:
            raise TableFileError(wrong)
        results: list[Result] = []
        for row, key in zip(rows[1:], keys, strict=True):
            try:
                if len(row) != len(self.header) or tuple(int(v) for v in row[:width]) != key:
                    raise TableFileError(wrong)
                e, s, w, t = (float(v) for v in row[width : width + 4])
                results.append((e, s, w, t, int(row[width + 4]), int(row[width + 5])))
            except ValueError:
                raise TableFileError(wrong) from None
            if not all(math.isnan(v) or 0.0 <= v <= 1.0 for v in (e, s, w, t)):
                raise TableFileError(wrong)
        return results

    def write_table(self, text: str) -> None:
        """Write (or write again) the assembled table."""
        self._write(self.out, text)

    def _write(self, path: Path, text: str, keep_existing: bool = False) -> None:
        """Write ``text`` to ``path`` atomically: a temporary file, flushed, then linked or renamed."""
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
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
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()


def _differences(recorded: dict[str, object], wanted: dict[str, object]) -> str:
    """What differs between two manifests, in a few words: "draws 2, not 3; seed 1, not 7"."""
    parts = []
    for name in sorted(set(recorded) | set(wanted)):
        old, new = recorded.get(name), wanted.get(name)
        if old == new:
            continue
        if isinstance(old, list) or isinstance(new, list):
            parts.append(f"other {name}")
        else:
            parts.append(f"{name} {old!r}, not {new!r}")
    return "; ".join(parts)
