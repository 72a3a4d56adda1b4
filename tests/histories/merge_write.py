"""A test-only writer of Merge XML: an engine hand written the way the reader understands the format.

It is ``badugi.histories.merge.read``'s reading run backwards, so a round
trip checks that the reader's arithmetic (round totals, ALL_IN's
increments, an uncalled bet folded into a winner's amount, the rake, the
hero's draws from its new hands) agrees with the engine on many random
hands. It cannot check the format itself against Merge's files.
"""

from __future__ import annotations

import random
from xml.sax.saxutils import quoteattr

from badugi.engine import FixedLimit, HalfPotLimit, Hand
from badugi.histories.engine_record import record_of
from badugi.histories.record import HandRecord, Step

_DRAW_ROUNDS = ("FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW")
_BETTING_ROUNDS = ("PRE_FIRST_DRAW", "POST_FIRST_DRAW", "POST_SECOND_DRAW", "POST_THIRD_DRAW")


def money(cents: int) -> str:
    """Cents as Merge writes an amount: ``12.05``."""
    return f"{cents // 100}.{cents % 100:02d}"


def tag(name: str, **attrs: object) -> str:
    """An empty element with its attributes quoted."""
    return f"<{name} " + " ".join(f"{key}={quoteattr(str(value))}" for key, value in attrs.items()) + "/>"


def stakes_of(record: HandRecord) -> str:
    """The description's stakes: the bets of fixed limit, else the blinds (the ante twice without blinds)."""
    structure = record.structure
    if isinstance(structure, FixedLimit):
        return f"Limit ${money(structure.small_bet)}/${money(structure.big_bet)}"
    small, big = record.blinds if record.blinds is not None else (record.ante, record.ante)
    name = "Half Pot Limit" if isinstance(structure, HalfPotLimit) else "Pot Limit"
    return f"{name} (${money(small)}/${money(big)})"


