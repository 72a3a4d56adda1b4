"""badugi.equity: exact counts against poker-equity and a Python enumeration, Monte Carlo against exact."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

import badugi
from badugi import InvalidHandError
from badugi.cards import parse_cards
from badugi.equity import run_equity
from badugi.equity._run import Spot

CARDS = [badugi.card_str(i) for i in range(52)]


def _text(ids: list[int]) -> str:
    return "".join(CARDS[c] for c in ids)


def _random_spot(rng: random.Random, players: int, most_known: int = 4) -> tuple[list[str], str]:
    """Hands of 1..most_known known cards each, and a few dead cards."""
    deck = rng.sample(range(52), 52)
    hands = []
    for _ in range(players):
        n = rng.randint(1, most_known)
        hands.append(_text(deck[:n]))
        deck = deck[n:]
    return hands, _text(deck[: rng.randint(0, 4)])


# ---- exact counts ----


def _python_enumeration(hands: list[str], dead: str) -> tuple[list[float], int]:
    """Every deal of a single-draw spot in poker-equity's notation, counted in Python (slow)."""
    keeps = [parse_cards(h) for h in hands]
    dead_ids = parse_cards(dead)
    unknown = [c for c in range(52) if all(c not in k for k in keeps) and c not in dead_ids]
    shares = [0.0] * len(hands)
    deals = 0

    def walk(p: int, free: list[int], finals: list[list[int]]) -> None:
        nonlocal deals
        if p == len(hands):
            ranks = [badugi.rank(f) for f in finals]
            best = min(ranks)
            winners = [q for q, r in enumerate(ranks) if r == best]
            for q in winners:
                shares[q] += 1 / len(winners)
            deals += 1
            return
        for extra in itertools.combinations(free, 4 - len(keeps[p])):
            walk(p + 1, [c for c in free if c not in extra], [*finals, keeps[p] + list(extra)])

    walk(0, unknown, [])
    return [s / deals for s in shares], deals


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["Ah2s3d", "2c3h4d5s"], ""),
        (["Ah2s3d", "2c3h4d"], "Kc"),
        (["8c7d5h", "9c4d3h2s", "Kh Qh Jh"], "As Ad"),
        (["Ac2d", "3h4s5c6d", "7h8s9cTd"], "Kc Kd Ks Kh Qc Qd Qh Qs Jc Jd Jh Js Tc Th Ts 9d 9h 9s"),
    ],
)
def test_exact_against_a_python_enumeration(hands: list[str], dead: str) -> None:
    result = badugi.equity(hands, dead=dead, strategy="pat")
    expected, deals = _python_enumeration(hands, dead)
    assert result.exact
    assert result.samples == deals
    assert result.equity == pytest.approx(expected, abs=1e-12)
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)


def test_exact_against_poker_equity() -> None:
    pe = pytest.importorskip("poker_equity")
    rng = random.Random(11)
    compared = 0
    for trial in range(90):
        players = 2 if trial % 3 else 3
        hands, dead = _random_spot(rng, players)
        # A spot too big to enumerate falls back to Monte Carlo and is passed over: one deal of it is
        # enough to say so (samples counts only Monte Carlo deals).
        ours = badugi.equity(hands, dead=dead, strategy="pat", samples=1)
        if not ours.exact or ours.samples > 2_000_000:  # poker-equity walks deals one by one: keep it quick
            continue
        theirs = pe.exact_from_text("badugi", hands, "", dead)
        assert theirs is not None, hands
        assert ours.samples == theirs["samples"], hands
        for p, seat in enumerate(theirs["players"]):
            assert ours.equity[p] == pytest.approx(seat["equity"], abs=1e-12), (hands, dead)
            assert ours.win[p] == pytest.approx(seat["win"], abs=1e-12), (hands, dead)
            assert ours.tie[p] == pytest.approx(seat["tie"], abs=1e-12), (hands, dead)
        compared += 1
    assert compared >= 45


