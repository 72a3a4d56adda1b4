"""Random engine hands written as Full Tilt text (for the reader's tests only; not a writer of the library).

The text follows the shape the reader's module documents (header, seats, posts,
``*** HOLE CARDS ***``, the betting, the draws with every discard before the
cards dealt, the showdown, the summary), as one seat (the hero) saw the hand.
"""

from __future__ import annotations

import random
from decimal import Decimal

from badugi.engine import FixedLimit, Hand
from badugi.histories.engine_record import record_of
from badugi.histories.record import HandRecord, Step
from tests.histories.phh_play import play_randomly

DRAW_NAMES = {1: "FIRST", 2: "SECOND", 3: "THIRD"}
# Names that start with one another, and a name with a space, test the reader's longest-name matching.
NAMES = ["Bo", "Bo Jr", "Ann", "Annie", "Cy Twombly", "Dee", "Eli", "Fay", "Gus"]


def random_hand(rng: random.Random) -> Hand:
    """A fixed-limit Badugi hand with blinds (Full Tilt's tables all have them), short stacks often."""
    n = rng.randint(2, 8)
    unit = rng.choice([2, 4, 10, 20, 50])
    stacks = [rng.choice([rng.randint(1, 6 * unit), rng.randint(1, 40 * unit), 100 * unit]) for _ in range(n)]
    hand = Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=FixedLimit(unit, 2 * unit),
        blinds=(unit // 2, unit),
        ante=rng.choice([0, 0, 1, unit // 2]),
        seed=rng.randrange(2**40),
    )
    play_randomly(hand, rng)
    return hand


class _Writer:
    def __init__(
        self, record: HandRecord, hero: int, cash: bool, seats: list[int], rng: random.Random
    ) -> None:
        self.record = record
        self.hero = hero
        self.cash = cash
        self.seats = seats
        self.rng = rng
        self.names = [p.name for p in record.players]
        self.lines: list[str] = []
        self.dealt_after: list[str] = []  # this draw's "is dealt" lines, written after every discard
        self.held: list[str | None] = []  # the hero's cards

    def amount(self, chips: int) -> str:
        if not self.cash:
            return f"{chips:,}"
        text = f"{Decimal(chips) / 100:,.2f}"
        return "$" + (text[:-3] if text.endswith(".00") else text)

    def cards(self, cards: tuple[str | None, ...]) -> str:
        return "[" + " ".join(card or "??" for card in cards) + "]"

    def noise(self, seat: int) -> None:
        roll = self.rng.random()
        if roll < 0.05:
            self.lines.append(f"{self.names[seat]} has 15 seconds left to act")
        elif roll < 0.07:
            self.lines.append(f"{self.names[seat]}: gl")
        elif roll < 0.08:
            self.lines.append("Kit (Observer): hi")

    def flush_draws(self) -> None:
        self.lines.extend(self.dealt_after)
        self.dealt_after = []

    def step(self, step: Step, written: set[str]) -> None:  # noqa: PLR0912 - one branch a kind of step
        name = self.names[step.seat]
        all_in = ", and is all in" if step.all_in else ""
        amount = self.amount(step.amount) if step.amount is not None else ""
        if step.kind != "draw":
            self.flush_draws()
        if step.kind == "deal" and "deal" not in written:
            written.add("deal")
            self.lines.append(f"The button is in seat #{self.seats[self.record.button]}")
            self.lines.append("*** HOLE CARDS ***")
        if step.kind == "ante":
            self.lines.append(f"{name} antes {amount}{all_in}")
        elif step.kind in ("small_blind", "big_blind"):
            which = "small" if step.kind == "small_blind" else "big"
            self.lines.append(f"{name} posts the {which} blind of {amount}{all_in}")
        elif step.kind == "deal" and step.seat == self.hero:
            self.held = list(step.cards)
            self.lines.append(f"Dealt to {name} {self.cards(step.cards)}")
        elif step.kind in ("fold", "check"):
            self.noise(step.seat)
            self.lines.append(f"{name} {step.kind}s")
        elif step.kind in ("call", "bet"):
            self.noise(step.seat)
            self.lines.append(f"{name} {step.kind}s {amount}{all_in}")
        elif step.kind == "raise":
            self.noise(step.seat)
            self.lines.append(f"{name} raises to {amount}{all_in}")
        elif step.kind == "draw_round":
            assert step.count is not None
            self.lines.append(f"*** {DRAW_NAMES[step.count]} DRAW ***")
        elif step.kind == "draw":
            self.draw(step)
        elif step.kind == "show":
            if "showdown" not in written:
                written.add("showdown")
                self.lines.append("*** SHOW DOWN ***")
            self.lines.append(f"{name} shows {self.cards(step.cards)}")
        elif step.kind == "returned":
            self.lines.append(f"Uncalled bet of {amount} returned to {name}")
        elif step.kind == "collect":
            self.lines.append(f"{name} wins the pot ({amount})")

    def draw(self, step: Step) -> None:
        name = self.names[step.seat]
        count = step.count or 0
        if count == 0:
            held = f" on {self.cards(tuple(self.held))}" if step.seat == self.hero else ""
            self.lines.append(f"{name} stands pat{held}")
            return
        plural = "card" if count == 1 else "cards"
        if step.seat == self.hero:
            kept = [card for card in self.held if card not in step.cards]
            self.held = kept + list(step.received)
            self.lines.append(f"{name} discards {count} {plural} {self.cards(step.cards)}")
            new = self.cards(step.received)
            # All four thrown: Full Tilt's line has no kept cards.
            self.dealt_after.append(
                f"Dealt to {name} {self.cards(tuple(kept))} {new}" if kept else f"Dealt to {name} {new}"
            )
        else:
            self.lines.append(f"{name} discards {count} {plural}")
            self.dealt_after.append(f"{name} is dealt {count} {plural}")

    def text(self, number: int) -> str:
        record = self.record
        assert isinstance(record.structure, FixedLimit)
        stakes = f"{self.amount(record.structure.small_bet)}/{self.amount(record.structure.big_bet)}"
        self.lines.append(
            f"Full Tilt Poker Game #{number}: Table Tessellate (8 max) - {stakes} - Limit Badugi - "
            "12:00:00 ET - 2011/01/01"
        )
        for k, player in enumerate(record.players):
            self.lines.append(f"Seat {self.seats[k]}: {player.name} ({self.amount(player.stack)})")
        written: set[str] = set()
        for step in record.steps:
            self.step(step, written)
        self.flush_draws()
        self.lines.append("*** SUMMARY ***")
        total = record.total_pot or 0
        self.lines.append(f"Total pot {self.amount(total)} | Rake {self.amount(0)}")
        for k, name in enumerate(self.names):
            self.lines.append(f"Seat {self.seats[k]}: {name} folded before the Draw")
        return "\n".join(self.lines) + "\n"


def fulltilt_text(hand: Hand, rng: random.Random, number: int) -> tuple[str, HandRecord]:
    """The hand as one random seat saw it, as Full Tilt text; and the engine's record it states."""
    hero = rng.randrange(hand.n_seats)
    names = rng.sample(NAMES, hand.n_seats)
    record = record_of(hand, viewer=hero, names=names)
    seats = sorted(rng.sample(range(1, 10), hand.n_seats))
    writer = _Writer(record, hero, rng.random() < 0.5, seats, rng)
    return writer.text(number), record
