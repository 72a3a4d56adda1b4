"""The sampled solver's C walker plays every rule it uses as the library does, event by event.

Against ``badugi.adapters.TableState`` on small decks (the stub's last card,
the reshuffle of the pile, a draw capped by what the deck can replace, antes
and blinds, caps of one to four), and against ``engine.Hand`` itself on the
full deck: random hands, each compared after the deal and after every action
(the seat to act, the legal actions, both seats' chips in, the stub and the
pile, and the chips won at the end). The random draws of a traversal are
checked against the exact chances ``TableState`` gives.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from badugi._native import ffi, lib
from badugi.adapters import Variant
from badugi.adapters.table import TableState
from badugi.solver.sampled.native import rules_struct
from tests.solver.sampled_play import play_hand, play_table_state, walker_records

SETTINGS = [
    # the ten-card variant the exact solver solves, and its two- and three-draw cousins (reshuffles)
    {"draws": 1, "ranks": "A2345", "suits": "cd", "small_blind": 0, "big_blind": 0, "ante": 1, "cap": 1},
    {"draws": 3, "ranks": "A2345", "suits": "cd", "small_blind": 0, "big_blind": 0, "ante": 1, "cap": 2},
    {"draws": 2, "ranks": "A23", "suits": "cdh", "small_blind": 0, "big_blind": 0, "ante": 2, "cap": 3},
    {"draws": 3, "ranks": "A23456", "suits": "cd", "cap": 3},
    {"draws": 3, "cap": 4},
    {"draws": 2, "cap": 4, "small_blind": 1, "big_blind": 3, "big_bet": 5, "ante": 2},
    {"draws": 3, "cap": 4, "small_blind": 1, "big_blind": 1},
    {"draws": 0, "ranks": "A23", "suits": "cdh", "cap": 2, "small_blind": 2, "big_blind": 2},
]
HANDS = 250


@pytest.mark.parametrize("number", range(len(SETTINGS)))
def test_random_hands_agree_with_table_state(number: int) -> None:
    variant = Variant(**SETTINGS[number])  # type: ignore[arg-type]
    rng = random.Random(number)
    reshuffles = 0
    for _ in range(HANDS):
        deal, actions, draw_cards, expected = play_table_state(variant, rng)
        status, records, bad = walker_records(variant, deal, actions, draw_cards)
        assert status == len(actions) + 1, (status, bad, deal, actions, draw_cards)
        assert records == expected, (deal, actions, draw_cards)
        reshuffles += sum(r[8] for r in records)
    if SETTINGS[number].get("ranks") == "A2345":  # nine cards never draw at all: the stub is its last card
        assert reshuffles > 0, "the small decks' hands must run the stub short"


@pytest.mark.parametrize(("blinds", "ante"), [((1, 2), 0), (None, 1), ((1, 2), 1)])
def test_random_full_deck_hands_agree_with_hand(blinds: tuple[int, int] | None, ante: int) -> None:
    rng = random.Random(7 if blinds else 8)
    for _ in range(HANDS):
        deal, actions, draw_cards, expected, variant = play_hand(rng, blinds=blinds, ante=ante)
        status, records, bad = walker_records(variant, deal, actions, draw_cards)
        assert status == len(actions) + 1, (status, bad)
        mine = [(r[0], r[2] if r[0] >= 0 else 0, r[3], r[4], r[7]) for r in records]
        assert not any(r[8] for r in records), "a full deck never runs short heads-up"
        assert mine == expected, (deal, actions, draw_cards)


def test_an_illegal_action_or_card_is_refused_by_its_index() -> None:
    variant = Variant(draws=1, ranks="A2345", suits="cd", small_blind=0, big_blind=0, ante=1, cap=1)
    deal = [0, 4, 8, 12, 1, 5, 9, 13]  # A-2-3-4 of clubs, then of diamonds
    # seat 0 checks, seat 1 checks; seat 0 draws one card it is told: 16 (5c) is in the stub
    assert walker_records(variant, deal, [1, 1, 3 + 1], [16])[0] == 4
    refused = [
        ([1, 0], []),  # a fold that could check
        ([2, 2], []),  # a raise past the cap of one
        ([1, 1, 3 + 3], [16, 17]),  # two cards when the deck can replace one
        ([1, 1, 3 + 1], [5]),  # a card seat 1 holds
        ([1, 1, 3 + 1], [0]),  # the card it throws
        ([1, 1, 3 + 1], []),  # no card told
        ([1, 1, 1], []),  # a bet at a draw
        ([1, 1, 3, 3, 1, 1, 1], []),  # an action after the hand is over
    ]
    for actions, cards in refused:
        status, _, bad = walker_records(variant, deal, actions, cards)
        assert status == lib.BADUGI_E_ARGUMENT, (actions, cards, status)
        assert bad == len(actions) - 1, (actions, bad)
    assert walker_records(variant, [0, 4, 8, 12, 1, 5, 9, 12], [], [])[0] == lib.BADUGI_E_ARGUMENT
    assert walker_records(variant, [0, 4, 8, 12, 1, 5, 9, 51], [], [])[0] == lib.BADUGI_E_ARGUMENT


def exact_chances(variant: Variant, deal: list[int], actions: list[int], cards: list[int], mask: int) -> dict:
    """Every sequence of cards the draw of ``mask`` after the told play can deal, with its exact chance."""
    state = TableState(variant)
    for card in deal:
        state.apply(card)
    told = iter(cards)
    for action in actions:
        state.apply(action)
        while state.is_chance:
            state.apply(next(told))
    state.apply(3 + mask)
    chances: dict[tuple[int, ...], float] = {}

    def walk(node: TableState, sequence: tuple[int, ...], chance: float) -> None:
        if not node.is_chance:
            chances[tuple(sorted(sequence))] = chances.get(tuple(sorted(sequence)), 0.0) + chance
            return
        for card, p in node.chance_outcomes():
            child = node.clone()
            child.apply(card)
            walk(child, (*sequence, card), chance * p)

    walk(state, (), 1.0)
    return chances


@pytest.mark.parametrize(
    ("settings", "actions", "cards", "mask"),
    [
        # ten cards: seat 0 throws one (stub of two), seat 1 then draws one from a reshuffle
        (SETTINGS[0], [1, 1, 3 + 1], [16], 1),
        # the three-draw ten-card game, second draw: the stub is short, the pile comes back
        (SETTINGS[1], [1, 1, 3 + 1, 3 + 0, 1, 1], [16], 2),
        # the full deck: seat 0 throws two, no reshuffle
        (SETTINGS[4], [1, 1], [], 3),
    ],
)
def test_random_draws_come_with_the_exact_chances(
    settings: dict, actions: list[int], cards: list[int], mask: int
) -> None:
    variant = Variant(**settings)  # type: ignore[arg-type]
    deal = [0, 4, 8, 12, 1, 5, 9, 13]
    exact = exact_chances(variant, deal, actions, cards, mask)
    count = bin(mask).count("1")
    samples = 20_000
    out = ffi.new("uint8_t[]", samples * count)
    status = lib.badugi_sampled_sample_draws(
        rules_struct(variant),
        bytes(deal),
        ffi.new("int16_t[]", actions),
        len(actions),
        bytes(cards),
        len(cards),
        mask,
        5,
        samples,
        out,
        samples * count,
    )
    assert status == 0
    seen = Counter(tuple(sorted(out[i * count : (i + 1) * count])) for i in range(samples))
    assert set(seen) <= set(exact), set(seen) - set(exact)
    for sequence, chance in exact.items():
        spread = (chance * (1 - chance) / samples) ** 0.5
        assert abs(seen[sequence] / samples - chance) <= 5 * spread + 1e-9, (sequence, seen[sequence], chance)
