"""Public value constructors build a right, immutable value or raise InvalidHandError naming the field."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import numpy as np
import pytest

import badugi
from badugi import InvalidHandError
from badugi._fields import MAX_CHIPS
from badugi.cards import quote
from badugi.charts import StartingHand, canonical_hands
from badugi.engine._checks import MAX_CHIPS as ENGINE_MAX_CHIPS
from badugi.equity.values import BestDiscard, DrawOdds, DrawOption, DrawView, Equity
from badugi.games import Game
from badugi.pots import Pot, PotHalf
from badugi.ranking import scales
from badugi.ranking.scale_value import ScaleValue
from badugi.showdown import Showdown
from tests.stable_ids import stable

HUGE = 10**5000


class _Index:
    def __init__(self, value: object) -> None:
        self.value = value

    def __index__(self) -> object:
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


JUNK_INTS = [
    None,
    True,
    np.bool_(True),
    1.0,
    np.float64(1.0),
    "1",
    b"1",
    -1,
    HUGE,
    _Index("x"),
    _Index(ValueError()),
]


def _same_after_copies(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    repr(value)
    str(value)


def test_the_chip_cap_is_the_engine_s() -> None:
    assert MAX_CHIPS == ENGINE_MAX_CHIPS


# --- showdown's own arguments --------------------------------------------------------------


HANDS = ["Ah2s3d4c", "KcKdKhKs"]


@pytest.mark.parametrize(
    "kwargs", [{"button": HUGE}, {"button": 0, "last_aggressor": HUGE}], ids=["button", "aggr"]
)
def test_showdown_names_a_huge_seat_briefly(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match=r"out of range 0\.\.1") as info:
        badugi.showdown(HANDS, [10, 20], **kwargs)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"contributions": [HUGE, 10]}, "above 2\\*\\*63-1"),
        ({"contributions": [2**63, 10]}, "above 2\\*\\*63-1"),
        ({"carry": HUGE}, "carry must be an int in 0..2\\*\\*63-1"),
        ({"carry": 2**63}, "carry must be an int in 0..2\\*\\*63-1"),
        ({"contributions": [2**62, 2**62]}, "more than 2\\*\\*63-1 chips"),
        ({"contributions": [2**62, 2**62 - 1], "carry": 1}, "more than 2\\*\\*63-1 chips"),
        ({"contributions": {10, 25}}, "sequence in seat order"),
        ({"contributions": frozenset({10, 25})}, "sequence in seat order"),
        ({"contributions": {0: 10, 1: 25}}, "sequence in seat order"),
    ],
    ids=stable(quote),
)
def test_showdown_refuses_chips_beyond_the_cap_and_unordered_contributions(
    kwargs: dict[str, Any], message: str
) -> None:
    args = {"contributions": [10, 20], "carry": 0} | kwargs
    with pytest.raises(InvalidHandError, match=message):
        badugi.showdown(HANDS, args["contributions"], 0, carry=args["carry"])


def test_showdown_at_the_cap_prints() -> None:
    result = badugi.showdown(HANDS, [2**62, 2**62 - 1], 0, carry=0)
    assert sum(result.payouts) == MAX_CHIPS
    repr(result)
    _same_after_copies(result)
    result = badugi.showdown(HANDS, [np.int64(5), _Index(7)], np.int64(1), carry=np.uint8(3))
    assert result.payouts == (13, 2)  # seat 1's uncalled 2 goes back
    assert all(type(x) is int for x in (*result.payouts, result.carried))


# --- Pot, PotHalf, Showdown -------------------------------------------------------------------


def test_pot_values_rebuild_equal_from_their_fields() -> None:
    result = badugi.showdown(["Ah2s3d4c", "Ad2c3h4s", "KcKdKhKs"], [5, 9, 9], 2, game=badugi.games.BADUGI)
    for pot in result.pots:
        for half in pot.halves:
            assert PotHalf(half.scale, half.amount, list(half.winners), list(half.shares)) == half
        assert Pot(pot.amount, pot.eligible, pot.winners, pot.shares, pot.halves) == pot
    rebuilt = Showdown(
        result.payouts, result.pots, result.order, result.returned, result.dead, carried=result.carried
    )
    assert rebuilt == result
    _same_after_copies(rebuilt)
    numpy_made = PotHalf("badugi", np.int64(4), np.array([1, 0]), (np.int32(2), 2))
    assert numpy_made == PotHalf("badugi", 4, (1, 0), (2, 2))
    assert all(type(x) is int for x in numpy_made.winners + numpy_made.shares + (numpy_made.amount,))


@pytest.mark.parametrize(
    "build",
    [
        lambda: PotHalf(None, 4, (0,), (4,)),
        lambda: PotHalf("high", 4, (0,), (4,)),
        lambda: PotHalf("badugi", None, (0,), (4,)),
        lambda: PotHalf("badugi", HUGE, (0,), (HUGE,)),
        lambda: PotHalf("badugi", 4, None, (4,)),
        lambda: PotHalf("badugi", 4, {0}, (4,)),
        lambda: PotHalf("badugi", 4, iter([0]), (4,)),
        lambda: PotHalf("badugi", 4, "0", (4,)),
        lambda: PotHalf("badugi", 4, (0,), (3,)),
        lambda: PotHalf("badugi", 4, (0, 0), (2, 2)),
        lambda: PotHalf("badugi", 4, (), ()),
        lambda: PotHalf("badugi", 4, (0, 1), (4,)),
        lambda: PotHalf("badugi", 4, (-1,), (4,)),
        lambda: PotHalf("badugi", 4, (True,), (4,)),
        lambda: PotHalf("badugi", 4, (0,), (4.0,)),
        lambda: Pot("x", None, None, None),
        lambda: Pot(4, (1, 0), (), ()),
        lambda: Pot(4, (0, 1), (0,), (4,)),  # winners without halves
        lambda: Pot(4, (0, 1), (2,), (4,), (PotHalf("badugi", 4, (2,), (4,)),)),
        lambda: Pot(4, (0, 1), (0,), (4,), (PotHalf("badugi", 3, (0,), (3,)),)),
        lambda: Pot(4, (0, 1), (0,), (4,), (PotHalf("badugi", 4, (1,), (4,)),)),
        lambda: Pot(4, (0, 1), (0,), (4,), ("half",)),
        lambda: Pot(4, (0, 1), (0,), (4,), None),
        lambda: Showdown(None, (), (), (), ()),
        lambda: Showdown((), (), (), (), ()),
        lambda: Showdown((4, 0), (), (0, 1), (0,), ()),
        lambda: Showdown((4, 0), (), (0, 2), (0, 0), ()),
        lambda: Showdown((4, 0), (), (0, 0), (0, 0), ()),
        lambda: Showdown((4, 0), (), (0, 1), (0, 0), (1, 1)),
        lambda: Showdown((4, 0), (), (0,), (0, 0), (1,)),
        lambda: Showdown((4, 0), ("pot",), (0, 1), (0, 0), ()),
        lambda: Showdown((4, 0), (), (0, 1), (0, 0), (), carried=None),
        lambda: Showdown((4, 0), (), (0, 1), (0, 0), (), carried=HUGE),
        lambda: Showdown((4, 0), (Pot(4, (0, 1), (), ()),), (0, 1), (0, 0), ()),  # carried 0 but a pot unwon
        lambda: Showdown(
            (3, 0), (Pot(4, (0, 1), (0,), (4,), (PotHalf("badugi", 4, (0,), (4,)),)),), (0, 1), (0, 0), ()
        ),
        lambda: Showdown((4, 0), (Pot(4, (0, 5), (), ()),), (0, 1), (0, 0), (), carried=4),
    ],
)
def test_pot_values_refuse_bad_fields(build: Any) -> None:
    with pytest.raises(InvalidHandError, match=r"(Pot|PotHalf|Showdown)\b"):
        build()


# --- Game ------------------------------------------------------------------------------------


def _game(**changes: Any) -> Game:
    fields: dict[str, Any] = {
        "title": "G",
        "hand_size": 4,
        "draws": 1,
        "halves": (scales.BADUGI,),
        "odd_chip_half": 0,
    }
    name = changes.pop("name", "g")
    return Game(name, **(fields | changes))


@pytest.mark.parametrize(
    "changes",
    [
        {"name": None},
        {"name": ""},
        {"title": 5},
        {"hand_size": None},
        {"hand_size": 3},
        {"hand_size": 6},
        {"hand_size": True},
        {"hand_size": 4.0},
        {"hand_size": HUGE},
        {"draws": -1},
        {"draws": 4},
        {"draws": 10**6},
        {"draws": None},
        {"draws": 1.0},
        {"halves": None},
        {"halves": ()},
        {"halves": [scales.BADUGI] * 17},
        {"halves": ("badugi",)},
        {"halves": {scales.BADUGI}},
        {"halves": (scales.LOW_27,)},  # 2-7 ranks five cards, not four
        {"hand_size": 5, "halves": (scales.BADUGI, scales.LOW_27), "odd_chip_half": 2},
        {"odd_chip_half": 1},
        {"odd_chip_half": -1},
        {"odd_chip_half": 5},
        {"odd_chip_half": None},
        {"odd_chip_half": HUGE},
        {"odd_chip_half": _Index(ValueError())},
    ],
    ids=stable(quote),
)
def test_game_refuses_a_bad_description(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match="Game") as info:
        _game(**changes)
    assert len(str(info.value)) < 300


def test_a_game_made_by_a_caller_plays_showdowns_and_pickles() -> None:
    game = _game(draws=np.int64(0), odd_chip_half=np.int64(0), halves=[scales.BADUGI])
    assert (type(game.draws), type(game.odd_chip_half), game.halves) == (int, int, (scales.BADUGI,))
    assert badugi.showdown(HANDS, [1, 1], 0, game=game).payouts == (2, 0)
    _same_after_copies(game)
    split = _game(hand_size=5, halves=(scales.BADUGI_ACE_HIGH, scales.LOW_27, scales.LOW_27), odd_chip_half=2)
    _same_after_copies(split)
    assert pickle.loads(pickle.dumps(split)).halves == split.halves
    assert "Game('g'" in repr(split)
    for library_game in badugi.games.GAMES.values():
        assert pickle.loads(pickle.dumps(library_game)) is library_game
    # A caller's game named like one of the library's is still its own game.
    mine = _game(name="badugi", draws=2)
    assert pickle.loads(pickle.dumps(mine)) == mine
    assert pickle.loads(pickle.dumps(mine)) is not badugi.games.BADUGI


# --- Scale -----------------------------------------------------------------------------------


def test_scale_gives_back_the_library_s_own_scales() -> None:
    for scale in scales.SCALES:
        assert scales.Scale(scale.name, scale._code, scale.sizes) is scale
        assert scales.Scale(scale.name, np.int64(scale._code), list(scale.sizes)) is scale
        assert pickle.loads(pickle.dumps(scale)) is scale


@pytest.mark.parametrize(
    "args",
    [
        ("x", 99, (5,)),
        ("2-7", 0, (4, 5)),  # the badugi scale's code under the 2-7 name
        ("2-7", scales.LOW_27._code, (4, 5)),
        ("2-7", scales.LOW_27._code, (5, 4)),
        ("2-7", scales.LOW_27._code, "5"),
        ("x", 2**40, (5,)),
        ("x", None, None),
        (None, None, None),
        (HUGE, HUGE, HUGE),
        ("2-7", True, (5,)),
        ("2-7", 2.0, (5,)),
        ("2-7",),
        (),
        ("2-7", 2, (5,), 1),
    ],
    ids=stable(quote),
)
def test_scale_refuses_anything_but_a_library_scale(args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidHandError, match="Scale") as info:
        scales.Scale(*args)
    assert len(str(info.value)) < 300


def test_scale_takes_numpy_integers_for_ranks_and_widths() -> None:
    assert scales.BADUGI.describe(np.int64(5)) == scales.BADUGI.describe(5)
    assert scales.LOW_27.describe(_Index(7)) == scales.LOW_27.describe(7)
    flat = bytes([0, 4, 8, 13])
    assert list(scales.BADUGI.rank_many(flat, cards_per_hand=np.int64(4))) == [scales.BADUGI.rank(list(flat))]
    five = bytes([0, 4, 8, 12, 17])
    expected = [scales.BADUGI.rank(list(five)), scales.LOW_27.rank(list(five))]
    assert list(scales.rank_many_on([scales.BADUGI, "2-7"], five, cards_per_hand=np.int64(5))) == expected
    for bad in (True, 5.0, "5", HUGE, 0):
        with pytest.raises(InvalidHandError):
            scales.BADUGI.describe(bad)


@pytest.mark.parametrize(
    "given",
    [
        itertools.repeat("2-7"),
        ["2-7"] * 17,
        {scales.LOW_27, scales.BADUGI},
        frozenset({scales.LOW_27}),
        {"2-7": 0},
        "2-7",
        b"2-7",
        scales.LOW_27,
        [],
        iter([]),
        5,
        None,
    ],
    ids=stable(quote),
)
def test_rank_many_on_refuses_unordered_endless_or_empty_scales(given: object) -> None:
    with pytest.raises(InvalidHandError, match="scales"):
        scales.rank_many_on(given, [[0, 4, 8, 12, 17]])  # type: ignore[arg-type]


def test_rank_many_on_reads_scales_from_any_ordered_iterable() -> None:
    hand = [[0, 4, 8, 12, 17]]
    expected = [scales.LOW_27.rank(hand[0]), scales.BADUGI.rank(hand[0])]
    assert list(scales.rank_many_on(iter(["2-7", scales.BADUGI]), hand)) == expected
    assert list(scales.rank_many_on(("2-7",) * 16, hand)) == [expected[0]] * 16


# --- HandValue and ScaleValue --------------------------------------------------------------------


def test_hand_and_scale_values_rebuild_equal_from_their_fields() -> None:
    rng = random.Random(5)
    for _ in range(500):
        hand = rng.sample(range(52), 5)
        value = badugi.evaluate(hand[:4])
        rebuilt = badugi.HandValue(np.int64(value.rank), value.size, list(value.cards))
        assert (rebuilt, rebuilt.cards, rebuilt.name) == (value, value.cards, value.name)
        assert type(rebuilt.cards) is tuple
        assert type(rebuilt.rank) is int
        for scale in scales.SCALES:
            on = scale.evaluate(hand)
            again = ScaleValue(on.scale, on.rank, list(on.cards), on.name)
            assert (again, again.cards, again.name) == (on, on.cards, on.name)
    _same_after_copies(rebuilt)
    _same_after_copies(again)


@pytest.mark.parametrize(
    "args",
    [
        (1, 4, ("Kc",)),
        (None, None, None),
        (HUGE, 4, ("Ah",)),
        (0, 1, ("Ac",)),
        (1093, 1, ("Kc",)),
        (True, 1, ("Ac",)),
        (1080.0, 1, ("Ac",)),
        (1080, 2, ("Ac",)),
        (1080, 1, ("Kc",)),
        (1080, 1, "Ac"),
        (1080, 1, (0,)),
        (1080, 1, ("As ",)),
        (1080, 1, ({"Ac"})),
        (1, 4, ("4c", "3d", "2h", "Ac")),  # two clubs
        (1, 4, ("Ac", "2h", "3d", "4s")),  # lowest first
        (1, 4, ("4c", "4d", "2h", "Ac")),
        (1, 4, ("4c", "3d", "2h", "Ac", "5s")),
    ],
    ids=stable(quote),
)
def test_hand_value_refuses_inconsistent_fields(args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidHandError, match="HandValue"):
        badugi.HandValue(*args)


SEVEN_FIVE = ("7s", "5h", "4d", "3c", "2s")


@pytest.mark.parametrize(
    "args",
    [
        (None, 1, SEVEN_FIVE, "7-5-4-3-2"),
        ("high", 1, SEVEN_FIVE, "7-5-4-3-2"),
        ("2-7", HUGE, SEVEN_FIVE, "7-5-4-3-2"),
        ("2-7", 7463, SEVEN_FIVE, "7-5-4-3-2"),
        ("2-7", 2, SEVEN_FIVE, "7-5-4-3-2"),
        ("2-7", 1, SEVEN_FIVE, "8-5-4-3-2"),
        ("2-7", 1, SEVEN_FIVE, None),
        ("2-7", 1, SEVEN_FIVE, np.array(["7-5-4-3-2"])),
        ("2-7", 1, ("5h", "7s", "4d", "3c", "2s"), "7-5-4-3-2"),
        ("2-7", 1, ("7s", "5s", "4s", "3s", "2s"), "7-5-4-3-2"),
        ("2-7", 1, SEVEN_FIVE[:4], "7-5-4-3-2"),
        ("badugi", 1092, ("Kc", "Kd"), "one-card K"),
        ("badugi", 1092, ("Qc",), "one-card K"),
        ("badugi", 1, ("4c", "3d", "2h", "Ac"), "4-3-2-A badugi"),
    ],
    ids=stable(quote),
)
def test_scale_value_refuses_inconsistent_fields(args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidHandError, match=r"ScaleValue|unknown scale"):
        ScaleValue(*args)


# --- BestDiscard, DrawOption, StartingHand ----------------------------------------------------


def test_best_discard_rebuilds_equal_from_its_fields() -> None:
    best = badugi.best_discard("Ah2s3d4d", draws=2)
    again = BestDiscard(
        [DrawOption(list(o.keep), o.discard, np.float64(o.expected)) for o in best.options], np.int64(2)
    )
    assert again == best
    assert type(again.draws) is int
    assert type(again.options[0].expected) is float
    _same_after_copies(again)
    assert BestDiscard(best.options[:1], 1).keep == best.keep


BEST = badugi.best_discard("Ah2s3d4d")


@pytest.mark.parametrize(
    "args",
    [
        ((), 1),
        (None, 1),
        (iter(BEST.options), 1),
        (BEST.options, 0),
        (BEST.options, 4),
        (BEST.options, True),
        (BEST.options, HUGE),
        (BEST.options[::-1], 1),
        (BEST.options + BEST.options[:1], 1),
        ((BEST.options[0], BEST.options[0]), 1),
        ((BEST.options[0], "x"), 1),
        ((BEST.options[0], badugi.best_discard("Kh2s3d4d").options[-1]), 1),
    ],
    ids=stable(quote),
)
def test_best_discard_refuses_bad_fields(args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidHandError, match="BestDiscard"):
        BestDiscard(*args)


@pytest.mark.parametrize(
    "args",
    [
        (("Ah",), ("2s", "3d"), 0.5),
        (("Ah", "Ah"), ("2s", "3d"), 0.5),
        (("Ah",), ("Ah", "3d", "4c"), 0.5),
        (("Ah",), ("2s", "3d", "4c"), float("nan")),
        (("Ah",), ("2s", "3d", "4c"), 1.5),
        (("Ah",), ("2s", "3d", "4c"), -0.1),
        (("Ah",), ("2s", "3d", "4c"), None),
        (("Ah",), ("2s", "3d", "4c"), True),
        (("Ah",), ("2s", "3d", "4c"), "0.5"),
        (("Ah",), ("2s", "3d", "4c"), HUGE),
        ("Ah", ("2s", "3d", "4c"), 0.5),
        ((0,), ("2s", "3d", "4c"), 0.5),
        (None, None, None),
    ],
    ids=stable(quote),
)
def test_draw_option_refuses_bad_fields(args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidHandError, match="DrawOption"):
        DrawOption(*args)


def test_starting_hand_checks_its_fields() -> None:
    first = canonical_hands()[0]
    again = StartingHand(list(first.cards), np.int64(first.count), first.index, first.name)
    assert again == first
    _same_after_copies(again)
    bad: list[tuple[Any, ...]] = [
        (("Ah",), 1, HUGE, "x"),
        (first.cards, 1, HUGE, first.name),
        (first.cards, 0, 0, first.name),
        (first.cards, 25, 0, first.name),
        (first.cards, True, 0, first.name),
        (first.cards, 1, 16_432, first.name),
        (first.cards, 1, -1, first.name),
        (first.cards, 1, 0, "x"),
        (first.cards, 1, 0, None),
        ("4s 3h 2d Ac", 1, 0, first.name),
        (("4s", "4s", "2d", "Ac"), 1, 0, first.name),
        (None, None, None, None),
    ]
    for args in bad:
        with pytest.raises(InvalidHandError, match="StartingHand"):
            StartingHand(*args)


# --- DrawOdds, Equity, DrawView -----------------------------------------------------------------


def _odds_fields(odds: DrawOdds) -> dict[str, Any]:
    return {
        "keep": odds.keep,
        "discard": odds.discard,
        "draws": odds.draws,
        "seed": odds.seed,
        "counts": odds._counts,
        "expected": odds.expected,
        "std_error": odds.std_error,
    }


def _equity_fields(result: Equity) -> dict[str, Any]:
    return {
        "equity": result.equity,
        "win": result.win,
        "tie": result.tie,
        "std_error": result.std_error,
        "samples": result.samples,
        "seed": result.seed,
    }


VIEW = {
    "player": 0,
    "cards": ("Kh", "Qd", "2c", "As"),
    "draws_left": 2,
    "discards": ("9h",),
    "dead": (),
    "draw_counts": ((1, 2), (1,)),
}


def test_equity_values_rebuild_equal_from_their_fields() -> None:
    for odds in (badugi.draw_odds("Ah2s3d4d"), badugi.draw_odds("Ah2s3d4d", draws=2, samples=50, seed=3)):
        again = DrawOdds(
            **(_odds_fields(odds) | {"counts": list(odds._counts), "draws": np.int8(odds.draws)})
        )
        assert again == odds
        assert again.samples == odds.samples
        _same_after_copies(again)
    for result in (
        badugi.equity(["Ah2s3d4c", "KcKdKhKs"], draws=0),
        badugi.equity(["Ah2s3d4c", "KcQdJh9s"], samples=50, seed=4),
    ):
        again = Equity(**_equity_fields(result))
        assert again == result
        _same_after_copies(again)
    view = DrawView(**(VIEW | {"player": np.int64(0), "cards": list(VIEW["cards"])}))
    assert view == DrawView(**VIEW)
    assert type(view.player) is int
    _same_after_copies(view)


ODDS = _odds_fields(badugi.draw_odds("Ah2s3d4d"))
RESULT = _equity_fields(badugi.equity(["Ah2s3d4c", "KcKdKhKs"], draws=0))


@pytest.mark.parametrize(
    "changes",
    [
        {"keep": None},
        {"keep": ("Ah", "Ah")},
        {"discard": ()},
        {"draws": -1},
        {"draws": 4},
        {"draws": None},
        {"seed": -1},
        {"seed": 2**64},
        {"seed": 1.0},
        {"counts": None},
        {"counts": (0,) * 1093},
        {"counts": (1,) * 1093},
        {"counts": (0, 1)},
        {"counts": (0, -1, *(1,) * 1091)},
        {"counts": (0, 1.0, *(1,) * 1091)},
        {"expected": float("nan")},
        {"expected": 2},
        {"std_error": None},
        {"std_error": -1.0},
    ],
    ids=stable(quote),
)
def test_draw_odds_refuses_bad_fields(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match="DrawOdds"):
        DrawOdds(**(ODDS | changes))


@pytest.mark.parametrize(
    "changes",
    [
        {"equity": None},
        {"equity": (1.0,)},
        {"equity": (0.5, 0.5, 0.0)},
        {"win": (0.5, float("nan"))},
        {"tie": (0.5, 2.0)},
        {"tie": {0.5, 0.25}},
        {"std_error": (0.0, "0")},
        {"samples": 0},
        {"samples": None},
        {"samples": 1.5},
        {"seed": -1},
        {"seed": HUGE},
    ],
    ids=stable(quote),
)
def test_equity_refuses_bad_fields(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match="Equity"):
        Equity(**(RESULT | changes))


@pytest.mark.parametrize(
    "changes",
    [
        {"player": -1},
        {"player": None},
        {"player": True},
        {"cards": ("Kh", "Qd", "2c")},
        {"cards": "Kh Qd 2c As"},
        {"draws_left": 0},
        {"draws_left": 4},
        {"discards": ("9h", "9h")},
        {"discards": None},
        {"dead": ("X",)},
        {"draw_counts": ((6,),)},
        {"draw_counts": ((1,), (1,), (1,), (1,))},
        {"draw_counts": (None,)},
    ],
    ids=stable(quote),
)
def test_draw_view_refuses_bad_fields(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match="DrawView"):
        DrawView(**(VIEW | changes))
