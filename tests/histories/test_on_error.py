"""One hook for a reader's refusals (``on_error``), as python-chess's ``handle_error``: told, or stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.errors import HandHistoryError
from badugi.histories import iter_hands, read_hands
from badugi.histories.record import ReadHand

FILES = Path(__file__).parent / "files"


def _damaged() -> str:
    """The PokerStars cash file with its second hand's first action made a line nobody wrote."""
    text = (FILES / "pokerstars_cash.txt").read_text(encoding="utf-8-sig")
    start = text.index("PokerStars Hand #", 10)
    second = text[start:]
    at = second.index("*** DEALING HANDS ***")
    line_end = second.index("\n", second.index("\n", at) + 1)  # the line after "Dealt to"
    return text[:start] + second[: line_end + 1] + "Somebody: dances\n" + second[line_end + 1 :]


def test_each_refused_hand_is_given_to_the_hook_in_the_file_s_order() -> None:
    text = _damaged()
    told: list[ReadHand] = []
    hands = read_hands(text, on_error=told.append)
    refused = [read for read in hands if read.error is not None]
    assert refused
    assert told == refused
    assert [r.label for r in read_hands(text)] == [r.label for r in hands]  # the hook changes no answer


def test_a_hook_that_raises_stops_the_reading_and_closes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "damaged.txt"
    path.write_text(_damaged(), encoding="utf-8")

    class Stop(Exception):
        pass

    def strict(read: ReadHand) -> None:
        raise Stop(str(read.error))

    given = []
    hands = iter_hands(path, on_error=strict)
    with pytest.raises(Stop, match="Somebody: dances"):
        given.extend(hands)
    assert len(given) == 1  # the first hand, read before the refused one
    assert hands.gi_frame is None  # type: ignore[attr-defined] # the generator is done: its file closed


def test_the_hook_sees_each_hand_before_the_caller_does(tmp_path: Path) -> None:
    path = tmp_path / "damaged.txt"
    path.write_text(_damaged(), encoding="utf-8")
    seen: list[str] = []
    for read in iter_hands(path, on_error=lambda read: seen.append("hook " + read.label)):
        seen.append("caller " + read.label)
    refused = next(k for k, entry in enumerate(seen) if entry.startswith("hook"))
    assert seen[refused + 1] == "caller " + seen[refused].removeprefix("hook ")


@pytest.mark.parametrize("hook", [5, "print", object()])
def test_a_hook_that_is_not_a_function_is_refused(hook: object) -> None:
    with pytest.raises(HandHistoryError, match="on_error must be a function of a ReadHand, or None"):
        read_hands("", on_error=hook)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match="on_error must be a function of a ReadHand, or None"):
        iter_hands(FILES / "pokerstars_cash.txt", on_error=hook)  # type: ignore[arg-type]
