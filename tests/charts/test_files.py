"""What a table run finds on disk, however broken: ``TableFileError`` naming the problem, nothing changed.

Chunk files and manifests edited by hand (NaN, numbers a unit cannot hold,
numbers written in another form, JSON of the wrong shape or nesting), paths
the operating system refuses, and writes that fail halfway (a full disk):
never a hang, a raw ``OSError``, a ``RecursionError`` or a wrong table, and
no finished chunk is lost or rewritten.
"""

from __future__ import annotations

import errno
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi.charts import TableFileError, heads_up, vs_random
from badugi.charts._tables import _percentiles
from badugi.cli import main

HANDS = ["Ac 2d 3h Ks", "Kc Kd Kh Ks", "5c 6d 7h 8s"]
PARAMS = {"draws": 1, "samples": 100, "seed": 1, "hands": HANDS, "chunk_size": 1}  # 3 chunks
CHUNK = "chunk-000000.csv"


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_ino, p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()}


def _table(tmp_path: Path) -> Path:
    """A finished three-chunk table whose CSV is removed: a rerun reads every chunk back."""
    out = tmp_path / "t.csv"
    vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    out.unlink()
    return out


def _field(column: int, value: str) -> Callable[[str], str]:
    """An edit of the chunk's one row: field ``column`` becomes ``value``."""

    def edit(text: str) -> str:
        header, row = text.splitlines()
        fields = row.split(",")
        fields[column] = value
        return f"{header}\n{','.join(fields)}\n"

    return edit


# hand,equity,std_error,win,tie,samples,matchups; the row is 69,0.96,0.0196...,0.96,0.0,100,1
CHUNK_EDITS: dict[str, Callable[[str], str]] = {
    "equity nan": _field(1, "nan"),
    "equity -nan": _field(1, "-nan"),
    "equity NaN": _field(1, "NaN"),
    "equity 1e400": _field(1, "1e400"),
    "equity empty": _field(1, ""),
    "equity 2.0": _field(1, "2.0"),
    "equity -1": _field(1, "-1"),
    "equity not win + tie/2": _field(1, "0.5"),
    "equity 0.96 written 0.960": _field(1, "0.960"),
    "std_error negative": _field(2, "-0.01"),
    "std_error nan": _field(2, "nan"),
    "std_error inf": _field(2, "inf"),
    "win 1.5": _field(3, "1.5"),
    "win nan": _field(3, "nan"),
    "tie negative": _field(4, "-0.1"),
    "samples 0": _field(5, "0"),
    "samples negative": _field(5, "-100"),
    "samples other": _field(5, "99"),
    "samples float": _field(5, "100.0"),
    "matchups 0": _field(6, "0"),
    "matchups 2": _field(6, "2"),
    "hand 069": _field(0, "069"),
    "hand +69": _field(0, "+69"),
    "hand arabic digits": _field(0, "\u0666\u0669"),
    "hand spaced": _field(0, " 69"),
    "hand of another chunk": _field(0, "70"),
    "extra column": lambda text: text.replace("\n", ",1\n").replace("matchups,1", "matchups"),
    "extra field": lambda text: text[:-1] + ",\n",
    "missing field": lambda text: text[: text.rindex(",")] + "\n",
    "duplicated row": lambda text: text + text.splitlines()[1] + "\n",
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "bom": lambda text: "\ufeff" + text,
    "cut last line end": lambda text: text[:-1],
    "cut last number": lambda text: text[:-3] + "\n",
    "quoted field": lambda text: text.replace(",100,", ',"100",'),
    "header only": lambda text: text.splitlines()[0] + "\n",
    "blank line": lambda text: text + "\n",
}


def _rows_and_checksums(text: str) -> tuple[str, str]:
    """A chunk file's rows (with their header), and its last line, the checksum line."""
    rows, checksums = text[:-1].rsplit("\n", 1)
    assert checksums.startswith("# sha256 content=")
    return rows + "\n", checksums + "\n"


@pytest.mark.parametrize("edit", CHUNK_EDITS.values(), ids=CHUNK_EDITS.keys())
def test_an_edited_chunk_is_refused_and_kept(tmp_path: Path, edit: Callable[[str], str]) -> None:
    out = _table(tmp_path)
    chunk = tmp_path / "t.csv.chunks" / CHUNK
    rows, checksums = _rows_and_checksums(chunk.read_text(encoding="utf-8"))
    text = edit(rows) + checksums  # the rows edited, the checksum line kept: the rows' own checks say it
    chunk.write_bytes(text.encode("utf-8"))
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv. does not hold chunk 0") as error:
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert len(str(error.value)) < 250
    assert chunk.read_bytes() == text.encode("utf-8")
    assert not out.exists()


