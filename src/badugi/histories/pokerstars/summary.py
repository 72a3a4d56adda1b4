"""The pots and the summary the PokerStars writer writes: who collects what from which pot, each seat's line.

PokerStars names a hand at the showdown ``(Badugi: 8,5,3,A)`` or ``(3-card: T,7,2)``,
and in the summary ``with a Badugi: 8,5,3,A``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from badugi.engine import Hand
from badugi.games import BADUGI

__all__ = ["describe", "shares", "summary_line"]

_FOLDED_IN = ("before the Draw", "after the 1st Draw", "after the 2nd Draw", "after the 3rd Draw")


def describe(cards: list[str]) -> str:
    """A Badugi hand as PokerStars names it: ``Badugi: 8,5,3,A``, ``3-card: T,7,2``."""
    value = BADUGI.evaluate(cards)[0]
    ranks = ",".join(card[0] for card in value.cards)  # the value's cards, highest first
    size = len(value.cards)
    return f"Badugi: {ranks}" if size == 4 else f"{size}-card: {ranks}"


def shares(hand: Hand, returned: list[int]) -> list[list[tuple[int, str]]]:
    """What each seat collects from which pot, as PokerStars names the pots; one pot line if unsure."""
    payouts = list(hand.payouts or [0] * hand.n_seats)
    won = [payouts[s] - returned[s] for s in range(hand.n_seats)]
    simple = [[(won[s], "pot")] if won[s] else [] for s in range(hand.n_seats)]
    showdown = next((item for item in hand.history if item["event"] == "showdown"), None)
    if showdown is None:
        return simple
    pots = [pot for pot in showdown["pots"] if len(pot["eligible"]) > 1 or pot["amount"] > 0]
    left = list(returned)
    contested = []
    for pot in pots:
        if len(pot["eligible"]) == 1 and left[pot["eligible"][0]] >= pot["amount"]:
            left[pot["eligible"][0]] -= pot["amount"]
            continue
        contested.append(pot)
    if len(contested) <= 1:
        return simple
    shares: list[list[tuple[int, str]]] = [[] for _ in range(hand.n_seats)]
    order = [(hand.button + 1 + k) % hand.n_seats for k in range(hand.n_seats)]
    for index, pot in enumerate(contested):
        name = "main pot" if index == 0 else "side pot" if len(contested) == 2 else f"side pot-{index}"
        winners = sorted(pot["winners"], key=order.index)
        each, odd = divmod(pot["amount"], len(winners))
        for k, seat in enumerate(winners):
            shares[seat].append((each + (1 if k < odd else 0), name))
    if [sum(a for a, _ in shares[s]) for s in range(hand.n_seats)] == won:
        return shares
    if getattr(hand, "rake", 0):
        # Raked: what a seat collects is its pots less a share of the rake nobody states; a seat that
        # won one pot collects from it, one that won more from "pot".
        return [
            [(won[s], shares[s][0][1] if len(shares[s]) == 1 else "pot")] if won[s] else []
            for s in range(hand.n_seats)
        ]
    return simple


def summary_line(  # noqa: PLR0917 - the parts of one line
    hand: Hand,
    seat: int,
    head: str,
    shares: list[tuple[int, str]],
    folded_at: dict[int, int],
    shows: Mapping[str, Any] | None,
    mucked: Mapping[int, list[str] | None],
    money: Callable[[int], str],
) -> str:
    """The summary's line of one seat (``head`` is ``"Seat 3: Name"``).

    It folded when, showed what and won or lost, mucked, or collected.
    """
    roles = []
    if seat == hand.button:
        roles.append("(button)")
    blinds = {
        item["seat"]: item["blind"] for item in hand.history if item["event"] == "blind" and item["amount"]
    }
    if blinds.get(seat) in ("small", "big"):
        roles.append(f"({blinds[seat]} blind)")
    head = " ".join([head, *roles])
    won = sum(amount for amount, _ in shares)
    if seat in folded_at:
        acted = any(
            item["event"] in ("call", "bet", "raise", "check", "blind") and item.get("seat") == seat
            for item in hand.history
        )
        bet = "" if acted or folded_at[seat] else " (didn't bet)"
        return f"{head} folded {_FOLDED_IN[folded_at[seat]]}{bet}"
    if seat in mucked:
        cards = mucked[seat]
        return f"{head} mucked [{' '.join(cards)}]" if cards else f"{head} mucked"
    if shows is not None and str(seat) in shows["hands"]:
        cards = list(shows["hands"][str(seat)])
        value = "a " + describe(cards)
        if won:
            return f"{head} showed [{' '.join(cards)}] and won ({money(won)}) with {value}"
        return f"{head} showed [{' '.join(cards)}] and lost with {value}"
    return f"{head} collected ({money(won)})"
