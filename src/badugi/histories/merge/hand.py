"""One Merge ``<game>`` element read into a ``HandRecord`` (the format: ``badugi.histories.merge.read``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.histories._rake import rake_refusal
from badugi.histories.merge.stakes import Refusal, Skip, decimal_of, stakes_of
from badugi.histories.merge.xml_fragment import Node
from badugi.histories.record import HandRecord, RecordedPlayer, Step, step_kind

__all__ = ["SOURCE", "HandReader"]

SOURCE = "Merge"
_NOISE = frozenset(
    {
        "CHAT",
        "SIT_IN",
        "SITTING_OUT",
        "JOIN",
        "LEAVE",
        "PLAYER_OUT",
        "DISCONNECTED",
        "RECONNECTED",
        "TIMEOUT",
        "RABBIT",
    }
)
#: Events that show a player is in the hand when the blinds round or the first betting round holds them.
_PLAY = frozenset(
    {
        "ANTE",
        "SMALL_BLIND",
        "BIG_BLIND",
        "INITIAL_BLIND",
        "RETURN_BLIND",
        "FOLD",
        "CHECK",
        "CALL",
        "BET",
        "RAISE",
    }
    | {"COMPLETE", "ALL_IN"}
)
_DRAWS = {"FIRST_DRAW": 1, "SECOND_DRAW": 2, "THIRD_DRAW": 3}
_BETTING = {"PRE_FIRST_DRAW": 0, "POST_FIRST_DRAW": 1, "POST_SECOND_DRAW": 2, "POST_THIRD_DRAW": 3}
_ENDS = frozenset({"SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"})
_CARD = re.compile(r"(10|[2-9TJQKA])([cdhs])", re.IGNORECASE)
#: Before this start time a RAISE's amount was what it added (FPDB's "addCallandRaise" format).
_RAISE_TO_SINCE = "20100908000000"


@dataclass
class _Round:
    """The betting of one round: each seat's total in it, and the bet to call."""

    bets: dict[int, int] = field(default_factory=dict)
    current: int = 0


