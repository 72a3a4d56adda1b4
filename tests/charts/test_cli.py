"""``badugi chart`` (and its old name, ``badugi table``): the CSV it writes, the plot, the scheduler
option and one-line errors."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from badugi._extras import install_command
from badugi.charts import canonical_hands, heads_up, vs_random
from badugi.cli import main
from tests.charts.loopback import LOOPBACK_ONLY

HANDS = ["Ac2d3h4s", "Kc9d4h2s", "KcKdKhKs"]


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


def test_vs_random_writes_the_librarys_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    args = ["table", "vs-random", *HANDS, "--samples", "2000", "--seed", "3", "--out", str(out)]
    assert main([*args, "--chunk-size", "2", "--no-progress"]) == 0
    said = capsys.readouterr().out
    assert said == (
        f"{out}: 3 starting hands against a random hand, 3 draws, strategy best: "
        "Monte Carlo, 2,000 deals each, seed 3\n"
        # A percentile of a few hands ranks them among themselves (K-3-2-A at 58.6 in a table of 3).
        "its percentiles rank these 3 starting hands among themselves, not among all 16,432 starting hands "
        "of Badugi\n"
    )
    expected = vs_random(draws=3, samples=2000, seed=3, hands=HANDS, chunk_size=2)
    assert out.read_text() == expected.to_csv()


def test_a_table_of_one_hand_says_so_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "one.csv"
    args = ["table", "vs-random", HANDS[0], "--samples", "200", "--seed", "3", "--out", str(out)]
    assert main([*args, "--no-progress"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"{out}: 1 starting hand against a random hand, ")
    assert said[1] == (
        "its percentiles rank its one hand against itself alone, not among all 16,432 starting hands "
        "of Badugi"
    )


def test_heads_up_writes_the_librarys_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "h.csv"
    args = [
        "table",
        "heads-up",
        "--hands-a",
        *HANDS[:2],
        "--hands-b",
        *HANDS,
        "--draws",
        "1",
        "--strategy",
        "pat",
    ]
    assert main([*args, "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said == f"{out}: 2 x 3 starting hands heads-up, 1 draw, strategy pat: exact\n"
    assert out.read_text() == heads_up(HANDS[:2], HANDS, draws=1, strategy="pat").to_csv()


def test_all_stands_for_every_starting_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "h.csv"
    args = ["table", "heads-up", "--hands-a", "KcKdKhKs", "--hands-b", "all", "--draws", "0"]
    assert main([*args, "--out", str(out)]) == 0
    assert "1 x 16,432 starting hands" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 16_433


def test_pandas_reads_the_table_in_one_call(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    out = tmp_path / "t.csv"
    table = vs_random(draws=0, hands=HANDS, out=out)
    frame = pandas.read_csv(out)
    assert list(frame.columns) == [
        "hand",
        "name",
        "count",
        "equity",
        "std_error",
        "win",
        "tie",
        "samples",
        "percentile",
    ]
    assert list(frame["hand"]) == [r.hand for r in table.rows]
    assert list(frame["equity"]) == pytest.approx([r.equity for r in table.rows], rel=1e-15)
    matrix = tmp_path / "h.csv"
    heads_up(["AcAdAhAs"], ["Ac2d3h4s", "KcKdKhKs"], draws=0, out=matrix)
    cells = pandas.read_csv(matrix)
    assert pandas.isna(cells["equity"][0])  # no pair of those hands shares no card
    assert cells["equity"][1] == 1.0


def test_a_progress_bar_counts_chunks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["table", "vs-random", *HANDS, "--draws", "0", "--chunk-size", "1", "--progress"]
    assert main([*args, "--out", str(tmp_path / "t.csv")]) == 0
    err = capsys.readouterr().err
    assert "/3 [" in err
    assert "chunks" in err


def test_a_resumed_run_shows_its_finished_chunks_from_the_first_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The bar used to start at 0/3 and show the chunk already on disk only after the next one.
    out = tmp_path / "t.csv"
    args = ["table", "vs-random", *HANDS, "--draws", "0", "--chunk-size", "1", "--out", str(out)]
    assert main([*args, "--no-progress"]) == 0
    chunks = sorted((tmp_path / "t.csv.chunks").glob("chunk-*.csv"))
    assert len(chunks) == 3
    out.unlink()
    chunks[-1].unlink()
    capsys.readouterr()
    assert main([*args, "--progress"]) == 0
    frames = [f for f in capsys.readouterr().err.replace("\r", "\n").splitlines() if "/3 [" in f]
    assert frames
    assert "2/3 [" in frames[0], frames


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["vs-random", "Ac2d3h"], "hand 0"),
        (["vs-random", "AcAdAhAs", "AsAhAdAc"], "same starting hand"),
        (["vs-random", "--draws", "4"], "--draws"),
        (["vs-random", "--samples", "0"], "--samples"),
        (["vs-random", "--strategy", "worst"], "--strategy"),
        (["heads-up", "--hands-a", "Ac2d3h4s"], "--hands-b"),
    ],
)
def test_bad_arguments_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], named: str
) -> None:
    assert main(["table", *args, "--out", str(tmp_path / "t.csv")]) == 2
    assert named in _error(capsys)
    assert not (tmp_path / "t.csv").exists()


def test_another_tables_path_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "t.csv")
    assert main(["table", "vs-random", *HANDS, "--draws", "0", "--out", out]) == 0
    capsys.readouterr()
    assert main(["table", "vs-random", *HANDS, "--draws", "2", "--out", out]) == 2
    assert "another table" in _error(capsys)


def test_a_folder_it_cannot_write_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["table", "vs-random", *HANDS, "--draws", "0", "--out", str(tmp_path / "no" / "t.csv")]) == 2
    assert "does not exist" in _error(capsys)


def test_a_scheduler_without_dask_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    args = ["table", "vs-random", *HANDS, "--scheduler", "tcp://127.0.0.1:8786"]
    assert main([*args, "--out", str(tmp_path / "t.csv")]) == 2
    assert install_command("dask") in _error(capsys)


@pytest.mark.dask
def test_a_scheduler_that_does_not_answer_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("distributed")
    args = ["table", "vs-random", *HANDS, "--scheduler", "tcp://127.0.0.1:1", "--scheduler-timeout", "1"]
    assert main([*args, "--out", str(tmp_path / "t.csv")]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err.splitlines()[-1]
    assert not (tmp_path / "t.csv").exists()


@pytest.mark.dask
def test_the_scheduler_option_runs_on_that_cluster(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "t.csv"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, **LOOPBACK_ONLY
    ) as cluster:
        args = ["table", "vs-random", *HANDS, "--samples", "1500", "--seed", "4", "--chunk-size", "1"]
        assert main([*args, "--scheduler", cluster.scheduler_address, "--out", str(out)]) == 0
    assert out.read_text() == vs_random(draws=3, samples=1500, seed=4, hands=HANDS).to_csv()


# ---- the chart ----


def test_plot_draws_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    table = tmp_path / "t.csv"
    hands = [h.text for h in canonical_hands()[::300]]
    assert main(["table", "vs-random", *hands, "--draws", "0", "--out", str(table)]) == 0
    chart = tmp_path / "chart.png"
    assert main(["table", "plot", str(table), "--out", str(chart)]) == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert capsys.readouterr().out.splitlines()[-1] == f"{chart}: the chart of {table}"


@pytest.mark.parametrize(("hands", "area"), [(3, 36.0), (1000, 20.0), (16_432, 2.0)])
def test_a_chart_s_points_are_as_large_as_its_hands_leave_room_for(hands: int, area: float) -> None:
    """A chart of three hands drew points of area 2, too small to see; 16,432 hands still need it."""
    pytest.importorskip("matplotlib")
    from badugi.charts.plot import Hand, chart  # noqa: PLC0415

    rows = [Hand(h.text, h.count, 0.5, 50.0) for h in canonical_hands()[:hands]]
    figure = chart(rows, "a chart")
    points = [c for c in figure.axes[0].collections if len(c.get_offsets())]
    assert sum(len(c.get_offsets()) for c in points) == hands
    assert {float(size) for c in points for size in c.get_sizes()} == {area}


@pytest.mark.parametrize(
    "content",
    ["", "hand,equity\nAc2d3h4s,0.5\n", "hand,count,equity,percentile\nAc2d3h,24,0.5,50\n", "\x00\x01"],
)
def test_plot_refuses_a_file_that_is_no_vs_random_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str
) -> None:
    pytest.importorskip("matplotlib")
    table = tmp_path / "t.csv"
    table.write_text(content)
    assert main(["table", "plot", str(table), "--out", str(tmp_path / "c.png")]) == 2
    assert "not" in _error(capsys)
    assert not (tmp_path / "c.png").exists()


def test_plot_of_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["table", "plot", str(tmp_path / "none.csv"), "--out", str(tmp_path / "c.png")]) == 2
    assert "none.csv" in _error(capsys)


def test_plot_without_matplotlib_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "t.csv"
    vs_random(draws=0, hands=HANDS, out=table)
    for name in [m for m in sys.modules if m.split(".")[0] == "matplotlib"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    assert main(["table", "plot", str(table), "--out", str(tmp_path / "c.png")]) == 2
    assert install_command("plot") in _error(capsys)


CLUSTER = f"""
import sys, time
import distributed
LOOPBACK_ONLY = {LOOPBACK_ONLY!r}
if __name__ == "__main__":
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", **LOOPBACK_ONLY
    ) as cluster:
        print(cluster.scheduler_address, flush=True)
        time.sleep(600)
