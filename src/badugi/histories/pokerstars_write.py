"""Writing a hand of the engine as a PokerStars text hand history (fixed-limit Badugi).

``to_pokerstars(hand)`` takes a ``Hand`` that is over, or its history, and
writes it as PokerStars writes a cash-game hand of "Badugi Limit": the header,
the table and the seats, the antes and blinds, ``*** DEALING HANDS ***`` with
every player's cards, each betting round's actions, ``*** FIRST DRAW ***`` to
``*** THIRD DRAW ***`` with every player's discards and the cards it was dealt,
the showdown, the uncalled bets returned, what each player collected, and the
summary. PokerStars itself shows only its own player's cards and draws; a hand
of the engine has every card known, so every player's are written (in the
lines PokerStars uses for its own player), and ``read_pokerstars`` replays
exactly this hand.

Amounts are the engine's chips, written as integers, or with ``currency``
(``"USD"``, ``"EUR"``, ``"GBP"``) as cents: 10 chips are ``$0.10``.

What the format cannot say is refused, naming it: a structure other than
fixed limit, a game other than Badugi, a qualifier, a carry, a dealing error,
a hand not over, and a blind all-in for less than it is where the blinds are
not the fixed-limit custom (half the small bet and the small bet), since the
text then gives no way to know the blinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from badugi.cards import quote
from badugi.engine import FixedLimit, Hand
from badugi.errors import HandHistoryError
from badugi.games import BADUGI
from badugi.histories.phh_write import HandOrHistory, as_hand

__all__ = ["CURRENCIES", "format_amount", "to_pokerstars"]

#: The currencies written with cents, and their signs.
CURRENCIES = {"USD": "$", "EUR": "€", "GBP": "£"}
_REFUSED_EVENTS = {
    "misdeal": "a misdeal",
    "deal_exposed": "a card exposed in the deal",
    "deal_replacement": "a card exposed in the deal and replaced",
    "exposed": "a card exposed in a draw",
    "late_replacement": "a card exposed in a draw and replaced late",
    "wrong_count": "a hand dealt the wrong number of cards",
}
_DRAWS = ("FIRST", "SECOND", "THIRD")
_FOLDED_IN = ("before the Draw", "after the 1st Draw", "after the 2nd Draw", "after the 3rd Draw")
_FIELDS = frozenset({"players", "hand", "table", "time", "max_seats"})
_NAME_LIMIT = 50


def format_amount(chips: int, currency: str | None) -> str:
    """Chips as PokerStars writes them: ``10``, or as cents of a currency, ``$0.10``."""
    if currency is None:
        return str(chips)
    whole, cents = divmod(chips, 100)
    return f"{CURRENCIES[currency]}{whole}.{cents:02d}"


def _refuse(hand: Hand) -> None:
    if not isinstance(hand.structure, FixedLimit):
        kind = type(hand.structure).__name__
        raise HandHistoryError(f"PokerStars text is written for fixed-limit Badugi only, not {kind}")
    if hand.game is not BADUGI:
        raise HandHistoryError(f"PokerStars text is written for Badugi only, not {hand.game.name}")
    if hand.qualifier is not None:
        raise HandHistoryError("PokerStars text cannot say that a hand needs a qualifier to win")
    if hand.carry:
        raise HandHistoryError(
            f"PokerStars text cannot say that {hand.carry} chips were carried into the pot"
        )
    if hand.phase != "over":
        raise HandHistoryError("the hand is not over: PokerStars text is written for complete hands")
    for item in hand.history:
        if item["event"] in _REFUSED_EVENTS:
            raise HandHistoryError(f"PokerStars text has no line for {_REFUSED_EVENTS[item['event']]}")
    structure = hand.structure
    if hand.blinds is not None and (hand.blinds[0], hand.blinds[1]) != (
        structure.small_bet // 2,
        structure.small_bet,
    ):
        for item in hand.history:
            if item["event"] == "blind" and item["all_in"] and item["amount"] < hand.blinds[1]:
                raise HandHistoryError(
                    f"the {item['blind']} blind is all-in for {item['amount']}: PokerStars text names only "
                    f"the bets, and the blinds {hand.blinds} are not the fixed-limit custom, so a reader "
                    "could not know them"
                )


def _options(fields: object, seats: int) -> dict[str, Any]:
    if fields is None:
        fields = {}
    if not isinstance(fields, Mapping):
        raise HandHistoryError(f"fields must be a mapping, got {quote(fields)}")
    unknown = sorted(str(key) for key in fields if key not in _FIELDS)
    if unknown:
        raise HandHistoryError(f"{quote(unknown[0])} is not a PokerStars field (one of {sorted(_FIELDS)})")
    players = fields.get("players", [f"Player{k + 1}" for k in range(seats)])
    if (
        not isinstance(players, (list, tuple))
        or len(players) != seats
        or not all(isinstance(name, str) for name in players)
    ):
        raise HandHistoryError(f"players must be {seats} names, one a seat, got {quote(players)}")
    for name in players:
        if not name or name != name.strip() or len(name) > _NAME_LIMIT or any(c in name for c in "\r\n[]"):
            raise HandHistoryError(
                f"the player name {quote(name)} cannot be written: a name is 1 to {_NAME_LIMIT} characters "
                "without line breaks, brackets, or spaces at its ends"
            )
        if name.startswith(("Seat ", "Dealt to", "Uncalled", "***")):
            raise HandHistoryError(f"the player name {quote(name)} reads as another line")
    if len(set(players)) != seats:
        raise HandHistoryError(f"players {quote(players)} names a player twice")
    number = fields.get("hand", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise HandHistoryError(f"hand must be a whole number, got {quote(number)}")
    table = fields.get("table", "Badugi")
    time = fields.get("time", "2000/01/01 00:00:00 ET")
    for key, value in (("table", table), ("time", time)):
        if not isinstance(value, str) or not value or "\n" in value or "\r" in value or "'" in value:
            raise HandHistoryError(f"{key} must be a line of text without quotes, got {quote(value)}")
    max_seats = fields.get("max_seats", 2 if seats == 2 else 6 if seats <= 6 else 8)
    if not isinstance(max_seats, int) or isinstance(max_seats, bool) or max_seats < seats:
        raise HandHistoryError(
            f"max_seats must be a whole number of at least {seats}, got {quote(max_seats)}"
        )
    return {"players": list(players), "hand": number, "table": table, "time": time, "max_seats": max_seats}


def _shares(hand: Hand, returned: list[int]) -> list[list[tuple[int, str]]]:
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
    if [sum(a for a, _ in shares[s]) for s in range(hand.n_seats)] != won:
        return simple
    # PokerStars tells the side pots first, the last one opened first.
    return [sorted(lines, key=lambda line: line[1] == "main pot") for lines in shares]


def to_pokerstars(  # noqa: PLR0912, PLR0915 - one branch an event, in the order the text tells them
    hand: HandOrHistory, *, fields: Mapping[str, Any] | None = None, currency: str | None = None
) -> str:
    """One complete hand of fixed-limit Badugi as a PokerStars text hand history.

    Args:
        hand: a ``Hand`` that is over, or its ``history`` (replayed, so checked).
        fields: ``players`` (one name a seat, in seat order), ``hand`` (its
            number), ``table`` (the table's name), ``time`` (as PokerStars
            writes it, ``"2013/01/01 12:00:00 ET"``), ``max_seats``.
        currency: None to write chips (``10``), or ``"USD"``, ``"EUR"`` or
            ``"GBP"`` to write the chips as cents (``$0.10``).

    Raises:
        HandHistoryError: not a hand or history, a hand the format cannot
            say (see the module), or fields that cannot be written.
    """
    played = as_hand(hand, "to_pokerstars")
    _refuse(played)
    if currency is not None and currency not in CURRENCIES:
        raise HandHistoryError(f"currency must be None or one of {sorted(CURRENCIES)}, got {quote(currency)}")
    options = _options(fields, played.n_seats)
    names: list[str] = options["players"]
    structure = played.structure
    assert isinstance(structure, FixedLimit)  # _refuse checked it

    def money(chips: int) -> str:
        return format_amount(chips, currency)

    setup = played.setup
    n = setup.seats
    stakes = f"{money(structure.small_bet)}/{money(structure.big_bet)}" + (f" {currency}" if currency else "")
    lines = [
        f"PokerStars Hand #{options['hand']}: Badugi Limit ({stakes}) - {options['time']}",
        f"Table '{options['table']}' {options['max_seats']}-max Seat #{setup.button + 1} is the button",
    ]
    lines += [f"Seat {s + 1}: {names[s]} ({money(setup.stacks[s])} in chips)" for s in range(n)]
    put = [0] * n  # everything each seat put in, the returned bets taken back
    street = [0] * n  # each seat's bets in this betting round
    returned = [0] * n
    folded_at: dict[int, int] = {}
    all_in: set[int] = set()
    folded: set[int] = set()
    draw_index = 0

    def close_round() -> None:
        ranked = sorted(range(n), key=lambda s: put[s], reverse=True)
        top, second = ranked[0], ranked[1]
        excess = put[top] - put[second]
        if excess > 0:
            lines.append(f"Uncalled bet ({money(excess)}) returned to {names[top]}")
            put[top] -= excess
            returned[top] += excess
        street[:] = [0] * n

    dealt = False
    for item in played.history:
        kind = item["event"]
        seat: int = item.get("seat", -1)
        name = names[seat] if seat >= 0 else ""
        tail = " and is all-in" if item.get("all_in") else ""
        if item.get("all_in"):
            all_in.add(item["seat"])
        if kind in ("ante", "blind") and not item["amount"]:
            continue  # nothing posted (a small blind of 0, or a stack all-in on the ante)
        if kind == "ante":
            put[seat] += item["amount"]
            lines.append(f"{name}: posts the ante {money(item['amount'])}{tail}")
        elif kind == "blind":
            put[seat] += item["amount"]
            street[seat] += item["amount"]
            lines.append(f"{name}: posts {item['blind']} blind {money(item['amount'])}{tail}")
        elif kind == "deal":
            if not dealt:
                lines.append("*** DEALING HANDS ***")
                dealt = True
            lines.append(f"Dealt to {name} [{' '.join(item['cards'])}]")
        elif kind == "fold":
            folded.add(seat)
            folded_at[seat] = draw_index
            lines.append(f"{name}: folds")
        elif kind == "check":
            if all(s in all_in or s in folded for s in range(n) if s != seat):
                continue  # nobody left to bet against: PokerStars asks nothing
            lines.append(f"{name}: checks")
        elif kind == "call":
            put[seat] += item["amount"]
            street[seat] += item["amount"]
            lines.append(f"{name}: calls {money(item['amount'])}{tail}")
        elif kind in ("bet", "raise"):
            before = street[seat]
            facing = max(street)
            added = item["to"] - before
            put[seat] += added
            street[seat] = item["to"]
            if kind == "bet" and facing == 0:
                lines.append(f"{name}: bets {money(item['to'])}{tail}")
            else:
                lines.append(f"{name}: raises {money(item['to'] - facing)} to {money(item['to'])}{tail}")
        elif kind == "draw_round":
            close_round()
            lines.append(f"*** {_DRAWS[item['index'] - 1]} DRAW ***")
            draw_index = item["index"]
        elif kind == "draw":
            discards, received = list(item["discards"]), list(item["received"])
            if not discards:
                lines.append(f"{name}: stands pat")
                continue
            count = len(discards)
            lines.append(f"{name}: discards {count} card{'s' if count > 1 else ''} [{' '.join(discards)}]")
            before_draw = _held_before(played, item)
            kept = [card for card in before_draw if card not in discards]
            held = f"[{' '.join(kept)}] " if kept else ""
            lines.append(f"Dealt to {name} {held}[{' '.join(received)}]")
        elif kind == "showdown":
            close_round()
            lines.append("*** SHOW DOWN ***")
            for shown in item["order"]:
                cards = list(item["hands"][str(shown)])
                value = BADUGI.evaluate(cards)[0]
                lines.append(f"{names[shown]}: shows [{' '.join(cards)}] ({value.name})")
        elif kind == "payouts":
            if not any(i["event"] == "showdown" for i in played.history):
                close_round()
            shares = _shares(played, returned)
            for s in range(n):
                for amount, pot in shares[s]:
                    lines.append(f"{names[s]} collected {money(amount)} from {pot}")
            if not any(i["event"] == "showdown" for i in played.history):
                lines.extend(f"{names[s]}: doesn't show hand" for s in range(n) if shares[s])
            total = sum(put)
            lines.append("*** SUMMARY ***")
            lines.append(f"Total pot {money(total)} | Rake {money(0)}")
            shows = next((i for i in played.history if i["event"] == "showdown"), None)
            for s in range(n):
                lines.append(_summary_line(played, s, names[s], shares[s], folded_at, shows, money))
    return "\n".join(lines) + "\n"


def _held_before(hand: Hand, draw: Mapping[str, Any]) -> list[str]:
    """The cards a seat held when it made this draw."""
    seat = draw["seat"]
    held: list[str] = []
    for item in hand.history:
        if item is draw:
            return held
        if item["event"] == "deal" and item["seat"] == seat:
            held = list(item["cards"])
        elif item["event"] == "draw" and item["seat"] == seat:
            held = [c for c in held if c not in item["discards"]] + list(item["received"])
    raise AssertionError("the draw is in the history")  # pragma: no cover


def _summary_line(  # noqa: PLR0917 - the parts of one line
    hand: Hand,
    seat: int,
    name: str,
    shares: list[tuple[int, str]],
    folded_at: dict[int, int],
    shows: Mapping[str, Any] | None,
    money: Any,
) -> str:
    roles = []
    if seat == hand.button:
        roles.append("(button)")
    blinds = {item["seat"]: item["blind"] for item in hand.history if item["event"] == "blind"}
    if seat in blinds:
        roles.append(f"({blinds[seat]} blind)")
    head = " ".join([f"Seat {seat + 1}: {name}", *roles])
    won = sum(amount for amount, _ in shares)
    if seat in folded_at:
        acted = any(
            item["event"] in ("call", "bet", "raise", "check", "blind") and item.get("seat") == seat
            for item in hand.history
        )
        bet = "" if acted or folded_at[seat] else " (didn't bet)"
        return f"{head} folded {_FOLDED_IN[folded_at[seat]]}{bet}"
    if shows is not None and str(seat) in shows["hands"]:
        cards = list(shows["hands"][str(seat)])
        value = BADUGI.evaluate(cards)[0].name
        if won:
            return f"{head} showed [{' '.join(cards)}] and won ({money(won)}) with {value}"
        return f"{head} showed [{' '.join(cards)}] and lost with {value}"
    return f"{head} collected ({money(won)})"
