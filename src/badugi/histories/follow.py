"""Following a ``HandRecord`` through the engine: every step checked by the rules, every chip accounted for.

``follow(record)`` builds a ``FollowedHand`` for the record's table and plays
its steps in order: the posts, the deal (the cards the record shows, unknown
elsewhere), each action (it must be the engine's seat to act, and a call or a
bet must put in what the line says), each draw (its count, and its cards where
the record shows them), the shows and the mucks. Then the hand is settled:
what the record says each player collected, plus the rake, must be what the
pots held, nobody collecting more than the rules give it; the uncalled bets
the record returns must be the engine's; the total pot, when the record gives
one, must be what went in less those bets. Hands the record shows after the
pots are paid (a summary's ``mucked [...]``) are known from then on.

Anything that does not follow is a ``HandHistoryError`` naming the hand and
the line of the step.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from badugi.cards import quote
from badugi.engine.followed import POSTS, FollowedHand
from badugi.errors import GameSetupError, HandHistoryError, IllegalActionError
from badugi.histories._text import cut
from badugi.histories.record import STEP_KINDS, HandRecord, ReadHand, RecordedPlayer, Step

__all__ = ["follow", "follow_read"]

_ACTIONS = ("fold", "check", "call", "bet", "raise", "bet_or_raise", "check_or_call")


_SEAT = re.compile(r"\bseat (\d+)(?:'s)?")


class _Follower:
    """Plays one record's steps, naming the hand and the line in every error."""

    def __init__(self, record: HandRecord, hand_type: type[FollowedHand] = FollowedHand) -> None:
        self.record = record
        self.hand_type = hand_type
        self.collected = [0] * len(record.players)
        self.returned = [0] * len(record.players)
        self.settled = False
        self.first_collect: Step | None = None  # where the record pays the pots: settling errors name it

    def fail(self, message: str, step: Step | None = None) -> HandHistoryError:
        # The engine names seats by number; a record's reader knows its players by name.
        message = _SEAT.sub(self._name, message)
        record = self.record
        where = (
            record.label if step is None or not step.line else f"{record.label}, {record.place} {step.line}"
        )
        line = step.line if step is not None and step.line else None
        label = record.label if isinstance(record.label, str) else None
        return HandHistoryError(cut(f"{where}: {message}"), label=label, line=line)

    def _name(self, found: re.Match[str]) -> str:
        number = int(found.group(1))
        players = self.record.players
        if number >= len(players) or not players[number].name:
            return found.group(0)
        return players[number].name + ("'s" if found.group(0).endswith("'s") else "")

    def start(self) -> FollowedHand:
        record = self.record
        try:
            return self.hand_type(
                [player.stack for player in record.players],
                record.button,
                record.structure,
                blinds=record.blinds,
                ante=record.ante,
                game=record.game,
                about={
                    "source": record.source,
                    "label": record.label,
                    "names": [player.name for player in record.players],
                    "seats": [player.seat for player in record.players],
                    "fields": dict(record.fields),
                },
            )
        except GameSetupError as exc:
            raise self.fail(f"the table cannot be set up: {exc}") from None

    def deal(self, hand: FollowedHand) -> None:
        size = self.record.game.hand_size
        cards: list[tuple[str | None, ...]] = [(None,) * size for _ in self.record.players]
        for step in self.record.steps:
            if step.kind == "deal":
                if any(card is not None for card in cards[step.seat]):
                    raise self.fail(f"seat {step.seat} is dealt twice", step)
                cards[step.seat] = step.cards
        try:
            hand.deal(cards)
        except IllegalActionError as exc:
            # Name the deal of the seat at fault (the first the message names), not the step that began it.
            at = next((s for s in self.record.steps if s.kind == "deal" and s.seat == exc.seat), None)
            raise self.fail(str(exc), at) from None

    def play(self) -> FollowedHand:
        hand = self.start()
        n = len(self.record.players)
        for step in self.record.steps:
            if step.kind not in STEP_KINDS:
                raise self.fail(f"unknown step {step.kind!r}", step)
            if not 0 <= step.seat < n:
                raise self.fail(f"seat {step.seat} is not a seat of the hand (0..{n - 1})", step)
            if self.first_collect and not self.settled and step.kind not in ("collect", "returned"):
                self.settle(hand, self.first_collect)  # the pots are paid: what follows is the summary
            try:
                if hand.phase == "post" and step.kind not in (*POSTS, "show", "returned", "collect"):
                    self.deal(hand)
                if step.kind in _ACTIONS or step.kind in ("draw_round", "draw", "show", "muck", "forfeit"):
                    self.check_for_the_covered(hand, step)
                self.take(hand, step)
            except (IllegalActionError, GameSetupError) as exc:
                raise self.fail(str(exc), step) from None
        if hand.phase == "post":
            raise self.fail("the record stops before the deal")
        self.check_for_the_covered(hand, None)
        if hand.phase in ("bet", "draw"):
            raise self.fail(f"the record stops before the hand is over: seat {hand.actor} is to act")
        if not self.settled:
            self.settle(hand, self.first_collect)
        return hand

    @staticmethod
    def check_for_the_covered(hand: FollowedHand, step: Step | None) -> None:
        """Check for a seat whose every opponent still in is all-in, unless the record has it act.

        Such a seat has nothing to decide (a bet could not be called), and
        records (PHH as PokerKit plays it, the rooms' histories) skip its turn;
        the engine asks it to check.
        """
        while hand.phase == "bet" and hand.legal().check:
            seat = hand.actor
            assert seat is not None
            if step is not None and step.kind in _ACTIONS and step.seat == seat:
                return
            stacks, folded = hand.stacks, hand.folded
            if any(stacks[other] and not folded[other] for other in range(hand.n_seats) if other != seat):
                return
            hand.check()

    def take(self, hand: FollowedHand, step: Step) -> None:
        kind = step.kind
        if kind in POSTS:
            hand.post(kind, step.seat, step.amount if step.amount is not None else 0)
            return
        if kind == "deal":
            return
        if kind == "returned":
            self.returned[step.seat] += step.amount or 0
        elif kind == "collect":
            self.collected[step.seat] += step.amount or 0
            self.first_collect = self.first_collect or step
        elif kind == "forfeit":
            hand.forfeit(step.seat)
        elif kind in _ACTIONS:
            self.act(hand, step)
        elif kind == "draw_round":
            if hand.phase != "draw" or hand.round_index + 1 != step.count:
                raise IllegalActionError(
                    f"the record starts draw {step.count}, but the engine is in the {hand.phase!r} phase "
                    f"of round {hand.round_index}"
                )
        elif kind == "draw":
            self.draw(hand, step)
        elif kind == "show":
            hand.show(step.seat, step.cards)
        elif kind == "muck":
            hand.muck(step.seat)
            if step.cards:
                hand.show(step.seat, step.cards)

    def act(self, hand: FollowedHand, step: Step) -> None:  # noqa: PLR0912 - one branch an action
        if hand.actor != step.seat:
            what = "nobody" if hand.actor is None else f"seat {hand.actor}"
            raise IllegalActionError(f"seat {step.seat} acts ({step.kind}) out of turn: {what} is to act")
        before = hand.stacks[step.seat]
        if step.kind == "check_or_call":
            if hand.legal().check:
                hand.check()
            else:
                hand.call()
        elif step.kind == "fold":
            hand.fold()
            if step.cards:
                hand.show(step.seat, step.cards)
        elif step.kind == "check":
            hand.check()
        elif step.kind == "call":
            hand.call()
            put = before - hand.stacks[step.seat]
            if step.amount is not None and put != step.amount:
                raise IllegalActionError(f"seat {step.seat} calls {step.amount}, but the call is {put}")
        else:
            if step.amount is None:
                raise IllegalActionError(f"seat {step.seat} {step.kind}s without an amount")
            made = hand.raise_to(step.amount)["event"]  # a bet or a raise, by the rules (a blind is a bet)
            if step.kind not in ("bet_or_raise", made):
                raise IllegalActionError(f"seat {step.seat}'s {step.kind} is a {made} by the rules")
        if step.all_in is not None and step.all_in != (hand.stacks[step.seat] == 0):
            said = "all-in" if step.all_in else "not all-in"
            raise IllegalActionError(
                f"the record says seat {step.seat} is {said}; it has {hand.stacks[step.seat]} left"
            )

    def draw(self, hand: FollowedHand, step: Step) -> None:
        count = step.count if step.count is not None else len(step.cards)
        if count > hand.game.hand_size:
            raise IllegalActionError(
                f"seat {step.seat} throws {count} cards: a hand holds {hand.game.hand_size}"
            )
        thrown = step.cards or (None,) * count
        received = step.received or (None,) * count
        if len(thrown) != count or len(received) != count:
            raise IllegalActionError(
                f"seat {step.seat} throws {count} cards, but the record names {len(thrown)} thrown "
                f"and {len(received)} received"
            )
        if hand.phase == "draw" and hand.actor != step.seat:
            raise IllegalActionError(f"seat {step.seat} draws out of turn: seat {hand.actor} is to draw")
        hand.draw(list(thrown), received=list(received))

    def settle(self, hand: FollowedHand, at: Step | None) -> None:
        record = self.record
        # A record that states no payouts (PHH) is settled by the rules alone.
        stated = self.first_collect is not None
        try:
            hand.settle(record.rake, self.collected if stated else None)
        except IllegalActionError as exc:
            raise self.fail(str(exc), at) from None
        result = hand.result
        assert result is not None
        if stated and list(result.returned) != self.returned:
            for seat, (engine, said) in enumerate(zip(result.returned, self.returned, strict=True)):
                if engine != said:
                    raise self.fail(
                        f"the record returns {said} of seat {seat}'s bets uncalled; the rules return {engine}"
                    )
        if record.total_pot is not None:
            went_in = sum(hand.contributions) - sum(result.returned)
            if record.total_pot != went_in:
                raise self.fail(f"the record's total pot is {record.total_pot}; {went_in} went in")
        self.settled = True


