"""When a dealing error makes a misdeal (seed 000), and what happens when it does not.

Seed 000: "A misdeal is declared, and the hand redealt, if the first or
second card of the deal is exposed by the dealer, if two or more cards are
exposed during the deal, or if a player is dealt the wrong number of cards and
this is discovered before substantial action."

*Substantial action*, as card rooms define it (the TDA rules the BARGE
rulebook defers to, and Robert's Rules of Poker): either two actions in turn
of which at least one puts chips in the pot, or any three actions in turn.
Posting antes and blinds is not an action. A draw is an action: the player
acts on its hand.

Once there has been substantial action the deal stands: no misdeal can be
declared, as the card rooms rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from badugi.engine._checks import as_count, short_repr
from badugi.errors import IllegalActionError

__all__ = [
    "DEAD",
    "MISDEAL",
    "REPLACED",
    "STANDS",
    "CountRuling",
    "DealErrors",
    "ExposedRuling",
    "exposed_card_ruling",
    "substantial",
    "wrong_count_ruling",
]

#: The rulings on a card exposed in the deal (``Hand.record_exposed_card``).
ExposedRuling = Literal["misdeal", "replaced", "stands"]
#: The rulings on a hand of the wrong count (``Hand.record_wrong_count``).
CountRuling = Literal["misdeal", "dead"]

MISDEAL: Final = "misdeal"  # the hand is redealt
REPLACED: Final = "replaced"  # one exposed card: the player gets the next card, the exposed one is burned
STANDS: Final = "stands"  # too late (or nothing to do): the deal stands as it is
DEAD: Final = "dead"  # a wrong number of cards found after substantial action: that hand is dead


def substantial(actions: Sequence[bool]) -> bool:
    """Whether the actions since the deal (each: did it put chips in?) are substantial action."""
    return len(actions) >= 3 or (len(actions) >= 2 and any(actions))


def exposed_card_ruling(
    position: int, exposed_before: int, actions: Sequence[bool], in_hand: bool
) -> ExposedRuling:
    """The ruling on a card of the deal the dealer exposed.

    Args:
        position: which card of the deal it was (0 for the first card dealt).
        exposed_before: cards of this deal already found exposed.
        actions: the actions since the deal (each: did it put chips in?).
        in_hand: whether the card is still in a player's hand (not folded).
    """
    if substantial(actions):
        return STANDS
    if position < 2 or exposed_before >= 1:
        return MISDEAL
    return REPLACED if in_hand else STANDS


def wrong_count_ruling(actions: Sequence[bool]) -> CountRuling:
    """The ruling on a player dealt the wrong number of cards, given the actions since the deal."""
    return DEAD if substantial(actions) else MISDEAL


class DealErrors:
    """What the misdeal rules look at for one deal: the actions since it, and its cards found exposed."""

    def __init__(self, cards: int) -> None:
        self._cards = cards  # cards in the deal
        self._actions: list[bool] = []  # each action since the deal: did it put chips in?
        self._exposed: list[int] = []  # positions of the cards found exposed

    def acted(self, put_chips_in: bool) -> None:
        """A player acted (a fold, check, call, bet, raise or draw)."""
        self._actions.append(put_chips_in)

    def position(self, position: object) -> int:
        """``position`` as a card of the deal not reported yet.

        Raises:
            IllegalActionError: not a position in the deal, or one already reported.
        """
        number = as_count(position, 0, self._cards - 1)
        if number is None:
            raise IllegalActionError(
                f"position must be an int from 0 to {self._cards - 1}, got {short_repr(position)}"
            )
        if number in self._exposed:
            raise IllegalActionError(f"card {number} of the deal is already recorded as exposed")
        return number

    def exposed(self, position: int, in_hand: bool) -> tuple[ExposedRuling, str]:
        """Rule on card ``position`` found exposed; returns (the ruling, the reason for a misdeal)."""
        ruling = exposed_card_ruling(position, len(self._exposed), self._actions, in_hand)
        self._exposed.append(position)
        which = {0: "the first card", 1: "the second card"}.get(position, "a second card")
        return ruling, f"{which} of the deal was exposed"

    def wrong_count(self) -> CountRuling:
        """Rule on a player found dealt the wrong number of cards."""
        return wrong_count_ruling(self._actions)

    def reported(self) -> list[int]:
        """The positions found exposed so far."""
        return list(self._exposed)
