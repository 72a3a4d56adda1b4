"""What one visitor may take of a server: the limits, each with its default, and the counters that keep them.

A server that faces the internet is shared by whoever reaches it, so what
one address may take is bounded: tables waiting or in play, tables made an
hour, sockets open, reads of the hands, and how often a seat reconnects or
chats. ``Limits`` holds the numbers (``badugi serve`` has an option for the
ones an owner may want to change); ``Buckets`` keeps a token bucket per key
(an address, a seat), forgetting the ones that are full again so that its
memory stays bounded by the visitors of the last minutes.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

from badugi.web.protocol import RateLimit

__all__ = ["Buckets", "Limits"]


@dataclass(frozen=True)
class Limits:
    """How much one visitor may take (see the web guide, "Facing the internet").

    Attributes:
        tables_open: tables waiting or in play that one address may have made.
        tables_an_hour: tables one address may make in an hour.
        abandon_after: seconds after which a table nobody joined, or whose
            people have all been away that long, is closed.
        sockets: sockets one address may hold open at once.
        reads: reads of the hands (downloads, replays, the ledger) one address
            may make at once; ``reads_per_second`` after that.
        reconnects: connections to one seat at once; ``reconnects_per_second`` after that.
        chat: chat messages a seat may send at once; ``chat_per_second`` after that.
        watchers: watchers of one table at once.
        queued_frames, queued_bytes: what a socket may have waiting to be sent
            before it is closed (a client that does not read).
        stalled: seconds a socket may take to accept a frame before it is closed.
    """

    tables_open: int = 20
    tables_an_hour: int = 60
    abandon_after: float = 7200.0
    sockets: int = 32
    reads: int = 20
    reads_per_second: float = 1.0
    reconnects: int = 6
    reconnects_per_second: float = 0.2
    chat: int = 5
    chat_per_second: float = 0.5
    watchers: int = 50
    queued_frames: int = 1000
    queued_bytes: int = 4 * 1024 * 1024
    stalled: float = 10.0


class Buckets:
    """A token bucket per key, made on first use and forgotten once full again (see the module)."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self._buckets: dict[Hashable, RateLimit] = {}
        self._swept = time.monotonic()

    def allow(self, key: Hashable) -> bool:
        """Take a token of ``key``'s bucket; False if it has none."""
        self._sweep()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = RateLimit(self.per_second, self.burst, most_refused=2**62)
        return bucket.allow()

    def wait(self, key: Hashable) -> float:
        """Seconds until ``key``'s bucket has a token again (0 if it has one)."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()

    def _sweep(self) -> None:
        # A bucket full again is the same as none: forget those, every minute, so that memory is bounded by
        # the keys of the last minutes, not of the server's life.
        now = time.monotonic()
        if now - self._swept < 60:
            return
        self._swept = now
        for key in [key for key, bucket in self._buckets.items() if bucket.full]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)
