"""DrawBot: draws by ``badugi.best_discard`` and bets by the strength it expects to finish with.

* Draw: the best discard for the draws left, counting as seen its own earlier
  discards and any card the dealer exposed.
* Bet: its expected final strength ``v`` (``best_discard(...).expected`` with
  draws to come, ``strength`` of the hand after the last draw) becomes a
  chance of beating each opponent still in: the share of opponents' final
  hands it would beat, where an opponent's hand is a random hand drawing as
  well as it does for the same draws, or, if it stood pat at the last draw,
  a random badugi. The chance of beating them all is the product. It raises
  when that chance reaches ``raise_at``, bets into a checked pot at
  ``bet_at``, calls when the chance is at least the pot odds, and otherwise
  checks or folds.

The opponents' final strengths are estimated once per process, when the
first DrawBot is made (under a second), so that no decision waits on them:
400 random hands (a fixed seed), each drawn by ``draw_odds``.

In the split games (Badeucy, Badacey) it plays the same way on the game's
own values: the best discard of five cards and the game's strength (the
mean of its halves' shares, ``badugi.strength(..., game=)``), and every
opponent still in is a random hand of the game drawing as well
(``badugi.engine.split_opponents``: a sample, built on the first decision
in that game, which also builds the game's tables); a pat opponent is read
the same way, since a split game has no made hand to stand for.
"""

from __future__ import annotations

import bisect
import numbers
import random
import sys
from typing import Any

from badugi.cards import CARD_TEXT
from badugi.engine._checks import short_repr
from badugi.engine.setup import check_seed
from badugi.engine.split_opponents import split_opponent_strengths
from badugi.engine.view import SeatView
from badugi.equity import best_discard, strength
from badugi.equity.odds import final_counts
from badugi.errors import GameSetupError
from badugi.games import GameLike, game_of
from badugi.ranking.scales import BADUGI

__all__ = ["DrawBot", "seen_cards", "win_chance"]

Action = Any  # "fold" | "check" | "call" | ("raise", int) | ("draw", list[str])

_SAMPLE_HANDS = 400
_SAMPLES_PER_HAND = 400  # Monte Carlo deals per hand with two or three draws
_FIRST_THREE_CARD_RANK = 716  # ranks 1..715 are the badugis
_final_strengths: dict[int, list[float]] = {}


def _opponent_strengths(draws: int) -> list[float]:
    """Final strengths of random hands drawing ``draws`` times, sorted, repeated by weight."""
    if draws not in _final_strengths:
        rng = random.Random(f"badugi-drawbot-{draws}")
        counts = [0] * 1093
        for _ in range(_SAMPLE_HANDS):
            hand = rng.sample(range(52), 4)
            # draw_odds(hand, draws, samples=..., seed=...) up to its counts: its mean is not needed here.
            seed = rng.randrange(2**63)
            finals = final_counts(hand, draws, None, [], count=_SAMPLES_PER_HAND, chosen_seed=seed)[2]
            total = sum(finals)
            # Each hand weighs the same: 1000 times its chance of each rank (odds.chance(r)), rounded.
            counts = [had + round(1000 * (final / total)) for had, final in zip(counts, finals, strict=True)]
            counts[0] = 0
        _final_strengths[draws] = _cdf(counts)
    return _final_strengths[draws]


def _cdf(counts: list[int]) -> list[float]:
    """(strength, share of weight at or below it) as a sorted list of strengths, one per unit of weight."""
    from badugi.equity._run import STRENGTH_SCALE, strength_counts  # noqa: PLC0415

    s = strength_counts()
    values: list[float] = []
    for r in range(1092, 0, -1):  # worst first: ascending strength
        values.extend([s[r] / STRENGTH_SCALE] * counts[r])
    return values


def _badugi_strengths() -> list[float]:
    if -1 not in _final_strengths:
        _final_strengths[-1] = _cdf([0] + [1] * (_FIRST_THREE_CARD_RANK - 1) + [0] * (1092 - 715))
    return _final_strengths[-1]


