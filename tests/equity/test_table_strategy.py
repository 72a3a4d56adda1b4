"""The table strategy: the best keep with no card seen, looked up (``strategy="table"``).

The table is built from ``best_keep`` with nothing seen, so what can go wrong
is the packing, the mapping from the ids sorted back to the hand's order, and
the engine taking the table's keep where it should. The engine checks replay
the same deals through a strategy callable that computes the keep in Python:
with four known cards a hand, the two runs consume the same random numbers,
so their sums must be identical, not just close.
"""

from __future__ import annotations

import itertools
import random

import pytest

import badugi
from badugi.cards import CARD_TEXT, ID_BY_TEXT
from badugi.charts import vs_random
from badugi.equity import DrawView
from badugi.equity import _run as run
from badugi.errors import InvalidHandError


def _random_hands(seed: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), 4) for _ in range(n)]


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_the_table_keep_is_the_best_keep_with_nothing_seen(draws: int) -> None:
    for hand in _random_hands(draws, 3000):  # ids in random order, not sorted
        assert run.table_keep(hand, draws) == run.best_keep(hand, [], draws), hand


def test_the_table_keep_does_not_depend_on_the_order_of_the_cards() -> None:
    for hand in _random_hands(7, 40):
        for draws in (1, 2, 3):
            kept = set()
            for order in itertools.permutations(hand):
                mask = run.table_keep(list(order), draws)
                kept.add(frozenset(c for i, c in enumerate(order) if mask >> i & 1))
            assert len(kept) == 1, (hand, draws, kept)


@pytest.mark.slow
def test_every_hand_of_the_table_is_the_best_keep_with_nothing_seen() -> None:
    for draws in (1, 2, 3):
        for hand in itertools.combinations(range(52), 4):
            ids = list(hand)
            assert run.table_keep(ids, draws) == run.best_keep(ids, [], draws), (ids, draws)


def test_the_c_entry_point_refuses_bad_hands_and_draws() -> None:
    from badugi._native import ffi, lib  # noqa: PLC0415 - the raw C, for this test only

    def keep(ids: list[int], draws: int) -> int:
        return int(lib.badugi_table_keep(ffi.new("uint8_t[4]", ids), draws))

    assert keep([0, 1, 2, 52], 1) == lib.BADUGI_E_RANGE
    assert keep([0, 1, 2, 255], 2) == lib.BADUGI_E_RANGE
    assert keep([0, 1, 2, 2], 3) == lib.BADUGI_E_DUPLICATE
    assert keep([0, 1, 2, 3], 0) == lib.BADUGI_E_ARGUMENT
    assert keep([0, 1, 2, 3], 4) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_table_keep(ffi.NULL, 1) == lib.BADUGI_E_NULL


def _table_in_python(view: DrawView) -> list[str]:
    """What the table strategy throws, from the hand alone."""
    ids = [ID_BY_TEXT[c] for c in view.cards]
    mask = run.table_keep(ids, view.draws_left)
    return [CARD_TEXT[c] for i, c in enumerate(ids) if not mask >> i & 1]


def _best_in_python(view: DrawView) -> list[str]:
    """What the best strategy throws: the best keep seeing its own discards and the dead cards."""
    ids = [ID_BY_TEXT[c] for c in view.cards]
    seen = {ID_BY_TEXT[c] for c in view.discards + view.dead} - set(ids)
    mask = run.best_keep(ids, sorted(seen), view.draws_left)
    return [CARD_TEXT[c] for i, c in enumerate(ids) if not mask >> i & 1]


SPOTS = [
    ["As 2d 3h Kc", "4s 5d 8c 8h"],
    ["Qs Jd 9h 9c", "Ks 2s 5h 7d", "3c 3d 6h Tc"],
]


