"""Builder of the five-card Badugi table: the best four-card badugi of five cards in one lookup.

The Badugi value of five cards depends only on their ranks and on which of
them share a suit (relabelling the suits changes nothing). So the table has a
slot per pair (multiset of five ranks, suit pattern):

* the multiset's slot is the lowball tables' (``table_lowball.multiset_index``,
  0..6,187), read from the same ids, so a split game computes it once for both
  halves;
* the suit pattern is the partition of the five sorted places by suit, written
  as a restricted growth string: place 0 has label 0, and each later place the
  label of the first earlier place of its suit, or the next unused label. With
  four suits there are 51 such strings, numbered 0..50 by ``pattern_number``.

The slot is ``51 * multiset + pattern`` (315,588 slots). A slot no hand can
reach (two cards of one rank and one suit) holds 0. ``suit_key_patterns`` maps
the suits of the five sorted places, two bits each, to the pattern's number,
for the scalar C code, which reads it with one load instead of ten compares.

Each reachable slot's value is the best of its hand's five four-card subsets,
looked up in the four-card table (``table_badugi4``). The check that this
table is right is independent of both builders: the tests rank every
five-card hand through it and compare with ``badugi.references.badugi5``.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from types import ModuleType

PATTERNS = 51  # partitions of five places into at most four suits
SUITS = 4


def _sibling(name: str) -> ModuleType:
    # Loaded by path, as gen_table loads the builders: tools/ is not on sys.path at build time.
    qualified = f"_badugi_tools_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(qualified, os.path.join(here, f"{name}.py"))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load tools/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    spec.loader.exec_module(module)
    return module


def growth_string(suits: tuple[int, ...]) -> tuple[int, ...]:
    """The labels of five places by suit: each the label of its suit's first place."""
    first: dict[int, int] = {}
    return tuple(first.setdefault(s, len(first)) for s in suits)


def pattern_number(labels: tuple[int, ...]) -> int:
    """Number 0..50 of a restricted growth string of five labels (at most four distinct).

    This is the string's place in lexicographic order: each label l_i adds l_i
    times the number of ways to finish the string after a smaller label there,
    which depends only on the largest label so far. The C kernels compute the
    same sum: 15 l1 + (5 + 5 l1) l2 + (max(l1, l2) + 2) l3 + l4.
    """
    _, l1, l2, l3, l4 = labels
    return 15 * l1 + (5 + 5 * l1) * l2 + (max(l1, l2) + 2) * l3 + l4


def all_growth_strings() -> list[tuple[int, ...]]:
    """The 51 strings, in the order of their numbers."""
    strings = sorted({growth_string(s) for s in itertools.product(range(SUITS), repeat=5)})
    if [pattern_number(s) for s in strings] != list(range(PATTERNS)):
        raise AssertionError("pattern_number is not the lexicographic rank of the growth strings")
    return strings


def suit_key_patterns() -> list[int]:
    """Pattern number at [s0 + 4 s1 + 16 s2 + 64 s3 + 256 s4], the suits of the five sorted places."""
    return [pattern_number(growth_string(tuple(key >> (2 * i) & 3 for i in range(5)))) for key in range(4**5)]


def build_table() -> list[int]:
    """Best four-card Badugi rank of five cards at [51 * multiset slot + suit pattern]."""
    badugi4 = _sibling("table_badugi4")
    lowball = _sibling("table_lowball")
    four = badugi4.build_table()
    table = [0] * (lowball.SLOTS * PATTERNS)
    strings = all_growth_strings()
    for ranks in itertools.combinations_with_replacement(range(badugi4.RANKS), 5):
        base = PATTERNS * lowball.multiset_index(ranks)
        for number, labels in enumerate(strings):
            ids = tuple(4 * r + label for r, label in zip(ranks, labels, strict=True))
            if len(set(ids)) < 5:
                continue  # two places of one rank in one suit: no hand has this slot
            subsets = itertools.combinations(ids, 4)
            table[base + number] = min(four[badugi4.colex_index(sub)] for sub in subsets)
    return table
