"""One table at play: its seats, watchers and host, the hand in play, the server the only authority.

Everything runs on the event loop's thread, one step at a time, so no lock
is needed: an intent is read, checked against the engine's ``Legal`` for that
seat, applied to the hand in play, **written to the store**, and only then
is every socket sent what it may see of it. Bots answer on the loop too
(after ``Pacing.bot_delay``, so that a person can follow them).

The rules of a real online table:

* **the start**: a table waits until every person seat is taken (or until
  its host starts it, if it was made so); nobody is on the clock before;
* **the turn clock** (``clock`` seconds, 0 for none): when it runs out the
  seat checks if it can, stands pat in a draw, or else folds, and is marked
  away; an away seat acts that way at once on every turn until its person is
  back (any message of theirs, or opening the seat again). Each action the
  table made for a seat is marked (``auto``: ``"time"`` or ``"away"``) in the
  frames and the stored hand;
* **a dropped connection keeps the seat**: the clock alone acts for it;
* **one live socket per seat**: a second connection to a seat replaces the
  first, which is told so and closed; the new one gets the whole view at once;
* **nobody at the table, no deal**: a table whose people are all away or
  gone deals no new hand until one comes back (it is closed once abandoned);
* **a write that fails pauses the table**: nothing of what it would have
  written is sent; every socket is told in one line, and the write is tried
  again with a growing pause until it succeeds, when the table goes on.

A **match** deals every seat; a **home game** deals the seats that sit in,
with chips (``badugi.web.home``). Which one, and what each rule allows, is
the settings'; the table plays both the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from badugi.engine import BOTS, Action, Hand, IllegalActionError, Level, Player, view_of
from badugi.engine.history import Event
from badugi.web.driver import DealtHand, DriftError, Driver, MatchDriver
from badugi.web.home import HomeDriver
from badugi.web.limits import Buckets, Limits
from badugi.web.lineup import bot_for
from badugi.web.protocol import Act, Back, Chat, Draw, Intent, Seating, WebInputError, action_for
from badugi.web.replay import replay_hand
from badugi.web.settings import TableSettings
from badugi.web.store import SeatRecord, Store, StoredHand, TableRecord
from badugi.web.views import (
    PublicState,
    Scene,
    SeatScene,
    chat_frame,
    dumps,
    end_frame,
    error_frame,
    event_frame,
    notice_frame,
    public_state,
    spectator_event,
    state_frame,
)

__all__ = ["DRIVERS", "Connection", "DriftError", "Pacing", "SeatState", "Table"]

log = logging.getLogger("badugi.web")

#: What deals a table's hands, by its settings' mode.
DRIVERS: dict[str, Callable[[TableSettings], Driver]] = {"match": MatchDriver, "home": HomeDriver}
#: The longest pause between two tries of a write that failed, in seconds.
LONGEST_RETRY = 30.0
#: Chat messages a socket is sent when it connects (the table's last ones).
CHAT_KEPT = 50


class Connection(Protocol):
    """A socket, as the table sees it: frames out, and a close."""

    def send(self, text: str) -> None:
        """Queue one frame (JSON text) to the socket."""

    def close(self, code: int, reason: str) -> None:
        """Close the socket (after the frames queued)."""


@dataclass(frozen=True)
class Pacing:
    """How fast a table moves: a bot's pause before it acts, and the pause between hands (seconds)."""

    bot_delay: float = 0.6
    between_hands: float = 4.0


@dataclass
class SeatState:
    """A table seat now: who sits there (a person or a bot), and how they are."""

    kind: str
    name: str
    claimed: bool
    muted: bool
    sitting_out: bool
    connection: Connection | None = None
    away: bool = False
    rebuy: str | None = None  # a rebuy "asked" of the host, or "granted" (done before the next deal)

    @property
    def taken(self) -> bool:
        """A bot's seat, or a person's whose invitation was used."""
        return self.kind != "person" or self.claimed

    @property
    def present(self) -> bool:
        """A person at the table: connected, and not away."""
        return self.kind == "person" and self.connection is not None and not self.away


@dataclass
class _Hold:
    """The one write a failing store holds back, and what to do once it is done."""

    write: Callable[[], None]
    then: Callable[[], None]
    delay: float = 1.0
    timer: asyncio.TimerHandle | None = None


@dataclass
class _Sockets:
    """Who watches: watchers (``watch`` links) and the host's sockets."""

    watchers: set[Connection] = field(default_factory=set)
    hosts: set[Connection] = field(default_factory=set)


