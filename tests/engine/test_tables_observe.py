"""``Tables.observe(seat)``: every table as one seat sees it, whether or not that seat is to act.

A seat's view must hold its own cards, checked against the finished hand's
history (what it was dealt, then what each of its draws threw and received),
and the same public columns as the actor's view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi.cards import card_id
from badugi.engine import FixedLimit
from badugi.engine.tables import Tables
from badugi.errors import GameSetupError
from badugi.games import BADEUCY
from tests.engine.tables_play import random_legal

CARDS = slice(6, 11)  # the viewer's cards
TO_CALL = 4
PUBLIC = [0, 1, 2, 3, 5]  # the actor, phase, round, button and pot; then every seat's columns


def _holdings(history: tuple[Any, ...], seat: int) -> list[set[int]]:
    """What ``seat`` held after 0, 1, 2 and 3 draws, by the history alone."""
    held: set[int] = set()
    after: list[set[int]] = []
    for item in history:
        if item["event"] == "deal" and item["seat"] == seat:
            held = {card_id(card) for card in item["cards"]}
            after.append(set(held))
        elif item["event"] == "draw" and item["seat"] == seat:
            held = (held - {card_id(card) for card in item["discards"]}) | {
                card_id(card) for card in item["received"]
            }
            after.append(set(held))
    return after


@pytest.mark.parametrize(
    "settings",
    [{"players": 4}, {"players": 3, "game": BADEUCY, "ante": 1}, {"players": 2, "blinds": None, "ante": 2}],
)
def test_each_seat_sees_its_own_cards_and_the_same_table(settings: dict[str, Any]) -> None:
    players = settings["players"]
    tables = Tables(6, structure=FixedLimit(2, 4), seed=17, **settings)
    size = tables.game.hand_size
    seat_columns = list(range(11, 11 + 6 * players))  # each seat's stack, bet, fold and draws
    rng = np.random.default_rng(17)
    seen: list[list[tuple[int, Any]]] = [[] for _ in range(tables.count)]  # (seat, row) this hand
    checked = 0
    while checked < 60:
        actor_view = tables.observe()
        actors = tables.actor()
        views = [tables.observe(seat) for seat in range(players)]
        for table in range(tables.count):
            mine = actor_view[table]
            assert (views[int(actors[table])][table] == mine).all()  # the actor's own view is observe()
            actor = int(mine[0])
            bets = mine[12::6][:players]
            for seat, view in enumerate(views):
                row = view[table]
                assert (row[PUBLIC] == mine[PUBLIC]).all()
                assert (row[seat_columns] == mine[seat_columns]).all()
                if mine[1] == 0:  # betting: the bet to match less the seat's bet, at most its stack
                    assert mine[TO_CALL] < mine[11 + 6 * actor]  # deep stacks: the actor's is the whole bet
                    owed = mine[TO_CALL] + bets[actor] - bets[seat]
                    assert row[TO_CALL] == min(owed, mine[11 + 6 * seat])
                else:
                    assert row[TO_CALL] == 0
                assert (row[CARDS][size:] == -1).all()
                assert list(row[CARDS][:size]) == sorted(row[CARDS][:size])
                seen[table].append((seat, row.copy()))
        _, done = tables.step(random_legal(tables.legal(), rng))
        for table in np.flatnonzero(done):
            history = tables.history(int(table))
            for seat, row in seen[table]:
                draws = int((row[11 + 6 * seat + 3 : 11 + 6 * seat + 6] >= 0).sum())
                assert set(row[CARDS][:size].tolist()) == _holdings(history, seat)[draws], (seat, draws)
            seen[table] = []
            checked += 1


def test_a_seat_view_changes_nothing() -> None:
    tables = Tables(4, 3, FixedLimit(2, 4), seed=2)
    before = (tables.observe().copy(), tables.legal().copy(), tables.actor().copy())
    for seat in range(3):
        tables.observe(seat)
    after = (tables.observe(), tables.legal(), tables.actor())
    assert all((one == two).all() for one, two in zip(before, after, strict=True))


def test_the_seat_may_be_a_numpy_integer() -> None:
    tables = Tables(2, 3, FixedLimit(2, 4), seed=4)
    assert (tables.observe(np.int64(2)) == tables.observe(2)).all()


@pytest.mark.parametrize("seat", [-1, 3, 2**70, True, 1.0, "1", [0], object()])
def test_a_bad_seat_is_refused_by_name(seat: object) -> None:
    tables = Tables(2, 3, FixedLimit(2, 4), seed=4)
    with pytest.raises(GameSetupError, match="seat must be None or an int from 0 to 2"):
        tables.observe(seat)  # type: ignore[arg-type]
