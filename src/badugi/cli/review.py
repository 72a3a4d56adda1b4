"""``badugi review``: each decision of a seat in a hand-history file, valued, and the largest mistakes.

    badugi review FILE [--seat N] [--from FORMAT] [--top N] [--no-strategy]

Every hand is played again through the engine (``badugi.review``): at a bet,
the seat's equity and pot odds; at a draw, the best discard and what the one
made cost; at both, the solved strategy's probability of the action taken,
where the library has the strategy and it has an answer. A summary on
standard error says how many hands were read and reviewed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

from badugi.cli._common import chips, count, counted
from badugi.cli._streams import bar_stream, say, stderr_is_terminal
from badugi.cli.play._printable import printable
from badugi.errors import BadugiError, HandHistoryError

__all__ = ["add_command", "describe_action", "run"]

# The formats the library reads (``badugi.histories.files.READABLE``); the engine loads when a command runs.
_READABLE = ("phh", "pokerstars", "fulltilt", "merge", "kingsclub", "json")
#: Files at least this long get a progress bar on a terminal: about 50 hands of a room's text, read
#: in seconds without play-outs; with them (about 0.2 CPU-s a bet), a few hands take as long.
_BAR_FROM_BYTES = 64 * 1024
_BAR_FROM_BYTES_PLAYED_OUT = 4 * 1024


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi review`` to the command line's subcommands; returns its parser."""
    review_cmd: argparse.ArgumentParser = commands.add_parser(
        "review",
        help="each decision of a seat in a hand-history file, valued, and the largest mistakes",
        description="Each decision of a seat in a hand-history file of any format the library reads, "
        "played again by the engine's rules: at a bet, its equity (against the cards the file shows, "
        "the range the strategy gives the opponent's play, else a random hand) and the pot odds; at a "
        "draw, the best discard and the expected final strength the discard made gave up; the solved "
        "strategy's probability of the action taken, where the strategy has an answer, and heads-up "
        "each bet's value in big bets, the hand played out under the strategy. Then each hand's and "
        "the file's largest mistakes.",
    )
    review_cmd.add_argument("file", metavar="FILE", help="the hand-history file")
    review_cmd.add_argument(
        "--seat",
        type=chips,
        default=None,
        metavar="N",
        help="the engine's seat to review, from 0 (default: each seat whose cards the file shows)",
    )
    review_cmd.add_argument(
        "--from", dest="source", choices=_READABLE, default=None, help="the file's format (default: detected)"
    )
    review_cmd.add_argument(
        "--no-strategy",
        action="store_true",
        help="leave the solved strategy's probabilities out (default: shown where the library has it)",
    )
    review_cmd.add_argument(
        "--playouts",
        type=chips,
        default=None,
        metavar="N",
        help="play-outs of each action that value a heads-up bet (default 200; 0 values none)",
    )
    review_cmd.add_argument(
        "--top", type=count, default=5, metavar="N", help="the file's N largest mistakes (default 5)"
    )
    bar = review_cmd.add_mutually_exclusive_group()
    bar.add_argument(
        "--progress", dest="progress", action="store_true", default=None, help="always show a bar"
    )
    bar.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never (default: a long file on a terminal)",
    )
    review_cmd.set_defaults(run=run)
    return review_cmd


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def describe_action(action: Any) -> str:
    """An action as the review prints it: ``call``, ``bet 4``, ``raise to 8``, ``throw Kd 4s``, ``pat``."""
    if isinstance(action, str):
        return action
    kind, detail = action
    if kind == "draw":
        return f"throw {' '.join(detail)}" if detail else "pat"
    return f"bet {detail}" if kind == "bet" else f"raise to {detail}"


def _offered(decision: Any, action: Any) -> str:
    """An action the seat could take, as ``describe_action`` says it: a raise with no bet yet is a bet."""
    nothing_bet = not any(decision.view.bets)
    if nothing_bet and isinstance(action, tuple) and action[0] == "raise":
        return describe_action(("bet", action[1]))
    return describe_action(action)


