"""Writing a hand of the engine as a PokerStars text hand history (fixed-limit Badugi).

``to_pokerstars(hand)`` takes a ``Hand`` that is over, or its history, and
writes it as PokerStars writes a hand of "Badugi Limit", cash or tournament:
the header, the table and the seats, the antes and blinds, ``*** DEALING
HANDS ***``, each betting round's actions, ``*** FIRST DRAW ***`` to ``***
THIRD DRAW ***`` with the discards, the showdown, the uncalled bets returned,
what each player collected from which pot, and the summary.

PokerStars shows only its own player's cards and draws: with ``viewer=seat``
the text is what that seat's PokerStars file reads (its ``Dealt to`` lines,
the others' ``discards 2 cards`` with no cards, the hands shown at the
showdown). Without a viewer every player's cards are written, in the lines
PokerStars uses for its own player, so the text holds the whole hand.

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
from badugi.histories._pokerstars_summary import describe, shares, summary_line
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
_FIELDS = frozenset({"players", "hand", "table", "time", "max_seats", "tournament", "level", "buyin"})
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
    options = {"players": list(players), "hand": number, "table": table, "time": time, "max_seats": max_seats}
    return options | _tournament(fields)


def _tournament(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The tournament's number, level and buy-in, each None for a cash game."""
    tournament = fields.get("tournament")
    if tournament is None:
        return {"tournament": None}
    if not isinstance(tournament, int) or isinstance(tournament, bool) or tournament < 0:
        raise HandHistoryError(f"tournament must be a whole number, got {quote(tournament)}")
    level = fields.get("level") or "I"
    buyin = fields.get("buyin") or "$1+$0.10 USD"
    if not isinstance(level, str) or not level.isalnum():
        raise HandHistoryError(f'level must be a word ("IV"), got {quote(level)}')
    if not isinstance(buyin, str) or "\n" in buyin or "\r" in buyin or " - " in buyin:
        raise HandHistoryError(f'buyin must be a line of text ("$1+$0.10 USD"), got {quote(buyin)}')
    return {"tournament": tournament, "level": level, "buyin": buyin}


def to_pokerstars(  # noqa: PLR0912, PLR0915 - one branch an event, in the order the text tells them
    hand: HandOrHistory,
    *,
    fields: Mapping[str, Any] | None = None,
    currency: str | None = None,
    viewer: int | None = None,
) -> str:
    """One complete hand of fixed-limit Badugi as a PokerStars text hand history.

    Args:
        hand: a ``Hand`` that is over, or its ``history`` (replayed, so checked).
        fields: ``players`` (one name a seat, in seat order), ``hand`` (its
            number), ``table`` (the table's name), ``time`` (as PokerStars
            writes it, ``"2013/01/01 12:00:00 ET"``), ``max_seats``; for a
            tournament's header ``tournament`` (its number), ``level``
            (``"IV"``) and ``buyin`` (``"$1+$0.10 USD"``).
        currency: None to write chips (``10``), or ``"USD"``, ``"EUR"`` or
            ``"GBP"`` to write the chips as cents (``$0.10``); a tournament's
            chips are written as chips.
        viewer: None to write every player's cards; a seat to write only
            what that seat's own PokerStars file shows (its cards and draws,
            and the hands shown at the showdown).

    Raises:
        HandHistoryError: not a hand or history, a hand the format cannot
            say (see the module), or fields that cannot be written.
    """
    played = as_hand(hand, "to_pokerstars")
    _refuse(played)
    if currency is not None and currency not in CURRENCIES:
        raise HandHistoryError(f"currency must be None or one of {sorted(CURRENCIES)}, got {quote(currency)}")
    options = _options(fields, played.n_seats)
    if options["tournament"] is not None and currency is not None:
        raise HandHistoryError("a tournament's chips are written as chips: currency must be None")
    if viewer is not None and (
        not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < played.n_seats
    ):
        raise HandHistoryError(
            f"viewer must be None or a seat of 0 to {played.n_seats - 1}, got {quote(viewer)}"
        )
    names: list[str] = options["players"]
    structure = played.structure
    assert isinstance(structure, FixedLimit)  # _refuse checked it

    def money(chips: int) -> str:
        return format_amount(chips, currency)

    def sees(seat: int) -> bool:
        return viewer is None or seat == viewer

    setup = played.setup
    n = setup.seats
    bets = f"{money(structure.small_bet)}/{money(structure.big_bet)}"
    if options["tournament"] is not None:
        game = (
            f"Tournament #{options['tournament']}, {options['buyin']} Badugi Limit - "
            f"Level {options['level']} ({bets})"
        )
    else:
        game = f"Badugi Limit ({bets}{f' {currency}' if currency else ''})"
    lines = [
        f"PokerStars Hand #{options['hand']}: {game} - {options['time']}",
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
    showdown = next((i for i in played.history if i["event"] == "showdown"), None)
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
            if sees(seat):
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
            lines.extend(_draw_lines(played, item, name, mine=sees(seat), only=viewer is not None))
        elif kind == "showdown":
            close_round()
            lines.append("*** SHOW DOWN ***")
            for shown in item["order"]:
                cards = list(item["hands"][str(shown)])
                lines.append(f"{names[shown]}: shows [{' '.join(cards)}] ({describe(cards)})")
        elif kind == "payouts":
            if showdown is None:
                close_round()
            pots = shares(played, returned)
            for s in range(n):
                for amount, pot in pots[s]:
                    lines.append(f"{names[s]} collected {money(amount)} from {pot}")
            if showdown is None:
                lines.extend(f"{names[s]}: doesn't show hand" for s in range(n) if pots[s])
            lines.append("*** SUMMARY ***")
            lines.append(f"Total pot {money(sum(put))} | Rake {money(0)}")
            for s in range(n):
                lines.append(summary_line(played, s, names[s], pots[s], folded_at, showdown, money))
    return "\n".join(lines) + "\n"


def _draw_lines(hand: Hand, item: Mapping[str, Any], name: str, *, mine: bool, only: bool) -> list[str]:
    """A draw's lines: the discard, and for a seat whose cards are shown the cards it was dealt."""
    discards, received = list(item["discards"]), list(item["received"])
    held = _held_before(hand, item)
    if not discards:
        # PokerStars names the cards its own player stands pat on.
        return [f"{name}: stands pat on [{' '.join(held)}]" if mine and only else f"{name}: stands pat"]
    count = len(discards)
    plural = "s" if count > 1 else ""
    if not mine:
        return [f"{name}: discards {count} card{plural}"]
    kept = [card for card in held if card not in discards]
    kept_text = f"[{' '.join(kept)}] " if kept else ""
    return [
        f"{name}: discards {count} card{plural} [{' '.join(discards)}]",
        f"Dealt to {name} {kept_text}[{' '.join(received)}]",
    ]


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
