"""``badugi play``: a person takes a seat of a match against the bots, in the terminal or from a pipe.

The match is ``simulate``'s (the standard game unless the stakes options say
otherwise); one seat reads its decisions from standard input, one line each
(``badugi.cli.play._typed`` says what a line may be), and sees the hand told as it
is played. At the end of the input, on ``quit`` or on Ctrl-C the hand in play
is abandoned, the hands finished so far are kept, and the standings are shown.
"""

from __future__ import annotations

import argparse
import os
import secrets
import select
import sys
from collections.abc import Callable
from typing import Any

from badugi.cli._common import EXIT_INTERRUPTED, count, counted, game_option, players_count, seed
from badugi.cli._history_file import HistoryFile, history_options, open_history
from badugi.cli.play._lineup import bot_kinds, bots, playing, qualifier, qualifier_option
from badugi.cli.play._look import Look, look_for
from badugi.cli.play._printable import printable
from badugi.cli.play._stakes import Stakes, add_stakes_options, stakes_of
from badugi.engine import BOTS
from badugi.errors import BadugiError
from badugi.games import GAMES, Game

TYPE_CHECKING = False
if TYPE_CHECKING:
    from badugi.engine import Match

__all__ = ["add_command", "run"]

YOU = "you"


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``badugi play`` to the command line's subcommands; returns its parser."""
    play_cmd: argparse.ArgumentParser = commands.add_parser(
        "play",
        help="take a seat at a match against the bots and play it, one typed line a decision",
        description="Take a seat at a match against the bots (1,000 chips each, fixed limit with antes "
        "unless told otherwise, stakes rising every 5 hands, most chips after 50 hands wins). Type one "
        "line a decision (help lists them); from a pipe, the same lines play the match.",
    )
    play_cmd.add_argument("--players", type=players_count, default=6, help="2 to 8, you included (default 6)")
    play_cmd.add_argument("--seat", type=int, default=0, help="your seat, 0 to players - 1 (default 0)")
    play_cmd.add_argument("--hands", type=count, default=50, help="most hands of the match (default 50)")
    play_cmd.add_argument(
        "--seed", type=seed, default=None, help="seed for a repeatable match (default: a fresh one, printed)"
    )
    play_cmd.add_argument(
        "--bots",
        default=None,
        help=f"comma-separated bots, repeated round the other seats: {', '.join(BOTS)} (default draw,simple)",
    )
    game_option(play_cmd)
    qualifier_option(play_cmd)
    history_options(play_cmd, "--history")
    play_cmd.add_argument("--hints", action="store_true", help="show the hint at every decision")
    add_stakes_options(play_cmd)
    play_cmd.set_defaults(run=run)
    return play_cmd


def _lineup_spec(args: argparse.Namespace, game: Game) -> str:
    if args.bots is not None:
        spec = str(args.bots).lower()
        bot_kinds(spec, game)
        return spec
    return ",".join(playing(game, ["draw", "simple"]))


def _reader(say: Callable[[str], object]) -> tuple[Callable[[], str | None], Callable[[], bool] | None]:
    """How lines are read, and how leaving is confirmed: at a prompt on a terminal; echoed from a pipe."""
    stdin = sys.stdin
    terminal = stdin is not None and stdin.isatty()
    if not terminal:

        def read_piped() -> str | None:
            line = stdin.readline() if stdin is not None else ""
            if not line:
                return None
            say(f"> {printable(line.rstrip())}")  # a transcript shows what was typed, never obeyed
            return line

        return read_piped, None

    def read_typed() -> str | None:
        line = _typed_line("> ")
        if line is None:
            say("")
        return line

    def confirm() -> bool:
        answer = _typed_line("Leave the table? The hand in play is not kept. [y/N] ")
        return answer is None or answer.strip().lower() in {"y", "yes"}

    return read_typed, confirm


#: How long a wait for a typed line blocks at most before Python looks at its signals again.
_SIGNAL_CHECK_SECONDS = 0.25


def _typed_line(prompt: str) -> str | None:
    """A line typed at the terminal after ``prompt`` (None at the end of input), Ctrl-C always heard.

    ``input()`` blocks in a read that a Ctrl-C pressed just before it began
    cannot interrupt: the signal is noted, but Python acts on it only when
    the read returns, so the program would wait for a line the person will
    not type. Waiting in ``select`` with a timeout instead lets Python run
    the handler within a fraction of a second, whenever the key was pressed;
    the terminal still edits the line (backspace, erase) as ``input()`` does.
    """
    if os.name == "nt":  # no select on a console: input() as it is
        try:
            return input(prompt)
        except EOFError:
            return None
    sys.stdout.write(prompt)
    sys.stdout.flush()
    # Read the descriptor itself: a line Python's buffer held would not wake select.
    fd, typed = sys.stdin.fileno(), b""
    while not typed.endswith(b"\n"):
        while not select.select([fd], [], [], _SIGNAL_CHECK_SECONDS)[0]:
            pass
        chunk = os.read(fd, 4096)  # a terminal gives a line (or what was typed before Ctrl-D) a read
        if not chunk:
            if not typed:
                return None  # the end of input
            break
        typed += chunk
    return typed.decode(sys.stdin.encoding or "utf-8", "replace").rstrip("\n")