def test_an_untouched_table_is_read_back_whole(tmp_path: Path) -> None:
    out = _table(tmp_path)
    before = _files(tmp_path / "t.csv.chunks")
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]
    assert _files(tmp_path / "t.csv.chunks") == before


def test_a_nan_equity_can_no_longer_spin_the_percentiles() -> None:
    nan = float("nan")
    assert _percentiles([nan, nan, 0.5], [1, 1, 2])[2] in {25.0, 50.0, 75.0}  # returns at all
    assert _percentiles([0.5, 0.25, 0.5], [1, 2, 1]) == [75.0, 25.0, 75.0]


@pytest.mark.parametrize(
    "kind", ["directory", "symlink loop", "dangling symlink", "fifo", "not utf-8", "huge"]
)
def test_a_chunk_that_is_no_file_of_ours_is_refused(tmp_path: Path, kind: str) -> None:
    out = _table(tmp_path)
    chunk = tmp_path / "t.csv.chunks" / CHUNK
    chunk.unlink()
    if kind == "directory":
        chunk.mkdir()
    elif kind == "symlink loop":
        chunk.symlink_to(chunk)
    elif kind == "dangling symlink":
        chunk.symlink_to(tmp_path / "nowhere")
    elif kind == "fifo":
        os.mkfifo(chunk)  # reading it would wait for a writer for ever
    elif kind == "not utf-8":
        chunk.write_bytes(b"hand,\xff\n")
    else:
        chunk.write_bytes(b"x" * 10**6)
    result: list[BaseException] = []

    def run() -> None:
        try:
            vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
        except BaseException as exc:  # handed to the test's thread
            result.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the run hangs"
    assert len(result) == 1
    assert isinstance(result[0], TableFileError), repr(result[0])
    assert "chunk-000000.csv" in str(result[0])


def test_chunk_names_this_code_does_not_write_are_left_alone(tmp_path: Path) -> None:
    out = _table(tmp_path)
    folder = tmp_path / "t.csv.chunks"
    for name in [
        "chunk-\u0661.csv",
        "chunk-+00001.csv",
        "chunk-1.csv",
        "chunk-0000001.csv",
        "chunk-" + "9" * 5000,
    ]:
        (folder / name[:250]).write_text("junk")
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]


