"""A finished hand played again, step by step, as one holder saw it: every hand of a table, again.

Each step is what the holder's socket was sent at that point of the hand:
the events since the step before (as that holder sees them) and the state
after them: the seat's own cards, the pot and stacks, the draw counts, the
hands shown once the showdown showed them. The hand is dealt again from its
stored setup and played by its stored actions through the engine, so a
replay is the engine's, not a second account of the rules; and each frame is
built as the live one was (``badugi.web.views``), so a seat sees in a replay
exactly what it may see, and a watcher or the host no card at all.

A seat's replay also says, at each of its decisions, what the solved
strategy would have done there (``advice``: ``badugi.engine.SolverBot``'s
shares, from that seat's own view alone) and what the seat did, where the
table's game and stakes are ones a strategy was solved for.

Reading a stored hand and playing it is the work of a thread, not the event
loop's (``Store.reader()``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from badugi.engine import FixedLimit, Hand, Level, Setup, SolverBot, view_of
from badugi.web.driver import actions_of
from badugi.web.store import StoredHand
from badugi.web.views import Scene, SeatScene, event_frame, public_state, spectator_event, state_frame

__all__ = ["advice_frame", "replay_hand"]


@functools.cache
def _advisor() -> SolverBot:
    """The one bot whose advice replays show: made on the first replay, not when the server starts."""
    return SolverBot(seed=0)  # only its advice is asked: the shares, never a sampled action


def _action_frame(action: Any) -> dict[str, Any]:
    """An engine action as the page reads it: ``{"action": a}``, a raise with ``"to"``, a draw ``"cards"``."""
    if isinstance(action, (tuple, list)) and action[0] == "draw":
        return {"action": "draw", "cards": list(action[1])}
    if isinstance(action, (tuple, list)):
        return {"action": "raise", "to": action[1]}
    return {"action": action}


def advice_frame(hand: Hand, seat: int, played: Any) -> dict[str, Any] | None:
    """The solved strategy's shares where ``seat`` of ``hand`` acts, and what it did; or None."""
    shares = _advisor().advice(view_of(hand, seat))
    if shares is None:
        return None
    ranked = sorted(shares, key=lambda pair: -pair[1])
    return {
        "advice": [{**_action_frame(action), "share": round(share, 4)} for action, share in ranked],
        "played": _action_frame(played),
    }


def _level_of(setup: Setup) -> Level:
    """The stakes a hand was dealt at, from its setup (a pot limit's bets are its smallest bet)."""
    structure = setup.structure
    if isinstance(structure, FixedLimit):
        small, big = structure.small_bet, structure.big_bet
    else:
        least = getattr(structure, "min_bet", None) or (setup.blinds[1] if setup.blinds else 0)
        small, big = least, 2 * least
    return Level(setup.ante, small, big, setup.blinds)


def replay_hand(
    stored: StoredHand,
    seats: Sequence[SeatScene],
    *,
    table: str,
    mode: str,
    hands: int,
    seat: int | None,
) -> list[dict[str, Any]]:
    """Each step of a stored hand as table seat ``seat`` saw it (None: as a watcher or the host sees it).

    ``seats`` are the table's seats as they are now (their names and kinds).
    Each step is ``{"events": [event frames], "state": state frame}``.
    """
    setup = Setup.from_event(stored.history[0])
    hand = Hand.from_setup(setup)
    chips = [seat_scene.chips for seat_scene in seats]
    for k, player in enumerate(stored.seated):
        chips[player] = setup.stacks[k]
    scene = Scene(
        table=table,
        game=hand.game,
        mode=mode,
        seats=tuple(
            SeatScene(s.name, s.kind, chips[p], s.claimed, True, False, False, s.muted)  # a replay: all here
            for p, s in enumerate(seats)
        ),
        hands=hands,
        number=stored.number,
        seated=stored.seated,
        level=_level_of(setup),
        next_rise=None,
        status="replay",
        paused=None,
        clock=0.0,
        clock_left=None,
        turn=0,
        watchers=0,
        seeded=False,
        middle=setup.carry,
    )
    auto = dict(stored.auto)
    steps: list[dict[str, Any]] = []
    public: list[Any] = []
    told = 0

    def step() -> None:
        nonlocal told
        fresh = hand.history[told:]
        events = [
            event_frame(item, scene, seat, auto.get(position)) for position, item in enumerate(fresh, told)
        ]
        public.extend(spectator_event(item, len(stored.seated)) for item in fresh)
        told = len(hand.history)
        state = json.loads(state_frame(hand, public_state(hand, scene, public), seat))
        steps.append({"events": json.loads(json.dumps(events)), "state": state})

    step()
    mine = _hand_seat(stored.seated, seat)
    for actor, action in actions_of(stored.history):
        advice = advice_frame(hand, actor, action) if actor == mine else None
        if advice is not None:
            steps[-1]["advice"] = advice
        hand.act(action)
        step()
    return steps


def _hand_seat(seated: Sequence[int], table_seat: int | None) -> int | None:
    """The hand's seat of a table's seat (a hand seats only those dealt in); None for nobody's."""
    return seated.index(table_seat) if table_seat in seated else None