def run(args: argparse.Namespace) -> int:
    """Play the match with the person at ``args.seat``; returns the exit status."""
    if not 0 <= args.seat < args.players:
        raise BadugiError(
            f"--seat must be 0 to {args.players - 1} with {args.players} players, got {args.seat}"
        )
    from badugi.engine.game_settings import check_qualifier  # noqa: PLC0415 - the engine loads only here
    from badugi.engine.match import Match  # noqa: PLC0415

    game, rule = GAMES[args.game], qualifier(args.qualifier)
    check_qualifier(rule, game)
    spec = _lineup_spec(args, game)
    stakes = stakes_of(args)
    match_seed = args.seed if args.seed is not None else secrets.randbits(32)
    others = [s for s in range(args.players) if s != args.seat]
    history = open_history(args.history, args.history_format, stakes, game, rule)
    say = print
    look = look_for(sys.stdout)
    from badugi.cli.play._person import LeftTable, Person, SeatFailed  # noqa: PLC0415 - the engine loads only here

    read, confirm = _reader(say)
    person = Person(read, say, look=look, hints=args.hints, confirm=confirm)
    built, names = bots(spec, others, match_seed, game)
    players: list[Any] = list(built)
    players.insert(args.seat, person)
    names.insert(args.seat, YOU)
    match = Match(
        players,
        names=names,
        stacks=args.stacks,
        hands=args.hands,
        schedule=stakes.schedule(),
        structure=stakes.structure,
        seed=match_seed,
        game=game,
        qualifier=rule,
    )
    _introduce(match, stakes, args, match_seed, say)
    status, ending = 0, ""
    try:
        _play_out(match, person, stakes, args.seat, look, history, say)
    except LeftTable as left:
        ending = f"You left the table during hand {match.hands_played + 1} ({left.reason})"
    except SeatFailed as failed:
        raise failed.error from None
    except KeyboardInterrupt:
        say("")
        ending = f"Interrupted during hand {match.hands_played + 1}"
        status = EXIT_INTERRUPTED
    finally:
        if history is not None:
            history.close()
    if ending:
        before = (
            "no hand was finished before it"
            if not match.hands_played
            else f"the {counted(match.hands_played, 'hand')} before it "
            + ("counts" if match.hands_played == 1 else "count")
        )
        say(f"{ending}: that hand is not played; {before}.")
    _standings(match, say)
    if args.history is not None:
        say(f"{counted(history.written if history else 0, 'hand')} written to {args.history}")
    return status


def _introduce(
    match: Match, stakes: Stakes, args: argparse.Namespace, match_seed: int, say: Callable[[str], object]
) -> None:
    opponents = ", ".join(name for name in match.names if name != YOU)
    rule = "" if match.qualifier is None else f", qualifier {match.game.halves[0].describe(match.qualifier)}"
    say(f"{match.game.title}{rule}: you (seat {args.seat}) against {opponents}")
    say(
        f"{args.stacks:,} chips each, at most {counted(match.max_hands, 'hand')}, "
        f"stakes rising every {match.hands_per_level} hands from {stakes.describe(match.level())}"
    )
    say(f"Seed {match_seed} (--seed {match_seed} deals these cards again). Type help for the commands.")


def _header(match: Match, stakes: Stakes, dot: str) -> str:
    number = match.hands_played + 1
    which = f"Hand {number} of {match.max_hands}"
    if number > match.max_hands:  # the rule of badugi.engine.match: the middle is paid, without the qualifier
        which = f"Hand {number} (one more, without the qualifier, for the chips in the middle)"
    return f"{which} {dot} {stakes.describe(match.level())}"


def _play_out(  # noqa: PLR0917 - private, called once
    match: Match,
    person: Any,
    stakes: Stakes,
    player: int,
    look: Look,
    history: HistoryFile | None,
    say: Callable[[str], object],
) -> None:
    from badugi.cli.play._narrator import Narrator  # noqa: PLC0415 - the engine loads only here
    from badugi.cli.play._settlement import settlement  # noqa: PLC0415 - with the narrator

    out_on: int | None = None
    level = match.level()
    while not match.over:
        seated = match.seated()
        you = seated.index(player) if player in seated else None
        names = [match.names[p] for p in seated]
        if match.level() != level and you is not None:
            level = match.level()
            say(f"The stakes rise: {stakes.describe(level)}")
        header = _header(match, stakes, look.dot)
        narrator = None
        if you is not None:
            narrator = Narrator(say, look=look, you=you, names=names, game=match.game, header=header)
            person.names, person.numbers, person.header = names, seated, header
            person.before_screen = narrator.tell_round
        hand = match.play_hand(on_event=narrator)
        if history is not None:
            history.append(hand, names, match.hands_played)
        if narrator is None or you is None:
            continue
        for line in settlement(hand, narrator):
            say(line)
        net = (hand.payouts or [0] * len(seated))[you] - hand.contributions[you]
        result = f"you win {net:,}" if net > 0 else f"you lose {-net:,}" if net < 0 else "you break even"
        chips = " ".join(f"{match.names[p]} {match.chips[p]:,}" for p in seated)
        say(f"This hand {result}. Chips: {chips}")
        for seat, p in enumerate(seated):
            if match.chips[p] == 0 and p != player:
                say(f"{names[seat]} is out of chips.")
        if match.chips[player] == 0 and out_on is None:
            out_on = match.hands_played
            rest = "; the bots play the match out" if not match.over else ""
            say(f"You are out of chips after hand {out_on}{rest}.")


def _standings(match: Match, say: Callable[[str], object]) -> None:
    result = match.result()
    say("")
    say(f"Standings after {counted(result.hands_played, 'hand')}:")
    width = max(len(n) for n in match.names)
    for place, standing in enumerate(result.standings, start=1):
        out = "" if standing.busted_on_hand is None else f"  out on hand {standing.busted_on_hand}"
        say(f"  {place:>2}. {standing.name:<{width}}  {standing.chips:>9,}{out}")
