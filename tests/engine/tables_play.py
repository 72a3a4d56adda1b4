"""Random legal play of ``Tables``, each finished hand checked against ``Hand``: a helper of the tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from badugi.engine import Hand
from badugi.engine.tables import Tables


def check_against_hand(tables: Tables, hands: int, seed: int, *, legal_every: int = 0) -> int:
    """Step ``tables`` by random legal actions until ``hands`` hands ended, checking each; the count.

    For every finished hand: the history ``Tables`` records replays through
    ``Hand.replay`` to the same events, one by one; ``Hand`` dealt from the
    hand's seed alone deals the same deck if the tables deal as ``Hand`` does
    (``deal="hand"``); and the rewards ``step`` returned are the replayed
    hand's payouts less what each seat put in.

    With ``legal_every`` k, every k-th finished hand is also played again one
    action at a time, and at each turn ``Hand.legal()`` must allow what the
    table's mask allowed then, no more and no less (a replay checks only the
    actions taken, not those refused), and ``observe()``'s chips a call puts
    in must be ``Hand.legal().call_amount``.

    Each hand must start from the stacks the rule gives (``expected_start``),
    and ``match_starts()`` must say where a match began.
    """
    rng = np.random.default_rng(seed)
    checked = 0
    masks: list[list[Any]] = [[] for _ in range(tables.count)]  # each table's masks in its hand in play
    first = [list(row) for row in tables.starting_stacks()]
    assert tables.match_starts().all(), "a first hand starts a match"
    starts = [list(row) for row in first]  # the stacks each table's hand in play should start with
    while checked < hands:
        mask = tables.legal()
        acts = random_legal(mask, rng)
        if legal_every:
            to_call = tables.observe()[:, 4]
            for table in range(tables.count):
                masks[table].append((mask[table], int(acts[table]), int(to_call[table])))
        rewards, done = tables.step(acts)
        after = tables.starting_stacks()
        fresh = tables.match_starts()
        for table in np.flatnonzero(done):
            history = tables.history(int(table))
            assert list(history[0]["stacks"]) == starts[table], (history[0]["stacks"], starts[table])
            compare(history, Hand.replay(history), rewards[table], same_deal=tables.deal == "hand")
            starts[table], reset = expected_start(tables, first[table], history)
            assert list(after[table]) == starts[table], (list(after[table]), starts[table])
            assert bool(fresh[table]) == reset, f"table {table}: match_starts {fresh[table]}, not {reset}"
            checked += 1
            if legal_every and checked % legal_every == 0:
                compare_legal(history, masks[table])
            masks[table] = []
    return checked


def expected_start(tables: Tables, first: list[int], history: tuple[Any, ...]) -> tuple[list[int], bool]:
    """The stacks the hand after ``history`` starts with, and whether they start a match afresh.

    Without carried stacks every hand starts from the first hand's; with them,
    from where ``history`` left them, unless a seat holds fewer than a hand
    needs.
    """
    left = list(history[-1]["stacks"])
    if tables.carry_stacks and min(left) >= tables.least_stack:
        return left, False
    return list(first), True


def compare_legal(history: tuple[Any, ...], turns_taken: list[tuple[Any, int, int]]) -> None:
    """At each action of ``history``, ``Hand`` allows what the table's mask allowed then.

    ``turns_taken`` holds, turn by turn, the table's mask, the action it was given and what its
    view said a call puts in. A bet of the pot limits' menu must also have gone to that bet's
    total (``pot_menu``).
    """
    hand = Hand.replay(history[:1])  # the setup alone: the forced bets and the deal
    turns = [item for item in history if item["event"] in _ACTIONS]
    assert len(turns) == len(turns_taken), (len(turns), len(turns_taken))
    draws = 1 << hand.game.hand_size
    menu = len(turns_taken[0][0]) - 3 - draws if turns_taken else 0  # the half-pot and pot bets
    for number, (item, (mask, taken, to_call)) in enumerate(zip(turns, turns_taken, strict=True)):
        legal = hand.legal()
        assert to_call == legal.call_amount, f"turn {number}: a call puts in {to_call}, Hand {legal}"
        if legal.draw:
            expected = [False] * 3 + [True] * draws + [False] * menu
        else:
            totals = pot_menu(hand) if menu else [legal.min_raise_to, None, None]
            expected = [legal.fold, legal.check or legal.call, totals[0] is not None]
            expected += [False] * draws + [total is not None for total in totals[1 : 1 + menu]]
            bet = 0 if taken == 2 else taken - 3 - draws + 1 if taken >= 3 + draws else None
            if bet is not None:
                assert item["to"] == totals[bet], f"turn {number}: bet {bet} went to {item}, not {totals}"
        assert hand.actor == item["seat"], f"turn {number}: {hand.actor} to act, the table says {item}"
        assert list(mask) == expected, f"turn {number} ({item}): the table allowed {list(mask)}, Hand {legal}"
        _ACTIONS[item["event"]](hand, item)


def pot_menu(hand: Hand) -> list[int | None]:
    """The totals of a pot limit's least, half-pot and pot bets for the seat to act (None: not open).

    By ``Hand.legal()``: the least is its least total; the half-pot and pot bets go to that share
    of the pot after calling over the bet, within its least and most total, and each is open only
    if it is more than the bet before it in the menu.
    """
    legal = hand.legal()
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return [None, None, None]
    # The bet to match: the largest bet in, or in the first round the big blind, even when the
    # seat that posted it went all in for less.
    blind = hand.blinds[1] if hand.blinds is not None and hand.round_index == 0 else 0
    current = max(*hand.bets, blind)
    after_call = hand.pot + current - hand.bets[hand.actor or 0]
    half = min(max(current + after_call // 2, low), high)
    whole = min(max(current + after_call, low), high)
    return [low, half if half > low else None, whole if whole > max(half, low) else None]


_ACTIONS = {
    "fold": lambda hand, item: hand.fold(),
    "check": lambda hand, item: hand.check(),
    "call": lambda hand, item: hand.call(),
    "bet": lambda hand, item: hand.raise_to(item["to"]),
    "raise": lambda hand, item: hand.raise_to(item["to"]),
    "draw": lambda hand, item: hand.draw(list(item["discards"])),
}


def random_legal(mask: Any, rng: Any) -> Any:
    """One legal action per row of ``mask``, uniformly at random."""
    noise = rng.random(mask.shape)
    return np.argmax(np.where(mask, noise, -1.0), axis=1)


def compare(history: tuple[Any, ...], replayed: Hand, rewards: Any, *, same_deal: bool) -> None:
    """``replayed`` (Hand.replay of ``history``) recorded ``history`` itself and paid ``rewards``.

    With ``same_deal`` (a table that deals as ``Hand`` does), ``Hand`` dealt from the
    hand's seed alone deals the history's deck; otherwise it must not (the fast deal is
    the library's own shuffle, and the history's deck is what replays it).
    """
    again = replayed.history
    assert len(again) == len(history), (len(again), len(history))
    for number, (mine, theirs) in enumerate(zip(history, again, strict=True)):
        assert dict(mine) == dict(theirs), f"event {number}: {mine} != {theirs}"
    setup = history[0]
    fresh = Hand(
        list(setup["stacks"]),
        setup["button"],
        replayed.structure,
        blinds=setup["blinds"],
        ante=setup["ante"],
        seed=setup["seed"],
        burn=setup["burn"],
        game=setup["game"],
    )
    if same_deal:
        assert fresh.setup.deck == replayed.setup.deck, "the seed alone deals another deck"
    else:
        assert fresh.setup.deck != replayed.setup.deck, "the fast deal dealt Python's deck"
    payouts = replayed.payouts
    assert payouts is not None
    won = [paid - put for paid, put in zip(payouts, replayed.contributions, strict=True)]
    assert list(rewards) == won, (list(rewards), won)
