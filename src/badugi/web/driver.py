"""A match whose hands are played one intent at a time, over ``Match.play_hand`` and nothing private.

``Match.play_hand`` asks its players synchronously, where a person at a
browser answers whenever they answer. So the driver deals each hand in three
steps, each through the match's public contract:

1. **deal**: ``play_hand`` with players that stop at the first decision.
   The match documents that a hand whose player fails is abandoned and the
   match left exactly as it was before it (its seeds, its button); the events
   it told by then start with the hand's setup, from which ``Hand.from_setup``
   deals the very same hand. That hand is the one in play: the table applies
   each intent to it, and asks ``view_of`` of it for every seat.
2. **commit**: when the hand in play is over, ``play_hand`` again, with
   players that answer each decision with the action the hand in play
   recorded. The match deals the same setup (its seeds did not move), so it
   plays the same hand, and moves on: chips, button, busts, the middle, the
   stakes. The two histories must be equal, event for event.
3. **restore** (after a restart): a new match of the same settings, and each
   finished hand committed again from its stored history, in order. A hand
   that was in play is not among them: the next deal deals it again, with the
   same cards, exactly as ``play_hand`` restores a hand abandoned.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from badugi.engine import Hand, IllegalActionError, Match, Setup
from badugi.engine.history import Event
from badugi.web.settings import TableSettings

__all__ = ["DealtHand", "DriftError", "MatchDriver", "actions_of"]


class DriftError(RuntimeError):
    """The match and the hand in play disagree: a defect, never the players' doing."""


class _Pause(Exception):
    """Raised by a player at the first decision of a hand being dealt: the deal stops there."""


@dataclass
class DealtHand:
    """A hand of the match: its number (from 1), the players it seats, and the engine's hand.

    Seat ``k`` of ``hand`` is the match's player ``seated[k]``. ``committed``
    says whether the match has counted it (a hand that asked nobody anything
    was played whole by the match).
    """

    number: int
    seated: tuple[int, ...]
    hand: Hand
    committed: bool = False


Action = Any  # what a Match player returns: "call", ("raise", 40), ("draw", ["Kc"])


def actions_of(history: Sequence[Any]) -> list[tuple[int, Action]]:
    """Each decision a history records, in order: (the hand's seat, the action a player returns).

    Raises:
        DriftError: an event a table never records (a dealer's error).
    """
    actions: list[tuple[int, Action]] = []
    for item in history:
        kind = item["event"]
        if kind in ("fold", "check", "call"):
            actions.append((item["seat"], kind))
        elif kind in ("bet", "raise"):
            actions.append((item["seat"], ("raise", item["to"])))
        elif kind == "draw":
            if item.get("exposed", 0):
                raise DriftError("a table's hand never has a card exposed in a draw")
            actions.append((item["seat"], ("draw", list(item["discards"]))))
        elif kind in ("deal_exposed", "wrong_count"):
            raise DriftError(f"a table's hand never records {kind}")
    return actions


class MatchDriver:
    """One table's match, dealt a hand at a time (see the module)."""

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self._script: deque[tuple[int, Action]] | None = None
        self.match: Match = settings.match([self._player] * len(settings.seats))

    def _player(self, view: Any) -> Action:
        script = self._script
        if script is None:
            raise _Pause
        if not script:
            raise DriftError("the match asks for a decision the hand in play did not make")
        seat, action = script.popleft()
        if seat != view.seat:
            raise DriftError(f"the match asks seat {view.seat}, the hand in play had seat {seat} act")
        return action

    def deal(self) -> DealtHand:
        """The next hand, dealt and waiting for its first decision (or committed, if it asked none).

        Raises:
            GameSetupError: the match is over.
            DriftError: the hand dealt again from its setup is not the match's.
        """
        number, seated = self.match.hands_played + 1, self.match.seated()
        told: list[Event] = []
        try:
            played = self.match.play_hand(on_event=told.append)
        except IllegalActionError as exc:
            if not isinstance(exc.__cause__, _Pause):
                raise
        else:  # nobody was asked anything: the match played it whole
            return DealtHand(number, seated, played, committed=True)
        hand = Hand.from_setup(Setup.from_event(told[0]))
        if hand.history != tuple(told):
            raise DriftError(f"hand {number} dealt from its setup differs from the match's deal")
        return DealtHand(number, seated, hand)

    def commit(self, dealt: DealtHand) -> Hand:
        """Count a hand that is over in the match (its chips, button, busts and stakes).

        Raises:
            DriftError: the hand is not over, or the match plays it otherwise.
        """
        if dealt.committed:
            return dealt.hand
        if dealt.hand.actor is not None:
            raise DriftError(f"hand {dealt.number} is not over")
        played = self._replay(dealt.hand.history)
        if played.history != dealt.hand.history:
            raise DriftError(f"the match played hand {dealt.number} otherwise than the table")
        dealt.committed = True
        return played

    def restore(self, history: Sequence[Any]) -> Hand:
        """Count the next hand from its stored history (JSON data): the match plays it again.

        Raises:
            DriftError: the match deals or plays it otherwise.
        """
        played = self._replay(history)
        if json.loads(json.dumps(played.history)) != json.loads(json.dumps(list(history))):
            raise DriftError(f"hand {self.match.hands_played} does not replay as it was stored")
        return played

    def _replay(self, history: Sequence[Any]) -> Hand:
        self._script = deque(actions_of(history))
        try:
            try:
                played = self.match.play_hand()
            except IllegalActionError as exc:  # a recorded action the match refused, or a drift
                raise DriftError(
                    f"the match does not replay hand {self.match.hands_played + 1}: {exc}"
                ) from exc
            if self._script:
                raise DriftError("the match ended a hand before the actions its record holds")
        finally:
            self._script = None
        return played
