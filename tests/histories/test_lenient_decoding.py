"""A byte that is not text costs only the hand whose line holds it; cp1252 reads; so does a lone surrogate."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from badugi.errors import HandHistoryError
from badugi.histories import iter_hands, merge_records, read_hands
from badugi.histories.files import READABLE

FILES = Path(__file__).parent / "files"


def text_of(name: str) -> str:
    return (FILES / name).read_text(encoding="utf-8-sig")


def outcome(hands: list) -> list[str]:  # type: ignore[type-arg]
    return ["played" if r.hand is not None else "skipped" if r.skipped else str(r.error) for r in hands]


def line_of(text: str, needle: str, nth: int = 0) -> int:
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1


def test_a_utf16_file_with_one_byte_too_many_after_its_last_hand_reads_every_hand() -> None:
    # Full Tilt's shape: UTF-16 with a BOM, a blank line after each line, and one stray byte at the
    # end (an odd length: "\n\x00" then "\n"). The byte lies after the hand: the hand reads, and pays
    # what the room paid (the reader checks every collected amount against the engine's).
    data = (FILES / "fulltilt_utf16_stray_byte.txt").read_bytes()
    assert len(data) % 2 == 1
    assert data.endswith(b"\n\x00\n")
    (read,) = read_hands(data)
    assert read.error is None, read.error
    whole = read_hands(data[:-1])[0]
    assert read.hand.history == whole.hand.history
    assert read.hand.stacks == whole.hand.stacks
    text = text_of("fulltilt_heads_up.txt")
    damaged = read_hands(text.encode("utf-16") + b"\x0a")
    assert outcome(damaged) == ["played", "played"]


def test_a_damaged_line_inside_a_hand_still_costs_that_hand() -> None:
    text = text_of("fulltilt_heads_up.txt")
    at = text.rindex("Seat 1:")  # the second hand's summary: a line inside it
    lone_surrogate = b"\x00\xd8"  # the first half of a pair, not followed by its second
    data = text[:at].encode("utf-16") + lone_surrogate + text[at:].encode("utf-16-le")
    damaged = read_hands(data)
    assert outcome(damaged)[0] == "played"
    error = str(damaged[1].error)
    assert error.startswith(f"{damaged[1].label}, line {line_of(text, 'Seat 1:', 3)} holds the byte 0x00")
    assert "which is not UTF-16 text" in error


def test_a_utf8_file_with_one_bad_byte_in_its_last_hand_loses_only_that_hand() -> None:
    text = text_of("pokerstars_bom_crlf.txt")
    at = text.index("Seat 2: Vesna_K", text.index("PokerStars Hand #", 10))  # the second hand's seat
    data = (
        b"\xef\xbb\xbf"
        + text[:at].encode()
        + b"Seat 2: Vesna\xff_K"
        + text[at + len("Seat 2: Vesna_K") :].encode()
    )
    first, second = read_hands(data)
    assert first.hand is not None
    error = str(second.error)
    assert f"line {line_of(text, 'Seat 2: Vesna_K', 2)} holds the byte 0xff, which is not UTF-8 text" in error
    assert error.startswith("PokerStars hand #")


def test_without_a_bom_a_file_is_utf8_when_its_first_accented_line_is() -> None:
    text = text_of("pokerstars_sidepot.txt")  # its stakes are in euros: UTF-8 from its first line
    second = text.replace("PokerStars Hand #218877310045", "PokerStars Hand #218877310046")
    data = (text + "\n\n" + second).encode().replace(b"kaarnakorppi", b"kaarna\xe9korppi")
    hands = read_hands(data)
    assert len(hands) == 2
    assert "the byte 0xe9, which is not UTF-8 text" in str(hands[0].error)
    assert "the byte 0xe9" in str(hands[1].error)


def test_a_cp1252_file_reads_with_its_names() -> None:
    text = text_of("pokerstars_cash.txt").replace("nachtzug", "Nächtzüg")
    data = text.encode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    hands = read_hands(data)
    assert outcome(hands) == outcome(read_hands(text))
    assert "Nächtzüg" in hands[0].names


def test_a_byte_that_is_no_cp1252_character_costs_its_hand() -> None:
    text = text_of("pokerstars_cash.txt").replace("nachtzug", "Nächtzüg")
    data = text.encode("cp1252")
    last = data.rindex(b"marlow_k")
    hands = read_hands(data[:last] + b"marlow\x81k" + data[last + len("marlow_k") :])
    assert hands[0].hand is not None
    assert "the byte 0x81, which is not cp1252 text" in str(hands[1].error)


def test_a_lone_surrogate_in_a_str_is_refused_with_its_hand() -> None:
    merge = text_of("merge_fixed_limit.xml")
    damaged = merge.replace('nickname="Ann"', 'nickname="A\udc80nn"', 1)
    first, second = merge_records(damaged)
    assert "a lone surrogate (U+DC80), which is not text" in str(first.error)
    assert f"line {line_of(merge, 'Ann')}" in str(first.error)
    assert second.record is not None
    for form, name in (("pokerstars", "pokerstars_cash.txt"), ("fulltilt", "fulltilt_heads_up.txt")):
        text = text_of(name)
        hands = read_hands(text[:-300] + "\ud800" + text[-300:], form)
        assert hands[0].hand is not None
        assert "lone surrogate (U+D800)" in str(hands[-1].error)


@pytest.mark.parametrize("form", [f for f in READABLE if f != "merge"])
def test_a_lone_surrogate_never_raises_from_any_reader(form: str) -> None:
    for text in ("\udc80", "[1]\n\udc80", "PokerStars Hand #1: \udc80\n", '[{"a": "\udc80"}]\n'):
        hands = read_hands(text, form)
        assert all(r.error is not None or r.skipped is not None for r in hands)


def test_the_command_line_reads_a_damaged_file_as_read_hands_does(tmp_path: Path) -> None:
    text = text_of("fulltilt_heads_up.txt")
    path = tmp_path / "damaged.txt"
    at = text.rindex("Seat 1:")  # half a surrogate pair inside the second hand
    path.write_bytes(text[:at].encode("utf-16") + b"\x00\xd8" + text[at:].encode("utf-16-le"))
    with open(path, "rb") as handle:
        streamed = list(iter_hands(handle))
    assert outcome(streamed) == outcome(read_hands(path.read_bytes()))
    shown = subprocess.run(
        [sys.executable, "-m", "badugi", "history", "show", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert "2 hands read: 1 played by the rules, 0 passed over, 1 refused" in shown.stderr
    assert "which is not UTF-16 text" in shown.stderr


def test_bytes_that_are_not_a_file_at_all_still_raise() -> None:
    with pytest.raises(HandHistoryError, match="a str or bytes"):
        read_hands(12)  # type: ignore[arg-type]
    with pytest.raises(HandHistoryError, match="not recognised"):
        read_hands(b"\x81\x8d\x8f")
    assert read_hands(io.BytesIO(b"x").getvalue(), "json")[0].error is not None
