"""``badugi review`` on files of every format, on a pipe and at a terminal; bad input gets one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import badugi
import badugi.review
from badugi.cli import main
from badugi.histories import write_hand
from badugi.web.downloads import seat_hands
from badugi.web.store import StoredHand
from tests.cli.terminal import Terminal, piped
from tests.review.hands import BAD_THROW, BUTTON_CARDS, fake_advisor, scripted_hand

FILES = Path(__file__).resolve().parent.parent / "histories" / "files"


def _row(output: str, hand: int, seat_line: str, when: str, nth: int = 0) -> str:
    """The ``nth`` row of ``when`` (``bet 1``, ``draw 1``) under hand ``hand``'s table for ``seat_line``."""
    start = output.index(f"Hand {hand}: ")
    block = output[start:].split("\n\n", maxsplit=1)[0]
    assert seat_line in block.splitlines()[0], block
    rows = [line for line in block.splitlines() if line.startswith(f"  {when} ")]
    return rows[nth]


def _cost(cards: tuple[str, ...], thrown: tuple[str, ...], draws: int) -> float:
    choice = badugi.best_discard(cards, draws=draws)
    made = next(o for o in choice.options if set(o.discard) == set(thrown))
    return choice.expected - made.expected


def _scripted_file(tmp_path: Path, form: str) -> Path:
    """The scripted hand in ``form``: the engine's JSON, or the web table's download for the button
    (``phh``, ``pokerstars``, ``json-download``)."""
    hand = scripted_hand()
    path = tmp_path / f"hand.{form}"
    if form == "json":
        path.write_text(write_hand(hand, "json", 1))
    else:
        stored = StoredHand(3, (0, 1), [dict(e) for e in hand.history], 0, [], 1_700_000_000.0)
        download = "json" if form == "json-download" else form
        text, left_out = seat_hands([stored], 0, download, ["Ann", "Bo"], "Home")
        assert left_out == 0
        path.write_text(text)
    return path


@pytest.mark.parametrize("form", ["json", "phh", "pokerstars"])
def test_a_scripted_hand_in_each_format_shows_its_pot_odds_and_its_draw_s_cost(
    tmp_path: Path, form: str
) -> None:
    result = piped("review", str(_scripted_file(tmp_path, form)), "--seat", "0")
    assert result.returncode == 0, result.stderr
    seat = "seat 0 (Ann)" if form != "json" else "seat 0"
    call = _row(result.stdout, 1, seat, "bet 1")
    assert re.search(r"\bcall\b.*\b25\.0%", call), call  # a call of 1 into 3
    draw = _row(result.stdout, 1, seat, "draw 1")
    cost = _cost(BUTTON_CARDS, BAD_THROW, 3)
    assert f"throw {' '.join(BAD_THROW)} " in draw
    assert draw.endswith(f"throw Ks 2h      {cost:.4f}  *"), draw
    assert f"draw 1: throw 5s, best throw Ks 2h: cost {cost:.4f}" in result.stdout
    assert "Largest mistakes of the file" in result.stdout
    assert result.stderr.strip().endswith("1 hand read, 1 reviewed")


def test_after_the_last_draw_a_hand_shown_at_the_showdown_is_played_against(tmp_path: Path) -> None:
    result = piped("review", str(_scripted_file(tmp_path, "pokerstars")))
    assert result.returncode == 0, result.stderr
    first, last = _row(result.stdout, 1, "Ann", "bet 1"), _row(result.stdout, 1, "Ann", "bet 4")
    assert " random " in first  # Bo's cards are not shown, and Bo has not acted yet
    second = _row(result.stdout, 1, "Ann", "bet 2")
    assert " range " in second  # Bo has checked and drawn: its range, as the strategy's play says
    assert re.search(r"check\s+0\.0% cards", last), last  # Bo's 6-5-4 beats Ann's 8-2 for sure


