"""One table at play: people's sockets and the bots around a match, the server the only authority.

Everything runs on the event loop's thread, one step at a time, so no lock
is needed: an intent is read, checked against the engine's ``Legal`` for that
seat, applied to the hand in play, written to the store, and every connected
seat is sent the events it may see and its own state. Bots answer on the
loop too (after ``Pacing.bot_delay``, so that a person can follow them).

The rules of a real online table:

* **the turn clock** (``TableSettings.clock`` seconds, 0 for none): when it
  runs out the seat checks if it can, stands pat in a draw, or else folds,
  and is marked away; an away seat acts that way at once on every turn until
  its person is back (a ``back`` message, any intent of theirs, or opening
  the seat again);
* **a dropped connection keeps the seat**: the clock alone acts for it;
* **one live socket per seat**: a second connection to a seat replaces the
  first, which is told so and closed; either way the new one gets the whole
  view at once (the hand's events so far as the seat saw them, then its state).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any, Protocol

from badugi.engine import Hand, IllegalActionError, Player, view_of
from badugi.engine.match import Level
from badugi.web.driver import DealtHand, MatchDriver
from badugi.web.lineup import bot_for
from badugi.web.protocol import Act, Back, Draw, Intent, WebInputError, action_for
from badugi.web.settings import TableSettings
from badugi.web.store import Store
from badugi.web.views import Scene, end_frame, error_frame, event_frame, state_frame

__all__ = ["Connection", "Pacing", "Table"]

log = logging.getLogger("badugi.web")


class Connection(Protocol):
    """A seat's live socket, as the table sees it: frames out, and a close."""

    def send(self, text: str) -> None:
        """Queue one frame (JSON text) to the socket."""

    def close(self, code: int, reason: str) -> None:
        """Close the socket (after the frames queued)."""


@dataclass(frozen=True)
class Pacing:
    """How fast a table moves: a bot's pause before it acts, and the pause between hands (seconds)."""

    bot_delay: float = 0.6
    between_hands: float = 4.0


def _dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"))


