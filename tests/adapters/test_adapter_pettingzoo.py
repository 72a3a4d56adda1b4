"""badugi.adapters.pettingzoo.env passes PettingZoo's api_test and seed_test, over OpenSpiel's game code."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from badugi.adapters import pettingzoo as badugi_pettingzoo
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


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
@pytest.mark.parametrize("action", [1.7, None, "x", True, -1, 10**30, 2.0, b"\x01", [1]])
def test_what_is_no_action_is_refused_and_changes_nothing(wrapped: bool, action: object) -> None:
    """1.7 was taken as 1 (a call), None gave TypeError and "x" ValueError: each is no action."""
    from badugi.errors import IllegalActionError  # noqa: PLC0415

    make = badugi_pettingzoo.env if wrapped else badugi_pettingzoo.raw_env
    table = make(render_mode="ansi")
    table.reset(seed=1)

    def seen() -> tuple[object, ...]:
        mask = table.observe(table.agent_selection)["action_mask"]
        return table.agent_selection, table.render(), mask.tolist()

    before = seen()
    with pytest.raises(IllegalActionError, match="action"):
        table.step(action)
    assert seen() == before
    table.step(np.int64(CALL))  # a numpy integer is an integer: the table plays on
    assert table.agent_selection != before[0]


@pytest.mark.parametrize("variant", VARIANTS, ids=["reduced", "badugi", "badeucy-3", "badacey-6"])
def test_a_render_shows_the_agent_its_own_cards_and_no_other_seats(variant: dict[str, object]) -> None:
    """render() is "the table as the selected agent sees it": it printed every seat's cards."""
    import random  # noqa: PLC0415

    from badugi.cards import CARD_TEXT  # noqa: PLC0415

    choose = random.Random(5)
    table = badugi_pettingzoo.raw_env(render_mode="ansi", **variant)
    renders = 0
    for seed in range(6):
        table.reset(seed=seed)
        while not all(table.terminations.values()):
            agent = table.agent_selection
            seat = int(agent.rsplit("_", 1)[1])
            text = table.render()
            assert isinstance(text, str)
            own = "".join(CARD_TEXT[card] for card in table._table.cards[seat])
            others = [CARD_TEXT[c] for s, cards in enumerate(table._table.cards) if s != seat for c in cards]
            assert text.count("cards:") == 1
            assert f"cards:{own or '-'} " in text
            assert not any(card in text for card in others), (text, others)
            renders += 1
            mask = table.observe(agent)["action_mask"]
            table.step(int(choose.choice(np.flatnonzero(mask).tolist())))
    assert renders >= 20
