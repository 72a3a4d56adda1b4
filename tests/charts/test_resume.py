"""Tables written chunk by chunk: resumed after a stop, never overwritten, refused when another table's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from badugi.charts import TableFileError, canonical_hands, heads_up, vs_random

HANDS = [h.cards for h in canonical_hands()[::1500]]  # 11 hands
PARAMS = {"draws": 2, "samples": 1500, "seed": 8, "hands": HANDS, "chunk_size": 2}  # 6 chunks


class Stop(Exception):
    """Stands for a job that dies halfway."""


def _stop_after(chunks: int) -> object:
    def progress(done: int, total: int) -> None:
        assert total == 6
        if done >= chunks:
            raise Stop

    return progress


def _files(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Each file's inode, modification time and bytes: a rewrite changes one of them."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir())}


def test_a_run_that_stops_resumes_where_it_stopped(tmp_path: Path) -> None:
    whole = vs_random(**PARAMS, out=tmp_path / "whole.csv")  # type: ignore[arg-type]
    out = tmp_path / "table.csv"
    with pytest.raises(Stop):
        vs_random(**PARAMS, out=out, progress=_stop_after(3))  # type: ignore[arg-type]
    folder = tmp_path / "table.csv.chunks"
    assert not out.exists()
    finished = _files(folder)
    assert sorted(finished) == ["chunk-000000.csv", "chunk-000001.csv", "chunk-000002.csv", "manifest.json"]

    seen: list[tuple[int, int]] = []
    resumed = vs_random(**PARAMS, out=out, progress=lambda done, total: seen.append((done, total)))  # type: ignore[arg-type]
    assert seen == [(3, 6), (4, 6), (5, 6), (6, 6)]  # only the missing chunks ran
    assert resumed == whole
    assert out.read_bytes() == (tmp_path / "whole.csv").read_bytes()
    after = _files(folder)
    for name, before in finished.items():
        assert after[name] == before, f"{name} was rewritten"
    # Once finished, a rerun computes nothing and writes the same table.
    seen.clear()
    assert vs_random(**PARAMS, out=out, progress=lambda d, t: seen.append((d, t))) == whole  # type: ignore[arg-type]
    assert seen == [(6, 6)]


def test_without_a_seed_the_resumed_table_keeps_its_own(tmp_path: Path) -> None:
    params = {**PARAMS, "seed": None}
    out = tmp_path / "table.csv"
    with pytest.raises(Stop):
        vs_random(**params, out=out, progress=_stop_after(2))  # type: ignore[arg-type]
    seed = json.loads((tmp_path / "table.csv.chunks" / "manifest.json").read_text())["seed"]
    table = vs_random(**params, out=out)  # type: ignore[arg-type]
    assert table.seed == seed
    assert table == vs_random(**{**PARAMS, "seed": seed})  # type: ignore[arg-type]


SCRIPT = """
import sys, time
from badugi.charts import canonical_hands, vs_random
hands = [h.cards for h in canonical_hands()[::1500]]
def progress(done, total):
    print(done, flush=True)
    if done >= 2:
        time.sleep(60)  # killed here
