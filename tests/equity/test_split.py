"""Equity of the split games (Badeucy, Badacey) against a brute force written from the rules.

The brute force walks every single-draw deal in Python: each player keeps its
cards and draws the rest from the unseen cards, every way of dealing the
replacements counted once, and each half of the pot goes to the lowest rank
on that half, split among ties. It ranks the halves with ``badugi.references``
(every group of cards, every key: no code shared with the tables in ``tools/``
or ``csrc/``) and maps each game to its halves from the rules, not from
``badugi.games``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

import badugi
from badugi.cards import CARD_TEXT, ID_BY_TEXT, parse_cards
from badugi.equity import DrawView, run_equity
from badugi.equity import _run5 as run5
from badugi.errors import InvalidHandError
from badugi.games import BADACEY, BADEUCY, BADUGI
from badugi.references import badugi5, lowball

#: Each game's halves as the rules give them: a rank function of five ids per half.
HALVES: dict[str, tuple[Callable[[Sequence[int]], int], ...]] = {
    "badeucy": (badugi5.ace_high_rank_ids, lambda ids: lowball.rank_ids(ids, "2-7")),
    "badacey": (badugi5.ace_low_rank_ids, lambda ids: lowball.rank_ids(ids, "A-5")),
}


def _shares(game: str, hands: list[tuple[int, ...]]) -> list[Fraction]:
    """Each hand's share of the pot at the showdown: half a pot a half, ties splitting it."""
    shares = [Fraction(0)] * len(hands)
    for half in HALVES[game]:
        ranks = [half(h) for h in hands]
        best = min(ranks)
        winners = [p for p, r in enumerate(ranks) if r == best]
        for p in winners:
            shares[p] += Fraction(1, 2 * len(winners))
    return shares


def brute_force(game: str, kept: list[list[int]], dead: list[int]) -> tuple[list[Fraction], int]:
    """Each player's exact equity when each keeps ``kept[p]`` and draws to five once; and the deals."""
    unseen = [c for c in range(52) if c not in {*dead, *itertools.chain(*kept)}]
    totals = [Fraction(0)] * len(kept)
    deals = 0

    def walk(p: int, free: list[int], hands: list[tuple[int, ...]]) -> None:
        nonlocal deals
        if p == len(kept):
            deals += 1
            for q, share in enumerate(_shares(game, hands)):
                totals[q] += share
            return
        for drawn in itertools.combinations(free, 5 - len(kept[p])):
            rest = [c for c in free if c not in drawn]
            walk(p + 1, rest, [*hands, (*kept[p], *drawn)])

    walk(0, unseen, [])
    return [t / deals for t in totals], deals