def test_a_heads_up_bet_shows_what_it_cost_in_big_bets_by_play_outs(tmp_path: Path) -> None:
    path = str(_scripted_file(tmp_path, "phh"))
    result = piped("review", path, "--seat", "0", "--playouts", "20")
    assert result.returncode == 0, result.stderr
    for nth in range(1, 4):
        bet = _row(result.stdout, 1, "Ann", f"bet {nth + 1}")
        assert re.search(r"(check|bet \d+)\s+\d+\.\d\dbb$", bet), bet  # nothing bet yet: no raise
    lines = [line.strip() for line in result.stdout.splitlines() if "play-outs each" in line]
    assert len(lines) == 4
    assert all(re.fullmatch(r"big bets, 20 play-outs each: .+; cost \d+\.\d\d ± \d+\.\d\d", x) for x in lines)
    none = piped("review", path, "--seat", "0", "--playouts", "0")
    assert none.returncode == 0, none.stderr
    assert "play-outs" not in none.stdout
    assert "bb" not in none.stdout.split("* a mistake", 1)[1]


def test_a_room_s_file_reviews_its_own_player() -> None:
    result = piped("review", str(FILES / "pokerstars_cash.txt"))
    assert result.returncode == 0, result.stderr
    assert "Hand 1: PokerStars hand #211004887201, seat 2 (HeroOfTheDay)" in result.stdout
    draw = _row(result.stdout, 1, "HeroOfTheDay", "draw 1")
    assert draw.endswith(f"{_cost(('Kd', '4s', '7h', '4c'), ('4c',), 3):.4f}  *")
    assert re.search(r"call\s+\d+\.\d% random\s+25\.0%", _row(result.stdout, 1, "Hero", "bet 1"))
    assert result.stderr.strip().endswith("2 hands read, 2 reviewed")


def test_a_phh_file_reviews_every_seat_it_shows() -> None:
    result = piped("review", str(FILES / "engine_match.phhs"), "--top", "2")
    assert result.returncode == 0, result.stderr
    assert "Hand 1: PHH hand [1], seat 0 (simple-0)" in result.stdout
    assert "Hand 1: PHH hand [1], seat 2 (simple-2)" in result.stdout
    top = result.stdout.split("Largest mistakes of the file")[1].strip().splitlines()
    assert top[0].startswith("(2 mistakes of the 2 asked)")
    costs = [float(line.rsplit("cost ", 1)[1]) for line in top[1:] if "cost " in line]
    assert costs == sorted(costs, reverse=True)


