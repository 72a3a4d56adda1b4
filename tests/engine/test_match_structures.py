"""A match deals every betting structure, with antes, blinds or both, and tells each event as it is made."""

from __future__ import annotations

import copy
import pickle

import pytest

from badugi.engine import Hand, RandomBot, SimpleBot
from badugi.engine.match import DEFAULT_SCHEDULE, RISES, STRUCTURES, Level, Match, schedule_from
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit
from badugi.errors import GameSetupError
from badugi.games import BADACEY, BADEUCY, BADUGI

ONE_OF = "structure must be one of 'fixed', 'pot', 'half-pot'"
FIRST_LEVELS = [Level(10, 20, 40), Level(0, 20, 40, (10, 20)), Level(5, 20, 40, (10, 20))]


def lineup(seats: int, seed: int) -> list[object]:
    return [SimpleBot() if k % 2 else RandomBot(seed=seed * 10 + k) for k in range(seats)]


@pytest.mark.parametrize("structure", list(STRUCTURES))
@pytest.mark.parametrize("first", FIRST_LEVELS)
@pytest.mark.parametrize("game", [BADUGI, BADEUCY, BADACEY])
def test_every_structure_deals_its_stakes_and_keeps_every_chip(
    structure: str, first: Level, game: object
) -> None:
    for seed, seats in ((1, 2), (2, 5), (3, 8)):
        match = Match(
            lineup(seats, seed),
            stacks=300,
            schedule=schedule_from(first),
            hands_per_level=2,
            structure=structure,
            seed=seed,
            game=game,  # type: ignore[arg-type]
            keep_histories=True,
        )
        result = match.run()
        assert sum(s.chips for s in result.standings) == 300 * seats
        for number, history in enumerate(result.histories):
            setup = history[0]
            level = match.schedule[min(number // 2, len(match.schedule) - 1)]
            assert setup["ante"] == level.ante
            assert (None if setup["blinds"] is None else tuple(setup["blinds"])) == level.blinds
            assert setup["structure"] == STRUCTURES[structure](level).describe()
            replayed = Hand.replay(history)
            assert replayed.history == history


def test_the_structures_price_the_level_as_documented() -> None:
    ante_game, blinds_game = Level(10, 20, 40), Level(0, 20, 40, (10, 20))
    assert STRUCTURES["fixed"](ante_game) == FixedLimit(20, 40)
    assert STRUCTURES["pot"](ante_game) == PotLimit(min_bet=20)  # the small bet opens a game without blinds
    assert STRUCTURES["pot"](blinds_game) == PotLimit()  # the big blind does in a game with them
    assert STRUCTURES["half-pot"](ante_game) == HalfPotLimit(min_bet=20)


def test_the_default_schedule_rises_as_schedule_from_says() -> None:
    assert schedule_from(Level(10, 20, 40)) == DEFAULT_SCHEDULE
    assert len(RISES) == len(DEFAULT_SCHEDULE)
    assert schedule_from(Level(0, 2, 4, (1, 2)))[:3] == (
        Level(0, 2, 4, (1, 2)),
        Level(0, 3, 6, (1, 3)),
        Level(0, 4, 8, (2, 4)),
    )
    assert schedule_from(Level(1, 1, 1))[1] == Level(1, 1, 1)  # rounded down, a bet never below 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Level(0, 20, 40), "a Level needs an ante or blinds; it has neither"),
        (lambda: Level(0, 20, 40, (20, 10)), "Level small blind 20 is above the big blind 10"),
        (lambda: Level(0, 20, 40, (10,)), "Level blinds must be (small, big) or None, got (10,)"),
        (lambda: Level(0, 20, 40, "10/20"), "Level blinds must be (small, big) or None, got '10/20'"),
        (lambda: Level(0, 20, 40, (1.5, 3)), "Level small blind must be an int >= 0, got 1.5"),
        (lambda: Level(0, 20, 40, (0, 0)), "Level big blind must be an int >= 1, got 0"),
        (lambda: Level(0, 20, 40, (True, 2)), "Level small blind must be an int >= 0, got True"),
        (lambda: Level(10, 20, 40).scaled(0), "numerator must be an int >= 1, got 0"),
        (lambda: schedule_from("10/20/40"), "schedule_from takes a Level, got '10/20/40'"),
        (
            lambda: Match(lineup(2, 0), structure="no-limit"),
            ONE_OF,
        ),
        (
            lambda: Match(lineup(2, 0), structure=PotLimit()),
            ONE_OF,
        ),
        (lambda: Match(lineup(2, 0)).play_hand(on_event=3), "on_event must be a callable or None, got 3"),
    ],
)
def test_bad_settings_are_named(make: object, message: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value).startswith(message)


def test_a_level_with_blinds_copies_and_pickles() -> None:
    level = Level(5, 20, 40, [10, 20])  # type: ignore[arg-type] # a list is read as the pair
    assert level.blinds == (10, 20)
    for other in (copy.copy(level), copy.deepcopy(level), pickle.loads(pickle.dumps(level))):
        assert other == level


def test_on_event_is_told_the_whole_record_in_order_before_each_decision() -> None:
    told: list[object] = []
    lengths: list[int] = []

    def watcher_player(view: object) -> object:
        lengths.append(len(told))
        return SimpleBot()(view)  # type: ignore[arg-type]

    match = Match([watcher_player, SimpleBot(), RandomBot(seed=4)], seed=9, structure="pot")
    hand = match.play_hand(on_event=told.append)
    assert tuple(told) == hand.history
    # By each of its decisions, the player's screen had been told everything recorded before it.
    replay = Hand.replay(hand.history)
    assert replay.history == hand.history
    assert all(0 < n <= len(told) for n in lengths)


def test_a_failing_watcher_leaves_the_match_as_it_was() -> None:
    match = Match(lineup(3, 1), seed=5)
    before = (match.chips, match.button, match.hands_played)

    def fails(event: object) -> None:
        if event["event"] == "draw_round":  # type: ignore[index]
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        match.play_hand(on_event=fails)
    assert (match.chips, match.button, match.hands_played) == before
    # The hand is dealt again from the same cards (the bots' own randomness has moved on: it is theirs).
    assert match.play_hand().history[0] == Match(lineup(3, 1), seed=5).play_hand().history[0]
