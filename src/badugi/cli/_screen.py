"""What the play command shows a person at each decision: the table, the pot, the cards, what is legal."""

from __future__ import annotations

from collections.abc import Sequence

from badugi.cli._look import Look
from badugi.cli._narrator import hand_value, ordinal
from badugi.engine.view import SeatView

__all__ = ["legal_now", "screen"]


def _drew(view: SeatView) -> dict[int, int]:
    """How many cards each seat took at the draw in progress, or else at the last one."""
    counts: dict[int, int] = {}
    for event in view.history:
        if event["event"] == "draw_round":
            counts = {}
        elif event["event"] == "draw":
            counts[event["seat"]] = event["count"]
    return counts


def legal_now(view: SeatView) -> str:
    """What the seat may type now, with the amounts: "c call 20 · r raise to 40 · f fold"."""
    legal = view.legal
    if legal.draw:
        most = view.game.hand_size
        return f"d CARDS or d POSITIONS to throw 1 to {most} (d Kh 9d, d 1 3) · pat to keep all"
    options = []
    if legal.check:
        options.append("k check (or c)")
    if legal.call:
        options.append(f"c call {legal.call_amount:,}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        verb = "raise" if legal.call else "bet"
        low, high = legal.min_raise_to, legal.max_raise_to
        amount = f"{low:,}" if low == high else f"{low:,}..{high:,} ({verb[0]} alone: {low:,})"
        options.append(f"{verb[0]} {verb} {'to ' if verb == 'raise' else ''}{amount}")
    if legal.fold:
        options.append("f fold")
    return " · ".join(options)


def screen(view: SeatView, names: Sequence[str], look: Look, header: str) -> list[str]:
    """The lines of the screen at ``view``'s decision; ``names`` are the hand's seats' names."""
    game = view.game
    drew = _drew(view)
    at_draw = view.phase == "draw"
    draws_done = view.round_index + (1 if at_draw else 0)
    if at_draw:
        where = f"the {ordinal(view.round_index + 1)} draw of {game.draws}"
    else:
        where = f"betting round {view.round_index + 1} of {game.draws + 1}"
    lines = ["", f"{header} · {where}"]
    width = max(len(n) for n in names)
    show_drew = bool(drew) or draws_done > 0
    heading = f"  {'seat':<5} {'player':<{width}}  {'chips':>9}  {'bet':>7}"
    lines.append(heading + ("  drew" if show_drew else ""))
    for seat, name in enumerate(names):
        button = "B" if seat == view.button else " "
        bet = f"{view.bets[seat]:,}" if view.bets[seat] and not at_draw else "-"  # a draw ends the round
        status = []
        if show_drew:
            taken = drew.get(seat)
            status.append(f"{'pat' if taken == 0 else '-' if taken is None else taken:>4}")
        if view.folded[seat]:
            status.append("folded")
        elif view.stacks[seat] == 0:
            status.append("all in")
        if seat == view.seat:
            status.append("<- you, to act")
        row = f"  {seat:<3}{button}  {name:<{width}}  {view.stacks[seat]:>9,}  {bet:>7}"
        row += "".join(f"  {part}" for part in status)
        lines.append(look.strong(row) if seat == view.seat else row)
    lines.append(f"Pot {view.pot:,}")
    numbered = "  ".join(f"{k}:{look.card(card)}" for k, card in enumerate(view.cards, start=1))
    lines.append(f"Your cards  {numbered}   {hand_value(game, view.cards)}")
    to_call = view.legal.call_amount if view.legal.call else 0
    lead = f"To call {to_call:,}: " if to_call else ""
    lines.append(f"{lead}{legal_now(view)} · help")
    return lines
