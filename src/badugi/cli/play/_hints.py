"""The play command's hints: the best discard with its expected value, and the chance of winning.

Both come from the library's draw equity, which ranks on the Badugi scale:
``best_discard`` for the discard (exact with one draw left, the later draws
valued from its table), and ``badugi.engine.drawbot.win_chance`` for the
chance of beating every player still in: every final hand the person may
make, weighed by its chance, against each opponent as the bot models it (a
random hand drawing as well as it can, or a random badugi once it stood pat).
In the split games the discard hint uses the game's own values (its best
discard of five cards, its strength); the chance of winning is Badugi's
alone, since ``win_chance`` reads the final ranks ``draw_odds`` counts, which
a split game does not have.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi.cli.play._look import Look
from badugi.engine.drawbot import DrawBot, pat_opponents, seen_cards, win_chance
from badugi.engine.view import SeatView
from badugi.equity import best_discard

__all__ = ["hint_lines"]


def hint_lines(view: SeatView, look: Look, *, explain: bool = True, names: Sequence[str] = ()) -> list[str]:
    """What the hint says at ``view``'s decision; ``explain`` adds what "strength" means.

    ``names`` are the seats' names (``seat N`` where there are none), for what the chance assumes.
    """
    if not DrawBot.plays(view.game):
        return [f"Hint: none for {view.game.title}; the library's draw equity does not value its hands"]
    seen = seen_cards(view)
    draws = view.draws_left + (1 if view.legal.draw else 0)
    lines = []
    if draws:
        choice = best_discard(view.cards, draws=draws, dead=seen, game=view.game)
        pat = next(option for option in choice.options if not option.discard)
        now = "now" if view.legal.draw else "at the next draw"
        throw = f"throw {look.cards(choice.discard)}" if choice.discard else "stand pat"
        left = f"{draws} draw{'s' if draws > 1 else ''} to come"
        lines.append(f"Hint: {throw} {now}: expected strength {choice.expected:.3f} with {left}")
        if choice.discard:
            lines.append(f"      standing pat instead: {pat.expected:.3f}")
        if explain:
            what = (
                "the share of all hands a final hand beats"
                if view.game.hand_size == 4
                else ("its expected share of the pot against a random hand, the mean over the halves")
            )
            lines.append(f"      (strength: {what})")
    if view.game.hand_size != 4:
        return lines
    opponents = sum(1 for seat, out in enumerate(view.folded) if not out and seat != view.seat)
    chance = win_chance(view, seen)
    lines.append(
        f"Hint: your chance of beating the {opponents} other player{'s' if opponents > 1 else ''} "
        f"still in: about {chance:.0%}"
    )
    lines.append(f"      ({_assumed(view, draws, names)})")
    return lines


def _assumed(view: SeatView, draws: int, names: Sequence[str]) -> str:
    """What the chance assumes: the person's draws counted, and how each opponent is read."""
    yours = f"with your {draws} draw{'s' if draws > 1 else ''} to come" if draws else "your hand as it is"
    pat = pat_opponents(view)
    drawing = [
        seat for seat, out in enumerate(view.folded) if not out and seat != view.seat and seat not in pat
    ]

    def named(seats: list[int]) -> str:
        return ", ".join(names[seat] if seat < len(names) else f"seat {seat}" for seat in seats)

    reads = []
    if pat:
        reads.append(f"{named(pat)} stood pat: read as a random badugi")
    if drawing:
        reads.append(f"{named(drawing)}: a random hand drawing as well as it can")
    return "; ".join([yours, *reads])
