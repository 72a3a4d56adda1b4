"""``badugi simulate``: bot matches by the standard format or any stakes, in any game, with standings."""

from __future__ import annotations

import argparse
import json
import secrets

from badugi.cli._common import count, counted, game_option, players_count, progress_options, seed
from badugi.cli._history_file import history_options, open_history
from badugi.cli._streams import bar_stream, say, stderr_is_terminal
from badugi.cli.play._lineup import MOST_MATCHES, bot_seed, bots, match_seed, qualifier, qualifier_option
from badugi.cli.play._stakes import add_stakes_options, stakes_of
from badugi.engine import BOTS
from badugi.errors import BadugiError
from badugi.games import GAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from badugi.cli._history_file import HistoryFile
    from badugi.engine.match import Match

__all__ = ["MOST_MATCHES", "add_command", "bot_seed", "match_seed", "run"]


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi simulate`` to the command line's subcommands; returns its parser."""
    simulate_cmd: argparse.ArgumentParser = commands.add_parser(
        "simulate",
        help="play bot matches (blinds and antes, rising stakes) and print the standings",
        description="Play bot matches (1,000 chips each, fixed limit with antes unless told otherwise, "
        "stakes rising every 5 hands) and print the standings.",
    )
    simulate_cmd.add_argument("--players", type=players_count, default=6, help="2 to 8 (default 6)")
    simulate_cmd.add_argument("--hands", type=count, default=50, help="most hands per match (default 50)")
    simulate_cmd.add_argument("--matches", type=count, default=1, help="matches to play (default 1)")
    simulate_cmd.add_argument(
        "--seed", type=seed, default=None, help="seed for a repeatable run (default: a fresh one, printed)"
    )
    simulate_cmd.add_argument(
        "--bots",
        default="simple,random",
        help=f"comma-separated bots, repeated round the table: {', '.join(BOTS)} (default simple,random)",
    )
    progress_options(
        simulate_cmd,
        always="always show the progress bar",
        never="never show it (default: shown on a terminal)",
    )
    simulate_cmd.add_argument("--json", action="store_true", help="print JSON")
    game_option(simulate_cmd)
    qualifier_option(simulate_cmd)
    add_stakes_options(simulate_cmd)
    history_options(simulate_cmd, "--history-out")
    simulate_cmd.set_defaults(run=run)
    return simulate_cmd


def _play_out(match: Match, history: HistoryFile | None, before: int, bar: Any, most: int) -> None:
    """Play ``match`` out: each hand to ``history`` (numbered on from ``before``), a tick of ``bar``."""
    while not match.over:
        names = [match.names[p] for p in match.seated()]
        hand = match.play_hand()
        if history is not None:
            history.append(hand, names, before + match.hands_played)
        if bar is not None:
            if match.hands_played > most:  # a hand past the schedule paid the middle
                bar.total = match.hands_played
            bar.update(1)


def run(args: argparse.Namespace) -> int:
    """Run ``args.matches`` matches and print the standings; returns the exit status."""
    if args.hands < 1 or args.matches < 1:
        raise BadugiError("--hands and --matches must be at least 1")
    if args.matches > MOST_MATCHES:
        raise BadugiError(f"--matches must be at most {MOST_MATCHES:,}, got {args.matches:,}")
    # A fresh seed from the OS unless one is given; printed, so any run can be repeated.
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    from badugi.engine.game_settings import check_qualifier  # noqa: PLC0415 - see TYPE_CHECKING above
    from badugi.engine.match import Match  # noqa: PLC0415

    game, rule = GAMES[args.game], qualifier(args.qualifier)
    check_qualifier(rule, game)  # a bad one is said before any bar is drawn
    seats = list(range(args.players))
    bots(args.bots, seats, seed, game)  # and so is a bad lineup
    stakes = stakes_of(args)  # and bad stakes
    history = open_history(args.history, args.history_format, stakes, game, rule)  # and a bad history file
    stream = bar_stream()  # None: no stderr to draw on
    show = stream is not None and (stderr_is_terminal() if args.progress is None else args.progress)
    one_match = args.matches == 1
    from tqdm import tqdm  # noqa: PLC0415 - only this command draws a bar

    # One match: a bar of hands, which stops where the match did (it ends early when
    # one player holds every chip). Several: a bar of matches.
    bar = tqdm(
        total=args.hands if one_match else args.matches,
        unit=" hands" if one_match else " matches",
        disable=not show,
        file=stream,
        leave=True,
        dynamic_ncols=True,
    )
    chips = [0] * args.players
    wins = [0] * args.players
    hands_played = 0
    names: list[str] = []
    try:
        with bar:
            for number in range(args.matches):
                players, names = bots(args.bots, seats, seed, game, number)
                match = Match(
                    players,
                    names=names,
                    stacks=args.stacks,
                    hands=args.hands,
                    schedule=stakes.schedule(),
                    structure=stakes.structure,
                    seed=match_seed(seed, number),
                    game=game,
                    qualifier=rule,
                )
                _play_out(match, history, hands_played, bar if one_match else None, args.hands)
                hands_played += match.hands_played
                if not one_match:
                    bar.update(1)
                result = match.result()
                for standing in result.standings:
                    chips[standing.player] += standing.chips
                wins[result.standings[0].player] += 1
            if one_match and hands_played < args.hands:
                bar.set_postfix_str(
                    f"the match ended after {hands_played} of {args.hands} hands", refresh=False
                )
    finally:
        if history is not None:
            history.close()
    if history is not None:
        say(f"{counted(history.written, 'hand')} written to {args.history}")
    order = sorted(range(args.players), key=lambda p: (-wins[p], -chips[p], p))
    if args.json:
        print(
            json.dumps(
                {
                    "game": game.name,
                    "qualifier": match.qualifier,
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
    _print_table(game, match.qualifier, args.matches, hands_played, seed, order, names, wins, chips)
    return 0


def _print_table(  # noqa: PLR0917 - the standings' parts, as run() added them up
    game: Any,
    rule_rank: int | None,
    matches_played: int,
    hands_played: int,
    seed: int,
    order: list[int],
    names: list[str],
    wins: list[int],
    chips: list[int],
) -> None:
    """The standings as a table."""
    rule = "" if rule_rank is None else f" (qualifier {game.halves[0].describe(rule_rank)})"
    matches = counted(matches_played, "match", "matches")
    hands = counted(hands_played, "hand")
    print(f"{matches} of {game.title}{rule}, {hands}, seed {seed}")
    print(f"{'place':>5}  {'player':<10} {'wins':>5} {'chips (avg)':>12}")
    for place, p in enumerate(order, start=1):
        print(f"{place:>5}  {names[p]:<10} {wins[p]:>5,} {chips[p] / matches_played:>12,.0f}")