def _share_below(sorted_values: list[float], v: float) -> float:
    """The share of values below v, ties counting half."""
    below = bisect.bisect_left(sorted_values, v)
    at_or_below = bisect.bisect_right(sorted_values, v)
    return (below + at_or_below) / (2 * len(sorted_values))


class DrawBot:
    """Draws by the best discard; bets by its chance of finishing best (see the module docstring)."""

    def __init__(self, raise_at: float = 0.9, bet_at: float = 0.4, seed: int | None = None) -> None:
        """A bot that raises at a chance of winning of ``raise_at`` and bets into a checked pot at ``bet_at``.

        Its play follows from what it sees alone, so ``seed`` changes nothing; it
        is taken, and checked, so that every bot is built the same way
        (``RandomBot(seed=...)`` is the one that uses it).

        Raises:
            GameSetupError: a threshold that is not a real number in [0, 1] (a bool, nan or text is
                not), or a seed that is not None or an int from 0 to 2**128 - 1.
        """
        check_seed(seed)
        self.raise_at = _chance("raise_at", raise_at)
        self.bet_at = _chance("bet_at", bet_at)
        for draws in range(4):  # now, not at a decision: a table should never wait on a bot
            _opponent_strengths(draws)
        _badugi_strengths()

    @staticmethod
    def plays(game: GameLike) -> bool:
        """Whether it can play ``game``: one the draw equity values (Badugi, and the split games).

        Four cards ranked on the Badugi scale alone, or five cards with one or
        two halves.

        Raises:
            GameSetupError: ``game`` is not a ``badugi.games.Game``.
        """
        named = game_of(game)
        if named is None:
            raise GameSetupError(f"game must be a badugi.games.Game or its name, got {short_repr(game)}")
        game = named
        if game.hand_size == 4:
            return game.halves == (BADUGI,)
        return 1 <= len(game.halves) <= 2

    def __call__(self, view: SeatView) -> Action:
        """Choose an action for the seat to act.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
        """
        seen = seen_cards(view)
        legal = view.legal
        if legal.draw:
            choice = best_discard(view.cards, draws=view.draws_left + 1, dead=seen, game=view.game)
            return ("draw", list(choice.discard))
        chance = self.chance_to_win(view, seen)
        to_call = legal.call_amount if legal.call else 0
        if legal.min_raise_to is not None and chance >= (self.raise_at if to_call else self.bet_at):
            return ("raise", legal.min_raise_to)
        if not to_call:
            return "check"
        return "call" if chance >= to_call / (view.pot + to_call) else "fold"

    def chance_to_win(self, view: SeatView, seen: list[str] | None = None) -> float:
        """The estimated chance of beating every opponent still in (see the module docstring).

        At a draw, the draw in progress counts as one to come: the hand's
        strength is what it expects from its best discard.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
        """
        _check_view(view)
        if seen is None:
            seen = seen_cards(view)
        n = _draws_to_come(view)
        game = view.game
        v = (
            best_discard(view.cards, draws=n, dead=seen, game=game).expected
            if n
            else strength(view.cards, game)
        )
        chance = 1.0
        for values in _opponents(view, n):
            chance *= _share_below(values, v)
        return chance


def _check_view(view: object) -> None:
    if not isinstance(view, SeatView):
        raise GameSetupError(f"a DrawBot reads a SeatView, got {short_repr(view)}")


def _draws_to_come(view: SeatView) -> int:
    """The draws still to come for the view's seat, a draw in progress included."""
    return view.draws_left + (1 if view.legal.draw or view.phase == "draw" else 0)


def _opponents(view: SeatView, draws: int) -> list[list[float]]:
    """Each opponent still in, as the final strengths the bot expects of it (a pat hand: a random badugi)."""
    others = sum(1 for seat, folded in enumerate(view.folded) if seat != view.seat and not folded)
    if view.game.hand_size == 5:
        return [split_opponent_strengths(view.game, draws)] * others
    last_counts = _last_draw_counts(view)
    return [
        _badugi_strengths() if last_counts.get(seat) == 0 else _opponent_strengths(draws)
        for seat, folded in enumerate(view.folded)
        if seat != view.seat and not folded
    ]


