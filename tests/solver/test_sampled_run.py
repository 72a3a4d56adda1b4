"""A sampled run where users run it: checkpoints written atomically, a run resumed as if never stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402 - after the skip
from badugi.errors import GameSetupError  # noqa: E402
from badugi.solver.sampled import Abstraction, SampledCFR, Schedule, buckets_for, load, save, solve  # noqa: E402
from badugi.solver.sampled import run as run_module  # noqa: E402

NINE = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
TEN = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=1)


def same(a: SampledCFR, b: SampledCFR) -> bool:
    return all(np.array_equal(a.array(name), b.array(name)) for name in ("regret", "average", "delta"))


def test_a_checkpoint_holds_the_whole_solver(tmp_path: Path) -> None:
    abstraction = buckets_for(TEN, (5, 7), remember_bets=False, remember_draws=1, seed=2)
    solver = SampledCFR(TEN, abstraction, seed=3, schedule=Schedule(batch=8, epoch=32))
    solver.iterate(1_000 + 3)  # stopped mid-batch: the delta is saved too
    path = tmp_path / "run.npz"
    save(solver, path)
    back = load(path)
    assert same(back, solver)
    assert (back.variant, back.abstraction, back.seed, back.schedule, back.iterations) == (
        TEN,
        abstraction,
        3,
        solver.schedule,
        1_003,
    )
    assert [p.name for p in tmp_path.iterdir()] == ["run.npz"]  # no temporary file left behind


def test_a_failed_save_leaves_the_last_checkpoint_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "run.npz"
    first = SampledCFR(NINE, Abstraction.exact(), seed=1)
    first.iterate(100)
    save(first, path)
    before = path.read_bytes()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    later = first.copy()
    later.iterate(100)
    monkeypatch.setattr(np, "savez_compressed", broken)
    with pytest.raises(OSError, match="disk full"):
        save(later, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["run.npz"]


def test_a_run_stopped_and_resumed_is_the_run_never_stopped(tmp_path: Path) -> None:
    schedule = Schedule(batch=16, epoch=128)
    path = tmp_path / "run.npz"
    solve(
        NINE,
        Abstraction.exact(),
        iterations=777,
        seed=5,
        schedule=schedule,
        checkpoint_path=path,
        progress=False,
    )
    assert load(path).iterations == 777
    resumed = solve(
        NINE,
        Abstraction.exact(),
        iterations=3_000,
        seed=5,
        schedule=schedule,
        checkpoint_path=path,
        progress=False,
    )
    whole = SampledCFR(NINE, Abstraction.exact(), seed=5, schedule=schedule)
    whole.iterate(3_000)
    assert resumed.iterations == 3_000
    assert same(resumed, whole)
    assert same(load(path), whole)


def test_an_interrupted_run_saves_before_it_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.npz"
    calls = [0]
    real = SampledCFR.iterate

    def interrupted(self: SampledCFR, count: int, *, threads: int = 1) -> None:
        calls[0] += 1
        if calls[0] == 3:
            raise KeyboardInterrupt
        real(self, count, threads=threads)

    monkeypatch.setattr(SampledCFR, "iterate", interrupted)
    monkeypatch.setattr(run_module, "STEP_SECONDS", 1e9)  # steps double: 16, 32, then interrupted
    with pytest.raises(KeyboardInterrupt):
        solve(NINE, Abstraction.exact(), iterations=10_000, checkpoint_path=path, progress=False)
    assert load(path).iterations == 48


STOPPED_BY_SIGTERM = """
import sys
from pathlib import Path
from badugi.adapters import Variant
from badugi.solver.sampled import Abstraction, solve
from badugi.solver.sampled import run

marker, path = Path(sys.argv[1]), sys.argv[2]
started = run._run

def marked(*args, **kwargs):
    marker.touch()
    return started(*args, **kwargs)

run._run = marked
nine = Variant(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
solve(nine, Abstraction.exact(), iterations=2**40, checkpoint_path=path, every=1e9, progress=False)
"""


def test_a_run_stopped_by_sigterm_saves_before_it_stops(tmp_path: Path) -> None:
    # A run in the background ignores Ctrl-C; SIGTERM is how it is stopped, and nothing is lost.
    import signal  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415
    import time  # noqa: PLC0415

    marker, path = tmp_path / "started", tmp_path / "run.npz"
    child = subprocess.Popen(
        [sys.executable, "-c", STOPPED_BY_SIGTERM, str(marker), str(path)], stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
        time.sleep(1.0)  # some iterations, and no checkpoint yet (every is a billion seconds)
        assert not path.exists()
        child.send_signal(signal.SIGTERM)
        _, errors = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode != 0
    assert "stopped by signal 15" in errors
    assert load(path).iterations > 0


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    solve(NINE, Abstraction.exact(), iterations=32, seed=1, checkpoint_path=path, progress=False)
    with pytest.raises(GameSetupError, match="its seed is 1, not 2"):
        solve(NINE, Abstraction.exact(), iterations=64, seed=2, checkpoint_path=path, progress=False)
    with pytest.raises(GameSetupError, match="its schedule"):
        solve(
            NINE,
            Abstraction.exact(),
            iterations=64,
            seed=1,
            schedule=Schedule(batch=8),
            checkpoint_path=path,
            progress=False,
        )
    other = tmp_path / "other.npz"
    np.savez(other, header=np.frombuffer(b'{"format": "something else"}', dtype=np.uint8))
    with pytest.raises(GameSetupError, match="is not a"):
        load(other)
    (tmp_path / "text.npz").write_text("not an archive")
    with pytest.raises(GameSetupError, match="not a sampled CFR checkpoint"):
        load(tmp_path / "text.npz")


def test_the_bar_counts_the_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    solve(NINE, Abstraction.exact(), iterations=500, progress=True)
    err = capsys.readouterr().err
    assert "500/500" in err


@pytest.mark.dask
def test_a_run_on_a_dask_cluster_is_the_local_run(tmp_path: Path) -> None:
    """Two worker processes sample the parts of every batch; the driver's sums are the local run's."""
    distributed = pytest.importorskip("distributed")
    from tests.charts.loopback import LOOPBACK_ONLY  # noqa: PLC0415

    schedule = Schedule(batch=64, epoch=128)
    local = SampledCFR(TEN, buckets_for(TEN, (4, 6), remember_draws=1), seed=9, schedule=schedule)
    local.iterate(300)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, **LOOPBACK_ONLY
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        path = tmp_path / "run.npz"
        first = solve(
            TEN,
            local.abstraction,
            iterations=100,
            seed=9,
            schedule=schedule,
            client=client,
            parts=3,
            checkpoint_path=path,
            progress=False,
        )  # stops mid-batch: the rest goes on from the file
        assert first.iterations == 100
        remote = solve(
            TEN,
            local.abstraction,
            iterations=300,
            seed=9,
            schedule=schedule,
            client=client,
            parts=3,
            checkpoint_path=path,
            progress=False,
        )
    assert remote.iterations == 300
    assert same(remote, local)
