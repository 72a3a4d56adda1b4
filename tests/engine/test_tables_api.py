"""``Tables``: what it refuses, what it never changes on a refusal, and what a seed fixes."""

from __future__ import annotations

import numpy as np
import pytest

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, GameSetupError, HalfPotLimit, IllegalActionError, PotLimit
from badugi.engine.tables import MAX_TABLES, Tables


class _OwnLimit(FixedLimit):
    """A caller's own structure: Hand asks it, Tables cannot."""


def _tables(**settings: object) -> Tables:
    return Tables(4, 3, FixedLimit(2, 4), seed=9, **settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"count": 0}, "count"),
        ({"count": "4"}, "count"),
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"players": 2.0}, "players"),
        ({"structure": _OwnLimit(2, 4)}, "FixedLimit, PotLimit or HalfPotLimit"),
        ({"structure": "FixedLimit(2, 4)"}, "FixedLimit, PotLimit or HalfPotLimit"),
        ({"structure": PotLimit(), "stacks": 10**7, "blinds": (1, 1)}, "allow 10000000 bets a round"),
        ({"structure": HalfPotLimit(min_bet=2**31), "blinds": None}, "min_bet: Tables takes bets"),
        ({"structure": FixedLimit(2**31, 2**32)}, "small_bet: Tables takes bets"),
        ({"ante": 2**31}, "ante: Tables takes bets"),
        ({"structure": FixedLimit(2, 4, cap=2**31)}, "a cap of 2147483648 bets a round is more than"),
        ({"structure": FixedLimit(2, 4, cap=10**6)}, "lower the cap"),
        ({"structure": FixedLimit(2, 4, cap=None)}, "capped"),
        ({"structure": FixedLimit(2, 4, uncapped_heads_up=True)}, "capped"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": None}, "seed"),
        ({"stacks": 0}, r"stacks\[0\]"),
        ({"stacks": [5, 0, 5]}, r"stacks\[1\]"),
        ({"stacks": 2**31 // 8}, "at most 268435455"),
        ({"stacks": [200, 200]}, "stacks"),
        ({"stacks": "lots"}, "stacks"),
        ({"blinds": (3, 2)}, "blind"),
        ({"game": "holdem"}, "game"),
        ({"burn": 1}, "burn"),
        ({"threads": 0}, "threads"),
        ({"threads": 257}, "threads"),
        ({"threads": "2"}, "threads"),
        ({"carry_stacks": 1}, "carry_stacks"),
        ({"carry_stacks": "yes"}, "carry_stacks"),
        ({"carry_stacks": None}, "carry_stacks"),
        ({"deal": "python"}, "deal must be 'fast' or 'hand'"),
        ({"deal": None}, "deal"),
        ({"deal": ["fast"]}, "deal"),
        ({"deal": 0}, "deal"),
    ],
)
def test_bad_settings_are_refused_by_name(settings: dict[str, object], words: str) -> None:
    arguments: dict[str, object] = {"count": 4, "players": 3, "structure": FixedLimit(2, 4), "seed": 9}
    arguments.update(settings)
    with pytest.raises(GameSetupError, match=words):
        Tables(**arguments)  # type: ignore[arg-type]


def test_stacks_of_one_chip_go_all_in_on_the_forced_bets_and_still_draw() -> None:
    # Ante 1 with one chip a seat: every seat is all in on its ante, nobody can bet, and the hand
    # goes straight through the three draws to the showdown.
    tables = Tables(2, 3, FixedLimit(2, 4), blinds=None, ante=1, stacks=1, seed=1)
    assert tables.legal()[:, 3:].all()
    assert not tables.legal()[:, :3].any()
    done = np.zeros(2, dtype=bool)
    for _ in range(9):  # three seats draw three times: the only actions of the hand
        assert not done.any()
        rewards, done = tables.step(np.full(2, 3))
    assert done.all()
    history = tables.history(0)
    assert [item["event"] for item in history].count("draw") == 9
    assert not any(item["event"] in ("check", "call", "bet", "raise", "fold") for item in history)
    assert sorted(rewards[0]) in ([-1, -1, 2], [-1, 0, 1], [0, 0, 0])  # a scoop, a split of two, or three
    assert rewards.sum(axis=1).tolist() == [0, 0]


def test_carried_stacks_start_where_the_last_hand_left_them_until_a_seat_is_short() -> None:
    # Heads-up, blinds 1 and 2, three chips each: the button (the small blind) folds each hand.
    tables = Tables(1, 2, FixedLimit(2, 4), stacks=3, seed=2, carry_stacks=True)
    assert tables.least_stack == 1
    starts, fresh = [], []
    for _ in range(4):
        _, done = tables.step([0])
        assert done[0]
        starts.append(tables.starting_stacks()[0].tolist())
        fresh.append(bool(tables.match_starts()[0]))
    # The button posts the small blind and folds it: (2, 4), then (3, 3) with the button on seat 1.
    assert starts == [[2, 4], [3, 3], [2, 4], [3, 3]]
    assert fresh == [False, False, False, False]
    assert tables.history(0)[0]["stacks"] == (2, 4)  # the hand just finished started from those
    # Two chips against forty, checked and called to the showdown: the short seat is all in on
    # its call. With seed 4 it wins (4, 38: carried on); with seed 3 it loses all (every seat
    # back to the setting, a new match).
    for seed, left, after, new_match in [(4, (4, 38), [4, 38], False), (3, (0, 42), [2, 40], True)]:
        short = Tables(1, 2, FixedLimit(2, 4), stacks=(2, 40), seed=seed, carry_stacks=True)
        done = [False]
        while not done[0]:
            _, done = short.step([1 if short.legal()[0, 1] else 3])
        assert short.history(0)[-1]["stacks"] == left
        assert short.starting_stacks()[0].tolist() == after
        assert short.match_starts()[0] == new_match
    plain = Tables(1, 2, FixedLimit(2, 4), stacks=3, seed=2)
    assert (plain.actions, plain.half_pot_action, plain.pot_action) == (19, None, None)
    plain.step([0])
    assert plain.starting_stacks()[0].tolist() == [3, 3]
    assert plain.match_starts()[0]


def test_an_illegal_action_names_the_table_and_changes_nothing() -> None:
    tables = _tables()
    before = tables.observe()
    acts = np.ones(4, dtype=np.int64)
    acts[2] = 5  # a draw, in a betting round
    with pytest.raises(IllegalActionError, match=r"table 2: action 5 is not legal for seat 0") as caught:
        tables.step(acts)
    assert caught.value.seat == 0
    assert (tables.observe() == before).all()
    tables.step(np.ones(4, dtype=np.int64))  # the legal actions still go through


@pytest.mark.parametrize(
    "acts",
    [
        None,
        "1111",
        [1, 1, 1],
        [[1, 1, 1, 1]],
        [1.0, 1.0, 1.0, 1.0],
        [1, 1, 1, -1],
        [1, 1, 1, 2**40],
        [object()] * 4,
    ],
)
def test_acts_that_are_not_one_action_per_table_are_refused(acts: object) -> None:
    tables = _tables()
    before = tables.observe()
    with pytest.raises(IllegalActionError):
        tables.step(acts)
    assert (tables.observe() == before).all()


def test_a_bet_at_the_cap_is_refused() -> None:
    tables = Tables(1, 3, FixedLimit(2, 4, cap=2), seed=4)
    tables.step([2])  # a raise to 4: the big blind and this raise make the cap of 2
    assert tables.legal()[0].tolist()[:3] == [True, True, False]
    with pytest.raises(IllegalActionError, match="table 0: action 2"):
        tables.step([2])


def test_history_before_any_hand_ended_and_of_no_table() -> None:
    tables = _tables()
    with pytest.raises(GameSetupError, match="has not finished a hand"):
        tables.history(0)
    for table in (-1, 4, "0", 1.0, None):
        with pytest.raises(GameSetupError, match="table must be"):
            tables.history(table)  # type: ignore[arg-type]


def test_a_seed_plays_the_same_hands_and_another_seed_others() -> None:
    def play(seed: int, threads: int = 1) -> list[object]:
        tables = Tables(8, 4, FixedLimit(2, 4), seed=seed, threads=threads)
        rng = np.random.default_rng(0)
        out: list[object] = []
        for _ in range(200):
            mask = tables.legal()
            rewards, _ = tables.step(np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1))
            out.append(rewards.tolist())
        out.append(tables.observe().tolist())
        return out

    assert play(3) == play(3)
    assert play(3) != play(4)
    assert play(3, threads=3) == play(3)  # fewer tables than a chunk: one thread steps them all


