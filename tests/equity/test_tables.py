"""Strength and every draw-value table entry, against the references in equity_reference.py.

The C tables are built by pushing each hand's value onto its subsets; the
references pull each group's completions and add them with numpy, and count
strength from a sorted list of ranks. They share no code.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import badugi
import tests.equity.equity_reference as ref
from badugi._native import ffi, lib


def test_strength_by_rank_matches_its_definition() -> None:
    expected = ref.strength_by_rank()
    assert [lib.badugi_strength_of_rank(r) for r in range(1093)] == list(expected)
    assert lib.badugi_strength_of_rank(1093) == 0
    assert lib.badugi_strength_of_rank(-1) == 0


def test_strength_of_hands() -> None:
    # The best hand beats every hand but the 24 A-2-3-4 badugis it ties with itself among them.
    assert badugi.strength("Ah 2s 3d 4c") == (2 * (270_725 - 24) + 24) / 541_450
    # A lone king (four kings) beats nothing and ties only itself.
    assert badugi.strength("Kc Kd Kh Ks") == 1 / 541_450
    rng = random.Random(5)
    strength = ref.strength_by_rank()
    for _ in range(200):
        hand = rng.sample(range(52), 4)
        assert badugi.strength(hand) == strength[badugi.rank(hand)] / 541_450


def test_strengths_average_one_half() -> None:
    # Over all ordered pairs of hands each is won by one side or split: the counts add to N^2.
    count = np.bincount(ref.rank_by_index(), minlength=1093)
    assert sum(int(count[r]) * lib.badugi_strength_of_rank(r) for r in range(1, 1093)) == 270_725**2


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_group_value(level: int) -> None:
    out = ffi.new("uint64_t[]", 2 * ref.GROUPS)
    assert lib.badugi_draw_group_values(level, out, 2 * ref.GROUPS) == 0
    values = [out[2 * g] | out[2 * g + 1] << 64 for g in range(ref.GROUPS)]
    assert values == ref.draw_tables()[0][level]


@pytest.mark.slow
@pytest.mark.parametrize("level", [0, 1, 2])
def test_every_hand_value(level: int) -> None:
    out = ffi.new("uint64_t[]", ref.HANDS)
    assert lib.badugi_draw_hand_values(level, out, ref.HANDS) == 0
    assert list(out) == ref.draw_tables()[1][level]


def test_table_accessors_refuse_bad_arguments() -> None:
    out = ffi.new("uint64_t[]", 2 * ref.GROUPS)
    assert lib.badugi_draw_group_values(0, out, 2 * ref.GROUPS) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw_group_values(4, out, 2 * ref.GROUPS) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw_group_values(1, out, 2 * ref.GROUPS - 1) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw_group_values(1, ffi.NULL, 2 * ref.GROUPS) == lib.BADUGI_E_NULL
    hands = ffi.new("uint64_t[]", ref.HANDS)
    assert lib.badugi_draw_hand_values(3, hands, ref.HANDS) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw_hand_values(-1, hands, ref.HANDS) == lib.BADUGI_E_ARGUMENT
    assert lib.badugi_draw_hand_values(0, hands, ref.HANDS - 1) == lib.BADUGI_E_ARGUMENT
