"""``badugi drill`` on a pipe and at a terminal: the exact best discard, the cost of a throw, re-asking."""

from __future__ import annotations

import re

import pytest

import badugi
from badugi.errors import GameSetupError, InvalidHandError
from badugi.review import Drill, answer_drill, deal_drill
from tests.cli.terminal import Terminal, piped

_SPOT = re.compile(r"^Hand (\d+): (\S+ \S+ \S+ \S+); (this draw is the last|(\d) draws to come)")


def _spots(output: str) -> list[tuple[tuple[str, ...], int]]:
    """Each spot shown: its cards and the draws to come (this one included)."""
    found = []
    for line in output.splitlines():
        match = _SPOT.match(line)
        if match:
            found.append((tuple(match.group(2).split()), int(match.group(4) or 1)))
    return found


def _said(cards: tuple[str, ...]) -> str:
    return f"throw {' '.join(cards)}" if cards else "stand pat"


def test_on_a_pipe_each_answer_is_the_exact_best_discard_and_a_wrong_throw_s_cost() -> None:
    # The first card of each hand thrown, three hands, then the end of input.
    first = piped("drill", "--seed", "5", "--hands", "3", stdin="q\n")
    cards = [spot[0] for spot in _spots(first.stdout)]
    assert len(cards) == 1
    answers = [hand[0] for hand in cards]
    result = piped(
        "drill", "--seed", "5", "--hands", "3", stdin="".join(a + "\n" for a in answers) + "-\n-\n"
    )
    assert result.returncode == 0, result.stderr
    spots = _spots(result.stdout)
    assert len(spots) == 3
    assert spots[0][0] == cards[0]  # the seed repeats the series
    total = 0.0
    for (hand, draws), block in zip(spots, result.stdout.split("Hand ")[1:], strict=True):
        choice = badugi.best_discard(hand, draws=draws)
        assert f"  best: {_said(choice.discard)}, expected final strength {choice.expected:.4f}" in block
        thrown = (hand[0],) if hand == cards[0] else ()
        made = next(o for o in choice.options if set(o.discard) == set(thrown))
        cost = choice.expected - made.expected
        total += cost
        if cost > 0:
            assert f"  you: {_said(thrown)}, {made.expected:.4f}: it cost {cost:.4f}" in block
        else:
            assert f"  you: {_said(thrown)}: the best discard" in block
    assert result.stdout.strip().endswith(f"cost {total:.4f} in all, {total / 3:.4f} a hand")
    best = result.stdout.count(": the best discard")
    assert result.stdout.strip().splitlines()[-1].startswith(f"3 hands answered: {best} best, ")
    assert "throw>" not in result.stdout  # no prompt on a pipe: the lines are echoed instead
    assert "> " + answers[0] in result.stdout


def test_garbage_is_answered_with_why_and_the_spot_is_asked_again() -> None:
    result = piped("drill", "--seed", "9", stdin="zz\n2x\nKh Kh\n\x00\xff\n-\nq\n")
    assert result.returncode == 0, result.stderr
    complaints = [line for line in result.stdout.splitlines() if line.startswith("  not a throw: ")]
    assert len(complaints) == 4, result.stdout
    assert all(line.endswith("- to stand pat, q to stop") for line in complaints)
    assert len(_spots(result.stdout)) == 2  # the first spot answered at last, the second stopped by q
    assert result.stdout.strip().splitlines()[-1].startswith("1 hand answered: ")
    assert "Traceback" not in result.stderr


def test_a_card_not_in_the_hand_is_not_a_throw() -> None:
    drill = Drill(("Ah", "2s", "3d", "Kd"), 1, (1,))
    with pytest.raises(InvalidHandError, match="Kh is not in the hand Ah 2s 3d Kd"):
        answer_drill(drill, "Kh")
    assert answer_drill(drill, "kd").best == ("Kd",)
    assert answer_drill(drill, ["Kd"]).cost == 0.0
    assert answer_drill(drill, "").thrown == ()
    with pytest.raises(GameSetupError):
        answer_drill("spot", "Kd")  # type: ignore[arg-type]
    with pytest.raises(GameSetupError):
        deal_drill("seed")  # type: ignore[arg-type]


def test_a_drill_deals_four_cards_one_to_three_draws_and_the_others_counts() -> None:
    for seed in range(50):
        drill = deal_drill(seed)
        assert len(set(drill.cards)) == 4
        assert 1 <= drill.draws <= 3
        assert 1 <= len(drill.others) <= 3
        assert all(0 <= n <= 4 for n in drill.others)
    assert deal_drill(3) == deal_drill(3)


def test_at_a_terminal_it_prompts_and_answers() -> None:
    terminal = Terminal("drill", "--seed", "5")
    shown = terminal.read_until("throw> ")
    spot = _spots(shown)[0]
    terminal.type(spot[0][0])
    answered = terminal.read_until("throw> ")
    choice = badugi.best_discard(spot[0], draws=spot[1])
    assert f"best: {_said(choice.discard)}" in answered
    terminal.type("q")
    assert terminal.finish() == 0
    assert "1 hand answered" in terminal.shown
    assert "Traceback" not in terminal.shown


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "0"], "argument --hands: must be at least 1"),
        (["--seed", "-4"], "argument --seed: must be at least 0"),
        (["--seed", "x"], "argument --seed: expected a whole number"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(argv: list[str], message: str) -> None:
    result = piped("drill", *argv)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_best_discard_answered_is_counted_best_and_costs_nothing() -> None:
    spot = _spots(piped("drill", "--seed", "12", stdin="q\n").stdout)[0]
    best = badugi.best_discard(spot[0], draws=spot[1]).discard
    result = piped("drill", "--seed", "12", "--hands", "1", stdin=" ".join(best) + "\n")
    assert f"  you: {_said(best)}: the best discard" in result.stdout
    assert (
        result.stdout.strip().splitlines()[-1] == "1 hand answered: 1 best, cost 0.0000 in all, 0.0000 a hand"
    )