@pytest.mark.parametrize("threads", [2, 3])
def test_tables_cut_into_chunks_over_threads_play_what_one_thread_plays(threads: int) -> None:
    """More tables than the pool's chunk of 64 (the last chunk short), short carried stacks so that
    all-ins and side pots come up: each step's rewards, ends, legal actions and every seat's view,
    and the hands' histories, are the same whatever the thread count, and an illegal action in the
    last chunk moves no table."""
    settings = {"structure": PotLimit(), "stacks": 30, "carry_stacks": True, "seed": 11}
    many, one = Tables(200, 3, threads=threads, **settings), Tables(200, 3, **settings)  # type: ignore[arg-type]
    rng = np.random.default_rng(4)
    for _ in range(120):
        mask = one.legal()
        acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
        for got, want in zip(many.step(acts), one.step(acts), strict=True):
            np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(many.legal(), one.legal())
        np.testing.assert_array_equal(many.observe(2), one.observe(2))
    for table in (0, 63, 64, 199):
        assert many.history(table) == one.history(table)
    wrong = np.argmax(one.legal(), axis=1)
    wrong[199] = 99
    before = many.observe()
    with pytest.raises(IllegalActionError, match="table 199"):
        many.step(wrong)
    np.testing.assert_array_equal(many.observe(), before)