@pytest.mark.parametrize("spot", SPOTS)
@pytest.mark.parametrize(("named", "in_python"), [("table", _table_in_python), ("best", _best_in_python)])
def test_the_engine_plays_the_named_strategy_keep_for_keep(
    spot: list[str], named: str, in_python: object
) -> None:
    # Every later decision of the named strategy equals the Python one: the same sums, deal for deal.
    dead = "Td 6c"
    by_name = badugi.equity(spot, draws=3, dead=dead, strategy=named, samples=3000, seed=11, threads=1)
    by_hand = badugi.equity(spot, draws=3, dead=dead, strategy=in_python, samples=3000, seed=11, threads=1)
    assert by_name == by_hand


def test_one_draw_with_nothing_dead_is_the_best_discard_exactly() -> None:
    for spot in (["As 2d 3h Kc", "4s 5d 8c 8h"], ["Ah 7c 7d", "2s 3s 9h Jd"], ["", "Kd Qc 4h 3s"]):
        table = badugi.equity(spot, draws=1, strategy="table")
        assert table.exact
        assert table == badugi.equity(spot, draws=1, strategy="best")


def test_the_table_ignores_the_dead_cards_and_best_does_not() -> None:
    # A hand whose best keep changes when cards are dead: the table keeps as if none were.
    rng = random.Random(2)
    while True:
        cards = rng.sample(range(52), 12)
        hand, dead = cards[:4], cards[4:]
        if run.best_keep(hand, dead, 1) != run.table_keep(hand, 1):
            break
    spot = [[CARD_TEXT[c] for c in hand], ""]  # against a random hand, counted exactly
    dead_text = [CARD_TEXT[c] for c in dead]
    table = badugi.equity(spot, draws=1, dead=dead_text, strategy="table")
    best = badugi.equity(spot, draws=1, dead=dead_text, strategy="best")
    by_hand = badugi.equity(spot, draws=1, dead=dead_text, strategy=[_table_in_python, "table"])
    assert table.exact
    assert by_hand.exact
    assert table == by_hand
    assert table != best


@pytest.mark.parametrize("spot", SPOTS)
def test_three_draws_with_the_table_are_close_to_the_best_discard(spot: list[str]) -> None:
    table = badugi.equity(spot, draws=3, strategy="table", samples=200_000, seed=5)
    best = badugi.equity(spot, draws=3, strategy="best", samples=200_000, seed=5)
    for p in range(len(spot)):
        error = (table.std_error[p] ** 2 + best.std_error[p] ** 2) ** 0.5
        assert abs(table.equity[p] - best.equity[p]) < 0.01 + 4 * error, (p, table, best)


def test_the_same_numbers_on_any_number_of_threads() -> None:
    spot = ["As 2d", "", "Kh 9c 4d 3s"]
    one = badugi.equity(spot, draws=3, strategy="table", samples=20_000, seed=3, threads=1)
    two = badugi.equity(spot, draws=3, strategy="table", samples=20_000, seed=3, threads=2)
    assert one == two


def test_a_table_row_with_the_table_strategy() -> None:
    hands = ["Ac 2d 3h Ks", "Kc Kd Kh Ks"]
    table = vs_random(draws=3, samples=20_000, strategy="table", seed=1, hands=hands)
    best = vs_random(draws=3, samples=20_000, strategy="best", seed=1, hands=hands)
    assert table.strategy == "table"
    for row_t, row_b in zip(table.rows, best.rows, strict=True):
        assert abs(row_t.equity - row_b.equity) < 0.01 + 4 * (row_t.std_error**2 + row_b.std_error**2) ** 0.5


@pytest.mark.parametrize("strategy", ["Table", " table", "tables", b"table", 3, None, 3.0, True])
def test_a_strategy_that_is_not_one_of_the_names_is_refused(strategy: object) -> None:
    with pytest.raises(InvalidHandError, match="strateg"):
        badugi.equity(["As 2d 3h Kc", ""], draws=3, strategy=strategy, samples=10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="strateg"):
        vs_random(draws=3, samples=10, strategy=strategy, seed=1, hands=["As 2d 3h Kc"])  # type: ignore[arg-type]
