"""The Badugi family as a PettingZoo AEC environment: ``badugi.adapters.pettingzoo.env(...)``.

Needs the ``pettingzoo`` extra (``pip install 'badugi[pettingzoo]'``). One
episode is one hand of a ``badugi.adapters.Variant`` (the same game code as
``badugi.adapters.openspiel``): the environment deals the cards itself, from the
seed ``reset`` takes, so agents act only at their own decisions.

Each agent observes a dict: ``"observation"``, the table as it sees it
(``badugi.adapters.views.Layout.observation``: its cards, the round, the
chips in, the folds, the draw counts), and ``"action_mask"``, 1 for each legal
action of ``Discrete(3 + 2**hand_size)``: 0 fold, 1 check or call, 2 bet or
raise, ``3 + mask`` a draw. Rewards are the chips won or lost, at the end.

>>> from badugi.adapters.pettingzoo import env
>>> table = env(draws=0, ranks="A23", suits="cdh")
>>> table.reset(seed=1)
>>> table.agent_selection                  # the button posts the small blind and acts first
'player_1'
>>> table.observe("player_1")["action_mask"].nonzero()[0].tolist()
[0, 1, 2]
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from badugi.adapters.actions import decision_count
from badugi.adapters.table import TableState
from badugi.adapters.variant import Variant, variant_from
from badugi.adapters.views import Layout, observation_string
from badugi.cards import as_index
from badugi.errors import IllegalActionError

__all__ = ["BadugiEnv", "env", "raw_env"]


def env(render_mode: str | None = None, **variant: Any) -> Any:
    """The environment, wrapped as PettingZoo's classic games are (illegal moves end the hand, order checked).

    ``variant`` takes ``Variant``'s parameters: ``game``, ``players``, ``draws``, the limits and the deck.

    Raises:
        badugi.errors.GameSetupError: a bad parameter, named in the message.
    """
    wrapped: Any = raw_env(render_mode=render_mode, **variant)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = _RefuseNonActions(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class _RefuseNonActions(wrappers.BaseWrapper):  # type: ignore[misc]
    """Refuse, with the library's IllegalActionError, what is no action of the action space at all.

    An action of the space that is illegal now ends the hand (TerminateIllegalWrapper, PettingZoo's
    convention for its classic games); but None, 1.7, "x", True or 99 from a live agent is a caller's
    mistake, which PettingZoo's own wrappers would answer with a bare AssertionError, or take 1.7 as 1.
    """

    def step(self, action: Any) -> None:
        agent = self.env.agent_selection
        live = not (self.env.terminations.get(agent) or self.env.truncations.get(agent))
        if live:
            number = as_index(action)
            count = self.env.action_space(agent).n
            if number is None or not 0 <= number < count:
                raise IllegalActionError(f"action {action!r} is no action of {agent}'s (0 to {count - 1})")
        self.env.step(action)


def raw_env(render_mode: str | None = None, **variant: Any) -> BadugiEnv:
    """The environment without PettingZoo's wrappers.

    Raises:
        badugi.errors.GameSetupError: a bad parameter, named in the message.
    """
    return BadugiEnv(variant_from(variant, "badugi.adapters.pettingzoo.env"), render_mode=render_mode)


class BadugiEnv(AECEnv):  # type: ignore[misc]
    """One hand of a variant per episode; see the module's docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "badugi_v0",
        "is_parallelizable": False,
    }

    def __init__(self, variant: Variant, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            from badugi.errors import GameSetupError  # noqa: PLC0415 - only to name the problem

            raise GameSetupError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.variant = variant
        self.render_mode = render_mode
        self._layout = Layout(variant)
        self.possible_agents = [f"player_{seat}" for seat in range(variant.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = decision_count(variant.hand_size)
        high = float(max(1, variant.stack))
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, (self._layout.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._initial = TableState(variant)
        self._table = self._initial.new_hand()
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object on every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new hand; ``seed`` seeds the cards."""
        if seed is not None or not hasattr(self, "_seeded"):
            self.np_random, _ = seeding.np_random(seed)
            self._seeded = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        # A new hand in a tree of its own, not a clone of the first: a clone would share the engine
        # hands of every episode's betting (badugi.adapters._engine_node), a cache that only grows.
        self._table = self._initial.new_hand()
        self._deal_chance()
        self._select()

    def _deal_chance(self) -> None:
        """Deal every card due, at random, until a seat is to decide or the hand is over."""
        table = self._table
        while table.is_chance:
            outcomes = table.chance_outcomes()
            probabilities = np.array([p for _, p in outcomes], dtype=np.float64)
            index = int(self.np_random.choice(len(outcomes), p=probabilities / probabilities.sum()))
            table.apply(outcomes[index][0])

    def _select(self) -> None:
        table = self._table
        if table.is_terminal:
            for agent, won in zip(self.possible_agents, table.returns(), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = won
                    self.terminations[agent] = True
            self._accumulate_rewards()
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        actor = table.actor
        assert actor is not None
        self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now, and its action mask (all zeros when it is not to act)."""
        seat = self._seat[agent]
        table = self._table
        mask = np.zeros(decision_count(self.variant.hand_size), np.int8)
        if table.actor == seat:
            mask[table.legal_actions()] = 1
        observation = np.asarray(self._layout.observation(table, seat), np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent acts (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        # The action as given: TableState.apply refuses what is not an integer (None, 1.7, "x", True)
        # with IllegalActionError; int() here would take 1.7 as 1 (a call).
        self._table.apply(action)  # type: ignore[arg-type] # None only for dead agents, above
        self._deal_chance()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the selected agent sees it (printed for "human", returned for "ansi").

        Only what that agent may see: its own cards and the public betting, never another seat's cards.
        """
        if self.render_mode is None:
            return None
        text = observation_string(self._table, self._seat[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