def win_chance(view: SeatView, seen: list[str] | None = None, *, samples: int = 4000, seed: int = 0) -> float:
    """The chance that the view's seat beats every opponent still in, over every final hand it may make.

    The seat's final hand is ``draw_odds`` of its cards with the draws to
    come (the draw in progress included), playing the best discard at each;
    ``samples`` Monte Carlo deals (seeded by ``seed``) when two or more draws
    are left, else every replacement. Each final rank is weighed by its chance
    against each opponent's final strength as the bot models it (a random hand
    drawing as well, or a random badugi once it stood pat; ties count half),
    the opponents taken as independent. ``DrawBot.chance_to_win``, which the
    bot bets by, compares the mean of the seat's final strength instead, and
    so reads a drawing hand as nearly beaten by any made badugi.

    Raises:
        GameSetupError: ``view`` is not a SeatView.
        InvalidHandError: the view's cards are not a four-card hand (a game other than Badugi), or
            ``seen``, ``samples`` or ``seed`` is not what ``draw_odds`` takes.
    """
    from badugi.equity import draw_odds  # noqa: PLC0415 - the bot itself needs only best_discard
    from badugi.equity._run import STRENGTH_SCALE, strength_counts  # noqa: PLC0415

    _check_view(view)
    if seen is None:
        seen = seen_cards(view)
    n = _draws_to_come(view)
    odds = draw_odds(view.cards, draws=n, dead=seen, samples=samples, seed=seed)
    finals, total = odds._counts, odds.samples
    opponents = _opponents(view, n)
    strengths = strength_counts()
    chance = 0.0
    for rank, count in enumerate(finals):
        if count:
            beaten = 1.0
            for values in opponents:
                beaten *= _share_below(values, strengths[rank] / STRENGTH_SCALE)
            chance += count / total * beaten
    return chance


def _chance(name: str, value: object) -> float:
    """``value`` as a float in [0, 1]: an int or a float (a numpy one too), not a bool."""
    numpy = sys.modules.get("numpy")
    is_bool = isinstance(value, bool) or (numpy is not None and isinstance(value, numpy.bool_))
    number = None
    if isinstance(value, numbers.Real) and not is_bool:
        try:
            number = float(value)
        except Exception:
            number = None
    if number is None or not 0.0 <= number <= 1.0:  # nan fails the comparison too
        raise GameSetupError(f"{name} must be a number from 0 to 1, got {short_repr(value)}")
    return number


def seen_cards(view: SeatView) -> list[str]:
    """The cards the view's seat has seen that are not in its hand now: its own discards, exposed cards.

    They are the dead cards of its equity: no opponent holds them.

    Raises:
        GameSetupError: ``view`` is not a SeatView.
    """
    _check_view(view)
    seen: set[str] = set()
    for event in view.history:
        kind = event.get("event")
        if kind == "draw" and event.get("seat") == view.seat:
            seen.update(event.get("discards", ()))
        elif kind == "exposed" and "card" in event:
            card = event["card"]
            seen.add(card if isinstance(card, str) else CARD_TEXT[card])
    return sorted(seen - set(view.cards))


def _last_draw_counts(view: SeatView) -> dict[int, int]:
    """How many cards each seat drew at its own latest draw so far.

    A seat's own: at a draw in progress, a seat yet to draw in it stood pat
    or drew at the draw before, and that is what it is read by (the round's
    start does not wipe it, as it once did, reading a pat hand that bet as a
    random hand with a draw to come).
    """
    counts: dict[int, int] = {}
    for event in view.history:
        if event.get("event") == "draw":
            counts[event["seat"]] = event["count"]
    return counts


def pat_opponents(view: SeatView) -> list[int]:
    """The opponents still in who stood pat at their latest draw: the bot reads each as a random badugi.

    Empty in the split games, which read a pat opponent as a drawing one.

    Raises:
        GameSetupError: ``view`` is not a SeatView.
    """
    _check_view(view)
    if view.game.hand_size == 5:
        return []
    counts = _last_draw_counts(view)
    return [
        seat
        for seat, folded in enumerate(view.folded)
        if seat != view.seat and not folded and counts.get(seat) == 0
    ]