def test_heads_up_is_exact_even_with_nothing_known() -> None:
    # 270,725 x 194,580 deals, counted in pairs: by symmetry an even split.
    result = badugi.equity(["", ""], strategy="pat")
    assert result.exact
    assert result.samples == 270_725 * 194_580
    assert result.equity == (0.5, 0.5)


@pytest.mark.parametrize("seed", range(6))
def test_pairs_and_direct_enumeration_agree_heads_up(seed: int) -> None:
    rng = random.Random(seed)
    deck = rng.sample(range(52), 52)
    a, b = deck[: rng.randint(2, 4)], deck[4 : 4 + rng.randint(2, 4)]
    dead = deck[10 : 10 + rng.randint(0, 20)]
    spot = Spot([a, b], 1, dead, [(1 << len(a)) - 1, (1 << len(b)) - 1], [0, 0])
    pairs, direct = spot.exact(2, method=2), spot.exact(2, method=1)
    assert pairs is not None
    assert direct is not None
    assert (pairs.deals, pairs.win, pairs.tie, pairs.share) == (
        direct.deals,
        direct.win,
        direct.tie,
        direct.share,
    )


def test_a_showdown_is_one_deal() -> None:
    hands = ["Ah 2s 3d 4c", "Ad 2c 3h 4s", "Kc Kd Kh Ks"]
    result = badugi.equity(hands, draws=0)
    assert result.exact
    assert result.samples == 1
    assert result.equity == (0.5, 0.5, 0.0)
    assert result.tie == (1.0, 1.0, 0.0)
    assert result.win == (0.0, 0.0, 0.0)


def test_pat_everywhere_is_the_single_draw_answer() -> None:
    hands = ["Ah2s3d", "2c3h4d"]
    one = badugi.equity(hands, draws=1, strategy="pat")
    for draws in (2, 3):
        assert badugi.equity(hands, draws=draws, strategy="pat") == one


def test_seat_order_only_permutes_exact_answers() -> None:
    hands = ["Ah2s3d", "2c3h4d", "Kd5s"]
    base = badugi.equity(hands, strategy="pat")
    assert base.exact
    for order in itertools.permutations(range(3)):
        moved = badugi.equity([hands[i] for i in order], strategy="pat")
        assert moved.equity == pytest.approx([base.equity[i] for i in order], abs=1e-12)


def test_best_strategy_draws_a_four_card_hand_at_the_first_draw() -> None:
    # Pat, the three-card A-2-3 loses to a made 5-high badugi every time; drawing one it can win.
    pat = badugi.equity(["Ah 2s 3d Kd", "5h 4c 3s 2d"], strategy="pat")
    best = badugi.equity(["Ah 2s 3d Kd", "5h 4c 3s 2d"], strategy=["best", "pat"])
    assert pat.equity[0] == 0.0
    assert best.exact
    assert best.equity[0] > 0.0
    assert best == badugi.equity(["Ah 2s 3d", "5h 4c 3s 2d"], dead="Kd", strategy="pat")


# ---- Monte Carlo ----


def _z(a: float, b: float, error: float) -> float:
    return abs(a - b) / error if error else float("inf")


EXACT_SPOTS = [
    (["Ah2s3d", "2c3h4d"], ""),
    (["", "7c"], "As"),
    (["Ah2s3dKd", "2c3h4d5s"], ""),  # the first draws one ("best"), the second stands pat
    (["Ah2s3d", "2c3h4d", "Kd5s"], "5c"),
    (["Ah2s3d", "7c8h9s", "Kd5s6c", "Qh4c5h"], ""),
]


