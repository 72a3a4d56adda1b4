"""What a KingsClub summary states, and the two things the lines leave to it: the uncalled bet, a dead blind.

KingsClub gives back a bet nobody called without a line (``wins pot`` is the
pot without it), and writes ``posts blind 44`` for a player coming in who
posts the big blind live and, if it missed the small blind too, that one
dead, without saying which. The summary's nets (``+298.25``: what the hand
won or lost each seat) settle both: each seat's net must be what it collected
and got back less what it put in, by the lines, for every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from badugi.histories.kingsclub.event import Event

__all__ = ["Summary", "settle_summary"]


@dataclass
class Summary:
    """The summary's statements: each seat's net (and its line), the rake, and any bet returned by a line."""

    nets: dict[str, tuple[int, int]] = field(default_factory=dict)
    rake: int = 0
    returned: dict[str, int] = field(default_factory=dict)


def uncalled(put_in: dict[str, int]) -> dict[str, int]:
    """The bet nobody called: what the seat that put in the most put in over the next seat, if anything."""
    ranked = sorted(put_in.items(), key=lambda item: item[1], reverse=True)
    if not ranked:
        return {}
    top_name, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return {top_name: top - second} if top > second else {}


def settle_summary(
    summary: Summary,
    events: list[Event],
    put_in: dict[str, int],
    seated: list[str],
    money: Callable[[int], str] = str,
) -> list[Event]:
    """The events with the uncalled bet returned and each ``blind`` made live (and dead, by its net).

    ``money`` writes an amount for a message, as the file does.

    Raises:
        ValueError: ``(message, line)`` for a seat whose net the lines do not give.
    """
    won: dict[str, int] = {}
    for event in events:
        if event.kind == "collect":
            won[event.name] = won.get(event.name, 0) + (event.amount or 0)
    chips = {name: put_in.get(name, 0) for name in seated} | put_in
    returned = dict(summary.returned) or uncalled(chips)
    out: list[Event] = []
    dead: dict[str, int] = {}
    for name, (net, line) in summary.nets.items():
        given = won.get(name, 0) + returned.get(name, 0) - put_in.get(name, 0)
        if net == given:
            continue
        if net < given and any(e.kind == "blind" and e.name == name for e in events):
            dead[name] = given - net
            continue
        said = f"won {money(net)}" if net >= 0 else f"lost {money(-net)}"
        gives = f"a win of {money(given)}" if given >= 0 else f"a loss of {money(-given)}"
        raise ValueError(f"the summary says {name!r} {said}; the lines give {gives}", line)
    first_collect = next((k for k, e in enumerate(events) if e.kind == "collect"), len(events))
    for k, event in enumerate(events):
        if k == first_collect:
            at = event.line
            out.extend(Event("returned", name, at, amount=amount) for name, amount in returned.items())
        if event.kind == "blind":
            out.append(Event("live_blind", event.name, event.line, amount=event.amount, all_in=event.all_in))
            if event.name in dead:
                out.append(Event("dead_blind", event.name, event.line, amount=dead.pop(event.name)))
            continue
        out.append(event)
    if first_collect == len(events) and returned:
        at = events[-1].line if events else 0
        out.extend(Event("returned", name, at, amount=amount) for name, amount in returned.items())
    return out
