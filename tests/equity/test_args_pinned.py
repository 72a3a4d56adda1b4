"""The bounds of the draw-equity arguments, each at its edge (issue 31's mutation run).

Each test is a probe: it passes on ``badugi.equity._args`` and fails on a mutant that moves a
bound by one (``<`` for ``<=``, a constant off by one) or drops a refusal. The bounds are the
ones ``badugi.equity``'s functions document (``InvalidHandError`` naming the argument).
"""

from __future__ import annotations

import pytest

from badugi.equity import _args
from badugi.errors import InvalidHandError
from badugi.games import BADEUCY, BADUGI


@pytest.mark.parametrize(("lowest", "good", "bad"), [(0, (0, 3), (-1, 4)), (1, (1, 3), (0, 4))])
def test_draws_run_from_the_lowest_to_three(lowest: int, good: tuple[int, ...], bad: tuple[int, ...]) -> None:
    """Triple draw: at most three draws are left; a showdown (0) only where the function allows one.

    Rule: Robert's Rules of Poker, triple draw lowball ("three draws"); ``read_draws``' docstring.
    """
    for draws in good:
        assert _args.read_draws(draws, lowest) == draws
    for draws in bad:
        with pytest.raises(InvalidHandError, match=f"draws must be a whole number from {lowest} to 3"):
            _args.read_draws(draws, lowest)


def test_samples_seed_and_threads_are_checked_at_both_edges() -> None:
    """Samples 1..2**40 (None: the default), seeds 0..2**64-1 (None: fresh), threads 1..256.

    Rule: the docstrings of ``read_samples``, ``read_seed`` and ``read_threads``.
    """
    assert _args.read_samples(None) == _args.DEFAULT_SAMPLES == 1_000_000
    assert [_args.read_samples(n) for n in (1, 1 << 40)] == [1, 1 << 40]
    for n in (0, (1 << 40) + 1, True, 2.0):
        with pytest.raises(InvalidHandError, match=r"samples must be a whole number from 1 to 2\*\*40"):
            _args.read_samples(n)
    assert _args.read_seed(None) is None
    assert [_args.read_seed(n) for n in (0, (1 << 64) - 1)] == [0, (1 << 64) - 1]
    for n in (-1, 1 << 64):
        with pytest.raises(InvalidHandError, match=r"seed must be a whole number from 0 to 2\*\*64 - 1"):
            _args.read_seed(n)
    assert [_args.read_threads(n) for n in (1, 256)] == [1, 256]
    assert 1 <= _args.read_threads(None) <= 256
    for n in (0, 257):
        with pytest.raises(InvalidHandError, match=r"threads must be a whole number from 1 to 256"):
            _args.read_threads(n)
    assert 0 <= _args.fresh_seed() < 1 << 64


def test_dead_cards_must_leave_enough_unseen_and_be_in_no_hand() -> None:
    """A dead card is in no hand, and the dead cards leave enough unseen cards to draw from.

    Rule: one deck of 52 (Robert's Rules of Poker: a card seen twice is a misdeal);
    ``read_dead``' docstring.
    """
    owners = dict.fromkeys(range(4), "hand 0")
    dead = list(range(4, 44))  # 52 - 4 - 40 = 8 unseen
    assert _args.read_dead(dead, owners, 8) == dead
    assert _args.read_dead(dead, owners, 0) == dead
    with pytest.raises(InvalidHandError, match=r"40 dead cards leave 8 unseen; at least 9 must be"):
        _args.read_dead(dead, owners, 9)
    with pytest.raises(InvalidHandError, match=r"is both in hand 0 and dead"):
        _args.read_dead([3], owners, 0)
    with pytest.raises(InvalidHandError, match=r"^dead: "):
        _args.read_dead("Zz", owners, 0)


def test_kept_cards_come_from_the_hand_in_its_order() -> None:
    """A player keeps cards of the hand only, and they keep the hand's order.

    Rule: the draw replaces the cards thrown, the rest stay (``read_keep``' docstring).
    """
    assert _args.read_keep([7, 1], [1, 4, 7, 9]) == [1, 7]
    with pytest.raises(InvalidHandError, match=r"keep: .* is not in the hand"):
        _args.read_keep([2], [1, 4, 7, 9])
    with pytest.raises(InvalidHandError, match=r"^keep: "):
        _args.read_keep(object(), [1])


def test_hands_hold_at_most_their_size_and_a_showdown_needs_every_card() -> None:
    """A hand holds 0 to ``size`` known cards; with no draw left it needs all of them.

    Rule: four cards a hand in Badugi, five in the five-card games (Robert's Rules of Poker, draw
    poker: a hand of the wrong number of cards is dead at the showdown).
    """
    assert _args.read_hands([[0, 1, 2, 3], []], 1) == [[0, 1, 2, 3], []]
    assert _args.read_hands([[0, 1, 2, 3, 4]], 1, size=5) == [[0, 1, 2, 3, 4]]
    with pytest.raises(InvalidHandError, match=r"hand 0: a hand holds at most 4 cards, got 5"):
        _args.read_hands([[0, 1, 2, 3, 4]], 1)
    with pytest.raises(InvalidHandError, match=r"hand 1: draws=0 is a showdown and needs 4 cards, got 3"):
        _args.read_hands([[0, 1, 2, 3], [4, 5, 6]], 0)
    assert _args.read_hands([[0, 1, 2, 3], [4, 5, 6, 7]], 0) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    with pytest.raises(InvalidHandError, match=r"^hand 1: "):
        _args.read_hands([[0], "Zz"], 1)


def test_one_strategy_for_all_or_exactly_one_per_player() -> None:
    """A strategy for every player, or a list of exactly one each.

    Rule: ``read_strategies``' docstring.
    """
    assert _args.read_strategies("best", 3) == ["best"] * 3
    assert _args.read_strategies(["pat", "table"], 2) == ["pat", "table"]
    with pytest.raises(InvalidHandError, match=r"^1 strategies for 2 players"):
        _args.read_strategies(["pat"], 2)
    with pytest.raises(InvalidHandError, match=r"^more than 2 strategies for 2 players"):
        _args.read_strategies(["pat"] * 3, 2)
    with pytest.raises(InvalidHandError, match=r"unknown strategy"):
        _args.read_strategies({"best"}, 1)
    with pytest.raises(InvalidHandError, match=r"unknown strategy 'worst'"):
        _args.read_strategies("worst", 1)


def test_games_valued_and_what_a_message_quotes() -> None:
    """Four-card games are valued on the Badugi scale; a message quotes what it was given.

    Rule: ``read_game``' and ``short``'s docstrings.
    """
    assert _args.read_game("badugi") is BADUGI
    assert _args.read_game(BADEUCY) is BADEUCY
    with pytest.raises(InvalidHandError, match=r"game must be one of badugi.games"):
        _args.read_game("chess")
    assert _args.short("x" * 10) == "str 'xxxxxxxxxx'"
    assert _args.card_text([0, 51, 20]) == ("Ks", "6c", "Ac")
    assert _args.in_order([0, 51, 20]) == ("Ac", "Ks", "6c")
