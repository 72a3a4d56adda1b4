"""python_badugi passes OpenSpiel's own checks, and those its Python games (Kuhn poker) are tested with."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: E402 - after the skip
from open_spiel.python.observation import make_observation  # noqa: E402

import badugi.adapters.openspiel  # noqa: E402 - registers python_badugi
from badugi.adapters.openspiel import BadugiGame  # noqa: E402
from badugi.adapters.variant import PARAMETERS  # noqa: E402
from badugi.errors import GameSetupError  # noqa: E402

TINY = "python_badugi(draws=0,ranks=A23,suits=cdh,cap=1,small_blind=0,big_blind=0,ante=1)"


@pytest.mark.parametrize(
    "spec",
    [
        TINY,
        "python_badugi",
        "python_badugi(draws=1,ranks=A2345,suits=cd)",  # draws that reshuffle the discards
        "python_badugi(game=badeucy,players=3,draws=3)",
        "python_badugi(game=badacey,players=6,stack=10,ante=1)",  # all-ins and side pots
    ],
)
def test_random_sim_test_with_serialization(spec: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=8, serialize=True, verbose=False)


def test_every_state_is_consistent_with_its_information_states() -> None:
    game = pyspiel.load_game(TINY)
    states = get_all_states(game, include_terminals=True, include_chance_states=False)
    legal_by_infostate: dict[str, list[int]] = {}
    tensor_by_infostate: dict[str, tuple[float, ...]] = {}
    string_by_tensor: dict[tuple[float, ...], str] = {}
    for state in states.values():
        if state.is_terminal():
            assert sum(state.returns()) == 0
            continue
        player = state.current_player()
        key = state.information_state_string(player)
        tensor = tuple(state.information_state_tensor(player))
        assert legal_by_infostate.setdefault(key, state.legal_actions()) == state.legal_actions()
        assert tensor_by_infostate.setdefault(key, tensor) == tensor
        # Distinct information states, distinct tensors.
        assert string_by_tensor.setdefault(tensor, key) == key
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
    # A seat's information state holds its own four cards and nobody else's: 126 hands for seat 0.
    dealt = {key.split(" p")[0] for key in legal_by_infostate if key.startswith("p0")}
    assert len(dealt) == 126


def test_the_public_and_the_all_seeing_observers_show_no_cards_and_every_card() -> None:
    game = pyspiel.load_game(TINY)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    recall = {"perfect_recall": True}
    public = make_observation(
        game, pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE, **recall)
    )
    everyone = make_observation(
        game, pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.ALL_PLAYERS, **recall)
    )
    assert "+" not in public.string_from(state, 0)
    assert everyone.string_from(state, 0).count("+") == 8
    assert state.information_state_string(0).count("+") == 4


def test_clones_and_pickles_are_independent() -> None:
    state = pyspiel.load_game("python_badugi(players=3)").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    twin, copied = state.clone(), pickle.loads(pickle.dumps(state))
    assert str(copied) == str(state)
    assert copied.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history() != state.history()
    assert str(copied) == str(state)


def test_struct_and_dict_fallthroughs_raise_as_for_kuhn_poker() -> None:
    state = pyspiel.load_game(TINY).new_initial_state()
    with pytest.raises(RuntimeError):
        state.to_struct()
    with pytest.raises(TypeError):
        pyspiel.load_game(TINY).new_initial_state({"card": 0})


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"players": 9}, "players must be from 2 to 8"),
        ({"players": "two"}, "players must be an int"),
        ({"game": "holdem"}, "unknown game"),
        ({"draws": 4}, "draws must be from 0 to 3"),
        ({"ranks": "A1"}, "'1' is not one of"),
        ({"suits": "cc"}, "suits names a letter twice"),
        ({"ranks": "A2", "suits": "cd"}, "deck of 4 cards"),
        ({"small_blind": 3, "big_blind": 2}, "blinds must be"),
        ({"small_blind": 0, "big_blind": 0}, "forced bets"),
        ({"colour": 1}, "no parameter 'colour'"),
    ],
)
def test_bad_parameters_raise_the_setup_error_naming_the_problem(
    params: dict[str, object], problem: str
) -> None:
    with pytest.raises(GameSetupError, match=problem):
        BadugiGame(params)


def test_the_parameters_are_the_variants() -> None:
    assert tuple(badugi.adapters.openspiel.DEFAULTS) == PARAMETERS


def test_a_bad_parameter_through_load_game_keeps_its_error() -> None:
    with pytest.raises(GameSetupError, match="players must be from 2 to 8"):
        pyspiel.load_game("python_badugi(players=9)")


def test_each_hand_a_game_deals_starts_its_own_tree_of_engine_hands() -> None:
    tiny = "draws=0,ranks=A23,suits=cdh,cap=1,small_blind=0,big_blind=0,ante=1"
    game = pyspiel.load_game(f"python_badugi({tiny})")
    first, second = game.new_initial_state(), game.new_initial_state()
    # Each hand's tree is its own: the engine hands its moves lead to are kept apart (each root
    # node's cache), though every tree starts from the one engine hand before the deal, which
    # nobody changes (so a new state costs no new hand).
    assert first.table._node is not second.table._node
    state = first
    while state.is_chance_node():
        state = state.child(state.chance_outcomes()[0][0])
    assert state.table.hand is first.table.hand  # a tree's states share its hands
    state.child(state.legal_actions()[0])  # a betting move: the first tree keeps its hand
    assert first.table._node.children
    assert not second.table._node.children  # and the second tree does not see it


@pytest.mark.parametrize(
    ("player", "action", "message"),
    [
        (-1, 60, "action 60 is not a chance outcome"),  # was IndexError from CARD_TEXT[60]
        (-1, -1, "action -1 is not a chance outcome"),
        (0, 19, "action 19 is not an action of player 0's"),
        (0, -1, "action -1 is not an action of player 0's"),
        (2, 1, "player 2 is no player here"),
        (-4, 1, "player -4 is no player here"),  # TERMINAL is nobody's to act
    ],
)
def test_action_to_string_of_what_cannot_be_is_the_illegal_action_error(
    player: int, action: int, message: str
) -> None:
    """Every wrong action is the library's IllegalActionError naming it, as ``apply_action`` says."""
    from badugi.errors import IllegalActionError  # noqa: PLC0415

    state = pyspiel.load_game("python_badugi").new_initial_state()
    with pytest.raises(IllegalActionError, match=message):
        state.action_to_string(player, action)
    assert state.action_to_string(-1, 51) == "deal Ks"  # the state is still usable
    assert state.action_to_string(0, 2) == "raise"
