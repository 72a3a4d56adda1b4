"""How ``badugi history show`` tells a hand from a file: the play command's narrator, in the third person.

The hand is told as its record's player saw it (the seat whose cards the
record shows, when one seat's are), or, for a hand whose every card is known,
as a watcher: each round's actions, every seat's draw counts, the viewer's own
cards and draws, the showdown with each hand's value, and who won what.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from badugi.cli.play._look import Look
from badugi.cli.play._narrator import Narrator, hand_value
from badugi.cli.play._settlement import settlement
from badugi.engine import Hand
from badugi.engine.followed import FollowedHand

__all__ = ["tell_hand", "viewer_of"]


def viewer_of(hand: Hand) -> int | None:
    """The seat a followed hand's record saw the cards of: the one seat whose whole deal it shows."""
    if not isinstance(hand, FollowedHand):
        return None
    known = [item["seat"] for item in hand.history if item["event"] == "deal" and "??" not in item["cards"]]
    return known[0] if len(known) == 1 else None


class _Teller(Narrator):
    """The narrator, naming every seat (the reader of a file is not at the table)."""

    _at_showdown = False  # the showdown's heading is told
    _settled = False  # the pots are paid: a hand shown now is only told

    def told_as_you(self, seat: int) -> bool:
        return False

    def _on_setup(self, item: Mapping[str, Any]) -> None:
        self._say("")
        self._say(self._header)
        seats = ", ".join(
            f"{name} {self.money(stack)}" + (" (button)" if seat == item["button"] else "")
            for seat, (name, stack) in enumerate(zip(self._names, item["stacks"], strict=True))
        )
        self._say(f"Seats: {seats}")

    def _on_followed(self, item: Mapping[str, Any]) -> None:
        pass  # the table's fields are in the header

    def _heading(self) -> None:
        if not self._at_showdown:
            self._at_showdown = True
            self._say("-- showdown --")

    def _on_show(self, item: Mapping[str, Any]) -> None:
        cards = list(item["cards"])
        if not item.get("played", True) or self._settled:
            shown = f"{self._look.cards(cards)}: {hand_value(self._game, cards)}"
            self._say(f"{self.name(item['seat'])}'s hand was {shown}")
            return
        self._heading()
        self._say(
            f"{self.name(item['seat'])} shows {self._look.cards(cards)}: {hand_value(self._game, cards)}"
        )

    def _on_muck(self, item: Mapping[str, Any]) -> None:
        self._heading()
        self._say(f"{self.name(item['seat'])} mucks")

    def _on_showdown(self, item: Mapping[str, Any]) -> None:
        if self._at_showdown:
            return  # a followed hand's own shows and mucks told it already
        super()._on_showdown(item)

    def _on_payouts(self, item: Mapping[str, Any]) -> None:
        self._settled = True


def tell_hand(
    hand: Hand,
    *,
    say: Callable[[str], object],
    look: Look,
    names: Sequence[str],
    header: str,
    money: Callable[[int], str] | None = None,
) -> None:
    """Tell ``hand`` (over), a line at a time to ``say``: the table, the hand, who won what.

    ``money`` writes an amount (default: chips).
    """
    teller = _Teller(
        say, look=look, you=viewer_of(hand), names=names, game=hand.game, header=header, money=money
    )
    events = hand.history
    payouts_at = next(k for k, item in enumerate(events) if item["event"] == "payouts")
    for item in events[: payouts_at + 1]:
        teller(item)
    for line in settlement(hand, teller):
        say(line)
    rake = getattr(hand, "rake", 0)
    if rake:
        paid = hand.payouts or []
        result = hand.result
        assert result is not None
        took = ", ".join(
            f"{names[seat]} {teller.money(paid[seat] - result.returned[seat])}"
            for seat in range(hand.n_seats)
            if paid[seat] - result.returned[seat]
        )
        say(f"Rake {teller.money(rake)}; collected: {took or 'nothing'}")
    for item in events[payouts_at + 1 :]:
        teller(item)
