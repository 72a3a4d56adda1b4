"""The Badugi family as an OpenSpiel game: ``import badugi.adapters.openspiel`` registers ``python_badugi``.

Needs the ``openspiel`` extra (``pip install 'badugi[openspiel]'``, Python
3.11 or later). The game is a ``badugi.adapters.Variant`` played by a
``badugi.adapters.TableState``: the library's rules, betting, settlement and
hand values, with chance nodes for the deal and every replacement card.

Parameters (``pyspiel.load_game("python_badugi(draws=0,ranks=A23,suits=cdh)")``):
``game`` ("badugi", "badeucy", "badacey"), ``players``, ``draws``,
``small_bet``, ``big_bet``, ``cap``, ``small_blind``, ``big_blind``, ``ante``,
``stack``, ``ranks`` and ``suits`` (the deck), as ``Variant`` takes them; a bad
one raises ``badugi.GameSetupError`` naming it.

Actions: 0 fold, 1 check or call, 2 bet or raise, ``3 + mask`` a draw
throwing the cards of ``mask`` (bit ``i``: card ``i`` of the hand in
increasing id order); chance outcomes are card ids.
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import pyspiel

from badugi.adapters.actions import CALL, DISCARD, FOLD, decision_count, thrown_by
from badugi.adapters.table import TableState
from badugi.adapters.variant import Variant, variant_from
from badugi.adapters.views import Layout, information_state_string, observation_string
from badugi.cards import CARD_TEXT, DECK_SIZE, RANK_CHARS, SUIT_CHARS, as_index
from badugi.engine.rules import MAX_SEATS
from badugi.errors import IllegalActionError

__all__ = ["BadugiGame", "BadugiObserver", "BadugiState", "variant_of"]

#: The parameters and their defaults: heads-up Badugi, one draw, 2/4 fixed limit, a full deck.
DEFAULTS: dict[str, Any] = {
    "game": "badugi",
    "players": 2,
    "draws": 1,
    "small_bet": 2,
    "big_bet": 4,
    "cap": 2,
    "small_blind": 1,
    "big_blind": 2,
    "ante": 0,
    "stack": 100,
    "ranks": RANK_CHARS,
    "suits": SUIT_CHARS,
}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_badugi",
    long_name="Python Badugi family (badugi)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def variant_of(params: dict[str, Any] | None) -> Variant:
    """The variant that OpenSpiel parameters describe (defaults for those left out).

    Raises:
        badugi.errors.GameSetupError: an unknown parameter, or one ``Variant`` refuses.
    """
    return variant_from({**DEFAULTS, **(params or {})}, "python_badugi")


_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


class _HandOnFirstAsk:
    """A state's table (``BadugiState.table``), made the first time it is asked: then the state's own.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each attribute
    over it. So a new state holds nothing: the first ask makes its hand (a new hand in a tree of its
    own, from the game's first state, ``TableState.new_hand``) and keeps it as the state's
    attribute, which this descriptor (it has no ``__set__``) then leaves to the instance; a clone is
    the one copy of that table.
    """

    @overload
    def __get__(self, state: None, owner: type) -> _HandOnFirstAsk: ...
    @overload
    def __get__(self, state: BadugiState, owner: type) -> TableState: ...
    def __get__(self, state: BadugiState | None, owner: type) -> TableState | _HandOnFirstAsk:
        if state is None:
            return self
        game = state.get_game()
        table: TableState = game._start.new_hand()
        state.__dict__["table"] = table
        return table


class BadugiGame(pyspiel.Game):  # type: ignore[misc]
    """A variant of the Badugi family as an OpenSpiel game (see the module's docstring).

    Raises:
        badugi.errors.GameSetupError: a bad parameter, named in the message.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.variant = variant_of(params)
        self.layout = Layout(self.variant)
        variant = self.variant
        rounds = variant.draws + 1
        n = variant.players
        info = pyspiel.GameInfo(
            num_distinct_actions=decision_count(variant.hand_size),
            max_chance_outcomes=DECK_SIZE,
            num_players=n,
            min_utility=-float(variant.stack),
            max_utility=float(variant.stack * (n - 1)),
            utility_sum=0.0,
            max_game_length=n * variant.hand_size
            + rounds * self.layout.bets_per_round
            + variant.draws * n * (1 + variant.hand_size),
        )
        super().__init__(_GAME_TYPE, info, {**DEFAULTS, **(params or {})})
        self._start = TableState(variant)  # where every hand starts (TableState.new_hand); never played

    def new_initial_state(self) -> BadugiState:
        """A new hand: the blinds are in, the deal is to come."""
        return BadugiState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> BadugiObserver:
        """The observer of information states (perfect recall) or observations."""
        return BadugiObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BadugiState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress.

    Its one Python attribute copies cheaply: OpenSpiel clones a Python state by deep-copying each one.
    """

    #: The hand: a new hand in a tree of its own, made when first asked (see ``_HandOnFirstAsk``).
    #: The states of one tree share its engine hands (badugi.adapters._engine_node); a game that
    #: shared one tree across every hand it deals would keep them all.
    table = _HandOnFirstAsk()

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        table = self.table
        if table.is_chance:
            return _CHANCE
        actor = table.actor  # None once the hand is over
        return _TERMINAL if actor is None else actor

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's ids and probabilities."""
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's text; an action or a player that cannot be is IllegalActionError, naming it."""
        seat, number = as_index(player), as_index(action)
        players = self.table.variant.players
        if seat is None or not (seat == pyspiel.PlayerId.CHANCE or 0 <= seat < players):
            raise IllegalActionError(f"player {player!r} is no player here (chance, 0 to {players - 1})")
        chance = seat == pyspiel.PlayerId.CHANCE
        count = DECK_SIZE if chance else decision_count(self.table.variant.hand_size)
        if number is None or not 0 <= number < count:
            whose = "a chance outcome (a card id, " if chance else f"an action of player {seat}'s ("
            raise IllegalActionError(f"action {action!r} is not {whose}0 to {count - 1})")
        player, action = seat, number
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARD_TEXT[action]}"
        if action == FOLD:
            return "fold"
        if action == CALL:
            return "call"
        if action < DISCARD:
            return "raise"
        cards = self.table.cards[player] if 0 <= player < len(self.table.cards) else []
        thrown = thrown_by(action, cards) if cards else []
        names = " ".join(CARD_TEXT[card] for card in thrown)
        return f"discard {action - DISCARD:b}" + (f" ({names})" if names else "")

    def is_terminal(self) -> bool:
        """True once the hand is settled."""
        return self.table.is_terminal

    def returns(self) -> list[float]:
        """Chips won by each seat (zeros before the end)."""
        return self.table.returns()

    def __str__(self) -> str:
        return str(self.table)


class BadugiObserver:
    """OpenSpiel's observer: information states with perfect recall, observations without.

    With ``private_info`` NONE the seat's own cards are left out (the public view); with
    ALL_PLAYERS every card any seat got or threw is in (the tensor's own-cards block stays the seat's).
    """

    def __init__(
        self, game: BadugiGame, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._layout = game.layout
        self._recall = bool(iig_obs_type.perfect_recall)
        self._private = iig_obs_type.private_info
        size = self._layout.information_size if self._recall else self._layout.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BadugiState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into ``tensor``."""
        table = self._public(state.table, player)
        if self._recall:
            self.tensor[:] = self._layout.information_state(table, player)
        else:
            self.tensor[:] = self._layout.observation(table, player)

    def string_from(self, state: BadugiState, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        table = self._public(state.table, player)
        if self._recall:
            return information_state_string(table, player)
        return observation_string(table, player)

    def _public(self, table: TableState, player: int) -> TableState:
        """The state as this observer sees it: the seat's own cards, every seat's, or none."""
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return table
        shown = table.clone()
        if self._private == pyspiel.PrivateInfoType.ALL_PLAYERS:  # every card, as if face up
            shown.seen = [item._replace(seat=None) for item in shown.seen]
            return shown
        shown.cards = [[] for _ in shown.cards]
        shown.seen = [item for item in shown.seen if item.seat is None]
        return shown


pyspiel.register_game(_GAME_TYPE, BadugiGame)

# The full-deck games stepped in C register beside this one (their module imports nothing of this).
import badugi.adapters.openspiel_tables  # noqa: E402, F401
