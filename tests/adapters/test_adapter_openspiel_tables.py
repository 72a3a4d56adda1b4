"""python_badugi_tables: OpenSpiel's checks, and every hand it plays is the engine's hand."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import rl_environment  # noqa: E402 - after the skip

import badugi.adapters.openspiel  # noqa: E402, F401 - registers python_badugi and python_badugi_tables
from badugi.adapters.openspiel_tables import tables_of  # noqa: E402
from badugi.engine import Hand  # noqa: E402
from badugi.errors import GameSetupError, IllegalActionError  # noqa: E402

SPECS = [
    "python_badugi_tables",
    "python_badugi_tables(players=6,structure=pot,seed=3)",
    "python_badugi_tables(game=badeucy,players=3,structure=half_pot,stack=30)",
    "python_badugi_tables(game=badacey,players=4,small_blind=0,big_blind=0,ante=1,stack=12,deal=hand)",
]


@pytest.mark.parametrize("spec", SPECS)
def test_random_sim_test(spec: str) -> None:
    """OpenSpiel's own playthrough checks (no serialization: a state's actions replayed on a new
    initial state meet another deal)."""
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=10, serialize=False, verbose=False)


@pytest.mark.parametrize("spec", SPECS)
def test_every_hand_replays_through_the_engine_and_pays_what_it_returns(spec: str) -> None:
    game = pyspiel.load_game(spec)
    rng = random.Random(7)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.current_player() >= 0
            state.apply_action(rng.choice(state.legal_actions()))
        history = state.hand_history()
        hand = Hand.replay(history)
        payouts = hand.payouts
        assert payouts is not None
        won = [float(paid - put) for paid, put in zip(payouts, hand.contributions, strict=True)]
        assert state.returns() == won
        assert sum(state.returns()) == 0
        assert str(state).count("\n") == len(history) - 1


def test_each_new_state_deals_the_game_s_next_hand_and_a_game_of_the_same_seed_the_same() -> None:
    def decks(spec: str) -> list[object]:
        game = pyspiel.load_game(spec)
        out = []
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(state.legal_actions()[0])  # everyone folds to the big blind
            out.append(state.hand_history()[0]["deck"])
        return out

    first = decks("python_badugi_tables(seed=5)")
    assert len(set(first)) == 5
    assert decks("python_badugi_tables(seed=5)") == first
    assert decks("python_badugi_tables(seed=6)") != first


def test_a_clone_is_the_same_hand_and_steps_apart() -> None:
    game = pyspiel.load_game("python_badugi_tables(players=3)")
    state = game.new_initial_state()
    state.apply_action(1)
    twin = state.clone()
    assert twin.observation_tensor(0) == state.observation_tensor(0)
    assert twin.legal_actions() == state.legal_actions()
    twin.apply_action(0)
    assert twin.current_player() != state.current_player()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert not twin.is_terminal()


def test_a_clone_of_a_state_not_yet_dealt_is_dealt_the_same_hand_and_spends_none() -> None:
    """OpenSpiel clones a Python state by a new initial state and copies of its attributes: a
    state cloned before it is looked at shares its hand with its clones, whichever looks first,
    and the game's next state is dealt the next hand, as if there were no clones."""

    def deck(state: pyspiel.State) -> object:
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        return state.hand_history()[0]["deck"]

    plain = pyspiel.load_game("python_badugi_tables(seed=8)")
    first, second = deck(plain.new_initial_state()), deck(plain.new_initial_state())
    game = pyspiel.load_game("python_badugi_tables(seed=8)")
    state = game.new_initial_state()
    twin = state.clone()
    third = twin.clone()
    assert deck(twin) == first  # a clone looks first
    assert deck(state) == first
    assert deck(third) == first
    assert deck(game.new_initial_state()) == second


def test_a_public_observer_leaves_the_seat_s_cards_out_and_every_seat_s_is_refused() -> None:
    from open_spiel.python.observation import make_observation  # noqa: PLC0415

    game = pyspiel.load_game("python_badugi_tables(players=2,seed=1)")
    state = game.new_initial_state()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    for seat in (0, 1):
        public.set_from(state, seat)
        assert list(public.tensor[6:11]) == [-1.0] * 5
        private = state.observation_tensor(seat)
        assert list(public.tensor[:6]) == private[:6]
        assert list(public.tensor[11:]) == private[11:]
        assert "; cards hidden\n" in public.string_from(state, seat)
        assert "; cards hidden\n" not in state.observation_string(seat)
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(GameSetupError, match="one seat's cards or none"):
        make_observation(game, every)


def test_a_seat_sees_its_own_cards_and_a_finished_hand_shows_none() -> None:
    game = pyspiel.load_game("python_badugi_tables(players=2,seed=1)")
    state = game.new_initial_state()
    mine = [state.observation_tensor(seat)[6:10] for seat in (0, 1)]
    assert mine[0] != mine[1]
    assert all(card >= 0 for cards in mine for card in cards)
    assert "cards" in state.observation_string(0)
    while not state.is_terminal():
        state.apply_action(0)
    assert set(state.observation_tensor(0)) == {0.0}
    assert state.observation_string(1) == "hand over; chips won: seat 0 -1, seat 1 +1"


def test_reinforcement_learning_runs_on_it() -> None:
    env = rl_environment.Environment(
        pyspiel.load_game("python_badugi_tables(players=4,structure=pot)"),
        observation_type=rl_environment.ObservationType.OBSERVATION,
    )
    rng = random.Random(3)
    for _ in range(10):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([rng.choice(step.observations["legal_actions"][seat])])
        assert sum(step.rewards) == 0


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": 9}, "players"),
        ({"structure": "limit"}, "structure must be"),
        ({"deal": "python"}, "deal must be"),
        ({"game": "holdem"}, "game"),
        ({"stack": 0}, "stacks"),
    ],
)
def test_bad_parameters_are_refused_by_name(params: dict[str, object], words: str) -> None:
    with pytest.raises(GameSetupError, match=words):
        pyspiel.load_game("python_badugi_tables", params)


def test_a_parameter_no_game_has_is_refused_by_name_outside_pyspiel_too() -> None:
    with pytest.raises(GameSetupError, match="no parameter 'cards'"):
        tables_of({"cards": 4})


def test_illegal_actions_and_actions_that_cannot_be_are_refused() -> None:
    state = pyspiel.load_game("python_badugi_tables").new_initial_state()
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_action(5)  # a draw, in the first betting round
    for action in (-1, 19, 2**40):
        with pytest.raises(IllegalActionError, match="not an action"):
            state.action_to_string(0, action)
    assert [state.action_to_string(0, a) for a in (0, 1, 2, 3, 18)] == [
        "fold",
        "call",
        "raise",
        "discard 0",
        "discard 1111",
    ]
    with pytest.raises(GameSetupError, match="not over"):
        state.hand_history()
    with pytest.raises(ValueError, match="no information states"):
        state.information_state_string(0)
