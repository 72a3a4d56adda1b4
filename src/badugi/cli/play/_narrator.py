"""What the play command tells a person of a hand as it is played: each event as one line, in words.

The narrator is given every event of the record and shows only what the
person's seat may see of it (``public_event``): its own cards, the others'
draw counts, no burned card and no deck. Antes are told in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from badugi.cli.play._look import Look
from badugi.engine.history import public_event
from badugi.games import Game

__all__ = ["Narrator", "hand_value", "ordinal"]

_ORDINALS = ("first", "second", "third", "fourth")


def ordinal(n: int) -> str:
    """1 -> "first" ... (the draws and betting rounds of a hand)."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"


def hand_value(game: Game, cards: Sequence[str]) -> str:
    """What cards are worth in ``game``: "three-card 7-4-A"; each half named in a split game."""
    values = game.evaluate(list(cards))
    if len(values) == 1:
        return values[0].name
    return " / ".join(f"{value.scale}: {value.name}" for value in values)


class Narrator:
    """Tells a person the events of one hand, as lines given to ``say``.

    Args:
        say: where each line goes.
        look: how cards are written.
        you: the person's seat in this hand, or None to watch as nobody (no hole cards).
        names: each seat's name ("you" for the person's).
        game: the game dealt.
        header: the hand's first line ("Hand 3 of 50 ...").
        money: how an amount is written (default: chips, ``1,250``).
    """

    def __init__(
        self,
        say: Callable[[str], object],
        *,
        look: Look,
        you: int | None,
        names: Sequence[str],
        game: Game,
        header: str,
        money: Callable[[int], str] | None = None,
    ) -> None:
        self._say, self._look, self._you = say, look, you
        self.money: Callable[[int], str] = money or "{:,}".format
        self._names, self._game, self._header = list(names), game, header
        self._antes: list[tuple[int, int, bool]] = []
        self._cards: list[str] = []
        self._round = ""  # a betting round's heading, told with its first action (none if nobody can bet)

    def __call__(self, event: Mapping[str, Any]) -> None:
        """Tell one event of the hand's record (the whole record: what the seat may not see is left out)."""
        item = event if self._you is None else public_event(event, self._you)
        kind = item["event"]
        if kind != "ante":
            self._tell_antes()
        if kind in {"check", "call", "bet", "raise", "fold"}:
            self.tell_round()
        if kind != "round":
            self._round = ""
        tell = getattr(self, f"_on_{kind}", None)
        if tell is not None:
            tell(item)
        elif kind not in {"burn", "payouts"}:  # nothing to see; the payouts are told by the settlement
            fields = ", ".join(f"{k} {v}" for k, v in item.items() if k != "event")
            self._say(f"({kind.replace('_', ' ')}: {fields})")

    def tell_round(self) -> None:
        """Tell the heading of the betting round begun, if not yet told (before its first action)."""
        if self._round:
            self._say(self._round)
            self._round = ""

    # ---- who, in words ------------------------------------------------------------------

    def told_as_you(self, seat: int) -> bool:
        """Whether ``seat`` is told in the second person: the person's own."""
        return seat == self._you

    def name(self, seat: int) -> str:
        """The seat's name, "you" for the person."""
        return "you" if self.told_as_you(seat) else self._names[seat]

    def subject(self, seat: int, verb_you: str, verb_other: str, mid_line: bool = False) -> str:
        """The seat doing something: "You check", "simple-1 checks" ("you check" ``mid_line``)."""
        if self.told_as_you(seat):
            return f"{'you' if mid_line else 'You'} {verb_you}"
        return f"{self._names[seat]} {verb_other}"

    @staticmethod
    def _all_in(item: Mapping[str, Any]) -> str:
        return ", all in" if item.get("all_in") else ""

    # ---- the events ---------------------------------------------------------------------

    def _on_setup(self, item: Mapping[str, Any]) -> None:
        self._say("")
        self._say(f"{self._header}; the button is {self.name(item['button'])}")

    def _tell_antes(self) -> None:
        if not self._antes:
            return
        amounts = {amount for _, amount, all_in in self._antes if not all_in}
        short = [
            f"{self.name(seat)} all in for {self.money(amount)}"
            for seat, amount, all_in in self._antes
            if all_in
        ]
        each = f"{self.money(next(iter(amounts)))} each" if len(amounts) == 1 else "each what it had"
        self._say(f"Antes: {each}" + (f" ({'; '.join(short)})" if short else ""))
        self._antes = []

    def _on_ante(self, item: Mapping[str, Any]) -> None:
        self._antes.append((item["seat"], item["amount"], bool(item.get("all_in"))))

    def _on_blind(self, item: Mapping[str, Any]) -> None:
        if not item["amount"]:
            return  # a blind of 0 (--blinds 0/10) is no post
        seat = item["seat"]
        said = self.subject(seat, "post", "posts")
        self._say(f"{said} the {item['blind']} blind, {self.money(item['amount'])}{self._all_in(item)}")

    def _on_deal(self, item: Mapping[str, Any]) -> None:
        if item["seat"] == self._you and "cards" in item:
            self._cards = list(item["cards"])
            shown = self._look.cards(self._cards)
            said = self.subject(item["seat"], "are dealt", "is dealt")
            self._say(f"{said} {shown}: {hand_value(self._game, self._cards)}")

    def _on_check(self, item: Mapping[str, Any]) -> None:
        self._say(self.subject(item["seat"], "check", "checks"))

    def _on_fold(self, item: Mapping[str, Any]) -> None:
        self._say(self.subject(item["seat"], "fold", "folds"))

    def _on_forfeit(self, item: Mapping[str, Any]) -> None:
        said = self.subject(item["seat"], "give up", "gives up")
        self._say(f"{said} the hand, all in (the room folds a seat sitting out): its chips stay in the pot")

    def _on_call(self, item: Mapping[str, Any]) -> None:
        said = self.subject(item["seat"], "call", "calls")
        self._say(f"{said} {self.money(item['amount'])}{self._all_in(item)}")

    def _on_bet(self, item: Mapping[str, Any]) -> None:
        said = self.subject(item["seat"], "bet", "bets")
        self._say(f"{said} {self.money(item['to'])}{self._all_in(item)}")

    def _on_raise(self, item: Mapping[str, Any]) -> None:
        said = self.subject(item["seat"], "raise", "raises")
        self._say(f"{said} to {self.money(item['to'])}{self._all_in(item)}")

    def _on_draw_round(self, item: Mapping[str, Any]) -> None:
        index = item["index"]
        self._say(f"-- the {ordinal(index)} draw (of {self._game.draws}) --")

    def _on_round(self, item: Mapping[str, Any]) -> None:
        index = item["index"]
        after = f"after the {ordinal(index)} draw" if index else "before the draw"
        self._round = f"-- betting, {after} --"

    def _on_draw(self, item: Mapping[str, Any]) -> None:
        seat, count = item["seat"], item["count"]
        if seat != self._you or "discards" not in item:
            drew = f"{self._names[seat]} draws {count}"
            self._say(self.subject(seat, "stand pat", "stands pat") if count == 0 else drew)
            return
        if count == 0:
            self._say(
                f"{self.subject(seat, 'stand pat', 'stands pat')}: {hand_value(self._game, self._cards)}"
            )
            return
        # The engine's order: the cards kept, then the cards received (the order the screen numbers).
        self._cards = [c for c in self._cards if c not in item["discards"]] + list(item["received"])
        look = self._look
        draw = "draw" if self.told_as_you(seat) else "draws"
        value = hand_value(self._game, self._cards)
        self._say(
            f"{self.subject(seat, 'throw', 'throws')} {look.cards(item['discards'])} and {draw} "
            f"{look.cards(item['received'])}: {look.cards(self._cards)}, {value}"
        )

    def _on_late_replacement(self, item: Mapping[str, Any]) -> None:
        if item.get("seat") == self._you and "received" in item:
            self._cards += list(item["received"])
            self._say(f"You get {self._look.cards(item['received'])} for the card the dealer exposed")

    def _on_misdeal(self, item: Mapping[str, Any]) -> None:
        reason = item.get("reason", "no reason given")
        self._say(f"Misdeal ({reason}): every chip goes back, and the cards are dealt again")

    def _on_showdown(self, item: Mapping[str, Any]) -> None:
        self._say("-- showdown --")
        for key, cards in item["hands"].items():
            seat = int(key)
            said = self.subject(seat, "show", "shows")
            self._say(f"{said} {self._look.cards(cards)}: {hand_value(self._game, cards)}")
