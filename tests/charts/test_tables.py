"""badugi.charts.vs_random and heads_up run here: the numbers, against references that share no code."""

from __future__ import annotations

import copy
import itertools
import math
import pickle
from functools import cache

import numpy as np
import pytest

import badugi
from badugi.cards import parse_cards
from badugi.charts import HeadsUpTable, VsRandomTable, canonical_hands, heads_up, starting_hand, vs_random
from badugi.charts._jobs import unit_seed
from badugi.equity._run import BEST, KEEP_BY_STRATEGY, Spot, Sums
from badugi.games import BADUGI
from tests.charts.simulated_rows import simulated_share

# A slice across the whole order: badugis, three-, two- and one-card hands.
SLICE = [h.cards for h in canonical_hands()[::1369]]


def _ids(cards: tuple[str, ...] | str) -> list[int]:
    return parse_cards(cards)


@cache
def _every_hand() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every hand (sorted ids), its rank, and its cards as a bit mask."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    ranks = np.asarray(badugi.rank_many(hands.astype(np.uint8)), dtype=np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands), axis=1)
    return hands, ranks, masks


def _mask(ids: list[int]) -> int:
    return sum(1 << c for c in ids)


def _showdown_against_the_rest(ids: list[int], rest_mask: int) -> tuple[float, float]:
    """(win, tie) of a hand against a uniform hand of the cards in rest_mask, by counting them all."""
    _, ranks, masks = _every_hand()
    theirs = ranks[(masks & ~rest_mask) == 0]
    mine = badugi.rank(ids)
    return float(np.mean(theirs > mine)), float(np.mean(theirs == mine))


def test_the_showdown_table_against_counting_every_other_hand() -> None:
    table = vs_random(draws=0, hands=SLICE, chunk_size=5)
    assert table.exact
    assert (table.samples, table.seed) == (None, None)
    for row, hand in zip(table.rows, SLICE, strict=True):
        ids = _ids(hand)
        win, tie = _showdown_against_the_rest(ids, _mask(list(range(52))) & ~_mask(ids))
        assert row.equity == pytest.approx(win + tie / 2, abs=1e-12)
        assert row.win == pytest.approx(win, abs=1e-12)
        assert row.tie == pytest.approx(tie, abs=1e-12)
        assert (row.std_error, row.samples) == (0.0, math.comb(48, 4))


def test_pat_is_the_showdown_against_a_random_hand() -> None:
    # Neither hand draws: the random hand stands pat on what it is dealt.
    pat = vs_random(draws=3, strategy="pat", hands=SLICE)
    showdown = vs_random(draws=0, hands=SLICE)
    assert pat.exact
    for a, b in zip(pat.rows, showdown.rows, strict=True):
        assert a.equity == pytest.approx(b.equity, abs=1e-12)


@pytest.mark.parametrize("draws", [1, 3])
def test_the_random_hand_plays_what_it_is_dealt(draws: int) -> None:
    hands = ["Ac 2d 3h Ks", "Kc Kd Kh Ks", "7c 8d 9h Ts", "Ac 2c 3c 4c"]
    table = vs_random(draws=draws, samples=40_000, seed=2, hands=hands)
    assert not table.exact
    deals = 1200 if draws == 3 else 3000
    for hand in hands:
        row = table.row(hand)
        simulated = simulated_share(hand, BADUGI, draws, deals, seed=draws)
        error = math.sqrt(max(row.equity * (1 - row.equity), 0.01) / deals + row.std_error**2)
        assert abs(simulated - row.equity) < 4.5 * error, (hand, simulated, row.equity)


