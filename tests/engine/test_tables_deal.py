"""How ``Tables`` deals: its own fast shuffle by default, or the deck ``Hand(seed=s)`` deals.

Either way the history carries the deck, so ``Hand.replay`` plays the hand again (the agreement
tests check that on every hand); these check the decks themselves.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np

from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, Hand
from badugi.engine.tables import Tables
from tests.engine.fast_deal_reference import fast_deck
from tests.engine.tables_play import random_legal

_IDS = {text: card for card, text in enumerate(CARD_TEXT)}


def _decks(tables: Tables, hands: int, seed: int) -> list[tuple[dict[str, Any], list[int]]]:
    """The setups and decks (ids, top first) of the first ``hands`` hands the tables finish."""
    rng = np.random.default_rng(seed)
    out: list[tuple[dict[str, Any], list[int]]] = []
    while len(out) < hands:
        _, done = tables.step(random_legal(tables.legal(), rng))
        for table in np.flatnonzero(done):
            setup = dict(tables.history(int(table))[0])
            out.append((setup, [_IDS[card] for card in setup["deck"]]))
    return out[:hands]


def test_a_table_dealing_as_hand_deals_the_deck_of_its_seed() -> None:
    tables = Tables(16, 4, FixedLimit(2, 4), seed=5, deal="hand")
    for setup, deck in _decks(tables, 60, 5):
        fresh = Hand(list(setup["stacks"]), setup["button"], FixedLimit(2, 4), seed=setup["seed"])
        assert list(fresh.setup.deck) == deck


def test_the_fast_deal_is_the_reference_s_deck_and_not_hand_s() -> None:
    """Each deck is the one the reference written from the fast deal's description deals."""
    tables = Tables(16, 4, FixedLimit(2, 4), seed=5)
    assert tables.deal == "fast"
    for setup, deck in _decks(tables, 300, 5):
        assert deck == fast_deck(setup["seed"])
        fresh = Hand(list(setup["stacks"]), setup["button"], FixedLimit(2, 4), seed=setup["seed"])
        assert list(fresh.setup.deck) != deck


def test_the_fast_deal_is_uniform_over_places_and_cards() -> None:
    """Every card as likely in every place: a chi-square over 4,000 decks for the first, a middle
    and the last place (the last is settled only when the whole deck is asked for), and for the
    pair of cards on top (a shuffle that moved only some cards, or drew a place from too few
    bits, or from the same bits twice, fails it)."""
    tables = Tables(400, 2, FixedLimit(2, 4), seed=11)
    decks = np.array([deck for _, deck in _decks(tables, 4_000, 11)])
    expected = len(decks) / 52
    for place in (0, 1, 25, 51):
        counts = np.bincount(decks[:, place], minlength=52)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 110, (place, chi2)  # 51 degrees of freedom: p about 1e-6
    # The top two cards, in 13 x 13 cells of ranks: 168 degrees of freedom.
    cells = np.bincount((decks[:, 0] // 4) * 13 + decks[:, 1] // 4, minlength=169)
    same_rank = np.arange(169) % 14 == 0  # both the same rank: 3 of 51 second cards, not 4
    share = np.where(same_rank, 4 * 3, 4 * 4) / (52 * 51) * len(decks)
    chi2 = float(((cells - share) ** 2 / share).sum())
    assert chi2 < 260, chi2  # p about 1e-6


def test_a_seed_deals_the_same_decks_in_either_deal_and_a_pickle_keeps_the_deal() -> None:
    for deal in ("fast", "hand"):
        first = _decks(Tables(8, 3, FixedLimit(2, 4), seed=2, deal=deal), 20, 2)
        again = _decks(Tables(8, 3, FixedLimit(2, 4), seed=2, deal=deal), 20, 2)
        assert first == again
        tables = Tables(8, 3, FixedLimit(2, 4), seed=2, deal=deal)
        _decks(tables, 5, 3)
        twin = pickle.loads(pickle.dumps(tables))
        assert twin.deal == deal
        assert _decks(twin, 10, 4) == _decks(tables, 10, 4)
    fast = _decks(Tables(8, 3, FixedLimit(2, 4), seed=2), 20, 2)
    hand = _decks(Tables(8, 3, FixedLimit(2, 4), seed=2, deal="hand"), 20, 2)
    assert [setup["seed"] for setup, _ in fast] == [setup["seed"] for setup, _ in hand]
    assert [deck for _, deck in fast] != [deck for _, deck in hand]
