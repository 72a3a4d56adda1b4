"""The C text parser and the Python one must agree on every string."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi
from badugi import InvalidHandError, cards

TOKENS = [
    "A",
    "a",
    "2",
    "9",
    "T",
    "t",
    "10",
    "1",
    "0",
    "J",
    "q",
    "K",
    "X",
    "h",
    "S",
    "c",
    "d",
    "D",
    "♣",
    "♦",
    "♥",
    "♠",
    "♡",
    " ",
    ",",
    "\t",
    "\n",
    "\x00",
    "\u00a0",
    "é",
]


def python_rank(text: str) -> int | str:
    """What the pure-Python parser plus the reference make of a string."""
    try:
        return badugi.references.badugi4.rank_ids(cards.parse_hand(text))
    except InvalidHandError as exc:
        return f"error: {exc}"


def native_rank(text: str) -> int | str:
    try:
        return badugi.rank(text)
    except InvalidHandError as exc:
        return f"error: {exc}"


@given(st.lists(st.sampled_from(TOKENS), max_size=16).map("".join))
def test_random_text_agrees(text: str) -> None:
    assert native_rank(text) == python_rank(text)


@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    st.sampled_from(["", " ", ",", ", ", "\t", "  \n"]),
    st.sampled_from(["ascii", "lower", "symbols", "ten"]),
)
def test_valid_spellings_agree(ids: list[int], sep: str, style: str) -> None:
    texts = [badugi.card_str(c) for c in ids]
    if style == "lower":
        texts = [t.lower() for t in texts]
    elif style == "symbols":
        texts = [t[0] + "♣♦♥♠"["cdhs".index(t[1])] for t in texts]
    elif style == "ten":
        texts = [t.replace("T", "10") for t in texts]
    text = sep.join(texts)
    assert badugi.rank(text) == badugi.rank(ids) == python_rank(text)


@pytest.mark.parametrize(
    "text",
    ["Ah 2s 3d 4c\u00a0", "\u3000Ah 2s 3d 4c", "Ah\u20032s 3d 4c"],
)
def test_unicode_spaces_go_through_the_python_parser(text: str) -> None:
    # The C parser knows ASCII separators only; others fall back, not fail.
    assert badugi.rank(text) == 1
