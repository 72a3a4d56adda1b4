"""A hand's review and a file's: the decisions of the chosen seats, hand by hand, and the largest mistakes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Literal

from badugi.cards import quote
from badugi.engine import Hand
from badugi.errors import BadugiError, HandHistoryError
from badugi.histories import iter_hands
from badugi.histories.record import ReadHand
from badugi.review.advice import Advisor, default_advisor
from badugi.review.decisions import Decision, check_playouts, seats_shown, value_moments
from badugi.review.playouts import PLAYOUTS

__all__ = ["SOLVER", "HandReview", "largest_mistakes", "mistake_rank", "review_file", "review_hand"]

#: The advisor argument's default: the solved strategy's advice, where the library has it.
SOLVER: Literal["solver"] = "solver"


@dataclass(frozen=True)
class HandReview:
    """One hand of a file, reviewed, or why it was not.

    Attributes:
        number: the hand's place in the file, from 1.
        label: the file's name for the hand (``"PokerStars hand #1234"``).
        names: the players' names, one an engine seat, where the file gives them.
        seats: the seats reviewed.
        decisions: their decisions, valued, in the order made.
        note: why the hand has no decisions to show (passed over, refused, no such seat,
            no seat's cards shown), else None.
    """

    number: int
    label: str
    names: tuple[str, ...]
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    note: str | None = None

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """Its decisions that are mistakes, largest first (``largest_mistakes``)."""
        return largest_mistakes(self.decisions)


def _advisor(advisor: Advisor | Literal["solver"] | None) -> Advisor | None:
    if advisor == SOLVER:
        return default_advisor()
    if advisor is None or callable(advisor):
        return advisor
    raise HandHistoryError(f"advisor must be a callable, None or {SOLVER!r}, got {quote(advisor)}")


def _seat_of(seat: object) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise HandHistoryError(f"seat must be a whole number from 0, or None, got {quote(seat)}")
    return seat


def review_hand(
    hand: Hand,
    seat: int | None = None,
    *,
    advisor: Advisor | Literal["solver"] | None = SOLVER,
    seed: int = 0,
    playouts: int = PLAYOUTS,
) -> tuple[Decision, ...]:
    """The decisions of ``seat`` in ``hand`` (a ``Hand`` or ``FollowedHand`` that is over), valued.

    ``seat`` None reviews every seat whose cards the hand shows from the deal.
    ``advisor`` gives the strategy's probabilities (``badugi.review.advice``):
    the solved strategy by default, where the library has one; None for none.
    ``playouts``: of each action at a heads-up bet the strategy answers, to value it in big
    bets (``badugi.review.playouts``); 0 values none.

    Raises:
        badugi.errors.HandHistoryError: not a hand, a seat that is not one of its seats, an advisor
            that is not one, a seed that is not an int, ``playouts`` not a whole number from 0 to
            ``MOST_PLAYOUTS``.
    """
    if not isinstance(hand, Hand):
        raise HandHistoryError(f"review_hand takes a badugi.engine.Hand, got {quote(hand)}")
    wanted = _seat_of(seat)
    seats = seats_shown(hand) if wanted is None else (wanted,)
    return value_moments(hand, seats, _advisor(advisor), seed, playouts=playouts)


def _reviewed(
    read: ReadHand, number: int, seat: int | None, advisor: Advisor | None, playouts: int
) -> HandReview:
    names = tuple(read.names)
    if read.hand is None:
        why = read.skipped if read.skipped is not None else str(read.error)
        return HandReview(number, read.label, names, (), (), f"not played ({why})")
    hand: Hand = read.hand
    if seat is not None and seat >= hand.n_seats:
        return HandReview(number, read.label, names, (), (), f"no seat {seat}: the hand has {hand.n_seats}")
    seats = seats_shown(hand) if seat is None else (seat,)
    if not seats:
        return HandReview(number, read.label, names, (), (), "no seat's cards are shown")
    decisions = value_moments(hand, seats, advisor, seed=number, playouts=playouts)
    return HandReview(number, read.label, names, seats, decisions)


def review_file(
    file: str | IO[bytes],
    seat: int | None = None,
    *,
    source: str | None = None,
    advisor: Advisor | Literal["solver"] | None = SOLVER,
    playouts: int = PLAYOUTS,
) -> Iterator[HandReview]:
    """Each hand of a hand-history file reviewed (``HandReview``), read one at a time.

    ``file`` is a path or a file open for reading bytes, in any format
    ``badugi.histories.iter_hands`` reads (``source`` names it; detected if
    None). ``seat`` (an engine seat, from 0) is the seat reviewed; None
    reviews each hand's seats whose cards the file shows from the deal (the
    record's own player in a room's file, every seat in a dealt hand). The
    Monte Carlo equities and play-outs are seeded by the hand's number, so a review repeats.
    ``playouts`` is as ``review_hand`` takes it.

    Raises:
        badugi.errors.HandHistoryError: a file that cannot be read or whose format is not
            recognised, a seat, an advisor or a number of play-outs that is not one.
    """
    wanted = _seat_of(seat)
    check_playouts(playouts)
    advice = _advisor(advisor)
    if isinstance(file, str):
        try:
            handle: IO[bytes] = open(file, "rb")  # noqa: SIM115 - closed when the hands are read
        except OSError as exc:
            raise HandHistoryError(f"cannot read {quote(file)}: {exc.strerror or exc}") from None
    else:
        handle = file
    try:
        for number, read in enumerate(_hands(handle, source), 1):
            yield _reviewed(read, number, wanted, advice, playouts)
    finally:
        if isinstance(file, str):
            handle.close()


def _hands(handle: IO[bytes], source: str | None) -> Iterator[ReadHand]:
    try:
        yield from iter_hands(handle, source)
    except OSError as exc:  # a directory opens, and fails on the first read
        raise HandHistoryError(f"cannot read the file: {exc.strerror or exc}") from None
    except HandHistoryError:
        raise
    except BadugiError as exc:
        raise HandHistoryError(str(exc)) from None


def largest_mistakes(decisions: Iterable[Decision], most: int | None = None) -> tuple[Decision, ...]:
    """The mistakes among ``decisions``, largest first (at most ``most``), as ``mistake_rank`` orders them.

    The draws come first, the most costly first (a cost is exact); then the bets,
    the costliest in big bets first where play-outs valued them, then the least likely.
    """
    ranked = tuple(sorted((d for d in decisions if d.mistake), key=mistake_rank))
    return ranked if most is None else ranked[:most]


def mistake_rank(decision: Decision) -> tuple[int, float, float]:
    """How mistakes are ordered: draws first, the costliest first; then bets, costliest, least likely."""
    if decision.phase == "draw":
        return (0, -(decision.cost or 0.0), 0.0)
    chance = decision.probability if decision.probability is not None else 1.0
    return (1, -(decision.bet_cost or 0.0), chance)
