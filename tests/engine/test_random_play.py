"""At least 100,000 random legal hands, every invariant checked after every action.

Hands deal every game (Badugi, Badeucy, Badacey), use every structure, 2-8
players, short stacks (so many all-ins and side pots), blinds or antes, and
now and then a qualifier (Badugi) and chips carried in from an earlier deal.
After each action: chips are conserved (the stacks and the middle hold what
the seats started with plus the carry), no card is in two places, all 52
cards are in hands, stub, discards or burns, and each seat still in holds the
game's number of cards. Every hand must end, and what nobody qualified for
stays in the middle. Now and then an illegal action is tried first: it must
be refused and change nothing.

The work is four tests of 25,000 hands, each with its own seed and its own share of
the coverage, so that the test runner's workers (one a core) share them out.
"""

from __future__ import annotations

import pytest

from badugi.games import GAMES
from tests.engine import randomplay

HANDS = 100_000
CHUNKS = 4


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_100k_random_hands_keep_every_invariant(chunk: int) -> None:
    share = HANDS // CHUNKS
    seen = randomplay.run_chunk(seed=chunk, hands=share)
    assert seen["hands"] >= share
    # The hands must really cover the hard cases, or the invariants prove little.
    for key in (
        "showdowns",
        "folded_out",
        "reshuffles",
        "all_ins",
        "side_pots",
        "dead_money_ante",
        "exposed",
        "replayed",
        "misdeals",
        "dead_hands",
        "replaced_in_deal",
        "qualifiers",
        "carried",
        "carry_paid",
        *(f"{game}_{what}" for game in GAMES for what in ("reshuffles", "showdowns")),
    ):
        assert seen[key] > 100 // CHUNKS, f"only {seen[key]} hands with {key}: {seen}"
    for game in GAMES:
        assert seen[game] > share // 4, f"only {seen[game]} hands of {game}"


def test_a_few_random_hands_in_process() -> None:
    # The same checks, quickly and in this process, so a failure shows a traceback.
    seen = randomplay.run_chunk(seed=12345, hands=300, try_illegal=0.3)
    assert seen["hands"] == 300