vs_random(draws=2, samples=1500, seed=8, hands=hands, chunk_size=2, out=sys.argv[1], progress=progress)
"""


def test_a_killed_process_is_resumed(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    process = subprocess.Popen([sys.executable, "-c", SCRIPT, str(out)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "2":
            break
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    names = sorted(p.name for p in (tmp_path / "table.csv.chunks").iterdir())
    assert names == ["chunk-000000.csv", "chunk-000001.csv", "manifest.json"]
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"draws": 3}, "draws 2, not 3"),
        ({"samples": 1600}, "samples 1500, not 1600"),
        ({"seed": 9}, "seed 8, not 9"),
        ({"strategy": "pat"}, "strategy 'best', not 'pat'"),
        ({"hands": HANDS[1:]}, "other hands"),
        ({"chunk_size": 3}, "chunk_size 2, not 3"),
    ],
)
def test_a_path_holding_another_tables_chunks_is_refused(
    tmp_path: Path, change: dict[str, object], named: str
) -> None:
    out = tmp_path / "table.csv"
    with pytest.raises(Stop):
        vs_random(**PARAMS, out=out, progress=_stop_after(2))  # type: ignore[arg-type]
    before = _files(tmp_path / "table.csv.chunks")
    with pytest.raises(TableFileError, match="another table") as error:
        vs_random(**{**PARAMS, **change}, out=out)  # type: ignore[arg-type]
    assert named in str(error.value)
    assert _files(tmp_path / "table.csv.chunks") == before
    assert not out.exists()


def test_a_heads_up_table_is_not_a_vs_random_one(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    heads_up(HANDS[:2], HANDS[:2], draws=0, out=out)
    before = out.read_bytes()
    with pytest.raises(TableFileError, match="another table"):
        vs_random(draws=0, hands=HANDS[:2], out=out)
    assert out.read_bytes() == before


def test_a_file_it_did_not_write_is_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "precious.csv"
    out.write_text("my own numbers\n")
    with pytest.raises(TableFileError, match="not a table this code wrote"):
        vs_random(draws=0, hands=HANDS[:2], out=out)
    assert out.read_text() == "my own numbers\n"
    assert not (tmp_path / "precious.csv.chunks").exists()


def test_bad_paths_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TableFileError, match="does not exist"):
        vs_random(draws=0, hands=HANDS[:2], out=tmp_path / "missing" / "t.csv")
    (tmp_path / "folder").mkdir()
    with pytest.raises(TableFileError, match="is a folder"):
        vs_random(draws=0, hands=HANDS[:2], out=tmp_path / "folder")
    chunks = tmp_path / "stray.csv.chunks"
    chunks.mkdir()
    (chunks / "notes.txt").write_text("mine")
    with pytest.raises(TableFileError, match=r"no manifest\.json"):
        vs_random(draws=0, hands=HANDS[:2], out=tmp_path / "stray.csv")
    (tmp_path / "broken.csv.chunks").mkdir()
    (tmp_path / "broken.csv.chunks" / "manifest.json").write_text("{not json")
    with pytest.raises(TableFileError, match="not a table manifest"):
        vs_random(draws=0, hands=HANDS[:2], out=tmp_path / "broken.csv")


@pytest.mark.parametrize(
    "content",
    [
        "",
        "garbage\n",
        "hand,equity,std_error,win,tie,samples,matchups\n",
        "hand,equity,std_error,win,tie,samples,matchups\n0,0.5,0.0,0.5,0.0,10,1\n0,0.5,0.0,0.5,0.0,10,1\n",
        "hand,equity,std_error,win,tie,samples,matchups\n0,x,0.0,0.5,0.0,10,1\n1500,0.5,0.0,0.5,0.0,10,1\n",
        "hand,equity,std_error,win,tie,samples,matchups\n0,7.5,0.0,0.5,0.0,10,1\n1500,0.5,0.0,0.5,0.0,10,1\n",
    ],
)
def test_a_chunk_file_that_does_not_hold_its_chunk_is_refused_and_kept(tmp_path: Path, content: str) -> None:
    out = tmp_path / "table.csv"
    with pytest.raises(Stop):
        vs_random(**PARAMS, out=out, progress=_stop_after(1))  # type: ignore[arg-type]
    chunk = tmp_path / "table.csv.chunks" / "chunk-000000.csv"
    chunk.write_text(content)
    with pytest.raises(TableFileError, match=r"chunk-000000\.csv"):
        vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert chunk.read_text() == content


def test_no_temporary_file_is_left_behind(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    vs_random(**PARAMS, out=out)  # type: ignore[arg-type]
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert len(list((tmp_path / "table.csv.chunks").glob("chunk-*.csv"))) == 6


def test_a_chunk_finished_by_another_run_is_kept(tmp_path: Path) -> None:
    # Two runs on one path: whichever saves a chunk first, the other keeps that file.
    out = tmp_path / "table.csv"
    with pytest.raises(Stop):
        vs_random(**PARAMS, out=out, progress=_stop_after(1))  # type: ignore[arg-type]
    from badugi.charts._jobs import Job  # noqa: PLC0415
    from badugi.charts._store import ChunkStore  # noqa: PLC0415

    manifest = json.loads((tmp_path / "table.csv.chunks" / "manifest.json").read_text())
    job = Job(
        "vs-random",
        draws=2,
        strategy="best",
        samples=1500,
        seed=8,
        hands_a=manifest["hands"],
        hands_b=None,
        chunk_size=2,
    )
    store = ChunkStore(out, job.manifest(), job.key_columns)
    path = store.chunk_path(0)
    before = (path.stat().st_ino, path.read_bytes())
    store.save(0, job.unit_keys(0), [(0.5, 0.0, 0.5, 0.0, 1, 1)] * 2)
    assert (path.stat().st_ino, path.read_bytes()) == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


# ---- what a killed run leaves behind: its temporary files ----

KILLED = """
import os, signal, sys
from badugi.charts import canonical_hands, vs_random
hands = [h.cards for h in canonical_hands()[::1500]]
when, target = sys.argv[2], sys.argv[3]
real = {"replace": os.replace, "link": os.link}
calls = [0]

def dying(name):
    def call(source, destination, *args, **kwargs):
        if os.path.basename(destination).startswith(target):
            calls[0] += 1
            if calls[0] == int(when):
                os.kill(os.getpid(), signal.SIGKILL)  # the temporary is written, not yet renamed
        return real[name](source, destination, *args, **kwargs)
    return call

