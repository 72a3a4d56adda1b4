"""The C engine's dealt hand that chooses at the first draw (BADUGI_KEEP_BY_STRATEGY): vs_random's foe."""

from __future__ import annotations

import pytest

from badugi._native import ffi, lib
from badugi.equity._run import BEST, CALLBACK, PAT, best_keep

CHOOSES = lib.BADUGI_KEEP_BY_STRATEGY


def _spot(known: list[list[int]], draws: int, first_keep: list[int], strategies: list[int]) -> object:
    spot = ffi.new("badugi_spot *")
    spot.players = len(known)
    spot.draws = draws
    for p, cards in enumerate(known):
        spot.known[p] = len(cards)
        for i, card in enumerate(cards):
            spot.cards[p][i] = card
        spot.first_keep[p] = first_keep[p]
        spot.strategy[p] = strategies[p]
    return spot


def _monte_carlo(spot: object, samples: int = 2048) -> tuple[int, object]:
    out = ffi.new("badugi_equity_sums *")
    return lib.badugi_equity_monte_carlo(spot, 1, samples, 0, -(-samples // 1024), 2, 0, out), out


@pytest.mark.parametrize(
    ("known", "draws", "strategies"),
    [
        ([[0, 5, 10, 15], []], 0, [BEST, BEST]),  # no draw to choose at
        ([[0, 5, 10, 15], []], 2, [BEST, CALLBACK]),  # only best or pat
    ],
)
def test_a_strategy_chooses_at_the_first_draw_only_by_best_or_pat_with_a_draw_to_come(
    known: list[list[int]], draws: int, strategies: list[int]
) -> None:
    status, _ = _monte_carlo(_spot(known, draws, [0xF, CHOOSES], strategies))
    assert status == lib.BADUGI_E_ARGUMENT


def test_exact_counting_refuses_it() -> None:
    out = ffi.new("badugi_equity_sums *")
    spot = _spot([[0, 5, 10, 15], []], 1, [0xF, CHOOSES], [BEST, BEST])
    assert lib.badugi_equity_exact(spot, 0, 1 << 20, 1, out) == lib.BADUGI_E_ARGUMENT


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_a_dealt_hand_that_stands_pat_is_a_showdown(draws: int) -> None:
    # A-2-3-4 against a hand that keeps what it is dealt: it ties only another A-2-3-4.
    status, out = _monte_carlo(_spot([[0, 5, 10, 15], []], draws, [0xF, CHOOSES], [PAT, PAT]), 50_000)
    assert status == 0
    assert out.win[1] == 0
    assert out.win[0] + out.tie[0] == out.deals
    assert out.tie[0] == out.tie[1] < 12  # 9 of the 194,580 other hands are A-2-3-4 badugis


def test_every_player_may_be_a_dealt_hand() -> None:
    status, out = _monte_carlo(_spot([[]] * 6, 3, [CHOOSES] * 6, [BEST] * 6), 6000)
    assert status == 0
    assert out.deals == 6000
    assert sum(out.share[p] for p in range(6)) == 6000 * lib.BADUGI_SHARE_UNIT


@pytest.mark.parametrize(
    ("relabel", "strategies", "status"),
    [
        (1, [BEST, BEST], 0),
        (2, [BEST, BEST], lib.BADUGI_E_ARGUMENT),
        (1, [BEST, CALLBACK], lib.BADUGI_E_ARGUMENT),
    ],
)
def test_relabelling_the_suits_takes_best_or_pat(relabel: int, strategies: list[int], status: int) -> None:
    spot = _spot([[0, 5, 10, 15], [20, 25, 30, 35]], 2, [CHOOSES, CHOOSES], strategies)
    spot.relabel_suits = relabel  # type: ignore[attr-defined]
    assert _monte_carlo(spot)[0] == status


def test_exact_counting_refuses_relabelling() -> None:
    out = ffi.new("badugi_equity_sums *")
    spot = _spot([[0, 5, 10, 15], [20, 25, 30, 35]], 1, [0xF, 0xF], [PAT, PAT])
    spot.relabel_suits = 1  # type: ignore[attr-defined]
    assert lib.badugi_equity_exact(spot, 0, 1 << 20, 1, out) == lib.BADUGI_E_ARGUMENT


def test_relabelling_changes_no_showdown() -> None:
    # Both stand pat: the suits never matter, and the 5-4-3-2 always wins.
    spot = _spot([[0, 5, 10, 15], [4, 9, 14, 19]], 3, [0xF, 0xF], [PAT, PAT])
    spot.relabel_suits = 1  # type: ignore[attr-defined]
    status, out = _monte_carlo(spot, 5000)
    assert status == 0
    assert (out.win[0], out.win[1]) == (5000, 0)


def test_a_known_hand_may_let_its_strategy_choose_at_the_first_draw() -> None:
    # The strategy makes the choice best_keep makes, so the deals are the same.
    keep = best_keep([48, 49, 50, 51], [], 2)  # K-K-K-K throws all four
    fixed = _monte_carlo(_spot([[48, 49, 50, 51], []], 2, [keep, CHOOSES], [BEST, BEST]), 4096)[1]
    chosen = _monte_carlo(_spot([[48, 49, 50, 51], []], 2, [CHOOSES, CHOOSES], [BEST, BEST]), 4096)[1]
    assert (fixed.share[0], fixed.win[0]) == (chosen.share[0], chosen.win[0])
