"""The tables on a Dask cluster: the same numbers as the local run, and a stopped run resumed there.

The cluster is a ``LocalCluster`` of two worker processes (``processes=True``),
one thread each: every task and result is pickled and crosses a process
boundary, and the workers import badugi themselves, as on a real cluster.
It starts in about a second, once for the module.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi.charts import TableRunError, canonical_hands, heads_up, vs_random
from badugi.errors import InvalidHandError
from tests.charts.loopback import LOOPBACK_ONLY

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.dask

SLICE = [h.cards for h in canonical_hands()[::1200]]  # 14 hands


def _cluster() -> Any:
    return distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, **LOOPBACK_ONLY)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with _cluster() as local_cluster:
        yield local_cluster


@pytest.fixture(scope="module")
def client(cluster: Any) -> Iterator[Any]:
    with distributed.Client(cluster) as dask_client:
        yield dask_client


@pytest.mark.parametrize("draws", [0, 1, 3])
def test_vs_random_on_the_cluster_is_the_local_table(client: Any, draws: int) -> None:
    params = {"draws": draws, "samples": 2000, "seed": 21, "hands": SLICE, "chunk_size": 3}
    assert vs_random(**params, client=client) == vs_random(**params)  # type: ignore[arg-type]


def test_heads_up_on_the_cluster_is_the_local_table(client: Any) -> None:
    hands = SLICE[::3]
    params = {"draws": 2, "samples": 1000, "seed": 5, "chunk_size": 4}
    on_cluster = heads_up(hands, hands[::-1], client=client, **params)  # type: ignore[arg-type]
    assert on_cluster == heads_up(hands, hands, **params)  # type: ignore[arg-type]
    assert len(on_cluster.cells) == len(hands) ** 2


class Stop(Exception):
    pass


def test_a_stopped_cluster_run_resumes_with_the_same_numbers(client: Any, tmp_path: Path) -> None:
    params = {"draws": 3, "samples": 1500, "seed": 2, "hands": SLICE, "chunk_size": 2}  # 7 chunks
    out = tmp_path / "table.csv"

    def stop_after_three(done: int, total: int) -> None:
        if done >= 3:
            raise Stop

    with pytest.raises(Stop):
        vs_random(**params, client=client, out=out, progress=stop_after_three)  # type: ignore[arg-type]
    folder = tmp_path / "table.csv.chunks"
    finished = {p.name: (p.stat().st_ino, p.read_bytes()) for p in folder.glob("chunk-*.csv")}
    assert len(finished) == 3  # chunks finish in any order on a cluster; three were saved

    seen: list[int] = []
    resumed = vs_random(**params, client=client, out=out, progress=lambda d, t: seen.append(d))  # type: ignore[arg-type]
    assert seen == [3, 4, 5, 6, 7]
    assert resumed == vs_random(**params)  # type: ignore[arg-type]
    for name, before in finished.items():
        path = folder / name
        assert (path.stat().st_ino, path.read_bytes()) == before


def test_a_run_started_here_finishes_on_the_cluster(client: Any, tmp_path: Path) -> None:
    params = {"draws": 2, "samples": 1000, "seed": 3, "hands": SLICE, "chunk_size": 5}
    out = tmp_path / "table.csv"

    def stop_at_once(done: int, total: int) -> None:
        if done >= 1:
            raise Stop

    with pytest.raises(Stop):
        vs_random(**params, out=out, progress=stop_at_once)  # type: ignore[arg-type]
    on_cluster = vs_random(**params, client=client, out=out)  # type: ignore[arg-type]
    assert on_cluster == vs_random(**params)  # type: ignore[arg-type]
    assert out.read_text() == on_cluster.to_csv()


def test_a_table_of_more_chunks_than_the_cluster_holds_at_once(client: Any) -> None:
    # 14 chunks, at most 4 tasks in flight on two one-thread workers.
    params = {"draws": 0, "hands": SLICE, "chunk_size": 1}
    seen: list[int] = []
    table = vs_random(**params, client=client, progress=lambda d, t: seen.append(d))  # type: ignore[arg-type]
    assert seen == list(range(15))
    assert table == vs_random(**params)  # type: ignore[arg-type]


# ---- a client or cluster that is gone ----


def test_a_closed_client_is_refused_before_any_work(cluster: Any, tmp_path: Path) -> None:
    closed = distributed.Client(cluster)
    closed.close()
    out = tmp_path / "table.csv"
    with pytest.raises(InvalidHandError, match="client is closed"):
        vs_random(draws=0, hands=SLICE[:2], client=closed, out=out)
    with pytest.raises(InvalidHandError, match="client is closed"):
        heads_up(SLICE[:2], SLICE[:2], draws=0, client=closed, out=out)
    assert list(tmp_path.iterdir()) == []  # refused before the chunk folder is made


def test_an_asynchronous_client_is_refused(cluster: Any) -> None:
    async def run() -> None:
        async with distributed.Client(cluster.scheduler_address, asynchronous=True) as dask_client:
            with pytest.raises(InvalidHandError, match="client is asynchronous"):
                vs_random(draws=0, hands=SLICE[:2], client=dask_client)

    asyncio.run(run())


@pytest.mark.parametrize("protocol", ["inproc", "tcp"])
def test_an_in_process_cluster_listens_on_loopback_only(protocol: str) -> None:
    """Every socket a test's in-process cluster opens is 127.0.0.1's (``dashboard_address=None``
    left the scheduler's and the workers' HTTP servers on every interface)."""
    psutil = pytest.importorskip("psutil")

    def listening() -> set[Any]:
        return {
            connection.laddr
            for connection in psutil.Process().net_connections(kind="inet")
            if connection.status == psutil.CONN_LISTEN
        }

    before = listening()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, protocol=protocol, **LOOPBACK_ONLY
        ) as local,
        distributed.Client(local) as local_client,
    ):
        assert local_client.submit(int, 1).result() == 1
        opened = listening() - before
    assert len(opened) >= 3  # the scheduler's HTTP server and each worker's
    assert {address.ip for address in opened} == {"127.0.0.1"}, opened


def _chunk_files(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_ino, p.read_bytes()) for p in sorted(folder.glob("chunk-*.csv"))}


def test_a_cluster_lost_mid_run_keeps_its_chunks_and_a_rerun_resumes(client: Any, tmp_path: Path) -> None:
    params = {"draws": 3, "samples": 1500, "seed": 2, "hands": SLICE, "chunk_size": 2}  # 7 chunks
    out = tmp_path / "table.csv"
    folder = tmp_path / "table.csv.chunks"
    with _cluster() as doomed, distributed.Client(doomed) as doomed_client:

        def close_the_cluster(done: int, total: int) -> None:
            if done == 1:  # the first chunk is saved: the scheduler and its workers go away
                doomed.close()

        with pytest.raises(TableRunError) as error:
            vs_random(**params, client=doomed_client, out=out, progress=close_the_cluster)  # type: ignore[arg-type]
        lost = error.value
        assert (lost.chunks, lost.folder) == (7, folder)
        assert 1 <= lost.finished < 7
        message = str(lost)
        assert "the run on the Dask cluster failed" in message
        assert f"{lost.finished} of 7 chunks are finished and kept in" in message
        assert "table.csv.chunks" in message
        assert "rerun with the same out and parameters" in message
        assert "\n" not in message
        assert len(message) < 400
        assert isinstance(lost, RuntimeError)
        # The client that lost its scheduler is refused at once, not waited on.
        with pytest.raises(InvalidHandError, match="client is"):
            vs_random(**params, client=doomed_client, out=out)  # type: ignore[arg-type]
    kept = _chunk_files(folder)
    assert len(kept) == lost.finished
    assert not out.exists()

    seen: list[int] = []
    resumed = vs_random(**params, client=client, out=out, progress=lambda d, t: seen.append(d))  # type: ignore[arg-type]
    assert seen[0] == lost.finished  # only the missing chunks ran
    assert resumed == vs_random(**params)  # type: ignore[arg-type]
    after = _chunk_files(folder)
    for name, before in kept.items():
        assert after[name] == before, f"{name} was rewritten"


def test_a_cluster_lost_without_out_says_nothing_is_kept() -> None:
    hands = SLICE[:4]
    with _cluster() as doomed, distributed.Client(doomed) as doomed_client:

        def close_the_cluster(done: int, total: int) -> None:
            if done == 1:
                doomed.close()

        with pytest.raises(TableRunError, match="none is kept without out") as error:
            heads_up(
                hands,
                hands,
                draws=2,
                samples=500,
                seed=1,
                chunk_size=2,
                client=doomed_client,
                progress=close_the_cluster,
            )
    assert error.value.folder is None


def _failing_chunk(task: object) -> object:
    raise RuntimeError("no room on this worker")


def test_a_task_that_fails_on_the_cluster_is_a_table_run_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("badugi.charts._schedule.run_chunk", _failing_chunk)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, **LOOPBACK_ONLY
        ) as threads,
        distributed.Client(threads) as threads_client,
        pytest.raises(TableRunError, match="RuntimeError: no room on this worker") as error,
    ):
        vs_random(
            draws=1, samples=100, seed=1, hands=SLICE[:2], client=threads_client, out=tmp_path / "t.csv"
        )
    assert error.value.finished == 0
    assert isinstance(error.value.__cause__, RuntimeError)


def test_a_table_run_error_pickles(tmp_path: Path) -> None:
    import pickle  # noqa: PLC0415

    error = TableRunError("the connection to the scheduler was lost", 3, 7, tmp_path)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.cause, again.finished, again.chunks, again.folder) == (
        str(error),
        error.cause,
        3,
        7,
        tmp_path,
    )
