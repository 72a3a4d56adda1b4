"""Concurrent rank_many calls (GIL released in C) give the serial results."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

import badugi


def test_concurrent_rank_many_equals_serial() -> None:
    rng = np.random.default_rng(7)
    batches = [np.argsort(rng.random((20_000, 52)), axis=1)[:, :4].astype(np.uint8) for _ in range(16)]
    serial = [badugi.rank_many(b) for b in batches]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(5):
            parallel = list(pool.map(badugi.rank_many, batches))
            assert all(np.array_equal(p, s) for p, s in zip(parallel, serial, strict=True))


def test_concurrent_scalar_calls_equal_serial() -> None:
    rng = np.random.default_rng(8)
    hands = np.argsort(rng.random((5_000, 52)), axis=1)[:, :4].tolist()
    serial = [badugi.rank(h) for h in hands]

    def work(offset: int) -> list[int]:
        return [badugi.rank(h) for h in hands[offset:] + hands[:offset]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        for offset, got in zip(range(0, 4000, 1000), pool.map(work, range(0, 4000, 1000)), strict=True):
            assert got == serial[offset:] + serial[:offset]
