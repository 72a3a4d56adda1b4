"""Concurrent five-card batches and scalar calls (the GIL is released in C) give the serial results."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from badugi.ranking import lowball
from badugi.ranking.scales import BADUGI, BADUGI_ACE_HIGH, LOW_27, LOW_A5, rank_many_on


def test_concurrent_fused_batches_equal_serial() -> None:
    rng = np.random.default_rng(9)
    batches = [np.argsort(rng.random((20_000, 52)), axis=1)[:, :5].astype(np.uint8) for _ in range(12)]
    games = [[BADUGI_ACE_HIGH, LOW_27], [BADUGI, LOW_A5], [LOW_27], [LOW_A5, BADUGI, LOW_27]]
    jobs = [(game, batch) for game in games for batch in batches[:3]]
    serial = [rank_many_on(game, batch) for game, batch in jobs]
    with ThreadPoolExecutor(max_workers=6) as pool:
        for _ in range(3):
            parallel = list(pool.map(lambda job: rank_many_on(*job), jobs))
            assert all(np.array_equal(p, s) for p, s in zip(parallel, serial, strict=True))


def test_concurrent_scalar_calls_equal_serial() -> None:
    rng = np.random.default_rng(10)
    hands = np.argsort(rng.random((3_000, 52)), axis=1)[:, :5].tolist()
    serial = [lowball.rank(h, "2-7") for h in hands]

    def work(offset: int) -> list[int]:
        return [lowball.rank(h, "2-7") for h in hands[offset:] + hands[:offset]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        for offset, got in zip(range(0, 3000, 750), pool.map(work, range(0, 3000, 750)), strict=True):
            assert got == serial[offset:] + serial[:offset]