_MOST = 2**63 - 1  # the most chips the engine counts (as every other amount of the library)


def _whole(value: object, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= _MOST


def _cards_field(value: object) -> bool:
    return isinstance(value, (tuple, list)) and all(card is None or isinstance(card, str) for card in value)


def _check_step(step: object, k: int, n: int) -> str | None:  # noqa: PLR0911 - one answer a field
    """What is wrong with step ``k`` (from 1) of a record of ``n`` players, or None."""
    if not isinstance(step, Step):
        return f"step {k} is not a Step: {quote(step)}"
    if not isinstance(step.kind, str) or step.kind not in STEP_KINDS:
        return f"step {k} has the kind {quote(step.kind)}: one of {', '.join(sorted(STEP_KINDS))}"
    line = step.line if _whole(step.line) and step.line else None
    name = f"step {k} ({step.kind}{'' if line is None else f', line {line}'})"
    if not _whole(step.seat) or step.seat >= n:
        return f"{name} has the seat {quote(step.seat)}: a seat is 0 to {n - 1}"
    for part in ("amount", "count"):
        value = getattr(step, part)
        if value is not None and not _whole(value):
            return f"{name} has the {part} {quote(value)}: a whole number from 0 to 2**63-1, or None"
    for part in ("cards", "received"):
        if not _cards_field(getattr(step, part)):
            given = quote(getattr(step, part))
            return f"{name} has the {part} {given}: a tuple of cards (each text, or None)"
    if step.all_in is not None and not isinstance(step.all_in, bool):
        return f"{name} has all_in {quote(step.all_in)}: True, False or None"
    if not _whole(step.line):
        return f"{name} has the line {quote(step.line)}: a whole number from 0 to 2**63-1"
    return None


def _check_record(record: HandRecord) -> str | None:  # noqa: PLR0911 - one answer a field
    """What is wrong with the record's fields (their types, before the rules see them), or None."""
    players = record.players
    if not isinstance(players, (tuple, list)) or not all(isinstance(p, RecordedPlayer) for p in players):
        return f"players must be a tuple of RecordedPlayer, got {quote(players)}"
    for k, player in enumerate(players):
        if (
            not isinstance(player.name, str)
            or not _whole(player.stack)
            or not (player.seat is None or _whole(player.seat))
        ):
            wanted = "a name (str), a stack and a seat (whole numbers, 0 to 2**63-1)"
            return f"player {k} is {quote(player)}: {wanted}"
    if (
        not isinstance(record.label, str)
        or not isinstance(record.source, str)
        or not isinstance(record.place, str)
    ):
        return "source, label and place must be text"
    if not isinstance(record.fields, Mapping):
        return f"fields must be a mapping, got {quote(record.fields)}"
    if not isinstance(record.steps, (tuple, list)):
        return f"steps must be a tuple of Step, got {quote(record.steps)}"
    for name in ("rake", "ante"):
        if not _whole(getattr(record, name)):
            return f"{name} must be a whole number of chips, 0 to 2**63-1, got {quote(getattr(record, name))}"
    if record.total_pot is not None and not _whole(record.total_pot):
        return (
            f"total_pot must be a whole number of chips (0 to 2**63-1) or None, got {quote(record.total_pot)}"
        )
    for k, step in enumerate(record.steps, 1):
        wrong = _check_step(step, k, len(players))
        if wrong:
            return wrong
    return None


def follow(record: HandRecord, *, hand_type: type[FollowedHand] = FollowedHand) -> FollowedHand:
    """Play ``record`` through the engine; returns the ``FollowedHand``, settled.

    ``hand_type`` is the class of the hand built: a subclass of ``FollowedHand`` that
    watches each action as it comes (``badugi.review`` rebuilds a seat's decisions so).

    Raises:
        HandHistoryError: a step the rules refuse, a record that stops before
            the hand is over, or amounts collected, returned or in the pot that
            are not the rules', naming the hand and the line.
    """
    if not isinstance(record, HandRecord):
        raise HandHistoryError(f"follow takes a HandRecord, got {type(record).__name__}")
    wrong = _check_record(record)
    if wrong is not None:
        label = record.label if isinstance(record.label, str) else "a record"
        raise HandHistoryError(cut(f"{label[:60]}: {wrong}"))
    if not (isinstance(hand_type, type) and issubclass(hand_type, FollowedHand)):
        raise HandHistoryError(f"hand_type must be FollowedHand or a subclass, got {quote(hand_type)}")
    follower = _Follower(record, hand_type)
    return follower.play()


def follow_read(read: ReadHand) -> ReadHand:
    """A hand of a file with its record followed: ``hand`` and ``names`` set, or the refusal as ``error``.

    A hand with no record, already refused, or skipped is returned as it is;
    a refused one keeps its ``record``. Every reader's ``read_*`` and
    ``badugi.histories.read_hands`` follow each hand so.

    Raises:
        HandHistoryError: ``read`` is not a ``ReadHand``.
    """
    if not isinstance(read, ReadHand):
        raise HandHistoryError(f"follow_read takes a ReadHand, got {quote(read)}")
    if read.record is None or read.error is not None or read.skipped is not None:
        return read
    try:
        hand = follow(read.record)
    except HandHistoryError as exc:
        return ReadHand(read.line, read.label, read.record, error=exc, fields=read.fields)
    names = tuple(player.name for player in read.record.players)
    return ReadHand(read.line, read.label, read.record, hand=hand, names=names, fields=read.fields)