@pytest.mark.parametrize(("hands", "dead"), EXACT_SPOTS)
def test_monte_carlo_agrees_with_exact_within_its_error(hands: list[str], dead: str) -> None:
    exact = badugi.equity(hands, dead=dead)
    assert exact.exact
    mc = run_equity(hands, dead=dead, samples=200_000, seed=3, monte_carlo=True)
    assert not mc.exact
    assert mc.samples == 200_000
    assert mc.seed == 3
    for p in range(len(hands)):
        if exact.equity[p] in (0.0, 1.0):  # a certain outcome: no deal may differ
            assert (mc.equity[p], mc.std_error[p]) == (exact.equity[p], 0.0)
        else:
            assert _z(mc.equity[p], exact.equity[p], mc.std_error[p]) < 4.5, (hands, p)


def test_monte_carlo_depends_only_on_seed_and_samples() -> None:
    hands = ["Ah2s3d", "2c3h4d", ""]
    runs = [run_equity(hands, draws=3, samples=5_000, seed=9, threads=t) for t in (1, 2, 3, 7)]
    assert all(r == runs[0] for r in runs)
    assert run_equity(hands, draws=3, samples=5_000, seed=10) != runs[0]
    # A run in one call and the same run counted in slices give the same sums.
    one = run_equity(["Ah2s3d", "2c3h4d"], samples=300_000, seed=1, threads=2, monte_carlo=True)
    seen: list[int] = []
    sliced = run_equity(
        ["Ah2s3d", "2c3h4d"], samples=300_000, seed=1, threads=1, monte_carlo=True, progress=seen.append
    )
    assert one == sliced
    assert seen == sorted(seen)
    assert seen[-1] == 300_000


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        ([""] * 8, ""),
        ([""] * 7, "Kc Kd"),
        (["Ah2s3d", "", "", "", ""], ""),
        (["Ah2s3d4c", "5h", "", "9s9d", "", "", "Tc"], "Qs"),
        (["", "", "", "", "", "", "", ""], "Ks Kh Kd Kc Qs Qh"),
    ],
)
def test_every_thread_count_gives_one_answer_where_the_stub_runs_dry(hands: list[str], dead: str) -> None:
    # Five to eight players drawing three times run through the stub and
    # reshuffle the discards; a card dealt twice there made the answer depend
    # on the thread count and change from run to run.
    spot = {"draws": 3, "dead": dead, "samples": 4096, "seed": 2**64 - 1}
    runs = [badugi.equity(hands, threads=t, **spot) for t in (1, 2, 3, 4)]
    assert all(r == runs[0] for r in runs), [r.equity for r in runs]
    again = [badugi.equity(hands, threads=3, **spot) for _ in range(4)]
    assert all(r == runs[0] for r in again)
    assert abs(sum(runs[0].equity) - 1) < 1e-9


def test_a_fresh_seed_is_reported() -> None:
    result = badugi.equity(["Ah2s3d", "2c3h4d"], draws=2, samples=2_000)
    assert not result.exact
    assert result.seed is not None
    assert badugi.equity(["Ah2s3d", "2c3h4d"], draws=2, samples=2_000, seed=result.seed) == result


# ---- strategies as callables ----


def _best_by_hand(view: badugi.DrawView) -> list[str]:
    """The "best" strategy, rebuilt from what the view shows."""
    seen = [c for c in (*view.discards, *view.dead) if c not in view.cards]
    return list(badugi.best_discard(view.cards, draws=view.draws_left, dead=seen).discard)


def test_a_callable_that_plays_best_gives_the_same_deals() -> None:
    hands = ["Ah2s3d", "2c3h4dKs", "", "Qh"]
    best = run_equity(hands, draws=3, dead="7s", samples=1_200, seed=5)
    mine = run_equity(hands, draws=3, dead="7s", samples=1_200, seed=5, strategy=_best_by_hand)
    assert mine == best
    mixed = run_equity(hands, draws=3, dead="7s", samples=1_200, seed=5, strategy=["best", _best_by_hand] * 2)
    assert mixed == best


