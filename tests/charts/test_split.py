"""badugi.charts for the split games: five-card starting hands and their vs-random rows.

The classes are checked against a numpy brute force over every five-card hand
(tests/five_card_hands.py's sweep, its own relabelling); the rows against an
exact count of every opponent hand standing pat, and against the equity layer
on the same spot with other seeds.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
import pickle
import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from badugi import InvalidHandError
from badugi.cards import card_id, parse_cards
from badugi.charts import (
    StartingHand,
    TableFileError,
    VsRandomTable,
    canonical_hands,
    starting_hand,
    vs_random,
)
from badugi.charts._hands import relabellings
from badugi.games import BADACEY, BADEUCY, BADUGI, Game
from tests.charts.simulated_rows import simulated_share
from tests.five_card_hands import HANDS, all_hands

SPLIT = [BADEUCY, BADACEY]


def _ids(hand: StartingHand) -> list[int]:
    return sorted(card_id(c) for c in hand.cards)


def _key(ids: list[int]) -> int:
    key = 0
    for c in sorted(ids):
        key = key * 52 + c
    return key


@cache
def _brute_force_keys() -> np.ndarray:
    """Every five-card hand's class key: the least over its 24 relabellings of its sorted ids, base 52."""
    hands = all_hands().astype(np.int64)
    ranks, suits = hands // 4, hands % 4
    best = None
    for permutation in itertools.permutations(range(4)):
        relabelled = np.sort(ranks * 4 + np.array(permutation)[suits], axis=1)
        key = relabelled[:, 0]
        for column in range(1, 5):
            key = key * 52 + relabelled[:, column]
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return best


@pytest.mark.slow
def test_every_five_card_class_and_its_count_against_a_brute_force() -> None:
    classes, counts = np.unique(_brute_force_keys(), return_counts=True)
    expected = dict(zip(classes.tolist(), counts.tolist(), strict=True))
    for game in SPLIT:
        hands = canonical_hands(game)
        assert len(hands) == len(expected) == 134_459
        assert {_key(_ids(h)): h.count for h in hands} == expected


def test_each_representative_is_the_least_of_its_class_and_the_counts_cover_every_hand() -> None:
    # Distinct representatives, each the least of its own relabellings, whose
    # classes' sizes add up to every hand: so the classes are every hand, once.
    hands = canonical_hands(BADEUCY)
    assert len({h.cards for h in hands}) == len(hands) == 134_459
    assert sum(h.count for h in hands) == HANDS
    for h in random.Random(5).sample(hands, 3000):
        ids = tuple(_ids(h))
        members = relabellings(ids)
        assert members[0] == ids
        assert len(members) == h.count


@pytest.mark.parametrize("game", SPLIT, ids=lambda g: g.name)
def test_the_order_is_by_the_halves_ranks_then_ids_and_the_fields_agree(game: Game) -> None:
    hands = canonical_hands(game)
    keys = [(game.rank(_ids(h)), _ids(h)) for h in hands[::97]]
    assert keys == sorted(keys)
    assert [h.index for h in hands] == list(range(len(hands)))
    for h in hands[:30] + hands[-30:] + hands[::5000]:
        assert h.name == " / ".join(v.name for v in game.evaluate(h.cards))
        assert list(h.cards) == sorted(h.cards, key=card_id, reverse=True)
        assert h.game is game
    assert hands[0].text == ("7c 5s 4h 3d 2c" if game is BADEUCY else "5c 4s 3h 2d Ac")


@pytest.mark.parametrize("game", SPLIT, ids=lambda g: g.name)
def test_starting_hand_finds_the_class_of_any_hand(game: Game) -> None:
    by_key = {_key(_ids(h)): h for h in canonical_hands(game)}
    rng = random.Random(12)
    for _ in range(2000):
        ids = rng.sample(range(52), 5)
        least = min(_key([c - c % 4 + p[c % 4] for c in ids]) for p in itertools.permutations(range(4)))
        assert starting_hand(ids, game) is by_key[least]
    assert starting_hand("Kh Qh Jh Th 9h", game).text == "Kc Qc Jc Tc 9c"


