"""One hand of a ``Variant``, played one integer action at a time, chance included.

The chips, the betting and the settlement are the engine's: a
``FollowedHand`` (the engine told its cards instead of dealing them) takes
every fold, check, call, raise and draw and settles through
``badugi.showdown``. It is driven blind (its cards unknown) and shown the
hands at the end, because its checks of a record assume a full deck; the
cards themselves, and what each seat has seen, are kept here
(``badugi.adapters.deal`` for the chance).

The seats are numbered as the engine numbers them, the button last: in a
heads-up hand seat 1 has the button and the small blind, seat 0 the big
blind. A fold is offered only facing a bet (a fold that could check is
never better, and OpenSpiel's own poker games leave it out too).

The engine's hand is never changed in place: each betting move is played
once per tree on a copy and shared by every state that makes it, whatever the
cards (``badugi.adapters._engine_node``), so a clone copies no engine hand
and chance moves never touch it. A terminal is paid by the engine's
``payouts_if`` (the showdown ``settle`` pays by) without settling the shared
hand, once, and its returns are kept.
"""

from __future__ import annotations

from typing import NamedTuple

from badugi.adapters._engine_node import EngineNode
from badugi.adapters.actions import CALL, DISCARD, FOLD, RAISE, thrown_by
from badugi.adapters.deal import Batch, most_thrown, outcomes, take
from badugi.adapters.variant import Variant
from badugi.cards import CARD_TEXT, as_index
from badugi.engine.followed import FollowedHand
from badugi.errors import IllegalActionError
from badugi.games import Game

__all__ = ["Seen", "TableState"]


class Seen(NamedTuple):
    """One thing that happened, and who saw it.

    Attributes:
        seat: the seat that saw it, or None for every seat.
        kind: "card" (dealt or drawn to ``actor``), "thrown" (a card ``actor`` threw),
            "bet" (``value`` FOLD, CALL or RAISE), "draw" (``value`` cards thrown) or "round".
        actor: the seat it happened to (the round's number for "round").
        value: the card, the action or the count.
        text: how it reads.
    """

    seat: int | None
    kind: str
    actor: int
    value: int
    text: str


class _VariantHand(FollowedHand):
    """A followed hand that ends after the variant's last betting round.

    Why a subclass: the engine's setups take only the games ``badugi.games``
    names (a history records its game by name), each with its own draws; a
    variant with fewer draws ends the hand where ``Hand`` ends it after a
    game's last round, through the same ``_finish``.
    """

    rounds: int = 1

    def _end_betting_round(self) -> None:
        if self._betting.index == self.rounds - 1:
            self._finish()
        else:
            super()._end_betting_round()


