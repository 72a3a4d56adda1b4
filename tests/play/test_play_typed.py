"""What a typed line means at a decision, and why a line is refused: one answer for each case."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.cli.play._typed import read_typed, refusal
from badugi.engine import Hand
from badugi.engine.structures import FixedLimit, PotLimit
from badugi.engine.view import SeatView, view_of


def betting_view(facing_bet: bool = False, structure: object = None) -> SeatView:
    hand = Hand([500, 500, 500], 0, structure or FixedLimit(20, 40), ante=10, seed=1)
    if facing_bet:
        hand.raise_to(20)
    return view_of(hand, hand.actor)  # type: ignore[arg-type]


def draw_view() -> SeatView:
    hand = Hand([500, 500], 0, FixedLimit(20, 40), ante=10, seed=1)
    while not hand.legal().draw:
        hand.act("check" if hand.legal().check else "call")
    return view_of(hand, hand.actor)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "action"),
    [
        ("c", "check"),  # nothing to call: c checks
        ("call", "check"),
        ("k", "check"),
        ("CHECK", "check"),
        ("b", ("raise", 20)),
        ("bet 20", ("raise", 20)),
        ("  r   20 ", ("raise", 20)),
    ],
)
def test_betting_lines_with_nothing_to_call(line: str, action: object) -> None:
    typed = read_typed(line, betting_view())
    assert (typed.kind, typed.action) == ("action", action)


@pytest.mark.parametrize(
    ("line", "action"),
    [("c", "call"), ("f", "fold"), ("fold", "fold"), ("r", ("raise", 40)), ("raise 40", ("raise", 40))],
)
def test_betting_lines_facing_a_bet(line: str, action: object) -> None:
    typed = read_typed(line, betting_view(facing_bet=True))
    assert (typed.kind, typed.action) == ("action", action)


def test_a_pot_limit_total_within_the_range() -> None:
    view = betting_view(structure=PotLimit())
    low, high = view.legal.min_raise_to, view.legal.max_raise_to
    assert low is not None
    assert high is not None
    assert low < high
    assert read_typed(f"b {high}", view).action == ("raise", high)
    assert read_typed(f"b {high:,}", view).action == ("raise", high)
    refused = read_typed(f"b {high + 1}", view)
    assert refused.kind == "refused"
    assert f"A bet goes to a total from {low} to {high} here, not {high + 1}" in refused.why


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("", "Type what you do"),
        ("   ", "Type what you do"),
        ("xyzzy", "'xyzzy' is not a command (help lists them)"),
        ("k", "You cannot check: 20 to call"),
        ("c 20", "c takes nothing after it"),
        ("r 30", "A raise goes to 40 here, not 30"),
        ("r -5", "'-5' is not a total of chips"),
        ("r 1.5", "'1.5' is not a total of chips"),
        ("r 4_0", "'4_0' is not a total of chips"),
        ("r 40 60", "r takes one total, got '40 60'"),
        # int() refuses over 4,300 digits with its own error, which ended the whole match
        ("r " + "9" * 5000, "A raise goes to 40 here, not 999999999999... (5,000 characters)"),
        ("r \u00b2", "'\u00b2' is not a total of chips"),  # str.isdigit() says yes; int() refuses it
        ("r \u0664\u0660", "is not a total of chips"),  # Arabic-Indic 40: int() takes it, nobody types it
        ("d 1", "It is not the draw: it is your turn to bet"),
        ("pat", "It is not the draw: it is your turn to bet"),
        ("help me", "help takes nothing after it"),
        ("\x00\ud800", "is not a command"),
    ],
)
def test_betting_refusals_say_why_and_what_is_legal(line: str, why: str) -> None:
    view = betting_view(facing_bet=True)
    typed = read_typed(line, view)
    assert typed.kind == "refused"
    assert why in typed.why
    assert refusal(typed, view) == f"{typed.why}. Now: c call 20 · r raise to 40 · f fold"
    assert refusal(typed, view, "-") == f"{typed.why}. Now: c call 20 - r raise to 40 - f fold"


def test_a_fold_that_could_check_for_free_is_refused() -> None:
    view = betting_view()
    assert view.legal.fold  # the engine would take it; a person never means it
    typed = read_typed("f", view)
    assert typed.kind == "refused"
    assert typed.why == "Nothing to call: k (or c) checks for free"
    assert "f fold" not in refusal(typed, view)


def test_draw_lines() -> None:
    view = draw_view()
    cards = list(view.cards)
    assert read_typed("pat", view).action == ("draw", [])
    assert read_typed("d 1 3", view).action == ("draw", [cards[0], cards[2]])
    assert read_typed(f"d {cards[1]} {cards[3]}", view).action == ("draw", [cards[1], cards[3]])
    assert read_typed(f"draw {cards[1]}{cards[3]}", view).action == ("draw", [cards[1], cards[3]])
    assert read_typed("d 1 2 3 4", view).action == ("draw", cards)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("d", "Say which cards to throw"),
        ("d 0", "Your cards are at places 1 to 4, not 0"),
        ("d 5", "Your cards are at places 1 to 4, not 5"),
        ("d 1" + "9" * 5000, "Your cards are at places 1 to 4, not 199999999999... (5,001 characters)"),
        ("d 2 \u00b2", "Give the cards or their places, not both"),  # int('\u00b2') raised
        ("d 1 1", "A card is named twice"),
        ("d 1 Ac", "Give the cards or their places, not both"),
        ("d Zz", "'Zz' is neither cards nor places"),
        ("c", "It is your draw, not a bet"),
        ("pat now", "pat takes nothing after it"),
    ],
)
def test_draw_refusals(line: str, why: str) -> None:
    view = draw_view()
    typed = read_typed(line, view)
    assert typed.kind == "refused"
    assert why in typed.why
    assert "Now: d CARDS or d POSITIONS" in refusal(typed, view)


def test_a_card_not_in_the_hand_is_refused() -> None:
    view = draw_view()
    other = next(c for c in ("2c", "3d", "4h", "5s", "6c") if c not in view.cards)
    typed = read_typed(f"d {other}", view)
    assert typed.kind == "refused"
    assert f"{other} is not in your hand" in typed.why


@pytest.mark.parametrize("line", ["hint", "HELP", "?", "quit", "q", "exit"])
def test_commands_at_any_decision(line: str) -> None:
    for view in (betting_view(), draw_view()):
        assert read_typed(line, view).kind in {"hint", "help", "quit"}


def _hands() -> list[Hand]:
    """A fresh hand at each kind of decision: nothing to call, a bet to call, a draw."""
    checked = Hand([500, 500, 500], 0, FixedLimit(20, 40), ante=10, seed=1)
    facing = Hand([500, 500, 500], 0, FixedLimit(20, 40), ante=10, seed=1)
    facing.raise_to(20)
    drawing = Hand([500, 500], 0, FixedLimit(20, 40), ante=10, seed=1)
    while not drawing.legal().draw:
        drawing.act("check" if drawing.legal().check else "call")
    return [checked, facing, drawing]


def _check_line(line: str) -> None:
    """At each kind of decision, ``line`` is an action the engine takes, a command, or one short refusal."""
    for hand in _hands():
        view = view_of(hand, hand.actor)  # type: ignore[arg-type]
        typed = read_typed(line, view)
        assert typed.kind in {"action", "refused", "hint", "help", "quit"}
        if typed.kind == "refused":
            said = refusal(typed, view)
            assert "\n" not in said
            assert len(said) <= 300
        elif typed.kind == "action":
            hand.act(typed.action)  # what it reads, the engine takes from this seat now


@settings(max_examples=300)
@given(line=st.text(max_size=200))
def test_any_line_is_an_action_the_engine_takes_or_one_short_refusal(line: str) -> None:
    _check_line(line)


@settings(max_examples=300)
@given(
    words=st.lists(
        st.sampled_from(
            [
                "c",
                "k",
                "f",
                "b",
                "r",
                "d",
                "pat",
                "1",
                "2",
                "3",
                "4",
                "5",
                "20",
                "40",
                "60",
                "Ah",
                "Kd",
                "2c",
                "-",
                ",",
            ]
        ),
        max_size=4,
    )
)
def test_lines_near_the_grammar_too(words: list[str]) -> None:
    _check_line(" ".join(words))