def test_a_callable_sees_its_own_cards_discards_dead_and_draw_counts() -> None:
    views: list[badugi.DrawView] = []

    def watch(view: badugi.DrawView) -> list[str]:
        views.append(view)
        assert len(view.cards) == 4
        return [view.cards[0]]  # always throw the first card

    run_equity(
        ["Ah2s3dKs", "2c3h"], draws=3, dead="7s", samples=2, seed=1, strategy=[watch, "best"], threads=4
    )
    first = views[0]
    assert first.player == 0
    assert first.draws_left == 3
    assert first.cards == ("Ah", "2s", "3d", "Ks")
    assert first.discards == ()
    assert first.dead == ("7s",)
    assert first.draw_counts == ((),)
    later = [v for v in views[1:] if v.draws_left == 2]
    assert later
    for view in later:
        assert view.discards == ("Ah",)
        counts = view.draw_counts
        assert counts[0][0] == 1  # itself at the first draw
        assert counts[0][1] == 2  # the other player's hand of two drew two
        assert counts[1] == ()  # it draws first at the second draw
    assert any(v.draws_left == 1 and len(v.discards) == 2 for v in views)


def test_a_callable_that_answers_nonsense_is_an_invalid_hand_error() -> None:
    def bad(answer: Any) -> Callable[[badugi.DrawView], Any]:
        return lambda view: answer

    for answer in (None, 3.5, ["Kc"], ["Ah", "Ah"], "Zz", [True]):
        with pytest.raises(InvalidHandError, match="strategy of player 0"):
            badugi.equity(["Ah2s3dKs", "2c3h"], strategy=[bad(answer), "best"])
        with pytest.raises(InvalidHandError, match="strategy of player 1"):
            run_equity(
                ["2c3h", "Ah2s3dKs"], draws=2, samples=10, seed=1, strategy=["best", _later(bad(answer))]
            )


def _later(strategy: Callable[[badugi.DrawView], Any]) -> Callable[[badugi.DrawView], Any]:
    """Stand pat at the first draw, then play strategy: its errors come from inside the C run."""
    return lambda view: [] if not view.discards and view.draws_left == 2 else strategy(view)


def test_an_exception_in_a_callable_comes_out_unchanged() -> None:
    class Oops(Exception):
        pass

    def boom(view: badugi.DrawView) -> list[str]:
        raise Oops(view.cards)

    with pytest.raises(Oops):
        run_equity(["2c3h", "Ah2s3dKs"], draws=2, samples=10, seed=1, strategy=["best", _later(boom)])
    with pytest.raises(Oops):
        badugi.equity(["Ah2s3dKs", "2c3h"], strategy=[boom, "pat"])


# ---- the deck rules, against the engine's own deck ----


def _engine_equity(
    hands: list[str], draws: int, dead: str, strategies: list[Any], *, deals: int, seed: int
) -> list[float]:
    """The same question dealt by badugi.engine.deck.Deck, in Python (slow)."""
    from badugi.engine.deck import Deck  # noqa: PLC0415

    rng = random.Random(seed)
    known = [parse_cards(h) for h in hands]
    dead_ids = parse_cards(dead)
    used = {c for k in known for c in k} | set(dead_ids)
    shares = [0.0] * len(hands)
    for _ in range(deals):
        stack = [c for c in range(52) if c not in used]
        rng.shuffle(stack)
        deck = Deck(stack, rng)
        deck.discards = list(dead_ids)
        cards = [list(k) + [deck.deal() for _ in range(4 - len(k))] for k in known]
        thrown_by: list[list[int]] = [[] for _ in hands]
        for d in range(draws):
            burned = False
            counts: list[int] = []
            for p, strategy in enumerate(strategies):
                if d == 0 and len(known[p]) < 4:
                    thrown = cards[p][len(known[p]) :]
                elif strategy == "pat":
                    thrown = []
                else:
                    seen = sorted({*thrown_by[p], *dead_ids} - set(cards[p]))
                    view = badugi.DrawView(
                        player=p,
                        cards=tuple(CARDS[c] for c in cards[p]),
                        draws_left=draws - d,
                        discards=tuple(CARDS[c] for c in thrown_by[p]),
                        dead=tuple(CARDS[c] for c in dead_ids),
                        draw_counts=(),
                    )
                    if strategy == "best":
                        choice = badugi.best_discard(cards[p], draws=draws - d, dead=seen).discard
                    else:
                        choice = strategy(view)
                    thrown = parse_cards(list(choice))
                received, _, _ = deck.replace(thrown, burn_first=not burned and bool(thrown))
                burned |= bool(thrown)
                cards[p] = [c for c in cards[p] if c not in thrown] + received
                thrown_by[p] += thrown
                counts.append(len(thrown))
        ranks = [badugi.rank(c) for c in cards]
        winners = [p for p, r in enumerate(ranks) if r == min(ranks)]
        for p in winners:
            shares[p] += 1 / len(winners)
    return [s / deals for s in shares]