def _heads_up_table(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A heads-up table with a pair of classes that always share a card (its cell is all NaN)."""
    params: dict[str, object] = {
        "hands_a": ["Ac Ad Ah As", "Kc 9d 4h 2s"],
        "hands_b": ["Ac 2d 3h 4s", "Qc Qd 5h 5s"],
        "draws": 1,
        "samples": 100,
        "seed": 1,
        "chunk_size": 4,
    }
    out = tmp_path / "h.csv"
    heads_up(**params, out=out)  # type: ignore[arg-type]
    out.unlink()
    return out, params


def test_a_heads_up_cell_with_no_matchup_is_read_back(tmp_path: Path) -> None:
    out, params = _heads_up_table(tmp_path)
    text = (tmp_path / "h.csv.chunks" / CHUNK).read_text()
    assert ",nan,nan,nan,nan,0,0\n" in text
    again = heads_up(**params, out=out)  # type: ignore[arg-type]
    assert again == heads_up(**params)  # type: ignore[arg-type]
    assert [c.equity is None for c in again.cells] == [False, False, True, False]


# hand_a,hand_b,equity,std_error,win,tie,samples,matchups: rows 1..4; row 3 has no matchup
HEADS_UP_EDITS: dict[str, tuple[int, int, str]] = {
    "numbers for no matchup": (3, 2, "0.5"),
    "samples for no matchup": (3, 6, "5"),
    "matchups for no matchup": (3, 7, "1"),
    "no matchup claimed": (1, 7, "0"),
    "a matchup too few": (1, 7, "13"),
    "samples not matchups times deals each": (1, 6, "100"),
    "equity nan with matchups": (2, 2, "nan"),
}


@pytest.mark.parametrize("edit", HEADS_UP_EDITS.values(), ids=HEADS_UP_EDITS.keys())
def test_an_edited_heads_up_chunk_is_refused(tmp_path: Path, edit: tuple[int, int, str]) -> None:
    out, params = _heads_up_table(tmp_path)
    chunk = tmp_path / "h.csv.chunks" / CHUNK
    lines = chunk.read_text().splitlines()
    row, column, value = edit
    fields = lines[row].split(",")
    fields[column] = value
    lines[row] = ",".join(fields)
    chunk.write_text("\n".join(lines) + "\n")
    with pytest.raises(TableFileError, match=r"does not hold chunk 0"):
        heads_up(**params, out=out)  # type: ignore[arg-type]


def _manifest_edit(change: dict[str, object]) -> Callable[[dict[str, object]], object]:
    return lambda manifest: {**manifest, **change}


MANIFESTS: dict[str, Callable[[dict[str, object]], object]] = {
    "a list": lambda m: [m],
    "a string": lambda m: "manifest",
    "null": lambda m: None,
    "a number": lambda m: 1,
    "empty": lambda m: {},
    "no seed": lambda m: {k: v for k, v in m.items() if k != "seed"},
    "an extra key": _manifest_edit({"note": "mine"}),
    "draws true": _manifest_edit({"draws": True}),
    "draws 1.0": _manifest_edit({"draws": 1.0}),
    "draws 7": _manifest_edit({"draws": 7}),
    "seed 1.0": _manifest_edit({"seed": 1.0}),
    "seed true": _manifest_edit({"seed": True}),
    "seed negative": _manifest_edit({"seed": -1}),
    "seed 2**64": _manifest_edit({"seed": 2**64}),
    "seed a string": _manifest_edit({"seed": "1"}),
    "samples 100.0": _manifest_edit({"samples": 100.0}),
    "samples 0": _manifest_edit({"samples": 0}),
    "chunk_size true": _manifest_edit({"chunk_size": True}),
    "strategy a list": _manifest_edit({"strategy": ["best"]}),
    "table unknown": _manifest_edit({"table": "other"}),
    "table a list": _manifest_edit({"table": ["vs-random"]}),
    "version 1.0": _manifest_edit({"version": 1.0}),
    "version 4": _manifest_edit({"version": 4}),
    "hands of bools": _manifest_edit({"hands": [True]}),
    "hands of floats": lambda m: {**m, "hands": [float(i) for i in m["hands"]]},  # type: ignore[attr-defined]
    "hands out of range": _manifest_edit({"hands": [16432]}),
    "hands unsorted": lambda m: {**m, "hands": m["hands"][::-1]},  # type: ignore[index]
    "hands a dict": _manifest_edit({"hands": {"0": 1}}),
}


@pytest.mark.parametrize("edit", MANIFESTS.values(), ids=MANIFESTS.keys())
@pytest.mark.parametrize("seed", [1, None], ids=["seed given", "seed resumed"])
def test_a_manifest_of_the_wrong_shape_is_refused(
    tmp_path: Path, edit: Callable[[dict[str, object]], object], seed: int | None
) -> None:
    out = _table(tmp_path)
    path = tmp_path / "t.csv.chunks" / "manifest.json"
    text = json.dumps(edit(json.loads(path.read_text())))
    path.write_text(text)
    before = _files(tmp_path / "t.csv.chunks")
    with pytest.raises(TableFileError, match="not a table manifest this code wrote"):
        vs_random(**{**PARAMS, "seed": seed}, out=out)  # type: ignore[arg-type]
    assert _files(tmp_path / "t.csv.chunks") == before
    assert not out.exists()


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000, "", "\ufeff{}", "{} []"],
    ids=["nested arrays", "nested objects", "empty", "bom", "two values"],
)
def test_a_manifest_that_is_not_json_of_ours_is_refused(tmp_path: Path, text: str) -> None:
    out = _table(tmp_path)
    (tmp_path / "t.csv.chunks" / "manifest.json").write_text(text, encoding="utf-8")
    with pytest.raises(TableFileError, match="not a table manifest this code wrote"):
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["directory", "fifo", "symlink loop"])
def test_a_manifest_that_is_no_file_is_refused(tmp_path: Path, kind: str) -> None:
    out = _table(tmp_path)
    path = tmp_path / "t.csv.chunks" / "manifest.json"
    path.unlink()
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(path)
    with pytest.raises(TableFileError, match=r"manifest\.json"):
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]


BAD_PATHS: dict[str, object] = {
    "dot": ".",
    "dot dot": "..",
    "root": "/",
    "a dot path": Path("."),
    "trailing slash": "new/",
    "folder dot": "sub/.",
    "lone surrogate": "\ud800",
    "path with a lone surrogate": Path("\ud800x"),
    "name too long": "x" * 300,
    "path too long": "/".join(["d" * 200] * 30),
    "a folder it cannot make": "/proc/t.csv",
}


@pytest.mark.parametrize("out", BAD_PATHS.values(), ids=BAD_PATHS.keys())
def test_a_path_the_system_refuses_is_a_table_file_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: object
) -> None:
    monkeypatch.chdir(tmp_path)
    for run in (
        lambda: vs_random(draws=0, hands=HANDS[:1], out=out),  # type: ignore[arg-type]
        lambda: heads_up(HANDS[:1], HANDS[:1], draws=0, out=out),  # type: ignore[arg-type]
        lambda: vs_random(draws=1, samples=10, hands=HANDS[:1], out=out),  # type: ignore[arg-type]
    ):
        with pytest.raises(TableFileError) as error:
            run()
        message = str(error.value)
        assert len(message) < 160, message
        assert "\n" not in message
    assert list(tmp_path.iterdir()) == []


def test_a_long_name_that_fits_works(tmp_path: Path) -> None:
    out = tmp_path / ("n" * 240)  # the chunk folder's name, 247 characters, still fits
    table = vs_random(draws=0, hands=HANDS[:1], out=out)
    assert out.read_text() == table.to_csv()


@pytest.mark.parametrize("out", [".", "x" * 300, "/proc/t.csv"])
def test_the_command_line_says_a_bad_out_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["table", "vs-random", "Ac2d3h4s", "--draws", "0", "--out", out, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("badugi table vs-random: error: ")
    assert len(err) < 200
    assert "PosixPath" not in err


def _failing(monkeypatch: pytest.MonkeyPatch, after: int, error: int) -> None:
    """From the ``after``-th flush to disk on, fail as a full disk (or a read-only one) does."""
    real = os.fsync
    calls = [0]

    def fsync(fd: int) -> None:
        calls[0] += 1
        if calls[0] > after:
            raise OSError(error, os.strerror(error))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EACCES, errno.EROFS])
@pytest.mark.parametrize("after", [0, 2, 4], ids=["manifest", "second chunk", "table"])
def test_a_failing_write_keeps_every_finished_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, after: int, error: int
) -> None:
    out = tmp_path / "t.csv"
    folder = tmp_path / "t.csv.chunks"
    _failing(monkeypatch, after, error)
    with pytest.raises(TableFileError, match=os.strerror(error)) as raised:
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert "t.csv" in str(raised.value)
    monkeypatch.undo()
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert not out.exists()
    kept = _files(folder) if folder.exists() else {}
    assert len([name for name in kept if name.startswith("chunk-")]) == max(0, min(3, after - 1))
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]
    after_rerun = _files(folder)
    for name, before in kept.items():
        assert after_rerun[name] == before, f"{name} was rewritten"


# ---- checksums: a chunk edited with plausible numbers, a chunk of another table, an edited manifest ----


def _plausible(text: str) -> str:
    """Chunk 0's row with numbers it could hold (equity = win + tie / 2, all in range), the checksums kept."""
    rows, checksums = _rows_and_checksums(text)
    header, row = rows.splitlines()
    fields = row.split(",")
    fields[1] = fields[3] = "0.95"  # equity and win: 0.96 -> 0.95
    return f"{header}\n{','.join(fields)}\n{checksums}"


def test_a_chunk_edited_with_plausible_numbers_is_refused(tmp_path: Path) -> None:
    out = _table(tmp_path)
    chunk = tmp_path / "t.csv.chunks" / CHUNK
    edited = _plausible(chunk.read_text())
    chunk.write_text(edited)
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv. does not hold chunk 0") as error:
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert "do not match its checksum" in str(error.value)
    assert chunk.read_text() == edited
    assert not out.exists()


def test_a_heads_up_cell_edited_with_plausible_numbers_is_refused(tmp_path: Path) -> None:
    out, params = _heads_up_table(tmp_path)
    chunk = tmp_path / "h.csv.chunks" / CHUNK
    lines = chunk.read_text().splitlines()
    fields = lines[4].split(",")  # the last cell: its equity and win moved alike
    fields[2] = fields[4] = repr(float(fields[4]) / 2)
    lines[4] = ",".join(fields)
    chunk.write_text("\n".join(lines) + "\n")
    with pytest.raises(TableFileError, match="do not match its checksum"):
        heads_up(**params, out=out)  # type: ignore[arg-type]


def _other_seeds_chunk(tmp_path: Path) -> bytes:
    """Chunk 0 of the same table with seed 2: the same hands and counts, other numbers."""
    other = tmp_path / "other" / "t.csv"
    other.parent.mkdir()
    vs_random(**{**PARAMS, "seed": 2}, out=other)  # type: ignore[arg-type]
    return (tmp_path / "other" / "t.csv.chunks" / CHUNK).read_bytes()


def test_a_chunk_of_another_table_is_refused(tmp_path: Path) -> None:
    out = _table(tmp_path)
    chunk = tmp_path / "t.csv.chunks" / CHUNK
    foreign = _other_seeds_chunk(tmp_path)
    assert foreign != chunk.read_bytes()
    chunk.write_bytes(foreign)
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv. does not hold chunk 0") as error:
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert "a chunk of another table" in str(error.value)
    assert chunk.read_bytes() == foreign


@pytest.mark.parametrize("seed", [2, None], ids=["seed given", "seed resumed"])
def test_a_manifest_whose_seed_was_edited_is_not_resumed_with_the_old_chunks(
    tmp_path: Path, seed: int | None
) -> None:
    out = _table(tmp_path)  # seed 1
    path = tmp_path / "t.csv.chunks" / "manifest.json"
    path.write_text(path.read_text().replace('"seed": 1,', '"seed": 2,'))
    before = _files(tmp_path / "t.csv.chunks")
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv") as error:
        vs_random(**{**PARAMS, "seed": seed}, out=out)  # type: ignore[arg-type]
    assert "manifest.json edited since" in str(error.value)
    assert _files(tmp_path / "t.csv.chunks") == before
    assert not out.exists()


def _other_digit(text: str, at: int) -> str:
    """The text with the hex digit at ``at`` changed: a checksum line of the right form, the wrong sum."""
    return text[:at] + ("1" if text[at] == "0" else "0") + text[at + 1 :]


CHECKSUM_EDITS: dict[str, Callable[[str], str]] = {
    "removed": lambda text: _rows_and_checksums(text)[0],
    "upper case": lambda text: text[: text.rindex("#")] + text[text.rindex("#") :].upper(),
    "a space more": lambda text: text.replace("# sha256 ", "# sha256  "),
    "a digit of the content's": lambda text: _other_digit(text, text.index("content=") + 8),
    "a digit of the table's": lambda text: _other_digit(text, len(text) - 2),
    "given twice": lambda text: text + _rows_and_checksums(text)[1],
    "first, not last": lambda text: _rows_and_checksums(text)[1] + _rows_and_checksums(text)[0],
    "no line end": lambda text: text[:-1],
    "crlf": lambda text: text[:-1] + "\r\n",
    "md5": lambda text: text.replace("# sha256", "# md5"),
}


@pytest.mark.parametrize("edit", CHECKSUM_EDITS.values(), ids=CHECKSUM_EDITS.keys())
def test_a_chunk_whose_checksum_line_was_edited_is_refused(
    tmp_path: Path, edit: Callable[[str], str]
) -> None:
    out = _table(tmp_path)
    chunk = tmp_path / "t.csv.chunks" / CHUNK
    text = chunk.read_text()
    edited = edit(text)
    assert edited != text
    chunk.write_bytes(edited.encode())
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv. does not hold chunk 0"):
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("seed", [1, None], ids=["seed given", "seed resumed"])
def test_an_older_badugis_chunk_folder_is_refused_with_what_to_do(
    tmp_path: Path, seed: int | None, version: int
) -> None:
    out = _table(tmp_path)
    folder = tmp_path / "t.csv.chunks"
    manifest = folder / "manifest.json"
    manifest.write_text(manifest.read_text().replace('"version": 3,', f'"version": {version},'))
    for chunk in folder.glob("chunk-*.csv"):
        if version == 1:  # version 1 wrote no checksum line
            chunk.write_text(_rows_and_checksums(chunk.read_text())[0])
    before = _files(folder)
    with pytest.raises(TableFileError, match="older badugi") as error:
        vs_random(**{**PARAMS, "seed": seed}, out=out)  # type: ignore[arg-type]
    assert "delete the folder" in str(error.value)
    assert f"layout version {version}" in str(error.value)
    assert "t.csv.chunks" in str(error.value)
    assert _files(folder) == before