class Table:
    """A table: its driver (a match or a home game), the hand in play, its sockets and clocks."""

    def __init__(
        self,
        record: TableRecord,
        seats: Sequence[SeatRecord],
        store: Store,
        pacing: Pacing,
        limits: Limits | None = None,
        *,
        on_done: Callable[[Table], None] | None = None,
    ) -> None:
        self.id = record.id
        self.store = store
        self.pacing = pacing
        self.limits = limits or Limits()
        self.control: dict[str, Any] = {
            "paused": False,
            "clock": record.settings.clock,
            "watching": record.settings.watching,
        }
        self.control.update(record.control)
        self.settings = record.settings.with_clock(self.control["clock"])
        self.status = record.status
        self.created = record.created
        self.seats = [SeatState(s.kind, s.name, s.claimed, s.muted, s.sitting_out) for s in seats]
        self.sockets = _Sockets()
        self.driver: Driver = DRIVERS[self.settings.mode](self.settings)
        self.dealt: DealtHand | None = None
        self.actions = 0  # every action applied, for the benchmark
        self.seen = record.seen or record.created  # the last time a person was at the table
        self._on_done = on_done
        self._loop: asyncio.AbstractEventLoop | None = None
        self._public: list[Event] = []  # the hand in play's events, as a seat that owns none sees them
        self._auto: dict[int, str] = {}  # positions in the hand's history of actions the table made
        self._bots: dict[int, Player] = {}
        self._turn = 0  # bumped by every action: a timer or bot step of an older turn does nothing
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._left: float | None = None  # the clock's time left when the table was paused
        self._deal_timer: asyncio.TimerHandle | None = None
        self._told = 0  # events of the hand in play sent so far
        self._saved = 0  # events of the hand in play written to the store
        self._hold: _Hold | None = None
        self._held: str | None = None  # why no hand is dealt now: "away", "seats"
        self._restarted: int | None = None
        self._stopping = False
        self._stakes: tuple[Level, int | None] | None = None  # the hand in play's (or the last one's)
        self._chat = Buckets(self.limits.chat, self.limits.chat_per_second)
        self._connects = Buckets(self.limits.reconnects, self.limits.reconnects_per_second)

    # -- starting, restoring, ending ---------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Restore the table from the store (its hands counted again, a hand in play voided); go on.

        Raises:
            DriftError: a stored hand does not play again as stored (the table is damaged).
            sqlite3.Error: the store cannot be read.
        """
        self._loop = loop
        voided = self.store.void_in_play(self.id)
        if voided is not None:
            self._restarted = voided[0]
            log.info("table %s: hand %d was in play at a stop; voided, to be dealt again", self.id, voided[0])
        lines = self.store.ledger(self.id)
        counted = 0
        for stored in self.store.hands(self.id):
            while counted < len(lines) and lines[counted]["after_hand"] < stored.number:
                self._credit(lines[counted])
                counted += 1
            self.driver.restore(stored.number, stored.seated, stored.history, stored.redeal)
            self._turn += 1
        for line in lines[counted:]:
            self._credit(line)
        if self.status == "playing":
            self._next_deal(0.0)
        elif self.status == "waiting":
            self._maybe_start()

    def _credit(self, line: dict[str, Any]) -> None:
        self.driver.credit(line["seat"], line["kind"], line["amount"])

    @property
    def done(self) -> bool:
        """Whether the table is over or closed (it deals no more; it leaves the server's memory)."""
        return self.status in ("over", "closed")

    def _maybe_start(self) -> None:
        if self.status == "waiting" and self.settings.start == "auto" and all(s.taken for s in self.seats):
            self.begin()

    def begin(self) -> None:
        """Start the table: the seats taken buy in, and the first hand is dealt (by the host, or at once).

        Raises:
            WebInputError: it is not waiting to start.
        """
        if self.status != "waiting":
            raise WebInputError("the table has started already")
        self._buy_in([seat for seat, state in enumerate(self.seats) if state.taken])
        self.status = "playing"
        self.store.set_status(self.id, "playing")
        log.info("table %s: started", self.id)
        self._touch()
        self._broadcast_state()
        self._next_deal(0.0)

    def _buy_in(self, taken: list[int]) -> None:
        """The seats ``taken`` that buy in now do: each line kept in the ledger, then its chips counted."""
        for seat, amount in self.driver.buy_ins(taken):
            self.store.add_ledger(self.id, seat, "buy_in", amount, self.driver.hands_played)
            self.driver.credit(seat, "buy_in", amount)

    def end(self, status: str = "over", reason: str = "over") -> None:
        """End the table as it stands (a hand in play is voided: chips as at its start); tell everyone.

        ``status`` is ``"over"`` (the match's end, or the host's) or ``"closed"``
        (abandoned); ``reason`` what the end frame says.
        """
        if self.done:
            return
        # The store first: if it cannot be written, nothing has changed (the table plays on, paused or not).
        in_play = self.dealt is not None and self.dealt.hand.actor is not None
        if in_play:
            self.store.void_in_play(self.id)
        standings = self.standings()
        self.store.set_status(self.id, status, standings)
        self._stop_timers()
        if in_play:
            self.dealt = None
        self._hold = None
        self.status = status
        log.info("table %s: %s (%s)", self.id, status, reason)
        frame = dumps(end_frame(standings, reason))
        for connection in self._everyone():
            connection.send(frame)
        self._broadcast_state()
        if self._on_done is not None:
            self._on_done(self)

    def standings(self) -> list[dict[str, Any]]:
        """Each seat's place now: ``seat``, ``name``, ``chips``, ``place`` (1 first)."""
        return [
            {"seat": seat, "name": self.seats[seat].name, "chips": chips, "place": place}
            for place, (seat, chips) in enumerate(self.driver.standings(), 1)
        ]

    def stop(self) -> None:
        """The server stops: no deals, no acts, every socket closed (1001); the hand in play stays stored."""
        self._stop_timers()
        self._stopping = True
        for connection in self._everyone():
            connection.close(1001, "the server is stopping")

    def _stop_timers(self) -> None:
        self._cancel_clock()
        for timer in (self._deal_timer, self._hold.timer if self._hold else None):
            if timer is not None:
                timer.cancel()
        self._deal_timer = None
        self._turn += 1  # a bot's step already queued does nothing

    # -- the store, and what to do when it fails ---------------------------------------------------

    def _write(self, write: Callable[[], None], then: Callable[[], None]) -> None:
        """Do ``write``, then ``then``; if the write fails, pause until it succeeds (see the module)."""
        try:
            write()
        except (sqlite3.Error, OSError) as exc:
            self._failed(_Hold(write, then), exc)
            return
        then()

    def _failed(self, hold: _Hold, exc: BaseException) -> None:
        first = self._hold is None
        self._hold = hold
        self._cancel_clock()
        if first:
            log.error("table %s: the store cannot be written (%s); the table is paused", self.id, exc)
            self._tell(
                "The server cannot save the game (is its disk full?): the table is paused, and goes on "
                "by itself as soon as it can."
            )
            self._broadcast_state()
        assert self._loop is not None
        hold.timer = self._loop.call_later(hold.delay, self._retry)

    def _retry(self) -> None:
        hold = self._hold
        if hold is None or self._stopping:
            return
        try:
            hold.write()
        except (sqlite3.Error, OSError):
            hold.delay = min(LONGEST_RETRY, hold.delay * 2)
            assert self._loop is not None
            hold.timer = self._loop.call_later(hold.delay, self._retry)
            return
        self._hold = None
        log.info("table %s: the store is written again; the table goes on", self.id)
        self._tell("The game is saved again: the table goes on.")
        hold.then()

    @property
    def paused(self) -> str | None:
        """Why nothing moves, or None: ``"store"``, ``"host"``, ``"away"`` (nobody here), ``"seats"``."""
        if self._hold is not None:
            return "store"
        if self.control["paused"]:
            return "host"
        return self._held

    # -- the sockets --------------------------------------------------------------------------------

    def _everyone(self) -> list[Connection]:
        seated = [seat.connection for seat in self.seats if seat.connection is not None]
        return [*seated, *self.sockets.watchers, *self.sockets.hosts]

    def may_connect(self, seat: int) -> bool:
        """Whether a socket may open ``seat`` now (a seat reconnecting in a loop is slowed down)."""
        return self._connects.allow(seat)

    def join(self, seat: int, connection: Connection) -> None:
        """A person's socket for ``seat``: it replaces any other, and gets the whole view at once."""
        state = self.seats[seat]
        old = state.connection
        if old is not None:
            old.send(dumps(error_frame("this seat was opened elsewhere; this window no longer plays it")))
            old.close(4001, "replaced")
        state.connection = connection
        log.info("table %s: seat %d connected%s", self.id, seat, " (replacing another)" if old else "")
        self._touch()
        self._start_if_due()  # a start the store once refused is tried again
        self._welcome(connection, seat)
        if state.away:
            self._back(seat)
        else:
            self._presence(seat)
        self._wake()

    def watch(self, connection: Connection, *, host: bool = False) -> None:
        """A watcher's socket (or the host's, with ``host``): the table with no cards, at once.

        Raises:
            WebInputError: watching is off, or the table has its most watchers.
        """
        if not host:
            if self.control["watching"] == "off":
                raise WebInputError("the host has turned watching off")
            if len(self.sockets.watchers) >= self.limits.watchers:
                raise WebInputError(f"this table has {self.limits.watchers} watchers, its most")
            self.sockets.watchers.add(connection)
        else:
            self.sockets.hosts.add(connection)
        self._welcome(connection, None, host=host)
        self._broadcast_state()

    def leave(self, connection: Connection) -> None:
        """A socket went away: a seat stays (the others see it disconnected); a watcher is gone."""
        for seat, state in enumerate(self.seats):
            if state.connection is connection:
                state.connection = None
                log.info("table %s: seat %d disconnected", self.id, seat)
                self._touch()
                self._presence(seat)
                return
        if connection in self.sockets.watchers or connection in self.sockets.hosts:
            self.sockets.watchers.discard(connection)
            self.sockets.hosts.discard(connection)
            self._broadcast_state()

    def _welcome(self, connection: Connection, seat: int | None, *, host: bool = False) -> None:
        """What a socket is sent on connecting: the state, the hand so far, the state again, the chat."""
        delayed = seat is None and not host and self.control["watching"] == "delayed"
        public = self._public_state(delayed=delayed)
        connection.send(state_frame(None if delayed else self._hand(), public, seat))
        if self.dealt is not None and not delayed:
            scene = self._scene()
            for position, item in enumerate(self.dealt.hand.history):
                connection.send(dumps(event_frame(item, scene, seat, self._auto.get(position))))
            connection.send(state_frame(self._hand(), public, seat))
        if self._restarted is not None:
            connection.send(dumps(notice_frame(self._restart_line())))
        for message in self.store.chat(self.id, CHAT_KEPT):
            connection.send(dumps(chat_frame(message)))
        if host:
            connection.send(dumps(self.host_frame()))
        if self.done:
            connection.send(dumps(end_frame(self.standings(), self.status)))

    def _restart_line(self) -> str:
        return f"The server restarted: hand {self._restarted} is dealt again, from a fresh deck."

    def _presence(self, seat: int) -> None:
        """Tell the other sockets that a seat came or went (a small frame, not the whole state)."""
        state = self.seats[seat]
        frame = dumps(
            {"type": "presence", "seat": seat, "connected": state.connection is not None, "away": state.away}
        )
        for connection in self._everyone():
            if connection is not state.connection:
                connection.send(frame)
        self._host_update()

    def _touch(self) -> None:
        """A person is at the table now, or just left: the abandonment clock starts again."""
        self.seen = time.time()
        with contextlib.suppress(sqlite3.Error, OSError):  # a failing store costs the abandonment clock only
            self.store.set_seen(self.id, self.seen)

    # -- what a seat says ---------------------------------------------------------------------------

    def receive(self, seat: int, intent: Intent, connection: Connection) -> bool:
        """One message of the person at ``seat``: applied if allowed now, else refused with one error frame.

        Returns whether it was an action in turn (the socket's rate limit gives
        its allowance back). A message from a socket that was replaced is ignored.
        """
        if self.seats[seat].connection is not connection:
            return False
        try:
            return self._intent(seat, intent)
        except WebInputError as exc:
            connection.send(dumps(error_frame(str(exc))))
            return False

    def refuse(self, connection: Connection, message: str) -> None:
        """Tell the socket that sent it that its message was refused (bad input): nothing else changes."""
        connection.send(dumps(error_frame(message)))

    def _intent(self, seat: int, intent: Intent) -> bool:
        state = self.seats[seat]
        if state.away:  # any message of theirs brings them back, then it is read as any other
            self._back(seat)
        if isinstance(intent, Back):
            return False
        if isinstance(intent, Chat):
            self._chat_from(seat, intent.text)
            return False
        if isinstance(intent, Seating):
            self._seating(seat, intent.what)
            return False
        if self.done:
            raise WebInputError(f"the table is {self.status}")
        why = self.paused
        if why in ("store", "host"):
            raise WebInputError(
                "the table is paused: the server cannot save the game now"
                if why == "store"
                else "the host has paused the table"
            )
        dealt = self.dealt
        if self.status == "waiting":
            raise WebInputError("the table has not started: it waits for its people (or its host)")
        actor = None if dealt is None else dealt.hand.actor
        if dealt is None or actor is None:
            raise WebInputError("the hand is over; the next one is being dealt")
        if seat not in dealt.seated:
            raise WebInputError("you are not in this hand")
        hand, k = dealt.hand, dealt.seated.index(seat)
        if actor != k:
            raise WebInputError(f"it is not your turn: {self.seats[dealt.seated[actor]].name} is to act")
        assert isinstance(intent, (Act, Draw))
        view = view_of(hand, k)
        action = action_for(intent, view.legal, view.cards)
        try:
            self._apply(k, action)
        except IllegalActionError as exc:  # what Legal allowed, the hand refused: it is left as it was
            raise WebInputError(f"the rules refuse it: {exc}") from None
        return True

    def _back(self, seat: int) -> None:
        """The person at an away seat is back: if it is their turn, the move queued for them is void."""
        self.seats[seat].away = False
        self._touch()
        dealt = self.dealt
        turn = dealt is not None and dealt.hand.actor is not None and dealt.seated[dealt.hand.actor] == seat
        if turn and self.paused is None:
            self._turn += 1  # the away move already queued for this turn does nothing
            self._step()
        self._presence(seat)
        self._broadcast_state()
        self._wake()

    def _chat_from(self, seat: int, text: str) -> None:
        state = self.seats[seat]
        if state.muted:
            raise WebInputError("the host has muted your chat")
        if not self._chat.allow(seat):
            raise WebInputError("too many chat messages: wait a few seconds")
        try:
            number = self.store.add_chat(self.id, seat, state.name, text)
        except (sqlite3.Error, OSError):
            raise WebInputError("the server cannot keep your message now (its disk may be full)") from None
        frame = dumps(
            chat_frame({"number": number, "seat": seat, "name": state.name, "text": text, "at": time.time()})
        )
        for connection in self._everyone():
            connection.send(frame)

    def _seating(self, seat: int, what: str) -> None:
        if self.settings.mode != "home":
            raise WebInputError(f"{what.replace('_', ' ')} is a home game's: a match deals every seat")
        if self.done:
            raise WebInputError(f"the table is {self.status}")
        state = self.seats[seat]
        if what == "rebuy":
            self._ask_rebuy(seat)
            return
        state.sitting_out = what == "sit_out"
        self.store.set_seat(self.id, seat, sitting_out=state.sitting_out)
        self._tell(f"{state.name} {'sits out' if state.sitting_out else 'sits in again'}.")
        self._broadcast_state()
        self._wake()

    def _ask_rebuy(self, seat: int) -> None:
        state = self.seats[seat]
        if self.settings.rebuys == "off":
            raise WebInputError("this table has no rebuys")
        if self.driver.rebuy_amount(seat) == 0:
            raise WebInputError(f"you have {self.settings.stacks} chips or more: a rebuy goes up to that")
        if self.settings.rebuys == "host":
            state.rebuy = "asked"
            self._tell(f"{state.name} asks to rebuy; the host decides.")
            self._host_update()
            return
        state.rebuy = "granted"
        self._rebuy_when_between()

    def approve_rebuy(self, seat: int, yes: bool) -> None:
        """The host's answer to a seat's rebuy.

        Raises:
            WebInputError: the seat did not ask.
        """
        state = self.seats[seat]
        if state.rebuy != "asked":
            raise WebInputError(f"{state.name} has not asked to rebuy")
        if not yes:
            state.rebuy = None
            self._tell(f"The host declines {state.name}'s rebuy.")
            self._host_update()
            return
        state.rebuy = "granted"
        self._rebuy_when_between()

    def _rebuy_when_between(self) -> None:
        """Rebuy the seats granted it, now if no hand is in play (else before the next deal)."""
        if self.dealt is not None and self.dealt.hand.actor is not None:
            self._tell("The rebuy comes with the next hand.")
            self._host_update()
            return
        self._rebuys()
        self._broadcast_state()
        self._wake()

    def _rebuys(self) -> None:
        """Every rebuy granted, done: the ledger's line first, then the chips.

        A bot out of chips rebuys by itself where rebuys are allowed: the host seated it to play.
        """
        for seat, state in enumerate(self.seats):
            busted = self.driver.rebuy_amount(seat) == self.settings.stacks
            if state.kind != "person" and busted and self.settings.rebuys != "off":
                state.rebuy = "granted"
        for seat, state in enumerate(self.seats):
            if state.rebuy != "granted":
                continue
            state.rebuy = None
            amount = self.driver.rebuy_amount(seat)
            if amount == 0:
                continue
            self.store.add_ledger(self.id, seat, "rebuy", amount, self.driver.hands_played)
            self.driver.rebuy(seat)
            self._tell(f"{state.name} rebuys {amount:,} chips.")
        self._host_update()

    # -- the hand -----------------------------------------------------------------------------------

    def _ready(self) -> list[int]:
        """The seats that can be dealt in now: taken, sitting in, and a bot or a person not away."""
        return [
            seat
            for seat, state in enumerate(self.seats)
            if state.taken and not state.sitting_out and (state.kind != "person" or not state.away)
        ]

    def _next_deal(self, delay: float) -> None:
        if self._loop is None:
            return
        if self._deal_timer is not None:
            self._deal_timer.cancel()
        self._deal_timer = self._loop.call_later(delay, self._deal)

    def _wake(self) -> None:
        """A reason to hold the deal may be gone (someone came back, sat in, rebought): deal if so."""
        if (
            self._held is not None
            and self.status == "playing"
            and (self.dealt is None or self.dealt.hand.actor is None)
        ):
            self._held = None
            self._next_deal(0.0)

    def _deal(self) -> None:
        self._deal_timer = None
        if self.status != "playing" or self.paused in ("store", "host") or self._stopping:
            return
        if self.driver.over:
            self.end("over", "over")
            return
        if any(state.kind == "person" for state in self.seats) and not any(s.present for s in self.seats):
            self._hold_deal("away")  # nobody is here: no hand plays itself
            return
        try:
            self._buy_in([seat for seat, state in enumerate(self.seats) if state.taken])  # one refused before
            self._rebuys()  # granted between hands: before the deal
            redeal = self.store.voided_count(self.id, self.driver.hands_played + 1)
        except (sqlite3.Error, OSError) as exc:
            self._failed(_Hold(lambda: None, self._deal), exc)
            return
        self._deal_from(redeal)

    def _deal_from(self, redeal: int) -> None:
        level, rise = self.driver.level(), self.driver.next_rise()  # the stakes this hand is played at
        dealt = self.driver.deal(self._ready(), redeal)
        if dealt is None:
            self._hold_deal("seats")  # a home game with fewer than two seats to deal
            return
        self._held = None
        self._stakes = (level, rise)
        self.dealt, self._public, self._auto, self._bots = dealt, [], {}, {}
        self._told = self._saved = 0
        self._turn += 1
        log.info("table %s: hand %d dealt%s", self.id, dealt.number, f" (deck {redeal})" if redeal else "")
        if dealt.hand.actor is None:  # nobody is asked anything: it is over as dealt
            self._finish()
            return
        self._write(self._save_in_play, self._after_action)

    def _hold_deal(self, why: str) -> None:
        if self._held != why:
            self._held = why
            self._broadcast_state()

    def _save_in_play(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        history = dealt.hand.history
        self.store.save_in_play(
            self.id, dealt.number, history, self._saved, redeal=dealt.redeal, auto=self._auto
        )
        self._saved = len(history)

    def _after_action(self) -> None:
        """The action is stored: everyone is told, and the next turn starts."""
        self._broadcast_events()
        self._step()  # before the state: a person's turn is sent with its clock running
        self._broadcast_state()

    def _hand(self) -> Hand | None:
        return None if self.dealt is None else self.dealt.hand

    def _step(self) -> None:
        """Start the turn of the seat to act: a bot's move, an away seat's, or a person's clock."""
        dealt = self.dealt
        if (
            self.status != "playing"
            or dealt is None
            or self._loop is None
            or self.paused in ("store", "host")
        ):
            return
        hand = dealt.hand
        self._cancel_clock()
        if hand.actor is None:
            return
        k, turn = hand.actor, self._turn
        seat = dealt.seated[k]
        state = self.seats[seat]
        if state.kind != "person":
            self._loop.call_later(self.pacing.bot_delay, self._bot_acts, turn)
        elif state.away or not state.claimed:
            self._loop.call_soon(self._auto_acts, turn, "away")
        elif self.settings.clock > 0:
            left = self._left if self._left is not None else self.settings.clock
            self._left = None
            self._deadline = time.monotonic() + left
            self._timer = self._loop.call_later(left, self._auto_acts, turn, "time")

    def _cancel_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._deadline = None, None

    def _bot_acts(self, turn: int) -> None:
        dealt = self.dealt
        if (
            turn != self._turn
            or dealt is None
            or dealt.hand.actor is None
            or self.paused in ("store", "host")
        ):
            return
        k = dealt.hand.actor
        seat = dealt.seated[k]
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = bot_for(self.seats[seat].kind, self.settings.seed, dealt.number, seat)
        try:
            action = bot(view_of(dealt.hand, k))
        except Exception as exc:  # a bot's defect must not stop the table
            log.error("table %s: the bot at seat %d failed (%s); it checks or folds", self.id, seat, exc)
            action = _fallback(dealt.hand)
        try:
            self._apply(k, action)
        except IllegalActionError as exc:  # refused by the hand, which is left as it was
            log.error(
                "table %s: the bot at seat %d acted illegally (%s); it checks or folds", self.id, seat, exc
            )
            self._apply(k, _fallback(dealt.hand))

    def _auto_acts(self, turn: int, why: str) -> None:
        dealt = self.dealt
        if (
            turn != self._turn
            or dealt is None
            or dealt.hand.actor is None
            or self.paused in ("store", "host")
        ):
            return
        seat = dealt.seated[dealt.hand.actor]
        if why == "time":
            self.seats[seat].away = True
            log.info("table %s: seat %d ran out of time; away", self.id, seat)
            self._presence(seat)
        self._apply(dealt.hand.actor, _fallback(dealt.hand), why)

    def _apply(self, k: int, action: Action, auto: str | None = None) -> None:
        dealt = self.dealt
        assert dealt is not None
        assert dealt.hand.actor == k
        position = len(dealt.hand.history)
        dealt.hand.act(action)
        if auto is not None:
            self._auto[position] = auto
        self._turn += 1
        self.actions += 1
        self._cancel_clock()
        if dealt.hand.actor is None:
            self._finish()
            return
        self._write(self._save_in_play, self._after_action)

    def _finish(self) -> None:
        """The hand is over: counted, stored whole (the table's end with it), and only then told."""
        dealt = self.dealt
        assert dealt is not None
        self.driver.settle(dealt)
        over = self.driver.over
        standings = self.standings() if over else None

        def write() -> None:
            self.store.finish_hand(
                self.id,
                dealt.number,
                dealt.seated,
                dealt.hand.history,
                redeal=dealt.redeal,
                auto=self._auto,
                status="over" if over else None,
                standings=standings,
            )

        self._write(write, self._finished)

    def _finished(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        if self._restarted == dealt.number:
            self._restarted = None
        self._broadcast_events()
        self._broadcast_state()
        self._delayed_watchers(dealt)
        if self.driver.over:
            self.end("over", "over")
            return
        self._next_deal(self.pacing.between_hands)

    def _delayed_watchers(self, dealt: DealtHand) -> None:
        """Watchers one hand behind get the hand just stored, whole, to play back."""
        if self.control["watching"] != "delayed" or not self.sockets.watchers:
            return
        stored = StoredHand(
            dealt.number,
            dealt.seated,
            json.loads(json.dumps(dealt.hand.history)),
            dealt.redeal,
            sorted(self._auto.items()),
            None,
        )
        steps = replay_hand(
            stored,
            self._scene().seats,
            table=self.id,
            mode=self.settings.mode,
            hands=self.settings.hands,
            seat=None,
        )
        frame = dumps({"type": "replay", "hand": dealt.number, "steps": steps})
        for connection in self.sockets.watchers:
            connection.send(frame)

    # -- the host ----------------------------------------------------------------------------------

    def pause(self, paused: bool) -> None:
        """The host pauses the table (clocks stop, nobody acts) or lets it go on."""
        if self.done:
            raise WebInputError(f"the table is {self.status}")
        if self.control["paused"] == paused:
            return
        self.control["paused"] = paused
        self.store.set_control(self.id, self.control)
        if paused:
            if self._deadline is not None:
                self._left = max(1.0, self._deadline - time.monotonic())
            self._cancel_clock()
            self._turn += 1
            self._tell("The host has paused the table.")
        else:
            self._tell("The host lets the table go on.")
            if self.dealt is not None and self.dealt.hand.actor is not None:
                self._step()
            elif self.status == "playing":
                self._next_deal(0.0)
        self._broadcast_state()
        self._host_update()

    def set_clock(self, clock: object) -> None:
        """The host sets the turn clock (from the next turn on).

        Raises:
            WebInputError: not a clock the settings take.
        """
        self.settings = self.settings.with_clock(clock)
        self.control["clock"] = self.settings.clock
        self.store.set_control(self.id, self.control)
        self._tell(
            f"The host sets the clock to {self.settings.clock:g} s."
            if self.settings.clock
            else "The host turns the clock off."
        )
        self._broadcast_state()
        self._host_update()

    def set_watching(self, watching: str) -> None:
        """The host lets watchers see the table as it plays, one hand behind, or not at all."""
        self.control["watching"] = watching
        self.store.set_control(self.id, self.control)
        if watching == "off":
            self.drop_watchers("the host has turned watching off")
            return
        self._broadcast_state()
        self._host_update()

    def drop_watchers(self, why: str) -> None:
        """Close every watcher's socket (the watch link was replaced, or watching turned off)."""
        for connection in list(self.sockets.watchers):
            connection.send(dumps(error_frame(why)))
            connection.close(4004, "not watching")
        self.sockets.watchers.clear()
        self._broadcast_state()
        self._host_update()

    def set_muted(self, seat: int, muted: bool) -> None:
        """The host mutes a seat's chat, or not."""
        self.seats[seat].muted = muted
        self.store.set_seat(self.id, seat, muted=muted)
        self._broadcast_state()
        self._host_update()

    def reissue(self, seat: int) -> str:
        """A new invitation for a person seat: its old invitation and key open nothing, its socket is closed.

        Raises:
            WebInputError: not a person's seat.
        """
        state = self.seats[seat]
        if state.kind != "person":
            raise WebInputError(f"seat {seat + 1} is a bot's: turn it into a person's seat (to_person)")
        return self._invite(seat, "person")

    def to_person(self, seat: int) -> str:
        """A bot's seat becomes a person's again, with a new invitation (the seat plays as away until used).

        Raises:
            WebInputError: it is a person's seat already.
        """
        if self.seats[seat].kind == "person":
            raise WebInputError(f"seat {seat + 1} is a person's already (reissue its invitation instead)")
        return self._invite(seat, "person")

    def _invite(self, seat: int, kind: str) -> str:
        state = self.seats[seat]
        invite = self.store.invite(self.id, seat, kind)
        state.kind, state.claimed, state.away = kind, False, False
        self._drop(seat, "this seat's link was reissued by the host: ask them for the new one")
        self._bots.pop(seat, None)
        self._tell(f"The host sends seat {seat + 1} a new invitation.")
        self._broadcast_state()
        self._host_update()
        self._resume_turn_of(seat)
        return invite

    def to_bot(self, seat: int, kind: str) -> None:
        """An absent person's seat becomes a bot of ``kind``: its links open nothing any more.

        Raises:
            WebInputError: not a person's seat, its person is here, or no such bot.
        """
        state = self.seats[seat]
        if kind not in BOTS or not BOTS[kind].plays(self.settings.game_model):
            raise WebInputError(
                f"bot must be one of {', '.join(BOTS)} that plays {self.settings.game_model.title}"
            )
        if state.kind != "person":
            raise WebInputError(f"seat {seat + 1} is a bot's already")
        if state.present:
            raise WebInputError(f"{state.name} is at the table: only an absent person's seat becomes a bot")
        self.store.to_bot(self.id, seat, kind)
        state.kind, state.claimed, state.away = kind, False, False
        self._drop(seat, "the host gave this seat to a bot")
        self._tell(f"A {BOTS[kind].title.lower()} takes seat {seat + 1} ({state.name}).")
        self._broadcast_state()
        self._host_update()
        self._resume_turn_of(seat)
        self._maybe_start()

    def _drop(self, seat: int, why: str) -> None:
        connection = self.seats[seat].connection
        if connection is not None:
            self.seats[seat].connection = None
            connection.send(dumps(error_frame(why)))
            connection.close(4003, "refused")

    def _resume_turn_of(self, seat: int) -> None:
        """If it is ``seat``'s turn, start it again as the seat now is (a bot, or a person away)."""
        dealt = self.dealt
        if dealt is not None and dealt.hand.actor is not None and dealt.seated[dealt.hand.actor] == seat:
            self._turn += 1
            self._step()

    def claimed(self, seat: int, name: str) -> None:
        """A person took ``seat`` (the store has their key): their name, their buy-in; maybe the start."""
        state = self.seats[seat]
        state.claimed, state.name, state.away = True, name, False
        if self.status == "playing":
            try:
                self._buy_in([seat])
            except (sqlite3.Error, OSError) as exc:  # bought in at the next chance: the claim stands
                log.error("table %s: seat %d cannot buy in now (%s)", self.id, seat, exc)
        self._tell(f"{name} takes seat {seat + 1}.")
        self._broadcast_state()
        self._host_update()
        self._start_if_due()
        self._wake()

    def _start_if_due(self) -> None:
        """Start the table if it is due, now; a store that cannot be written leaves it for the next chance."""
        try:
            self._maybe_start()
        except (sqlite3.Error, OSError) as exc:  # the claimer's key is theirs: the start waits, not the claim
            log.error("table %s cannot start now (%s); it starts at the next connection", self.id, exc)

    def host_frame(self) -> dict[str, Any]:
        """What the host's page shows beyond the table: each seat's state, the controls, the watchers."""
        return {
            "type": "host",
            "status": self.status,
            "control": dict(self.control),
            "start": self.settings.start,
            "rebuys": self.settings.rebuys,
            "watchers": len(self.sockets.watchers),
            "bots": [name for name, kind in BOTS.items() if kind.plays(self.settings.game_model)],
            "seats": [
                {
                    "seat": seat,
                    "name": state.name,
                    "kind": state.kind,
                    "claimed": state.claimed,
                    "connected": state.connection is not None,
                    "away": state.away,
                    "muted": state.muted,
                    "sitting_out": state.sitting_out,
                    "rebuy": state.rebuy,
                }
                for seat, state in enumerate(self.seats)
            ],
        }

    def _host_update(self) -> None:
        if self.sockets.hosts:
            frame = dumps(self.host_frame())
            for connection in self.sockets.hosts:
                connection.send(frame)

    # -- frames -------------------------------------------------------------------------------------

    def _tell(self, text: str) -> None:
        frame = dumps(notice_frame(text))
        for connection in self._everyone():
            connection.send(frame)

    def _status(self) -> str:
        if self.status == "playing" and (self.dealt is None or self.dealt.hand.actor is None):
            return "between"
        return self.status

    def _scene(self, *, delayed: bool = False) -> Scene:
        dealt = None if delayed else self.dealt
        hand = None if dealt is None else dealt.hand
        left = None
        if hand is not None and hand.actor is not None and self._deadline is not None:
            left = round(max(0.0, self._deadline - time.monotonic()), 1)
        chips = self.driver.chips
        return Scene(
            table=self.id,
            game=self.settings.game_model,
            mode=self.settings.mode,
            seats=tuple(
                SeatScene(
                    state.name,
                    state.kind,
                    chips[seat],
                    state.taken,
                    state.connection is not None,
                    state.away,
                    state.sitting_out,
                    state.muted,
                )
                for seat, state in enumerate(self.seats)
            ),
            hands=self.settings.hands,
            number=dealt.number if dealt is not None else self.driver.hands_played,
            seated=dealt.seated if dealt is not None else (),
            level=self._stakes[0] if dealt is not None and self._stakes else self.driver.level(),
            next_rise=self._stakes[1] if dealt is not None and self._stakes else self.driver.next_rise(),
            status=self._status(),
            paused=self.paused,
            clock=self.settings.clock,
            clock_left=left,
            turn=self._turn,
            watchers=len(self.sockets.watchers),
            seeded=self.settings.seeded,
            middle=self.driver.middle,
        )

    def _public_state(self, *, delayed: bool = False) -> PublicState:
        hand = None if delayed else self._hand()
        return public_state(hand, self._scene(delayed=delayed), [] if delayed else self._public)

    def _broadcast_state(self) -> None:
        live = [c for c in self.sockets.watchers if self.control["watching"] == "on"] + [*self.sockets.hosts]
        delayed = [c for c in self.sockets.watchers if self.control["watching"] == "delayed"]
        seats = [
            (seat, state.connection) for seat, state in enumerate(self.seats) if state.connection is not None
        ]
        if not (seats or live or delayed):
            return
        hand = self._hand()
        public = self._public_state()
        for seat, connection in seats:
            assert connection is not None
            connection.send(state_frame(hand, public, seat))
        if live:
            text = state_frame(hand, public, None)
            for connection in live:
                connection.send(text)
        if delayed:
            text = state_frame(None, self._public_state(delayed=True), None)
            for connection in delayed:
                connection.send(text)

    def _broadcast_events(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        history = dealt.hand.history
        start = self._told
        fresh, self._told = history[start:], len(history)
        seats = len(dealt.seated)
        self._public.extend(spectator_event(item, seats) for item in fresh)
        live = [c for c in self.sockets.watchers if self.control["watching"] == "on"] + [*self.sockets.hosts]
        connected = [(seat, s.connection) for seat, s in enumerate(self.seats) if s.connection is not None]
        if not (connected or live):
            return
        scene = dealt  # an event frame needs the hand's number and seats only
        # A frame is a function of the event as the holder sees it (and the hand's number and seats, the
        # same for all): holders that see the same event object are sent the same text, written once.
        written: dict[int, tuple[Any, str]] = {}
        holders: list[tuple[int | None, Connection]] = [*connected, *((None, c) for c in live)]
        for position, item in enumerate(fresh, start):
            auto = self._auto.get(position)
            for seat, connection in holders:
                assert connection is not None
                frame = event_frame(item, scene, seat, auto)
                seen = frame["event"]
                known = written.get(id(seen))
                if known is None:
                    known = written[id(seen)] = (seen, dumps(frame))  # the object kept: its id stays its
                connection.send(known[1])


def _fallback(hand: Hand) -> Action:
    """What a seat does when its clock runs out or it is away: check, stand pat, or fold."""
    legal = hand.legal()
    if legal.draw:
        return ("draw", [])
    return "check" if legal.check else "fold"