def _throw_all(view: badugi.DrawView) -> list[str]:
    return list(view.cards)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "draws", "dead", "strategies", "deals"),
    [
        # The stub runs out during the second player's draw: the reshuffle
        # holds the first player's discards (A-2-3-4) but never its own.
        (
            ["Ac 2d 3h 4s", "Kc Kd Kh Ks"],
            1,
            " ".join(CARDS[c] for c in range(16, 48) if c not in (16, 21, 26, 31)),
            [_throw_all, _throw_all],
            6_000,
        ),
        # Eight players, three draws: the stub runs out at every later draw.
        (["", "", "Ah", "2s3d", "", "Kc", "", "9h8s7d"], 3, "Qc Qd", ["best"] * 8, 600),
    ],
)
def test_the_deck_follows_the_engine(
    hands: list[str], draws: int, dead: str, strategies: list[Any], deals: int
) -> None:
    engine = _engine_equity(hands, draws, dead, strategies, deals=deals, seed=1)
    ours = run_equity(
        hands, draws=draws, dead=dead, strategy=strategies, samples=60_000, seed=2, monte_carlo=True
    )
    for p in range(len(hands)):
        # The engine's estimate has about sqrt(p(1 - p) / deals) of error; ours is far smaller.
        error = max(ours.equity[p] * (1 - ours.equity[p]), 0.01) ** 0.5 / deals**0.5
        assert abs(engine[p] - ours.equity[p]) < 4.5 * error, (p, engine, ours.equity)


# ---- threads ----


def test_first_use_from_many_threads_builds_the_tables_once() -> None:
    # A fresh interpreter, so the tables are not built yet: eight threads ask at once.
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    code = """
import concurrent.futures, badugi
hands = ["Ah 2s 3d Kd", "Kc Kd 7h 2s", "9c 8d 5h 5s", "Qh Jd 4c 4s"] * 4
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    together = list(pool.map(lambda h: badugi.best_discard(h, draws=3), hands))
assert together == [badugi.best_discard(h, draws=3) for h in hands]
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


def test_concurrent_runs_match_serial_ones() -> None:
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

    spots = [(["Ah2s3d", "2c3h4d", ""], seed) for seed in range(6)]

    def run(spot: tuple[list[str], int]) -> badugi.Equity:
        return run_equity(spot[0], draws=2, samples=4_000, seed=spot[1], threads=2)

    with ThreadPoolExecutor(3) as pool:
        together = list(pool.map(run, spots))
    assert together == [run(s) for s in spots]


def test_a_showdown_needs_no_stub() -> None:
    # Eight known hands and every other card dead: no draw deals, so nothing
    # has to be left in the stub. A draw still needs its last card.
    ids = list(range(52))
    hands = [ids[4 * p : 4 * p + 4] for p in range(8)]
    result = badugi.equity(hands, draws=0, dead=ids[32:])
    assert result.exact
    assert result.equity == badugi.equity(hands, draws=0, dead=ids[32:51]).equity
    assert sum(result.equity) == 1
    seven = [*hands[:7], ids[28:31]]
    with pytest.raises(InvalidHandError, match="stub's last card"):
        badugi.equity(seven, draws=1, dead=ids[31:])