def _spot(rng: random.Random, draws_each: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    cards = rng.sample(range(52), 5 * len(draws_each) + 3)
    kept = [cards[5 * p : 5 * p + 5 - d] for p, d in enumerate(draws_each)]
    return kept, cards[-3:]


GAMES = {"badeucy": BADEUCY, "badacey": BADACEY}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    ("seed", "draws_each"), [(1, (1, 1)), (2, (0, 1)), (3, (1, 0)), (4, (2, 0)), (5, (1, 1))]
)
def test_single_draw_heads_up_equals_the_brute_force(
    name: str, seed: int, draws_each: tuple[int, ...]
) -> None:
    kept, dead = _spot(random.Random(seed), draws_each)
    expected, deals = brute_force(name, kept, dead)
    hands = [[CARD_TEXT[c] for c in k] for k in kept]
    got = badugi.equity(hands, draws=1, dead=[CARD_TEXT[c] for c in dead], strategy="pat", game=GAMES[name])
    assert got.exact
    assert got.samples == deals
    assert got.equity == pytest.approx([float(e) for e in expected], abs=1e-12)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_three_players_single_draw_equals_the_brute_force(name: str) -> None:
    kept, dead = _spot(random.Random(11), (1, 0, 1))
    expected, deals = brute_force(name, kept, dead)
    hands = [[CARD_TEXT[c] for c in k] for k in kept]
    got = badugi.equity(hands, draws=1, dead=[CARD_TEXT[c] for c in dead], strategy="pat", game=GAMES[name])
    assert got.exact
    assert got.samples == deals
    assert got.equity == pytest.approx([float(e) for e in expected], abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_two_and_one_card_draws_equal_the_brute_force(name: str) -> None:
    kept, dead = _spot(random.Random(21), (2, 1))
    expected, deals = brute_force(name, kept, dead)
    hands = [[CARD_TEXT[c] for c in k] for k in kept]
    got = badugi.equity(hands, draws=1, dead=[CARD_TEXT[c] for c in dead], strategy="pat", game=GAMES[name])
    assert got.samples == deals
    assert got.equity == pytest.approx([float(e) for e in expected], abs=1e-12)


def test_a_showdown_splits_the_halves() -> None:
    # Badeucy: 5-4-3-2 wins the badugi half, and 7-5-4-3-2 (the best 2-7 low) the other: a scoop.
    scoop = badugi.equity(["2c 3d 4h 5s 7c", "2s 3h 4d 6c 7d"], draws=0, game=BADEUCY)
    assert scoop.equity == (1.0, 0.0)
    assert scoop.win == (1.0, 0.0)
    split = badugi.equity(["Ac 2d 3h 4s Kc", "8c 6d 4c 3s 2h"], draws=0, game=BADEUCY)
    # Aces play high in Badeucy's badugi half and in 2-7: the references say who takes which half.
    expected = _shares(
        "badeucy", [tuple(parse_cards("Ac 2d 3h 4s Kc")), tuple(parse_cards("8c 6d 4c 3s 2h"))]
    )
    assert split.equity == pytest.approx([float(e) for e in expected])
    tie = badugi.equity(["2c 3d 4h 5s 7c", "2d 3h 4s 5c 7h"], draws=0, game=BADACEY)
    assert tie.equity == (0.5, 0.5)
    assert tie.tie == (1.0, 1.0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_monte_carlo_agrees_with_the_exact_count(name: str) -> None:
    hands = ["2c 7d 9h Ks", "3s 4h 5d 8c Qc", "Ah 6s"]
    exact = badugi.equity(hands, draws=1, strategy="pat", game=GAMES[name])
    assert exact.exact
    mc = run_equity(
        hands, draws=1, strategy="pat", samples=300_000, seed=2, game=GAMES[name], monte_carlo=True
    )
    for p in range(3):
        assert abs(mc.equity[p] - exact.equity[p]) < 5 * mc.std_error[p] + 1e-9


def _throw_high(view: DrawView) -> list[str]:
    """Throws every card above a seven: a simple five-card strategy."""
    return [c for c in view.cards if c[:-1] in ("8", "9", "10", "T", "J", "Q", "K")]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_callable_plays_five_cards_at_every_draw(name: str) -> None:
    seen: list[DrawView] = []

    def strategy(view: DrawView) -> list[str]:
        seen.append(view)
        return _throw_high(view)

    r = badugi.equity(
        ["2c 7d 9h Ks Jd", ""], draws=3, strategy=[strategy, "pat"], samples=2000, seed=4, game=GAMES[name]
    )
    assert r.samples == 2000
    assert all(len(v.cards) == 5 for v in seen)
    assert {v.draws_left for v in seen} == {1, 2, 3}
    again = badugi.equity(
        ["2c 7d 9h Ks Jd", ""], draws=3, strategy=[_throw_high, "pat"], samples=2000, seed=4, game=GAMES[name]
    )
    assert again == r


def test_pat_throughout_is_counted_exactly_and_monte_carlo_agrees() -> None:
    hands = ["2c 3d 4h", "5s 6h 7c 9d Kd"]
    exact = badugi.equity(hands, draws=3, strategy="pat", game=BADEUCY)
    assert exact.exact
    mc = run_equity(hands, draws=3, strategy="pat", samples=200_000, seed=8, game=BADEUCY, monte_carlo=True)
    assert abs(mc.equity[0] - exact.equity[0]) < 5 * mc.std_error[0]


def test_the_same_numbers_on_any_number_of_threads() -> None:
    hands = ["2c 3d 4h", "", "9s Ts"]
    one = run_equity(
        hands, draws=3, strategy="pat", samples=20_000, seed=3, threads=1, game=BADACEY, monte_carlo=True
    )
    two = run_equity(
        hands, draws=3, strategy="pat", samples=20_000, seed=3, threads=2, game=BADACEY, monte_carlo=True
    )
    assert one == two


def test_badugi_is_the_default_and_unchanged() -> None:
    spot = ["Ah2s3d", "2c3h4d"]
    assert badugi.equity(spot) == badugi.equity(spot, game=BADUGI)


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        (["2c 3d 4h 5s 7c 8c", ""], {}, "at most 5 cards"),
        (["2c 3d 4h 5s", "6c 7c 8c 9c 10d"], {"draws": 0}, "needs 5 cards"),
        (["2c 3d", ""], {"game": "holdem"}, "game must be"),
        (["2c 3d", ""], {"game": None}, "game must be"),
        (["2c 3d", ""], {"game": 2}, "game must be"),
    ],
)
def test_bad_split_game_questions_are_refused(
    hands: list[str], kwargs: dict[str, object], message: str
) -> None:
    kwargs.setdefault("game", BADEUCY)
    with pytest.raises(InvalidHandError, match=message):
        badugi.equity(hands, **kwargs)  # type: ignore[arg-type]