def test_a_folded_hand_ends_and_the_next_is_dealt_with_the_button_moved() -> None:
    tables = Tables(1, 2, FixedLimit(2, 4), seed=2)
    assert tables.observe()[0, 3] == 0  # the button
    rewards, done = tables.step([0])  # heads-up the button (small blind) acts first, and folds
    assert done.tolist() == [True]
    assert rewards.tolist() == [[-1, 1]]
    assert tables.observe()[0, 3] == 1
    # stacks reset; heads-up the button (now seat 1) posts the small blind, seat 0 the big
    assert tables.observe()[0, 11] == 198
    assert tables.observe()[0, 17] == 199


def test_the_actor_sees_its_own_dealt_cards_and_the_pot() -> None:
    tables = Tables(3, 4, FixedLimit(2, 4), blinds=(1, 2), seed=12)
    first = tables.observe()
    seats = tables.actor().tolist()
    assert first[:, 0].tolist() == seats
    assert first[:, 5].tolist() == [3, 3, 3]  # the blinds
    assert first[:, 4].tolist() == [2, 2, 2]  # the big blind to call
    cards = [sorted(row[6:10]) for row in first.tolist()]
    hands = [0, 0, 0]
    while min(hands) == 0:  # everyone calls or checks, and stands pat, to the end
        mask = tables.legal()
        _, done = tables.step(np.where(mask[:, 1], 1, 3))
        hands = [h + int(d) for h, d in zip(hands, done.tolist(), strict=True)]
    for table in range(3):
        history = tables.history(table)
        (dealt,) = [item for item in history if item["event"] == "deal" and item["seat"] == seats[table]]
        ids = {text: card for card, text in enumerate(CARD_TEXT)}
        assert sorted(ids[card] for card in dealt["cards"]) == cards[table]
        assert sum(history[-1]["payouts"]) == 4 * 2  # checked down: four big blinds in the pot


def test_more_tables_than_the_limit_are_refused() -> None:
    with pytest.raises(GameSetupError, match="count"):
        Tables(MAX_TABLES + 1, 2, FixedLimit(2, 4))


