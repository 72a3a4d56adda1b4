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
  do (the draws still happen). Facing a bet, it still calls or folds.

What the seat to act may do is worked out once per turn (``legal``), and the
bet or raise it makes is checked against that same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi.engine._checks import check_fields, short_repr, unchecked
from badugi.engine.ledger import Ledger
from badugi.engine.structures import Structure
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

    __slots__ = (
        "_acted_at",
        "_ante",
        "_big_blind",
        "_covered_seat_acts",
        "_ledger",
        "_structure",
        "_turn",
        "bets",
        "current_bet",
        "full_bets",
        "index",
        "last_aggressor",
        "last_full_bet",
        "last_raise",
        "pending",
        "reopened_at",
        "reopenings",
    )

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
        self._turn: _Turn | None = None  # what the seat to act may do, worked out once per turn

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
        self._turn = None

    def open(self, order: Sequence[int]) -> None:
        """Queue the seats that act, in ``order``.

        Everyone who can still bet acts; with nobody left to bet against, only
        a seat that owes a call does.
        """
        stacks, folded = self._ledger.stacks, self._ledger.folded
        self.pending = [seat for seat in order if stacks[seat] and not folded[seat]]
        self._turn = None
        self._skip_the_covered(always=True)

    @property
    def actor(self) -> int | None:
        """The seat to act, or None once the round is over."""
        return self.pending[0] if self.pending else None

    # ---- what a seat may do ------------------------------------------------------------------

    def legal(self, seat: int) -> Legal:
        """What ``seat`` (the seat to act) may do."""
        turn = self._turn
        if turn is None or turn.seat != seat:
            turn = self._turn = self._work_out(seat)
        return turn.legal

    def raise_range(self, seat: int) -> tuple[int, int] | None:
        """The least and most total ``seat`` may bet or raise to (all-in for less included), or None."""
        return self._turn_of(seat).raise_range

    def raise_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise whatever the structure says, or None."""
        ledger = self._ledger
        stacks = ledger.stacks
        if self.bets[seat] + stacks[seat] <= self.current_bet:
            return "not enough chips to raise"
        if ledger.able - ledger.can_act(seat) == 0:
            return "every other player is all-in or folded"
        acted = self._acted_at.get(seat)
        if acted is not None:
            seen, reopens_at = acted
            if self.reopenings <= seen and (reopens_at is None or self.current_bet < reopens_at):
                return f"an all-in short of {self._structure.reopens_with()} does not reopen the betting"
        return None

    def check_raise(self, seat: int, total: int) -> None:
        """Refuse a bet or raise by ``seat`` (the seat to act) to ``total`` that is not allowed now.

        Raises:
            IllegalActionError: no bet or raise is allowed, or ``total`` is out of range.
        """
        turn = self._turn_of(seat)
        if turn.raise_range is None:
            raise IllegalActionError(f"seat {seat} cannot bet or raise now ({turn.refusal})", seat)
        low, high = turn.raise_range
        if not low <= total <= high:
            raise IllegalActionError(
                f"seat {seat} cannot raise to {short_repr(total)}: "
                f"the total must be between {low} and {high}",
                seat,
            )

    def _turn_of(self, seat: int) -> _Turn:
        turn = self._turn
        if turn is None or turn.seat != seat:
            turn = self._turn = self._work_out(seat)
        return turn

    def _work_out(self, seat: int) -> _Turn:
        """What ``seat`` may do now: one question to the structure, asked once per turn."""
        ledger = self._ledger
        bet, stack, current = self.bets[seat], ledger.stacks[seat], self.current_bet
        to_call = current - bet
        call_amount = to_call if to_call < stack else stack
        quote = self._structure._quote(
            self.index,
            current,
            bet,
            ledger.pot,
            self.last_raise,
            self.full_bets,
            ledger.in_hand,
            self._big_blind,
            self._ante,
            self.last_full_bet,
            self.reopened_at,
        )
        # The seat to act can act: the others can if more than it can (raise_blocker, said at once).
        acted = self._acted_at.get(seat)
        if bet + stack > current and ledger.able > 1 and (acted is None or self.reopenings > acted[0]):
            refusal = None
        else:
            refusal = self.raise_blocker(seat)
        low = high = None
        if refusal is None:
            if quote is None:
                refusal = "the betting is capped"
            else:
                most = bet + stack  # all in for less, if that is short of the structure's least
                low, high = min(quote[0], most), min(quote[1], most)
        key = (to_call, call_amount, low, high)
        legal = _LEGALS.get(key)
        if legal is None:
            if len(_LEGALS) >= _MOST_LEGALS:
                _LEGALS.clear()
            legal = _LEGALS[key] = unchecked(
                Legal,
                fold=True,
                check=to_call == 0,
                call=to_call > 0,
                call_amount=call_amount,
                min_raise_to=low,
                max_raise_to=high,
                draw=False,
            )
        return _Turn(seat, legal, None if low is None else (low, high), refusal, quote)  # type: ignore[arg-type]

    def _quote(self, seat: int) -> tuple[int, int, int] | None:
        """The structure's (full raise's least and most total, total that reopens the betting), or None."""
        ledger = self._ledger
        return self._structure._quote(
            self.index,
            self.current_bet,
            self.bets[seat],
            ledger.pot,
            self.last_raise,
            self.full_bets,
            ledger.in_hand,
            self._big_blind,
            self._ante,
            self.last_full_bet,
            self.reopened_at,
        )

    # ---- actions (the seat is the seat to act; the hand checks each before it changes anything) ----

    def fold(self, seat: int) -> None:
        """The seat to act folds (the hand takes its cards)."""
        self._ledger.fold(seat)
        self.pending.pop(0)
        self._turn = None
        self._skip_the_covered()

    def check(self, seat: int) -> None:
        """Check.

        Raises:
            IllegalActionError: there is a bet to call.
        """
        owed = self.current_bet - self.bets[seat]
        if owed > 0:
            raise IllegalActionError(f"seat {seat} cannot check: {owed} to call", seat)
        self._acted(seat, self._turn_of(seat).quote)

    def call(self, seat: int) -> int:
        """Call the bet, all-in for less if short; returns the chips put in.

        Raises:
            IllegalActionError: there is nothing to call.
        """
        owed = self.current_bet - self.bets[seat]
        if owed <= 0:
            raise IllegalActionError(f"seat {seat} cannot call: nothing to call (check instead)", seat)
        amount = min(owed, self._ledger.stacks[seat])
        quote = self._turn_of(seat).quote
        self._put_in(seat, amount)
        self._acted(seat, quote)
        return amount

    def raise_to(self, seat: int, total: int) -> tuple[str, bool]:
        """Bet or raise to ``total``, which ``check_raise`` allowed; returns ("bet" or "raise", whether full).

        Every seat after ``seat`` that can still act must answer the new bet.
        """
        quote = self._turn_of(seat).quote
        assert quote is not None  # check_raise refused the bet otherwise
        full = total >= quote[0]
        kind = "bet" if self.current_bet == 0 else "raise"
        previous = self.current_bet
        self._put_in(seat, total - self.bets[seat])
        self.current_bet = total
        if full:
            self.last_raise = total - previous
            self.last_full_bet = total
            self.full_bets += 1
        if total >= quote[2]:
            self.reopened_at = total
            self.reopenings += 1
        after = self._quote(seat)  # the raise moved the bet: what reopens the betting for it now
        self._acted_at[seat] = (self.reopenings, None if after is None else after[2])
        self.last_aggressor = seat
        stacks, folded, n = self._ledger.stacks, self._ledger.folded, len(self.bets)
        self.pending = [other for k in range(1, n) if stacks[other := (seat + k) % n] and not folded[other]]
        return kind, full

    def remove(self, seat: int) -> None:
        """``seat`` is out of the round (its hand was found dead): it has no more turns."""
        if seat in self.pending:
            self.pending.remove(seat)
        self._turn = None
        self._skip_the_covered()

    def _acted(self, seat: int, quote: tuple[int, int, int] | None) -> None:
        # A check or a call changes nothing a structure prices a raise by (the bet, the last full one,
        # the count), so the total that would reopen the betting for the seat is its turn's.
        self._acted_at[seat] = (self.reopenings, None if quote is None else quote[2])
        self.pending.pop(0)
        self._turn = None
        if not self._ledger.stacks[seat]:  # all in: it may leave one player nobody can bet against
            self._skip_the_covered()

    def _skip_the_covered(self, always: bool = False) -> None:
        """Drop the turns of seats that have nobody to bet against and owe nothing: they have no decision.

        ``always``: at the start of a round, which every version of the rules skips.
        """
        if self._covered_seat_acts and not always:
            return
        if self._ledger.able < 2:
            self.pending = [seat for seat in self.pending if self.bets[seat] < self.current_bet]

    def _put_in(self, seat: int, amount: int) -> None:
        self._ledger.put_in(seat, amount)
        self.bets[seat] += amount
        self._turn = None


#: The legal actions made so far, by what they say: a value, so every turn that says the same shares it.
_LEGALS: dict[tuple[int, int, int | None, int | None], Legal] = {}
_MOST_LEGALS = 4096


class _Turn:
    """What the seat to act may do, worked out once: its legal actions and the structure's answer."""

    __slots__ = ("legal", "quote", "raise_range", "refusal", "seat")

    def __init__(
        self,
        seat: int,
        legal: Legal,
        raise_range: tuple[int, int] | None,
        refusal: str | None,
        quote: tuple[int, int, int] | None,
    ) -> None:
        self.seat = seat
        self.legal = legal
        self.raise_range = raise_range  # the least and most total, all-in for less included; None: no raise
        self.refusal = refusal  # why no bet or raise is allowed, or None
        self.quote = quote  # the structure's (full raise's least, most, total that reopens), or None
