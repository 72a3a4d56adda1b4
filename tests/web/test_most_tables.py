"""The cap on tables counts the tables in play: a server whose matches ended still makes tables."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.web.conftest import running

PEOPLE = {"game": "badugi", "structure": "fixed", "seats": ["person", "simple"], "seed": 3}


def test_the_cap_refuses_a_table_past_the_most_in_play_and_not_past_finished_ones(tmp_path: Path) -> None:
    data = tmp_path / "badugi.sqlite3"
    with running(data, most_tables=2) as server:
        first = server.create(**PEOPLE)
        server.create(**PEOPLE)
        status, answer = server.api("/api/tables", PEOPLE)
        assert status == 503, answer  # the server's state, not a bad request
        assert "this server holds 2 tables in play, its most; try again later" in str(answer)
        # The first match ends (as the store marks a table whose last hand was kept): a place frees.
        with sqlite3.connect(data) as db:
            db.execute("UPDATE tables SET over = 1 WHERE id = ?", (first["table"],))
        server.create(**PEOPLE)
        status, answer = server.api("/api/tables", PEOPLE)
        assert status == 503, answer  # the server's state, not a bad request