def test_starting_hands_of_a_game_pickle_copy_and_are_checked() -> None:
    hand = canonical_hands(BADEUCY)[777]
    for clone in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
        assert clone == hand
        assert clone.game is BADEUCY
    assert "game=badugi.games.BADEUCY" in repr(hand)
    assert "game" not in repr(canonical_hands()[0])
    rebuilt = StartingHand(hand.cards, hand.count, hand.index, hand.name, game=BADEUCY)
    assert rebuilt == hand
    with pytest.raises(InvalidHandError, match="index"):
        StartingHand(hand.cards, hand.count, 134_459, hand.name, game=BADEUCY)
    with pytest.raises(InvalidHandError, match="cards"):
        StartingHand(hand.cards[:4], hand.count, 1, hand.name, game=BADEUCY)
    with pytest.raises(InvalidHandError, match="name"):
        StartingHand(hand.cards, hand.count, hand.index, hand.name.split(" / ")[0], game=BADEUCY)
    with pytest.raises(InvalidHandError, match="game"):
        StartingHand(hand.cards, hand.count, hand.index, hand.name, game="holdem")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "garbage", [None, 3, 2.5, True, "Ah 2s 3d 4c", "Ah 2s 3d 4c 5h 6d", "Ah Ah 2s 3d 4c", iter([1, 2]), {}]
)
def test_starting_hand_of_a_split_game_refuses_garbage(garbage: object) -> None:
    with pytest.raises(InvalidHandError):
        starting_hand(garbage, BADEUCY)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [None, "holdem", 5, BADUGI.halves, object()])
def test_a_table_refuses_what_is_not_a_game(game: object) -> None:
    with pytest.raises(InvalidHandError, match="game"):
        vs_random(1, 100, hands=["Ac 2d 3h 4s"], game=game)  # type: ignore[arg-type]


def test_a_game_of_ones_own_is_no_tables_game() -> None:
    mine = Game("mine", title="Mine", hand_size=5, draws=3, halves=BADEUCY.halves, odd_chip_half=1)
    with pytest.raises(InvalidHandError, match=r"one of badugi\.games"):
        vs_random(1, 100, hands=["Ac 2d 3h 4s 5c"], game=mine)


def test_a_split_games_hands_are_its_own() -> None:
    with pytest.raises(InvalidHandError, match="hand 0"):
        vs_random(1, 100, hands=["Ac 2d 3h 4s"], game=BADEUCY)
    with pytest.raises(InvalidHandError, match="same starting hand"):
        vs_random(1, 100, hands=["Ac 2d 3h 4s 9c", "Ad 2c 3h 4s 9d"], game=BADEUCY)


@cache
def _every_hand_ranks(game: Game) -> np.ndarray:
    """Each five-card hand's rank on each half, (2,598,960, halves)."""
    ranks = np.asarray(game.rank_many(all_hands()), dtype=np.int64)
    return ranks.reshape(HANDS, len(game.halves))


@cache
def _masks() -> np.ndarray:
    hands = all_hands().astype(np.int64)
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), hands), axis=1)


def _pat_share(game: Game, ids: list[int]) -> float:
    """The hand's mean share against every hand of the other 47 cards, counted: each half half the pot."""
    mask = sum(1 << c for c in ids)
    theirs = _every_hand_ranks(game)[(_masks() & mask) == 0]
    assert len(theirs) == math.comb(47, 5)
    mine = np.array(game.rank(ids))
    halves = (theirs > mine) + 0.5 * (theirs == mine)  # each half's share
    return float(halves.mean())  # each half is an even share of the pot: their mean


@pytest.mark.parametrize("game", SPLIT, ids=lambda g: g.name)
def test_standing_pat_rows_against_counting_every_other_hand(game: Game) -> None:
    hands = [h.cards for h in canonical_hands(game)[::26_000]]
    table = vs_random(3, 20_000, "pat", seed=3, hands=hands, game=game)
    shown = vs_random(0, 20_000, "best", seed=3, hands=hands, game=game)
    assert not table.exact
    assert [r.equity for r in table.rows] == [r.equity for r in shown.rows]  # the same showdown
    for row in table.rows:
        exact = _pat_share(game, parse_cards(row.hand))
        assert abs(row.equity - exact) < 4.5 * row.std_error + 1e-9, (row.hand, row.equity, exact)