@pytest.mark.parametrize(
    ("structure", "totals"), [(PotLimit(), {2: 8, 19: 11, 20: 18}), (HalfPotLimit(), {2: 8, 19: 11})]
)
def test_the_pot_limits_menu_prices_seed_002_s_raise(structure: PotLimit, totals: dict[int, int]) -> None:
    """Seed 002: blinds 2 and 4 and a caller of 4, and the next player may raise to 18 at pot
    limit (the pot after calling, 14, over the bet), to 11 at half-pot limit; the least raise goes
    to 8, one big blind over the bet. Each bet of the menu goes to its total; one past what the
    structure allows (the pot bet at half-pot limit, the same 11) is not open."""
    for action, total in totals.items():
        tables = Tables(1, 4, structure, blinds=(2, 4), stacks=100, seed=3)
        tables.step([1])  # seat 3, first to act after the big blind, calls 4
        mask = tables.legal()[0]
        assert (tables.actions, tables.half_pot_action, tables.pot_action) == (21, 19, 20)
        assert [int(a) for a in np.flatnonzero(mask)] == [0, 1, *sorted(totals)]
        tables.step([action])  # the button raises
        tables.step([0])  # and the small blind folds, the big blind folds, the caller folds
        tables.step([0])
        _, done = tables.step([0])
        assert done[0]
        raises = [item for item in tables.history(0) if item["event"] == "raise"]
        assert [(item["seat"], item["to"], item["full"]) for item in raises] == [(0, total, True)]


def test_reset_deals_the_first_hands_a_new_tables_of_that_seed_deals() -> None:
    def played(tables: Tables) -> list[object]:
        rng = np.random.default_rng(4)
        out: list[object] = [tables.observe().tolist()]
        for _ in range(60):
            mask = tables.legal()
            rewards, _ = tables.step(np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1))
            out.append(rewards.tolist())
        return out

    for settings in ({}, {"carry_stacks": True, "stacks": 20}, {"structure": PotLimit(), "deal": "hand"}):
        chosen = {"structure": FixedLimit(2, 4), **settings}
        tables = Tables(6, 3, seed=1, **chosen)  # type: ignore[arg-type]
        played(tables)
        tables.reset(8)
        assert tables.seed == 8
        assert played(tables) == played(Tables(6, 3, seed=8, **chosen))  # type: ignore[arg-type]
        tables.reset()
        assert played(tables) == played(Tables(6, 3, seed=8, **chosen))  # type: ignore[arg-type]
    for seed in (-1, 2**64, "8", 8.0, True):
        with pytest.raises(GameSetupError, match="seed must be None or an int"):
            tables.reset(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        "step",
        "legal",
        "actor",
        "observe",
        "history",
        "copy",
        "pickle",
        "reset",
        "starting_stacks",
    ],
)
def test_every_call_into_the_c_state_waits_for_the_tables_lock(call: str) -> None:
    """While another thread holds the tables' lock, a call waits for it; then it runs.

    So threads sharing a ``Tables`` take turns in its C state (a step releases the GIL).
    """
    import pickle  # noqa: PLC0415
    import threading  # noqa: PLC0415

    tables = Tables(8, 3, FixedLimit(2, 4), seed=1)
    done = np.zeros(8, dtype=bool)
    while not done.any():  # folds, until a hand ends somewhere
        _, done = tables.step(np.argmax(tables.legal(), axis=1))
    table = int(np.flatnonzero(done)[0])
    calls = {
        "step": lambda: tables.step(np.argmax(tables.legal(), axis=1)),
        "legal": tables.legal,
        "actor": tables.actor,
        "observe": tables.observe,
        "history": lambda: tables.history(table),
        "copy": tables.copy,
        "pickle": lambda: pickle.dumps(tables),
        "reset": lambda: tables.reset(2),
        "starting_stacks": tables.starting_stacks,
    }
    arguments = calls[call]
    if call == "step":  # its actions are worked out before the lock is taken from it
        acts = np.argmax(tables.legal(), axis=1)
        arguments = lambda: tables.step(acts)  # noqa: E731
    finished = threading.Event()
    worker = threading.Thread(target=lambda: (arguments(), finished.set()))
    with tables._lock:
        worker.start()
        assert not finished.wait(0.2), f"{call} ran while another thread held the lock"
    assert finished.wait(10), f"{call} did not run once the lock was free"
    worker.join()


