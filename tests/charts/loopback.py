"""The keywords that keep a test's Dask ``LocalCluster`` on loopback: no socket on another interface.

``dashboard_address=None`` does not do it. An in-process cluster (the default
``inproc`` protocol) still starts an HTTP server (health, metrics) for its
scheduler and for each worker on every interface, the scheduler's on port 8787
(measured with distributed 2026.8: ``0.0.0.0:8787`` and ``[::]:8787``). With
these keywords every socket listens on 127.0.0.1, on a free port
(``test_dask.py`` checks it). A multi-process cluster binds 127.0.0.1 either
way, but on 8787, which a second cluster finds taken (the warning "Port 8787 is
already in use").
"""

from __future__ import annotations

LOOPBACK_ONLY = {"dashboard_address": "127.0.0.1:0", "worker_dashboard_address": "127.0.0.1:0"}
