"""Random legal play of ``Tables``, each finished hand checked against ``Hand``: a helper of the tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from badugi.engine import Hand
from badugi.engine.tables import Tables


def check_against_hand(tables: Tables, hands: int, seed: int) -> int:
    """Step ``tables`` by random legal actions until ``hands`` hands ended, checking each; the count.

    For every finished hand: the history ``Tables`` records replays through
    ``Hand.replay`` to the same events, one by one; ``Hand`` dealt from the
    hand's seed alone deals the same deck; and the rewards ``step`` returned
    are the replayed hand's payouts less what each seat put in.
    """
    rng = np.random.default_rng(seed)
    checked = 0
    while checked < hands:
        acts = random_legal(tables.legal(), rng)
        rewards, done = tables.step(acts)
        for table in np.flatnonzero(done):
            history = tables.history(int(table))
            compare(history, Hand.replay(history), rewards[table])
            checked += 1
    return checked


def random_legal(mask: Any, rng: Any) -> Any:
    """One legal action per row of ``mask``, uniformly at random."""
    noise = rng.random(mask.shape)
    return np.argmax(np.where(mask, noise, -1.0), axis=1)


def compare(history: tuple[Any, ...], replayed: Hand, rewards: Any) -> None:
    """``replayed`` (Hand.replay of ``history``) recorded ``history`` itself and paid ``rewards``."""
    again = replayed.history
    assert len(again) == len(history), (len(again), len(history))
    for number, (mine, theirs) in enumerate(zip(history, again, strict=True)):
        assert dict(mine) == dict(theirs), f"event {number}: {mine} != {theirs}"
    setup = history[0]
    fresh = Hand(
        list(setup["stacks"]),
        setup["button"],
        replayed.structure,
        blinds=setup["blinds"],
        ante=setup["ante"],
        seed=setup["seed"],
        burn=setup["burn"],
        game=setup["game"],
    )
    assert fresh.setup.deck == replayed.setup.deck, "the seed alone deals another deck"
    payouts = replayed.payouts
    assert payouts is not None
    won = [paid - put for paid, put in zip(payouts, replayed.contributions, strict=True)]
    assert list(rewards) == won, (list(rewards), won)
