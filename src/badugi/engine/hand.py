"""One hand of a game of the Badugi family, played by the card-room rules.

The engine is a state machine driven by the seat to act: it says what is
legal (``legal()``), takes one action at a time (``fold``, ``check``,
``call``, ``raise_to``, ``draw``), refuses anything else with
``IllegalActionError`` without changing a thing, and settles the hand through
``badugi.showdown``.

The procedure (seeds 000 and 001): antes and blinds; the game's cards (four in
Badugi, five in Badeucy and Badacey), one at a time, clockwise from the
button's left; a betting round; then, for each of the game's draws, a draw and
a betting round; then the showdown, which ranks the hands as the game says. The first round starts left of
the big blind (heads-up, with the button, who posts the small blind); every
later round and every draw starts with the first seat still in left of the
button.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from badugi.cards import CARD_TEXT, ID_BY_TEXT, HandLike
from badugi.engine._checks import (
    as_count,
    as_int,
    as_seat,
    as_sequence,
    card_ids,
    short_repr,
)
from badugi.engine.betting import DRAW_ONLY, NOTHING_LEGAL, Betting, Legal
from badugi.engine.dealer import Dealer
from badugi.engine.history import Event, History
from badugi.engine.ledger import Ledger
from badugi.engine.misdeal import DEAD, MISDEAL, REPLACED, CountRuling, DealErrors, ExposedRuling
from badugi.engine.replay import replay
from badugi.engine.rules import betting_rounds
from badugi.engine.setup import ExposedReplacement, Setup
from badugi.engine.structures import Structure
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADUGI, Game, GameLike
from badugi.showdown import Showdown, settle

__all__ = ["Action", "Hand", "Legal", "Phase"]

#: An action as the web table and the bots hand it to ``Hand.act``: "fold", "check", "call",
#: ("raise", total) (a bet is a raise from nothing) or ("draw", [cards to throw]). ``Hand.act`` takes
#: any sequence of these shapes too (a list read from JSON), and "bet" or "raise" alone.
Action = Literal["fold", "check", "call"] | tuple[Literal["raise"], int] | tuple[Literal["draw"], list[str]]

#: Where a hand is: posting (a followed hand, before its deal), betting, drawing, at the showdown (a
#: followed hand, its shows and mucks to come) or over. A dealt ``Hand`` is only ever bet, draw or over.
Phase = Literal["post", "bet", "draw", "showdown", "over"]


class Hand:
    """A hand of Badugi, Badeucy or Badacey from the antes to the payouts.

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
        game: the game, one of ``badugi.games``: ``BADUGI`` (the default),
            ``BADEUCY`` or ``BADACEY``. It says how many cards are dealt and
            may be thrown, how many draws there are and how the pot is won.
        qualifier: a home rule of single-pot games: only a hand ranked at or
            better than this wins at the showdown (a hand of the game, or a
            rank number on its scale). A pot no hand still in qualifies for
            is not paid: it stays in the middle (``result.carried``).
        carry: chips an earlier deal left in the middle: they start this
            deal as dead money in the main pot (``pot`` counts them).
        names: the players' names, one a seat (each text of 1 to 200
            characters), or None: kept in the setup event (only when given)
            so that the history says who played; they change nothing else.

    Raises:
        GameSetupError: anything above out of range or of the wrong type, or
            a deck that is not 52 distinct cards.
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
        exposed_replacement: ExposedReplacement = "now",
        game: GameLike = BADUGI,
        qualifier: HandLike | int | None = None,
        carry: int = 0,
        names: Sequence[str] | None = None,
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
                game=game,
                qualifier=qualifier,
                carry=carry,
                names=names,
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
        self._game: Game = setup.game
        self._n = setup.seats
        self._chips = Ledger(setup.stacks, setup.carry)
        self._log = History(setup.event())
        self._dealer = self._new_dealer()
        self._showdown: Showdown | None = None
        self._misdeals = 0
        self._start()

    def _new_dealer(self) -> Dealer:
        """The dealer of this hand's cards (a followed hand is told them instead)."""
        return Dealer(self._setup, self._game, self._log)

    def __repr__(self) -> str:
        """The game, the phase, whose turn it is, the stacks: ``<Hand badugi, bet, seat 3 to act, ...>``."""
        actor = self.actor
        turn = "" if actor is None else f", seat {actor} to act"
        return f"<{type(self).__name__} {self._game.name}, {self.phase}{turn}, stacks {self._chips.stacks}>"

    # ---- reading the state -------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """How this hand was set up (the seed and the deck order included): a frozen value."""
        return self._setup

    @property
    def game(self) -> Game:
        """The game dealt (``badugi.games``): how many cards each player holds, its draws, its halves."""
        return self._game

    @property
    def qualifier(self) -> int | None:
        """The worst rank that wins at the showdown (on the game's scale), or None for no qualifier."""
        return self._setup.qualifier

    @property
    def carry(self) -> int:
        """Chips this deal started with in the middle, left by earlier deals."""
        return self._setup.carry

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._setup.button

    @property
    def structure(self) -> Structure:
        """The betting structure."""
        return self._setup.structure

    @property
    def blinds(self) -> tuple[int, int] | None:
        """``(small, big)``, or None in a game without blinds."""
        return self._setup.blinds

    @property
    def ante(self) -> int:
        """What every seat antes."""
        return self._setup.ante

    @property
    def seed(self) -> int:
        """The seed of the shuffle and of any reshuffle."""
        return self._setup.seed

    @property
    def burn(self) -> bool:
        """Whether a card is burned before the replacement cards of each draw."""
        return self._setup.burn

    @property
    def names(self) -> tuple[str, ...] | None:
        """The players' names, one a seat, as the setup gave them, or None."""
        return self._setup.names

    @property
    def exposed_replacement(self) -> ExposedReplacement:
        """When a card exposed during a draw is replaced: ``"now"`` or ``"after_draw"``."""
        return self._setup.exposed_replacement

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event so far, as read-only events (see ``badugi.engine.history``); JSON-serialisable."""
        return self._log.events()

    @property
    def phase(self) -> Phase:
        """The phase: ``"bet"``, ``"draw"`` or ``"over"``."""
        return self._phase

    @property
    def round_index(self) -> int:
        """The betting round, 0 (before the first draw) to ``game.draws``; during a draw, the one before."""
        return self._betting.index

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return self._n

    @property
    def actor(self) -> int | None:
        """The seat to act or draw, or None once the hand is over."""
        if self._phase == "bet":
            return self._betting.actor
        if self._phase == "draw":
            return self._draw_queue[0]
        return None

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's current cards as text ([] for a folded seat)."""
        text = CARD_TEXT.__getitem__
        return [[*map(text, cards)] for cards in self._dealer.hands]

    @property
    def stacks(self) -> list[int]:
        """Chips in front of each seat now."""
        return list(self._chips.stacks)

    @property
    def bets(self) -> list[int]:
        """What each seat has put in on this betting round."""
        return list(self._betting.bets)

    @property
    def contributions(self) -> list[int]:
        """What each seat has put in during the whole hand."""
        return list(self._chips.contributions)

    @property
    def pot(self) -> int:
        """Every chip in the middle: what the seats put in, and the carry.

        Once the hand is over, what stays in the middle for the next deal
        (``result.carried``: 0 unless nobody qualified).
        """
        if self._showdown is not None:
            return self._showdown.carried
        return self._chips.pot

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return list(self._chips.folded)

    @property
    def payouts(self) -> list[int] | None:
        """Chips each seat won once the hand is over (all 0 from a pot nobody qualified for), else None."""
        return None if self._showdown is None else list(self._showdown.payouts)

    @property
    def misdeals(self) -> int:
        """Misdeals declared so far (each one redealt the hand)."""
        return self._misdeals

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
        return self._dealer.cards_in_play()

    def legal(self) -> Legal:
        """What the seat to act may do now (nothing once the hand is over)."""
        phase = self._phase
        if phase == "bet":
            return self._betting.legal(self._betting.pending[0])
        return DRAW_ONLY if phase == "draw" else NOTHING_LEGAL

    # ---- acting -------------------------------------------------------------------

    def fold(self, seat: int | None = None) -> Event:
        """Fold the seat to act; returns the ``fold`` event recorded.

        Raises:
            IllegalActionError: not a betting turn, or ``seat`` is not the seat to act.
        """
        actor = self._betting_actor(seat, "fold")
        self._betting.fold(actor)
        self._dealer.muck(actor)
        return self._acted("fold", actor, False)

    def check(self, seat: int | None = None) -> Event:
        """Check (nothing to call); returns the ``check`` event recorded.

        Raises:
            IllegalActionError: there is a bet to call, or it is not this seat's turn to bet.
        """
        actor = self._betting_actor(seat, "check")
        self._betting.check(actor)
        return self._acted("check", actor, False)

    def call(self, seat: int | None = None) -> Event:
        """Call the bet (all-in for less if the stack is short); returns the ``call`` event recorded.

        Raises:
            IllegalActionError: there is nothing to call, or it is not this seat's turn to bet.
        """
        actor = self._betting_actor(seat, "call")
        amount = self._betting.call(actor)
        to = self._betting.bets[actor]
        return self._acted("call", actor, True, amount=amount, to=to, all_in=self._chips.stacks[actor] == 0)

    def raise_to(self, total: int, seat: int | None = None) -> Event:
        """Bet or raise to ``total``, the seat's total for this betting round; returns the event recorded.

        The event is a ``bet`` (nothing was bet this round; a big blind counts
        as a bet) or a ``raise``, with ``full`` False for an all-in short of a
        full bet or raise. The checks come first (whose turn, the total against
        ``legal()``), then the one change (``Betting.raise_to``: the chips, the
        bet, who answers it), then the record (``_acted``: the event, and what
        follows).

        >>> from badugi.engine import FixedLimit, Hand
        >>> h = Hand([100, 100, 100], 0, FixedLimit(10, 20), blinds=(5, 10), seed=1)
        >>> h.legal().min_raise_to, h.legal().max_raise_to
        (20, 20)
        >>> h.raise_to(20)
        {'event': 'raise', 'seat': 0, 'to': 20, 'full': True, 'all_in': False}
        >>> h.raise_to(25)
        Traceback (most recent call last):
          ...
        badugi.errors.IllegalActionError: seat 1 cannot raise to 25: the total must be between 30 and 30

        Raises:
            IllegalActionError: no bet or raise is allowed now, or ``total`` is
                outside ``legal().min_raise_to .. max_raise_to``.
        """
        actor = self._betting_actor(seat, "raise")
        amount = as_int(total)
        if amount is None:
            raise IllegalActionError(f"raise_to needs an int total, got {short_repr(total)}", actor)
        self._betting.check_raise(actor, amount)
        kind, full = self._betting.raise_to(actor, amount)
        return self._acted(kind, actor, True, to=amount, full=full, all_in=self._chips.stacks[actor] == 0)

    def _acted(self, kind: str, seat: int, put_chips_in: bool, **details: int | bool) -> Event:
        """Record a betting action the round took and go on (the next turn, round or the end); returns it."""
        recorded = self._log.add(kind, seat=seat, **details)
        self._deal_errors.acted(put_chips_in)
        self._after_action()
        return recorded

    def draw(self, discards: Sequence[str | int], seat: int | None = None, exposed: int = 0) -> Event:
        """Throw ``discards`` (up to ``game.hand_size`` cards the seat holds; ``[]`` stands pat), get as many.

        Returns the ``draw`` event recorded (the cards thrown and received).

        ``exposed`` records a dealer's error: how many of the cards dealt to
        the seat were exposed (the first ones dealt). The seat may not take an
        exposed card: it goes with the discards, and another card replaces it
        at once or after every other player has drawn (``exposed_replacement``).

        Raises:
            IllegalActionError: not a draw, not this seat's turn, more cards
                than a hand holds, a card the seat does not hold (or named
                twice), or ``exposed`` outside 0..len(discards).
        """
        if self._phase != "draw":
            raise IllegalActionError(
                f"cannot draw now: the hand is in the {self._phase!r} phase", self._named(seat)
            )
        actor = self._draw_queue[0]
        self._check_turn(seat, actor, "draw")
        items = as_sequence(discards)
        if items is None:
            raise IllegalActionError(
                "draw takes a list of cards, e.g. ['Kh', 'Qs'] ([] to stand pat), "
                f"got {short_repr(discards)}",
                actor,
            )
        most = self._game.hand_size
        if len(items) > most:
            raise IllegalActionError(
                f"seat {actor} cannot draw: a draw throws 0 to {most} cards, got {len(items)}", actor
            )
        held = self._dealer.hands[actor]
        thrown = [ID_BY_TEXT.get(item, -1) if type(item) is str else -1 for item in items]
        if -1 in thrown or len(set(thrown)) != len(thrown):  # not the cards' own text, each once: read it all
            try:
                thrown = card_ids(items, IllegalActionError)
            except IllegalActionError as exc:
                raise IllegalActionError(f"seat {actor} cannot draw: {exc}", actor) from None
        for card in thrown:
            if card not in held:
                raise IllegalActionError(f"seat {actor} does not hold {CARD_TEXT[card]}", actor)
        shown = 0 if type(exposed) is int and exposed == 0 else as_count(exposed, 0, len(thrown))
        if shown is None:
            raise IllegalActionError(
                f"exposed must be an int from 0 to {len(thrown)}, got {short_repr(exposed)}", actor
            )
        exposed = shown
        recorded = self._dealer.draw(actor, thrown, exposed)
        self._deal_errors.acted(put_chips_in=False)
        self._draw_queue.pop(0)
        self._after_draw()
        return recorded

    # ---- the dealer's errors in the deal ------------------------------------------------

    def record_exposed_card(self, position: int) -> ExposedRuling:
        """Record that the dealer exposed card ``position`` of the deal; returns the ruling.

        ``position`` counts the cards of the deal in the order dealt: 0 is the
        first card (to the seat left of the button), ``n_seats`` the first
        seat's second card, and so on. The ruling (seed 000, see the README):

        * ``"misdeal"``: the first or second card of the deal, or a second
          card exposed in the same deal, before substantial action: every chip
          comes back and the hand is redealt with the same button;
        * ``"replaced"``: any other single card: its player gets the next card
          of the stub, and the exposed card becomes the first draw's burn card;
        * ``"stands"``: after substantial action, or a card of a folded hand:
          the deal stands as it is.

        Raises:
            IllegalActionError: not during the first betting round (before the
                first draw), a position outside the deal, or one already recorded.
        """
        if self._phase != "bet" or self._betting.index != 0:
            raise IllegalActionError("a card exposed in the deal is recorded before the first draw")
        number = self._deal_errors.position(position)
        seat = (self.button + 1 + number) % self._n
        ruling, reason = self._deal_errors.exposed(number, in_hand=not self._chips.folded[seat])
        card = CARD_TEXT[self._dealer.dealt[number]]
        self._log.record("deal_exposed", position=number, seat=seat, card=card, ruling=ruling)
        if ruling == MISDEAL:
            self._misdeal(reason)
        elif ruling == REPLACED:
            self._dealer.replace_exposed_in_deal(seat, number)
        return ruling

    def record_wrong_count(self, seat: int) -> CountRuling:
        """Record that ``seat`` was dealt the wrong number of cards; returns the ruling.

        * ``"misdeal"``: found before substantial action: every chip comes
          back and the hand is redealt with the same button (seed 000);
        * ``"dead"``: found after it: the deal stands and that seat's hand is
          dead, as a hand of the wrong size is at the showdown; its chips
          stay in the pot.

        Raises:
            IllegalActionError: the hand is over, ``seat`` is not a seat, or
                (after substantial action) it has folded already.
        """
        if self._phase == "over":
            raise IllegalActionError("the hand is over", as_seat(seat, self._n))
        number = as_seat(seat, self._n)
        if number is None:
            raise IllegalActionError(f"seat {short_repr(seat)} is not a seat of this hand (0..{self._n - 1})")
        ruling = self._deal_errors.wrong_count()
        if ruling == DEAD and self._chips.folded[number]:
            raise IllegalActionError(f"seat {number} has folded: its hand is out of play already", number)
        self._log.record("wrong_count", seat=number, ruling=ruling)
        if ruling == MISDEAL:
            self._misdeal(f"seat {number} was dealt the wrong number of cards")
        else:
            self._kill(number)
        return ruling

    def act(self, action: Sequence[Any] | str) -> Event:
        """Apply an action given as data: "fold", "check", "call", ("raise", total) or ("draw", cards).

        Returns the event recorded, as the method the action names returns it.

        This is what player callables return (see ``badugi.engine.match``). A
        bet is a raise from nothing, as the history records it: ("bet", total)
        is ("raise", total), and "bet" or "raise" alone goes to the smallest
        total allowed now.

        Raises:
            IllegalActionError: an unknown or illegal action.
        """
        parts: list[Any] | None = [action] if isinstance(action, str) else as_sequence(action)
        kind = parts[0] if parts and isinstance(parts[0], str) else None  # only then compare it
        args = parts[1:] if parts else []
        if kind in ("fold", "check", "call") and not args:
            recorded: Event = getattr(self, kind)()
            return recorded
        if kind in ("bet", "raise") and len(args) <= 1:
            return self.raise_to(args[0] if args else self._smallest_raise(kind))
        if kind == "draw" and len(args) == 1:
            return self.draw(args[0])
        raise IllegalActionError(
            f"unknown action {short_repr(action)}: "
            "use fold, check, call, bet, ('raise', total) or ('draw', cards)",
            self.actor,
        )

    def _smallest_raise(self, kind: str) -> int:
        """The least total a bet or raise may go to now, for an action that names no total."""
        least = self.legal().min_raise_to
        if least is None:
            raise IllegalActionError(f"{kind} is not allowed now", self.actor)
        return least

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
        return replay(cls.from_setup, history)

    # ---- the procedure ----------------------------------------------------------------

    def _clockwise(self, start: int) -> list[int]:
        return [(start + k) % self._n for k in range(self._n)]

    def _record(self, kind: str, seat: int, **details: Any) -> Event:
        return self._log.record(kind, seat=seat, **details)

    def _new_betting(self, index: int) -> Betting:
        big_blind = None if self.blinds is None else self.blinds[1]
        covered_seat_acts = self._setup.rules_version < 2
        return Betting(
            index, self._chips, self.structure, big_blind, self.ante, covered_seat_acts=covered_seat_acts
        )

    def _start(self) -> None:
        """Antes and blinds, the deal, and the first betting round."""
        self._phase: Phase = "bet"
        self._betting = self._new_betting(0)
        self._draw_queue: list[int] = []
        button, chips = self.button, self._chips
        if self.ante:
            for seat in self._clockwise(button + 1):
                amount = min(self.ante, chips.stacks[seat])
                chips.put_in(seat, amount)
                self._log.add("ante", seat=seat, amount=amount, all_in=chips.stacks[seat] == 0)
        if self.blinds is not None:
            heads_up = self._n == 2
            small_seat = button if heads_up else (button + 1) % self._n
            big_seat = (small_seat + 1) % self._n
            small, big = self.blinds
            for seat, amount, name in ((small_seat, small, "small"), (big_seat, big, "big")):
                posted = self._betting.post_blind(seat, amount)
                self._log.add("blind", seat=seat, blind=name, amount=posted, all_in=chips.stacks[seat] == 0)
            self._betting.blinds_posted(big)
            first = small_seat if heads_up else (big_seat + 1) % self._n
        else:
            first = (button + 1) % self._n
        self._dealer.deal(self._n, (button + 1) % self._n)  # one card at a time from the button's left
        self._deal_errors = DealErrors(len(self._dealer.dealt))
        self._open_round(first)

    def _open_round(self, first: int) -> None:
        """Queue the seats that act this round, from ``first`` clockwise, and skip it if nobody can."""
        self._phase = "bet"
        self._betting.open(self._clockwise(first))
        if self._betting.actor is None:
            self._end_betting_round()

    def _start_betting_round(self, index: int) -> None:
        self._betting = self._new_betting(index)
        self._log.add("round", index=index)
        self._open_round((self.button + 1) % self._n)

    def _after_action(self) -> None:
        if self._chips.players_in() == 1:  # the others folded (or their hands were found dead)
            self._finish()
        elif not self._betting.pending:
            self._end_betting_round()

    def _after_draw(self) -> None:
        if not self._draw_queue:
            self._dealer.complete_draws(self._clockwise(self.button + 1))
            self._start_betting_round(self._betting.index + 1)

    def _misdeal(self, reason: str) -> None:
        """Every chip goes back and the hand is dealt again, with the same button."""
        returned = self._chips.refund()
        self._misdeals += 1
        self._dealer = Dealer(self._setup, self._game, self._log, redeal=self._misdeals)
        deck = [CARD_TEXT[card] for card in self._dealer.order]
        self._log.record("misdeal", reason=reason, returned=returned, deck=deck)
        self._start()

    def _kill(self, seat: int) -> None:
        """``seat``'s hand is dead: out of the hand like a fold, its chips left in the pot."""
        self._chips.fold(seat)
        self._dealer.muck(seat)
        self._betting.remove(seat)
        if seat in self._draw_queue:
            self._draw_queue.remove(seat)
        if self._chips.players_in() == 1:
            self._finish()
        elif self._phase == "bet":
            self._after_action()
        else:
            self._after_draw()

    def _end_betting_round(self) -> None:
        if self._betting.index == betting_rounds(self._game) - 1:
            self._finish()
            return
        self._phase = "draw"
        self._dealer.start_draws()
        self._draw_queue = [s for s in self._clockwise(self.button + 1) if not self._chips.folded[s]]
        self._log.add("draw_round", index=self._betting.index + 1)

    def _finish(self) -> None:
        """Settle the hand: the showdown (or the last seat in wins), then the payouts."""
        folded, held = self._chips.folded, self._dealer.hands
        last_round = self._betting.index == betting_rounds(self._game) - 1
        aggressor = self._betting.last_aggressor if last_round else None
        if aggressor is not None and folded[aggressor]:  # its hand was found dead
            aggressor = None
        # The engine's own cards and chips, checked as they were dealt and bet: settled as they are.
        self._showdown = result = settle(
            {seat: held[seat] for seat in range(self._n) if not folded[seat]},
            self._chips.contributions,
            self.button,
            aggressor,
            self._game,
            self.qualifier,
            self._chips.carry,
        )
        if self._chips.players_in() > 1:
            held = self._dealer.hands
            self._log.add(
                "showdown",
                order=result.order,
                hands=Event((str(s), tuple([CARD_TEXT[c] for c in held[s]])) for s in result.order),
                pots=tuple(
                    Event(amount=pot.amount, eligible=pot.eligible, winners=pot.winners)
                    for pot in result.pots
                ),
            )
        self._chips.pay(result.payouts)
        self._betting.pending = []
        self._draw_queue = []
        self._phase = "over"
        self._log.add(
            "payouts", payouts=result.payouts, stacks=tuple(self._chips.stacks), carried=result.carried
        )

    # ---- whose turn it is ---------------------------------------------------------------

    def _betting_actor(self, seat: int | None, what: str) -> int:
        if self._phase != "bet":
            raise IllegalActionError(
                f"cannot {what} now: the hand is in the {self._phase!r} phase", self._named(seat)
            )
        actor = self._betting.pending[0]
        self._check_turn(seat, actor, what)
        return actor

    def _check_turn(self, seat: object, actor: int, what: str) -> None:
        """``seat``, if given, must be the seat to act (a bool is not a seat)."""
        if seat is None:
            return
        number = as_int(seat)
        if number is None:
            raise IllegalActionError(f"seat must be a seat number or None, got {short_repr(seat)}")
        if number != actor:
            raise IllegalActionError(
                f"seat {short_repr(number)} cannot {what} out of turn: seat {actor} is to act",
                as_seat(number, self._n),
            )

    def _named(self, seat: object) -> int | None:
        """The seat an action refused was for: the seat named, if it is one, else the seat to act."""
        return self.actor if seat is None else as_seat(seat, self._n)
