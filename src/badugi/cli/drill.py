"""``badugi drill``: a hand, the draws to come and what the others drew: what to throw, answered.

Each answer gets the exact best discard (``badugi.best_discard``) and what the
throw cost: the best discard's expected final strength minus the throw's, as
``badugi review`` values a draw. At a terminal each spot ends with a prompt;
from a pipe the lines are read as they come and echoed (``> Kh 9s``), so the
output is a transcript. A line that is not a throw is answered with why and
the spot is asked again; ``q`` or the end of input stops, then a summary.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from badugi.cli._common import count, counted, seed
from badugi.cli.play._printable import printable

__all__ = ["add_command", "run"]

#: What stops the drill, besides the end of input.
QUIT = ("q", "quit")
#: The prompt at a terminal.
PROMPT = "throw> "
#: How to answer, said after a line that is not a throw.
HOW = "type the cards to throw (e.g. Kh 9s), - to stand pat, q to stop"


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi drill`` to the command line's subcommands; returns its parser."""
    drill_cmd: argparse.ArgumentParser = commands.add_parser(
        "drill",
        help="a Badugi hand and the draws to come: what to throw, answered exactly",
        description="A random Badugi hand, the draws to come and what the others drew: type the cards "
        "you throw (e.g. Kh 9s; - or nothing to stand pat). Each answer gets the exact best discard and "
        "what your throw cost in expected final strength (the share of all hands the final hand beats). "
        "q or the end of input stops, then a summary.",
    )
    drill_cmd.add_argument("--seed", type=seed, default=None, help="seed for a repeatable series of hands")
    drill_cmd.add_argument("--hands", type=count, default=None, metavar="N", help="stop after N hands")
    drill_cmd.set_defaults(run=run)
    return drill_cmd


def _reader() -> Callable[[], str | None]:
    """A line of the answer: typed after a prompt at a terminal; read and echoed from a pipe."""
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():

        def typed() -> str | None:
            try:
                return input(PROMPT)
            except EOFError:
                print()
                return None

        return typed

    def piped() -> str | None:
        line = stdin.readline() if stdin is not None else ""
        if not line:
            return None
        print(f"> {printable(line.rstrip())}")  # a transcript shows what was typed
        return line

    return piped


def _spot(number: int, drill: Any) -> str:
    draws = "this draw is the last" if drill.draws == 1 else f"{drill.draws} draws to come, this one included"
    others = ", ".join(f"{n} card{'s' if n != 1 else ''}" if n else "pat" for n in drill.others)
    return f"Hand {number}: {' '.join(drill.cards)}; {draws}; the others drew: {others}"


def _throw(cards: tuple[str, ...]) -> str:
    return f"throw {' '.join(cards)}" if cards else "stand pat"


def run(args: argparse.Namespace) -> int:
    """Ask and answer spots until ``--hands``, ``q`` or the end of input; returns the exit status."""
    import random  # noqa: PLC0415

    from badugi.errors import InvalidHandError  # noqa: PLC0415
    from badugi.review import answer_drill, deal_drill  # noqa: PLC0415 - the tables load when it runs

    read = _reader()
    seeds = random.Random(args.seed)
    answered = best = 0
    total = 0.0
    stopped = False
    while not stopped and (args.hands is None or answered < args.hands):
        drill = deal_drill(seeds.getrandbits(64))
        print(_spot(answered + 1, drill))
        while True:
            line = read()
            if line is None or line.strip().lower() in QUIT:
                stopped = True
                break
            try:
                answer = answer_drill(drill, line)
            except InvalidHandError as exc:
                print(f"  not a throw: {printable(str(exc))}; {HOW}")
                continue
            answered += 1
            total += answer.cost
            value = answer.value
            print(f"  best: {_throw(answer.best)}, expected final strength {value.best_value:.4f}")
            if answer.cost > 0:
                print(f"  you: {_throw(answer.thrown)}, {value.made_value:.4f}: it cost {answer.cost:.4f}")
            else:
                best += 1
                print(f"  you: {_throw(answer.thrown)}: the best discard")
            break
    mean = f", {total / answered:.4f} a hand" if answered else ""
    print(f"{counted(answered, 'hand')} answered: {best:,} best, cost {total:.4f} in all{mean}")
    return 0
