"""A home game's hands: the seats that sit in are dealt, chips come in by buy-ins and rebuys, the stakes stay.

Where a match seats the same players for a fixed number of hands, a home
game is what friends play of an evening: a seat may sit out and come back,
join late, or buy more chips, and the game goes on until its host ends it
(or ``hands``). So it deals each hand itself, with the engine's ``Hand``, to
the seats the table says are ready (sitting in, with chips): the button moves
to the next of them clockwise, the stakes are the table's first level, and
each hand's deck comes from the table's seed, the hand's number and its
``redeal``. Chips enter only through ``credit`` (the ledger's buy-ins and
rebuys), so what every seat holds always sums to what was bought.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from badugi.engine import Hand, Level, Setup
from badugi.engine.match import STRUCTURES
from badugi.web.driver import DealtHand, DriftError, play_again
from badugi.web.settings import TableSettings

__all__ = ["HomeDriver"]


class HomeDriver:
    """A home game's hands (see the module); a ``badugi.web.driver.Driver``."""

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self._chips = [0] * len(settings.seats)
        self._bought = [False] * len(settings.seats)
        self._hands = 0
        self._button: int | None = None  # the table seat of the last hand's button

    @property
    def hands_played(self) -> int:
        """How many hands were played."""
        return self._hands

    @property
    def over(self) -> bool:
        """Whether the game played its ``hands``."""
        return self._hands >= self.settings.hands

    @property
    def chips(self) -> tuple[int, ...]:
        """Each seat's chips."""
        return tuple(self._chips)

    @property
    def middle(self) -> int:
        """Always 0: a home game pays every pot (it has no qualifier)."""
        return 0

    def level(self) -> Level:
        """The stakes: the table's first level, every hand."""
        return self.settings.level

    def next_rise(self) -> int | None:
        """None: a home game's stakes do not rise."""
        return None

    def _seed(self, number: int, redeal: int) -> int:
        return random.Random(f"badugi-home-{self.settings.seed}-{number}-{redeal}").randrange(2**63)

    def _button_of(self, seated: Sequence[int]) -> int:
        """The next ready seat clockwise after the last button (the first ready seat at the start)."""
        if self._button is None:
            return seated[0]
        return next((seat for seat in seated if seat > self._button), seated[0])

    def deal(self, ready: Collection[int], redeal: int) -> DealtHand | None:
        """The next hand, to the ready seats with chips; None while fewer than two are."""
        seated = tuple(seat for seat in range(len(self._chips)) if seat in ready and self._chips[seat] > 0)
        if len(seated) < 2 or self.over:
            return None
        level = self.level()
        hand = Hand(
            stacks=[self._chips[seat] for seat in seated],
            button=seated.index(self._button_of(seated)),
            structure=STRUCTURES[self.settings.structure](level),
            blinds=level.blinds,
            ante=level.ante,
            seed=self._seed(self._hands + 1, redeal),
            game=self.settings.game_model,
        )
        return DealtHand(self._hands + 1, seated, hand, redeal)

    def settle(self, dealt: DealtHand) -> None:
        """Count a hand over: its seats' chips, the button.

        Raises:
            DriftError: the hand is not over, or is not the next hand.
        """
        hand = dealt.hand
        if hand.actor is not None or dealt.number != self._hands + 1:
            raise DriftError(f"hand {dealt.number} is not over, or not the next hand")
        for k, seat in enumerate(dealt.seated):
            self._chips[seat] = hand.stacks[k]
        self._button = dealt.seated[hand.button]
        self._hands += 1

    def restore(self, number: int, seated: Sequence[int], history: Sequence[Any], redeal: int) -> Hand:
        """Count a stored hand again: dealt as it was (from the seats' chips now), played by its record."""
        if number != self._hands + 1 or not seated:
            raise DriftError(f"hand {number} is not the game's next (hand {self._hands + 1})")
        try:
            setup = Setup.from_event(history[0])
        except Exception as exc:  # a damaged record: any error of the setup's reading
            raise DriftError(f"hand {number}'s record does not start with its setup: {exc}") from None
        chips = tuple(self._chips[seat] for seat in seated)
        if setup.stacks != chips or setup.seed != self._seed(number, redeal):
            raise DriftError(f"hand {number} was dealt otherwise than the game deals it now")
        dealt = DealtHand(number, tuple(seated), play_again(Hand.from_setup(setup), history, number), redeal)
        self.settle(dealt)
        return dealt.hand

    def buy_ins(self, taken: Collection[int]) -> list[tuple[int, int]]:
        """The taken seats not bought in yet, each for the starting stack (``credit`` counts each)."""
        return [(seat, self.settings.stacks) for seat in sorted(taken) if not self._bought[seat]]

    def credit(self, seat: int, kind: str, amount: int) -> None:
        """``amount`` more chips for ``seat``: a buy-in or a rebuy."""
        if not 0 <= seat < len(self._chips) or amount <= 0 or kind not in ("buy_in", "rebuy"):
            raise DriftError(f"no {kind} of {amount} chips for seat {seat}")
        self._chips[seat] += amount
        self._bought[seat] = True

    def rebuy_amount(self, seat: int) -> int:
        """Up to the starting stack, for a seat that bought in."""
        return max(0, self.settings.stacks - self._chips[seat]) if self._bought[seat] else 0

    def rebuy(self, seat: int) -> int:
        """Rebuy ``seat`` up to the starting stack; what it got (0: nothing to rebuy)."""
        amount = self.rebuy_amount(seat)
        if amount:
            self.credit(seat, "rebuy", amount)
        return amount

    def standings(self) -> list[tuple[int, int]]:
        """Each seat and its chips, most chips first (seat order between equals)."""
        order = sorted(range(len(self._chips)), key=lambda seat: (-self._chips[seat], seat))
        return [(seat, self._chips[seat]) for seat in order]