def test_a_spot_too_large_to_count_is_dealt_instead() -> None:
    # Two unknown hands of five: C(52, 5) * C(47, 5) deals, past the exact limit, so Monte Carlo.
    r = badugi.equity(["", ""], draws=1, strategy="pat", samples=4000, seed=1, game=BADEUCY)
    assert not r.exact
    assert r.samples == 4000
    assert abs(r.equity[0] - 0.5) < 5 * r.std_error[0]
    # One hand stands pat and the other draws five: C(47, 5) deals, within the limit, every one walked.
    one = badugi.equity(["2c 3d 4h 5s 7c", ""], draws=1, strategy="pat", game=BADEUCY)
    assert one.exact
    assert one.samples == 1_533_939


def _five_card_keeper(game_name: str, sees: bool) -> Callable[[DrawView], list[str]]:
    """A callable that throws what "best" (seeing its discards and the dead cards) or "table" throws."""
    halves = GAMES[game_name].halves

    def throw(view: DrawView) -> list[str]:
        ids = [ID_BY_TEXT[c] for c in view.cards]
        seen = sorted({ID_BY_TEXT[c] for c in view.discards + view.dead} - set(ids)) if sees else []
        mask = run5.best_keep(halves, ids, seen, view.draws_left)
        return [CARD_TEXT[c] for i, c in enumerate(ids) if not mask >> i & 1]

    return throw


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("named", ["best", "table"])
def test_the_engine_plays_the_five_card_keeps_keep_for_keep(name: str, named: str) -> None:
    # The C engine's choices at every draw equal the checked entry point's, deal for deal: the same sums.
    hands = ["2c 7d 9h Ks Jd", "3s 4s 8c Qh Ah"]
    dead = "Td 6c"
    by_name = badugi.equity(
        hands, draws=3, dead=dead, strategy=named, samples=1500, seed=9, threads=1, game=GAMES[name]
    )
    in_python = _five_card_keeper(name, sees=named == "best")
    by_hand = badugi.equity(
        hands, draws=3, dead=dead, strategy=in_python, samples=1500, seed=9, threads=1, game=GAMES[name]
    )
    assert by_name == by_hand


@pytest.mark.parametrize("named", ["best", "table"])
def test_five_card_strategies_give_the_same_numbers_on_any_number_of_threads(named: str) -> None:
    hands = ["2c 3d 4h", "", "9s Ts Kd Qc 5h"]
    one = badugi.equity(hands, draws=3, strategy=named, samples=20_000, seed=3, threads=1, game=BADACEY)
    two = badugi.equity(hands, draws=3, strategy=named, samples=20_000, seed=3, threads=2, game=BADACEY)
    assert one == two


def test_the_table_is_close_to_the_best_discard_in_badeucy() -> None:
    hands = ["2c 7d 9h Ks Jd", "3s 4s 8c Qh Ah"]
    table = badugi.equity(hands, draws=3, strategy="table", samples=100_000, seed=5, game=BADEUCY)
    best = badugi.equity(hands, draws=3, strategy="best", samples=100_000, seed=5, game=BADEUCY)
    error = (table.std_error[0] ** 2 + best.std_error[0] ** 2) ** 0.5
    assert abs(table.equity[0] - best.equity[0]) < 0.01 + 4 * error
