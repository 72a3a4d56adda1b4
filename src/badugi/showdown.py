"""Settling a hand: who shows first, and who gets which chips.

``showdown`` is a pure function of the hands still in, what every seat put in,
the button and the last aggressor. It builds the main pot and side pots from
the contributions, returns uncalled chips, ranks the live hands with
``badugi.rank`` and splits each pot among its best eligible hands, odd chips
going first to the winner nearest the button's left.

The rules (seed ``000``, with the choices where it is silent written down):

* A seat can win from each opponent only as much as it put in. Pots are
  layered by contribution; chips that no live hand matched (one seat's uncalled
  excess, or what seats that folded or are dead put in above every live hand)
  go back to the seats that put them in. This holds whether or not there is a
  showdown: a short all-in big blind whose opponents fold wins only what it
  matched.
* Folded seats' chips stay in the pots they reached.
* A hand with more or fewer than four (otherwise valid) cards is dead: it shows
  but cannot win, and its chips stay in, like a folded seat's. If every hand
  still in is dead, nobody can win: the hand is void and every seat gets back
  what it put in.
* Ties split a pot; odd chips go one at a time to the tied winners in order,
  starting with the first to the left of the button.
* If only one seat is still in, it wins without showing.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi._frozen import Frozen
from badugi.cards import Hand, as_index, card_str, describe, hand_list, parse_cards, quote
from badugi.errors import InvalidHandError
from badugi.evaluate import rank

__all__ = ["Pot", "Showdown", "showdown"]


class Pot(Frozen):
    """One pot: its chips, the seats that may win it and the seats that did.

    Attributes:
        amount: chips in the pot.
        eligible: seats still in that put in enough to contest it, in seat order.
        winners: seats that won it (several on a tie), in the order the odd
            chips went: from the button's left, clockwise.
        shares: chips each winner got from this pot, aligned with ``winners``.
    """

    __slots__ = ("amount", "eligible", "shares", "winners")

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]

    def __init__(
        self, amount: int, eligible: tuple[int, ...], winners: tuple[int, ...], shares: tuple[int, ...]
    ) -> None:
        self._set(amount=amount, eligible=eligible, winners=winners, shares=shares)

    def __repr__(self) -> str:
        return (
            f"Pot(amount={self.amount}, eligible={self.eligible}, winners={self.winners}, "
            f"shares={self.shares})"
        )


class Showdown(Frozen):
    """The settlement of one hand (immutable: every field is a tuple).

    Attributes:
        payouts: chips each seat receives; they always sum to the total put in.
        pots: the main pot first, then the side pots.
        order: the seats still in, in the order they show.
        returned: chips no live hand matched, given back to each seat (included in ``payouts``).
        dead: seats still in whose hands are dead (wrong number of cards).
    """

    __slots__ = ("dead", "order", "payouts", "pots", "returned")

    payouts: tuple[int, ...]
    pots: tuple[Pot, ...]
    order: tuple[int, ...]
    returned: tuple[int, ...]
    dead: tuple[int, ...]

    def __init__(
        self,
        payouts: Sequence[int],
        pots: Sequence[Pot],
        order: Sequence[int],
        returned: Sequence[int],
        dead: Sequence[int],
    ) -> None:
        self._set(
            payouts=tuple(payouts),
            pots=tuple(pots),
            order=tuple(order),
            returned=tuple(returned),
            dead=tuple(dead),
        )

    def __repr__(self) -> str:
        return (
            f"Showdown(payouts={self.payouts}, pots={self.pots}, order={self.order}, "
            f"returned={self.returned}, dead={self.dead})"
        )


def _seat_number(name: str, value: object, n: int) -> int:
    seat = as_index(value)
    if seat is None:
        raise InvalidHandError(f"{name} must be a seat number, got {describe(value)}")
    if not 0 <= seat < n:
        raise InvalidHandError(f"{name} {seat} out of range 0..{n - 1}")
    return seat


def _check_inputs(
    hands: object, contributions: object, button: object, last_aggressor: object
) -> tuple[list[Hand | None], list[int], int, int | None]:
    """The inputs read once and checked: (hands, contributions, button, last aggressor)."""
    seats = hand_list(hands, "showdown() hands")
    n = len(seats)
    if n == 0:
        raise InvalidHandError("showdown() needs at least one seat")
    chips: list[int] = []
    for seat, amount in enumerate(hand_list(contributions, "showdown() contributions")):
        value = as_index(amount)
        if value is None:
            raise InvalidHandError(f"seat {seat}: contribution must be an int, got {describe(amount)}")
        if value < 0:
            raise InvalidHandError(f"seat {seat}: negative contribution {quote(value)}")
        chips.append(value)
    if len(chips) != n:
        raise InvalidHandError(f"{n} hands but {len(chips)} contributions: one of each per seat")
    seat_of_button = _seat_number("button", button, n)
    aggressor = None if last_aggressor is None else _seat_number("last_aggressor", last_aggressor, n)
    if aggressor is not None and seats[aggressor] is None:
        raise InvalidHandError(f"last_aggressor seat {aggressor} folded")
    return seats, chips, seat_of_button, aggressor


def _parse_all(hands: Sequence[Hand | None]) -> dict[int, list[int]]:
    """Card ids of every seat still in; no card may be in two seats."""
    held: dict[int, int] = {}
    cards: dict[int, list[int]] = {}
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        try:
            ids = parse_cards(hand)
        except InvalidHandError as exc:
            raise InvalidHandError(f"seat {seat}: {exc}") from None
        for card in ids:
            if card in held:
                raise InvalidHandError(
                    f"card {card_str(card)} is in the hands of seats {held[card]} and {seat}"
                )
            held[card] = seat
        cards[seat] = ids
    return cards


def _clockwise_from(start: int, n: int) -> list[int]:
    return [(start + k) % n for k in range(n)]


def _pots(
    contributions: Sequence[int], in_hand: set[int], live: set[int]
) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """Layer the chips into (amount, eligible seats) pots, main pot first, and the chips that go back.

    A seat wins from each opponent at most what it put in, so a layer that no
    live hand reached (one seat's uncalled excess, or chips above every live
    hand's contribution put in by seats that folded or are dead) goes back to
    the seats that put it in.
    """
    n = len(contributions)
    returned = [0] * n
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        reached = [s for s in range(n) if contributions[s] >= level]
        step = level - previous
        previous = level
        eligible = [s for s in reached if s in in_hand]
        if len(reached) == 1 or not any(s in live for s in eligible):
            for seat in reached:  # nobody who can win matched it: it goes back
                returned[seat] += step
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + step * len(reached), eligible)
        else:
            pots.append((step * len(reached), eligible))
    return pots, returned


def showdown(
    hands: Sequence[Hand | None],
    contributions: Sequence[int],
    button: int,
    last_aggressor: int | None = None,
) -> Showdown:
    """Settle a hand: build the pots, rank the hands still in, pay the winners.

    Args:
        hands: one entry per seat, seats numbered clockwise from 0: a hand in any
            form ``badugi.rank`` accepts, or ``None`` for a seat that folded. A
            hand of more or fewer than four valid cards is dead.
        contributions: the total chips each seat put in during the hand
            (folded seats too), as non-negative ints.
        button: the button's seat; ``(button + 1) % n`` is left of it.
        last_aggressor: the seat that made the last bet or raise on the final
            round, or ``None`` if everyone checked. It shows first.

    Returns:
        A ``Showdown`` with ``payouts``, ``pots`` (main first), ``order``,
        ``returned`` and ``dead``.

    Raises:
        InvalidHandError: an unparseable card, a card in two seats' hands,
            mismatched lengths, a negative contribution, a button or last
            aggressor out of range, or no seat still in.
    """
    hands, contributions, button, last_aggressor = _check_inputs(hands, contributions, button, last_aggressor)
    n = len(hands)
    cards = _parse_all(hands)
    in_hand = [seat for seat in _clockwise_from(button + 1, n) if hands[seat] is not None]
    if not in_hand:
        raise InvalidHandError("every seat folded: at least one hand must still be in")
    total = sum(contributions)

    if len(in_hand) == 1:  # everyone else folded: no showdown, nothing is read
        order = in_hand
        dead: list[int] = []
        ranks = {in_hand[0]: 0}
    else:
        first = last_aggressor if last_aggressor is not None else in_hand[0]
        order = [seat for seat in _clockwise_from(first, n) if hands[seat] is not None]
        dead = sorted(seat for seat in in_hand if len(cards[seat]) != 4)
        ranks = {seat: rank(cards[seat]) for seat in in_hand if seat not in dead}
    if not ranks:  # every hand still in is dead: nobody can win, the hand is void
        return Showdown(list(contributions), [], order, [0] * n, dead)
    layers, returned = _pots(contributions, set(in_hand), set(ranks))

    payouts = returned[:]
    pots = []
    for amount, eligible in layers:
        contenders = [seat for seat in eligible if seat in ranks]
        best = min(ranks[seat] for seat in contenders)
        # Odd chips go first to the winner nearest the button's left.
        winners = sorted(
            (seat for seat in contenders if ranks[seat] == best), key=lambda seat: (seat - button - 1) % n
        )
        share, odd = divmod(amount, len(winners))
        shares = tuple(share + (1 if i < odd else 0) for i in range(len(winners)))
        for seat, chips in zip(winners, shares, strict=True):
            payouts[seat] += chips
        pots.append(Pot(amount, tuple(sorted(eligible)), tuple(winners), shares))
    if sum(payouts) != total:
        raise SystemError(f"badugi: showdown lost chips: paid {sum(payouts)} of {total}")
    return Showdown(payouts, pots, order, returned, dead)
