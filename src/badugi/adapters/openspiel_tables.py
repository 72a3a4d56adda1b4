"""The full-deck games stepped in C as an OpenSpiel game: ``python_badugi_tables``.

Registered by ``import badugi.adapters.openspiel`` (the ``openspiel`` extra, Python 3.11 or
later), beside ``python_badugi``. Each state is one table of ``badugi.engine.Tables``
playing one hand: the library's rules and settlement in C, in every structure
``Tables`` plays (fixed limit, pot limit, half-pot limit), with blinds or antes, for
2 to 8 seats of Badugi, Badeucy or Badacey with a full deck.

The deal is sampled inside the state (``ChanceMode.SAMPLED_STOCHASTIC``: there are no
chance nodes): a new initial state, when it is first asked about, is dealt the game's next
hand of its ``seed``, and a clone holds its original's hand (cloning deals none). So it
is a game for what samples hands: reinforcement learning through
``open_spiel.python.rl_environment``, self-play, rollouts. A state's deck is fixed when
it is dealt, and a clone holds the same deck: a search that clones a state sees the
cards to come. The tree algorithms (CFR, exact best responses) need explicit chance
nodes and a deck small enough to walk: ``python_badugi``.

Parameters (``pyspiel.load_game("python_badugi_tables(players=6,structure=pot)")``):
``game`` ("badugi", "badeucy", "badacey"), ``players``, ``structure`` ("fixed",
"pot", "half_pot"), ``small_bet``, ``big_bet``
and ``cap`` (fixed limit), ``small_blind`` and ``big_blind`` (both 0: no blinds),
``ante``, ``stack``, ``seed`` and ``deal`` ("fast", or "hand" for the decks
``Hand(seed=s)`` deals); a bad one raises ``badugi.GameSetupError`` naming it.

Actions are ``Tables``' (0 fold, 1 check or call, 2 the least bet or raise,
``3 + mask`` a draw, and in the pot limits ``Tables.half_pot_action`` and
``pot_action``). The observation (no information state: the state keeps no history
but the C table's) is ``Tables.observe(seat)``'s row, as floats, all zeros once the hand
is over (its text then says what each seat won). An observer with ``private_info`` NONE
leaves the seat's cards out (-1); one of every seat's cards is refused.
``state.hand_history()`` of a finished hand is the engine's history, which
``Hand.replay`` plays again, and its ``str`` those events. A state's actions
(OpenSpiel's ``history()``) do not make it again from a new initial state, which deals
the next hand: the game's states do not serialize.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import numpy as np
import pyspiel

from badugi._native import ffi, lib
from badugi.cards import CARD_TEXT
from badugi.engine.history import Event
from badugi.engine.rules import MAX_SEATS
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.engine.tables import Tables
from badugi.errors import GameSetupError, IllegalActionError

__all__ = ["TablesGame", "TablesObserver", "TablesState"]

#: The parameters and their defaults: heads-up Badugi, three draws, 2/4 fixed limit, 100 chips.
DEFAULTS: dict[str, Any] = {
    "game": "badugi",
    "players": 2,
    "structure": "fixed",
    "small_bet": 2,
    "big_bet": 4,
    "cap": 4,
    "small_blind": 1,
    "big_blind": 2,
    "ante": 0,
    "stack": 100,
    "seed": 0,
    "deal": "fast",
}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_badugi_tables",
    long_name="Badugi family, full deck, stepped in C (badugi.engine.Tables)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)

_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CARDS = slice(6, 11)  # Tables.observe's columns of the seat's cards
_SEEDS = 2**64


def tables_of(params: dict[str, Any] | None) -> Tables:
    """The ``Tables`` of one table that OpenSpiel parameters describe (defaults for those left out).

    Raises:
        badugi.errors.GameSetupError: an unknown parameter, or one ``Tables`` refuses.
    """
    given = dict(params or {})
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise GameSetupError(f"python_badugi_tables has no parameter {unknown[0]!r}")
    settings = {**DEFAULTS, **given}
    kind = settings["structure"]
    structure: Structure
    if kind == "fixed":
        structure = FixedLimit(settings["small_bet"], settings["big_bet"], cap=settings["cap"])
    elif kind in ("pot", "half_pot"):
        structure = PotLimit() if kind == "pot" else HalfPotLimit()
    else:
        raise GameSetupError(f"structure must be 'fixed', 'pot' or 'half_pot', got {kind!r}")
    blinds = (settings["small_blind"], settings["big_blind"])
    return Tables(
        1,
        settings["players"],
        structure,
        blinds=None if blinds == (0, 0) else blinds,
        ante=settings["ante"],
        stacks=settings["stack"],
        seed=settings["seed"],
        game=settings["game"],
        deal=settings["deal"],
    )


class TablesGame(pyspiel.Game):  # type: ignore[misc]
    """A full-deck game of the family as an OpenSpiel game, stepped in C (see the module).

    Raises:
        badugi.errors.GameSetupError: a bad parameter, named in the message.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self._template = template = tables_of(params)  # every state starts from a copy of it
        self._hands = itertools.count(1)  # the next hand's number: its seed follows from the game's
        n = template.players
        stacks = int(template.starting_stacks()[0].max())
        info = pyspiel.GameInfo(
            num_distinct_actions=template.actions,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-float(stacks),
            max_utility=float(stacks * (n - 1)),
            utility_sum=0.0,
            max_game_length=template._records,  # a hand makes at least a record an action
        )
        super().__init__(_GAME_TYPE, info, {**DEFAULTS, **(params or {})})

    def new_initial_state(self) -> TablesState:
        """A new hand: the game's next, dealt when the state is first asked about (the module says why)."""
        return TablesState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> TablesObserver:
        """The observer of observations (a seat's cards, the bets and stacks, who drew how many)."""
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.perfect_recall:
            raise GameSetupError(
                "python_badugi_tables has no information states (perfect recall): python_badugi has"
            )
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise GameSetupError(
                "python_badugi_tables observes one seat's cards or none (private_info SINGLE_PLAYER"
                " or NONE), not every seat's: python_badugi's observer does"
            )
        return TablesObserver(self, params, public=kind.private_info == pyspiel.PrivateInfoType.NONE)

    def _deal(self) -> _Table:
        """A copy of the template dealt the game's next hand."""
        tables = self._template.copy()
        number = next(self._hands)
        tables.reset((self._template.seed + 0x9E3779B97F4A7C15 * number) % _SEEDS)
        return _Table(tables)