def _when(decision: Any) -> str:
    """The betting round or the draw: ``bet 1`` is the first betting round, ``draw 1`` the first draw."""
    return f"{decision.phase} {decision.round_index + 1}"


_HEADER = (
    f"  {'when':<7} {'cards':<15} {'did':<16} {'equity':>7} {'vs':<6} {'pot odds':>8}  "
    f"{'strategy':>8}  {'best':<15} {'cost':>7}"
)


def _playouts(args: argparse.Namespace) -> int:
    from badugi.review import PLAYOUTS  # noqa: PLC0415 - the engine loads only when a command runs

    return PLAYOUTS if args.playouts is None else int(args.playouts)


def _best_and_cost(decision: Any) -> tuple[str, str]:
    """The best action and what the one taken cost: a draw's in final strength, a bet's in big bets."""
    if decision.draw is not None:
        return describe_action(("draw", decision.draw.best)), f"{decision.cost:.4f}"
    if decision.value is not None:
        return _offered(decision, decision.value.best), f"{decision.value.cost:.2f}bb"
    return "", ""


def _line(decision: Any) -> str:
    equity = decision.equity
    best, cost = _best_and_cost(decision)
    mark = "  *" if decision.mistake else ""
    return (
        f"  {_when(decision):<7} {' '.join(decision.cards):<15} {describe_action(decision.action):<16} "
        f"{'' if equity is None else _percent(equity.share):>7} "
        f"{'' if equity is None else equity.against:<6} "
        f"{'' if decision.pot_odds is None else _percent(decision.pot_odds):>8}  "
        f"{_percent(decision.probability):>8}  {best:<15} {cost:>7}{mark}"
    ).rstrip()


def _advice_line(decision: Any) -> str | None:
    if not decision.advice:
        return None
    told = ", ".join(f"{_offered(decision, action)} {_percent(chance)}" for action, chance in decision.advice)
    return f"  {'':<7} strategy: {told}"


def _value_line(decision: Any) -> str | None:
    value = decision.value
    if value is None:
        return None
    each = ", ".join(f"{_offered(decision, action)} {worth:+.2f}" for action, worth in value.values)
    return (
        f"  {'':<7} big bets, {value.playouts:,} play-outs each: {each}; "
        f"cost {value.cost:.2f} ± {value.error:.2f}"
    )


def _mistake(decision: Any, hand: Any = None) -> str:
    where = "" if hand is None else f"Hand {hand.number} ({printable(hand.label)}), seat {decision.seat}, "
    did = describe_action(decision.action)
    if decision.phase == "draw":
        best = describe_action(("draw", decision.draw.best))
        return f"{where}{_when(decision)}: {did}, best {best}: cost {decision.cost:.4f}"
    told = f"{where}{_when(decision)}: {did}, the strategy's probability {_percent(decision.probability)}"
    value = decision.value
    if value is None:
        return told
    if value.cost == 0:
        return f"{told}, the best by play-outs"
    against = _offered(decision, value.best)
    return f"{told}, cost {value.cost:.2f} ± {value.error:.2f} big bets against {against}"


def _seat_name(review: Any, seat: int) -> str:
    names = review.names
    return f"seat {seat} ({printable(names[seat])})" if seat < len(names) and names[seat] else f"seat {seat}"


def _open(path: str) -> IO[bytes]:
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(21, "Is a directory")
        return open(path, "rb")  # closed when the review ends
    except OSError as exc:
        raise BadugiError(f"cannot read {printable(path)}: {exc.strerror or exc}") from None


def _bar(args: argparse.Namespace, file: IO[bytes]) -> Any:
    """A progress bar over the file's bytes, or None (not a terminal, a short file, or asked not to)."""
    stream = bar_stream()
    try:
        size = os.fstat(file.fileno()).st_size
    except (OSError, ValueError):
        return None
    least = _BAR_FROM_BYTES if _playouts(args) == 0 else _BAR_FROM_BYTES_PLAYED_OUT
    wanted = stderr_is_terminal() and size >= least if args.progress is None else args.progress
    if stream is None or not wanted:
        return None
    from tqdm import tqdm  # noqa: PLC0415 - only a long file on a terminal draws a bar

    return tqdm(total=size, unit="B", unit_scale=True, file=stream, leave=False, desc="review")