def test_threads_that_share_tables_take_turns_and_play_what_one_thread_plays() -> None:
    """Each call into the C state holds the tables' lock: four threads stepping, copying, pickling
    and reading one ``Tables`` together crash nothing, and the hands are those of one thread."""
    import pickle  # noqa: PLC0415
    import threading  # noqa: PLC0415

    shared = Tables(64, 4, PotLimit(), seed=5, threads=2)
    alone = Tables(64, 4, PotLimit(), seed=5)
    rng = np.random.default_rng(3)
    script = [random_legal_with(alone, rng) for _ in range(80)]  # the actions, worked out alone
    errors: list[BaseException] = []

    def reader() -> None:
        try:
            for _ in range(60):
                shared.observe(1)
                shared.legal()
                pickle.loads(pickle.dumps(shared.copy()))
                shared.starting_stacks()
        except BaseException as exc:  # every failure, reported below
            errors.append(exc)

    readers = [threading.Thread(target=reader) for _ in range(3)]
    for thread in readers:
        thread.start()
    for acts in script:
        shared.step(acts)
    for thread in readers:
        thread.join()
    assert not errors
    assert (shared.observe() == alone.observe()).all()


def random_legal_with(tables: Tables, rng: np.random.Generator) -> np.ndarray:
    """A random legal action at each table, stepped there; the actions."""
    mask = tables.legal()
    acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
    tables.step(acts)
    return acts


def test_an_action_another_thread_changes_during_a_step_is_played_only_as_checked() -> None:
    """The C reads each action once, checks it and plays that: a caller's thread rewriting the
    array while a step runs (the GIL released) gets the action checked or a refusal, never an
    unchecked action played (before, the last table's chips changed in total within a few tries)."""
    import threading  # noqa: PLC0415

    tables = Tables(1 << 14, 2, PotLimit(), stacks=100, seed=1)
    acts = np.ones(tables.count, dtype=np.int64)  # a call at every table: legal
    stop = threading.Event()

    def rewrite() -> None:
        while not stop.is_set():
            acts[-1] = tables.actions + 9  # no action
            acts[-1] = 1

    writer = threading.Thread(target=rewrite)
    writer.start()
    try:
        for _ in range(60):
            trial = tables.copy()
            try:
                trial.step(acts)
            except IllegalActionError:
                continue
            row = trial.observe()[-1]  # heads-up: stacks at 11 and 17, bets at 12 and 18, the pot at 5
            assert row[11] + row[17] + row[5] == 200, row
            assert min(row[12], row[18]) >= 0, row
    finally:
        stop.set()
        writer.join()


def test_legal_fills_a_buffer_the_caller_reuses() -> None:
    tables = Tables(8, 3, FixedLimit(2, 4), seed=4)
    buffer = np.zeros((8, tables.actions), dtype=bool)
    filled = tables.legal(buffer)
    assert filled is buffer
    assert np.array_equal(buffer, tables.legal())
    tables.step(np.argmax(buffer, axis=1))
    assert np.array_equal(tables.legal(buffer), tables.legal())  # refilled, every entry
    for wrong in (
        np.zeros((8, tables.actions), dtype=np.uint8),
        np.zeros((7, tables.actions), dtype=bool),
        np.zeros((tables.actions, 8), dtype=bool).T,
        [[True] * tables.actions] * 8,
    ):
        with pytest.raises(GameSetupError, match=r"out must be a writeable C-contiguous numpy bool array"):
            tables.legal(wrong)
    frozen = np.zeros((8, tables.actions), dtype=bool)
    frozen.flags.writeable = False
    with pytest.raises(GameSetupError, match="out must be"):
        tables.legal(frozen)