"""


@pytest.mark.dask
def test_a_scheduler_lost_mid_run_is_one_line_and_a_rerun_resumes(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    # 17 hands, a chunk each, about a second on two workers: the loss lands after the first chunk,
    # with most still to run (42 hands cost three times as much for the same check).
    hands = [h.text for h in canonical_hands()[::1000]]
    out = tmp_path / "t.csv"
    folder = tmp_path / "t.csv.chunks"
    args = ["table", "vs-random", *hands, "--samples", "40000", "--seed", "6", "--chunk-size", "1"]
    args += ["--out", str(out), "--no-progress"]
    with subprocess.Popen(
        [sys.executable, "-c", CLUSTER], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as cluster:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        with subprocess.Popen(
            [sys.executable, "-m", "badugi", *args, "--scheduler", address],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as run:
            deadline = time.monotonic() + 120
            while not list(folder.glob("chunk-*.csv")) and run.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            cluster.kill()  # the scheduler and its workers, all at once
            said, err = run.communicate(timeout=120)
    assert run.returncode == 1
    assert said == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("badugi table vs-random: error: the run on the Dask cluster failed (")
    assert "rerun the same command to resume" in lines[0]
    assert "t.csv.chunks" in lines[0]
    kept = {p.name: p.read_bytes() for p in folder.glob("chunk-*.csv")}
    assert 1 <= len(kept) < len(hands)
    assert f"{len(kept)} of {len(hands)} chunks are finished" in lines[0]
    assert not out.exists()

    # The rerun (here without a cluster) computes only the missing chunks and writes the whole table.
    assert main(args) == 0
    assert out.read_text() == vs_random(draws=3, samples=40000, seed=6, hands=hands).to_csv()
    for name, before in kept.items():
        assert (folder / name).read_bytes() == before


def _small_table(folder: Path) -> Path:
    table = folder / "t.csv"
    vs_random(draws=0, hands=[h.cards for h in canonical_hands()[::3000]], out=table)
    return table


BAD_CHART_OUTS = {
    "a folder with a slash": "{dir}/charts/",
    "a folder": "{dir}/charts",
    "a folder and a dot": "{dir}/charts/.",
    "only an ending": "{dir}/.png",
    "no ending": "{dir}/chart",
    "an unknown ending": "{dir}/chart.csv",
    "a folder that does not exist": "{dir}/missing/chart.png",
    "the table itself": "{dir}/t.csv",
}


@pytest.mark.parametrize("out", BAD_CHART_OUTS.values(), ids=BAD_CHART_OUTS.keys())
def test_plot_refuses_an_out_that_names_no_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, out: str
) -> None:
    pytest.importorskip("matplotlib")
    table = _small_table(tmp_path)
    (tmp_path / "charts").mkdir()
    before = sorted(tmp_path.rglob("*"))
    text = table.read_bytes()
    assert main(["table", "plot", str(table), "--out", out.format(dir=tmp_path)]) == 2
    err = _error(capsys)
    assert err.startswith("badugi table plot: error: the chart's out ") or "does not exist" in err, err
    assert sorted(tmp_path.rglob("*")) == before  # no hidden charts/.png, nothing else
    assert table.read_bytes() == text


@pytest.mark.parametrize("ending", ["png", "PNG", "svg", "pdf", "jpg", "webp"])
def test_plot_writes_the_type_its_name_ends_with(tmp_path: Path, ending: str) -> None:
    pytest.importorskip("matplotlib")
    table = _small_table(tmp_path)
    chart = tmp_path / f"chart.{ending}"
    assert main(["table", "plot", str(table), "--out", str(chart)]) == 0
    start = chart.read_bytes()[:8]
    magic = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF", "jpg": b"\xff\xd8", "webp": b"RIFF"}
    assert start.startswith(magic[ending.lower()])


@pytest.mark.parametrize("command", ["vs-random", "heads-up"])
@pytest.mark.parametrize("out", ["{dir}/tables/", "{dir}/tables", "{dir}/tables/.", "{dir}/missing/t.csv"])
def test_a_table_out_that_names_no_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, out: str
) -> None:
    (tmp_path / "tables").mkdir()
    hands = ["Ac2d3h4s"] if command == "vs-random" else ["--hands-a", "Ac2d3h4s", "--hands-b", "Ac2d3h4s"]
    assert main(["table", command, *hands, "--draws", "0", "--out", out.format(dir=tmp_path)]) == 2
    assert "folder" in _error(capsys)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["tables"]


def test_the_old_name_runs_the_same_command_and_warns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["vs-random", *HANDS, "--draws", "0", "--no-progress"]
    assert main(["chart", *args, "--out", str(tmp_path / "new.csv")]) == 0
    warned = "'badugi table' is now 'badugi chart'; the old name goes in 0.4.0"
    with pytest.warns(DeprecationWarning, match=warned):
        assert main(["table", *args, "--out", str(tmp_path / "old.csv")]) == 0
    assert (tmp_path / "old.csv").read_text() == (tmp_path / "new.csv").read_text()
    capsys.readouterr()
    assert main(["--help"]) == 0
    listed = capsys.readouterr().out
    assert "chart" in listed
    assert "table" not in listed.replace("a table for friends", "")  # the old name is not listed