class _Table:
    """One table of a ``Tables``, stepped one action at a time through the C core, with no numpy."""

    __slots__ = (
        "_act",
        "_done",
        "_mask",
        "_rewards",
        "_seat",
        "actor",
        "handle",
        "legal",
        "returns",
        "tables",
    )

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.handle = tables._tables
        self._mask = ffi.new("uint8_t[]", tables.actions)
        self._seat = ffi.new("int32_t[1]")
        self._act = ffi.new("int64_t[1]")
        self._rewards = ffi.new("int64_t[]", tables.players)
        self._done = ffi.new("uint8_t[1]")
        self.returns: list[float] | None = None  # the chips each seat won, once the hand is over
        self.actor = -1
        self.legal: list[int] = []
        self._turn()

    def _turn(self) -> None:
        """The seat to act and what it may do."""
        lib.badugi_tables_actor(self.handle, self._seat, 1)
        self.actor = int(self._seat[0])
        lib.badugi_tables_legal(self.handle, self._mask, len(self._mask))
        shape = bytes(ffi.buffer(self._mask))
        legal = _LEGAL.get(shape)
        if legal is None:
            legal = _LEGAL[shape] = [action for action, allowed in enumerate(shape) if allowed]
        self.legal = legal

    def apply(self, action: int) -> None:
        """Play ``action`` (one ``legal`` holds) for the seat to act."""
        self._act[0] = action
        for seat in range(len(self._rewards)):
            self._rewards[seat] = 0
        status = lib.badugi_tables_step(
            self.handle, self._act, 1, self._rewards, len(self._rewards), self._done, 1
        )
        if status != 0:  # pragma: no cover - the state checks the action against legal first
            raise SystemError(f"badugi internal error: a legal action was refused ({status})")
        if self._done[0]:
            self.returns = [float(chips) for chips in self._rewards]
            self.actor = _TERMINAL
            self.legal = []
        else:
            self._turn()

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        twin = object.__new__(_Table)
        twin.tables = self.tables.copy()
        twin.handle = twin.tables._tables
        twin._mask = ffi.new("uint8_t[]", len(self._mask))
        twin._seat = ffi.new("int32_t[1]")
        twin._act = ffi.new("int64_t[1]")
        twin._rewards = ffi.new("int64_t[]", len(self._rewards))
        twin._done = ffi.new("uint8_t[1]")
        twin.returns = None if self.returns is None else list(self.returns)
        twin.actor = self.actor
        twin.legal = self.legal  # shared and never changed: a list from _LEGAL
        return twin


#: The legal actions by the mask's bytes: a few dozen shapes, each list made once and shared.
_LEGAL: dict[bytes, list[int]] = {}


class _Undealt:
    """The hand a new state will play, dealt when first asked, and shared by the state's clones.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each
    attribute over it. So a new state deals nothing until it is asked (a clone's copy wins, and
    cloning spends no hand of the game), and a clone of a state not dealt yet holds this same
    object, not a copy: whichever of them asks first deals the hand, and each gets that deck.
    """

    __slots__ = ("dealt", "game", "holders")

    def __init__(self, game: TablesGame) -> None:
        self.game = game
        self.holders = 1  # the states that will ask for it
        self.dealt: _Table | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Undealt:
        self.holders += 1
        return self

    def take(self) -> _Table:
        """The hand for one holder: its own copy while another holder may still ask."""
        if self.dealt is None:
            self.dealt = self.game._deal()
        self.holders -= 1
        if self.holders > 0:
            return copy.deepcopy(self.dealt)
        table, self.dealt = self.dealt, None
        return table


class _DealOnFirstAsk:
    """A state's table, dealt the first time it is asked (``_Undealt``): then its own attribute."""

    def __get__(self, state: TablesState | None, owner: type) -> Any:
        if state is None:
            return self
        table = state.__dict__.pop("_undealt").take()
        state.__dict__["table"] = table
        return table