class _Writer:
    def __init__(self, record: HandRecord, hero: int, game_id: str, rng: random.Random, rake: int) -> None:
        self.record = record
        self.hero = hero
        self.game_id = game_id
        self.rng = rng
        self.rake = rake
        n = len(record.players)
        # Merge's seats count from 0 and have gaps; one more seat holds a player not dealt in.
        numbers = sorted(rng.sample(range(10), n + 1))
        self.idle = numbers.pop(rng.randrange(n + 1))
        self.seats = numbers
        self.rounds: list[tuple[str, list[str]]] = []
        self.sequence = 0
        self.bets = [0] * n
        deals = [step for step in record.steps if step.kind == "deal"]
        self.hero_cards: list[str | None] = list(deals[hero].cards)

    def open_round(self, name: str) -> None:
        self.rounds.append((name, []))

    def put(self, line: str) -> None:
        self.rounds[-1][1].append("\t\t" + line)

    def event(self, kind: str, seat: int | None, **attrs: object) -> None:
        self.sequence += 1
        fields: dict[str, object] = {
            "sequence": self.sequence,
            "type": kind,
            "timestamp": 1330600000000 + self.sequence,
        }
        if seat is not None:
            fields["player"] = self.seats[seat]
        fields.update(attrs)
        self.put(tag("event", **fields))
        if self.rng.random() < 0.05:
            name = self.record.players[self.rng.randrange(len(self.seats))].name
            self.put(tag("event", sequence=self.sequence, type="CHAT", player=name, text="gl & <hf>"))

    def write(self) -> str:
        record = self.record
        table = self.game_id.split("-")[0]
        game = tag(
            "game",
            id=self.game_id,
            starttime="20120301120000",
            numholecards=4,
            gametype=71,
            seats=10,
            realmoney="true",
            data=f"20120301|Test Table ({table})|{table}|{self.game_id}|false",
        )
        out = [tag("description", type="Badugi", stakes=stakes_of(record)), game[:-2] + ">"]
        out.append(f'\t<players dealer="{self.seats[record.button]}">')
        players = [(self.seats[k], p.name, p.stack, "true") for k, p in enumerate(record.players)]
        players.append((self.idle, "Idle Ida", 1234, "false"))
        for seat, name, stack, dealt in sorted(players):
            out.append(
                "\t\t" + tag("player", seat=seat, nickname=name, balance=f"${money(stack)}", dealtin=dealt)
            )
        out.append("\t</players>")
        self.play(list(record.steps))
        for number, (name, lines) in enumerate(self.rounds, 1):
            out.append(f'\t<round id="{name}" sequence="{number}">')
            out.extend(lines)
            out.append("\t</round>")
        out.append("</game>")
        return "\n".join(out) + "\n"

    def play(self, steps: list[Step]) -> None:
        self.open_round("BLINDS")
        self.event("SIT_OUT", None, player=self.idle)
        betting = 0
        shown = [step for step in steps if step.kind == "show"]
        for step in steps:
            kind = step.kind
            if kind == "ante":
                self.event("ANTE", step.seat, amount=money(step.amount or 0))
            elif kind in ("small_blind", "big_blind"):
                self.bets[step.seat] += step.amount or 0
                self.event(
                    "ALL_IN" if step.all_in else kind.upper(), step.seat, amount=money(step.amount or 0)
                )
            elif kind == "deal" and self.rounds[-1][0] == "BLINDS":
                self.open_round(_BETTING_ROUNDS[0])
            elif kind in ("fold", "check", "call", "bet", "raise"):
                if self.rounds[-1][0] != _BETTING_ROUNDS[betting]:
                    self.open_round(_BETTING_ROUNDS[betting])
                self.action(step)
            elif kind == "draw_round":
                betting = step.count or 0
                self.bets = [0] * len(self.seats)
                self.open_round(_DRAW_ROUNDS[betting - 1])
            elif kind == "draw":
                self.draw(step)
        # The hero's hand closes the first betting round, as in Merge's files.
        first = next(lines for name, lines in self.rounds if name == _BETTING_ROUNDS[0])
        deal = next(step for step in steps if step.kind == "deal" and step.seat == self.hero)
        first.append(
            "\t\t"
            + tag("cards", type="HOLE", cards=",".join(map(str, deal.cards)), player=self.seats[self.hero])
        )
        if shown:
            self.open_round("SHOWDOWN")
            for step in shown:
                self.event("SHOW", step.seat)
            for step in shown:
                self.put(
                    tag(
                        "cards",
                        type="SHOWN",
                        cards=",".join(map(str, step.cards)),
                        player=self.seats[step.seat],
                    )
                )
            self.open_round("END_OF_GAME")
            self.winners(steps)
        else:
            self.open_round("END_OF_FOLDED_GAME")
            self.event("MUCK", next(s.seat for s in steps if s.kind in ("collect", "returned")))
            self.winners(steps)
            self.open_round("END_OF_GAME")

    def draw(self, step: Step) -> None:
        self.event("DRAW", step.seat, text=step.count)
        if step.seat != self.hero:
            return
        for thrown, new in zip(step.cards, step.received, strict=True):
            self.hero_cards[self.hero_cards.index(thrown)] = new
        cards = ",".join(map(str, self.hero_cards))
        self.put(tag("cards", type="DRAW_DRAWN_CARDS", cards=cards, player=self.seats[self.hero]))

    def action(self, step: Step) -> None:
        seat = step.seat
        if step.kind in ("fold", "check"):
            self.event(step.kind.upper(), seat)
            return
        before = self.bets[seat]
        if step.kind == "call":
            added = step.amount or 0
            # An all-in call: Merge's word for it is not known, so both are written.
            self.event(
                "ALL_IN" if step.all_in and self.rng.random() < 0.5 else "CALL", seat, amount=money(added)
            )
            self.bets[seat] += added
            return
        total = step.amount or 0
        if step.all_in:
            self.event("ALL_IN", seat, amount=money(total - before))
        else:
            self.event(step.kind.upper(), seat, amount=money(total))
        self.bets[seat] = total

    def winners(self, steps: list[Step]) -> None:
        """One winner a seat, with its player's uncalled bet; the rake off the biggest, if over twice it."""
        back = {s.seat: s.amount or 0 for s in steps if s.kind == "returned"}
        paid = [(s.seat, s.amount or 0) for s in steps if s.kind == "collect"]
        biggest = max(range(len(paid)), key=lambda k: paid[k][1]) if paid else None
        if biggest is not None and paid[biggest][1] > 2 * self.rake:
            # A room rakes a little of a pot, never all of it.
            seat, amount = paid[biggest]
            paid[biggest] = (seat, amount - self.rake)
        for number, (seat, amount) in enumerate(paid, 1):
            total = amount + back.pop(seat, 0)
            self.put(
                tag(
                    "winner", amount=money(total), uncalled="false", potnumber=number, player=self.seats[seat]
                )
            )
        for seat, amount in back.items():
            self.put(
                tag(
                    "winner",
                    amount=money(amount),
                    uncalled="false",
                    potnumber=len(paid) + 1,
                    player=self.seats[seat],
                )
            )


def merge_xml(hand: Hand, hero: int, game_id: str, rng: random.Random, rake: int = 0) -> str:
    """The Merge XML of an engine hand that is over, as ``hero`` saw it (chips written as cents)."""
    names = [f"Player {k}" if k % 3 else f"Jo & Zoë <{k}>" for k in range(hand.n_seats)]
    record = record_of(hand, viewer=hero, names=names)
    return _Writer(record, hero, game_id, rng, rake).write()
