"""Settling a hand: who shows first, and who gets which chips.

``showdown`` is a pure function of the hands still in, what every seat put in,
the button, the last aggressor and the game. It builds the main pot and side
pots from the contributions (``badugi.pots``), returns chips nobody live
matched, ranks the live hands on each half of the game, and splits each pot
between the halves and each half among its best eligible hands.

The rules (seed ``000`` and the rulebook's split games, with the choices where
they are silent written down):

* A seat can win from each opponent only as much as it put in. Pots are
  layered by contribution; chips that no live hand matched (one seat's uncalled
  excess, or what seats that folded or are dead put in above every live hand)
  go back to the seats that put them in. This holds whether or not there is a
  showdown: a short all-in big blind whose opponents fold wins only what it
  matched.
* Folded seats' chips stay in the pots they reached.
* A hand of the wrong number of (otherwise valid) cards for the game is dead:
  it shows but cannot win, and its chips stay in, like a folded seat's. If
  every hand still in is dead, nobody can win: the hand is void and every seat
  gets back what it put in.
* In a split game every pot, main and side, splits into halves; each half goes
  to its own best hands, so one hand can win both (a scoop). The game says
  which half takes the odd chip between the halves.
* Within a half, ties split; odd chips go one at a time to the tied winners in
  order, starting with the first to the left of the button; in a split game,
  those who took an odd chip of the pot in an earlier half come last, so
  players who tie every half chop the whole pot evenly.
* With a qualifier (a Badugi home rule), only hands at or better than it can
  win; a pot no eligible hand qualifies for stays in the middle (``carried``)
  for the next deal. Chips carried in from an earlier deal (``carry``) join
  the main pot.
* If only one seat is still in, it wins without showing (a qualifier does not
  apply: nothing is shown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from badugi import _fields as check
from badugi._fields import MAX_CHIPS, trusted
from badugi._frozen import Frozen
from badugi.cards import HandLike, as_index, card_str, describe, hand_list, parse_cards, quote
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, Game, GameLike, game_of
from badugi.pots import Pot, layer, split

__all__ = ["Showdown", "settle", "showdown"]


class Showdown(Frozen):
    """The settlement of one hand (immutable: every field is a tuple or an int).

    Attributes:
        payouts: chips each seat receives; with ``carried`` they always sum to
            everything put in (the contributions and the carry).
        pots: the main pot first, then the side pots.
        order: the seats still in, in the order they show.
        returned: chips no live hand matched, given back to each seat (included in ``payouts``).
        dead: seats still in whose hands are dead (wrong number of cards).
        carried: chips that stay in the middle for the next deal because no
            eligible hand met the qualifier (0 without one).
    """

    __slots__ = ("carried", "dead", "order", "payouts", "pots", "returned")

    payouts: tuple[int, ...]
    pots: tuple[Pot, ...]
    order: tuple[int, ...]
    returned: tuple[int, ...]
    dead: tuple[int, ...]
    carried: int

    def __init__(
        self,
        payouts: Sequence[int],
        pots: Sequence[Pot],
        order: Sequence[int],
        returned: Sequence[int],
        dead: Sequence[int],
        *,
        carried: int = 0,
    ) -> None:
        """A settlement as ``showdown`` reports it; every field is checked.

        Raises:
            InvalidHandError: a field of the wrong type or out of range (chips
                are ints in 0..2**63-1), a seat outside the seats of
                ``payouts`` or listed twice, ``returned`` not one per seat, a
                dead seat that did not show, or chips that do not add up (the
                payouts and ``carried`` are what the pots hold and what went back).
        """
        paid = check.integers("Showdown", "payouts", payouts)
        n = len(paid)
        if n == 0:
            raise InvalidHandError("Showdown.payouts must hold one payout per seat, got none")
        all_pots = check.items("Showdown", "pots", pots)
        for pot in all_pots:
            if not isinstance(pot, Pot):
                raise InvalidHandError(f"Showdown.pots must hold Pot values, got {describe(pot)}")
        shown = _seats("order", order, n)
        back = check.integers("Showdown", "returned", returned)
        if len(back) != n:
            raise InvalidHandError(f"Showdown.returned must hold one amount per seat: {n}, got {len(back)}")
        dead_seats = _seats("dead", dead, n)
        if not set(dead_seats) <= set(shown):
            raise InvalidHandError("Showdown.dead must hold seats of Showdown.order")
        left = check.integer("Showdown", "carried", carried)
        for pot in all_pots:
            if any(seat >= n for seat in pot.eligible):
                raise InvalidHandError(f"Showdown.pots: a seat of {pot!r:.80} is not one of the {n} seats")
        if all_pots:  # without pots the hand was void: every seat got back what it put in
            _check_chips_add_up(paid, all_pots, back, left)
        self._set(payouts=paid, pots=all_pots, order=shown, returned=back, dead=dead_seats, carried=left)

    def __repr__(self) -> str:
        return (
            f"Showdown(payouts={self.payouts}, pots={self.pots}, order={self.order}, "
            f"returned={self.returned}, dead={self.dead}, carried={self.carried})"
        )


def _seats(name: str, value: object, n: int) -> tuple[int, ...]:
    seats = check.integers("Showdown", name, value, most=n - 1)
    if len(set(seats)) != len(seats):
        raise InvalidHandError(f"Showdown.{name} must not hold a seat twice, got {seats!r:.80}")
    return seats


def _check_chips_add_up(
    payouts: tuple[int, ...], pots: tuple[Pot, ...], returned: tuple[int, ...], carried: int
) -> None:
    """Each seat is paid what it won from the pots plus what went back; unwon pots are carried."""
    won = list(returned)
    for pot in pots:
        for seat, chips in zip(pot.winners, pot.shares, strict=True):
            won[seat] += chips
    if list(payouts) != won:
        raise InvalidHandError(f"Showdown.payouts must be the pots won plus the chips returned: {won!r:.80}")
    unwon = sum(pot.amount for pot in pots if not pot.winners)
    if carried != unwon:
        raise InvalidHandError(f"Showdown.carried must be the chips of the pots nobody won: {unwon}")


def _seat_number(name: str, value: object, n: int) -> int:
    seat = as_index(value)
    if seat is None:
        raise InvalidHandError(f"{name} must be a seat number, got {describe(value)}")
    if not 0 <= seat < n:
        raise InvalidHandError(f"{name} {quote(seat)} out of range 0..{n - 1}")
    return seat


def _check_inputs(
    hands: object, contributions: object, button: object, last_aggressor: object
) -> tuple[list[HandLike | None], list[int], int, int | None]:
    """The inputs read once and checked: (hands, contributions, button, last aggressor)."""
    seats = hand_list(hands, "a showdown")
    if isinstance(contributions, (Set, Mapping)):  # their order is not the seats'
        raise InvalidHandError(
            f"showdown() contributions must be a sequence in seat order, got {describe(contributions)}"
        )
    n = len(seats)
    if n == 0:
        raise InvalidHandError("a showdown needs at least one seat")
    chips: list[int] = []
    for seat, amount in enumerate(hand_list(contributions, "a showdown", noun="contributions")):
        value = as_index(amount)
        if value is None:
            raise InvalidHandError(f"seat {seat}: contribution must be an int, got {describe(amount)}")
        if value < 0:
            raise InvalidHandError(f"seat {seat}: negative contribution {quote(value)}")
        if value > MAX_CHIPS:
            raise InvalidHandError(f"seat {seat}: contribution {quote(value)} above 2**63-1")
        chips.append(int(value))
    if len(chips) != n:
        raise InvalidHandError(f"{n} hands but {len(chips)} contributions: one of each per seat")
    seat_of_button = _seat_number("button", button, n)
    aggressor = None if last_aggressor is None else _seat_number("last_aggressor", last_aggressor, n)
    if aggressor is not None and seats[aggressor] is None:
        raise InvalidHandError(f"last_aggressor seat {aggressor} folded")
    return seats, chips, seat_of_button, aggressor


def _parse_all(hands: Sequence[HandLike | None]) -> dict[int, list[int]]:
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


def _game(game: object) -> Game:
    named = game_of(game)
    if named is None:
        raise InvalidHandError(
            f"game must be one of badugi.games (BADUGI, ...) or its name ('badeucy'), got {describe(game)}"
        )
    return named


def _qualifier(qualifier: object, game: Game) -> int | None:
    """The worst rank that qualifies, from a rank number or a hand, or None."""
    if qualifier is None:
        return None
    if game.is_split:
        raise InvalidHandError(f"a qualifier applies to single-pot games, not {game.title}")
    (scale,) = game.halves
    number = as_index(qualifier)
    if number is None:
        if isinstance(qualifier, (bool, float)):
            raise InvalidHandError(f"qualifier must be a hand or a rank number, got {describe(qualifier)}")
        try:
            return scale.rank(game.parse(qualifier))  # type: ignore[arg-type]
        except InvalidHandError as exc:
            raise InvalidHandError(f"qualifier: {exc}") from None
    if not 1 <= number <= scale.worst:
        raise InvalidHandError(f"qualifier rank {quote(number)} out of range 1..{scale.worst}")
    return number


def _show(
    game: Game, cards: Mapping[int, list[int]], in_hand: list[int], last_aggressor: int | None, n: int
) -> tuple[list[int], list[int], dict[int, tuple[int, ...]]]:
    """Who shows in what order, which hands are dead, and the rank per half of each live hand."""
    if len(in_hand) == 1:  # everyone else folded: no showdown, nothing is read
        return in_hand, [], {in_hand[0]: (0,) * len(game.halves)}
    first = last_aggressor if last_aggressor is not None else in_hand[0]
    order = [seat for seat in _clockwise_from(first, n) if seat in cards]
    dead = sorted(seat for seat in in_hand if len(cards[seat]) != game.hand_size)
    ranks = {
        seat: tuple(scale.rank(cards[seat]) for scale in game.halves) for seat in in_hand if seat not in dead
    }
    return order, dead, ranks


def _unseen_layers(seat: int, contributions: list[int]) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """``layer`` when ``seat`` alone is still in: one pot of what the others matched, the rest goes back.

    The same answer as ``layer`` (tests/test_showdown.py checks it on random
    tables), which walks every level of the contributions: here the seat's
    chips above every other seat's go back to it, and every other seat's
    chips above the seat's go back to that seat.
    """
    mine = contributions[seat]
    others = max((c for s, c in enumerate(contributions) if s != seat), default=0)
    returned = [c - mine if c > mine else 0 for c in contributions]
    returned[seat] = mine - others if mine > others else 0
    amount = sum(contributions) - sum(returned)
    return ([(amount, [seat])] if amount else []), returned


def showdown(
    hands: Sequence[HandLike | None],
    contributions: Sequence[int],
    button: int,
    last_aggressor: int | None = None,
    *,
    game: GameLike = BADUGI,
    qualifier: HandLike | int | None = None,
    carry: int = 0,
) -> Showdown:
    """Settle a hand: build the pots, rank the hands still in, pay the winners.

    Args:
        hands: one entry per seat, seats numbered clockwise from 0: a hand in any
            form ``badugi.rank`` accepts, or ``None`` for a seat that folded. A
            hand of the wrong number of valid cards for the game is dead.
        contributions: the total chips each seat put in during the hand
            (folded seats too), as non-negative ints.
        button: the button's seat; ``(button + 1) % n`` is left of it.
        last_aggressor: the seat that made the last bet or raise on the final
            round, or ``None`` if everyone checked. It shows first.
        game: ``badugi.games.BADUGI`` (the default), ``BADEUCY`` or ``BADACEY``.
        qualifier: only hands ranked at or better than this win (a rank number
            on the game's scale, or a hand); single-pot games only.
        carry: chips left in the middle by an earlier deal that nobody
            qualified for; they join the main pot.

    Returns:
        A ``Showdown`` with ``payouts``, ``pots`` (main first), ``order``,
        ``returned``, ``dead`` and ``carried``.

    Raises:
        InvalidHandError: an unparseable card, a card in two seats' hands,
            mismatched lengths, a negative contribution, a button or last
            aggressor out of range, no seat still in, or a bad game, qualifier
            or carry.
    """
    hands, contributions, button, last_aggressor = _check_inputs(hands, contributions, button, last_aggressor)
    game = _game(game)
    worst_qualifying = _qualifier(qualifier, game)
    extra = as_index(carry)
    if extra is None or not 0 <= extra <= MAX_CHIPS:
        raise InvalidHandError(f"carry must be an int in 0..2**63-1, got {describe(carry)}")
    if sum(contributions) + extra > MAX_CHIPS:  # as at a table, every chip fits in one payout
        raise InvalidHandError("the contributions and the carry add up to more than 2**63-1 chips")
    if all(hand is None for hand in hands):
        raise InvalidHandError("every seat folded: at least one hand must still be in")
    return settle(_parse_all(hands), contributions, button, last_aggressor, game, worst_qualifying, extra)


def settle(  # noqa: PLR0917 - showdown's own arguments, checked, in its order
    cards: Mapping[int, list[int]],
    contributions: list[int],
    button: int,
    last_aggressor: int | None,
    game: Game,
    worst_qualifying: int | None,
    extra: int,
) -> Showdown:
    """``showdown`` of inputs already checked: the card ids of each seat still in (at least one).

    For the engine, whose hands, chips and seats are its own and checked when
    they were made: the same settlement, without reading them again.
    ``worst_qualifying`` is the qualifier's rank (or None), ``extra`` the carry.
    """
    n = len(contributions)
    in_hand = [seat for seat in _clockwise_from(button + 1, n) if seat in cards]
    order, dead, ranks = _show(game, cards, in_hand, last_aggressor, n)
    if not ranks:  # every hand still in is dead: nobody can win, the hand is void
        return trusted(
            Showdown,
            payouts=tuple(contributions),
            pots=(),
            order=tuple(order),
            returned=(0,) * n,
            dead=tuple(dead),
            carried=extra,
        )
    if len(in_hand) == 1:
        layers, returned = _unseen_layers(in_hand[0], contributions)
    else:
        layers, returned = layer(contributions, set(in_hand), set(ranks))
    if extra:  # the carry is dead money in the main pot, which every hand still in contests
        if layers and layers[0][1] == sorted(in_hand):
            layers[0] = (layers[0][0] + extra, layers[0][1])
        else:
            layers.insert(0, (extra, sorted(in_hand)))

    qualified = ranks
    if worst_qualifying is not None and len(in_hand) > 1:
        qualified = {seat: r for seat, r in ranks.items() if r[0] <= worst_qualifying}
    payouts = returned[:]
    pots = []
    carried = 0
    scale_names = [scale.name for scale in game.halves]
    for amount, eligible in layers:
        if not any(seat in qualified for seat in eligible):
            carried += amount  # no eligible hand qualifies: it stays in the middle
            pots.append(
                trusted(
                    Pot, amount=amount, eligible=tuple(sorted(eligible)), winners=(), shares=(), halves=()
                )
            )
            continue
        pot = split(
            amount,
            eligible,
            qualified,
            scales=scale_names,
            odd_chip_half=game.odd_chip_half,
            button=button,
            n=n,
        )
        for seat, chips in zip(pot.winners, pot.shares, strict=True):
            payouts[seat] += chips
        pots.append(pot)
    if sum(payouts) + carried != sum(contributions) + extra:  # pragma: no cover - a bug, never bad input
        raise AssertionError(f"badugi internal error: the showdown lost chips: {payouts}, carried {carried}")
    return trusted(
        Showdown,
        payouts=tuple(payouts),
        pots=tuple(pots),
        order=tuple(order),
        returned=tuple(returned),
        dead=tuple(dead),
        carried=carried,
    )
