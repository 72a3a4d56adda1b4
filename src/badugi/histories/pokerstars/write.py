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
from badugi.engine.followed import followed_about
from badugi.engine.history import DEALING_ERRORS
from badugi.errors import HandHistoryError
from badugi.games import BADUGI
from badugi.histories.phh.write import HandOrHistory, as_hand
from badugi.histories.pokerstars.fields import FIELDS, options
from badugi.histories.pokerstars.kept import as_pokerstars
from badugi.histories.pokerstars.summary import describe, shares, summary_line

__all__ = ["CURRENCIES", "format_amount", "kept_fields", "to_pokerstars", "write_pokerstars"]

#: The currencies written with cents, and their signs.
CURRENCIES = {"USD": "$", "EUR": "€", "GBP": "£"}
_DRAWS = ("FIRST", "SECOND", "THIRD")


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
        if item["event"] in DEALING_ERRORS:
            raise HandHistoryError(f"PokerStars text has no line for {DEALING_ERRORS[item['event']]}")
    posted = [item for item in hand.history if item["event"] == "blind"]
    if hand.blinds is not None and posted and not any(item["amount"] for item in posted):
        raise HandHistoryError(
            "every blind is all-in on its ante, for nothing: PokerStars text then has no blind line, "
            "and reads as a table without blinds"
        )
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


def to_pokerstars(
    hand: HandOrHistory,
    *,
    fields: Mapping[str, Any] | None = None,
    currency: str | None = None,
    viewer: int | None = None,
) -> str:
    """One complete hand of fixed-limit Badugi as a PokerStars text hand history.

    Args:
        hand: a ``Hand`` that is over, or its ``history`` (replayed, so
            checked); a hand followed from a record (a ``FollowedHand``)
            too, its names, seat numbers, table fields and currency the
            defaults, its unknown cards not written.
        fields: ``players`` (one name a seat, in seat order), ``hand`` (its
            number), ``table`` (the table's name), ``time`` (as PokerStars
            writes it, ``"2013/01/01 12:00:00 ET"``), ``max_seats``,
            ``play_money`` (True for a play-money table); for a
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
    about = _followed(played)
    told = dict(fields) if fields is not None and isinstance(fields, Mapping) else fields
    if about and (told is None or isinstance(told, dict)):
        kept = kept_fields(about.get("fields", {}))
        told = {"players": list(about["names"]), **kept, **(told or {})}
        if currency is None and about.get("fields", {}).get("tournament") is None:
            currency = about.get("fields", {}).get("currency")
            if currency not in CURRENCIES:  # play money, or a currency PokerStars text does not write
                currency = None
    if currency is not None and currency not in CURRENCIES:
        raise HandHistoryError(f"currency must be None or one of {sorted(CURRENCIES)}, got {quote(currency)}")
    chosen = options(told, played.n_seats)
    if chosen["tournament"] is not None and currency is not None:
        raise HandHistoryError("a tournament's chips are written as chips: currency must be None")
    if viewer is not None and (
        not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < played.n_seats
    ):
        raise HandHistoryError(
            f"viewer must be None or a seat of 0 to {played.n_seats - 1}, got {quote(viewer)}"
        )
    numbers = list(about.get("seats") or range(1, played.n_seats + 1))
    numbers = [number if number is not None else k + 1 for k, number in enumerate(numbers)]
    return _Text(played, chosen, currency, viewer, numbers).write()


def write_pokerstars(hand: Hand, fields: Mapping[str, Any] | None = None) -> str:
    """One hand of a PokerStars file, as ``badugi.histories.files.WRITERS`` calls a writer.

    The hand whole (``to_pokerstars``), followed by the blank lines that part
    a file's hands.
    """
    return to_pokerstars(hand, fields=fields) + "\n\n"


def kept_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """A table's fields from another format (a ``ReadHand``'s) as ``to_pokerstars`` takes them."""
    return {key: value for key, value in as_pokerstars(fields).items() if key in FIELDS}


def _followed(hand: Hand) -> dict[str, Any]:
    """What a followed hand's record said of its players and table (its ``followed`` event), or nothing."""
    return dict(followed_about(hand.history) or {})


def _pot_order(pot: str) -> int:
    """Where a pot's collect line goes: the side pots, the last opened first, then the main pot."""
    if pot in ("pot", "main pot"):
        return 0
    return -int(pot.rpartition("-")[2]) if "-" in pot else -1


def _known(cards: Any) -> bool:
    return all(card != "??" for card in cards)


