"""A betting round: who is to act, what each seat has bet, and what it may do.

What every structure shares (seeds 000 and 003) lives here; what differs
between structures (the size of a bet or raise) is asked of the
``Structure``:

* a player may always call all-in for less, and bet or raise all-in for less;
* an all-in short of what reopens the betting (a full raise; in fixed limit,
  half a bet: see ``FixedLimit``) does not reopen it for players who have
  already acted (and does not count toward a fixed-limit cap), unless the
  all-ins since a player acted together reach it: Robert's Rules of Poker,
  "multiple all-in wagers, each of an amount too small to individually
  qualify as a raise, still act as a raise and reopen the betting if the
  resulting wager size to a player qualifies as a raise";
* a round ends when every player who can still act has acted since the last
  bet or raise that reopened the betting;
* a player nobody can bet against (every other player still in is all-in)
  and who owes nothing has no decision: its turn is skipped, as the card rooms
  and PokerKit do (the draws still happen). Facing a bet, it still calls or folds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi.engine._checks import check_fields, short_repr, unchecked
from badugi.engine.ledger import Ledger
from badugi.engine.structures import BettingRound, Structure
from badugi.errors import IllegalActionError

__all__ = ["DRAW_ONLY", "NOTHING_LEGAL", "Betting", "Legal"]


@dataclass(frozen=True)
class Legal:
    """What the seat to act may do now.

    Attributes:
        fold, check, call: whether each is allowed.
        call_amount: chips a call puts in (less than the bet if it is all-in).
        min_raise_to, max_raise_to: the least and most total for this round
            that a bet or raise may go to, or None when no bet or raise is
            allowed. An all-in for less than a full raise is within the range.
        draw: whether the seat is to draw (then only ``draw`` is allowed).
    """

    fold: bool = False
    check: bool = False
    call: bool = False
    call_amount: int = 0
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    draw: bool = False

    def __post_init__(self) -> None:
        check_fields(self, _LEGAL_FIELDS)


_LEGAL_FIELDS = {
    "fold": "bool",
    "check": "bool",
    "call": "bool",
    "call_amount": "int",
    "min_raise_to": "int or None",
    "max_raise_to": "int or None",
    "draw": "bool",
}
#: What a seat may do while it is not its turn (or the hand is over), and at its draw.
NOTHING_LEGAL = Legal()
DRAW_ONLY = Legal(draw=True)


class Betting:
    """One betting round, over the hand's ``Ledger``: chips go in through it.

    Args:
        index: the round, 0 before the first draw.
        ledger: the hand's chips.
        structure: prices a full bet or raise.
        big_blind: the big blind, or None in a game without blinds.
        ante: the ante.
        covered_seat_acts: the rule of histories recorded before the engine
            skipped the turn of a player nobody can bet against: such a player
            is still asked to act within a round (``Setup.rules_version`` 1).
    """

    def __init__(
        self,
        index: int,
        ledger: Ledger,
        structure: Structure,
        big_blind: int | None,
        ante: int,
        *,
        covered_seat_acts: bool = False,
    ) -> None:
        self.index = index
        self._ledger = ledger
        self._structure = structure
        self._big_blind = big_blind
        self._ante = ante
        self._covered_seat_acts = covered_seat_acts
        self.bets = [0] * len(ledger.stacks)  # what each seat has put in this round
        self.current_bet = 0
        self.last_raise = 0  # size of the last full bet or raise
        self.last_full_bet = 0  # the total it went to
        self.full_bets = 0  # full bets and raises made (a big blind counts)
        self.reopened_at = 0  # the total of the last bet or raise that reopened the betting
        self.reopenings = 0  # bets and raises that reopened the betting (a big blind counts)
        self.last_aggressor: int | None = None
        self.pending: list[int] = []  # seats still to act, in order
        # seat -> (reopenings seen when it last acted, the total that reopened the betting for it
        # then, None if capped): a reopening since, or the bet reaching that total however many
        # all-ins made it, reopens the betting for the seat.
        self._acted_at: dict[int, tuple[int, int | None]] = {}

    # ---- forced bets and who acts ----------------------------------------------------------

    def post_blind(self, seat: int, amount: int) -> int:
        """Post a blind (all-in for less if short); returns what was posted."""
        posted = min(amount, self._ledger.stacks[seat])
        self._put_in(seat, posted)
        return posted

    def blinds_posted(self, big_blind: int) -> None:
        """The blinds are in: a big blind all-in for less still sets the bet at the full blind."""
        self.current_bet = max(*self.bets, big_blind)
        self.last_raise = big_blind
        self.last_full_bet = big_blind
        self.reopened_at = big_blind
        self.full_bets = 1  # the big blind counts as the bet
        self.reopenings = 1

    def open(self, order: Sequence[int]) -> None:
        """Queue the seats that act, in ``order``.

        Everyone who can still bet acts; with nobody left to bet against, only
        a seat that owes a call does.
        """
        self.pending = [seat for seat in order if self._ledger.can_act(seat)]
        self._skip_the_covered(always=True)

    def _skip_the_covered(self, always: bool = False) -> None:
        """Drop the turns of seats that have nobody to bet against and owe nothing: they have no decision.

        ``always``: at the start of a round, which every version of the rules skips.
        """
        if self._covered_seat_acts and not always:
            return
        can_act = self._ledger.can_act
        if sum(1 for seat in range(len(self.bets)) if can_act(seat)) < 2:
            self.pending = [seat for seat in self.pending if self.bets[seat] < self.current_bet]

    @property
    def actor(self) -> int | None:
        """The seat to act, or None once the round is over."""
        return self.pending[0] if self.pending else None

    # ---- what a seat may do ------------------------------------------------------------------

    def legal(self, seat: int) -> Legal:
        """What ``seat`` (the seat to act) may do."""
        to_call = self.current_bet - self.bets[seat]
        low_high = self.raise_range(seat)
        return unchecked(
            Legal,
            fold=True,
            check=to_call == 0,
            call=to_call > 0,
            call_amount=min(to_call, self._ledger.stacks[seat]),
            min_raise_to=None if low_high is None else low_high[0],
            max_raise_to=None if low_high is None else low_high[1],
            draw=False,
        )

    def raise_range(self, seat: int) -> tuple[int, int] | None:
        """The least and most total ``seat`` may bet or raise to (all-in for less included), or None."""
        if self.raise_blocker(seat) is not None:
            return None
        full = self._full_range(seat)
        if full is None:
            return None  # capped
        most = self.bets[seat] + self._ledger.stacks[seat]
        low, high = full
        return min(low, most), min(high, most)

    def raise_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise whatever the structure says, or None."""
        if self.bets[seat] + self._ledger.stacks[seat] <= self.current_bet:
            return "not enough chips to raise"
        if not any(self._ledger.can_act(other) for other in range(len(self.bets)) if other != seat):
            return "every other player is all-in or folded"
        if seat in self._acted_at:
            seen, reopens_at = self._acted_at[seat]
            if self.reopenings <= seen and (reopens_at is None or self.current_bet < reopens_at):
                return f"an all-in short of {self._structure.reopens_with()} does not reopen the betting"
        return None

    def _full_range(self, seat: int) -> tuple[int, int] | None:
        """What the structure allows for a full bet or raise."""
        return self._structure.raise_range(self._round(seat))

    def _reopening_total(self, seat: int) -> int | None:
        """What the structure says a bet or raise must reach to reopen the betting, or None (capped)."""
        return self._structure.reopening_total(self._round(seat))

    def _round(self, seat: int) -> BettingRound:
        return unchecked(
            BettingRound,
            index=self.index,
            current_bet=self.current_bet,
            player_bet=self.bets[seat],
            pot=self._ledger.pot,
            last_raise=self.last_raise,
            full_bets=self.full_bets,
            players_in=self._ledger.players_in(),
            big_blind=self._big_blind,
            ante=self._ante,
            last_full_bet=self.last_full_bet,
            reopened_at=self.reopened_at,
        )

    # ---- actions (the seat is the seat to act; each refuses before changing anything) -----------

    def fold(self, seat: int) -> None:
        """The seat to act folds (the hand takes its cards)."""
        self._ledger.folded[seat] = True
        self.pending.pop(0)
        self._skip_the_covered()

    def check(self, seat: int) -> None:
        """Check.

        Raises:
            IllegalActionError: there is a bet to call.
        """
        owed = self.current_bet - self.bets[seat]
        if owed > 0:
            raise IllegalActionError(f"seat {seat} cannot check: {owed} to call")
        self._acted(seat)

    def call(self, seat: int) -> int:
        """Call the bet, all-in for less if short; returns the chips put in.

        Raises:
            IllegalActionError: there is nothing to call.
        """
        owed = self.current_bet - self.bets[seat]
        if owed <= 0:
            raise IllegalActionError(f"seat {seat} cannot call: nothing to call (check instead)")
        amount = min(owed, self._ledger.stacks[seat])
        self._put_in(seat, amount)
        self._acted(seat)
        return amount

    def raise_to(self, seat: int, total: int, order_after: Sequence[int]) -> tuple[str, bool]:
        """Bet or raise to ``total``; returns ("bet" or "raise", whether it was a full one).

        ``order_after`` is every seat in turn after ``seat``: those who can
        still act must answer the new bet.

        Raises:
            IllegalActionError: no bet or raise is allowed, or ``total`` is out of range.
        """
        low_high = self.raise_range(seat)
        if low_high is None:
            reason = self.raise_blocker(seat) or "the betting is capped"
            raise IllegalActionError(f"seat {seat} cannot bet or raise now ({reason})")
        low, high = low_high
        if not low <= total <= high:
            raise IllegalActionError(
                f"seat {seat} cannot raise to {short_repr(total)}: the total must be between {low} and {high}"
            )
        full_range = self._full_range(seat)
        full = full_range is not None and total >= full_range[0]
        reopening = self._reopening_total(seat)
        kind = "bet" if self.current_bet == 0 else "raise"
        previous = self.current_bet
        self._put_in(seat, total - self.bets[seat])
        self.current_bet = total
        if full:
            self.last_raise = total - previous
            self.last_full_bet = total
            self.full_bets += 1
        if full or (reopening is not None and total >= reopening):
            self.reopened_at = total
            self.reopenings += 1
        self._record_acted(seat)
        self.last_aggressor = seat
        self.pending = [other for other in order_after if other != seat and self._ledger.can_act(other)]
        return kind, full

    def remove(self, seat: int) -> None:
        """``seat`` is out of the round (its hand was found dead): it has no more turns."""
        if seat in self.pending:
            self.pending.remove(seat)
        self._skip_the_covered()

    def _acted(self, seat: int) -> None:
        self._record_acted(seat)
        self.pending.pop(0)
        self._skip_the_covered()

    def _record_acted(self, seat: int) -> None:
        self._acted_at[seat] = (self.reopenings, self._reopening_total(seat))

    def _put_in(self, seat: int, amount: int) -> None:
        self._ledger.put_in(seat, amount)
        self.bets[seat] += amount