os.replace, os.link = dying("replace"), dying("link")
vs_random(draws=2, samples=1500, seed=8, hands=hands, chunk_size=2, out=sys.argv[1])
"""


def _killed_run(out: Path, when: int, target: str) -> None:
    """A run killed (SIGKILL) when it renames its ``when``-th file whose name starts with ``target``."""
    result = subprocess.run([sys.executable, "-c", KILLED, str(out), str(when), target], check=False)
    assert result.returncode == -signal.SIGKILL


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp"))


@pytest.mark.parametrize(
    ("when", "target", "left"),
    [
        (1, "manifest.json", []),  # the folder holds only the manifest's temporary
        (2, "chunk-", ["chunk-000000.csv", "manifest.json"]),  # a chunk's temporary
        (1, "table.csv", [f"chunk-00000{i}.csv" for i in range(6)] + ["manifest.json"]),  # the table's
    ],
    ids=["manifest", "chunk", "table"],
)
def test_a_run_killed_before_a_rename_is_resumed_and_its_temporary_removed(
    tmp_path: Path, when: int, target: str, left: list[str]
) -> None:
    out = tmp_path / "table.csv"
    _killed_run(out, when, target)
    (temporary,) = _temporaries(tmp_path)
    assert temporary.startswith(f".{target}" if target != "chunk-" else ".chunk-000001.csv.")
    folder = tmp_path / "table.csv.chunks"
    assert sorted(p.name for p in folder.iterdir() if not p.name.endswith(".tmp")) == left
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]
    assert _temporaries(tmp_path) == []
    assert out.read_text() == vs_random(**PARAMS).to_csv()  # type: ignore[arg-type]


def _dead_pid() -> int:
    """The pid of a process that has ended (and, so soon after, is no other's yet)."""
    result = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    return int(result.stdout)


def test_only_the_librarys_own_stale_temporaries_are_removed(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    folder = tmp_path / "table.csv.chunks"
    folder.mkdir()
    dead, alive = _dead_pid(), os.getpid()
    stale = [f".manifest.json.{dead}.0123abcd.tmp", f".chunk-000003.csv.{dead}.89efcdab.tmp"]
    live = [f".manifest.json.{alive}.0123abcd.tmp"]  # a run of this process, still writing
    for name in stale + live:
        (folder / name).write_text('{"format": "cut sho')
    (tmp_path / f".table.csv.{dead}.feedf00d.tmp").write_text("hand,na")
    theirs = tmp_path / f".other.csv.{dead}.feedf00d.tmp"  # another table's: not this run's to judge
    theirs.write_text("x")
    assert vs_random(**PARAMS, out=out) == vs_random(**PARAMS)  # type: ignore[arg-type]
    assert _temporaries(tmp_path) == sorted([theirs.name, *live])


NEAR_MISSES = [
    ".manifest.json.tmp",
    "manifest.json.{dead}.0123abcd.tmp",
    ".manifest.json.{dead}.0123ABCD.tmp",
    ".manifest.json.{dead}.0123abc.tmp",
    ".manifest.json.{dead}.0123abcd.tmp~",
    ".manifest.json.-{dead}.0123abcd.tmp",
    ".manifest.json.0{dead}.0123abcd.tmp",
    ".manifest.jsonx.{dead}.0123abcd.tmp",
    ".chunk-1.csv.{dead}.0123abcd.tmp",
    ".notes.txt.{dead}.0123abcd.tmp",
]


@pytest.mark.parametrize("name", NEAR_MISSES)
def test_a_file_whose_name_is_not_quite_a_temporary_of_ours_is_left_alone(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "table.csv.chunks"
    folder.mkdir()
    path = folder / name.format(dead=_dead_pid())
    path.write_text("mine")
    with pytest.raises(TableFileError, match=r"holds files but no manifest\.json"):
        vs_random(**PARAMS, out=tmp_path / "table.csv")  # type: ignore[arg-type]
    assert path.read_text() == "mine"
    assert [p.name for p in folder.iterdir()] == [path.name]


def test_two_new_runs_of_other_tables_on_one_path_keep_the_first_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from badugi.charts._store import ChunkStore  # noqa: PLC0415

    with pytest.raises(Stop):
        vs_random(**PARAMS, out=tmp_path / "other.csv", progress=_stop_after(1))  # type: ignore[arg-type]
    theirs = (tmp_path / "other.csv.chunks" / "manifest.json").read_bytes()  # seed 8
    out = tmp_path / "table.csv"
    manifest = tmp_path / "table.csv.chunks" / "manifest.json"
    real = ChunkStore._write

    def at_the_same_moment(store: ChunkStore, path: Path, text: str, keep_existing: bool = False) -> None:
        if path == manifest and not manifest.exists():
            manifest.write_bytes(theirs)  # the other run wrote its manifest after this one looked
        real(store, path, text, keep_existing)

    monkeypatch.setattr(ChunkStore, "_write", at_the_same_moment)
    with pytest.raises(TableFileError, match=r"another table \(seed 8, not 9\)"):
        vs_random(**{**PARAMS, "seed": 9}, out=out)  # type: ignore[arg-type]
    assert manifest.read_bytes() == theirs
    assert [p.name for p in manifest.parent.iterdir()] == ["manifest.json"]


def test_a_refused_path_keeps_even_its_stale_temporaries(tmp_path: Path) -> None:
    folder = tmp_path / "table.csv.chunks"
    folder.mkdir()
    stale = folder / f".manifest.json.{_dead_pid()}.0123abcd.tmp"
    stale.write_text("{")
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(TableFileError, match=r"holds files but no manifest\.json"):
        vs_random(**PARAMS, out=tmp_path / "table.csv")  # type: ignore[arg-type]
    assert sorted(p.name for p in folder.iterdir()) == sorted([stale.name, "notes.txt"])