@pytest.mark.parametrize("game", SPLIT, ids=lambda g: g.name)
def test_the_random_hand_plays_what_it_is_dealt(game: Game) -> None:
    hands = [h.cards for h in canonical_hands(game)[3_000::45_000]]
    table = vs_random(1, 20_000, "best", seed=9, hands=hands, game=game)
    deals = 700
    for row in table.rows:
        simulated = simulated_share(row.hand, game, 1, deals, seed=len(row.hand))
        error = math.sqrt(max(row.equity * (1 - row.equity), 0.01) / deals + row.std_error**2)
        assert abs(simulated - row.equity) < 4.5 * error, (row.hand, simulated, row.equity)


def test_a_slice_holds_the_numbers_of_the_larger_table() -> None:
    hands = [h.cards for h in canonical_hands(BADEUCY)[::15_000]]
    whole = vs_random(2, 1500, "table", seed=4, hands=hands, chunk_size=3, game=BADEUCY)
    part = vs_random(2, 1500, "table", seed=4, hands=hands[3:6], chunk_size=1, game=BADEUCY)
    by_hand = {r.hand: r for r in whole.rows}
    for row in part.rows:  # the percentiles are each table's own
        full = by_hand[row.hand]
        assert (row.equity, row.std_error, row.win, row.tie) == (
            full.equity,
            full.std_error,
            full.win,
            full.tie,
        )
    assert isinstance(whole, VsRandomTable)
    assert whole.game is BADEUCY
    assert "game=badugi.games.BADEUCY" in repr(whole)
    assert pickle.loads(pickle.dumps(whole)) == whole
    assert whole.row(hands[4]).hand == starting_hand(hands[4], BADEUCY).text
    with pytest.raises(InvalidHandError):
        whole.row("Ac 2d 3h 4s")  # a Badugi hand is no hand of the table's game


def test_the_manifest_names_a_split_game_and_badugis_names_none(tmp_path: Path) -> None:
    hands = [h.cards for h in canonical_hands(BADACEY)[::50_000]]
    out = tmp_path / "badacey.csv"
    first = vs_random(1, 800, "best", seed=2, hands=hands, out=out, game=BADACEY)
    recorded = json.loads((tmp_path / "badacey.csv.chunks" / "manifest.json").read_text())
    assert recorded["game"] == "badacey"
    again = vs_random(1, 800, "best", seed=2, hands=hands, out=out, game=BADACEY)  # read back
    assert again == first
    with pytest.raises(TableFileError):  # the same file for another game's table
        vs_random(1, 800, "best", seed=2, hands=hands, out=out, game=BADEUCY)
    badugi_out = tmp_path / "badugi.csv"
    vs_random(0, hands=["Ac 2d 3h 4s"], out=badugi_out)
    assert "game" not in json.loads((tmp_path / "badugi.csv.chunks" / "manifest.json").read_text())


def test_the_command_line_writes_and_draws_a_split_games_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from badugi.cli import main  # noqa: PLC0415

    hands = ["Ac2d3h4s7c", "Kc9d4h2s2c", "KcKdKhKs7d"]
    out = tmp_path / "t.csv"
    args = ["table", "vs-random", *hands, "--game", "badeucy", "--draws", "1", "--samples", "1500"]
    assert main([*args, "--seed", "3", "--out", str(out), "--no-progress"]) == 0
    assert capsys.readouterr().out == (
        f"{out}: Badeucy, 3 starting hands against a random hand, 1 draw, strategy best: "
        "Monte Carlo, 1,500 deals each, seed 3\n"
        "its percentiles rank these 3 starting hands among themselves, "
        "not among all 134,459 starting hands of Badeucy\n"
    )
    expected = vs_random(1, 1500, "best", seed=3, hands=hands, game=BADEUCY)
    assert out.read_text() == expected.to_csv()
    assert (
        main(["table", "vs-random", "Ac2d3h4s", "--game", "badeucy", "--out", str(tmp_path / "u.csv")]) == 2
    )
    assert "hand 0" in capsys.readouterr().err

    pytest.importorskip("matplotlib")
    chart = tmp_path / "c.png"
    assert main(["table", "plot", str(out), "--out", str(chart)]) == 0  # the game from the manifest
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()
    alone = tmp_path / "alone.csv"
    alone.write_text(out.read_text())  # no chunk folder beside it to name the game
    assert main(["table", "plot", str(alone), "--out", str(chart)]) == 2
    assert "give the game (badeucy or badacey)" in capsys.readouterr().err
    assert main(["table", "plot", str(alone), "--out", str(chart), "--game", "badacey"]) == 0
    capsys.readouterr()
    assert main(["table", "plot", str(alone), "--out", str(chart), "--game", "badugi"]) == 2
    assert "line 2: not a row of a vs-random table of Badugi" in capsys.readouterr().err


