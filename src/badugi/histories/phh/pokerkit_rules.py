"""Where PokerKit would play a written PHH hand otherwise: the hand replayed by PokerKit's rules.

PokerKit (0.7.7) is the referee of the PHH this package writes: every hand
``to_phh`` writes must load there and reach the engine's finishing stacks.
Fixed-limit Badugi is played by other rules there in a few places (the
histories guide lists them): an all-in short of a full bet reopens the betting
only after a full bet, and the next raise goes a full bet above the all-in; a
player may not bet when nobody can call; the cap counts no blind; the player to
act first heads-up with equal blinds; an odd chip after side pots that the same
hands contest are merged. PHH has no rake: a room's hand reaches the engine's
stacks there with its rake (``_rake``) paid to the winners, and nothing else
changed. ``pokerkit_difference`` replays the hand's
PHH actions by those rules (written here from PokerKit's documented behaviour,
without PokerKit) and names the first place the two part, or says None.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from badugi.ranking.four_card import rank

__all__ = ["Difference", "pokerkit_difference"]

#: PokerKit's limit on completions, bets and raises in each betting round of fixed-limit Badugi.
_MOST_RAISES = 4
#: The betting rounds (before the first draw, after each of three): the first two at the small bet.
_ROUNDS = 4

#: Each rule where PokerKit plays otherwise, as the writer names it (the histories guide has more).
RULES = {
    "short all-in": (
        "a short all-in: facing an all-in short of a full bet, PokerKit reopens the betting only after a "
        "full bet and raises a full bet above the all-in, where the engine's fixed limit completes the bet"
    ),
    "nobody can call": (
        "a bet nobody can call: PokerKit lets nobody bet or raise when every other player is all-in or "
        "covered, and asks nothing of a player nobody can bet against"
    ),
    "cap": "the cap: PokerKit allows four bets and raises a round besides the blinds, no more",
    "equal blinds": (
        "equal blinds heads-up: PokerKit has the big blind act first before the draw, the engine the button"
    ),
    "odd chip": (
        "odd chips: PokerKit merges side pots that the same hands contest, so an odd chip falls to "
        "another winner"
    ),
    "order": "the order of play: PokerKit has another player act, or nobody, where the engine has this one",
    "pots": "the pots: PokerKit pays them otherwise",
}


@dataclass(frozen=True)
class Difference:
    """Where PokerKit would part from the engine: the rule (a key of ``RULES``) and what happens there."""

    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{RULES[self.rule]} ({self.detail})"


class _Parted(Exception):
    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(detail)
        self.difference = Difference(rule, detail)


@dataclass
class _Table:
    """A fixed-limit Badugi hand as PokerKit keeps it, player ``i`` being PHH's ``p{i+1}``."""

    blinds: list[int]
    small_bet: int
    big_bet: int
    stacks: list[int]
    bets: list[int] = field(default_factory=list)
    put_in: list[int] = field(default_factory=list)  # every chip each player put in, returns taken back
    live: list[bool] = field(default_factory=list)
    round: int = 0
    to_act: list[int] = field(default_factory=list)  # the players yet to act in this round, next first
    acted: set[int] = field(default_factory=set)
    raise_size: int = 0  # the largest bet or raise of this round, all-ins short of it not counted
    raises: int = 0
    short_all_ins: list[int] = field(default_factory=list)  # consecutive all-in raises short of a full one
    betting: bool = False
    drawing: bool = False  # between a draw's first line and its betting round
    drew: set[int] = field(default_factory=set)  # who has drawn in this draw
    shown: dict[int, list[str]] = field(default_factory=dict)  # the hands shown at the showdown

    @property
    def players(self) -> int:
        return len(self.stacks)

    def post(self, antes: Sequence[int]) -> None:
        """The antes (collected at once, the largest cut to the second), then the blinds as bets."""
        n = self.players
        self.bets = [0] * n
        self.put_in = [0] * n
        self.live = [True] * n
        for i in range(n):
            self._put(i, min(antes[1 - i] if n == 2 else antes[i], self.stacks[i]))
        self._collect()
        for i in range(n):
            self._put(i, min(self._blind(i), self.stacks[i]))

    def _blind(self, i: int) -> int:
        return self.blinds[1 - i] if self.players == 2 else self.blinds[i]

    def _put(self, i: int, amount: int) -> None:
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.put_in[i] += amount

    def _collect(self) -> None:
        """The bets into the pot; a bet above every other is returned down to the second largest."""
        if any(self.bets):
            cut = sorted(self.bets)[-2]
            for i, bet in enumerate(self.bets):
                if bet > cut and not (sum(self.live) == 1 and self.live[i]):
                    self.stacks[i] += bet - cut
                    self.put_in[i] -= bet - cut
        self.bets = [0] * self.players

    def begin_round(self) -> None:
        """PokerKit's start of a betting round: who opens, and who may act at all."""
        n = self.players
        heads_up = list(reversed(self.blinds)) if n == 2 else self.blinds
        opener = (max(range(n), key=lambda i: (self.bets[i] * _sign(heads_up[i]), i)) + 1) % n
        order = [(opener + k) % n for k in range(n)]
        self.to_act = [i for i in order if self.live[i] and self.stacks[i] and self._effective_stack(i)]
        self.acted = set()
        self.raise_size = self.raises = 0
        self.short_all_ins = []
        self.betting = not (len(self.to_act) == 1 and self.bets[self.to_act[0]] >= max(self.bets)) and bool(
            self.to_act
        )
        if not self.betting:
            self._end_round()

    def _effective_stack(self, i: int) -> int:
        covered = sorted(self.bets[k] + self.stacks[k] for k in range(self.players) if self.live[k])
        return min(self.stacks[i], max(0, covered[-2] - self.bets[i])) if len(covered) > 1 else 0

    def _end_round(self) -> None:
        self.to_act = []
        self.betting = False
        self._collect()

    def act(self, player: int, verb: str, amount: int | None, where: str) -> None:
        """One betting action of the PHH text, checked against PokerKit's turn and amounts."""
        if not self.betting or self.to_act[0] != player:
            expected = f"p{self.to_act[0] + 1}" if self.betting else "nobody"
            raise _Parted(self._order_rule(), f"{where}: PokerKit has {expected} act there")
        if verb == "cbr":
            self._raise(player, amount, where)
        else:
            self.to_act.pop(0)
            self.acted.add(player)
            if verb == "f":
                self.live[player] = False
            else:
                self._put(player, min(self.stacks[player], max(self.bets) - self.bets[player]))
        if not self.to_act or sum(self.live) <= 1:
            self._end_round()

    def _order_rule(self) -> str:
        equal_blinds = self.players == 2 and self.blinds[0] == self.blinds[1] > 0 and self.round == 0
        return "equal blinds" if equal_blinds else "order"

    def _raise(self, player: int, amount: int | None, where: str) -> None:
        call = min(self.stacks[player], max(self.bets) - self.bets[player])
        if call < self.raise_size:
            raise _Parted(
                "short all-in", f"{where}: PokerKit lets p{player + 1} only call an all-in short of a bet"
            )
        if self.raises == _MOST_RAISES:
            raise _Parted("cap", f"{where}: PokerKit's fifth raise of the round")
        if self.short_all_ins and sum(self.short_all_ins) < self.raise_size and player in self.acted:
            raise _Parted(
                "short all-in", f"{where}: p{player + 1} has acted, and a short all-in reopens nothing"
            )
        callers = [
            k
            for k in range(self.players)
            if k != player and self.live[k] and self.stacks[k] + self.bets[k] > max(self.bets)
        ]
        if self.stacks[player] <= max(self.bets) - self.bets[player] or not callers:
            raise _Parted("nobody can call", f"{where}: PokerKit lets nobody bet or raise there")
        unit = self.small_bet if self.round < 2 else self.big_bet
        to = min(self.stacks[player] + self.bets[player], max(self.raise_size, unit) + max(self.bets))
        if amount != to:
            raise _Parted("short all-in", f"{where}: PokerKit raises to {to} there")
        size = to - max(self.bets)
        self._put(player, to - self.bets[player])
        n = self.players
        self.to_act = [k for k in ((player + j) % n for j in range(1, n)) if self.live[k] and self.stacks[k]]
        if size >= self.raise_size:
            self.acted = {player}
        else:
            self.acted.add(player)
        self.raise_size = max(self.raise_size, size)
        self.raises += 1
        if self.stacks[player]:
            self.short_all_ins = []
        else:
            self.short_all_ins.append(size)
        if sum(self.short_all_ins) >= self.raise_size:
            self.short_all_ins = []

    def read(self, action: str, where: str) -> None:
        """One PHH action: a bet checked against PokerKit's turn and amounts, a draw, a show or a muck."""
        words = action.split()
        if words[:2] == ["d", "dh"]:
            return  # the deal and each draw's cards: no decision
        player, verb = int(words[0][1:]) - 1, words[1]
        if verb == "sd":
            self._draw(player, where)
            return
        if self.drawing:  # the draw is over: its betting round begins
            self.begin_round()
            self.drawing = False
        if verb != "sm":
            self.act(player, verb, int(words[2]) if verb == "cbr" else None, where)
        elif self.betting:
            raise _Parted(self._order_rule(), f"{where}: PokerKit is still betting")
        elif len(words) < 3:  # mucked: out of every pot
            self.live[player] = False
        elif "?" not in words[2]:
            self.shown[player] = [words[2][k : k + 2] for k in range(0, len(words[2]), 2)]

    def _draw(self, player: int, where: str) -> None:
        if self.betting:
            raise _Parted(self._order_rule(), f"{where}: PokerKit is still betting")
        if not self.drawing or player in self.drew:
            if self.drawing:  # a draw again with no bet between: that round had nobody to act
                self.begin_round()
                if self.betting:
                    raise _Parted("order", f"{where}: PokerKit bets before this draw")
            self.round += 1
            self.drawing, self.drew = True, set()
        self.drew.add(player)

    def finish(self) -> None:
        """The actions are over: PokerKit must have nobody left to act."""
        if self.drawing:
            self.begin_round()
        if self.betting:
            raise _Parted("order", "PokerKit has a player still to act when the hand's actions end")

    def payouts(self) -> list[int]:
        """What each player collects: PokerKit's pots (merged where the same hands contest them), split."""
        n = self.players
        paid = [0] * n
        if sum(self.live) == 1:
            paid[self.live.index(True)] = sum(self.put_in)
            return paid
        ranks = {i: rank(cards) for i, cards in self.shown.items() if self.live[i]}
        pots: list[tuple[int, tuple[int, ...]]] = []
        amount = below = 0
        for level in sorted(set(self.put_in)):
            amount += sum(min(put, level) - min(put, below) for put in self.put_in)
            eligible = tuple(i for i in range(n) if self.put_in[i] >= level and self.live[i])
            while pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            amount, below = 0, level
        for chips, eligible in pots:
            ranked = [i for i in eligible if i in ranks]
            if len(ranked) < len(eligible):
                raise _Parted("pots", "a hand at the showdown is not shown, so PokerKit cannot rank it")
            best = min(ranks[i] for i in ranked)
            winners = [i for i in ranked if ranks[i] == best]
            share, odd = divmod(chips, len(winners))
            for i in winners:
                paid[i] += share + (odd if i == winners[0] else 0)
        return paid


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def pokerkit_difference(fields: Mapping[str, Any], *, rake: int = 0) -> Difference | None:
    """Where PokerKit would play a PHH hand otherwise than the engine did, or None.

    ``fields`` are the hand's PHH fields as ``to_phh`` writes them (the stakes,
    ``starting_stacks``, ``actions`` in PHH notation, ``finishing_stacks``);
    ``rake`` is what the engine took from the pots: PokerKit pays it to the winners
    instead, and the hand is the same hand if that is the only difference.
    """
    table = _Table(
        list(fields["blinds_or_straddles"]),
        fields["small_bet"],
        fields["big_bet"],
        list(fields["starting_stacks"]),
    )
    table.post(fields["antes"])
    table.begin_round()
    try:
        for number, action in enumerate(fields["actions"], start=1):
            table.read(action, f"action {number} ({action!r})")
        table.finish()
        paid = table.payouts()
    except _Parted as parted:
        return parted.difference
    reached = [stack + won for stack, won in zip(table.stacks, paid, strict=True)]
    finishing = list(fields["finishing_stacks"])
    # A room's rake (the ``_rake`` field; PHH has none): PokerKit pays it to the winners instead.
    raked = [more - less for more, less in zip(reached, finishing, strict=True)]
    if min(raked) < 0 or sum(raked) != rake:
        rule = "odd chip" if _split_oddly(table.put_in) else "pots"
        return Difference(rule, f"PokerKit's finishing stacks would be {reached}, the engine's {finishing}")
    return None


def _split_oddly(put_in: Sequence[int]) -> bool:
    """Side pots at all (more than one level of chips put in): where PokerKit's merging can move a chip."""
    return len({put for put in put_in if put}) > 1
