"""A refused hand's error carries its place as data: ``label``, ``line`` and ``text``.

The messages already name the hand and the line; a program that collects refusals (a tracker
importing a year of files) needs them as fields, as python-chess's ``Game.errors`` keeps each
error with the game it came from.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from badugi.errors import HandHistoryError
from badugi.histories import read_hands

FILES = Path(__file__).parent / "files"


def _refused(text: str | bytes) -> list[HandHistoryError]:
    return [read.error for read in read_hands(text) if read.error is not None]


def test_a_pokerstars_line_not_understood_is_named_by_its_number_and_text() -> None:
    errors = _refused((FILES / "pokerstars_broken.txt").read_bytes())
    juggled = next(e for e in errors if "juggles" in str(e))
    assert (juggled.label, juggled.line, juggled.text) == (
        "PokerStars hand #240000000243",
        53,
        "sussu: juggles the chips",
    )


def test_a_full_tilt_line_not_understood_is_named_by_its_number_and_text() -> None:
    errors = _refused((FILES / "fulltilt_garbage.txt").read_bytes())
    flipped = next(e for e in errors if "flips" in str(e))
    assert (flipped.label, flipped.line, flipped.text) == (
        "Full Tilt hand #41100000002",
        27,
        "Ilse flips the table over",
    )


def test_a_rules_refusal_names_the_line_of_the_step_the_engine_refused() -> None:
    # Facing the big blind, a check is no legal action (the engine refuses it, not the reader).
    lines = (FILES / "pokerstars_cash.txt").read_text(encoding="utf-8").splitlines()
    assert lines[13] == "nachtzug: folds "
    lines[13] = "nachtzug: checks "
    first = _refused("\n".join(lines) + "\n")[0]
    assert first.label == "PokerStars hand #211004887201"
    assert first.line == 14
    assert "line 14" in str(first)


def test_a_hand_refused_whole_gives_its_first_line() -> None:
    # The message names only the hand: the place is where the hand starts.
    text = (FILES / "fulltilt_garbage.txt").read_text(encoding="utf-8")
    partial = next(e for e in _refused(text) if "(partial)" in str(e))
    assert partial.label == "Full Tilt hand #41100000005"
    assert partial.line == 83
    assert partial.text is None


def test_the_place_survives_pickling() -> None:
    error = HandHistoryError("Hand #1, line 3 ('x'): bad", label="Hand #1", line=3, text="x")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.label, again.line, again.text) == (str(error), "Hand #1", 3, "x")


def test_an_error_about_no_hand_has_no_place() -> None:
    error = HandHistoryError("not text")
    assert (error.label, error.line, error.text) == (None, None, None)


def test_a_merge_event_not_understood_is_named_by_its_line_and_text() -> None:
    lines = (FILES / "merge_fixed_limit.xml").read_text(encoding="utf-8").splitlines()
    assert 'amount="2.00"' in lines[14]
    lines[14] = lines[14].replace('amount="2.00"', 'amount="two"')
    error = _refused("\n".join(lines) + "\n")[0]
    assert error.line == 15
    assert error.text == lines[14].strip()
    assert str(error.label).startswith("Merge hand")
