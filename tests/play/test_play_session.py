"""``badugi play`` end to end, at a pseudo-terminal and through a pipe; every saved hand is replayed."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from badugi.engine import Hand
from tests.play.play_driver import PROMPT, Terminal, answer, play_piped, play_through, saved_hands


def check_saved(path: Path, players: int, stacks: int, hands: int) -> list[Hand]:
    """The saved hands replay, chain (each starts with the chips the last left), and keep every chip."""
    saved = saved_hands(path)
    assert len(saved) == hands
    for hand in saved:
        setup = hand.history[0]
        put_in = sum(setup["stacks"]) + setup["carry"]
        assert sum(hand.stacks) + (hand.result.carried if hand.result else 0) == put_in
    if saved:
        first = saved[0].history[0]["stacks"]
        assert list(first) == [stacks] * players
    return saved


def standings(output: str) -> dict[str, int]:
    table = output.split("Standings after")[1].splitlines()[1:]
    rows = [
        line.split()
        for line in table
        if line.strip() and line.strip()[0].isdigit() and "." in line.split()[0]
    ]
    return {row[1]: int(row[2].replace(",", "")) for row in rows}


def test_a_whole_match_typed_move_by_move_at_a_terminal(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    terminal = Terminal(
        "--seed", "11", "--players", "4", "--hands", "6", "--history", str(history), default_bots=True
    )
    decisions = play_through(terminal)
    assert terminal.finish() == 0
    assert decisions > 10
    shown = terminal.shown
    assert "\033[" in shown  # colour on a terminal
    assert "\u2665" in shown or "\u2666" in shown  # suit symbols
    assert "Standings after 6 hands:" in shown
    saved = check_saved(history, 4, 1000, 6)
    final = standings(shown)
    assert sum(final.values()) == 4000
    # What the standings say is what the last saved hand left.
    assert sorted(final.values()) == sorted(saved[-1].stacks)


def test_no_color_keeps_the_symbols_and_drops_the_escapes(tmp_path: Path) -> None:
    terminal = Terminal("--seed", "2", "--players", "2", "--hands", "1", env={"NO_COLOR": "1"})
    play_through(terminal)
    assert terminal.finish() == 0
    assert "\033[" not in terminal.shown
    assert any(symbol in terminal.shown for symbol in "\u2663\u2666\u2665\u2660")


def test_ctrl_c_keeps_the_finished_hands_and_exits_130(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    terminal = Terminal("--seed", "3", "--players", "3", "--hands", "20", "--history", str(history))
    while True:  # play into the third hand, then press Ctrl-C at its first decision
        screen = terminal.read_until(PROMPT)
        if "Hand 3 of 20" in screen:
            break
        terminal.type(answer(screen))
    terminal.press_ctrl_c()
    assert terminal.finish() == 130
    assert (
        "Interrupted during hand 3: that hand is not played; the 2 hands before it count." in terminal.shown
    )
    assert "Standings after 2 hands:" in terminal.shown
    check_saved(history, 3, 1000, 2)


def test_quit_at_a_terminal_asks_first(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    terminal = Terminal("--seed", "4", "--players", "2", "--hands", "5", "--history", str(history))
    terminal.read_until(PROMPT)
    terminal.type("quit")
    terminal.read_until("[y/N] ")
    terminal.type("n")  # stays: the same decision is asked again
    terminal.read_until(PROMPT)
    terminal.type("quit")
    terminal.read_until("[y/N] ")
    terminal.type("y")
    assert terminal.finish() == 0
    assert "You left the table during hand 1 (quit)" in terminal.shown
    assert history.read_text() == ""


GARBAGE = ["", "xyzzy", "r -5", "d 9", "b 1,000,000", "raise to", "d Zz", "k k", "\u2660", "fold fold"]
# Numbers int() refuses (over 4,300 digits; a superscript two, which str.isdigit() takes): each
# ended the whole match.
GARBAGE += ["r " + "9" * 5000, "d 1" + "9" * 5000, "b \u00b2", "d \u00b2"]


def c_pat_and_garbage() -> list[str]:
    garbage = GARBAGE
    return [
        line
        for pair in itertools.zip_longest(["c"] * 2000, ["pat"] * 2000, garbage)
        for line in pair
        if line is not None
    ]


def test_a_script_of_c_pat_and_garbage_finishes_the_match(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    result = play_piped(
        c_pat_and_garbage(), "--seed", "5", "--players", "5", "--hands", "8", "--history", str(history)
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "\033[" not in out
    assert "\u2660 " not in out.split("> ")[0]
    assert "Standings after 8 hands:" in out
    # Every line of garbage was refused with one line saying why and what is legal now.
    lines = out.splitlines()
    typed = [n for n, line in enumerate(lines) if line.startswith(">") and line[2:] in GARBAGE]
    assert len(typed) == len(GARBAGE)
    for n in typed:
        assert ". Now: " in lines[n + 1], lines[n : n + 2]
        assert lines[n + 2].startswith(">")  # and the person was asked again
    assert "'xyzzy' is not a command (help lists them)" in out
    check_saved(history, 5, 1000, 8)
    assert sum(standings(out).values()) == 5000


def test_the_end_of_input_in_the_middle_of_a_hand(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    lines = ["c", "pat"] * 12
    result = play_piped(lines, "--seed", "6", "--players", "3", "--hands", "10", "--history", str(history))
    assert result.returncode == 0
    played = int(result.stdout.split("Standings after ")[1].split()[0])
    assert f"(input ended): that hand is not played; the {played} hand" in result.stdout
    assert 0 < played < 10
    check_saved(history, 3, 1000, played)
    assert sum(standings(result.stdout).values()) == 3000


@pytest.mark.parametrize(
    ("pairs", "said"), [(6, "the 1 hand before it counts."), (10, "the 2 hands before it count.")]
)
def test_the_hands_kept_when_input_ends_are_counted_in_words(pairs: int, said: str) -> None:
    """It said "the 1 hand before it count."."""
    result = play_piped(["c", "pat"] * pairs, "--seed", "6", "--players", "3", "--hands", "10")
    assert f"(input ended): that hand is not played; {said}\n" in result.stdout


def test_a_person_who_busts_sees_the_bots_play_it_out(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    # Raise at every chance, draw nothing: with 60 chips against the bots it goes broke.
    lines = ["r", "pat", "c"] * 400
    args = [
        "--seed",
        "8",
        "--players",
        "5",
        "--hands",
        "30",
        "--stacks",
        "60",
        "--bots",
        "simple",
        "--history",
    ]
    result = play_piped(lines, *args, str(history))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "You are out of chips after hand" in out
    out_on = int(out.split("You are out of chips after hand ")[1].split(";")[0].rstrip("."))
    assert "; the bots play the match out." in out
    final = standings(out)
    assert final["you"] == 0
    assert sum(final.values()) == 300
    played = int(out.split("Standings after ")[1].split()[0])
    assert played > out_on  # the bots played on
    check_saved(history, 5, 60, played)
    assert re.search(rf"\byou +0  out on hand {out_on}\n", out)


def test_a_split_game(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    result = play_piped(
        c_pat_and_garbage(),
        "--game",
        "badeucy",
        "--seed",
        "9",
        "--players",
        "4",
        "--hands",
        "6",
        "--history",
        str(history),
        "--hints",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Hint: throw" in out or "Hint: stand pat" in out  # the split game's own best discard
    assert "2-7: " in out  # each half of a hand is named
    shown = [line for line in out.splitlines() if " show" in line and ":" in line]
    assert shown
    assert all(" / 2-7: " in line for line in shown)
    check_saved(history, 4, 1000, 6)
    for hand in saved_hands(history):
        assert hand.game.name == "badeucy"


def test_pot_limit_with_blinds(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    lines = ["r 99999", "r 30", *c_pat_and_garbage()]
    result = play_piped(
        lines,
        "--structure",
        "pot",
        "--blinds",
        "5/10",
        "--seed",
        "10",
        "--players",
        "3",
        "--hands",
        "5",
        "--history",
        str(history),
        default_bots=True,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "pot limit, blinds 5/10" in out
    assert "goes to from" not in out
    assert "not 99,999" in out  # the total out of the pot's range is refused with the range
    saved = check_saved(history, 3, 1000, 5)
    for hand in saved:
        assert hand.structure.describe()["type"] == "PotLimit"
        assert hand.blinds == (5, 10)


def test_hints_answer_at_every_decision_in_badugi(tmp_path: Path) -> None:
    result = play_piped(
        ["c", "pat"] * 40, "--seed", "12", "--players", "3", "--hands", "1", "--hints", default_bots=True
    )
    assert result.returncode == 0
    out = result.stdout
    decisions = out.count("<- you, to act")
    assert decisions > 0
    assert out.count("your chance of beating") == decisions + out.count("> hint")
    assert "expected strength" in out


def test_the_same_seed_and_lines_play_the_same_match(tmp_path: Path) -> None:
    first = play_piped(["c", "pat"] * 60, "--seed", "13", "--players", "4", "--hands", "3")
    second = play_piped(["c", "pat"] * 60, "--seed", "13", "--players", "4", "--hands", "3")
    assert first.stdout == second.stdout


def test_history_appends_and_keeps_what_was_there(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    for seed in ("14", "15"):
        result = play_piped(
            ["c", "pat"] * 60, "--seed", seed, "--players", "2", "--hands", "2", "--history", str(history)
        )
        assert result.returncode == 0
    assert len(saved_hands(history)) == 4
    assert all(json.loads(line)[0]["event"] == "setup" for line in history.read_text().splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "6"], "--seat must be 0 to 5 with 6 players, got 6"),
        (["--players", "9"], "argument --players: must be at most 8, got '9'"),
        (["--bots", "human"], "unknown bot 'human'; choose from simple, random, draw, solver"),
        (
            ["--structure", "pot", "--bets", "10/20"],
            "--bets sets fixed limit's bets; in pot limit the pot sizes them",
        ),
        (["--ante", "0"], "a match needs an ante or blinds"),
        (["--blinds", "10"], "expected SMALL/BIG, two whole numbers, got '10'"),
        (["--blinds", "20/10"], "expected 0 <= SMALL <= BIG and BIG >= 1, got '20/10'"),
        (["--history", "."], "cannot write the history to .: Is a directory"),
        (["--qualifier", "Zz"], ""),
    ],
)
def test_bad_options_are_one_line(args: list[str], message: str) -> None:
    result = play_piped([], *args, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_history_file_that_refuses_a_write_is_one_line_and_status_1() -> None:
    result = play_piped(
        ["c", "pat"] * 40, "--seed", "2", "--players", "3", "--hands", "2", "--history", "/dev/full"
    )
    assert result.returncode == 1
    assert (
        result.stderr
        == "badugi play: error: cannot write the history to /dev/full: No space left on device\n"
    )


def test_an_ascii_only_output_still_plays(tmp_path: Path) -> None:
    result = play_piped(["c", "pat"] * 40, "--seed", "3", "--players", "3", "--hands", "1", ascii_only=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.isascii()
    assert "Hand 1 of 1 - fixed limit" in result.stdout


def test_the_hand_after_the_schedule_says_it_plays_without_the_qualifier() -> None:
    result = play_piped(
        ["c", "pat"] * 200, "--qualifier", "Ah 2s 3d 4c", "--hands", "4", "--seed", "4", "--players", "3"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Hand 5 (one more, without the qualifier, for the chips in the middle)" in out
    assert "nobody qualifies for it" in out
    assert "Nobody qualifies: " in out
    assert not re.search(r"The pot, [\d,]+: \n", out)  # no pot line left without its winner


def test_the_table_keeps_seat_numbers_and_says_who_is_out_and_when_stakes_rise(tmp_path: Path) -> None:
    history = tmp_path / "hands.jsonl"
    lines = ["c", "pat"] * 600
    result = play_piped(
        lines,
        "--seed",
        "23",
        "--players",
        "5",
        "--hands",
        "12",
        "--stacks",
        "400",
        "--bots",
        "simple,random",
        "--history",
        str(history),
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The stakes rise: fixed limit, ante 15, bets 30/60" in out
    gone = re.findall(r"^(\w+-\d) is out of chips\.$", out, flags=re.MULTILINE)
    assert gone
    # After a bot is out, every seat still shows the number in its name.
    after = out.split(f"{gone[0]} is out of chips.")[1]
    rows = re.findall(r"^\s+(\d+)\s+B?\s+(\w+-(\d)|you)\s", after, flags=re.MULTILINE)
    assert rows
    for number, name, in_name in rows:
        assert in_name == number if name != "you" else number == "0"
    assert re.search(r"^This hand you (win [\d,]+|lose [\d,]+|break even)\. Chips: ", out, flags=re.MULTILINE)


def test_a_scoop_and_the_person_s_own_words() -> None:
    result = play_piped(
        ["r", "pat", "c"] * 300, "--game", "badeucy", "--seed", "9", "--players", "3", "--hands", "8"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "you takes" not in out
    assert "you wins" not in out
    # Who won a pot is told after its amount, mid-line: "The pot, 405: you win 405", never "You win".
    assert not re.search(r": You (win|take)", out)
    assert re.search(r"(pot|half), [\d,]+: you win [\d,]+", out)
    assert "(every half)" in out or " half, " in out


def test_history_in_phh_is_the_same_hands_and_numbers_on(tmp_path: Path) -> None:
    from badugi.histories import loads_phhs  # noqa: PLC0415

    as_json, as_phh = tmp_path / "hands.jsonl", tmp_path / "hands.phhs"
    lines = ["c", "pat"] * 200
    args = ["--seed", "31", "--players", "4", "--hands", "3"]
    assert play_piped(lines, *args, "--history", str(as_json)).returncode == 0
    for _ in range(2):  # the second run appends, numbering on
        result = play_piped(lines, *args, "--history", str(as_phh), "--history-format", "phh")
        assert result.returncode == 0, result.stderr
    read = loads_phhs(as_phh.read_text(encoding="utf-8"))
    assert [r.name for r in read] == ["1", "2", "3", "4", "5", "6"]
    engine = saved_hands(as_json) * 2
    for phh, hand in zip(read, engine, strict=True):
        assert hand.names == ("you", "simple-1", "random-2", "simple-3")  # the JSON keeps who played
        # The engine's deck is kept: the very same hand (PHH states the names in its own field).
        assert phh.hand.history[1:] == hand.history[1:]
        assert dict(phh.hand.history[0]) == {k: v for k, v in hand.history[0].items() if k != "names"}
        assert sorted(phh.fields["players"]) == sorted(["you", "simple-1", "random-2", "simple-3"])
    assert [r.fields["hand"] for r in read] == [1, 2, 3, 1, 2, 3]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--structure", "pot"], "--history-format phh: PHH has no variant for PotLimit Badugi"),
        (["--game", "badacey"], "--history-format phh: PHH has no variant for badacey"),
        (["--qualifier", "100"], "--history-format phh: PHH cannot say that a hand needs a qualifier"),
    ],
)
def test_history_in_phh_refuses_what_phh_cannot_say(args: list[str], says: str, tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    result = play_piped([], *args, "--history", str(path), "--history-format", "phh")
    assert result.returncode == 2
    assert result.stderr.startswith(f"badugi play: error: {says}")
    assert not path.exists()  # refused before the file was made


#: The session issue 45 quoted: in hand 2, at the third draw, the person holds a three-card 4-3-2
#: against draw-1, who stood pat at the second draw and bet.
PAT_OPPONENT_SESSION = [
    *("hint", "c", "d 3 4", "k", "d 1", "r 500", "xyz", "c", "d 4", "f", "c", "d J\u2665 8s", "c", "c"),
    *("hint", "d 7h", "c", "c", "hint", "d 2s", "hint"),
]


def test_the_hint_reads_a_pat_opponent_before_the_draw_as_after_it() -> None:
    result = play_piped(
        PAT_OPPONENT_SESSION, "--players", "4", "--hands", "12", "--seed", "2543529259", default_bots=True
    )
    chances = re.findall(
        r"your chance of beating the 1 other player still in: about (\d+)%\n +\((.*)\)", result.stdout
    )
    assert len(chances) == 3, result.stdout
    (_, second_draw), (before, third_draw), (after, last_round) = chances
    assert second_draw == "with your 2 draws to come; draw-1: a random hand drawing as well as it can"
    assert third_draw == "with your 1 draw to come; draw-1 stood pat: read as a random badugi"
    assert last_round == "your hand as it is; draw-1 stood pat: read as a random badugi"
    # One card to a 4-3-2 makes a badugi about a quarter of the time, and it must then beat a badugi.
    assert 5 <= int(before) <= 25
    assert int(after) == 0  # a three-card hand never beats a badugi