class TablesState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress at one table stepped in C."""

    table = _DealOnFirstAsk()

    def __init__(self, game: TablesGame) -> None:
        super().__init__(game)
        self._undealt = _Undealt(game)

    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""
        actor: int = self.table.actor
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        legal: list[int] = self.table.legal
        return legal

    def _apply_action(self, action: int) -> None:
        table = self.table
        chosen = int(action)
        if chosen not in table.legal:
            raise IllegalActionError(
                f"action {action!r} is not legal now (legal: {table.legal})", table.actor
            )
        table.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's text; an action that cannot be is IllegalActionError, naming it."""
        count = self.table.tables.actions
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < count:
            raise IllegalActionError(f"action {action!r} is not an action (0 to {count - 1})")
        return _action_text(self.table.tables, int(action))

    def is_terminal(self) -> bool:
        """True once the hand is settled."""
        return self.table.returns is not None

    def returns(self) -> list[float]:
        """Chips won by each seat (zeros before the end)."""
        won = self.table.returns
        return list(won) if won is not None else [0.0] * self.table.tables.players

    def hand_history(self) -> tuple[Event, ...]:
        """The finished hand as the engine's history (``Hand.replay`` takes it).

        ``history()`` is OpenSpiel's: the actions applied.

        Raises:
            badugi.errors.GameSetupError: the hand is not over yet.
        """
        if self.table.returns is None:
            raise GameSetupError("the hand is not over yet: its history is made when it ends")
        history: tuple[Event, ...] = self.table.tables.history(0)
        return history

    def __str__(self) -> str:
        tables = self.table.tables
        if self.table.returns is not None:
            return "\n".join(str(dict(item)) for item in tables.history(0))
        row = tables.observe()[0]
        return _view_text(tables, row)


def _action_text(tables: Tables, action: int) -> str:
    if action == 0:
        return "fold"
    if action == 1:
        return "call"
    if action == 2:
        return "raise"
    if action == tables.half_pot_action:
        return "raise half the pot"
    if action == tables.pot_action:
        return "raise the pot"
    return f"discard {action - 3:b}"


def _view_text(tables: Tables, row: Any) -> str:
    """A row of ``Tables.observe`` as text: the seat's cards, the pot, each seat's chips."""
    cards = " ".join(CARD_TEXT[int(card)] for card in row[_CARDS] if card >= 0) or "hidden"
    seats = []
    for seat in range(tables.players):
        stack, bet, folded = (int(value) for value in row[11 + 6 * seat : 14 + 6 * seat])
        drew = [int(value) for value in row[14 + 6 * seat : 17 + 6 * seat] if value >= 0]
        seats.append(
            f"seat {seat}: {stack} chips, bet {bet}" + (", folded" if folded else "") + f", drew {drew}"
        )
    phase = "draw" if row[1] else "betting"
    return (
        f"{phase} round {int(row[2])}, button {int(row[3])}, seat {int(row[0])} to act, "
        f"{int(row[4])} to call, pot {int(row[5])}; cards {cards}\n" + "\n".join(seats)
    )


class TablesObserver:
    """OpenSpiel's observer: a seat's observation (``Tables.observe(seat)``), no information state.

    With ``public`` (``private_info`` NONE) the seat's cards are left out: -1 in their columns,
    as past the hand's size.
    """

    def __init__(self, game: TablesGame, params: dict[str, Any] | None, *, public: bool = False) -> None:
        if params:
            raise GameSetupError(f"observation parameters are not supported; got {params}")
        self._public = public
        template = game._template
        self._width = int(lib.badugi_tables_observation_width(template._tables))
        self._row = ffi.new("int64_t[]", self._width)
        self.tensor = np.zeros(self._width, np.float32)
        self.dict = {"observation": self.tensor}

    def _observe(self, state: TablesState, player: int) -> Any:
        """The row of ``Tables.observe(player)``; all zeros once the hand is over.

        Then the table in C has dealt its next hand, which no seat of this one may see.
        """
        table = state.table
        if not 0 <= player < table.tables.players:
            raise IllegalActionError(f"player {player!r} is no seat here")
        if table.returns is not None:
            return np.zeros(self._width, dtype=np.int64)
        lib.badugi_tables_observe(table.handle, player, self._row, self._width)
        if self._public:
            for column in range(_CARDS.start, _CARDS.stop):
                self._row[column] = -1
        return np.frombuffer(ffi.buffer(self._row), dtype=np.int64)

    def set_from(self, state: TablesState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into ``tensor``."""
        self.tensor[:] = self._observe(state, player)

    def string_from(self, state: TablesState, player: int) -> str:
        """``state`` as ``player`` sees it, as text; a finished hand's, what each seat won."""
        row = self._observe(state, player)
        won = state.table.returns
        if won is not None:
            return "hand over; chips won: " + ", ".join(
                f"seat {seat} {int(chips):+d}" for seat, chips in enumerate(won)
            )
        return _view_text(state.table.tables, row)


pyspiel.register_game(_GAME_TYPE, TablesGame)
