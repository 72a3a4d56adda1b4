"""A hand the engine did not deal, followed from a record: every action checked by the rules.

``FollowedHand`` is a ``Hand`` whose cards come from outside. Built with the
table (stacks, button, stakes), it takes the forced bets as a record states
them (``post``: antes, the blinds, a big blind posted out of position to come
in, a dead small blind), then the deal as the record shows it (``deal``, None
for a card nobody saw), then the betting through ``Hand``'s own ``fold``,
``check``, ``call`` and ``raise_to``, each checked as in a dealt hand. A draw
says what was thrown and what came (``draw(thrown, received=...)``), each card
None where the record is silent. When the last round is over the hand waits
(phase ``"showdown"``): hands are shown (``show``) or mucked (``muck``, which
concedes), then ``settle`` pays the pots as the rules say, less the room's
rake, checked against what the record says each player collected. A hand
shown later (in a summary) is known from then on: ``show`` still takes it.

A followed hand has no deck, no seed and no dealing errors: its history
records the cards as the record gave them (``"??"`` for an unknown one) and
does not replay through ``Hand.replay``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from badugi.cards import ID_BY_TEXT, HandLike
from badugi.engine._checks import as_count, as_seat, as_sequence, short_repr
from badugi.engine.betting import NOTHING_LEGAL, Legal
from badugi.engine.followed_dealer import UNKNOWN, FollowedDealer, card_text
from badugi.engine.hand import Hand, Phase
from badugi.engine.history import Event
from badugi.engine.misdeal import CountRuling, DealErrors, ExposedRuling
from badugi.engine.setup import Setup
from badugi.engine.structures import Structure
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADUGI, GameLike
from badugi.showdown import Showdown, showdown

__all__ = ["POSTS", "FollowedHand", "followed_about"]

#: The forced bets ``post`` takes: each is dead money (``"ante"``, ``"dead_blind"``) or a live bet.
POSTS = ("ante", "small_blind", "big_blind", "live_blind", "dead_blind")


def followed_about(events: Sequence[Any]) -> Mapping[str, Any] | None:
    """What a followed hand's record said of its table (its ``followed`` event's ``about``), or None.

    None when ``events`` are not a followed hand's history (a dealt hand's, or not a history). The
    parts of ``about`` are as the history holds them: checked where they are read.
    """
    if len(events) > 1 and isinstance(events[1], Mapping) and events[1].get("event") == "followed":
        about = events[1].get("about")
        return about if isinstance(about, Mapping) else {}
    return None


def _card(item: object, what: str, seat: int | None) -> int:
    """One card of a record (for ``seat``): its text or id, or None for a card not shown."""
    if item is None:
        return UNKNOWN
    if isinstance(item, str) and item in ID_BY_TEXT:
        return ID_BY_TEXT[item]
    number = as_count(item, 0, 51)
    if number is None:
        raise IllegalActionError(
            f"{what}: {short_repr(item)} is not a card (text such as 'Ah', or None)", seat
        )
    return number


def _cards(items: object, what: str, seat: int | None) -> list[int]:
    listed = None if isinstance(items, (str, bytes)) else as_sequence(items)
    if listed is None:
        raise IllegalActionError(
            f"{what} must be a list of cards (None for a card not shown), got {short_repr(items)}", seat
        )
    return [_card(item, what, seat) for item in listed]


class FollowedHand(Hand):
    """A hand followed from a record; see the module's docstring for the procedure.

    Args:
        stacks: chips in front of each seat (2 to 8 seats), clockwise.
        button: the button's seat.
        structure: the betting structure.
        blinds: the table's ``(small, big)``, or None; what the blinds posted are checked against.
        ante: the table's ante.
        game: the game.
        about: what the record says about the table (JSON data: the names,
            the hand's number, ...), kept in the history's ``followed`` event.

    Raises:
        GameSetupError: as ``Hand``, or ``about`` that is not JSON data.
    """

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        structure: Structure,
        *,
        blinds: tuple[int, int] | None = None,
        ante: int = 0,
        game: GameLike = BADUGI,
        about: Mapping[str, Any] | None = None,
    ) -> None:
        if about is not None and not isinstance(about, Mapping):
            raise GameSetupError(f"about must be a mapping (JSON data), got {short_repr(about)}")
        try:
            json.dumps(dict(about or {}))
        except (TypeError, ValueError) as exc:
            raise GameSetupError(f"about must be JSON data (the history is JSON): {exc}") from None
        self._about = dict(about or {})
        self._begin(Setup(stacks, button, structure, blinds=blinds, ante=ante, seed=0, burn=False, game=game))

    def _new_dealer(self) -> FollowedDealer:  # type: ignore[override]
        # Hand's own procedure calls the dealer it knows: this one keeps that part of its interface.
        self._followed = FollowedDealer(self._game, self._log)
        return self._followed

    def _start(self) -> None:
        """Not the deal: the record's posts come first (``post``), then its deal (``deal``)."""
        self._log.record("followed", about=self._about)
        self._phase: Phase = "post"
        self._betting = self._new_betting(0)
        self._draw_queue: list[int] = []
        self._posted: dict[tuple[str, int], int] = {}
        self._big_seat: int | None = None
        self._live_bet = False
        self._rake = 0
        self._payouts: list[int] | None = None
        self._conceded: list[bool] = [False] * self._n
        self._dead = [0] * self._n  # chips each seat posted dead

    # ---- reading -----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """``"post"``, ``"bet"``, ``"draw"``, ``"showdown"`` (shows, mucks, then ``settle``) or ``"over"``."""
        return self._phase

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's current cards as text, ``"??"`` for a card not shown ([] once folded or mucked)."""
        return [[card_text(c) for c in cards] for cards in self._followed.hands]

    @property
    def current_bet(self) -> int:
        """The bet of this round (a big blind counts, all-in for less or not): a bet over it is a raise."""
        return self._betting.current_bet

    @property
    def rake(self) -> int:
        """What the room took from the pot (0 until ``settle``)."""
        return self._rake

    @property
    def payouts(self) -> list[int] | None:
        """Chips each seat got once settled: its share of the pots (less the rake) and its uncalled bets."""
        return None if self._payouts is None else list(self._payouts)

    @property
    def conceded(self) -> list[bool]:
        """Whether each seat mucked at the showdown (it folded nothing, but gave up the pot)."""
        return list(self._conceded)

    def legal(self) -> Legal:
        """What the seat to act may do now (nothing while posting, at the showdown, or once over)."""
        if self._phase in ("post", "showdown"):
            return NOTHING_LEGAL
        return super().legal()

    # ---- the forced bets and the deal ----------------------------------------------------------

    def _expected_small(self) -> int:
        return self.button if self._n == 2 else (self.button + 1) % self._n

    def post(self, kind: str, seat: int, amount: int) -> Event:
        """The record says ``seat`` posted ``amount`` as ``kind`` (one of ``POSTS``); returns the event.

        A blind or ante short of the table's is allowed only all-in. The small
        blind is the seat left of the button (heads-up, the button), the big
        blind the seat after the small blind's (or, when no small blind is
        posted, left of the button); a ``live_blind`` is a big blind posted from
        another seat (it counts as the seat's bet), a ``dead_blind`` chips
        that are no bet (at most the big blind).

        Raises:
            IllegalActionError: not before the deal, an unknown kind, a seat or
                amount out of place, or a post made twice.
        """
        if self._phase != "post":
            raise IllegalActionError("the forced bets are posted before the deal")
        if kind not in POSTS:
            raise IllegalActionError(f"unknown post {short_repr(kind)}: one of {', '.join(POSTS)}")
        number = as_seat(seat, self._n)
        if number is None:
            raise IllegalActionError(f"seat {short_repr(seat)} is not a seat of this hand (0..{self._n - 1})")
        stack = self._chips.stacks[number]
        chips = as_count(
            amount, 0 if stack == 0 else 1
        )  # nothing only from a seat all-in already (by its ante)
        if chips is None:
            raise IllegalActionError(f"a post is a whole number of chips above 0, got {short_repr(amount)}")
        if (kind, number) in self._posted:
            raise IllegalActionError(f"seat {number} posts a {kind.replace('_', ' ')} twice", number)
        if chips > stack:
            raise IllegalActionError(f"seat {number} posts {chips} with {stack} chips behind", number)
        self._check_post(kind, number, chips, all_in=chips == stack)
        self._posted[kind, number] = chips
        if kind in ("ante", "dead_blind"):
            self._chips.put_in(number, chips)
            if kind == "dead_blind":  # dead money in the middle: no bet, so it matches no one's bet
                self._dead[number] += chips
            return self._record(
                "ante" if kind == "ante" else "blind",
                number,
                **({} if kind == "ante" else {"blind": "dead"}),
                amount=chips,
                all_in=self._chips.stacks[number] == 0,
            )
        self._betting.post_blind(number, chips)
        self._live_bet = True
        if kind == "big_blind":
            self._big_seat = number
        name = {"small_blind": "small", "big_blind": "big", "live_blind": "live"}[kind]
        return self._record("blind", number, blind=name, amount=chips, all_in=self._chips.stacks[number] == 0)

    def _check_post(self, kind: str, seat: int, chips: int, all_in: bool) -> None:
        if kind == "ante":
            table, what = self.ante, "the ante"
        else:
            if self.blinds is None:
                raise IllegalActionError(f"seat {seat} posts a blind at a table without blinds", seat)
            small, big = self.blinds
            table, what = {
                "small_blind": (small, "the small blind"),
                "dead_blind": (big, "the big blind"),
            }.get(kind, (big, "the big blind"))
        if kind == "dead_blind" and chips <= table:
            return
        if chips > table or (chips < table and not all_in):
            raise IllegalActionError(
                f"seat {seat} posts {chips} as {kind.replace('_', ' ')}: "
                f"{what} is {table} (less only all-in)",
                seat,
            )
        small_seat = self._expected_small()
        small_posted = any(key == ("small_blind", small_seat) for key in self._posted)
        if kind == "small_blind" and seat != small_seat:
            raise IllegalActionError(f"seat {seat} posts the small blind: it is seat {small_seat}'s", seat)
        if kind == "big_blind":
            # Left of the small blind; with none posted (a dead small blind, or none at this table), the
            # seat left of the button may post it too.
            expected = {(small_seat + 1) % self._n}
            if not small_posted and self._n > 2:
                expected.add(small_seat)
            if seat not in expected:
                raise IllegalActionError(
                    f"seat {seat} posts the big blind: "
                    f"it is seat {' or '.join(map(str, sorted(expected)))}'s",
                    seat,
                )
        if kind == "live_blind" and seat == self._big_seat:
            raise IllegalActionError(f"seat {seat} posts the big blind already", seat)

    def deal(self, hands: Sequence[Sequence[str | int | None]]) -> None:
        """The deal as the record shows it: each seat's cards, None for a card not shown.

        Raises:
            IllegalActionError: not right after the posts, a seat without the
                game's number of cards, or a card in two places.
        """
        if self._phase != "post":
            raise IllegalActionError(
                f"the deal comes once, after the posts (the hand is in the {self._phase!r} phase)"
            )
        listed = as_sequence(hands)
        if listed is None or len(listed) != self._n:
            raise IllegalActionError(f"the deal gives one hand to each of the {self._n} seats")
        ids = [_cards(cards, f"the deal to seat {seat}", seat) for seat, cards in enumerate(listed)]
        for seat, cards in enumerate(ids):
            if len(cards) != self._game.hand_size:
                raise IllegalActionError(
                    f"the deal gives seat {seat} {len(cards)} cards: "
                    f"{self._game.name} deals {self._game.hand_size}",
                    seat,
                )
        self._followed.deal_known(ids)
        self._big_blind_all_in_by_its_ante()
        if self._live_bet:
            big = self.blinds[1] if self.blinds is not None else 0
            self._betting.blinds_posted(big)
        self._deal_errors = DealErrors(len(self._followed.dealt))
        first = (self.button + 1) % self._n if self._big_seat is None else (self._big_seat + 1) % self._n
        self._open_round(first)

    def _big_blind_all_in_by_its_ante(self) -> None:
        """A big blind all-in by its ante posts nothing (records write no line): it is still the big blind.

        As in a dealt hand, the bet is then the full blind and the first to act is left of it.
        """
        if self.blinds is None or self._big_seat is not None:
            return
        small = next((seat for kind, seat in self._posted if kind == "small_blind"), self._expected_small())
        seat = (small + 1) % self._n
        if self._chips.stacks[seat] == 0 and not any(
            posted == seat for _, posted in self._posted if _ != "ante"
        ):
            self._big_seat = seat
            self._live_bet = True

    # ---- the draws -----------------------------------------------------------------------------

    def draw(
        self,
        discards: Sequence[str | int | None],
        seat: int | None = None,
        exposed: int = 0,
        *,
        received: Sequence[str | int | None] | None = None,
    ) -> Event:
        """The seat to draw throws ``discards``, gets ``received`` (None: a card unseen); returns the event.

        ``received`` left out is as many cards not shown.

        Raises:
            IllegalActionError: not a draw or not this seat's turn, more cards
                than a hand holds, ``received`` not as many as thrown, a card the
                seat does not hold, a card that is elsewhere, or ``exposed``
                (a followed hand records no dealing errors).
        """
        if self._phase != "draw":
            raise IllegalActionError(
                f"cannot draw now: the hand is in the {self._phase!r} phase", self._named(seat)
            )
        actor = self._draw_queue[0]
        self._check_turn(seat, actor, "draw")
        if exposed != 0:
            raise IllegalActionError("a followed hand records no exposed cards", actor)
        thrown = _cards(discards, f"the draw of seat {actor}", actor)
        most = self._game.hand_size
        if len(thrown) > most:
            raise IllegalActionError(
                f"seat {actor} cannot draw: a draw throws 0 to {most} cards, got {len(thrown)}", actor
            )
        new = (
            [UNKNOWN] * len(thrown)
            if received is None
            else _cards(received, f"the cards seat {actor} receives", actor)
        )
        if len(new) != len(thrown):
            raise IllegalActionError(
                f"seat {actor} throws {len(thrown)} cards and receives {len(new)}", actor
            )
        recorded = self._followed.swap(actor, thrown, new)
        self._deal_errors.acted(put_chips_in=False)
        self._draw_queue.pop(0)
        self._after_draw()
        return recorded

    # ---- the showdown ----------------------------------------------------------------------------

    def _finish(self) -> None:
        # The record, not the engine, says what happens once the betting is over: who shows, who
        # mucks, what the room takes. ``settle`` ends the hand.
        self._betting.pending = []
        self._draw_queue = []
        self._phase = "showdown"

    def show(self, seat: int, cards: Sequence[str | int | None]) -> Event:
        """``seat`` shows ``cards``: a hand still in is known from then on; a mucked or folded one is told.

        Returns the ``show`` event recorded.

        A folded or mucked hand shown (a summary's ``mucked [...]``) goes in the
        history and changes nothing, but may not hold a card another hand holds.

        Raises:
            IllegalActionError: before the deal, not the game's number of cards,
                or a card that contradicts what is known.
        """
        if self._phase == "post":
            raise IllegalActionError("no hand is shown before the deal")
        number = as_seat(seat, self._n)
        if number is None:
            raise IllegalActionError(f"seat {short_repr(seat)} is not a seat of this hand (0..{self._n - 1})")
        shown = _cards(cards, f"the hand seat {number} shows", number)
        if len(shown) != self._game.hand_size or UNKNOWN in shown or len(set(shown)) != len(shown):
            raise IllegalActionError(
                f"seat {number} must show {self._game.hand_size} different cards", number
            )
        if self._chips.folded[number]:  # out of play: only told, not played, but it must fit what is known
            for card in shown:
                holder = next(
                    (s for s, held in enumerate(self._followed.hands) if s != number and card in held), None
                )
                if holder is not None:
                    raise IllegalActionError(
                        f"seat {number} shows {card_text(card)}, which is in seat {holder}'s hand", number
                    )
            return self._record("show", number, cards=[card_text(c) for c in shown], played=False)
        self._followed.reveal(number, shown)
        return self._record("show", number, cards=[card_text(c) for c in shown], played=True)

    def forfeit(self, seat: int) -> Event:
        """``seat``, all in, gives its hand up out of turn; returns the ``forfeit`` event recorded.

        A room folds the all-in hand of a player sitting out (PokerStars writes
        ``Player3: folds`` though the seat has nothing to decide): the hand is
        out like a fold, its chips stay in the pots, and it draws no more.

        Raises:
            IllegalActionError: before the deal or once the betting is over, or
                a seat not still in or not all in (one with chips folds in turn).
        """
        if self._phase not in ("bet", "draw"):
            raise IllegalActionError(
                f"a hand is forfeited while it is played: the hand is in the {self._phase!r} phase"
            )
        number = as_seat(seat, self._n)
        if number is None or self._chips.folded[number] or self._chips.stacks[number]:
            raise IllegalActionError(
                f"seat {short_repr(seat)} forfeits its hand, but only a hand still in and all in can "
                "(a seat with chips folds in turn)",
                as_seat(seat, self._n),
            )
        event = self._record("forfeit", number)
        self._kill(number)
        return event

    def muck(self, seat: int) -> Event:
        """``seat`` mucks at the showdown: it concedes every pot; returns the ``muck`` event recorded.

        Raises:
            IllegalActionError: not at the showdown, or a seat not still in.
        """
        if self._phase != "showdown":
            raise IllegalActionError(
                f"a hand is mucked at the showdown: the hand is in the {self._phase!r} phase"
            )
        number = as_seat(seat, self._n)
        if number is None or self._chips.folded[number]:
            raise IllegalActionError(
                f"seat {short_repr(seat)} is not in the hand: it cannot muck", as_seat(seat, self._n)
            )
        if self._chips.players_in() == 1:
            raise IllegalActionError(
                f"seat {number} is the last hand in: it has nobody to concede to", number
            )
        self._chips.fold(number)
        self._conceded[number] = True
        self._followed.muck(number)
        return self._record("muck", number)

    def settle(self, rake: int = 0, collected: Sequence[int] | None = None) -> None:
        """Pay the pots as the rules say, less ``rake``; ``collected`` is what the record says each seat took.

        Each seat's share comes from the showdown of the hands still in (every
        one shown) or goes to the last hand in. With a rake, ``collected``
        (without the uncalled bets returned) is required: nobody may collect
        more than the rules give it, nor anything from a pot it did not win,
        and what they collect plus the rake is every chip the pots held.
        Without a rake, ``collected``, if given, must be exactly the rules' shares.

        Raises:
            IllegalActionError: not at the showdown, a hand still in and not
                shown, or ``rake``/``collected`` that do not add up, naming the seat.
        """
        if self._phase != "showdown":
            raise IllegalActionError(
                f"a hand is settled after its betting: the hand is in the {self._phase!r} phase"
            )
        taken = as_count(rake, 0)
        if taken is None:
            raise IllegalActionError(
                f"the rake is a whole number of chips, 0 or more, got {short_repr(rake)}"
            )
        folded = self._chips.folded
        live = [s for s in range(self._n) if not folded[s]]
        hands: list[HandLike | None] = [None] * self._n
        if len(live) == 1:
            # The last hand in wins whatever it holds: the showdown never looks at it, but needs a hand.
            hands[live[0]] = tuple(range(self._game.hand_size))
        else:
            for s in live:
                if UNKNOWN in self._followed.hands[s]:
                    raise IllegalActionError(
                        f"seat {s}'s hand is still in at the showdown, neither shown nor mucked", s
                    )
                hands[s] = tuple(self._followed.hands[s])
        result = self._showdown_of(hands)
        won = [paid - back for paid, back in zip(result.payouts, result.returned, strict=True)]
        shares = self._shares(won, taken, collected)
        self._showdown = result
        self._rake = taken
        self._payouts = [share + back for share, back in zip(shares, result.returned, strict=True)]
        if len(live) > 1:
            self._log.record(
                "showdown",
                order=result.order,
                hands={str(s): [card_text(c) for c in self._followed.hands[s]] for s in result.order},
                pots=[
                    {"amount": p.amount, "eligible": p.eligible, "winners": p.winners} for p in result.pots
                ],
            )
        self._chips.pay(self._payouts)
        self._phase = "over"
        self._log.record(
            "payouts",
            payouts=self._payouts,
            stacks=self._chips.stacks,
            carried=0,
            returned=result.returned,
            rake=taken,
        )

    def _showdown_of(self, hands: list[HandLike | None]) -> Showdown:
        """The showdown of ``hands`` (None for a folded seat) over this hand's bets; nothing changes."""
        folded = self._chips.folded
        aggressor = self._betting.last_aggressor
        if aggressor is not None and folded[aggressor]:
            aggressor = None
        # A dead blind is no seat's bet: it joins the main pot as dead money, and matches nobody's bet.
        bets = [put - dead for put, dead in zip(self._chips.contributions, self._dead, strict=True)]
        return showdown(hands, bets, self.button, aggressor, game=self._game, carry=sum(self._dead))

    def payouts_if(self, cards: Sequence[Sequence[int]]) -> list[int]:
        """What ``settle()`` (no rake) would pay each seat, bets returned included, were ``cards`` shown.

        ``cards[seat]`` is the hand of each seat still in (card ids); a folded
        seat's is ignored. The hand does not change, so one hand blind to its
        cards answers for every deal of the same betting (a solver's many
        terminals); ``settle`` pays by the same showdown.

        Raises:
            IllegalActionError: not at the showdown, or not a hand of the game's size for each seat.
        """
        if self._phase != "showdown":
            raise IllegalActionError(
                f"payouts come after the betting: the hand is in the {self._phase!r} phase"
            )
        folded = self._chips.folded
        if len(cards) != self._n:
            raise IllegalActionError(f"payouts_if needs one hand for each of the {self._n} seats")
        live = [s for s in range(self._n) if not folded[s]]
        hands: list[HandLike | None] = [None] * self._n
        for s in live:
            held = tuple(cards[s]) if len(live) > 1 else tuple(range(self._game.hand_size))
            if len(held) != self._game.hand_size:
                raise IllegalActionError(f"seat {s} must hold {self._game.hand_size} cards", s)
            hands[s] = held
        result = self._showdown_of(hands)
        return list(result.payouts)

    def _shares(self, won: list[int], rake: int, collected: Sequence[int] | None) -> list[int]:
        """What each seat takes of the pots: the rules' shares, less the rake as the record splits it."""
        if collected is None:
            if rake:
                raise IllegalActionError("with a rake, settle needs what each seat collected")
            return won
        listed = as_sequence(collected)
        if listed is None or len(listed) != self._n:
            raise IllegalActionError(f"collected must give one amount for each of the {self._n} seats")
        took: list[int] = []
        for seat, item in enumerate(listed):
            amount = as_count(item, 0)
            if amount is None:
                raise IllegalActionError(
                    f"seat {seat} collects {short_repr(item)}: not a whole number of chips", seat
                )
            if amount > won[seat] or (amount and not won[seat]):
                raise IllegalActionError(
                    f"seat {seat} collects {amount}, but the rules give it {won[seat]} of the pots", seat
                )
            took.append(amount)
        if sum(took) + rake != sum(won):
            raise IllegalActionError(
                f"the seats collect {sum(took)} and the rake is {rake}: {sum(took) + rake} chips, "
                f"but the pots hold {sum(won)}"
            )
        for seat, amount in enumerate(took):
            if won[seat] and not amount and rake < won[seat]:
                raise IllegalActionError(
                    f"seat {seat} wins {won[seat]} by the rules but collects nothing", seat
                )
        return took

    # ---- what a followed hand does not do -----------------------------------------------------------

    def record_exposed_card(self, position: int) -> ExposedRuling:
        """A followed hand records no dealing errors: always refused.

        Raises:
            IllegalActionError: always.
        """
        raise IllegalActionError("a followed hand records no dealing errors")

    def record_wrong_count(self, seat: int) -> CountRuling:
        """A followed hand records no dealing errors: always refused.

        Raises:
            IllegalActionError: always.
        """
        raise IllegalActionError("a followed hand records no dealing errors")

    @classmethod
    def replay(cls, history: object) -> Hand:
        """A followed hand has no deck to deal again from: always refused.

        Raises:
            IllegalActionError: always.
        """
        raise IllegalActionError("a followed hand does not replay: follow its record again")
