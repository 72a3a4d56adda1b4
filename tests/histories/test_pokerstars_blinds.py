"""The table's blinds from a PokerStars hand's posts, where a blind has no line (it had nothing to post)."""

from __future__ import annotations

from badugi.histories.pokerstars.hand import _small_blind_seat
from badugi.histories.pokerstars.record import Event, table_blinds


def _antes(*spent: str) -> list[Event]:
    """Antes of 2 by Ann, Bo and Cy; each name in ``spent`` all in on it."""
    return [
        Event("ante", name, k, amount=2, all_in=name in spent) for k, name in enumerate(("Ann", "Bo", "Cy"))
    ]


def test_a_small_blind_all_in_on_its_ante_is_the_custom_blind() -> None:
    """PokerStars writes no line for a blind of nothing: the seat in the small blind spent all on its ante."""
    events = [*_antes("Bo"), Event("big_blind", "Cy", 4, amount=10)]
    assert table_blinds(events, 10, "Bo") == (5, 10)


def test_no_small_blind_line_otherwise_is_a_small_blind_of_nothing() -> None:
    """A table without a small blind (or a dead one): another seat all in on its ante changes nothing."""
    events = [*_antes("Ann"), Event("big_blind", "Cy", 4, amount=10)]
    assert table_blinds(events, 10, "Bo") == (0, 10)
    assert table_blinds(events, 10, None) == (0, 10)
    assert table_blinds([*_antes(), Event("big_blind", "Cy", 4, amount=10)], 10, "Bo") == (0, 10)


def test_the_small_blind_is_the_button_heads_up_and_the_next_seat_otherwise() -> None:
    """Robert's Rules, heads-up play: the button posts the small blind; else the player to its left does."""
    assert _small_blind_seat(["Ann", "Bo"], 1) == "Bo"
    assert _small_blind_seat(["Ann", "Bo", "Cy"], 1) == "Cy"
    assert _small_blind_seat(["Ann", "Bo", "Cy"], 2) == "Ann"
    assert _small_blind_seat(["Ann"], 0) is None
