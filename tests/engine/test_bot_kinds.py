"""The one registry of bot kinds: what each builds, which games each plays, and its refusals."""

from __future__ import annotations

import copy
import pickle

import pytest

from badugi.cli.play._lineup import bot_kinds
from badugi.engine import BOTS, BotKind, DrawBot, Match, RandomBot, SimpleBot, SolverBot
from badugi.errors import GameSetupError
from badugi.games import BADACEY, BADEUCY, BADUGI, GAMES

BUILT = {"simple": SimpleBot, "random": RandomBot, "draw": DrawBot, "solver": SolverBot}


def test_each_kind_builds_its_bot() -> None:
    assert set(BOTS) == set(BUILT)
    for name, kind in BOTS.items():
        assert isinstance(kind, BotKind)
        assert kind.name == name
        assert isinstance(kind.make(seed=1), BUILT[name])
        assert isinstance(kind.make(), BUILT[name])
        assert kind.title
        assert kind.summary


def test_the_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        BOTS["mine"] = BOTS["simple"]  # type: ignore[index]


def test_a_seed_plays_the_same_way() -> None:
    def stacks(seed: int) -> tuple[int, ...]:
        players = [BOTS["random"].make(seed=seed), BOTS["random"].make(seed=seed + 1)]
        match = Match(players, hands=6, seed=11)
        match.run()
        return match.chips

    assert stacks(5) == stacks(5)
    assert any(stacks(5) != stacks(seed) for seed in range(6, 12))


def test_which_games_each_plays() -> None:
    for kind in ("simple", "random"):
        assert all(BOTS[kind].plays(game) for game in GAMES.values())
    for game in (BADUGI, BADEUCY, BADACEY):
        assert BOTS["draw"].plays(game)
    assert [BOTS["draw"].plays(g) for g in GAMES.values()] == [DrawBot.plays(g) for g in GAMES.values()]
    assert BOTS["draw"].plays("badugi")


@pytest.mark.parametrize("seed", [-1, 2**128, 1.5, "7", True, [], None.__class__])
def test_a_bad_seed_is_refused_by_name(seed: object) -> None:
    for kind in BOTS.values():
        with pytest.raises(GameSetupError, match="seed"):
            kind.make(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [None, 3, "poker", object(), ["badugi"]])
def test_plays_refuses_what_is_no_game(game: object) -> None:
    for kind in BOTS.values():
        with pytest.raises(GameSetupError, match="game must be"):
            kind.plays(game)  # type: ignore[arg-type]


def test_a_kind_copies_and_pickles_by_name() -> None:
    kind = BOTS["draw"]
    assert copy.deepcopy(kind) is kind
    assert pickle.loads(pickle.dumps(kind)) is kind
    assert copy.copy(BOTS["simple"]) is BOTS["simple"]


def test_every_command_and_the_web_table_seat_the_same_kinds() -> None:
    assert bot_kinds(",".join(BOTS), BADUGI) == list(BOTS)
    web = pytest.importorskip("badugi.web.settings")
    assert tuple(BOTS) == web.BOTS