@pytest.mark.slow
def test_the_hands_average_one_half_against_a_random_hand() -> None:
    # Both hands are random hands playing alike, drawing from a stub that never
    # runs out. Were each row its representative's own odds rather than its
    # class's, the mean would be 0.4992 (the best discard breaks ties by ids,
    # which favours some suits over others): about 6 errors here. Each hand is
    # dealt 63 times the hands it stands for (1,512 deals for a count of 24, 756
    # for 12, ...): the weighted mean's error is then that of 1,200 deals for
    # every hand (Σ count² / 1,200 = 4,311 ≈ Σ count / 63 = 4,297, in units of a
    # deal's variance over 270,725²), in 17.1 million deals instead of 19.7.
    by_count: dict[int, list[tuple[str, ...]]] = {}
    for hand in canonical_hands():
        by_count.setdefault(hand.count, []).append(hand.cards)
    rows = [
        row
        for count, hands in sorted(by_count.items())
        for row in vs_random(draws=3, samples=63 * count, seed=6, hands=hands).rows
    ]
    weight = sum(r.count for r in rows)
    assert weight == math.comb(52, 4)
    mean = sum(r.equity * r.count for r in rows) / weight
    error = math.sqrt(sum((r.std_error * r.count) ** 2 for r in rows)) / weight
    assert abs(mean - 0.5) < 4.5 * error, (mean, error)
    assert error < 0.00016


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_monte_carlo_rows_are_the_c_engine_on_each_hand_with_its_own_seed(draws: int) -> None:
    table = vs_random(draws=draws, samples=3000, seed=11, hands=SLICE, chunk_size=4)
    assert (table.samples, table.seed, table.exact) == (3000, 11, False)
    for row in table.rows:
        sums = _dealt([_ids(row.hand), []], draws, 3000, unit_seed(11, starting_hand(row.hand).index))
        assert (row.equity, row.std_error, row.win, row.tie, row.samples) == (
            sums.equity(0),
            sums.std_error(0),
            sums.win[0] / 3000,
            sums.tie[0] / 3000,
            3000,
        )


def _dealt(hands: list[list[int]], draws: int, samples: int, seed: int) -> Sums:
    """Every hand choosing every discard by the best discard, each deal's suits relabelled at random."""
    spot = Spot(hands, draws, [], [KEEP_BY_STRATEGY] * 2, [BEST] * 2, relabel_suits=True)
    return spot.monte_carlo(samples, seed, threads=1)


def test_a_slice_holds_the_numbers_of_a_larger_table_whatever_the_chunks() -> None:
    whole = vs_random(draws=3, samples=2000, seed=4, hands=SLICE, chunk_size=3)
    part = vs_random(draws=3, samples=2000, seed=4, hands=list(reversed(SLICE[2:7])), chunk_size=1)
    by_hand = {r.hand: r for r in whole.rows}
    for row in part.rows:
        full = by_hand[row.hand]
        assert (row.equity, row.std_error, row.win, row.tie) == (
            full.equity,
            full.std_error,
            full.win,
            full.tie,
        )
    assert [r.hand for r in part.rows] == [r.hand for r in whole.rows[2:7]]  # always in table order


def test_percentiles_weigh_each_hand_by_its_count() -> None:
    table = vs_random(draws=0, hands=SLICE)
    total = sum(r.count for r in table.rows)
    for row in table.rows:
        below = sum(r.count for r in table.rows if r.equity < row.equity)
        equal = sum(r.count for r in table.rows if r.equity == row.equity)
        assert row.percentile == pytest.approx(100 * (below + equal / 2) / total)


def test_heads_up_showdowns_and_matchups_against_a_brute_force() -> None:
    hands = [h.cards for h in canonical_hands()[::2500]] + ["Ac Ad Ah As", "2c 2d 2h Ks"]
    table = heads_up(hands, hands, draws=0, chunk_size=7)
    assert table.exact
    for cell in table.cells:
        a = _ids(cell.hand_a)
        b = _ids(cell.hand_b)
        relabelled = {frozenset(c - c % 4 + p[c % 4] for c in b) for p in itertools.permutations(range(4))}
        matchups = [m for m in relabelled if not m & set(a)]
        assert cell.matchups == len(matchups)
        if not matchups:
            assert (cell.equity, cell.std_error, cell.win, cell.tie, cell.samples) == (None,) * 4 + (0,)
            continue
        outcome = (badugi.rank(a) < badugi.rank(b)) - (badugi.rank(a) > badugi.rank(b))  # b, relabelled
        assert cell.equity == {1: 1.0, 0: 0.5, -1: 0.0}[outcome]
        assert (cell.win, cell.tie) == (float(outcome == 1), float(outcome == 0))
    assert table.cell("Ac Ad Ah As", "Ac 2d 3h 4s").equity is None  # no ace is left for b
    assert table.cell("Ac Ad Ah As", "2c 2d 2h Ks").equity == 0.0  # one card against two


