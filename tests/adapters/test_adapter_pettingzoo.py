"""badugi.pettingzoo.env passes PettingZoo's api_test and seed_test, over the same game code as OpenSpiel."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from badugi import pettingzoo as badugi_pettingzoo
from badugi.adapters.actions import CALL, FOLD, RAISE
from badugi.errors import GameSetupError

VARIANTS = [
    {"draws": 1, "ranks": "A2345", "suits": "cd"},
    {},
    {"game": "badeucy", "players": 3, "draws": 3},
    {"game": "badacey", "players": 6, "stack": 10, "ante": 1},
]


@pytest.mark.parametrize("variant", VARIANTS, ids=["reduced", "badugi", "badeucy-3", "badacey-6"])
def test_api_test(variant: dict[str, object]) -> None:
    api_test(badugi_pettingzoo.env(**variant), num_cycles=100)


@pytest.mark.parametrize("variant", VARIANTS[:3], ids=["reduced", "badugi", "badeucy-3"])
def test_seed_test(variant: dict[str, object]) -> None:
    seed_test(lambda: badugi_pettingzoo.env(**variant), num_cycles=100)


def test_masks_allow_exactly_the_legal_actions_and_the_hand_pays_its_chips() -> None:
    env = badugi_pettingzoo.env(draws=0, ranks="A23", suits="cdh", small_blind=0, big_blind=0, ante=1, cap=1)
    env.reset(seed=7)
    first = env.agent_selection
    mask = env.observe(first)["action_mask"]
    assert mask.dtype == np.int8
    assert np.flatnonzero(mask).tolist() == [CALL, RAISE]  # no fold against no bet
    other = next(agent for agent in env.agents if agent != first)
    assert not env.observe(other)["action_mask"].any()
    env.step(RAISE)
    assert np.flatnonzero(env.observe(other)["action_mask"]).tolist() == [FOLD, CALL]
    env.step(FOLD)
    assert env.terminations[first]
    assert env._cumulative_rewards == {first: 1.0, other: -1.0}


def test_the_same_seed_deals_the_same_cards() -> None:
    def first_observation(seed: int) -> np.ndarray:
        env = badugi_pettingzoo.env()
        env.reset(seed=seed)
        return env.observe(env.agent_selection)["observation"]

    assert np.array_equal(first_observation(3), first_observation(3))
    assert not np.array_equal(first_observation(3), first_observation(4))


def test_bad_parameters_raise_the_setup_error_naming_it() -> None:
    with pytest.raises(GameSetupError, match="players must be from 2 to 8"):
        badugi_pettingzoo.env(players=1)
    with pytest.raises(GameSetupError, match="render_mode"):
        badugi_pettingzoo.env(render_mode="rgb")
    with pytest.raises(GameSetupError, match="no parameter 'colour'"):
        badugi_pettingzoo.env(colour=1)
