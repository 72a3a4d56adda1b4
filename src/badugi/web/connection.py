"""A socket as a table sees it: frames queued and written in order, memory bounded, a hung client dropped.

A table sends a frame by putting it in the socket's queue (``send`` never
waits); ``pump`` writes the queue out. A client that does not read fills the
network's buffers, then the queue: the socket is aborted (dropped at once,
its queue freed) as soon as its queue holds ``Limits.queued_frames`` frames
or ``Limits.queued_bytes`` bytes, or a frame has waited ``Limits.stalled``
seconds to be taken; a close that such a client would never read is an abort
after the same time. So no socket holds more than a few megabytes, and none
holds anything for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket

from badugi.web.conditions import Condition
from badugi.web.limits import Limits

__all__ = ["SocketConnection"]

log = logging.getLogger("badugi.web")

_DROPPED = Condition("sockets dropped: a client that did not read its frames")


class SocketConnection:
    """One socket's frames out (see the module)."""

    def __init__(
        self,
        socket: WebSocket,
        limits: Limits,
        abort: Callable[[], None] | None = None,
        send_many: Callable[[list[str]], Awaitable[None]] | None = None,
    ) -> None:
        self.socket = socket
        self.limits = limits
        self._abort = abort
        self._send_many = send_many
        self._queue: deque[str] = deque()
        self._bytes = 0
        self._wake = asyncio.Event()
        self._closing: tuple[int, str] | None = None
        self._sending_since: float | None = None
        self.dropped = False
        self._task: asyncio.Task[None] | None = None
        self._watch: asyncio.TimerHandle | None = None  # the close's deadline

    @property
    def queued(self) -> int:
        """Frames waiting to be written."""
        return len(self._queue)

    def send(self, text: str) -> None:
        """Queue one frame; a client that does not read is dropped instead (see the module)."""
        if self._closing is not None or self.dropped:
            return
        stalled = (
            self._sending_since is not None and time.monotonic() - self._sending_since > self.limits.stalled
        )
        if (
            stalled
            or len(self._queue) >= self.limits.queued_frames
            or self._bytes + len(text) > self.limits.queued_bytes
        ):
            self.drop()
            return
        self._queue.append(text)
        self._bytes += len(text)
        self._wake.set()

    def close(self, code: int, reason: str) -> None:
        """Close after the frames queued (dropped, if the client does not take them in time)."""
        if self._closing is None and not self.dropped:
            self._closing = (code, reason)
            self._wake.set()
            with contextlib.suppress(RuntimeError):  # no loop running: nothing to watch
                self._watch = asyncio.get_running_loop().call_later(self.limits.stalled, self._close_in_time)

    def _close_in_time(self) -> None:
        if self._task is not None and not self._task.done():
            self.drop()

    def drop(self) -> None:
        """Drop the connection now: its queue freed, its network connection aborted."""
        if self.dropped:
            return
        self.dropped = True
        _DROPPED.happened()
        self._queue.clear()
        self._bytes = 0
        self._wake.set()
        if self._abort is not None:
            self._abort()
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def _write(self) -> None:
        """Write what is queued: all in one write where the server can (an action's frames), else one."""
        self._sending_since = time.monotonic()
        if self._send_many is not None:
            texts = list(self._queue)
            self._queue.clear()
            self._bytes = 0
            await self._send_many(texts)
        else:
            text = self._queue.popleft()
            self._bytes -= len(text)
            await self.socket.send_text(text)
        self._sending_since = None

    async def pump(self) -> None:
        """Write the queued frames until the close (or the drop)."""
        self._task = asyncio.current_task()
        try:
            while not self.dropped:
                await self._wake.wait()
                self._wake.clear()
                while self._queue and not self.dropped:
                    await self._write()
                if self._closing is not None and not self._queue:
                    with contextlib.suppress(Exception):  # already gone
                        await self.socket.close(code=self._closing[0], reason=self._closing[1])
                    return
        except asyncio.CancelledError:
            if not self.dropped:
                raise
        except Exception:  # the client went away mid-write: nothing more to send
            return
        finally:
            if self._watch is not None:  # done: the close's deadline holds nothing up any more
                self._watch.cancel()
                self._watch = None
            self._queue.clear()
