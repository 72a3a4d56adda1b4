"""The split games' draw values on every hand and with draws to come, against ``badugi.references``.

Strength and U_1 are checked on all 2,598,960 hands; U_2, R_2 and R_3 on
sampled hands and groups (re-derived in ``equity5_reference`` from the
reference strengths); keep values with two and three draws left on the keeps
whose replacements a brute force can list. Slow: run with ``-m slow``.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import badugi
import tests.equity.equity5_reference as ref
from badugi._native import ffi, lib
from badugi.equity import _run5 as run5
from badugi.games import BADACEY, BADEUCY, Game
from tests.equity.test_five import _c_value, _codes, _name, _spots

pytestmark = pytest.mark.slow
GAMES = [BADEUCY, BADACEY]


def _c_hand_values(game: Game, level: int) -> np.ndarray:
    out = ffi.new("uint64_t[]", 2 * ref.HANDS)
    assert lib.badugi_draw5_hand_values(_codes(game), len(game.halves), level, out, 2 * ref.HANDS) == 0
    pairs = np.frombuffer(ffi.buffer(out), dtype=np.uint64).reshape(-1, 2)
    assert not pairs[:, 1].any()  # U_0 and U_1 fit 64 bits
    return pairs[:, 0].astype(np.int64)


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_every_hands_strength_matches_the_references(game: Game) -> None:
    assert np.array_equal(_c_hand_values(game, 0), ref.strength_table(game, "references"))


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_every_hands_value_with_one_draw_to_come_matches_a_re_derivation(game: Game) -> None:
    assert np.array_equal(_c_hand_values(game, 1), ref.draw_tables(game)[1])


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_sampled_groups_and_hands_with_two_draws_to_come(game: Game) -> None:
    rng = random.Random(1)
    for size in (0, 1, 2, 3, 4, 4, 3):
        group = rng.sample(range(52), size)
        assert _c_value(game, 2, group) == ref.r2(game, group)
    for _ in range(20):
        hand = tuple(rng.sample(range(52), 5))
        assert _c_value(game, 2, hand) == ref.u2(game, hand)
    for _ in range(3):  # R_3 of four cards: U_2 over the 48 completions
        group = rng.sample(range(52), 4)
        total = sum(ref.u2(game, (*group, c)) for c in range(52) if c not in group)
        assert _c_value(game, 3, group) == total


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_one_draw_with_nothing_seen_over_every_replacement(game: Game) -> None:
    table = ref.strength_table(game, "references")
    for hand in ([0, 5, 10, 15, 51], [47, 30, 21, 8, 2]):
        want = ref.keep_sums(table, hand, [])
        assert run5.keep_values(game.halves, hand, [], 1) == want
        result = badugi.best_discard(hand, game=game)
        best = ref.best_keeps(want, hand, 4 * ref.HANDS)
        assert [o.expected for o in result.options] == [float(value) for value, _ in best]


@pytest.mark.parametrize("game", GAMES, ids=_name)
@pytest.mark.parametrize(("hand", "dead"), _spots(2, 4, dead=(0, 8)) + _spots(3, 2, dead=(30, 34)))
def test_two_draws_first_draw_exact_and_later_ones_from_the_table(
    game: Game, hand: list[int], dead: list[int]
) -> None:
    least = 0 if len(dead) >= 30 else 2
    want = ref.keep_sums(ref.draw_tables(game)[1], hand, dead, least)
    got = run5.keep_values(game.halves, hand, dead, 2)
    for mask in range(32):
        if bin(mask).count("1") >= least:
            assert got[mask] == want[mask], mask
    if least == 0:
        result = badugi.best_discard(hand, draws=2, dead=dead, game=game)
        best = ref.best_keeps(want, hand, 4 * ref.HANDS * ref.LEVEL)
        assert [o.expected for o in result.options] == [float(value) for value, _ in best]
        first = {c for i, c in enumerate(hand) if best[0][1] >> i & 1}
        assert {badugi.card_id(c) for c in result.keep} == first


def _u2_sums(game: Game, hand: list[int], dead: list[int], least: int) -> dict[int, tuple[int, int]]:
    """(sum of U_2 over every replacement, how many) for each keep of least cards or more."""
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    out = {}
    for mask in range(32):
        kept = [c for i, c in enumerate(hand) if mask >> i & 1]
        if len(kept) < least:
            continue
        rows = [(*kept, *extra) for extra in itertools.combinations(unseen, 5 - len(kept))]
        out[mask] = (sum(ref.u2(game, row) for row in rows), len(rows))
    return out


@pytest.mark.parametrize("game", GAMES, ids=_name)
@pytest.mark.parametrize(
    ("hand", "dead", "least"),
    [
        *((*s, 4) for s in _spots(4, 2, dead=(0, 6))),
        *((*s, 3) for s in _spots(6, 1, dead=(0, 4))),
        *((*s, 0) for s in _spots(5, 1, dead=(36, 36))),
    ],
)
def test_three_draws_first_draw_exact_and_later_ones_from_the_table(
    game: Game, hand: list[int], dead: list[int], least: int
) -> None:
    got = run5.keep_values(game.halves, hand, dead, 3)
    for mask, value in _u2_sums(game, hand, dead, least).items():
        assert got[mask] == value, mask
