"""A condition worth one log line, not one each time it happens: a server under attack logs a count.

>>> refused = Condition("connections refused", every=60.0)
>>> refused.happened("127.0.0.2")
>>> refused.happened("127.0.0.2")
>>> refused.count
2
"""

from __future__ import annotations

import logging
import time

__all__ = ["Condition"]

log = logging.getLogger("badugi.web")


class Condition:
    """A condition worth one log line, not one each time: the first logged, then a count each ``every`` s."""

    def __init__(self, text: str, every: float = 60.0) -> None:
        self.text = text
        self.every = every
        self.count = 0
        self._logged_at: float | None = None
        self._unlogged = 0

    def happened(self, detail: str = "") -> None:
        """One more time; logged if it is the first, or the first in ``every`` seconds (with the count)."""
        self.count += 1
        self._unlogged += 1
        now = time.monotonic()
        if self._logged_at is None or now - self._logged_at >= self.every:
            more = f" ({self._unlogged} times since the last line)" if self._logged_at is not None else ""
            log.warning("%s%s%s", self.text, f": {detail}" if detail else "", more)
            self._logged_at, self._unlogged = now, 0
