"""Every kind of bot by name: one registry for ``badugi play``, ``badugi simulate``, the web table, Python.

A kind is a name (what a ``--bots`` list or a table's seat says), a title a
person reads, a factory that takes a seed, and the games it plays:

>>> from badugi.engine import BOTS
>>> list(BOTS)
['simple', 'random', 'draw', 'solver']
>>> BOTS["draw"].title
'Draw bot'
>>> bot = BOTS["random"].make(seed=7)
>>> from badugi.games import BADUGI
>>> BOTS["draw"].plays(BADUGI)
True

The registry is read-only (a ``MappingProxyType``): a kind is added here, in
the engine, so that every place a bot sits knows it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from badugi.engine._checks import short_repr
from badugi.engine.bots import RandomBot, SimpleBot
from badugi.engine.drawbot import DrawBot
from badugi.engine.match import Player
from badugi.engine.setup import check_seed
from badugi.engine.solver_bot import SolverBot
from badugi.errors import GameSetupError
from badugi.games import Game, GameLike, game_of

__all__ = ["BOTS", "BotKind"]


def _every_game(game: Game) -> bool:
    return True


@dataclass(frozen=True)
class BotKind:
    """One kind of bot: its ``name``, a ``title`` for people, what it does, its factory and its games.

    ``make(seed=...)`` builds one bot (the same seed plays the same way);
    ``plays(game)`` says whether it can sit at a table of ``game``.
    """

    name: str
    title: str
    summary: str
    factory: Callable[[int | None], Player]
    games: Callable[[Game], bool] = _every_game

    def make(self, seed: int | None = None) -> Player:
        """A new bot of this kind, seeded by ``seed`` (an int 0..2**128 - 1, or None for a fresh one).

        Raises:
            GameSetupError: ``seed`` is not such an int.
        """
        return self.factory(check_seed(seed))

    def plays(self, game: GameLike) -> bool:
        """Whether this kind plays ``game`` (a ``badugi.games.Game`` or its name).

        Raises:
            GameSetupError: ``game`` is neither.
        """
        named = game_of(game)
        if named is None:
            raise GameSetupError(f"game must be a badugi.games.Game or its name, got {short_repr(game)}")
        return bool(self.games(named))

    # A kind is the registry's, one of each: copies and pickles are the registered kind, by name.
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_registered, (self.name,))

    def __copy__(self) -> BotKind:
        return self

    def __deepcopy__(self, memo: object) -> BotKind:
        return self


def _registered(name: str) -> BotKind:
    return BOTS[name]


BOTS: Mapping[str, BotKind] = MappingProxyType(
    {
        "simple": BotKind(
            "simple",
            "Simple bot",
            "raises a badugi, calls a good three-card hand, draws to the best cards, folds the rest",
            lambda seed: SimpleBot(),
        ),
        "random": BotKind(
            "random",
            "Random bot",
            "picks any legal action at random, amounts and discards included",
            lambda seed: RandomBot(seed=seed),
        ),
        "draw": BotKind(
            "draw",
            "Draw bot",
            "draws by the best discard; bets, calls or folds by its chance of finishing best",
            lambda seed: DrawBot(seed=seed),
            DrawBot.plays,
        ),
        "solver": BotKind(
            "solver",
            "Solver bot",
            "plays the solved heads-up Badugi strategy; elsewhere (three or more seats, other games "
            "or stakes) it plays as the draw bot",
            lambda seed: SolverBot(seed=seed),
            SolverBot.plays,
        ),
    }
)
