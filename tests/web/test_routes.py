"""The server's addresses are a public contract: every route keeps its path, and the guide names each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from badugi.web.app import create_app

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "web.md"

#: What clients (the pages, scripts, a proxy's rules) address: renaming one breaks them all.
PROMISED = {
    "/",
    "/join/{table}/{seat:int}",
    "/watch/{table}",
    "/host/{table}",
    "/api/bots",
    "/api/tables",
    "/api/tables/{table}",
    "/api/tables/{table}/hands",
    "/api/tables/{table}/ledger",
    "/api/tables/{table}/replay/{number:int}",
    "/api/tables/{table}/host",
    "/api/tables/{table}/seats/{seat:int}/claim",
    "/api/tables/{table}/seats/{seat:int}/history",
    "/ws/{table}/watch",
    "/ws/{table}/host",
    "/ws/{table}/{seat:int}",
}


def test_every_route_keeps_its_path() -> None:
    app = create_app(":memory:")
    paths = {route.path for route in app.routes if route.path != "/static"}  # type: ignore[attr-defined]
    assert paths == PROMISED


def test_the_guide_names_only_routes_the_server_has() -> None:
    named = set(re.findall(r"`(?:GET|POST) (/api/[^`?\[\s]*)", GUIDE.read_text(encoding="utf-8")))
    as_routes = {
        re.sub(r"/SEAT\b", "/{seat:int}", re.sub(r"/N\b", "/{number:int}", path.replace("/ID", "/{table}")))
        for path in named
    }
    assert as_routes
    assert as_routes <= PROMISED, as_routes - PROMISED
