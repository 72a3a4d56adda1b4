"""Rules of the betting round and the structures that the mutation run found unpinned (issue 31).

Each test is a probe: it passes on the engine and fails on the mutant named in its docstring
(``python tools/mutate.py`` lists the survivors by ``path:line``).
"""

from __future__ import annotations

import pytest

from badugi.engine import FixedLimit, GameSetupError, HalfPotLimit, Hand, IllegalActionError, PotLimit, Setup
from badugi.engine.structures import BettingRound, Structure
from tests.engine.stacked import finish_betting

MAX_CHIPS = 2**63 - 1


def _round(**fields: int | None) -> BettingRound:
    """A betting round before the first draw with nobody in yet; ``fields`` override."""
    base: dict[str, int | None] = {
        "index": 0,
        "current_bet": 0,
        "player_bet": 0,
        "pot": 0,
        "last_raise": 0,
        "full_bets": 0,
        "players_in": 3,
        "big_blind": None,
        "ante": 0,
        "last_full_bet": 0,
        "reopened_at": 0,
    }
    base.update(fields)
    return BettingRound(**base)  # type: ignore[arg-type]


# ---- betting.py -----------------------------------------------------------------------------


def test_the_cap_counts_from_zero_again_after_the_draw() -> None:
    """Fixed limit allows one bet and three raises in every round, not only the first.

    Rule: Robert's Rules of Poker, "a bet and three raises" per betting round (seeds 000/003).
    Before the draw the big blind counts as the bet; after it the count starts from nothing,
    so a mutant that starts a round at one full bet (``full_bets = 1``) caps one raise early.
    """
    hand = Hand(stacks=[1000] * 4, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    finish_betting(hand)
    while hand.phase == "draw":
        hand.draw([])
    assert hand.round_index == 1
    for total in (20, 40, 60, 80):  # the bet, then three raises: all allowed
        assert hand.legal().max_raise_to == total
        hand.raise_to(total)
    assert hand.legal().min_raise_to is None  # the fifth would pass the cap
    with pytest.raises(IllegalActionError, match="capped"):
        hand.raise_to(100)


def test_a_player_facing_an_all_in_re_raise_may_only_call_or_fold() -> None:
    """Nobody may raise when every other player is all in: there is nobody left to bet against.

    Rule: Robert's Rules of Poker, "a player who is all in cannot be bet against"; the engine's
    refusal says "every other player is all-in or folded" (``Betting.raise_blocker``).
    """
    hand = Hand(stacks=[1000, 300], button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    hand.raise_to(30)  # the button (small blind) raises
    hand.raise_to(90)  # the big blind re-raises, a full raise
    hand.raise_to(200)  # the button raises again, a full raise
    hand.raise_to(300)  # the big blind goes all in for 300: a full raise of 100
    legal = hand.legal()
    assert hand.actor == 0
    assert legal.call
    assert legal.fold
    assert legal.min_raise_to is None
    assert legal.max_raise_to is None
    with pytest.raises(IllegalActionError, match="every other player is all-in or folded"):
        hand.raise_to(600)


def test_a_fold_is_always_legal_at_ones_turn() -> None:
    """A player may fold at any turn to bet, facing a bet or not.

    Rule: Robert's Rules of Poker (a player may fold when it is their turn, even when a check is
    possible; folding out of turn is what is penalised). ``Legal.fold`` is True at every turn.
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    assert hand.legal().fold  # facing the big blind
    assert hand.legal().call
    hand.call()
    hand.call()
    assert hand.legal().check  # the big blind may check, or fold
    assert hand.legal().fold
    hand.fold()
    assert hand.folded[2]


# ---- structures.py --------------------------------------------------------------------------


def test_pot_limit_counts_the_call_of_a_seat_that_already_has_chips_in() -> None:
    """The most a pot-limit raise may go to is the pot after the player's call, on top of the call.

    Rule: Robert's Rules of Poker, pot limit: "the maximum raise is the size of the pot after the
    call". Heads-up 5/10: the small blind calls 5 (the pot is then 20) and raises 20, to 30; a
    mutant that adds the player's bet to the call gives 40.
    """
    hand = Hand(stacks=[1000] * 2, button=0, structure=PotLimit(), blinds=(5, 10), seed=1)
    assert hand.actor == 0
    assert (hand.legal().min_raise_to, hand.legal().max_raise_to) == (20, 30)
    assert PotLimit().raise_range(
        _round(current_bet=10, player_bet=5, pot=15, last_raise=10, big_blind=10)
    ) == (
        20,
        30,
    )
    # Half-pot: half of the 20 after the call, on top of the 10.
    assert HalfPotLimit().raise_range(
        _round(current_bet=10, player_bet=5, pot=15, last_raise=10, big_blind=10)
    ) == (20, 20)


@pytest.mark.parametrize(
    ("current_bet", "total"),
    [(20, 40), (39, 40), (40, 60), (45, 60), (59, 60), (60, 80), (61, 80)],
)
def test_fixed_limit_completes_all_ins_to_the_next_level(current_bet: int, total: int) -> None:
    """Facing all-ins for less, a fixed-limit raise completes them: it goes to the next level up.

    Rule: the structure's docstring (Robert's Rules of Poker: a raise facing an all-in for less
    "completes" the bet); from the last full bet of 20 in units of 20, all-ins that reached 40 or
    more make the next raise 60, and 60 or more make it 80.
    """
    state = _round(current_bet=current_bet, last_raise=20, full_bets=1, big_blind=20, last_full_bet=20)
    assert FixedLimit(20, 40).raise_range(state) == (total, total)


def test_fixed_limit_uses_the_big_bet_from_the_third_round() -> None:
    """The small bet on the first two betting rounds, the big bet on the last two.

    Rule: Robert's Rules of Poker, triple draw lowball: "the limit doubles" after the second draw.
    """
    structure = FixedLimit(20, 40)
    assert structure.raise_range(_round(index=1)) == (20, 20)
    assert structure.raise_range(_round(index=2)) == (40, 40)
    assert [structure.unit(i) for i in range(4)] == [20, 20, 40, 40]


def test_fixed_limit_cap_and_the_heads_up_exception() -> None:
    """``cap`` bets and raises per round (one bet and three raises), none past it; heads-up may be uncapped.

    Rule: Robert's Rules of Poker, "a bet and three raises"; "the limit on raises does not apply
    when only two players are in" in rooms that play it (``uncapped_heads_up``).
    """
    assert FixedLimit(2, 4).raise_range(_round(full_bets=3, current_bet=6, last_full_bet=6)) == (8, 8)
    assert FixedLimit(2, 4).raise_range(_round(full_bets=4, current_bet=8, last_full_bet=8)) is None
    heads_up = FixedLimit(2, 4, uncapped_heads_up=True)
    assert heads_up.raise_range(_round(full_bets=4, current_bet=8, last_full_bet=8, players_in=2)) == (10, 10)
    assert heads_up.raise_range(_round(full_bets=4, current_bet=8, last_full_bet=8, players_in=3)) is None
    assert FixedLimit(2, 4, cap=None).raise_range(_round(full_bets=99, current_bet=8, last_full_bet=8)) == (
        10,
        10,
    )


@pytest.mark.parametrize(("unit", "half"), [(1, 1), (4, 2), (5, 3), (20, 10)])
def test_half_a_bet_rounded_up_reopens_the_betting(unit: int, half: int) -> None:
    """An all-in of half a bet or more reopens the betting; with the strict rule only a full raise does.

    Rule: Robert's Rules of Poker, "an all-in wager of a half a bet or more is treated as a full
    bet"; TDA Rule 47-B, "at least 50% of a full bet or raise" (half of an odd unit rounded up).
    """
    state = _round(
        current_bet=unit, last_raise=unit, full_bets=1, big_blind=unit, last_full_bet=unit, reopened_at=unit
    )
    assert FixedLimit(unit, 2 * unit).reopening_total(state) == unit + half
    assert FixedLimit(unit, 2 * unit, full_bet_rule=True).reopening_total(state) == 2 * unit
    assert FixedLimit(unit, 2 * unit).reopens_with() == "half a bet"
    assert FixedLimit(unit, 2 * unit, full_bet_rule=True).reopens_with() == "a full bet or raise"


def test_the_smallest_pot_limit_bet_without_blinds() -> None:
    """Without blinds the smallest pot-limit bet is ``min_bet``, else the ante, else one chip.

    Rule: the structures' docstring (Robert's Rules of Poker: the minimum bet is the big blind,
    or the stake of the game when there is none).
    """
    assert PotLimit().raise_range(_round()) == (1, 1)  # no blinds, no ante: one chip, however small the pot
    assert PotLimit().raise_range(_round(ante=3, pot=9)) == (3, 9)
    assert PotLimit(min_bet=5).raise_range(_round(ante=3, pot=9)) == (5, 9)
    assert PotLimit(min_bet=5).raise_range(_round(big_blind=10, pot=15, current_bet=10)) == (20, 35)
    assert PotLimit().smallest_bet(_round(ante=0)) == 1


@pytest.mark.parametrize("chips", [1, MAX_CHIPS])
def test_bets_of_one_chip_and_of_the_most_chips_are_accepted(chips: int) -> None:
    """A bet is a positive int of chips, at most 2**63-1 (what the C side and the histories hold).

    Rule: the structures' docstrings (``GameSetupError`` for a bet that is not a positive int).
    """
    structure = FixedLimit(chips, chips, cap=1)
    assert (structure.small_bet, structure.big_bet, structure.cap) == (chips, chips, 1)
    assert PotLimit(min_bet=chips).min_bet == chips


@pytest.mark.parametrize("chips", [0, -1, MAX_CHIPS + 1])
def test_bets_of_no_chip_or_past_the_most_are_refused(chips: int) -> None:
    """A bet of 0 chips, fewer, or more than 2**63-1 is refused with a message that names it.

    Rule: the structures' docstrings (``GameSetupError``: a bet that is not a positive int).
    """
    words = "at most 2\\*\\*63-1" if chips > 0 else "a positive int"
    with pytest.raises(GameSetupError, match=f"small_bet must be {words}"):
        FixedLimit(chips, 10)
    with pytest.raises(GameSetupError, match=f"cap must be {words}"):
        FixedLimit(10, 10, cap=chips)
    with pytest.raises(GameSetupError, match=f"min_bet must be {words}"):
        PotLimit(min_bet=chips)


def _fold_to_the_end(hand: Hand) -> None:
    """Stand pat at every draw and fold at every bet until the hand is over."""
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.draw([])
        else:
            hand.fold()


def test_at_the_draw_and_after_the_hand_nothing_but_the_draw_is_legal() -> None:
    """At a seat's draw it may only draw; once the hand is over nothing is legal (no fold, check or call).

    Rule: Robert's Rules of Poker, draw poker: the draw is a turn of its own, not a betting action
    (``Legal``'s docstring: "then only ``draw`` is allowed").
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    finish_betting(hand)
    assert hand.phase == "draw"
    legal = hand.legal()
    assert legal.draw
    assert (legal.fold, legal.check, legal.call) == (False, False, False)
    assert legal.min_raise_to is None
    assert legal.max_raise_to is None
    _fold_to_the_end(hand)
    legal = hand.legal()
    assert (legal.draw, legal.fold, legal.check, legal.call) == (False, False, False, False)


def test_a_player_with_only_the_call_in_front_may_not_raise() -> None:
    """A player whose chips exactly cover the call may call all in, not raise.

    Rule: Robert's Rules of Poker, table stakes: a player may not bet more than the chips in front
    (``Betting.raise_blocker``: "not enough chips to raise").
    """
    hand = Hand(stacks=[2, 100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    assert hand.actor == 0
    legal = hand.legal()
    assert (legal.call, legal.call_amount) == (True, 2)
    assert legal.min_raise_to is None
    assert legal.max_raise_to is None
    with pytest.raises(IllegalActionError, match="not enough chips to raise"):
        hand.raise_to(2)


def test_a_player_nobody_can_bet_against_who_owes_nothing_has_no_turn() -> None:
    """Once an all-in call leaves one player with chips and nothing owed, that player does not act.

    Rule: a player who cannot be bet against has no decision to make (Robert's Rules of Poker: an
    all-in player "cannot be bet against"); the big blind's option is skipped when the only caller
    is all in and the rest folded (``Betting._skip_the_covered``).
    """
    hand = Hand(stacks=[100, 2, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    hand.fold()  # the button
    hand.call()  # the small blind calls all in
    assert hand.phase == "draw"
    assert hand.round_index == 0


class _ThreeQuarterPotLimit(PotLimit):
    """A pot structure of another fraction, as ``PotLimit.fraction`` documents one may be made."""

    fraction = (3, 4)


def test_a_pot_structure_raises_by_its_fraction_of_the_pot_after_the_call() -> None:
    """The most a pot-type raise adds is ``num / den`` of the pot after the call, rounded down.

    Rule: ``PotLimit.fraction`` ("the largest raise as a fraction of the pot after calling"); pot
    limit is 1/1 and half-pot 1/2 (Robert's Rules of Poker, pot limit and half-pot limit).
    """
    state = _round(current_bet=10, player_bet=5, pot=15, last_raise=10, big_blind=10)
    assert _ThreeQuarterPotLimit().raise_range(state) == (20, 25)  # 10 + 20 * 3 // 4


def test_there_is_no_call_when_nothing_is_owed() -> None:
    """A player who owes nothing checks; a call of nothing is refused.

    Rule: Robert's Rules of Poker, "a check is a bet of nothing" when no bet was made this round;
    ``Betting.call``: "nothing to call (check instead)".
    """
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    hand.call()
    hand.call()
    assert hand.actor == 2
    with pytest.raises(IllegalActionError, match="nothing to call"):
        hand.call()
    assert hand.bets == [2, 2, 2]


def test_every_version_of_the_rules_skips_a_covered_player_at_the_start_of_a_round() -> None:
    """A round that starts with one player able to bet, owing nothing, has no betting turn.

    Rule: a player nobody can bet against has no decision (Robert's Rules of Poker: an all-in
    player "cannot be bet against"). The histories of ``rules_version`` 1 still asked such a player
    within a round, but never at a round's start (``Betting.open``), so the later rounds are draws only.
    """
    setup = Setup([15, 1000, 1000], 0, FixedLimit(20, 40), blinds=(10, 20), seed=3, rules_version=1)
    hand = Hand.from_setup(setup)
    hand.call()  # the button, all in for 15
    hand.fold()  # the small blind
    assert hand.phase == "bet"  # version 1: the big blind is asked within the round
    hand.check()
    phases = []
    while hand.actor is not None:
        phases.append(hand.phase)
        hand.draw([])
    assert phases == ["draw"] * 6
    assert hand.payouts is not None  # the hand is over


def test_the_first_chips_of_a_round_are_a_bet_and_the_next_a_raise() -> None:
    """With nothing bet in the round the first chips are a bet; on top of a bet (or a blind) a raise.

    Rule: Robert's Rules of Poker, "a bet" opens a round's betting and "a raise" increases it; the
    big blind counts as the bet before the draw (seeds 000/003).
    """
    hand = Hand(stacks=[1000] * 3, button=0, structure=FixedLimit(20, 40), blinds=(10, 20), seed=1)
    assert hand.raise_to(40)["event"] == "raise"  # on top of the big blind
    finish_betting(hand)
    while hand.phase == "draw":
        hand.draw([])
    assert hand.raise_to(20)["event"] == "bet"
    assert hand.raise_to(40)["event"] == "raise"


def test_a_structure_of_ones_own_says_its_answers_and_a_full_raise_reopens_by_default() -> None:
    """A structure must say what it allows (the base says nothing); by default only a full raise reopens.

    Rule: ``Structure``'s docstrings ("A full bet or raise always reopens it: by default, only a
    full one does"); the TDA's Rule 47 for no-limit and pot-limit.
    """
    with pytest.raises(NotImplementedError):
        Structure().raise_range(_round())
    with pytest.raises(NotImplementedError):
        Structure().describe()
    assert Structure().reopens_with() == "a full raise"
    assert PotLimit().reopens_with() == "a full raise"
    assert PotLimit().reopening_total(_round(big_blind=10, current_bet=10, last_raise=10, pot=15)) == 20
