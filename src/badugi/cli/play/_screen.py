"""What the play command shows a person at each decision: the table, the pot, the cards, what is legal."""

from __future__ import annotations

from collections.abc import Sequence

from badugi.cli.play._look import Look
from badugi.cli.play._narrator import hand_value, ordinal
from badugi.engine.view import SeatView

__all__ = ["is_raise", "legal_now", "screen"]


def _draws(view: SeatView) -> list[dict[int, int]]:
    """How many cards each seat took at each draw so far, the one in progress last."""
    rounds: list[dict[int, int]] = []
    for event in view.history:
        if event["event"] == "draw_round":
            rounds.append({})
        elif event["event"] == "draw" and rounds:
            rounds[-1][event["seat"]] = event["count"]
    return rounds


def is_raise(view: SeatView) -> bool:
    """Whether putting more in now raises (someone has bet, a blind included) rather than bets."""
    return view.legal.call or max(view.bets, default=0) > 0


def legal_now(view: SeatView, dot: str = "\u00b7") -> str:
    """What the seat may type now, with the amounts: "c call 20 · r raise to 40 · f fold"."""
    legal = view.legal
    if legal.draw:
        most = view.game.hand_size
        return f"d CARDS or d POSITIONS to throw 1 to {most} (d Kh 9d, d 1 3) {dot} pat to keep all"
    options = []
    if legal.check:
        options.append("k check (or c)")
    if legal.call:
        options.append(f"c call {legal.call_amount:,}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        verb = "raise" if is_raise(view) else "bet"
        low, high = legal.min_raise_to, legal.max_raise_to
        amount = f"{low:,}" if low == high else f"{low:,}..{high:,} ({verb[0]} alone: {low:,})"
        options.append(f"{verb[0]} {verb} {'to ' if verb == 'raise' else ''}{amount}")
    if legal.fold and not legal.check:
        options.append("f fold")
    return f" {dot} ".join(options)


def _taken(counts: list[dict[int, int]], seat: int) -> str:
    """A seat's draws this hand: "2,1,pat"; "-" for a draw it has not made (yet)."""
    said = ["pat" if c == 0 else "-" if c is None else str(c) for c in (r.get(seat) for r in counts)]
    return ",".join(said)


def screen(
    view: SeatView, names: Sequence[str], numbers: Sequence[int], look: Look, header: str
) -> list[str]:
    """The lines of the screen at ``view``'s decision.

    ``names`` and ``numbers`` are each seat's name and its seat at the table
    (the match's: seats dealt out of a hand keep their numbers).
    """
    game, dot = view.game, look.dot
    rounds = _draws(view)
    at_draw = view.phase == "draw"
    if at_draw:
        where = f"the {ordinal(view.round_index + 1)} draw of {game.draws}"
    else:
        where = f"betting round {view.round_index + 1} of {game.draws + 1}"
    lines = ["", f"{header} {dot} {where}"]
    width = max(len(n) for n in names)
    drew_width = max([len("drew"), *(len(_taken(rounds, s)) for s in range(len(names)))])
    heading = f"  {'seat':<5} {'player':<{width}}  {'chips':>9}  {'bet':>7}"
    lines.append(heading + (f"  {'drew':<{drew_width}}" if rounds else ""))
    for seat, name in enumerate(names):
        button = "B" if seat == view.button else " "
        bet = f"{view.bets[seat]:,}" if view.bets[seat] and not at_draw else "-"  # a draw ends the round
        status = []
        if rounds:
            status.append(f"{_taken(rounds, seat):<{drew_width}}")
        if view.folded[seat]:
            status.append("folded")
        elif view.stacks[seat] == 0:
            status.append("all in")
        if seat == view.seat:
            status.append("<- you, to act")
        row = f"  {numbers[seat]:<3}{button}  {name:<{width}}  {view.stacks[seat]:>9,}  {bet:>7}"
        row = (row + "".join(f"  {part}" for part in status)).rstrip()
        lines.append(look.strong(row) if seat == view.seat else row)
    lines.append(f"Pot {view.pot:,}")
    numbered = "  ".join(f"{k}:{look.card(card)}" for k, card in enumerate(view.cards, start=1))
    lines.append(f"Your cards  {numbered}   {hand_value(game, view.cards)}")
    to_call = view.legal.call_amount if view.legal.call else 0
    lead = f"To call {to_call:,}: " if to_call else ""
    lines.append(f"{lead}{legal_now(view, dot)} {dot} help")
    return lines