def test_the_charts_columns_are_the_low_halfs_top_card_best_first_then_pairs() -> None:
    pytest.importorskip("matplotlib")
    from badugi.charts.plot import Hand, _columns  # noqa: PLC0415

    rows = [
        ("7c 5s 4h 3d 2c", "7"),
        ("Kc 9s 4h 3d 2c", "K"),
        ("Ac 9s 4h 3d 2c", "A"),
        ("6c 5s 4h 3d 2c", "pair+"),
    ]
    rows += [("Kc Ks 4h 3d 2c", "pair+"), ("Kc Qc 9c 4c 2c", "pair+")]  # a pair, a straight, a flush
    hands = [Hand(text, 24, 0.5, 50.0, BADEUCY) for text, _ in rows]
    assert [h.column for h in hands] == [column for _, column in rows]
    assert _columns(hands, BADEUCY) == ["7", "K", "A", "pair+"]  # aces are high in 2-7
    badacey = [Hand(text, 24, 0.5, 50.0, BADACEY) for text, _ in rows]
    assert [h.column for h in badacey] == ["7", "K", "9", "6", "pair+", "K"]  # no straights nor flushes
    assert _columns(badacey, BADACEY) == ["6", "7", "9", "K", "pair+"]


def test_what_the_review_found_is_refused_or_said_right(tmp_path: Path) -> None:
    # A Badugi folder's refusal names Badugi (its manifest names no game), not None.
    out = tmp_path / "b.csv"
    vs_random(1, 200, "best", seed=1, hands=["Kh 7d 3s 2h"], out=out)
    with pytest.raises(TableFileError, match="game 'badugi', not 'badeucy'"):
        vs_random(1, 200, "best", seed=1, hands=["Kh 7d 3s 2h Ad"], out=out, game=BADEUCY)
    # The lookups take the tables' games only, and say why a game of one's own is none.
    mine = Game("deuce", title="Deuce", hand_size=5, draws=3, halves=BADEUCY.halves[1:], odd_chip_half=0)
    for call in (
        lambda: canonical_hands(mine),
        lambda: starting_hand("Ac 2d 3h 4s 5c", mine),
        lambda: vs_random(1, 100, hands=["Ac 2d 3h 4s 5c"], game=mine),
    ):
        with pytest.raises(InvalidHandError, match="a Game of its own named 'deuce'"):
            call()
    # A table's game and a starting hand's fields are checked.
    rows = vs_random(1, 100, "best", seed=1, hands=["Kh 7d 3s 2h Ad"], game=BADEUCY).rows
    with pytest.raises(InvalidHandError, match="game"):
        VsRandomTable(draws=1, strategy="best", samples=100, seed=1, rows=rows, game=None)  # type: ignore[arg-type]
    hand = starting_hand("Kh 7d 3s 2h Ad", BADEUCY)
    with pytest.raises(InvalidHandError, match="representative"):
        StartingHand(("Kh", "7d", "3s", "2h", "Ad"), hand.count, hand.index, hand.name, BADEUCY)
    with pytest.raises(InvalidHandError, match="count and index"):
        StartingHand(hand.cards, 3, hand.index, hand.name, BADEUCY)


def test_a_chart_of_another_game_than_its_folder_names_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from badugi.charts.plot import plot_file  # noqa: PLC0415

    out = tmp_path / "c.csv"
    vs_random(1, 100, "best", seed=1, hands=["Kh 7d 3s 2h Ad"], out=out, game=BADEUCY)
    with pytest.raises(TableFileError, match="a table of Badeucy, its chunk folder says, not of Badacey"):
        plot_file(out, tmp_path / "c.png", BADACEY)
    plot_file(out, tmp_path / "c.png", BADEUCY)  # the same game: drawn
