"""Strength and the best discard of the split games' five-card hands against independent brute force.

The fast checks: ranks come from one ``Game.rank_many`` call over every hand
(checked here against ``badugi.references`` on a sample), and everything
else (strength from the rank histogram, keep values over every replacement)
is recomputed in ``equity5_reference``. The exhaustive and multi-draw
checks against the references are in ``tests/equity/test_five_slow.py``.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

import badugi
import tests.equity.equity5_reference as ref
from badugi._native import ffi, lib
from badugi.equity import _run5 as run5
from badugi.games import BADACEY, BADEUCY, BADUGI, Game
from tests.five_card_hands import all_hands

GAMES = [BADEUCY, BADACEY]


def _name(game: Game) -> str:
    return game.name


def _codes(game: Game) -> object:
    return ffi.new("int32_t[]", [half._code for half in game.halves])


def _spots(seed: int, count: int, dead: tuple[int, int]) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    spots = []
    for _ in range(count):
        cards = rng.sample(range(52), 5 + rng.randint(*dead))
        spots.append((cards[:5], cards[5:]))
    return spots


def _c_value(game: Game, level: int, cards: list[int] | tuple[int, ...]) -> int:
    out = ffi.new("uint64_t[2]")
    ids = ffi.new("uint8_t[]", list(cards)) if cards else ffi.NULL
    assert lib.badugi_draw5_value(_codes(game), len(game.halves), level, ids, len(cards), out) == 0
    return int(out[0]) | int(out[1]) << 64


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_the_rank_kernel_behind_the_fast_histogram_agrees_with_the_references(game: Game) -> None:
    rng = random.Random(1)
    hands = [rng.sample(range(52), 5) for _ in range(1500)]
    got = np.asarray(game.rank_many(np.array(hands, dtype=np.uint8)))
    for row, hand in zip(got, hands, strict=True):
        assert tuple(row) == tuple(ref.reference_rank(half.name, hand) for half in game.halves)


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_strength_is_the_mean_share_of_the_hands_beaten_on_each_half(game: Game) -> None:
    table = ref.strength_table(game, "kernel")
    ranks = np.asarray(game.rank_many(all_hands())).astype(np.int64)
    rng = random.Random(2)
    for trial in range(300):
        hand = rng.sample(range(52), 5)
        count = int(table[ref.index_of(hand)])
        if trial < 10:  # straight from the definition, with no histogram
            mine = [ref.reference_rank(half.name, hand) for half in game.halves]
            direct = sum(
                2 * int((ranks[:, h] > r).sum()) + int((ranks[:, h] == r).sum()) for h, r in enumerate(mine)
            )
            assert direct == count
        assert run5.strength(game.halves, hand) == count
        assert badugi.strength(hand, game=game) == float(Fraction(count, 4 * ref.HANDS))
        assert badugi.strength([badugi.card_str(c) for c in reversed(hand)], game=game) == badugi.strength(
            hand, game=game
        )


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_the_c_strength_table_holds_every_hands_strength(game: Game) -> None:
    out = ffi.new("uint64_t[]", 2 * ref.HANDS)
    assert lib.badugi_draw5_hand_values(_codes(game), 2, 0, out, 2 * ref.HANDS) == 0
    got = np.frombuffer(ffi.buffer(out), dtype=np.uint64).reshape(-1, 2)
    assert not got[:, 1].any()
    assert np.array_equal(got[:, 0].astype(np.int64), ref.strength_table(game, "kernel"))


def test_the_best_hands_and_the_worst() -> None:
    # 7-5-4-3-2 of two suits with a 5-4-3-2 badugi: the best hand on both of Badeucy's halves.
    assert badugi.strength("7c 5d 4h 3s 2c", game=BADEUCY) > 0.9997
    # A-2-3-4-5 with an A-2-3-4 badugi: both of Badacey's halves.
    assert badugi.strength("As 2h 3d 4c 5c", game=BADACEY) > 0.9997
    assert badugi.strength("Ks Kh Kd Kc Qs", game=BADACEY) < 0.15
    for game, hand in ((BADEUCY, "7c 5d 4h 3s 2c"), (BADACEY, "As 2h 3d 4c 5c")):
        for draws in (1, 2, 3):
            assert badugi.best_discard(hand, draws=draws, game=game).discard == ()


def _check_against_brute_force(game: Game, hand: list[int], dead: list[int], least_kept: int = 0) -> None:
    """best_discard with one draw left against every replacement of every keep of least_kept cards or more."""
    table = ref.strength_table(game, "kernel")
    want = ref.keep_sums(table, hand, dead, least_kept)
    got = run5.keep_values(game.halves, hand, dead, 1)
    for mask in range(32):
        if bin(mask).count("1") >= least_kept:
            assert got[mask] == want[mask], mask
    if least_kept == 0:
        result = badugi.best_discard(hand, dead=dead, game=game)
        expected = ref.best_keeps(want, hand, 4 * ref.HANDS)
        assert len(result.options) == 32
        assert result.exact
        got_options = [(o.expected, frozenset(badugi.card_id(c) for c in o.keep)) for o in result.options]
        assert got_options == [
            (float(value), frozenset(c for i, c in enumerate(hand) if mask >> i & 1))
            for value, mask in expected
        ]


@pytest.mark.parametrize("game", GAMES, ids=_name)
@pytest.mark.parametrize(("hand", "dead"), _spots(3, 8, dead=(26, 35)))
def test_one_draw_is_exact_over_every_replacement_of_every_keep(
    game: Game, hand: list[int], dead: list[int]
) -> None:
    _check_against_brute_force(game, hand, dead)


@pytest.mark.parametrize("game", GAMES, ids=_name)
@pytest.mark.parametrize(("hand", "dead"), _spots(4, 6, dead=(0, 8)))
def test_one_draw_small_discards_with_few_cards_seen(game: Game, hand: list[int], dead: list[int]) -> None:
    _check_against_brute_force(game, hand, dead, least_kept=3)


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_the_first_draws_groups_sum_their_completions(game: Game) -> None:
    # R_1 of a group is the sum of U_0 over its completions from the deck minus the group.
    table = ref.strength_table(game, "kernel")
    assert _c_value(game, 1, ()) == 2 * ref.HANDS**2  # over all hands, each half's s sums to HANDS^2
    rng = random.Random(5)
    for size in (4, 3, 2, 1, 4, 3):
        group = rng.sample(range(52), size)
        rest = [c for c in range(52) if c not in group]
        assert _c_value(game, 1, group) == ref.exact_sum(table[ref.completions(group, rest)])


def _keep_sums(
    game: Game, hand: list[int], seen: list[int], draws: int, method: int
) -> list[tuple[int, int]]:
    return run5.keep_values(game.halves, hand, seen, draws, method)


@pytest.mark.parametrize("draws", [1, 2, 3])
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_inclusion_exclusion_and_direct_sums_agree(game: Game, draws: int) -> None:
    rng = random.Random(draws)
    for trial in range(14):
        cards = rng.sample(range(52), 5 + rng.choice([0, 1, 3, 8, 20, 35, 44]) if trial else 5)
        hand, seen = cards[:5], cards[5:]
        assert _keep_sums(game, hand, seen, draws, 1) == _keep_sums(game, hand, seen, draws, 2)


def _tie_rich_hand(rng: random.Random) -> list[int]:
    """Quads and a card, or two pairs and a card: many keeps worth exactly the same."""
    ranks = rng.sample(range(13), 3)
    if rng.random() < 0.5:
        return [4 * ranks[0] + s for s in range(4)] + [4 * ranks[1] + rng.randrange(4)]
    return [4 * r + s for r in ranks[:2] for s in rng.sample(range(4), 2)] + [4 * ranks[2] + rng.randrange(4)]


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_the_c_choice_is_the_first_option(game: Game) -> None:
    rng = random.Random(7)
    for trial in range(90):
        draws = 1 + trial % 3
        cards = rng.sample(range(52), 5 + rng.choice([0, 2, 6, 12]))
        hand, seen = cards[:5], cards[5:]
        if trial % 3 == 0:
            hand = _tie_rich_hand(rng)
            seen = [c for c in seen if c not in hand]
        mask = run5.best_keep(game.halves, hand, seen, draws)
        kept = {c for i, c in enumerate(hand) if mask >> i & 1}
        first = badugi.best_discard(hand, draws=draws, dead=seen, game=game).options[0]
        assert {badugi.card_id(c) for c in first.keep} == kept


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_ties_are_ordered_by_fewer_discards_then_lower_ids(game: Game) -> None:
    rng = random.Random(8)
    tied = 0
    for trial in range(40):
        hand = _tie_rich_hand(rng) if trial % 2 else rng.sample(range(52), 5)
        options = badugi.best_discard(hand, draws=1 + trial % 3, game=game).options
        assert len(options) == 32
        assert len({frozenset(o.keep) for o in options}) == 32
        for a, b in itertools.pairwise(options):
            assert a.expected >= b.expected
            if a.expected == b.expected:
                tied += 1
                ka = sorted(badugi.card_id(c) for c in a.keep)
                kb = sorted(badugi.card_id(c) for c in b.keep)
                assert (-len(ka), ka) < (-len(kb), kb)
    assert tied > 100  # the test saw ties to order


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_card_order_and_suit_names_do_not_matter(game: Game) -> None:
    rng = random.Random(9)
    for _ in range(12):
        hand = rng.sample(range(52), 5)
        dead = rng.sample([c for c in range(52) if c not in hand], rng.randint(0, 6))
        draws = rng.randint(1, 3)
        base = badugi.best_discard(hand, draws=draws, dead=dead, game=game)
        assert badugi.best_discard(list(reversed(hand)), draws=draws, dead=dead[::-1], game=game) == base
        suits = rng.sample(range(4), 4)
        relabel = [4 * (c // 4) + suits[c % 4] for c in range(52)]
        moved = badugi.best_discard(
            [relabel[c] for c in hand], draws=draws, dead=[relabel[c] for c in dead], game=game
        )
        assert [o.expected for o in moved.options] == [o.expected for o in base.options]


@pytest.mark.parametrize("draws", [1, 2, 3])
@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_the_keep_table_is_the_best_discard_with_no_card_seen(game: Game, draws: int) -> None:
    table = run5.keep_table(game.halves, draws)
    assert len(table) == ref.HANDS
    assert max(table) < 32
    rng = random.Random(10 * draws + len(game.name))
    hands = [rng.sample(range(52), 5) for _ in range(3000)] + [_tie_rich_hand(rng) for _ in range(300)]
    for hand in hands:
        ids = sorted(hand)
        mask = table[ref.index_of(ids)]
        kept = {ids[i] for i in range(5) if mask >> i & 1}
        result = badugi.best_discard(hand, draws=draws, game=game)
        assert {badugi.card_id(c) for c in result.keep} == kept


def test_badugi_is_unchanged_by_the_game_argument() -> None:
    rng = random.Random(11)
    for _ in range(30):
        hand = rng.sample(range(52), 4)
        dead = rng.sample([c for c in range(52) if c not in hand], rng.randint(0, 6))
        draws = rng.randint(1, 3)
        assert badugi.strength(hand, game=BADUGI) == badugi.strength(hand)
        result = badugi.best_discard(hand, draws=draws, dead=dead, game=BADUGI)
        assert result == badugi.best_discard(hand, draws=draws, dead=dead)
        assert len(result.options) == 16


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_sampled_hands_with_one_draw_to_come_take_their_best_keep(game: Game) -> None:
    # U_1(H): the best over its 32 keeps of R_1(keep) brought to the common scale, each R_1 the sum of
    # U_0 over the keep's completions from the deck minus the keep (standing pat: U_0(H) itself).
    table = ref.strength_table(game, "kernel")
    rng = random.Random(12)
    for _ in range(2):
        hand = rng.sample(range(52), 5)
        best = 0
        for k in range(6):
            for kept in itertools.combinations(hand, k):
                rest = [c for c in range(52) if c not in kept]
                total = ref.exact_sum(table[ref.completions(list(kept), rest)])
                best = max(best, total * ref.UP[k])
        assert _c_value(game, 1, hand) == best
