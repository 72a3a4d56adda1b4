"""badugi.charts.canonical_hands and starting_hand, against a brute force over every hand."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from functools import cache

import numpy as np
import pytest

import badugi
from badugi import InvalidHandError
from badugi.charts import StartingHand, canonical_hands, starting_hand


@cache
def _brute_force() -> tuple[np.ndarray, np.ndarray]:
    """Every hand's class key: the least, over the 24 suit relabellings, of its sorted ids read base 52."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    ranks, suits = hands // 4, hands % 4
    keys = []
    for permutation in itertools.permutations(range(4)):
        relabelled = np.sort(ranks * 4 + np.array(permutation)[suits], axis=1)
        a, b, c, d = relabelled.T
        keys.append(((a * 52 + b) * 52 + c) * 52 + d)
    return hands, np.min(np.stack(keys), axis=0)


def _key(ids: list[int]) -> int:
    a, b, c, d = sorted(ids)
    return ((a * 52 + b) * 52 + c) * 52 + d


def _ids(hand: StartingHand) -> list[int]:
    return [badugi.card_id(c) for c in hand.cards]


def test_every_class_and_its_count_against_a_brute_force() -> None:
    _, keys = _brute_force()
    classes, counts = np.unique(keys, return_counts=True)
    expected = dict(zip(classes.tolist(), counts.tolist(), strict=True))
    hands = canonical_hands()
    assert len(hands) == len(expected) == 16_432
    assert {_key(_ids(h)): h.count for h in hands} == expected
    assert sum(h.count for h in hands) == 270_725


def test_the_order_is_by_rank_then_ids_and_the_fields_agree() -> None:
    hands = canonical_hands()
    keys = [(badugi.rank(_ids(h)), sorted(_ids(h))) for h in hands]
    assert keys == sorted(keys)
    assert [h.index for h in hands] == list(range(len(hands)))
    for h in hands[:50] + hands[-50:]:
        assert h.name == badugi.evaluate(h.cards).name
        assert list(h.cards) == [badugi.card_str(c) for c in sorted(_ids(h), reverse=True)]
        assert h.text == " ".join(h.cards) == str(h)
    assert hands[0].cards == ("4s", "3h", "2d", "Ac")
    assert hands[0].count == 24
    assert hands[-1].cards == ("Ks", "Kh", "Kd", "Kc")
    assert hands[-1].count == 1


def test_starting_hand_finds_the_class_of_any_hand() -> None:
    all_hands, keys = _brute_force()
    by_key = {_key(_ids(h)): h for h in canonical_hands()}
    rng = random.Random(10)
    for i in rng.sample(range(len(all_hands)), 3000):
        ids = all_hands[i].tolist()
        rng.shuffle(ids)
        assert starting_hand(ids) == by_key[int(keys[i])]
    assert starting_hand("Kh Qh Jh Th").text == "Kc Qc Jc Tc"
    assert starting_hand("Ah 2s 3d 4c") is canonical_hands()[0]


def test_values_pickle_copy_and_stay_immutable() -> None:
    hand = canonical_hands()[123]
    for clone in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
        assert clone == hand
        assert hash(clone) == hash(hand)
    with pytest.raises(AttributeError):
        hand.count = 3  # type: ignore[misc]
    assert isinstance(canonical_hands(), tuple)


@pytest.mark.parametrize(
    "garbage",
    [None, 3, 2.5, True, b"\x00\x01\x02", "Ah 2s 3d", "Ah 2s 3d 4c 5h", "Ah Ah 2s 3d", iter([1, 2]), {}],
)
def test_starting_hand_refuses_garbage(garbage: object) -> None:
    with pytest.raises(InvalidHandError):
        starting_hand(garbage)  # type: ignore[arg-type]
