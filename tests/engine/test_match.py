"""The match runner (seed 003's format), the bots and ``badugi simulate``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from badugi.cli import main
from badugi.engine import FixedLimit, Hand, IllegalActionError, RandomBot, SimpleBot, public_history, view_of
from badugi.engine.match import DEFAULT_SCHEDULE, Level, Match
from badugi.errors import GameSetupError


def test_default_format_is_seed_003() -> None:
    match = Match([SimpleBot(), SimpleBot(), SimpleBot()], seed=1, keep_histories=True)
    assert match.chips == (1000, 1000, 1000)
    assert match.level() == Level(ante=10, small_bet=20, big_bet=40)
    setups = []
    while not match.over:
        hand = match.play_hand()
        setups.append(hand.history[0])
    assert match.hands_played <= 50
    first = setups[0]
    assert (
        first["blinds"],
        first["ante"],
        first["structure"]["small_bet"],
        first["structure"]["big_bet"],
    ) == (
        None,
        10,
        20,
        40,
    )
    for number, setup in enumerate(setups):  # stakes rise every 5 hands
        level = DEFAULT_SCHEDULE[min(number // 5, len(DEFAULT_SCHEDULE) - 1)]
        assert (setup["ante"], setup["structure"]["small_bet"]) == (level.ante, level.small_bet)
    result = match.result()
    assert sum(s.chips for s in result.standings) == 3000
    assert list(result.standings) == sorted(result.standings, key=lambda s: -s.chips)
    assert len(result.histories) == match.hands_played


def test_match_ends_after_50_hands_or_when_one_player_has_every_chip() -> None:
    passive = Match(
        [lambda view: "check" if view.legal.check else ("draw", []) if view.legal.draw else "call"] * 2,
        seed=3,
    )
    result = passive.run()
    assert result.hands_played == 50 or max(s.chips for s in result.standings) == 2000
    wild = Match([RandomBot(1), RandomBot(2), RandomBot(3)], seed=4, hands=10_000)
    result = wild.run()
    assert result.hands_played < 10_000
    assert [s.chips for s in result.standings][1:] == [0, 0]
    assert result.standings[0].chips == 3000


def test_button_moves_and_busted_players_leave() -> None:
    match = Match([RandomBot(5), RandomBot(6), RandomBot(7), RandomBot(8)], seed=2, keep_histories=True)
    buttons_and_seats = []
    previous_players = 4
    while not match.over:
        players_before = sum(c > 0 for c in match.chips)
        assert players_before <= previous_players
        hand = match.play_hand()
        assert len(hand.history[0]["stacks"]) == players_before  # only players with chips sit
        buttons_and_seats.append((match.button, players_before))
        previous_players = players_before
    assert any(n < 4 for _, n in buttons_and_seats), "nobody busted: pick another seed"
    assert len({b for b, _ in buttons_and_seats[:4]}) > 1  # the button moved


def test_same_seed_same_match() -> None:
    def run(seed: int) -> list[tuple[int, int]]:
        result = Match([SimpleBot(), RandomBot(1), RandomBot(2)], seed=seed).run()
        return [(s.player, s.chips) for s in result.standings]

    assert run(7) == run(7)


def test_an_illegal_bot_action_names_the_player() -> None:
    match = Match([lambda view: "dance", SimpleBot()], names=["dancer", "simple"], seed=1)
    with pytest.raises(IllegalActionError, match=r"^dancer \(seat \d\): unknown action 'dance'"):
        match.play_hand()


def test_progress_callback() -> None:
    calls: list[tuple[int, int]] = []
    Match([SimpleBot(), SimpleBot()], seed=1, hands=7).run(
        progress=lambda done, total: calls.append((done, total))
    )
    assert calls == [(k, 7) for k in range(1, 8)]


def test_simple_bot_draws_to_its_counting_cards_and_bets_badugis() -> None:
    deck = ["Ah", "Kc", "2s", "Kd", "3d", "Kh", "4c", "Ks"] + [
        c for c in _all_cards() if c not in {"Ah", "Kc", "2s", "Kd", "3d", "Kh", "4c", "Ks"}
    ]
    hand = Hand(
        stacks=[1000, 1000], button=1, structure=FixedLimit(20, 40), blinds=(10, 20), deck=deck, seed=1
    )
    # Seat 0 (left of the button 1) holds Ah 2s 3d 4c, seat 1 four kings.
    bot = SimpleBot()
    assert hand.actor == 1
    assert bot(view_of(hand, 1)) == "fold"  # one-card K facing a bet, draws to come: not a 3-card hand
    hand.call()
    assert bot(view_of(hand, 0)) == ("raise", 40)  # the wheel bets
    hand.check()
    assert hand.phase == "draw"
    assert bot(view_of(hand, 0)) == ("draw", [])
    hand.draw([])
    kings = hand.hands[1]
    assert bot(view_of(hand, 1)) == ("draw", [c for c in kings if c != "Kc"])  # keeps its counting card


def _all_cards() -> list[str]:
    return [r + s for r in "A23456789TJQK" for s in "cdhs"]


def test_views_hide_other_players_cards() -> None:
    hand = Hand(stacks=[100] * 3, button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
    view = view_of(hand, 1)
    deals = [e for e in view.history if e["event"] == "deal"]
    assert [("cards" in e) for e in deals] == [False, True, False]
    assert "deck" not in view.history[0]
    assert view.cards == tuple(hand.hands[1])
    while hand.actor is not None:  # the incremental view equals the view built from scratch
        hand.act(SimpleBot()(view_of(hand, hand.actor)))
        for seat in range(3):
            assert hand.public_history(seat) == public_history(hand.history, seat)


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "6", "--hands", "50", "--seed", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1 match of Badugi, ")
    assert len(out) == 2 + 6
    assert (
        main(["simulate", "--players", "3", "--matches", "4", "--seed", "2", "--json", "--no-progress"]) == 0
    )
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert data["matches"] == 4
    assert sum(s["wins"] for s in data["standings"]) == 4
    assert sum(s["chips"] for s in data["standings"]) == 4 * 3000


def test_simulate_runs_of_adjacent_seeds_share_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    # Match k of a run with seed s once had seed s + k, so `--seed 1 --matches 3` replayed
    # `--seed 1`, `--seed 2` and `--seed 3` one after another (22 + 17 + 13 hands).
    from badugi.cli.simulate import MOST_MATCHES, bot_seed, match_seed  # noqa: PLC0415
    from badugi.engine.setup import MAX_SEED  # noqa: PLC0415

    matches = {match_seed(s, k) for s in range(60) for k in range(60)}
    bots = {bot_seed(s, k, seat) for s in range(20) for k in range(20) for seat in range(8)}
    assert len(matches) == 60 * 60
    assert len(bots) == 20 * 20 * 8
    assert not matches & bots
    assert match_seed(7, 0) == 7  # the first match is Match(..., seed=7)
    assert bot_seed(2**64 - 1, MOST_MATCHES - 1, 7) <= MAX_SEED

    def hands(*seed: str) -> int:
        assert main(["simulate", "--json", "--no-progress", "--seed", *seed]) == 0
        played: int = json.loads(capsys.readouterr().out)["hands"]
        return played

    assert hands("1", "--matches", "3") != hands("1") + hands("2") + hands("3")


def test_simulate_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--matches", "3", "--seed", "2", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "3/3" in err
    assert "matches" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--players", "9"], "argument --players: must be at most 8, got '9'"),
        (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "--matches", "0"], "must be at least 1"),
    ],
)
def test_simulate_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--no-progress"]) == 2
    assert message in capsys.readouterr().err


def test_simulate_seats_the_draw_bot_in_badugi(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "2", "--hands", "6", "--seed", "5", "--bots", "draw,simple", "--json"]
    assert main([*argv, "--no-progress"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert sorted(s["name"] for s in data["standings"]) == ["draw-0", "simple-1"]
    assert sum(s["chips"] for s in data["standings"]) == 2000


def _cards(hand: Any) -> list[tuple[str, ...]]:
    return [tuple(item["cards"]) for item in hand.history if item["event"] == "deal"]


def test_a_hand_redealt_gets_another_deck_and_the_match_goes_on_alike() -> None:
    def match() -> Match:
        return Match([SimpleBot(), SimpleBot(), SimpleBot()], seed=21, hands=4)

    plain, redealt, again = match(), match(), match()
    first = plain.play_hand()
    other = redealt.play_hand(redeal=1)
    assert _cards(other) != _cards(first)
    assert _cards(again.play_hand(redeal=1)) == _cards(other)  # the k-th other deck is the match's own
    assert _cards(match().play_hand(redeal=2)) not in (_cards(first), _cards(other))
    assert _cards(match().play_hand(redeal=0)) == _cards(first)
    # The hands after it are dealt as if the first had been the match's own deck.
    assert _cards(plain.play_hand()) == _cards(redealt.play_hand())


@pytest.mark.parametrize("redeal", [-1, 2**63, 1.0, "1", True, None])
def test_a_bad_redeal_is_refused_by_name(redeal: object) -> None:
    match = Match([SimpleBot(), SimpleBot()], seed=1)
    with pytest.raises(GameSetupError, match="redeal must be"):
        match.play_hand(redeal=redeal)  # type: ignore[arg-type]
    assert match.hands_played == 0


def test_deal_then_settle_plays_the_hand_play_hand_plays() -> None:
    def lineup() -> list[Any]:
        return [SimpleBot(), RandomBot(seed=3), SimpleBot()]

    played, dealt = Match(lineup(), seed=8, hands=6), Match(lineup(), seed=8, hands=6)
    while not played.over:
        expected = played.play_hand()
        hand = dealt.deal()
        assert dealt.deal().setup == hand.setup  # nothing moved: the same hand again
        seated = dealt.seated()
        while hand.actor is not None:
            hand.act(dealt.players[seated[hand.actor]](view_of(hand, hand.actor)))
        dealt.settle(hand)
        assert hand.history == expected.history
        assert dealt.chips == played.chips
    assert dealt.over
    assert dealt.result() == played.result()


def test_settle_takes_only_the_hand_dealt_once_it_is_over() -> None:
    match = Match([SimpleBot(), SimpleBot()], seed=4)
    with pytest.raises(GameSetupError, match="settle takes the hand"):
        match.settle(Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1))
    hand = match.deal()
    with pytest.raises(GameSetupError, match="not over"):
        match.settle(hand)
    assert match.hands_played == 0
    while hand.actor is not None:
        hand.act("fold" if hand.legal().fold else "check")
    with pytest.raises(GameSetupError, match="settle takes the hand"):
        match.settle("hand")  # type: ignore[arg-type]
    match.settle(hand)
    assert match.hands_played == 1
    with pytest.raises(GameSetupError, match="once"):
        match.settle(hand)
    assert match.hands_played == 1


def test_a_hand_dealt_and_abandoned_leaves_the_match_as_it_was() -> None:
    match, twin = Match([SimpleBot(), SimpleBot()], seed=9), Match([SimpleBot(), SimpleBot()], seed=9)
    match.deal(redeal=3)
    assert match.play_hand().history == twin.play_hand().history
