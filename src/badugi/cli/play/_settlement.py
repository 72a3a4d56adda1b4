"""How a hand's pots were won, in words: a line a pot, for the play command and the history command."""

from __future__ import annotations

from typing import Any

from badugi.cli.play._narrator import Narrator
from badugi.engine import Hand

__all__ = ["settlement"]


def settlement(hand: Hand, told: Narrator) -> list[str]:
    """Who won what, a line a pot (each half of a split pot named), and the bets nobody matched."""
    result = hand.result
    if result is None:
        return []
    lines = []
    for seat, back in enumerate(result.returned):
        if back:
            lines.append(f"{told.subject(seat, 'take', 'takes')} back {told.money(back)} that nobody matched")
    alone = len(result.order) == 1
    for k, pot in enumerate(result.pots):
        label = "The pot" if len(result.pots) == 1 else ("The main pot" if k == 0 else f"Side pot {k}")
        if not pot.winners:
            lines.append(f"{label}, {told.money(pot.amount)}: nobody qualifies for it")
        elif alone:
            won = _won(pot.winners, pot.shares, told)
            others = "folded or mucked" if any(getattr(hand, "conceded", ())) else "folded"
            lines.append(f"{label}, {told.money(pot.amount)}: {won} (everyone else {others})")
        elif len(pot.halves) == 1 or _scooped(pot):
            scoop = "" if len(pot.halves) == 1 else " (every half)"
            lines.append(f"{label}, {told.money(pot.amount)}: {_won(pot.winners, pot.shares, told)}{scoop}")
        else:
            halves = "; ".join(
                f"the {half.scale} half, {told.money(half.amount)}: {_won(half.winners, half.shares, told)}"
                for half in pot.halves
            )
            lines.append(f"{label}, {told.money(pot.amount)}: {halves}")
    if result.carried:
        lines.append(f"Nobody qualifies: {told.money(result.carried)} stays in the middle for the next hand")
    return lines


def _scooped(pot: Any) -> bool:
    """Whether one player won every half of a split pot."""
    return len(pot.winners) == 1 and all(tuple(half.winners) == tuple(pot.winners) for half in pot.halves)


def _won(winners: tuple[int, ...], shares: tuple[int, ...], told: Narrator) -> str:
    if len(winners) == 1:
        return f"{told.subject(winners[0], 'win', 'wins', mid_line=True)} {told.money(shares[0])}"
    return "split, " + ", ".join(
        f"{told.name(s)} {told.money(share)}" for s, share in zip(winners, shares, strict=True)
    )