class Table:
    """A table: its match (``MatchDriver``), the hand in play, its seats' sockets and clocks."""

    def __init__(self, table_id: str, settings: TableSettings, store: Store, pacing: Pacing) -> None:
        self.id = table_id
        self.settings = settings
        self.store = store
        self.pacing = pacing
        self.driver = MatchDriver(settings)
        seats = len(settings.seats)
        self.connections: list[Connection | None] = [None] * seats
        self.away = [False] * seats
        self.dealt: DealtHand | None = None
        self.status = "starting"
        self.voided: int | None = None
        self._chips: tuple[int, ...] = self.driver.match.chips
        self._level: Level = self.driver.match.level()
        self._bots: dict[int, Player] = {}
        self._turn = 0  # bumped by every action: a timer or bot step of an older turn does nothing
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._told = 0  # events of the hand in play sent so far
        self._saved = 0  # events of the hand in play written to the store
        self._loop: asyncio.AbstractEventLoop | None = None
        self.actions = 0  # every action applied, for the benchmark

    # -- starting, restoring ----------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Restore the match from the store (its finished hands replayed, a hand in play voided); go on."""
        self._loop = loop
        self.voided = self.store.void_in_play(self.id)
        if self.voided is not None:
            log.info(
                "table %s: hand %d was in play at a stop; voided, to be dealt again", self.id, self.voided
            )
        last = None
        for number, seated, history in self.store.hands(self.id):
            self._chips, self._level = self.driver.match.chips, self.driver.match.level()
            hand = self.driver.restore(history)
            last = DealtHand(number, seated, hand, committed=True)
        if self.driver.match.over and last is not None:
            self.dealt, self.status = last, "over"
            return
        self.status = "between"
        loop.call_soon(self._deal)

    # -- the seats' sockets -----------------------------------------------------------------------

    def join(self, seat: int, connection: Connection) -> None:
        """A person's socket for ``seat``: it replaces any other, and gets the whole view at once."""
        old = self.connections[seat]
        if old is not None:
            old.send(_dumps(error_frame("this seat was opened elsewhere; this window no longer plays it")))
            old.close(4001, "replaced")
        self.connections[seat] = connection
        was_away, self.away[seat] = self.away[seat], False
        log.info("table %s: seat %d connected%s", self.id, seat, " (replacing another)" if old else "")
        if was_away:
            self._returned(seat)
        if self.dealt is not None:  # the state first (who is who), then the hand so far, then the state again
            scene = self._scene()
            self._send_state(seat)
            for item in self.dealt.hand.history:
                connection.send(_dumps(event_frame(item, scene, seat)))
            self._broadcast_state()
        if self.status == "over":
            connection.send(_dumps(end_frame(self.driver.match.result().standings)))

    def _returned(self, seat: int) -> None:
        """The person at an away seat is back: if it is their turn, the move queued for them is void.

        Any other seat's turn goes on as it was: its clock is not started again.
        """
        dealt = self.dealt
        if self.status != "playing" or dealt is None or dealt.hand.actor is None:
            return
        if dealt.seated[dealt.hand.actor] == seat:
            self._turn += 1  # the away move already queued for this turn does nothing
            self._step()

    def leave(self, seat: int, connection: Connection) -> None:
        """A socket went away: the seat stays, and the other seats see it disconnected."""
        if self.connections[seat] is connection:
            self.connections[seat] = None
            log.info("table %s: seat %d disconnected", self.id, seat)
            self._broadcast_state()

    def receive(self, seat: int, intent: Intent, connection: Connection) -> bool:
        """One intent of the person at ``seat``: applied if legal now, else refused with one error frame.

        Returns whether it was applied (an action in turn). An intent from a
        socket that was replaced is ignored: one live socket per seat.
        """
        if self.connections[seat] is not connection:
            return False
        try:
            return self._intent(seat, intent)
        except WebInputError as exc:
            connection.send(_dumps(error_frame(str(exc))))
            return False

    def refuse(self, connection: Connection, message: str) -> None:
        """Tell the socket that sent it that its message was refused (bad input): nothing else changes.

        The socket's own, not the seat's: a socket that was replaced is still read until it closes.
        """
        connection.send(_dumps(error_frame(message)))

    def _intent(self, seat: int, intent: Intent) -> bool:
        if isinstance(intent, Back):
            if self.away[seat]:
                self.away[seat] = False
                self._returned(seat)
                self._broadcast_state()
            return False
        if self.status == "over":
            raise WebInputError("the match is over")
        dealt = self.dealt
        if self.status != "playing" or dealt is None:
            raise WebInputError("the hand is over; the next one is being dealt")
        if seat not in dealt.seated:
            raise WebInputError("you are not in this hand: you have no chips left")
        hand, k = dealt.hand, dealt.seated.index(seat)
        if hand.actor != k:
            actor = self.settings.names[dealt.seated[hand.actor]] if hand.actor is not None else "nobody"
            raise WebInputError(f"it is not your turn: {actor} is to act")
        assert isinstance(intent, (Act, Draw))
        view = view_of(hand, k)
        action = action_for(intent, view.legal, view.cards)
        if self.away[seat]:
            self.away[seat] = False
        try:
            self._apply(k, action)
        except IllegalActionError as exc:  # what Legal allowed, the hand refused: it is left as it was
            raise WebInputError(f"the rules refuse it: {exc}") from None
        return True

    # -- the hand -----------------------------------------------------------------------------------

    def _deal(self) -> None:
        match = self.driver.match
        if match.over:
            self._end()
            return
        self._chips, self._level = match.chips, match.level()
        dealt = self.driver.deal()
        self.dealt, self.status, self._told = dealt, "playing", 0
        self._bots = {
            k: bot_for(self.settings.seats[p], self.settings.seed, dealt.number, p)
            for k, p in enumerate(dealt.seated)
            if self.settings.seats[p] != "person"
        }
        log.info("table %s: hand %d dealt", self.id, dealt.number)
        if dealt.committed:  # nobody was asked anything: the match played it whole
            self._broadcast_events()
            self._finished(dealt.hand)
            return
        self._saved = 0
        self._save_in_play()
        self._broadcast_events()
        self._step()  # before the state: a person's turn is sent with its clock running
        self._broadcast_state()

    def _save_in_play(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        history = dealt.hand.history
        self.store.save_in_play(self.id, dealt.number, history, self._saved)
        self._saved = len(history)

    def _step(self) -> None:
        """Start the turn of the seat to act: a bot's move, an away seat's, or a person's clock."""
        dealt = self.dealt
        if self.status != "playing" or dealt is None or self._loop is None:
            return
        hand = dealt.hand
        self._cancel_clock()
        if hand.actor is None:
            self._finish()
            return
        k, turn = hand.actor, self._turn
        seat = dealt.seated[k]
        if k in self._bots:
            self._loop.call_later(self.pacing.bot_delay, self._bot_acts, turn)
        elif self.away[seat]:
            self._loop.call_soon(self._auto_acts, turn, False)
        elif self.settings.clock > 0:
            self._deadline = time.monotonic() + self.settings.clock
            self._timer = self._loop.call_later(self.settings.clock, self._auto_acts, turn, True)

    def _cancel_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._deadline = None, None

    def _bot_acts(self, turn: int) -> None:
        dealt = self.dealt
        if turn != self._turn or dealt is None or dealt.hand.actor is None:
            return
        k = dealt.hand.actor
        try:
            action = self._bots[k](view_of(dealt.hand, k))
        except Exception as exc:  # a bot's defect must not stop the table
            log.error("table %s: the bot at seat %d failed (%s); it checks or folds", self.id, k, exc)
            action = _fallback(dealt.hand)
        try:
            self._apply(k, action)
        except IllegalActionError as exc:  # refused by the hand, which is left as it was
            log.error(
                "table %s: the bot at seat %d acted illegally (%s); it checks or folds", self.id, k, exc
            )
            self._apply(k, _fallback(dealt.hand))

    def _auto_acts(self, turn: int, timed_out: bool) -> None:
        dealt = self.dealt
        if turn != self._turn or dealt is None or dealt.hand.actor is None:
            return
        seat = dealt.seated[dealt.hand.actor]
        if timed_out:
            self.away[seat] = True
            log.info("table %s: seat %d ran out of time; away", self.id, seat)
        self._apply(dealt.hand.actor, _fallback(dealt.hand))

    def _apply(self, k: int, action: Any) -> None:
        dealt = self.dealt
        assert dealt is not None
        assert dealt.hand.actor == k
        dealt.hand.act(action)
        self._turn += 1
        self.actions += 1
        self._cancel_clock()
        self._save_in_play()
        self._broadcast_events()
        if dealt.hand.actor is None:
            self._finish()
            return
        self._step()  # before the state: a person's turn is sent with its clock running
        self._broadcast_state()

    def _finish(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        played = self.driver.commit(dealt)
        self._finished(played)

    def _finished(self, played: Hand) -> None:
        dealt = self.dealt
        assert dealt is not None
        assert self._loop is not None
        over = self.driver.match.over
        self.store.finish_hand(self.id, dealt.number, dealt.seated, played.history, over=over)
        self.status = "over" if over else "between"
        self._broadcast_state()
        if over:
            self._end()
        else:
            self._loop.call_later(self.pacing.between_hands, self._deal)

    def _end(self) -> None:
        self.status = "over"
        log.info("table %s: the match is over", self.id)
        frame = _dumps(end_frame(self.driver.match.result().standings))
        for connection in self.connections:
            if connection is not None:
                connection.send(frame)

    # -- frames -------------------------------------------------------------------------------------

    def _scene(self) -> Scene:
        dealt = self.dealt
        assert dealt is not None
        match = self.driver.match
        person_to_act = (
            dealt.hand.actor is not None and self.settings.seats[dealt.seated[dealt.hand.actor]] == "person"
        )
        left = None
        if person_to_act and self._deadline is not None:
            left = round(max(0.0, self._deadline - time.monotonic()), 1)
        per_level = match.hands_per_level
        played_before = dealt.number - 1
        rise = per_level - played_before % per_level
        rises = (
            played_before // per_level + 1 < len(match.schedule) and played_before + rise < match.max_hands
        )
        next_rise = rise if rises else None
        return Scene(
            table=self.id,
            game=self.settings.game_model,
            names=self.settings.names,
            kinds=self.settings.seats,
            hands=match.max_hands,
            number=dealt.number,
            seated=dealt.seated,
            chips=self._chips,
            level=self._level,
            next_rise=next_rise,
            status=self.status,
            away=tuple(self.away),
            connected=tuple(c is not None for c in self.connections),
            clock=self.settings.clock,
            clock_left=left,
            turn=self._turn,
        )

    def _send(self, seat: int, frame: dict[str, Any]) -> None:
        connection = self.connections[seat]
        if connection is not None:
            connection.send(_dumps(frame))

    def _send_state(self, seat: int) -> None:
        if self.dealt is not None:
            self._send(seat, state_frame(self.dealt.hand, self._scene(), seat))

    def _broadcast_state(self) -> None:
        if self.dealt is None:
            return
        scene = self._scene()
        for seat, connection in enumerate(self.connections):
            if connection is not None:
                connection.send(_dumps(state_frame(self.dealt.hand, scene, seat)))

    def _broadcast_events(self) -> None:
        dealt = self.dealt
        assert dealt is not None
        history = dealt.hand.history
        fresh, self._told = history[self._told :], len(history)
        if not any(self.connections):
            return
        scene = self._scene()
        # A frame is a function of the event as the seat sees it (and the hand's number and seats, the
        # same for all): seats that see the same event object are sent the same text, written once.
        written: dict[int, tuple[Any, str]] = {}
        for seat, connection in enumerate(self.connections):
            if connection is not None:
                for item in fresh:
                    frame = event_frame(item, scene, seat)
                    seen = frame["event"]
                    known = written.get(id(seen))
                    if known is None:
                        known = written[id(seen)] = (seen, _dumps(frame))  # the object kept: its id stays its
                    connection.send(known[1])


def _fallback(hand: Hand) -> Any:
    """What a seat does when its clock runs out or it is away: check, stand pat, or fold."""
    legal = hand.legal()
    if legal.draw:
        return ("draw", [])
    return "check" if legal.check else "fold"
