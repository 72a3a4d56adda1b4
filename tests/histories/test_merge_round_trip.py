"""Random engine hands written as Merge XML (merge_write.py), read back and followed to their payouts."""

from __future__ import annotations

import random

import pytest

from badugi.engine import FixedLimit, HalfPotLimit, Hand, PotLimit
from badugi.histories.engine_record import record_of
from badugi.histories.follow import follow
from badugi.histories.merge.read import merge_records
from badugi.histories.record import HandRecord, Step
from tests.histories.merge_write import merge_xml
from tests.histories.phh_play import play_randomly


def random_hand(rng: random.Random) -> Hand:
    """A Badugi hand in Merge's shapes: fixed limit (the big blind the small bet), pot or half-pot limit."""
    n = rng.randint(2, 6)
    unit = rng.choice([10, 20, 50, 100])
    structure = rng.choice([FixedLimit(unit, 2 * unit), PotLimit(), HalfPotLimit()])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    kind = rng.randrange(3)  # blinds, antes, or both
    blinds = (unit // 2, unit) if kind != 1 else None
    ante = 0 if kind == 0 else rng.choice([unit // 10, unit // 2, unit])
    hand = Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=structure,
        blinds=blinds,
        ante=ante,
        seed=rng.randrange(2**40),
    )
    play_randomly(hand, rng)
    return hand


def kinds(record: HandRecord, kind: str) -> list[Step]:
    return [step for step in record.steps if step.kind == kind]


@pytest.mark.parametrize("seed", range(4))
def test_engine_hands_round_trip_through_merge_xml(seed: int) -> None:
    rng = random.Random(f"merge-{seed}")
    hands = [random_hand(rng) for _ in range(100)]
    # A rake no room would take (over a tenth of the pot) is refused: the writer takes at most that.
    pots = [sum(hand.contributions) - sum(hand.result.returned) for hand in hands]
    rakes = [min(rng.choice([0, 0, 5, 30]), pot // 10) for pot in pots]
    heroes = [rng.randrange(hand.n_seats) for hand in hands]
    text = "\n".join(
        merge_xml(hand, hero, f"700{seed}-{k}", rng, rake)
        for k, (hand, hero, rake) in enumerate(zip(hands, heroes, rakes, strict=True))
    )
    read = merge_records(text.encode("utf-8"))
    assert len(read) == len(hands)
    all_ins = side_pots = 0
    for hand, hero, rake, got in zip(hands, heroes, rakes, read, strict=True):
        assert got.error is None, got.error
        assert got.record is not None
        record = got.record
        assert [p.stack for p in record.players] == list(hand.history[0]["stacks"])
        assert record.button == hand.button
        engine_record = record_of(hand, viewer=hero)
        # The same deal, draws and actions as the engine's own record, as the hero saw them
        # (a draw's cards as sets: Merge writes the new hand, not the order cards were thrown in).
        for kind in ("deal", "draw", "fold", "check", "call", "bet", "raise", "show"):
            assert [
                (s.seat, s.amount, sorted(map(str, s.cards)), sorted(map(str, s.received)), s.count)
                for s in kinds(record, kind)
            ] == [
                (s.seat, s.amount, sorted(map(str, s.cards)), sorted(map(str, s.received)), s.count)
                for s in kinds(engine_record, kind)
            ], kind
        followed = follow(record)
        engine = hand.result
        assert followed.result is not None
        assert engine is not None
        assert list(followed.result.returned) == list(engine.returned)
        assert followed.contributions == hand.contributions
        # Each seat takes the engine's payout, less the rake the writer took off the biggest.
        took = [engine_paid - back for engine_paid, back in zip(engine.payouts, engine.returned, strict=True)]
        raked = rake if max(took) > 2 * rake else 0
        assert record.rake == raked
        collected = [0] * hand.n_seats
        for step in kinds(record, "collect"):
            collected[step.seat] += step.amount or 0
        assert sum(took) - sum(collected) == raked
        assert all(c <= t for c, t in zip(collected, took, strict=True))
        all_ins += any(s.all_in for s in record.steps)
        side_pots += len(engine.pots) > 1
    # The random hands do reach what this is for.
    assert all_ins > 25
    assert side_pots > 20