def test_the_strategy_columns_show_the_advisor_s_probabilities(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(badugi.review, "default_advisor", lambda: fake_advisor)
    assert main(["review", str(_scripted_file(tmp_path, "json")), "--seat", "0", "--playouts", "0"]) == 0
    out = capsys.readouterr().out
    assert "no strategy column" not in out
    call = _row(out, 1, "seat 0", "bet 1")
    assert re.search(r"25\.0%\s+3\.0%\s*\*$", call), call
    assert "strategy: fold 25.0%, call 3.0%, raise to 4 72.0%" in out
    assert "bet 1: call, the strategy's probability 3.0%" in out
    assert re.search(r"check .*90\.0%$", _row(out, 1, "seat 0", "bet 2"))


def test_no_strategy_leaves_the_advisor_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(badugi.review, "default_advisor", lambda: fake_advisor)
    assert main(["review", str(_scripted_file(tmp_path, "json")), "--seat", "0", "--no-strategy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The solved strategy is left out (--no-strategy): no strategy column.")
    assert "strategy: " not in out
    assert re.search(r"25\.0%\s+-$", _row(out, 1, "seat 0", "bet 1"))


def test_without_a_strategy_the_output_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(badugi.review, "default_advisor", lambda: None)
    assert main(["review", str(_scripted_file(tmp_path, "json"))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The solved strategy is not in this version of the library: no strategy column.")


def test_at_a_terminal_the_review_is_the_same_and_a_bar_may_show(tmp_path: Path) -> None:
    path = _scripted_file(tmp_path, "pokerstars")
    terminal = Terminal("review", str(path), "--progress")
    status = terminal.finish()
    assert status == 0, terminal.shown
    assert "Traceback" not in terminal.shown
    assert f"cost {_cost(BUTTON_CARDS, BAD_THROW, 3):.4f}" in terminal.shown
    assert "1 hand read, 1 reviewed" in terminal.shown
    assert "review:" in terminal.shown  # the bar, asked for
    # Cleared before each hand is printed, and at the end: the screen keeps no trace of it.
    screen = _screen(terminal.shown)
    assert not [line for line in screen if "review:" in line], screen
    assert "Hand 1: PokerStars hand #3, seat 0 (Ann)" in screen


@pytest.mark.parametrize(("playouts", "bar"), [("1", True), ("0", False)])
def test_at_a_terminal_a_file_of_a_few_kilobytes_shows_a_bar_when_bets_are_played_out(
    tmp_path: Path, playouts: str, bar: bool
) -> None:
    # Five copies of the scripted hand, about 8 KB: a bar with play-outs, none without them.
    one = _scripted_file(tmp_path, "pokerstars").read_text()
    path = tmp_path / "five.txt"
    path.write_text("\n\n".join([one] * 5))
    assert 4096 <= path.stat().st_size < 65536
    terminal = Terminal("review", str(path), "--playouts", playouts)
    assert terminal.finish() == 0, terminal.shown
    assert "5 hands read, 5 reviewed" in terminal.shown
    assert ("review:" in terminal.shown) is bar


def _screen(shown: str) -> list[str]:
    """The lines a terminal keeps of ``shown``: a carriage return goes back to the line's start."""
    lines = []
    for line in shown.replace("\r\n", "\n").split("\n"):
        kept = ""
        for part in line.split("\r"):
            kept = part + kept[len(part) :]
        lines.append(kept.rstrip())
    return lines


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-file"], "cannot read no-such-file: No such file or directory"),
        ([str(FILES)], "cannot read"),
        (["GARBAGE"], "the format of the file is not recognised; pass --from FORMAT"),
        ([str(FILES / "pokerstars_cash.txt"), "--seat", "x"], "argument --seat: expected a whole number"),
        ([str(FILES / "pokerstars_cash.txt"), "--seat", "-1"], "argument --seat: must be at least 0"),
        ([str(FILES / "pokerstars_cash.txt"), "--seat", "9"], "--seat 9: no hand of"),
        ([str(FILES / "pokerstars_cash.txt"), "--seat", "9" * 40], "must be at most"),
        ([str(FILES / "pokerstars_cash.txt"), "--top", "0"], "argument --top: must be at least 1"),
        ([str(FILES / "pokerstars_cash.txt"), "--from", "xml"], "invalid choice: 'xml'"),
        ([str(FILES / "pokerstars_cash.txt"), "--playouts", "x"], "argument --playouts: expected a whole"),
        ([str(FILES / "pokerstars_cash.txt"), "--playouts", "-1"], "argument --playouts: must be at least 0"),
        ([str(FILES / "pokerstars_cash.txt"), "--playouts", "100001"], "playouts must be a whole number"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv: list[str], message: str, tmp_path: Path) -> None:
    (tmp_path / "GARBAGE").write_bytes(bytes(range(256)) * 40)
    result = piped("review", *[str(tmp_path / a) if a == "GARBAGE" else a for a in argv])
    assert result.returncode == 2, result
    assert message in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("badugi review: error: ")
    assert lines[0].endswith("(see 'badugi review --help')")
    assert "Traceback" not in result.stderr


def test_a_seat_with_no_decision_to_make_says_so() -> None:
    result = piped("review", str(FILES / "pokerstars_bom_crlf.txt"), "--no-strategy")
    assert result.returncode == 0, result.stderr
    assert "Hand 2: PokerStars hand #224310601377, seat 1 (Vesna_K): no decision to make" in result.stdout
    assert result.stderr.strip().endswith("2 hands read, 1 reviewed")


def test_actions_are_told_as_a_player_says_them() -> None:
    from badugi.cli.review import describe_action  # noqa: PLC0415

    told = [
        describe_action(a) for a in ["call", ("bet", 4), ("raise", 8), ("draw", ("Kd", "4s")), ("draw", ())]
    ]
    assert told == ["call", "bet 4", "raise to 8", "throw Kd 4s", "pat"]


def test_the_web_table_s_json_download_is_named_as_refused(tmp_path: Path) -> None:
    # The docs say so: a seat's public history is not a history the library reads back yet.
    result = piped("review", str(_scripted_file(tmp_path, "json-download")), "--no-strategy")
    assert result.returncode == 0, result.stderr
    assert "Hand 1: JSON history (line 1): not played (" in result.stdout
    assert result.stderr.strip().endswith("1 hand read, 0 reviewed")
