"""Every argument of the table functions, given garbage of every type: the documented error, naming it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from badugi import InvalidHandError
from badugi.charts import TableFileError, heads_up, vs_random

HANDS = ["Ac 2d 3h 4s", "Kc Kd Kh Ks"]
HUGE = 10**5000


class BadIndex:
    def __index__(self) -> int:
        raise RuntimeError("no")


class BadPath:
    def __fspath__(self) -> str:
        raise RuntimeError("no")


def _boom() -> Any:
    raise RuntimeError("a generator that fails")
    yield


def _name(value: object) -> str:
    return type(value).__name__


GARBAGE_NUMBERS = [None, 2.0, True, "3", b"3", -1, HUGE, BadIndex(), [3], object()]


@pytest.mark.parametrize("draws", [x for x in GARBAGE_NUMBERS if x is not None] + [4], ids=_name)
def test_draws(draws: object) -> None:
    with pytest.raises(InvalidHandError, match="draws"):
        vs_random(draws=draws, hands=HANDS)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="draws"):
        heads_up(HANDS, HANDS, draws=draws)  # type: ignore[arg-type]


@pytest.mark.parametrize("samples", [x for x in GARBAGE_NUMBERS if x is not None] + [0, 2**41], ids=_name)
def test_samples(samples: object) -> None:
    with pytest.raises(InvalidHandError, match="samples"):
        vs_random(samples=samples, hands=HANDS)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="samples"):
        heads_up(HANDS, HANDS, samples=samples)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [x for x in GARBAGE_NUMBERS if x is not None] + [2**64], ids=_name)
def test_seed(seed: object) -> None:
    with pytest.raises(InvalidHandError, match="seed"):
        vs_random(seed=seed, hands=HANDS)  # type: ignore[arg-type]


@pytest.mark.parametrize("strategy", [None, "Best", "random", 3, print, b"best", ["best", "pat"]])
def test_strategy(strategy: object) -> None:
    with pytest.raises(InvalidHandError, match="strategy"):
        vs_random(strategy=strategy, hands=HANDS)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="strategy"):
        heads_up(HANDS, HANDS, strategy=strategy)  # type: ignore[arg-type]


@pytest.mark.parametrize("chunk_size", [x for x in GARBAGE_NUMBERS if x is not None] + [0, 2**21], ids=_name)
def test_chunk_size(chunk_size: object) -> None:
    with pytest.raises(InvalidHandError, match="chunk_size"):
        vs_random(chunk_size=chunk_size, hands=HANDS)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hands", "named"),
    [
        ("Ac 2d 3h 4s", "sequence of hands"),
        (b"abcd", "sequence of hands"),
        (3, "sequence of hands"),
        ({"a": 1}, "sequence of hands"),
        ([], "no hands"),
        (["Ac 2d 3h"], "hand 0"),
        (["Ac 2d 3h 4s", "Zz"], "hand 1"),
        ([None], "hand 0"),
        ([[0, 1, 2, 3.0]], "hand 0"),
        ([[0, 1, 2, True]], "hand 0"),
        (["Ac 2d 3h 4s", "Ad 2c 3h 4s"], "same starting hand"),
        (_boom(), "could not read"),
        ([HUGE], "hand 0"),
    ],
    ids=_name,
)
def test_hands(hands: object, named: str) -> None:
    with pytest.raises(InvalidHandError, match=named):
        vs_random(draws=0, hands=hands)  # type: ignore[arg-type]


def test_heads_up_names_the_set_at_fault() -> None:
    with pytest.raises(InvalidHandError, match="hands_a"):
        heads_up(["junk"], HANDS, draws=0)
    with pytest.raises(InvalidHandError, match="hands_b"):
        heads_up(HANDS, [], draws=0)


@pytest.mark.parametrize("client", [3, "tcp://127.0.0.1:8786", object(), True])
def test_client(client: object) -> None:
    with pytest.raises(InvalidHandError, match="client"):
        vs_random(draws=0, hands=HANDS, client=client)


@pytest.mark.parametrize("progress", [3, "bar", True])
def test_progress(progress: object) -> None:
    with pytest.raises(InvalidHandError, match="progress"):
        vs_random(draws=0, hands=HANDS, progress=progress)  # type: ignore[arg-type]


@pytest.mark.parametrize("out", [3, 2.5, True, b"table.csv", ["table.csv"], "", "a\x00b", BadPath()])
def test_out(out: object) -> None:
    with pytest.raises(TableFileError, match="out"):
        vs_random(draws=0, hands=HANDS, out=out)  # type: ignore[arg-type]


def test_the_table_file_error_is_a_value_error() -> None:
    from badugi import BadugiError  # noqa: PLC0415

    assert issubclass(TableFileError, ValueError)
    assert issubclass(TableFileError, BadugiError)


def test_lookups_refuse_hands_not_in_the_table() -> None:
    table = vs_random(draws=0, hands=HANDS)
    assert table.row("Ad 2c 3s 4h").hand == "4s 3h 2d Ac"
    with pytest.raises(InvalidHandError, match="not in this table"):
        table.row("Qc Qd Qh Qs")
    with pytest.raises(InvalidHandError):
        table.row(None)  # type: ignore[arg-type]
    matrix = heads_up(HANDS[:1], HANDS[1:], draws=0)
    with pytest.raises(InvalidHandError, match="hands_a"):
        matrix.cell(HANDS[1], HANDS[1])
    with pytest.raises(InvalidHandError, match="hands_b"):
        matrix.cell(HANDS[0], HANDS[0])
    with pytest.raises(InvalidHandError):
        matrix.cell(HANDS[0], 3.5)  # type: ignore[arg-type]


def test_importing_the_tables_imports_no_dask(tmp_path: Path) -> None:
    code = (
        "import sys, badugi, badugi.charts\n"
        "badugi.charts.vs_random(draws=0, hands=['Ac2d3h4s'])\n"
        "roots = ('dask', 'distributed', 'matplotlib', 'tqdm')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in roots))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert result.stdout.strip() == "[]"


PLOT_GARBAGE = [None, 3, 2.5, True, b"chart.png", ["chart.png"], "", "a\x00b.png", BadPath(), "\ud800.png"]
TOO_LONG = ["x" * 5000 + ".png", "d" * 300 + "/chart.png"]


@pytest.mark.parametrize("out", PLOT_GARBAGE, ids=_name)
def test_plot_file_out(tmp_path: Path, out: object) -> None:
    from badugi.charts.plot import plot_file  # noqa: PLC0415

    table = tmp_path / "t.csv"
    vs_random(draws=0, hands=HANDS, out=table)
    with pytest.raises(TableFileError, match="the chart's out"):
        plot_file(table, out)  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.csv.chunks"]


@pytest.mark.parametrize("path", PLOT_GARBAGE, ids=_name)
def test_plot_file_path(tmp_path: Path, path: object) -> None:
    from badugi.charts.plot import plot_file, read_vs_random  # noqa: PLC0415

    with pytest.raises(TableFileError, match="the table"):
        read_vs_random(path)  # type: ignore[arg-type]
    with pytest.raises(TableFileError, match="the table"):
        plot_file(path, tmp_path / "chart.png")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo", "huge", "not utf-8"])
def test_plot_file_of_what_is_no_table_file(tmp_path: Path, kind: str) -> None:
    from badugi.charts.plot import plot_file  # noqa: PLC0415

    path = tmp_path / "t.csv"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # reading it would wait for a writer for ever
    elif kind == "huge":
        path.write_bytes(b"x" * ((1 << 26) + 1))
    elif kind == "not utf-8":
        path.write_bytes(b"hand,count,equity,percentile\n\xff,1,0.5,50\n")
    with pytest.raises(TableFileError, match=r"t\.csv"):
        plot_file(path, tmp_path / "chart.png")
    assert not (tmp_path / "chart.png").exists()


@pytest.mark.parametrize("out", TOO_LONG, ids=["name", "folder"])
def test_plot_file_out_too_long(tmp_path: Path, out: str) -> None:
    from badugi.charts.plot import plot_file  # noqa: PLC0415

    table = tmp_path / "t.csv"
    vs_random(draws=0, hands=HANDS, out=table)
    with pytest.raises(TableFileError, match=r"cannot write the chart to .*: File name too long"):
        plot_file(table, tmp_path / out)


def test_what_a_cluster_raises_is_said_in_a_few_words() -> None:
    from badugi.charts._schedule import _cause  # noqa: PLC0415

    class Mute(Exception):
        def __str__(self) -> str:
            raise RuntimeError("cannot say itself")

    assert _cause(Mute()) == "Mute"
    assert _cause(ConnectionResetError("socket 12 of tcp://10.0.0.1:8786")) == (
        "the connection to the cluster was lost: ConnectionResetError"
    )
    long = _cause(ValueError("x" * 1000 + "\nsecond line"))
    assert long.startswith("ValueError: xxx")
    assert long.endswith("...")
    assert len(long) < 140