def test_heads_up_cells_average_their_matchups() -> None:
    table = heads_up(["Ac 2d 3h Ks"], ["Kc Kd Qh 2s"], draws=2, samples=3000, seed=9)
    assert not table.exact
    cell = table.cells[0]
    a = _ids(cell.hand_a)
    b = _ids(cell.hand_b)
    i, j = starting_hand(a).index, starting_hand(b).index
    matchups = sorted(
        {
            tuple(sorted(c - c % 4 + p[c % 4] for c in b))
            for p in itertools.permutations(range(4))
            if not {c - c % 4 + p[c % 4] for c in b} & set(a)
        }
    )
    each = -(-3000 // len(matchups))
    results = [_dealt([a, list(m)], 2, each, unit_seed(9, i, j, k)) for k, m in enumerate(matchups)]
    assert cell.matchups == len(matchups)
    assert cell.samples == each * len(matchups)
    assert cell.equity == pytest.approx(sum(r.equity(0) for r in results) / len(matchups), rel=1e-12)
    assert cell.std_error == pytest.approx(
        math.sqrt(sum(r.std_error(0) ** 2 for r in results)) / len(matchups), rel=1e-12
    )


def test_heads_up_is_its_mirror_from_the_other_seat() -> None:
    # With "best", the cell below the diagonal is the one above it read from the other seat
    # (tests/charts/test_matrix.py deals both ways to show the two agree within the error);
    # a pair of the 5-5 class against itself is 1/2 within the error.
    hands = ["Ac 2d 3h Ks", "Kc Kd Kh 2s", "5c 5d 9h Qh"]
    for draws in (1, 3):
        table = heads_up(hands, hands, draws=draws, samples=20_000, seed=1)
        for a, b in itertools.product(hands, hands):
            forward, backward = table.cell(a, b), table.cell(b, a)
            if not forward.matchups:
                continue
            assert forward.equity is not None
            assert backward.equity is not None
            assert forward.std_error is not None
            assert forward.win is not None
            assert backward.win is not None
            if a == b:
                assert abs(forward.equity - 0.5) <= 4.5 * forward.std_error, (draws, a)
                continue
            assert forward.equity + backward.equity == pytest.approx(1, abs=1e-12), (draws, a, b)
            assert forward.win + backward.win + forward.tie == pytest.approx(1, abs=1e-12)
            assert (forward.tie, forward.samples) == (backward.tie, backward.samples)
            assert forward.std_error == pytest.approx(backward.std_error, rel=1e-9)


def test_tables_pickle_copy_and_stay_immutable() -> None:
    tables: list[VsRandomTable | HeadsUpTable] = [
        vs_random(draws=2, samples=500, seed=1, hands=SLICE[:3]),
        heads_up(["Ac Ad Ah As"], ["Ac 2d 3h 4s", "Kc Kd Kh Ks"], draws=0),  # a None cell too
    ]
    for table in tables:
        for clone in (pickle.loads(pickle.dumps(table)), copy.copy(table), copy.deepcopy(table)):
            assert clone == table
            assert hash(clone) == hash(table)
        with pytest.raises(AttributeError):
            table.draws = 1  # type: ignore[misc]
    assert "rows" in repr(tables[0])
    assert "cells" in repr(tables[1])


def test_csv_text_round_trips() -> None:
    import csv  # noqa: PLC0415
    import io  # noqa: PLC0415

    table = vs_random(draws=2, samples=500, seed=1, hands=SLICE[:4])
    rows = list(csv.DictReader(io.StringIO(table.to_csv())))
    assert [r["hand"] for r in rows] == [r.hand for r in table.rows]
    assert [float(r["equity"]) for r in rows] == [r.equity for r in table.rows]
    cells = list(csv.DictReader(io.StringIO(heads_up(["AcAdAhAs"], ["Ac2d3h4s"], draws=0).to_csv())))
    assert cells[0]["equity"] == ""
    assert cells[0]["matchups"] == "0"
