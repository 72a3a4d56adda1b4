"""``badugi simulate``: bot matches by the seed-003 format, with standings and a progress bar."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TextIO

from badugi.errors import BadugiError
from badugi.game import RandomBot, SimpleBot
from badugi.game.match import Match, Player

__all__ = ["ProgressBar", "simulate"]


def _simple(seed: int) -> Player:
    return SimpleBot()


#: The bots a lineup may name, each built from a seed.
BOTS: dict[str, Callable[[int], Player]] = {"simple": _simple, "random": RandomBot}


class ProgressBar:
    """A one-line progress bar on a stream, redrawn at most ten times a second."""

    def __init__(self, total: int, unit: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.started = time.monotonic()
        self._last_draw = 0.0

    def update(self, done: int) -> None:
        """Show ``done`` of ``total``; always draws the final state."""
        now = time.monotonic()
        if done < self.total and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        filled = self.width * done // self.total
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        line = (
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} {self.unit}  {rate:,.0f}/s"
        )
        self.stream.write(line)
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _lineup(spec: str, players: int, seed: int) -> tuple[list[Player], list[str]]:
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOTS]
    if not kinds or unknown:
        raise BadugiError(f"unknown bot {unknown[0] if unknown else spec!r}; choose from {', '.join(BOTS)}")
    chosen = [kinds[i % len(kinds)] for i in range(players)]
    return [BOTS[k](seed + i) for i, k in enumerate(chosen)], [f"{k}-{i}" for i, k in enumerate(chosen)]


def simulate(args: argparse.Namespace) -> int:
    """Run ``args.matches`` matches and print the standings; returns the exit status."""
    if not 2 <= args.players <= 8:
        raise BadugiError(f"--players must be 2 to 8, got {args.players}")
    if args.hands < 1 or args.matches < 1:
        raise BadugiError("--hands and --matches must be at least 1")
    seed = args.seed if args.seed is not None else int(time.time())
    show = sys.stderr.isatty() if args.progress is None else args.progress
    # One match: a bar of hands (a match may end early, when one player has every
    # chip). Several: a bar of matches.
    bar = None
    if show:
        bar = ProgressBar(args.matches, "matches") if args.matches > 1 else ProgressBar(args.hands, "hands")
    chips = [0] * args.players
    wins = [0] * args.players
    hands_played = 0
    names: list[str] = []
    for number in range(args.matches):
        players, names = _lineup(args.bots, args.players, seed + 1000 * number)
        match = Match(players, names=names, hands=args.hands, seed=seed + number)
        while not match.over:
            match.play_hand()
            if bar is not None and args.matches == 1:
                bar.update(match.hands_played)
        hands_played += match.hands_played
        if bar is not None and args.matches > 1:
            bar.update(number + 1)
        result = match.result()
        for standing in result.standings:
            chips[standing.player] += standing.chips
        wins[result.standings[0].player] += 1
    if bar is not None:
        bar.update(bar.total)
    order = sorted(range(args.players), key=lambda p: (-wins[p], -chips[p], p))
    if args.json:
        print(
            json.dumps(
                {
                    "seed": seed,
                    "matches": args.matches,
                    "hands": hands_played,
                    "standings": [
                        {
                            "player": p,
                            "name": names[p],
                            "wins": wins[p],
                            "chips": chips[p],
                            "average_chips": chips[p] / args.matches,
                        }
                        for p in order
                    ],
                }
            )
        )
        return 0
    print(f"{args.matches} match(es), {hands_played} hands, seed {seed}")
    print(f"{'place':>5}  {'player':<10} {'wins':>5} {'chips (avg)':>12}")
    for place, p in enumerate(order, start=1):
        print(f"{place:>5}  {names[p]:<10} {wins[p]:>5} {chips[p] / args.matches:>12,.0f}")
    return 0
