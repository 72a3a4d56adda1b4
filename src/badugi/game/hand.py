"""One hand of Badugi, played by the card-room rules.

The engine is a state machine driven by the seat to act: it says what is
legal (``legal()``), takes one action at a time (``fold``, ``check``,
``call``, ``raise_to``, ``draw``), refuses anything else with
``IllegalActionError`` without changing a thing, and settles the hand through
``badugi.showdown``.

The procedure (seeds 000 and 001): antes and blinds; four cards each, one at a
time, clockwise from the button's left; a betting round; then three times a
draw and a betting round; then the showdown. The first round starts left of
the big blind (heads-up, with the button, who posts the small blind); every
later round and every draw starts with the first seat still in left of the
button.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from badugi.cards import CARD_TEXT
from badugi.cards import Hand as HandLike
from badugi.errors import GameSetupError, IllegalActionError
from badugi.game._checks import (
    as_count,
    as_int,
    as_seat,
    as_sequence,
    card_ids,
    check_fields,
    short_repr,
    unchecked,
)
from badugi.game.deck import Deck
from badugi.game.history import Event, History
from badugi.game.replay import replay
from badugi.game.rules import TRIPLE_DRAW_BADUGI, DrawGame
from badugi.game.setup import Setup
from badugi.game.structures import BettingRound, Structure
from badugi.showdown import Showdown, showdown

__all__ = ["Hand", "Legal"]


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


class Hand:
    """A hand of Badugi from the antes to the payouts.

    Args:
        stacks: chips in front of each seat (2 to 8 seats, each above 0).
            Seats are numbered clockwise.
        button: the button's seat.
        structure: ``FixedLimit(...)``, ``PotLimit()`` or ``HalfPotLimit()``.
        blinds: ``(small, big)``, or None for no blinds (the ante game).
        ante: what every seat antes (dead money), 0 for none.
        seed: seeds the shuffle and any reshuffle; the same seed plays the
            same cards. None picks one at random (recorded in the history).
        deck: 52 cards, top first, instead of shuffling: card 0 goes to the
            seat left of the button. ``seed`` then only drives reshuffles.
        burn: burn one card before the replacement cards of each draw.
        exposed_replacement: when a card the dealer exposed during a draw is
            replaced (see ``draw(exposed=...)``): ``"now"``, or
            ``"after_draw"``, once every other player has drawn.

    Raises:
        GameSetupError: anything above out of range, or a deck that is not
            52 distinct cards.
    """

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        structure: Structure,
        *,
        blinds: tuple[int, int] | None = None,
        ante: int = 0,
        seed: int | None = None,
        deck: Sequence[str | int] | None = None,
        burn: bool = True,
        exposed_replacement: str = "now",
    ) -> None:
        self._begin(
            Setup(
                stacks,
                button,
                structure,
                blinds=blinds,
                ante=ante,
                seed=seed,
                deck=deck,
                burn=burn,
                exposed_replacement=exposed_replacement,
            )
        )

    @classmethod
    def from_setup(cls, setup: Setup) -> Hand:
        """A new hand set up as ``setup`` says: the same setup deals the same hand.

        Raises:
            GameSetupError: ``setup`` is not a Setup.
        """
        if not isinstance(setup, Setup):
            raise GameSetupError(f"from_setup needs a Setup, got {short_repr(setup)}")
        hand = cls.__new__(cls)
        hand._begin(setup)
        return hand

    def _begin(self, setup: Setup) -> None:
        self._setup = setup
        self._game: DrawGame = TRIPLE_DRAW_BADUGI
        self._n = n = setup.seats
        self._button = setup.button
        self._structure = setup.structure
        self._blinds = setup.blinds
        self._ante = setup.ante
        self._burn = setup.burn
        self._exposed_replacement = setup.exposed_replacement
        self._seed = seed = setup.seed
        self._stacks = list(setup.stacks)
        self._owed: dict[int, tuple[list[int], list[int]]] = {}  # seat -> (exposed cards, its discards)
        self._deck = Deck(list(setup.deck), random.Random(f"badugi-reshuffle-{seed}"))
        self._burned = False  # whether this draw has had its burn card
        self._bets = [0] * n  # this betting round
        self._contrib = [0] * n  # the whole hand, antes and blinds included
        self._folded = [False] * n
        self._cards: list[list[int]] = [[] for _ in range(n)]
        self._log = History(setup.event())
        self._phase = "bet"
        self._round = 0
        self._pending: list[int] = []  # seats still to act this round, in order
        self._draw_queue: list[int] = []
        self._current_bet = 0
        self._last_raise = 0
        self._full_bets = 0
        self._acted_at: dict[int, int] = {}  # seat -> full bets seen when it last acted
        self._last_aggressor: int | None = None
        self._showdown: Showdown | None = None
        self._payouts: list[int] | None = None
        self._start()

    # ---- reading the state -------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """How this hand was set up (the seed and the deck order included): a frozen value."""
        return self._setup

    @property
    def game(self) -> DrawGame:
        """The game dealt: how many cards each player holds and how many draws there are."""
        return self._game

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._button

    @property
    def structure(self) -> Structure:
        """The betting structure."""
        return self._structure

    @property
    def blinds(self) -> tuple[int, int] | None:
        """``(small, big)``, or None in a game without blinds."""
        return self._blinds

    @property
    def ante(self) -> int:
        """What every seat antes."""
        return self._ante

    @property
    def seed(self) -> int:
        """The seed of the shuffle and of any reshuffle."""
        return self._seed

    @property
    def burn(self) -> bool:
        """Whether a card is burned before the replacement cards of each draw."""
        return self._burn

    @property
    def exposed_replacement(self) -> str:
        """When a card exposed during a draw is replaced: ``"now"`` or ``"after_draw"``."""
        return self._exposed_replacement

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event so far, as read-only events (see ``badugi.game.history``); JSON-serialisable."""
        return self._log.events()

    @property
    def phase(self) -> str:
        """The phase: ``"bet"``, ``"draw"`` or ``"over"``."""
        return self._phase

    @property
    def round_index(self) -> int:
        """The betting round, 0 (before the first draw) to ``game.draws``; during a draw, the one before."""
        return self._round

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return self._n

    @property
    def actor(self) -> int | None:
        """The seat to act or draw, or None once the hand is over."""
        if self._phase == "bet":
            return self._pending[0]
        if self._phase == "draw":
            return self._draw_queue[0]
        return None

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's current cards as text ([] for a folded seat)."""
        return [[CARD_TEXT[c] for c in cards] for cards in self._cards]

    @property
    def stacks(self) -> list[int]:
        """Chips in front of each seat now."""
        return list(self._stacks)

    @property
    def bets(self) -> list[int]:
        """What each seat has put in on this betting round."""
        return list(self._bets)

    @property
    def contributions(self) -> list[int]:
        """What each seat has put in during the whole hand."""
        return list(self._contrib)

    @property
    def pot(self) -> int:
        """Every chip put in so far (0 once the hand is paid out)."""
        return 0 if self._phase == "over" else sum(self._contrib)

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return list(self._folded)

    @property
    def payouts(self) -> list[int] | None:
        """Chips each seat won once the hand is over, else None."""
        return None if self._payouts is None else list(self._payouts)

    @property
    def result(self) -> Showdown | None:
        """The full settlement (pots, show order) once the hand is over (an immutable value)."""
        return self._showdown

    def public_history(self, seat: int) -> tuple[Event, ...]:
        """The history as ``seat`` sees it (see the module function ``public_history``).

        Cheap to ask on every decision: each event is filtered once per seat,
        and the events are read-only, shared by every view.

        Raises:
            GameSetupError: ``seat`` is not a seat of this hand.
        """
        number = as_seat(seat, self._n)
        if number is None:
            raise GameSetupError(f"seat {short_repr(seat)} is not a seat of this hand (0..{self._n - 1})")
        return self._log.public(number)

    def cards_in_play(self) -> dict[str, list[int]]:
        """Where every card is: hands, stub, discards, burns (for audits and tests)."""
        return {
            "hands": [c for cards in self._cards for c in cards],
            "stub": list(self._deck.stack),
            "discards": self._deck.discards + self._deck.held_aside,
            "burns": list(self._deck.burns),
        }

    def legal(self) -> Legal:
        """What the seat to act may do now (nothing once the hand is over)."""
        if self._phase == "draw":
            return DRAW_ONLY
        if self._phase != "bet":
            return NOTHING_LEGAL
        seat = self._pending[0]
        to_call = self._current_bet - self._bets[seat]
        stack = self._stacks[seat]
        low_high = self._raise_range(seat)
        return unchecked(
            Legal,
            fold=True,
            check=to_call == 0,
            call=to_call > 0,
            call_amount=min(to_call, stack),
            min_raise_to=None if low_high is None else low_high[0],
            max_raise_to=None if low_high is None else low_high[1],
            draw=False,
        )

    # ---- acting -------------------------------------------------------------------

    def fold(self, seat: int | None = None) -> None:
        """Fold the seat to act.

        Raises:
            IllegalActionError: not a betting turn, or ``seat`` is not the seat to act.
        """
        actor = self._betting_actor(seat, "fold")
        self._folded[actor] = True
        self._deck.discards.extend(self._cards[actor])  # mucked
        self._cards[actor] = []
        self._record("fold", actor)
        self._pending.pop(0)
        if sum(not f for f in self._folded) == 1:
            self._finish()
        else:
            self._after_action()

    def check(self, seat: int | None = None) -> None:
        """Check (nothing to call).

        Raises:
            IllegalActionError: there is a bet to call, or it is not this seat's turn to bet.
        """
        actor = self._betting_actor(seat, "check")
        if self._current_bet > self._bets[actor]:
            owed = self._current_bet - self._bets[actor]
            raise IllegalActionError(f"seat {actor} cannot check: {owed} to call")
        self._acted_at[actor] = self._full_bets
        self._record("check", actor)
        self._pending.pop(0)
        self._after_action()

    def call(self, seat: int | None = None) -> None:
        """Call the bet (all-in for less if the stack is short).

        Raises:
            IllegalActionError: there is nothing to call, or it is not this seat's turn to bet.
        """
        actor = self._betting_actor(seat, "call")
        owed = self._current_bet - self._bets[actor]
        if owed <= 0:
            raise IllegalActionError(f"seat {actor} cannot call: nothing to call (check instead)")
        amount = min(owed, self._stacks[actor])
        self._put_in(actor, amount)
        self._acted_at[actor] = self._full_bets
        self._record("call", actor, amount=amount, to=self._bets[actor], all_in=self._stacks[actor] == 0)
        self._pending.pop(0)
        self._after_action()

    def raise_to(self, total: int, seat: int | None = None) -> None:
        """Bet or raise to ``total``, the seat's total for this betting round.

        Raises:
            IllegalActionError: no bet or raise is allowed now, or ``total`` is
                outside ``legal().min_raise_to .. max_raise_to``.
        """
        actor = self._betting_actor(seat, "raise")
        amount = as_int(total)
        if amount is None:
            raise IllegalActionError(f"raise_to needs an int total, got {short_repr(total)}")
        total = amount
        low_high = self._raise_range(actor)
        if low_high is None:
            reason = self._raise_blocker(actor) or "the betting is capped"
            raise IllegalActionError(f"seat {actor} cannot bet or raise now ({reason})")
        low, high = low_high
        if not low <= total <= high:
            raise IllegalActionError(
                f"seat {actor} cannot raise to {short_repr(total)}: "
                f"the total must be between {low} and {high}"
            )
        full_low = self._structure_range(actor)
        full = full_low is not None and total >= full_low[0]
        kind = "bet" if self._current_bet == 0 else "raise"
        previous = self._current_bet
        self._put_in(actor, total - self._bets[actor])
        self._current_bet = total
        if full:
            self._last_raise = total - previous
            self._full_bets += 1
        self._acted_at[actor] = self._full_bets
        self._last_aggressor = actor
        self._record(kind, actor, to=total, full=full, all_in=self._stacks[actor] == 0)
        # Everyone else who can still act must answer the new bet.
        self._pending = [s for s in self._clockwise(actor + 1) if s != actor and self._can_act(s)]
        self._after_action()

    def draw(self, discards: Sequence[str | int], seat: int | None = None, exposed: int = 0) -> None:
        """Throw ``discards`` (cards the seat holds; ``[]`` stands pat) and get as many back.

        ``exposed`` records a dealer's error: how many of the cards dealt to
        the seat were exposed (the first ones dealt). The seat may not take an
        exposed card: it goes with the discards, and another card replaces it
        at once or after every other player has drawn (``exposed_replacement``).

        Raises:
            IllegalActionError: not a draw, not this seat's turn, a card the
                seat does not hold (or named twice), or ``exposed`` outside
                0..len(discards).
        """
        if self._phase != "draw":
            raise IllegalActionError(f"cannot draw now: the hand is in the {self._phase!r} phase")
        actor = self._draw_queue[0]
        self._check_turn(seat, actor, "draw")
        items = as_sequence(discards)
        if items is None:
            raise IllegalActionError(
                f"draw takes a list of cards, e.g. ['Kh', 'Qs'] ([] to stand pat), got {short_repr(discards)}"
            )
        try:
            thrown = card_ids(items, IllegalActionError)
        except IllegalActionError as exc:
            raise IllegalActionError(f"seat {actor} cannot draw: {exc}") from None
        for card in thrown:
            if card not in self._cards[actor]:
                raise IllegalActionError(f"seat {actor} does not hold {CARD_TEXT[card]}")
        shown = as_count(exposed, 0, len(thrown))
        if shown is None:
            raise IllegalActionError(
                f"exposed must be an int from 0 to {len(thrown)}, got {short_repr(exposed)}"
            )
        exposed = shown
        kept = [c for c in self._cards[actor] if c not in thrown]
        received, owed, deck_events = self._deck.replace(
            thrown,
            burn_first=self.burn and not self._burned,
            exposed=exposed,
            replace_exposed_now=self.exposed_replacement == "now",
            reserve=self._game.largest_draw + 1,  # and the last card, which is never dealt
        )
        if owed:
            self._owed[actor] = (owed, thrown)
        if thrown and self.burn:
            self._burned = True
        self._log.extend(deck_events)
        self._cards[actor] = kept + received
        self._record(
            "draw",
            actor,
            count=len(thrown),
            exposed=exposed,
            discards=[CARD_TEXT[c] for c in thrown],
            received=[CARD_TEXT[c] for c in received],
        )
        self._draw_queue.pop(0)
        if not self._draw_queue:
            self._deal_owed()
            self._start_betting_round(self._round + 1)

    def _deal_owed(self) -> None:
        """Replace the exposed cards held back until everyone had drawn, in draw order."""
        for seat in self._clockwise(self.button + 1):
            if seat not in self._owed:
                continue
            exposed, own_discards = self._owed.pop(seat)
            received, deck_events = self._deck.deal_owed(exposed, own_discards)
            self._log.extend(deck_events)
            self._cards[seat].extend(received)
            self._record(
                "late_replacement", seat, count=len(received), received=[CARD_TEXT[c] for c in received]
            )

    def act(self, action: Sequence[Any] | str) -> None:
        """Apply an action given as data: "fold", "check", "call", ("raise", total) or ("draw", cards).

        This is what player callables return (see ``badugi.game.match``).

        Raises:
            IllegalActionError: an unknown or illegal action.
        """
        parts: list[Any] | None = [action] if isinstance(action, str) else as_sequence(action)
        kind = parts[0] if parts and isinstance(parts[0], str) else None  # only then compare it
        args = parts[1:] if parts else []
        if kind in ("fold", "check", "call") and not args:
            getattr(self, kind)()
        elif kind == "raise" and len(args) == 1:
            self.raise_to(args[0])
        elif kind == "draw" and len(args) == 1:
            self.draw(args[0])
        else:
            raise IllegalActionError(
                f"unknown action {short_repr(action)}: "
                "use fold, check, call, ('raise', total) or ('draw', cards)"
            )

    @classmethod
    def replay(cls, history: object) -> Hand:
        """Play a hand again from its ``history`` (events as JSON data, or ``h.history``); returns it.

        Every event is checked against the replay, not only the actions: a
        history that was edited, cut inside an event or made by other rules
        is refused, naming the first event that does not follow. A history
        that stops after an action (and the events the engine recorded in
        answer to it) replays to the hand at that point.

        Raises:
            GameSetupError: not a list of events, a setup that is not valid,
                an action that is not legal at its point, or an event that
                does not follow from those before it.
        """
        return replay(cls, history)

    # ---- the procedure ----------------------------------------------------------------

    def _clockwise(self, start: int) -> list[int]:
        return [(start + k) % self._n for k in range(self._n)]

    def _can_act(self, seat: int) -> bool:
        return not self._folded[seat] and self._stacks[seat] > 0

    def _put_in(self, seat: int, amount: int) -> None:
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contrib[seat] += amount

    def _record(self, kind: str, seat: int, **details: Any) -> None:
        self._log.record(kind, seat=seat, **details)

    def _start(self) -> None:
        if self.ante:
            for seat in self._clockwise(self.button + 1):
                amount = min(self.ante, self._stacks[seat])
                self._stacks[seat] -= amount
                self._contrib[seat] += amount
                self._record("ante", seat, amount=amount, all_in=self._stacks[seat] == 0)
        if self.blinds is not None:
            heads_up = self._n == 2
            small_seat = self.button if heads_up else (self.button + 1) % self._n
            big_seat = (small_seat + 1) % self._n
            for seat, amount, name in (
                (small_seat, self.blinds[0], "small"),
                (big_seat, self.blinds[1], "big"),
            ):
                posted = min(amount, self._stacks[seat])
                self._put_in(seat, posted)
                self._record("blind", seat, blind=name, amount=posted, all_in=self._stacks[seat] == 0)
            # A big blind all-in for less still sets the bet at the full blind.
            self._current_bet = max(*self._bets, self.blinds[1])
            self._last_raise = self.blinds[1]
            self._full_bets = 1  # the big blind counts as the bet
            first = small_seat if heads_up else (big_seat + 1) % self._n
        else:
            first = (self.button + 1) % self._n
        # One card at a time, clockwise from the button's left, until each holds a hand.
        for _ in range(self._game.hand_size):
            for seat in self._clockwise(self.button + 1):
                self._cards[seat].append(self._deck.deal())
        for seat in range(self._n):
            self._record("deal", seat, cards=[CARD_TEXT[c] for c in self._cards[seat]])
        self._burned = False
        self._open_round(first)

    def _open_round(self, first: int) -> None:
        """Queue the seats that act this round, from ``first`` clockwise, and skip it if nobody can."""
        able = [s for s in self._clockwise(first) if self._can_act(s)]
        if len(able) >= 2:
            self._pending = able
        else:  # nobody left to bet against: at most a call of what is already bet
            self._pending = [s for s in able if self._bets[s] < self._current_bet]
        self._phase = "bet"
        if not self._pending:
            self._end_betting_round()

    def _start_betting_round(self, index: int) -> None:
        self._round = index
        self._bets = [0] * self._n
        self._current_bet = 0
        self._last_raise = 0
        self._full_bets = 0
        self._acted_at = {}
        self._last_aggressor = None
        self._log.record("round", index=index)
        self._open_round((self.button + 1) % self._n)

    def _after_action(self) -> None:
        if not self._pending:
            self._end_betting_round()

    def _end_betting_round(self) -> None:
        if self._round == self._game.betting_rounds - 1:
            self._finish()
            return
        self._phase = "draw"
        self._burned = False
        self._draw_queue = [s for s in self._clockwise(self.button + 1) if not self._folded[s]]
        self._log.record("draw_round", index=self._round + 1)

    def _finish(self) -> None:
        hands: tuple[HandLike | None, ...] = tuple(
            None if self._folded[s] else tuple(self._cards[s]) for s in range(self._n)
        )
        aggressor = self._last_aggressor if self._round == self._game.betting_rounds - 1 else None
        self._showdown = result = showdown(hands, self._contrib, self._button, aggressor)
        still_in = [s for s in range(self._n) if not self._folded[s]]
        if len(still_in) > 1:
            self._log.record(
                "showdown",
                order=result.order,
                hands={str(s): [CARD_TEXT[c] for c in self._cards[s]] for s in result.order},
                pots=[
                    {"amount": p.amount, "eligible": p.eligible, "winners": p.winners} for p in result.pots
                ],
            )
        for seat, won in enumerate(result.payouts):
            self._stacks[seat] += won
        self._payouts = list(result.payouts)
        self._pending = []
        self._draw_queue = []
        self._phase = "over"
        self._log.record("payouts", payouts=result.payouts, stacks=self._stacks)

    # ---- betting limits -----------------------------------------------------------------

    def _betting_actor(self, seat: int | None, what: str) -> int:
        if self._phase != "bet":
            raise IllegalActionError(f"cannot {what} now: the hand is in the {self._phase!r} phase")
        actor = self._pending[0]
        self._check_turn(seat, actor, what)
        return actor

    @staticmethod
    def _check_turn(seat: object, actor: int, what: str) -> None:
        """``seat``, if given, must be the seat to act (a bool is not a seat)."""
        if seat is None:
            return
        number = as_int(seat)
        if number is None:
            raise IllegalActionError(f"seat must be a seat number or None, got {short_repr(seat)}")
        if number != actor:
            raise IllegalActionError(
                f"seat {short_repr(number)} cannot {what} out of turn: seat {actor} is to act"
            )

    def _structure_range(self, seat: int) -> tuple[int, int] | None:
        return self.structure.raise_range(
            unchecked(
                BettingRound,
                index=self._round,
                current_bet=self._current_bet,
                player_bet=self._bets[seat],
                pot=sum(self._contrib),
                last_raise=self._last_raise,
                full_bets=self._full_bets,
                players_in=sum(not f for f in self._folded),
                big_blind=None if self.blinds is None else self.blinds[1],
                ante=self.ante,
            )
        )

    def _reopened_for(self, seat: int) -> bool:
        """A seat may raise if it has not acted this round or a full raise came since."""
        return seat not in self._acted_at or self._full_bets > self._acted_at[seat]

    def _raise_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise whatever the structure says, or None."""
        if self._bets[seat] + self._stacks[seat] <= self._current_bet:
            return "not enough chips to raise"
        if not any(self._can_act(s) for s in range(self._n) if s != seat):
            return "every other player is all-in or folded"
        if not self._reopened_for(seat):
            return "an all-in short of a full raise does not reopen the betting"
        return None

    def _raise_range(self, seat: int) -> tuple[int, int] | None:
        if self._raise_blocker(seat) is not None:
            return None
        full = self._structure_range(seat)
        if full is None:
            return None  # capped
        most_total = self._bets[seat] + self._stacks[seat]
        low, high = full
        return min(low, most_total), min(high, most_total)
