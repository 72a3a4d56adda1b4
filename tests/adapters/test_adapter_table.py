"""The game code under both adapters (badugi.adapters): chance, actions, settlement, views, copies."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from math import comb

import pytest

from badugi.adapters import TableState, Variant
from badugi.adapters.actions import CALL, DISCARD, FOLD, RAISE, mask_of
from badugi.adapters.deal import Batch, outcomes
from badugi.adapters.views import Layout, information_state_string, observation_string
from badugi.cards import parse_cards
from badugi.errors import IllegalActionError
from badugi.showdown import showdown
from tests.adapters.played_out import play_out

TINY = Variant(draws=0, ranks="A23", suits="cdh", cap=1, small_blind=0, big_blind=0, ante=1)


def deal(state: TableState, hands: list[str]) -> None:
    for text in hands:
        for card in sorted(parse_cards(text)):
            state.apply(card)


def test_the_deal_gives_every_pair_of_hands_its_true_chance() -> None:
    # Sorted dealing: each seat's hand is one path of chance outcomes, of probability 1 / C(9,4) * 1 / C(5,4).
    totals: dict[tuple[tuple[int, ...], ...], float] = {}

    def walk(state: TableState, chance: float) -> None:
        if not state.is_chance:
            key = tuple(tuple(cards) for cards in state.cards)
            assert key not in totals
            totals[key] = chance
            return
        for card, p in state.chance_outcomes():
            child = state.clone()
            child.apply(card)
            walk(child, chance * p)

    walk(TableState(TINY), 1.0)
    assert len(totals) == comb(9, 4) * comb(5, 4)
    for chance in totals.values():
        assert chance == pytest.approx(1 / len(totals))


def test_sorted_outcomes_sum_to_one_and_weigh_by_completions() -> None:
    stub = list(range(10))
    batch = Batch(0, 3, ascending=True)
    got = dict(outcomes(batch, stub, []))
    assert sum(got.values()) == pytest.approx(1)
    assert got[0] == pytest.approx(comb(9, 2) / comb(10, 3))  # the smallest card of the three is 0
    assert max(got) == 7  # two cards must still come above it


def test_a_draw_the_stub_cannot_cover_reshuffles_the_discards_but_not_the_drawers_own() -> None:
    variant = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1)
    state = TableState(variant)
    deal(state, ["Ac Ad 2c 2d", "3c 3d 4c 4d"])
    assert sorted(state.stub) == sorted(parse_cards("5c 5d"))
    state.apply(CALL)
    state.apply(CALL)  # both check: the draw
    assert state.phase == "draw"
    assert state.actor == 0
    # Two cards in the stub, one never dealt: one card can be replaced now.
    assert max(a - DISCARD for a in state.legal_actions()).bit_count() == 1
    state.apply(mask_of(parse_cards("Ad"), state.cards[0]))
    assert state.is_chance
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    state.apply(state.chance_outcomes()[0][0])
    assert state.discards == parse_cards("Ad")
    # Seat 1: the stub is down to its last card; the reshuffle brings Ad back.
    state.apply(mask_of(parse_cards("4d"), state.cards[1]))
    cards = [card for card, _ in state.chance_outcomes()]
    assert parse_cards("Ad")[0] in cards
    assert parse_cards("4d")[0] not in cards


def test_payouts_are_the_library_showdowns() -> None:
    state = TableState(TINY)
    deal(state, ["Ac 2d 3h 3c", "Ah Ad 2c 2h"])
    state.apply(RAISE)
    state.apply(CALL)
    assert state.is_terminal
    expected = showdown(
        [parse_cards("Ac 2d 3h 3c"), parse_cards("Ah Ad 2c 2h")], state.hand.contributions, 1, 0
    )
    won = [paid - put for paid, put in zip(expected.payouts, state.hand.contributions, strict=True)]
    assert state.returns() == [float(chips) for chips in won]
    assert state.returns() == [3.0, -3.0]  # the ante and a bet of 2: A-2-3 beats A-2


def test_a_fold_ends_the_hand_and_no_fold_is_offered_against_no_bet() -> None:
    state = TableState(TINY)
    deal(state, ["Ac 2d 3h 3c", "Ah Ad 2c 2h"])
    assert state.legal_actions() == [CALL, RAISE]
    state.apply(RAISE)
    assert state.legal_actions() == [FOLD, CALL]
    state.apply(FOLD)
    assert state.is_terminal
    assert state.returns() == [1.0, -1.0]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = TableState(TINY)
    before = str(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply(parse_cards("Ks")[0])  # not in the deck
    deal(state, ["Ac 2d 3h 3c", "Ah Ad 2c 2h"])
    before = str(state), state.legal_actions()
    for action in (FOLD, DISCARD, 99, -1, 1.0, True, "1", None, [1]):
        with pytest.raises(IllegalActionError, match="not legal"):
            state.apply(action)
    assert (str(state), state.legal_actions()) == before


def test_views_hold_the_seats_own_cards_and_nothing_of_the_others() -> None:
    state = TableState(TINY)
    deal(state, ["Ac 2d 3h 3c", "Ah Ad 2c 2h"])
    state.apply(RAISE)
    mine, theirs = information_state_string(state, 0), information_state_string(state, 1)
    assert "+Ac" in mine
    assert "+Ah" not in mine
    assert "+Ah" in theirs
    assert "+Ac" not in theirs
    assert "p0:bet" in mine
    assert "p0:bet" in theirs
    assert "Ah" not in observation_string(state, 0)
    layout = Layout(TINY)
    assert len(layout.information_state(state, 0)) == layout.information_size
    assert len(layout.observation(state, 1)) == layout.observation_size


def test_states_that_differ_only_in_hidden_cards_look_the_same_to_the_seat() -> None:
    layout = Layout(TINY)
    views = {}
    for other in ("Ah Ad 2c 2h", "Ah 2h 3d 2c"):
        state = TableState(TINY)
        deal(state, ["Ac 2d 3h 3c", other])
        state.apply(CALL)
        views[other] = (information_state_string(state, 0), layout.information_state(state, 0))
    first, second = views.values()
    assert first == second


def test_clones_copies_and_pickles_share_nothing_that_changes() -> None:
    state = TableState(Variant(players=3, draws=2))
    while len(state.seen) < 20:
        if state.is_chance:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(CALL if state.phase == "bet" else DISCARD + 1)  # call, or throw one card
    assert not state.is_terminal
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        before = str(state), state.hand.contributions, information_state_string(state, 0)
        play_out(twin, random.Random(5))
        assert (str(state), state.hand.contributions, information_state_string(state, 0)) == before
        assert twin.is_terminal
        assert not state.is_terminal
        assert sum(twin.returns()) == 0


@pytest.mark.parametrize(
    "variant", [TINY, Variant("badacey", players=4, draws=2, ante=2)], ids=["tiny", "badacey"]
)
def test_a_new_hand_is_the_hand_a_new_state_deals_in_a_tree_of_its_own(variant: Variant) -> None:
    start = TableState(variant)
    fresh = start.new_hand()
    assert fresh._node is not start._node
    assert not fresh._node.children
    for twin in (fresh, TableState(variant)):
        assert (str(twin), twin.legal_actions(), twin.hand.contributions) == (
            str(start),
            start.legal_actions(),
            start.hand.contributions,
        )
    a, b = start.new_hand(), TableState(variant)
    play_out(a, random.Random(3))
    play_out(b, random.Random(3))
    assert (str(a), a.returns()) == (str(b), b.returns())
    assert not start._node.children  # the hands played from it were played in their own trees
    moved = start.new_hand()
    moved.apply(moved.chance_outcomes()[0][0])
    with pytest.raises(IllegalActionError, match="new_hand starts from a hand's first state"):
        moved.new_hand()


@pytest.mark.parametrize(
    "variant",
    [TINY, Variant(), Variant("badeucy", players=3, draws=3), Variant("badacey", players=6, stack=12)],
    ids=["tiny", "badugi", "badeucy-3", "badacey-6-short"],
)
def test_random_hands_settle_to_zero_sum_and_keep_every_card_in_one_place(variant: Variant) -> None:
    rng = random.Random(11)
    for _ in range(30):
        state = play_out(TableState(variant), rng)
        assert sum(state.returns()) == 0
        live = [cards for seat, cards in enumerate(state.cards) if not state.hand.folded[seat]]
        held = list(itertools.chain.from_iterable(live))
        assert len(set(held)) == len(held)
        assert not set(held) & set(state.stub)
        assert not set(held) & set(state.discards)