class _Text:
    """The lines of one hand, written event by event."""

    def __init__(
        self, hand: Hand, chosen: dict[str, Any], currency: str | None, viewer: int | None, numbers: list[int]
    ) -> None:
        self.hand = hand
        self.chosen = chosen
        self.currency = currency
        self.viewer = viewer
        self.numbers = numbers
        self.names: list[str] = chosen["players"]
        n = hand.n_seats
        self.n = n
        self.lines: list[str] = []
        self.put = [0] * n  # everything each seat put in, the returned bets taken back
        self.street = [0] * n  # each seat's bets in this betting round
        self.returned = [0] * n
        self.dead = [0] * n  # each seat's dead blind
        self.folded_at: dict[int, int] = {}
        self.all_in: set[int] = set()
        self.folded: set[int] = set()
        self.mucked: dict[int, list[str] | None] = {}
        self.draw_index = 0
        self.dealt = False
        self.showing = False  # the showdown's header is written
        self.paid = False  # the pots' lines are written: what follows is the summary
        self.history = hand.history
        self.showdown = next((i for i in self.history if i["event"] == "showdown"), None)
        self.pots: list[list[tuple[int, str]]] = [[] for _ in range(n)]

    def money(self, chips: int) -> str:
        return format_amount(chips, self.currency)

    def sees(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    def write(self) -> str:
        self.header()
        skip = False
        for k, item in enumerate(self.history):
            if skip:
                skip = False
                continue
            following = self.history[k + 1] if k + 1 < len(self.history) else {}
            skip = self.event(item, following)
        self.finish_summary()  # after the hands shown once the pots are paid
        return "\n".join(self.lines) + "\n"

    def header(self) -> None:
        hand, chosen = self.hand, self.chosen
        structure = hand.structure
        assert isinstance(structure, FixedLimit)  # _refuse checked it
        bets = f"{self.money(structure.small_bet)}/{self.money(structure.big_bet)}"
        if chosen["tournament"] is not None:
            game = (
                f"Tournament #{chosen['tournament']}, {chosen['buyin']} Badugi Limit - "
                f"Level {chosen['level']} ({bets})"
            )
        else:
            game = f"Badugi Limit ({bets}{f' {self.currency}' if self.currency else ''})"
        setup = hand.setup
        button = self.numbers[setup.button]
        play = " (Play Money)" if chosen["play_money"] else ""
        self.lines += [
            f"PokerStars Hand #{chosen['hand']}: {game} - {chosen['time']}",
            f"Table '{chosen['table']}' {chosen['max_seats']}-max{play} Seat #{button} is the button",
        ]
        self.lines += [
            f"Seat {self.numbers[s]}: {self.names[s]} ({self.money(setup.stacks[s])} in chips)"
            for s in range(self.n)
        ]

    def close_round(self) -> None:
        # A dead blind is no bet: it calls nothing, so it is left out of what the others match.
        live = [self.put[s] - self.dead[s] for s in range(self.n)]
        ranked = sorted(range(self.n), key=lambda s: live[s], reverse=True)
        top, second = ranked[0], ranked[1]
        excess = live[top] - live[second]
        if excess > 0:
            self.lines.append(f"Uncalled bet ({self.money(excess)}) returned to {self.names[top]}")
            self.put[top] -= excess
            self.returned[top] += excess
        self.street[:] = [0] * self.n

    def show_down(self) -> None:
        if not self.showing:
            self.close_round()
            self.lines.append("*** SHOW DOWN ***")
            self.showing = True

    def event(self, item: Mapping[str, Any], following: Mapping[str, Any]) -> bool:  # noqa: PLR0912
        """Write one event; True when it wrote the following one too (small & big blinds)."""
        kind = item["event"]
        seat: int = item.get("seat", -1)
        name = self.names[seat] if seat >= 0 else ""
        tail = " and is all-in" if item.get("all_in") else ""
        if item.get("all_in"):
            self.all_in.add(seat)
        if kind in ("ante", "blind") and not item["amount"]:
            return False  # nothing posted (a small blind of 0, or a stack all-in on the ante)
        if kind == "ante":
            self.put[seat] += item["amount"]
            self.lines.append(f"{name}: posts the ante {self.money(item['amount'])}{tail}")
        elif kind == "blind":
            return self.blind(item, following, name)
        elif kind == "deal":
            if not self.dealt:
                self.lines.append("*** DEALING HANDS ***")
                self.dealt = True
            if self.sees(seat) and _known(item["cards"]):
                self.lines.append(f"Dealt to {name} [{' '.join(item['cards'])}]")
        elif kind in ("fold", "check", "call", "bet", "raise"):
            self.action(item, name, tail)
        elif kind == "forfeit":  # an all-in hand given up: PokerStars writes it as a fold
            self.action({**item, "event": "fold"}, name, tail)
        elif kind == "draw_round":
            self.close_round()
            self.lines.append(f"*** {_DRAWS[item['index'] - 1]} DRAW ***")
            self.draw_index = item["index"]
        elif kind == "draw":
            mine = self.sees(seat) and _known(item["discards"]) and _known(item["received"])
            self.lines.extend(_draw_lines(self.hand, item, name, mine=mine, only=self.viewer is not None))
        elif kind == "show" and item.get("played") and self.paid:
            pass  # a winner's show once the pot is paid: written with the pot (``payouts``)
        elif kind == "show" and item.get("played"):  # a followed hand's show at the showdown
            self.show_down()
            cards = list(item["cards"])
            self.lines.append(f"{name}: shows [{' '.join(cards)}] ({describe(cards)})")
        elif kind == "show" and seat in self.mucked:  # a mucked hand known later
            self.mucked[seat] = list(item["cards"])
        elif kind == "muck":
            self.show_down()
            self.mucked[seat] = None
            self.lines.append(f"{name}: mucks hand")
        elif kind == "showdown":
            self.show_down()
            if not any(i["event"] in ("show", "muck") for i in self.history):  # a dealt hand: all show
                for shown in item["order"]:
                    cards = list(item["hands"][str(shown)])
                    self.lines.append(f"{self.names[shown]}: shows [{' '.join(cards)}] ({describe(cards)})")
        elif kind == "payouts":
            self.payouts(item)
        return False

    def blind(self, item: Mapping[str, Any], following: Mapping[str, Any], name: str) -> bool:
        seat, amount, which = item["seat"], item["amount"], item["blind"]
        self.put[seat] += amount
        if which == "dead":
            self.dead[seat] += amount
        else:
            self.street[seat] += amount
        both = which == "live" and following.get("event") == "blind" and following.get("blind") == "dead"
        if both and following.get("seat") == seat:
            # A big blind posted live and a small one dead by the same seat: "small & big blinds".
            self.put[seat] += following["amount"]
            self.dead[seat] += following["amount"]
            tail = " and is all-in" if following.get("all_in") else ""
            total = self.money(amount + following["amount"])
            self.lines.append(f"{name}: posts small & big blinds {total}{tail}")
            return True
        tail = " and is all-in" if item.get("all_in") else ""
        written = {"live": "big", "dead": "small"}.get(which, which)
        self.lines.append(f"{name}: posts {written} blind {self.money(amount)}{tail}")
        return False

    def action(self, item: Mapping[str, Any], name: str, tail: str) -> None:
        kind, seat = item["event"], item["seat"]
        if kind == "fold":
            self.folded.add(seat)
            self.folded_at[seat] = self.draw_index
            self.lines.append(f"{name}: folds")
        elif kind == "check":
            if all(s in self.all_in or s in self.folded for s in range(self.n) if s != seat):
                return  # nobody left to bet against: PokerStars asks nothing
            self.lines.append(f"{name}: checks")
        elif kind == "call":
            self.put[seat] += item["amount"]
            self.street[seat] += item["amount"]
            self.lines.append(f"{name}: calls {self.money(item['amount'])}{tail}")
        else:
            before = self.street[seat]
            facing = max(self.street)
            self.put[seat] += item["to"] - before
            self.street[seat] = item["to"]
            if kind == "bet" and facing == 0:
                self.lines.append(f"{name}: bets {self.money(item['to'])}{tail}")
            else:
                raised = f"{self.money(item['to'] - facing)} to {self.money(item['to'])}"
                self.lines.append(f"{name}: raises {raised}{tail}")

    def payouts(self, item: Mapping[str, Any]) -> None:
        if self.showdown is None:
            self.close_round()
        result = self.hand.result
        if result is not None:
            # What the rules give back that no round's top bet explains (chips of a folded seat no hand
            # still in matched, an ante over every all-in's): an uncalled bet too, as PokerStars says it.
            for seat, back in enumerate(result.returned):
                more = back - self.returned[seat]
                if more > 0:
                    self.lines.append(f"Uncalled bet ({self.money(more)}) returned to {self.names[seat]}")
                    self.put[seat] -= more
                    self.returned[seat] += more
        pots = shares(self.hand, self.returned)
        told = [(pot, s, amount) for s in range(self.n) for amount, pot in pots[s]]
        # PokerStars tells the side pots first, the last one opened first, then the main pot.
        for pot, s, amount in sorted(told, key=lambda line: _pot_order(line[0])):
            self.lines.append(f"{self.names[s]} collected {self.money(amount)} from {pot}")
        if self.showdown is None:
            # A winner nobody called may show its hand once the pot is paid: on its line, before the summary.
            after = self.history[next(k for k, i in enumerate(self.history) if i is item) :]
            shown = {i["seat"]: list(i["cards"]) for i in after if i["event"] == "show" and i.get("played")}
            for s in (s for s in range(self.n) if pots[s]):
                if s in shown:
                    self.lines.append(f"{self.names[s]}: shows [{' '.join(shown[s])}] ({describe(shown[s])})")
                else:
                    self.lines.append(f"{self.names[s]}: doesn't show hand")
        self.paid = True
        self.lines.append("*** SUMMARY ***")
        self.lines.append(f"Total pot {self.money(sum(self.put))} | Rake {self.money(item.get('rake', 0))}")
        self.pots = pots

    def finish_summary(self) -> None:
        for s in range(self.n):
            head = f"Seat {self.numbers[s]}: {self.names[s]}"
            self.lines.append(
                summary_line(
                    self.hand, s, head, self.pots[s], self.folded_at, self.showdown, self.mucked, self.money
                )
            )


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