class TableState:
    """A hand of ``variant`` from the deal to the payouts; see the module's docstring.

    Raises:
        badugi.errors.GameSetupError: ``variant`` is not a Variant.
    """

    def __init__(self, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            from badugi.errors import GameSetupError  # noqa: PLC0415 - only to name the problem

            raise GameSetupError(f"a TableState plays a Variant, got {type(variant).__name__}")
        self.variant = variant
        n = variant.players
        hand = _VariantHand(
            [variant.stack] * n,
            n - 1,
            variant.structure,
            blinds=variant.blinds,
            ante=variant.ante,
            game=variant.game,
        )
        hand.rounds = variant.draws + 1
        if variant.ante:
            for seat in range(n):
                hand.post("ante", seat, min(variant.ante, variant.stack))
        if variant.blinds is not None:
            small_seat = n - 1 if n == 2 else 0
            for kind, seat, amount in (
                ("small_blind", small_seat, variant.small_blind),
                ("big_blind", (small_seat + 1) % n, variant.big_blind),
            ):
                left = hand.stacks[seat]
                if left:
                    hand.post(kind, seat, min(amount, left))
        hand.deal([[None] * variant.hand_size] * n)
        self._node = EngineNode(hand)
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.stub: list[int] = list(variant.deck)
        self.discards: list[int] = []
        self.seen: list[Seen] = []
        self._batch: Batch | None = Batch(0, variant.hand_size, ascending=True)
        self._round = 0
        self._legal: tuple[int, ...] | None = None  # the legal actions, once asked, until the next action
        self._returns: tuple[float, ...] | None = None  # once the hand is over

    # ---- copying ----------------------------------------------------------------------

    def new_hand(self) -> TableState:
        """A fresh hand of the same variant, as a new ``TableState(variant)`` deals it, in a tree of its own.

        Cheap: the engine's hand before the deal is the same for every hand of a
        variant and nobody changes it, so the new tree starts from it (a new
        root node, its own cache of the moves played); the cards, the stub and
        what was seen start over. Only a state that has not moved yet has that
        hand: call it on the state a variant starts with.

        Raises:
            badugi.errors.IllegalActionError: this state has moved on from the start.
        """
        if self.seen or any(self.cards) or self._batch is None or self._batch.seat != 0:
            raise IllegalActionError("new_hand starts from a hand's first state, before any card is dealt")
        variant = self.variant
        new = TableState.__new__(TableState)
        new.variant = variant
        new._node = EngineNode(self._node.hand)
        new.cards = [[] for _ in range(variant.players)]
        new.stub = list(variant.deck)
        new.discards = []
        new.seen = []
        new._batch = Batch(0, variant.hand_size, ascending=True)
        new._round = 0
        new._legal = self._legal  # the first card's outcomes: the same for every hand
        new._returns = None
        return new

    def clone(self) -> TableState:
        """An independent copy: the engine's hand is shared, as nobody changes it (see the module)."""
        new = TableState.__new__(TableState)
        new.variant = self.variant
        new._node = self._node
        new.cards = [list(cards) for cards in self.cards]
        new.stub = list(self.stub)
        new.discards = list(self.discards)
        new.seen = list(self.seen)  # of immutable tuples
        new._batch = None if self._batch is None else self._batch.copy()
        new._round = self._round
        new._legal = self._legal
        new._returns = self._returns
        return new

    def __copy__(self) -> TableState:
        return self.clone()

    def __deepcopy__(self, memo: object) -> TableState:
        return self.clone()

    def __getstate__(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "_hand": self._node.hand,  # not the node: its children are a cache of the whole tree
            "cards": self.cards,
            "stub": self.stub,
            "discards": self.discards,
            "seen": self.seen,
            "_batch": self._batch,
            "_round": self._round,
            "_legal": None,
            "_returns": self._returns,
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        hand = state.pop("_hand")
        assert isinstance(hand, FollowedHand)
        self.__dict__.update(state)
        self._node = EngineNode(hand)

    # ---- reading -----------------------------------------------------------------------

    @property
    def hand(self) -> FollowedHand:
        """The engine's hand (blind: its cards are unknown to it until the showdown). Do not act on it."""
        return self._node.hand

    @property
    def is_chance(self) -> bool:
        """True while a card is to be dealt."""
        return self._batch is not None

    @property
    def is_terminal(self) -> bool:
        """True once the hand is settled."""
        return self._returns is not None

    @property
    def actor(self) -> int | None:
        """The seat to decide, or None at a chance node or once the hand is over."""
        if self._batch is not None:
            return None
        return self._node.actor

    @property
    def phase(self) -> str:
        """One of "deal" (a card to come), "bet", "draw" or "over"."""
        if self._batch is not None:
            return "deal"
        return "over" if self._returns is not None else self._node.phase

    @property
    def round_index(self) -> int:
        """The betting round, 0 before the first draw; during a draw, the round before it."""
        return self._round

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's possible ids and their probabilities (empty unless ``is_chance``)."""
        if self._batch is None:
            return []
        found = outcomes(self._batch, self.stub, self.discards)
        if self._legal is None:  # the cards are the legal actions, which apply checks (and clones keep)
            self._legal = tuple(card for card, _ in found)
        return found

    def legal_actions(self) -> list[int]:
        """The legal actions, ascending: card ids at a chance node, decisions otherwise ([] once over)."""
        return list(self._legal_now())

    def _legal_now(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._find_legal())  # asked by the caller, then by apply: found once
        return legal

    def _find_legal(self) -> list[int]:
        if self._batch is not None:
            return [card for card, _ in self.chance_outcomes()]
        node = self._node
        if node.phase == "bet":
            legal = node.legal()
            actions = [FOLD] if legal.call else []
            actions.append(CALL)
            if legal.max_raise_to is not None:
                actions.append(RAISE)
            return actions
        if node.phase == "draw":
            most = most_thrown(self.stub, self.discards, self.variant.hand_size)
            held = len(self.cards[node.actor or 0])
            return [DISCARD + mask for mask in range(1 << held) if bin(mask).count("1") <= most]
        return []

    def returns(self) -> list[float]:
        """Each seat's chips won (or lost, negative) over the hand; zeros until it is over."""
        if self._returns is None:
            return [0.0] * self.variant.players
        return list(self._returns)

    # ---- acting ------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a chance outcome (a card id) or a decision.

        Raises:
            badugi.errors.IllegalActionError: an action that is not legal now; the state is unchanged.
        """
        number = as_index(action)  # an int, or a numpy integer; not a bool, a float or text
        if number is None or number not in self._legal_now():
            raise IllegalActionError(f"action {action!r} is not legal now (legal: {self.legal_actions()})")
        action = number
        self._legal = None
        if self._batch is not None:
            self._deal(action)
        elif self._node.phase == "bet":
            self._bet(action)
        else:
            self._draw(action)
        self._settle_if_done()

    def _deal(self, card: int) -> None:
        batch = self._batch
        assert batch is not None
        take(batch, card, self.stub, self.discards)
        seat = batch.seat
        self.cards[seat].append(card)
        self.seen.append(Seen(seat, "card", seat, card, CARD_TEXT[card]))
        if batch.need:
            return
        self.cards[seat].sort()
        self.discards.extend(batch.held)  # the draw is over: its discards join the others
        self._batch = None
        if not batch.held and seat + 1 < self.variant.players:  # the deal (no discards) goes on
            self._batch = Batch(seat + 1, self.variant.hand_size, ascending=True)

    def _bet(self, action: int) -> None:
        seat = self._node.actor
        assert seat is not None
        legal = self._node.legal()
        if action == FOLD:
            self.discards.extend(self.cards[seat])  # mucked with the discards
            text = "fold"
        elif action == CALL:
            text = "check" if legal.check else "call"
        else:
            text = "bet" if legal.check else "raise"
        self._node = self._node.after(action, lambda h: _bet(h, action))
        self.seen.append(Seen(None, "bet", seat, action, text))
        self._next_round_marker()

    def _draw(self, action: int) -> None:
        seat = self._node.actor
        assert seat is not None
        thrown = thrown_by(action, self.cards[seat])
        # The engine is told how many cards, never which: that count is the move.
        self._node = self._node.after(-1 - len(thrown), lambda h: h.draw([None] * len(thrown)))
        for card in thrown:
            self.seen.append(Seen(seat, "thrown", seat, card, CARD_TEXT[card]))
        self.seen.append(Seen(None, "draw", seat, len(thrown), f"draws {len(thrown)}"))
        if thrown:
            self.cards[seat] = [card for card in self.cards[seat] if card not in thrown]
            fits = len(self.stub) - 1 >= len(thrown)  # no reshuffle: the cards come sorted
            self._batch = Batch(seat, len(thrown), ascending=fits, held=tuple(thrown))
        self._next_round_marker()

    def _next_round_marker(self) -> None:
        index = self._node.round_index
        if index != self._round:
            self._round = index
            self.seen.append(Seen(None, "round", index, index, f"round {index}"))

    def _settle_if_done(self) -> None:
        """Once the betting is over and every card has come: the returns, from the engine's showdown."""
        node = self._node
        if self._batch is not None or node.phase != "showdown":
            return
        live = node.live
        # The showdown looks at the hands still in only through their ranks on each half (the pots,
        # the order and the odd chips come from the bets and the seats), so one showdown answers
        # every deal of this betting whose hands rank the same; the last hand in needs no ranks.
        game = self.variant.game
        ranks = tuple(_ranks(game, self.cards[seat]) for seat in live) if len(live) > 1 else ()
        returns = node.returns.get(ranks)
        if returns is None:
            hand, start = node.hand, self.variant.stack
            payouts = hand.payouts_if(self.cards)
            returns = node.returns[ranks] = tuple(
                float(stack + paid - start) for stack, paid in zip(hand.stacks, payouts, strict=True)
            )
        self._returns = returns

    def __str__(self) -> str:
        """Every card and every action (for debugging and OpenSpiel's checks)."""
        hands = " ".join(
            f"p{seat}:{''.join(CARD_TEXT[c] for c in cards)}" for seat, cards in enumerate(self.cards)
        )
        actions = " ".join(f"p{s.actor}:{s.text}" for s in self.seen if s.kind in ("bet", "draw"))
        return f"{hands} | {actions} | {self.phase}"


def _ranks(game: Game, cards: list[int]) -> tuple[int, ...]:
    """``game.rank(cards)``, kept: a tree's terminals rank the same few hands again and again."""
    key = (game.name, tuple(cards))
    ranks = _RANKS.get(key)
    if ranks is None:
        if len(_RANKS) >= _MOST_RANKS:
            _RANKS.clear()
        ranks = _RANKS[key] = game.rank(cards)
    return ranks


_RANKS: dict[tuple[str, tuple[int, ...]], tuple[int, ...]] = {}
_MOST_RANKS = 1 << 18  # hands of a whole deck are many more: a bound on the memory, not a full table


def _bet(hand: FollowedHand, action: int) -> None:
    """Play a bet action (FOLD, CALL or RAISE) on the engine's hand: a raise is always to the limit."""
    legal = hand.legal()
    if action == FOLD:
        hand.fold()
    elif action == CALL:
        if legal.check:
            hand.check()
        else:
            hand.call()
    else:
        assert legal.max_raise_to is not None
        hand.raise_to(legal.max_raise_to)