class HandReader:
    """Reads one ``<game>`` element into a record: ``HandReader(game, description, label).record()``."""

    def __init__(self, game: Node, description: Node | None, label: str) -> None:
        self.game = game
        self.label = label
        self.stakes = stakes_of(description, game)
        self.cents = not self.stakes.tournament
        self.steps: list[Step] = []
        self.put_in: dict[int, int] = {}  # every chip each engine seat put in the pot
        self.dead: dict[int, int] = {}  # the chips of it posted dead, which match nobody's bet
        self.betting = _Round()
        self.folded: set[int] = set()
        self.dealt = False
        self.hero: int | None = None
        self.hero_cards: tuple[str | None, ...] = ()
        self.index: dict[int, int] = {}  # room seat number -> engine seat
        self.idle: set[int] = set()  # room seats listed but not dealt in
        self.posts: list[tuple[str, int, int]] = []  # (kind, engine seat, amount) of the BLINDS round
        self.full_blinds: dict[str, int] = {}
        # An all-in blind of 0.00 in a tournament: (its step's index, its post's index, its event).
        self.unknown_blind: tuple[int, int, Node] | None = None
        starttime = game.get("starttime") or ""
        self.raise_adds = starttime[:14].isdigit() and starttime[:14] < _RAISE_TO_SINCE

    # -- amounts and seats ------------------------------------------------------------

    def amount(self, text: str | None, line: int, what: str = "amount") -> int:
        """An amount as the engine counts it (cents in a cash game, chips in a tournament), or a Refusal."""
        if text is None:
            raise Refusal(line, f"no {what}")
        value = decimal_of(text, line)
        scaled = value * 100 if self.cents else value
        if scaled != scaled.to_integral_value():
            unit = "cent" if self.cents else "chip"
            raise Refusal(line, f"{text!r} is not a whole number of {unit}s")
        return int(scaled)

    def seat_of(self, node: Node) -> int:
        """The engine seat of the player an element names by its room seat number."""
        text = node.get("player")
        if text is None or not text.strip().isdigit():
            raise Refusal(node.line, f"player {text!r} is not a seat number")
        seat = self.index.get(int(text))
        if seat is None:
            listed = "is not dealt in" if int(text) in self.idle else "is not among the <players>"
            raise Refusal(node.line, f"seat {text} {listed}")
        return seat

    # -- the hand -----------------------------------------------------------------

    def record(self) -> HandRecord:
        """The hand's record: its players, its steps in order, its pots, rake and fields."""
        game = self.game
        rounds = [child for child in game.children if child.tag == "round"]
        if any(r.get("id") == "GAME_CANCELLED" for r in rounds) or any(
            e.get("type") == "GAME_CANCELLED" for r in rounds for e in r.children
        ):
            raise Skip("the hand was cancelled")  # before the players: a cancelled hand may deal nobody in
        self.read_players()
        for node in rounds:
            self.read_round(node)
        if not self.dealt:
            self.deal(game.line)
        if self.unknown_blind is not None:
            self.size_unknown_blind(rounds)
        returned, collects = self.read_winners(rounds)
        self.steps.extend(returned)
        self.steps.extend(collects)
        rake = sum(self.put_in.values()) - sum(s.amount or 0 for s in returned + collects)
        if rake < 0:
            first = (returned + collects)[0].line
            raise Refusal(first, "the winners take more than was put in the pot")
        pot = sum(self.put_in.values()) - sum(s.amount or 0 for s in returned)
        wrong = rake_refusal(rake, pot)
        if wrong is not None:
            raise Refusal((collects or returned)[0].line if collects or returned else self.game.line, wrong)
        return HandRecord(
            source=SOURCE,
            label=self.label,
            players=tuple(self.players),
            button=self.button,
            structure=self.structure(),
            blinds=self.blinds(),
            steps=tuple(self.steps),
            ante=max((amount for kind, _, amount in self.posts if kind == "ante"), default=0),
            rake=rake,
            total_pot=None,
            line=game.line,
            fields=MappingProxyType(self.fields()),
        )

    def read_players(self) -> None:
        """The seats dealt in, their names and balances, and the button, from ``<players>``."""
        holder = next((c for c in self.game.children if c.tag == "players"), None)
        if holder is None:
            raise Refusal(self.game.line, "no <players>")
        # dealtin="false" is not to be trusted (a sample has every player so, all playing): a player
        # is also in when it posts or acts in the blinds round or the first betting round.
        first_rounds = [
            r for r in self.game.children if r.tag == "round" and r.get("id") in ("BLINDS", "PRE_FIRST_DRAW")
        ]
        acting = {e.get("player") for r in first_rounds for e in r.children if e.get("type") in _PLAY}
        seated: list[tuple[int, str, str | None, int]] = []
        for node in holder.children:
            if node.tag != "player":
                continue
            seat, name = node.get("seat"), node.get("nickname")
            if seat is None or not seat.strip().isdigit():
                raise Refusal(node.line, f"seat {seat!r} is not a seat number")
            if (node.get("dealtin") or "true").strip().lower() == "false" and seat.strip() not in acting:
                self.idle.add(int(seat))
                continue
            if not name:
                raise Refusal(node.line, "a player with no nickname")
            seated.append((int(seat), name, node.get("balance"), node.line))
        seated.sort()
        if len({seat for seat, *_ in seated}) != len(seated):
            raise Refusal(holder.line, "two players in one seat")
        if len(seated) < 2:
            raise Refusal(holder.line, f"{len(seated)} player(s) dealt in: a hand needs two")
        self.index = {seat: number for number, (seat, *_) in enumerate(seated)}
        self.balances = [self.amount(balance, line, "balance") for _, _, balance, line in seated]
        self.names = [name for _, name, _, _ in seated]
        self.seats = [seat for seat, *_ in seated]
        dealer = holder.get("dealer")
        if dealer is None or not dealer.strip().isdigit():
            raise Refusal(holder.line, f"dealer {dealer!r} is not a seat number")
        # A dead button: the engine's button is the last dealt-in player before the seat.
        before = [number for number, seat in enumerate(self.seats) if seat <= int(dealer)]
        self.button = before[-1] if before else len(self.seats) - 1

    @property
    def players(self) -> list[RecordedPlayer]:
        """The players as the record states them, each with the stack it started the hand with."""
        stacks = list(self.balances)
        if self.stakes.tournament:
            # A tournament's balance is after this hand's antes and blinds (see the module).
            for _, seat, amount in self.posts:
                stacks[seat] += amount
        return [RecordedPlayer(n, s, seat) for n, s, seat in zip(self.names, stacks, self.seats, strict=True)]

    def add(self, kind: str, node: Node, seat: int, **values: Any) -> None:
        """Record one step, at the line of the element it was read from."""
        self.steps.append(Step(step_kind(kind), seat, line=node.line, **values))

    def put(self, seat: int, chips: int) -> None:
        """Count chips a seat put in the pot."""
        self.put_in[seat] = self.put_in.get(seat, 0) + chips

    # -- rounds -----------------------------------------------------------------

    def read_round(self, node: Node) -> None:
        """One ``<round>``: the posts, a betting round, a draw, or the showdown and the winners."""
        name = node.get("id") or ""
        if name == "BLINDS":
            for event in self.events(node):
                self.read_post(event)
        elif name in _BETTING:
            if _BETTING[name] == 0:
                self.deal(node.line, node)
            else:
                self.betting = _Round()
            for event in self.events(node, betting=True, during=True):
                self.read_bet(event)
        elif name in _DRAWS:
            self.add("draw_round", node, 0, count=_DRAWS[name])
            for event in self.events(node, during=True):
                self.read_draw(event, node)
        elif name in _ENDS:
            self.read_end(node)
        else:
            raise Refusal(node.line, f"round {name!r} is not a round of a draw game")

    def events(self, node: Node, betting: bool = False, during: bool = False) -> Iterator[Node]:
        """The round's events that are play, not table noise (``during``: a betting or a draw round).

        A generator: each event is judged once those before it are read.
        """
        for event in node.children:
            if event.tag != "event":
                continue
            kind = event.get("type") or ""
            player = event.get("player") or ""
            seat = self.index.get(int(player)) if player.isdigit() else None
            if kind in _NOISE or (player.isdigit() and int(player) in self.idle):
                continue  # chat, connections; and Merge's odd events of a player not dealt in
            if during and seat is not None and (seat in self.folded or self.passed_over(event, seat)):
                continue
            # A player still in who sits out once play is under way is folded (as FPDB reads it).
            if kind == "SIT_OUT" and (not betting or seat is None or not self.dealt):
                continue
            yield event

    def passed_over(self, event: Node, seat: int) -> bool:
        """Whether an event during the play says nothing, and is passed over.

        An ALL_IN without an amount from a player all in already, or a SHOW
        before the showdown: both are in hold'em samples, and a Badugi hand's
        showdown shows the hands it ends with.
        """
        kind = event.get("type")
        if kind == "SHOW":
            return True
        if kind == "ALL_IN" and event.get("amount") in (None, "", "0", "0.00"):
            return self.players[seat].stack - self.put_in.get(seat, 0) <= 0
        return False

    def read_post(self, event: Node) -> None:
        """One post of the ``BLINDS`` round: an ante, a blind, or a returning player's blinds."""
        kind = event.get("type")
        seat = self.seat_of(event)
        amount = self.amount(event.get("amount"), event.line)
        posted = {k for k, _, _ in self.posts}
        if kind == "ANTE":
            self.add("ante", event, seat, amount=amount)
            self.posts.append(("ante", seat, amount))
            self.put(seat, amount)
            return
        all_in = None
        if kind == "ALL_IN":
            kind = "BIG_BLIND" if "small_blind" in posted else "SMALL_BLIND"
            all_in = True
            if amount == 0 and self.stakes.tournament:
                # The balance is after the posts: the blind's size is unknown until the winners.
                if self.unknown_blind is not None:
                    raise Refusal(event.line, "two all-in blinds of 0.00: their sizes cannot be told apart")
                self.unknown_blind = (len(self.steps), len(self.posts), event)
        if kind == "SMALL_BLIND":
            self.blind("small_blind", event, seat, amount, all_in)
        elif kind == "BIG_BLIND":
            self.blind("big_blind", event, seat, amount, all_in)
        elif kind == "INITIAL_BLIND":
            self.blind("live_blind", event, seat, amount, all_in)
        elif kind == "RETURN_BLIND":
            self.return_blind(event, seat, amount)
        else:
            raise Refusal(event.line, f"{kind!r} is not a post of the blinds round")

    def blind(self, kind: str, event: Node, seat: int, amount: int, all_in: bool | None) -> None:
        """Record a blind posted (the table's blinds are the first full ones) and the bet it makes to call."""
        self.add(kind, event, seat, amount=amount, all_in=all_in)
        self.posts.append((kind, seat, amount))
        if not all_in:
            # The table's blinds are the first full posts: an all-in one may be short.
            self.full_blinds.setdefault(kind, amount)
        self.put(seat, amount)
        round_ = self.betting
        round_.bets[seat] = round_.bets.get(seat, 0) + amount
        round_.current = max(round_.current, round_.bets[seat])
        if kind == "big_blind" and all_in:
            # A big blind all in for less still makes the bet to call the full blind.
            round_.current = max(round_.current, self.table_blinds()[1] or 0)

    def return_blind(self, event: Node, seat: int, amount: int) -> None:
        """A player's blinds on coming back: both at once make a live big blind and a dead small one."""
        small, big = self.table_blinds()
        if big is not None and small is not None and amount == small + big:
            self.blind("live_blind", event, seat, big, None)
            self.add("dead_blind", event, seat, amount=small)
            self.posts.append(("dead_blind", seat, small))
            self.put(seat, small)
            self.dead[seat] = self.dead.get(seat, 0) + small
        elif big is not None and amount == big:
            self.blind("live_blind", event, seat, amount, None)
        else:
            self.add("dead_blind", event, seat, amount=amount)
            self.posts.append(("dead_blind", seat, amount))
            self.put(seat, amount)
            self.dead[seat] = self.dead.get(seat, 0) + amount

    def deal(self, line: int, node: Node | None = None) -> None:
        """The deal: the hero's cards from the first round's HOLE element, the others unknown."""
        self.dealt = True
        written = (self.game.get("numholecards") or "").strip()
        size = int(written) if written.isdigit() else 4
        hole = None
        if node is not None:
            hole = next((c for c in node.children if c.tag == "cards" and c.get("type") == "HOLE"), None)
        if hole is not None:
            self.hero = self.seat_of(hole)
            self.hero_cards = self.cards(hole)
        for seat in range(len(self.seats)):
            if seat == self.hero and hole is not None:
                self.steps.append(Step("deal", seat, cards=self.hero_cards, line=hole.line))
            else:
                self.steps.append(Step("deal", seat, cards=(None,) * size, line=line))

    def cards(self, node: Node) -> tuple[str | None, ...]:
        """The cards an element shows, None for each one hidden."""
        text = node.get("cards") or ""
        shown: list[str | None] = []
        for written in text.split(","):
            part = written.strip()
            if part.lower() in ("", "null", "xx"):
                shown.append(None)
                continue
            match = _CARD.fullmatch(part)
            if match is None:
                raise Refusal(node.line, f"{part!r} is not a card")
            rank = "T" if match.group(1) == "10" else match.group(1).upper()
            shown.append(rank + match.group(2).lower())
        return tuple(shown)

    def read_bet(self, event: Node) -> None:
        """One betting action: a check, a call, a bet, a raise or a fold, with its total."""
        kind = event.get("type") or ""
        seat = self.seat_of(event)
        round_ = self.betting
        before = round_.bets.get(seat, 0)
        if kind in ("FOLD", "SIT_OUT"):
            self.folded.add(seat)
            self.add("fold", event, seat)
            return
        if kind == "CHECK":
            self.add("check", event, seat)
            return
        if kind not in ("CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"):
            raise Refusal(event.line, f"{kind!r} is not an action of a betting round")
        amount = self.amount(event.get("amount"), event.line)
        if kind == "CALL":
            total = before + amount
            self.add("call", event, seat, amount=amount)
        elif kind == "ALL_IN":
            total = before + amount
            if total <= round_.current:
                self.add("call", event, seat, amount=amount, all_in=True)
            else:
                self.add("bet" if round_.current == 0 else "raise", event, seat, amount=total, all_in=True)
        else:
            total = before + amount if kind == "RAISE" and self.raise_adds else amount
            if total <= before:
                raise Refusal(event.line, f"a {kind.lower()} to {total}, not above the {before} already in")
            self.add("bet" if round_.current == 0 else "raise", event, seat, amount=total)
        self.put(seat, total - before)
        round_.bets[seat] = total
        round_.current = max(round_.current, total)

    def read_draw(self, event: Node, round_node: Node) -> None:
        """One draw: the cards thrown and, for the file's own player, those received."""
        kind = event.get("type") or ""
        seat = self.seat_of(event)
        if kind == "STAND_PAT":
            count = 0
        elif kind == "DRAW":
            text = (event.get("text") or "").strip()
            if not text.isdigit():
                raise Refusal(event.line, f"a draw of {text!r} cards")
            count = int(text)
        else:
            raise Refusal(event.line, f"{kind!r} is not an action of a draw")
        player = event.get("player")
        drawn = next(
            (
                c
                for c in round_node.children
                if c.tag == "cards" and c.get("type") == "DRAW_DRAWN_CARDS" and c.get("player") == player
            ),
            None,
        )
        if seat != self.hero or drawn is None or count == 0 or None in self.hero_cards:
            self.add("draw", event, seat, count=count)
            if drawn is not None and seat == self.hero:
                self.hero_cards = self.cards(drawn)
            return
        new = self.cards(drawn)
        thrown = tuple(card for card in self.hero_cards if card not in new)
        received = tuple(card for card in new if card not in self.hero_cards)
        if len(thrown) != count or len(received) != count:
            raise Refusal(
                drawn.line, f"the new hand changes {len(thrown)} card(s) of the old, the draw {count}"
            )
        self.hero_cards = new
        self.add("draw", event, seat, count=count, cards=thrown, received=received)

    def read_end(self, node: Node) -> None:
        """The cards shown and mucked at the end of the hand."""
        shown = {
            (c.get("type"), c.get("player")): c
            for c in node.children
            if c.tag == "cards" and c.get("type") in ("SHOWN", "MUCKED")
        }
        told: set[str | None] = set()
        for event in self.events(node):
            kind = event.get("type")
            if kind == "SHOW":
                seat = self.seat_of(event)
                cards = shown.get(("SHOWN", event.get("player")))
                told.add(event.get("player"))
                self.add("show", event, seat, cards=self.cards(cards) if cards is not None else ())
            elif kind == "MUCK":
                seat = self.seat_of(event)
                if len(self.seats) - len(self.folded) <= 1:
                    continue  # the last player in, not showing: no concession
                cards = shown.get(("MUCKED", event.get("player")))
                self.add("muck", event, seat, cards=self.cards(cards) if cards is not None else ())
            elif kind in ("FOLD", "CHECK", "CALL", "BET", "RAISE", "ALL_IN"):
                raise Refusal(event.line, f"a {kind} after the betting")
            else:
                raise Refusal(event.line, f"{kind!r} is not an event of the showdown")
        for (kind, player), cards in shown.items():
            if kind == "SHOWN" and player not in told:
                self.add("show", cards, self.seat_of(cards), cards=self.cards(cards))

    def read_winners(self, rounds: list[Node]) -> tuple[list[Step], list[Step]]:
        """The ``<winner>`` elements: the chips returned uncalled, and each pot's collections."""
        winners = [c for r in rounds for c in r.children if c.tag == "winner"]
        if not winners:
            raise Refusal(self.game.line, "no <winner>: the hand does not end")
        returned: list[Step] = []
        collects: list[tuple[int, Node, int]] = []  # (pot number, element, amount)
        for node in winners:
            seat = self.seat_of(node)
            amount = self.amount(node.get("amount"), node.line)
            if (node.get("uncalled") or "").strip().lower() == "true":
                returned.append(Step("returned", seat, amount=amount, line=node.line))
            else:
                pot = node.get("potnumber") or "1"
                collects.append((int(pot) if pot.isdigit() else 1, node, amount))
        amounts = [amount for _, _, amount in collects]
        if not returned:
            returned = self.uncalled(collects, amounts)
        steps = [
            Step("collect", self.seat_of(node), amount=amount, line=node.line)
            for (_, node, _), amount in zip(collects, amounts, strict=True)
            if amount > 0
        ]
        return returned, steps

    def size_unknown_blind(self, rounds: list[Node]) -> None:
        """A tournament's all-in blind of 0.00 is what the winners took that nobody else put in.

        A tournament takes no rake, so the pots are exactly what went in (FPDB gives
        such hands up; the one sample seen adds up this way).
        """
        assert self.unknown_blind is not None
        step_index, post_index, event = self.unknown_blind
        paid = sum(
            self.amount(w.get("amount"), w.line) for r in rounds for w in r.children if w.tag == "winner"
        )
        size = paid - sum(self.put_in.values())
        step = self.steps[step_index]
        if size < 0:
            raise Refusal(
                event.line, "an all-in blind of 0.00, and the winners take less than the rest put in"
            )
        self.steps[step_index] = Step(step.kind, step.seat, amount=size, all_in=True, line=step.line)
        kind, seat, _ = self.posts[post_index]
        self.posts[post_index] = (kind, seat, size)
        self.put(seat, size)

    def uncalled(self, collects: list[tuple[int, Node, int]], amounts: list[int]) -> list[Step]:
        """The bet nobody called, taken off the amount of its player's last winner (see the module)."""
        if len(self.put_in) < 1:
            return []
        # Dead chips are no bet: a bet is uncalled beyond what the others put in live.
        live = {seat: chips - self.dead.get(seat, 0) for seat, chips in self.put_in.items()}
        ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
        top_seat, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        excess = top - second
        if excess <= 0:
            return []
        own = [i for i, (_, node, _) in enumerate(collects) if self.seat_of(node) == top_seat]
        if not own:
            line = collects[0][1].line if collects else self.game.line
            raise Refusal(line, f"{self.names[top_seat]}'s uncalled {excess} is in no <winner>")
        last = max(own, key=lambda i: collects[i][0])
        if amounts[last] < excess:
            node = collects[last][1]
            raise Refusal(node.line, f"the winner's amount is less than its uncalled bet of {excess}")
        amounts[last] -= excess
        return [Step("returned", top_seat, amount=excess, line=collects[last][1].line)]

    # -- the table -----------------------------------------------------------------

    def table_blinds(self) -> tuple[int | None, int | None]:
        """The regular blinds: this hand's full posts if made, else what the stakes say.

        The posts come first: a tournament's description, written once at the top of
        the file, does not follow its levels.
        """
        small = self.full_blinds.get("small_blind")
        big = self.full_blinds.get("big_blind")
        numbers = self.stakes.numbers
        if numbers is not None:
            first, second = (self.amount(str(n), self.game.line) for n in numbers)
            if self.stakes.kind == "fixed":
                big = big if big is not None else first
                small = small if small is not None else first // 2
            else:
                small = small if small is not None else first
                big = big if big is not None else second
        return small, big

    def blinds(self) -> tuple[int, int] | None:
        """The table's (small, big) blinds, or None for a hand with no blinds."""
        if not any(kind in ("small_blind", "big_blind", "live_blind") for kind, _, _ in self.posts):
            return None
        small, big = self.table_blinds()
        if small is None or big is None:
            return None
        return small, big

    def structure(self) -> Structure:
        """The betting structure the stakes name: fixed, pot or half-pot limit."""
        numbers = self.stakes.numbers
        kind = self.stakes.kind
        if kind == "fixed":
            if numbers is None:
                raise Refusal(self.game.line, "a fixed-limit hand whose stakes give no bets")
            small_bet, big_bet = (self.amount(str(n), self.game.line) for n in numbers)
            big_blind = self.full_blinds.get("big_blind")
            if self.stakes.tournament and big_blind is not None:
                # The level's big blind is the small bet: the file's one description may be levels behind.
                small_bet, big_bet = big_blind, 2 * big_blind
            # Merge did not cap the betting heads-up: a sample has a bet and five raises between two.
            return FixedLimit(small_bet, big_bet, uncapped_heads_up=True)
        min_bet = None
        if self.blinds() is None and numbers is not None:
            min_bet = self.amount(str(numbers[1]), self.game.line) or None
        return HalfPotLimit(min_bet) if kind == "half_pot" else PotLimit(min_bet)

    def fields(self) -> dict[str, Any]:
        """The hand's fields from its file: its number, the table, the time, the currency, the tournament."""
        game = self.game
        written = game.get("data") or ""
        # Old files divide the fields with ':' (FPDB); a table's name may hold one in the new.
        data = written.split("|") if "|" in written else written.split(":")
        real = (game.get("realmoney") or "true").strip().lower() != "false"
        tournament = None
        if self.stakes.tournament and len(data) > 2:
            tournament = data[2].split("-")[0] or None
        seats = (game.get("seats") or "").strip()
        fields: dict[str, Any] = {
            "hand": game.get("id"),
            "table": data[1].strip() if len(data) > 1 else None,
            "time": game.get("starttime"),
            "currency": None if self.stakes.tournament else ("USD" if real else "play"),
            "tournament": tournament,
            "real_money": real,
            "max_seats": int(seats) if seats.isdigit() else None,
            "hero": self.names[self.hero] if self.hero is not None else None,
        }
        # As the other readers do: a field the record does not give is left out.
        return {key: value for key, value in fields.items() if value is not None}