def _reviews(args: argparse.Namespace, file: IO[bytes], advisor: Any) -> Iterator[Any]:
    from badugi.histories.files import READABLE, FormatNotRecognisedError  # noqa: PLC0415
    from badugi.review import review_file  # noqa: PLC0415 - the engine loads only when a command runs

    try:
        yield from review_file(file, args.seat, source=args.source, advisor=advisor, playouts=_playouts(args))
    except FormatNotRecognisedError:
        raise BadugiError(
            f"{printable(args.file)}: the format of the file is not recognised; pass --from FORMAT"
            f" (one of {', '.join(READABLE)})"
        ) from None
    except HandHistoryError as exc:
        raise BadugiError(f"{printable(args.file)}: {printable(str(exc))}") from None


def _print_hand(review: Any) -> bool:
    """Print a hand's review: its decisions seat by seat, then its mistakes; whether it had decisions."""
    if review.note is not None:
        print(f"\nHand {review.number}: {printable(review.label)}: {printable(review.note)}")
    seats = review.seats
    for seat in seats:
        mine = [decision for decision in review.decisions if decision.seat == seat]
        told = f"\nHand {review.number}: {printable(review.label)}, {_seat_name(review, seat)}"
        if not mine:  # every other player folded before its turn, or it was all in from the blinds
            print(f"{told}: no decision to make")
            continue
        print(told)
        print(_HEADER)
        for decision in mine:
            print(_line(decision))
            for extra in (_advice_line(decision), _value_line(decision)):
                if extra:
                    print(extra)
    for decision in review.mistakes:
        whose = f", seat {decision.seat}" if len(seats) > 1 else ""
        print(f"  mistake: {_mistake(decision)}{whose}")
    return bool(review.decisions)


def run(args: argparse.Namespace) -> int:
    """Review the file's hands; returns the exit status."""
    from badugi.review import default_advisor, mistake_rank  # noqa: PLC0415

    file = _open(args.file)
    bar = None
    hands = reviewed = 0
    top: list[tuple[Any, Any]] = []
    try:
        advisor = None if args.no_strategy else default_advisor()
        if args.no_strategy:
            print("The solved strategy is left out (--no-strategy): no strategy column.")
        elif advisor is None:
            print("The solved strategy is not in this version of the library: no strategy column.")
        print("equity: the share of the pot with the draws to come, against the cards shown (cards), the")
        print("range the strategy gives the opponent's play (range), else a random hand (random); cost: at")
        print("a draw, the expected final strength given up; at a bet, the big bets (bb) given up against")
        print("the best action, the hand played out under the strategy; * a mistake")
        sys.stdout.flush()
        bar = _bar(args, file)  # drawn after the lines above: a terminal shows both on its screen
        for review in _reviews(args, file, advisor):
            hands += 1
            if bar is not None:
                bar.clear()  # the bar's line is taken by the hand's, then drawn again below them
            printed = _print_hand(review)
            if bar is not None:
                sys.stdout.flush()
                bar.update(file.tell() - bar.n)
            if not printed:
                continue
            reviewed += 1
            top = sorted(
                [*top, *((review, d) for d in review.mistakes)], key=lambda pair: mistake_rank(pair[1])
            )
            top = top[: args.top]
    finally:
        if bar is not None:
            bar.close()
        file.close()
    if args.seat is not None and not reviewed and hands:
        raise BadugiError(
            f"--seat {args.seat}: no hand of {printable(args.file)} has a seat {args.seat} whose decisions "
            f"can be reviewed ({counted(hands, 'hand')} read; seats are numbered from 0)"
        )
    print(f"\nLargest mistakes of the file ({counted(len(top), 'mistake')} of the {args.top} asked):")
    for review, decision in top:
        print(f"  {_mistake(decision, review)}")
    sys.stdout.flush()
    say(f"{printable(args.file)}: {counted(hands, 'hand')} read, {reviewed:,} reviewed")
    return 0
