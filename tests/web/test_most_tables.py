"""The cap on tables counts the tables in play: a server whose matches ended still makes tables."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import running

PEOPLE = {"game": "badugi", "structure": "fixed", "seats": ["person", "simple"], "seed": 3}


def test_the_cap_refuses_a_table_past_the_most_in_play_and_not_past_finished_ones(tmp_path: Path) -> None:
    data = tmp_path / "badugi.sqlite3"
    with running(data, most_tables=2) as server:
        first = server.create(**PEOPLE)
        server.create(**PEOPLE)
        status, answer = server.api("/api/charts", PEOPLE)
        assert status == 503, answer  # the server's state, not a bad request
        assert "this server holds 2 tables in play, its most; try again later" in str(answer)
        # The first table ends (its host ends it): it leaves the server's memory, and a place frees.
        key = first["host"].split("#")[1]
        status, said = server.api(f"/api/charts/{first['table']}/host", {"key": key, "do": "end"})
        assert status == 200, said
        server.create(**PEOPLE)
        status, answer = server.api("/api/charts", PEOPLE)
        assert status == 503, answer  # the server's state, not a bad request
