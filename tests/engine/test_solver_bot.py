"""The solver bot: the blueprint it ships reads back to the solver's strategy, its seat's record is the
solve's information state, it plays the strategy where it has one and DrawBot elsewhere, and it refuses
garbage by name."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from badugi.cards import CARD_TEXT
from badugi.engine import BOTS, DrawBot, FixedLimit, Hand, Match, RandomBot, SolverBot, view_of
from badugi.engine.blueprint import MAGIC, Blueprint
from badugi.engine.solver_bot import _record_of
from badugi.engine.view import SeatView
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADEUCY

np = pytest.importorskip("numpy")

from badugi.adapters import Variant  # noqa: E402
from badugi.adapters.table import TableState  # noqa: E402
from badugi.adapters.views import information_state_string  # noqa: E402
from badugi.solver.sampled import Abstraction, SampledCFR, buckets_for  # noqa: E402
from badugi.solver.sampled.blueprint import blueprint_bytes  # noqa: E402
from badugi.solver.sampled.views import view_of as sampled_view_of  # noqa: E402

TEN = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=2)
ID = {text: card for card, text in enumerate(CARD_TEXT)}
Stakes = dict[str, Any]
WORDS = {"fold": "fold", "check": "check", "call": "call", "bet": "bet", "raise": "raise"}


@pytest.fixture(scope="module")
def small() -> tuple[SampledCFR, Blueprint]:
    solver = SampledCFR(TEN, buckets_for(TEN, (4, 4), remember_draws=1), seed=3)
    solver.iterate(3000)
    return solver, Blueprint.from_bytes(blueprint_bytes(solver))


def random_keys(variant: Variant, hands: int, seed: int) -> list[str]:
    """The information-state strings of every turn of ``hands`` random hands of ``variant``."""
    rng = random.Random(seed)
    keys = []
    for _ in range(hands):
        state = TableState(variant)
        while not state.is_terminal:
            if state.is_chance:
                cards, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply(rng.choices(cards, chances)[0])
            else:
                keys.append(information_state_string(state, state.actor))
                state.apply(rng.choice(state.legal_actions()))
    return keys


def test_a_blueprint_reads_back_to_the_solvers_strategy_at_every_turn(small) -> None:
    solver, blueprint = small
    keys = random_keys(TEN, 600, seed=2)
    worst = 0.0
    for key in keys:
        mine = blueprint.policy(sampled_view_of(key))
        assert mine is not None, key
        theirs = solver.strategy(key)
        worst = max([worst, *(abs(a - b) for a, b in zip(mine, theirs, strict=True))])
    assert len(keys) > 2000
    assert worst < 1e-4  # each share rounded to 1/65535
    assert blueprint.header["iterations"] == 3000
    assert blueprint.rules["ante"] == 1
    assert blueprint.rules["deck"] == list(TEN.deck)


def test_a_damaged_or_foreign_file_is_refused_by_name(small, tmp_path) -> None:
    data = blueprint_bytes(small[0])
    for garbage in (b"", b"not a blueprint", MAGIC, MAGIC + b"\xff\xff\xff\x7f{", data[: len(data) // 2]):
        with pytest.raises(GameSetupError, match="blueprint"):
            Blueprint.from_bytes(garbage)
    flipped = bytearray(data)
    flipped[-5] ^= 0x40
    with pytest.raises(GameSetupError, match="damaged"):
        Blueprint.from_bytes(bytes(flipped))
    for thing in (None, 3, "text", [1, 2]):
        with pytest.raises(GameSetupError, match="blueprint"):
            Blueprint.from_bytes(thing)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError, match="missing"):
        Blueprint.load(tmp_path / "missing.blueprint")
    path = tmp_path / "mine.blueprint"
    path.write_bytes(data)
    assert Blueprint.load(path).header == Blueprint.from_bytes(data).header
    exact = SampledCFR(TEN, Abstraction.exact(), seed=1)
    with pytest.raises(GameSetupError, match="exact"):
        blueprint_bytes(exact)
    with pytest.raises(GameSetupError, match="SampledCFR"):
        blueprint_bytes("solver")  # type: ignore[arg-type]


def test_the_shipped_blueprints_are_the_full_games_with_blinds_and_with_an_ante() -> None:
    blinds, ante = Blueprint.shipped()
    assert Blueprint.shipped()[0] is blinds  # read once
    for shipped in (blinds, ante):
        rules = shipped.rules
        assert (rules["small_bet"], rules["big_bet"], rules["cap"], rules["draws"]) == (2, 4, 4, 3)
        assert len(rules["deck"]) == 52
        assert pickle.loads(pickle.dumps(shipped)) is shipped
        assert copy.deepcopy(shipped) is shipped
    assert (blinds.rules["small_blind"], blinds.rules["big_blind"], blinds.rules["ante"]) == (1, 2, 0)
    assert (ante.rules["small_blind"], ante.rules["big_blind"], ante.rules["ante"]) == (0, 0, 1)


def test_a_blueprint_read_from_a_file_does_not_pickle(small) -> None:
    with pytest.raises(GameSetupError, match="shipped"):
        pickle.dumps(small[1])


def solve_words(hand: Hand, seat: int) -> str:
    """The adapters' information-state string of ``seat`` in ``hand``: the solve's seat 1 has the button."""
    solve_seat = {hand.button: 1, 1 - hand.button: 0}
    words = [f"p{solve_seat[seat]}"]
    for event in hand.public_history(seat):
        kind = event["event"]
        if kind == "deal" and event["seat"] == seat:
            words += [f"+{card}" for card in event["cards"]]
        elif kind in WORDS:
            words.append(f"p{solve_seat[event['seat']]}:{WORDS[kind]}")
        elif kind == "draw":
            own = event["seat"] == seat
            words += [f"-{card}" for card in event["discards"]] if own else []
            words += [f"p{solve_seat[event['seat']]}:draws", str(event["count"])]
            words += [f"+{card}" for card in event["received"]] if own else []
        elif kind == "round":
            words.append("/")
    return " ".join(words)


def fields(record) -> tuple:
    n = record.n_moves
    return (
        record.seat,
        sorted(record.dealt),
        list(record.moves)[:n],
        [sorted(row) for row in record.thrown],
        [list(row) for row in record.received],
    )


def test_the_seats_record_is_the_solves_information_state_on_random_hands() -> None:
    rng = random.Random(44)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    checked = 0
    for number in range(150):
        hand = Hand([100, 100], number % 2, FixedLimit(2, 4), blinds=(1, 2), seed=rng.getrandbits(32))
        while hand.actor is not None:
            seat = hand.actor
            view = view_of(hand, seat)
            mine = _record_of(view)
            assert mine is not None
            theirs = sampled_view_of(solve_words(hand, seat))
            assert fields(mine[0]) == fields(theirs), solve_words(hand, seat)
            assert mine[1] == sorted(ID[card] for card in hand.hands[seat])
            checked += 1
            hand.act(bots[seat](view))
    assert checked > 600


BLINDS: Stakes = {"structure": FixedLimit(2, 4), "blinds": (1, 2)}


@pytest.mark.parametrize(
    ("stakes", "scaled_stakes"),
    [
        (BLINDS, {"structure": FixedLimit(10, 20), "blinds": (5, 10)}),
        ({"structure": FixedLimit(2, 4), "ante": 1}, {"structure": FixedLimit(20, 40), "ante": 10}),
    ],
)
def test_it_plays_the_strategy_heads_up_at_any_multiple_of_the_stakes(
    stakes: Stakes, scaled_stakes: Stakes
) -> None:
    bot = SolverBot(seed=5)
    scale = scaled_stakes["structure"].big_bet // 4
    for number in range(40):
        small = Hand([100, 100], number % 2, seed=number, **stakes)
        large = Hand([100 * scale, 100 * scale], number % 2, seed=number, **scaled_stakes)
        while small.actor is not None:
            seat = small.actor
            advice = bot.advice(view_of(small, seat))
            scaled = bot.advice(view_of(large, seat))
            assert advice is not None
            assert scaled is not None
            assert abs(sum(share for _, share in advice) - 1) < 1e-9
            assert all(share > 0 for _, share in advice)
            assert [share for _, share in advice] == [share for _, share in scaled]
            for (action, _), (big, _) in zip(advice, scaled, strict=True):
                if isinstance(action, tuple) and action[0] == "raise":
                    assert big == ("raise", action[1] * scale)
                else:
                    assert big == action
            small.act(advice[0][0])
            large.act(scaled[0][0])


def test_the_two_games_are_played_by_their_own_strategies() -> None:
    blinds, ante = Blueprint.shipped()
    hand = Hand([100, 100], 1, FixedLimit(2, 4), ante=1, seed=3)
    view = view_of(hand, hand.actor)  # type: ignore[arg-type]
    assert SolverBot(blueprints=[blinds]).advice(view) is None
    advice = SolverBot(blueprints=[ante]).advice(view)
    assert advice is not None
    assert advice == SolverBot().advice(view)


def test_its_advice_is_legal_and_what_it_plays() -> None:
    bot = SolverBot(seed=9)
    for number in range(30):
        hand = Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), seed=1000 + number)
        while hand.actor is not None:
            view = view_of(hand, hand.actor)
            advice = dict(bot.advice(view) or ())
            legal = view.legal
            for action in advice:
                if legal.draw:
                    assert action[0] == "draw"
                    assert set(action[1]) <= set(view.cards)
                elif action == "fold":
                    assert legal.call
                elif action == "check":
                    assert legal.check
                elif action == "call":
                    assert legal.call
                else:
                    assert action == ("raise", legal.min_raise_to)
            played = bot(view)
            assert played in advice
            hand.act(played)


def test_elsewhere_it_plays_as_the_draw_bot_and_says_it_has_no_advice() -> None:
    tables = [
        Hand([100] * 3, 0, FixedLimit(2, 4), blinds=(1, 2), seed=1),  # three seats
        Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 3), seed=2),  # other blinds
        Hand([100, 100], 1, FixedLimit(2, 4, cap=3), blinds=(1, 2), seed=3),  # another cap
        Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), ante=1, seed=4),  # an ante and blinds
        Hand([100, 100], 1, FixedLimit(2, 4), ante=2, seed=4),  # an ante of a small bet
        Hand([100, 100], 1, FixedLimit(2, 4), seed=5),  # no blinds
        Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), seed=6, game=BADEUCY),  # another game
        Hand([100, 100], 1, FixedLimit(3, 6), blinds=(1, 3), seed=7),  # not the blueprint's shape
    ]
    for hand in tables:
        bot, draw = SolverBot(seed=3), DrawBot(seed=3)
        while hand.actor is not None:
            view = view_of(hand, hand.actor)
            assert bot.advice(view) is None
            action = bot(view)
            assert action == draw(view)
            hand.act(action)


def test_a_short_stack_all_in_hands_the_rest_to_the_draw_bot() -> None:
    found = False
    for seed in range(200):
        hand = Hand([5, 100], 1, FixedLimit(2, 4), blinds=(1, 2), seed=seed)
        bot = SolverBot(seed=seed)
        while hand.actor is not None:
            view = view_of(hand, hand.actor)
            if any(e.get("all_in") for e in view.history):
                assert bot.advice(view) is None
                found = True
            hand.act(bot(view))
        if found:
            break
    assert found


def test_it_beats_a_random_bot_heads_up() -> None:
    match = Match([SolverBot(seed=1), RandomBot(seed=2)], hands=200, seed=8)
    match.run()
    assert match.chips[0] > match.chips[1]


@pytest.mark.parametrize("view", [None, 3, "view", {"seat": 0}, object()])
def test_garbage_is_refused_by_name(view: object) -> None:
    bot = SolverBot(seed=1)
    with pytest.raises(GameSetupError, match="SeatView"):
        bot.advice(view)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="SeatView"):
        bot(view)  # type: ignore[arg-type]


def test_a_seat_not_to_act_and_bad_arguments_are_refused() -> None:
    hand = Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), seed=1)
    idle = view_of(hand, 1 - hand.actor)  # type: ignore[operator]
    assert isinstance(idle, SeatView)
    with pytest.raises(IllegalActionError):
        SolverBot().advice(idle)
    for seed in (-1, 1.5, "1", True):
        with pytest.raises(GameSetupError, match="seed"):
            SolverBot(seed=seed)  # type: ignore[arg-type]
    for blueprints in ("shipped", [None], 3):
        with pytest.raises(GameSetupError, match="Blueprint"):
            SolverBot(blueprints=blueprints)  # type: ignore[arg-type]


def test_the_kind_copies_and_the_bot_pickles_and_plays_on_alike() -> None:
    bot = BOTS["solver"].make(seed=4)
    assert isinstance(bot, SolverBot)
    hand = Hand([100, 100], 1, FixedLimit(2, 4), blinds=(1, 2), seed=12)
    view = view_of(hand, hand.actor)  # type: ignore[arg-type]
    twin = pickle.loads(pickle.dumps(bot))
    other = copy.deepcopy(bot)
    played = [bot(view) for _ in range(20)]
    assert played == [twin(view) for _ in range(20)]
    assert played == [other(view) for _ in range(20)]
