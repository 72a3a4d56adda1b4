"""Random legal play with invariant checks after every action, shared by the game tests."""

from __future__ import annotations

import json
import random
from typing import Any

from badugi.engine import FixedLimit, HalfPotLimit, Hand, PotLimit, Structure
from badugi.errors import IllegalActionError
from badugi.games import GAMES

GAME_LIST = list(GAMES.values())

MAX_ACTIONS = 400  # far above any real hand: 4 rounds x 8 seats x capped raises + 3 draws x 8


def random_structure(rng: random.Random, unit: int) -> Structure:
    kind = rng.randrange(3)
    if kind == 0:
        return FixedLimit(
            unit, 2 * unit, cap=rng.choice([4, 4, 3, 5, None]), uncapped_heads_up=rng.random() < 0.3
        )
    return PotLimit() if kind == 1 else HalfPotLimit()


def random_qualifier(rng: random.Random, hand_size: int) -> Any:
    """A qualifier as a rank number or as a hand; most are loose enough that someone qualifies."""
    if rng.random() < 0.5:
        return rng.randint(1, 1092)
    return rng.sample(range(52), hand_size)


def random_hand(rng: random.Random) -> Hand:
    n = rng.randint(2, 8)
    unit = rng.choice([2, 10, 20])
    stacks = [rng.randint(1, 30 * unit) for _ in range(n)]  # short stacks: many all-ins
    if rng.random() < 0.5:
        blinds: tuple[int, int] | None = (unit // 2, unit)
        ante = rng.choice([0, 0, unit // 4])
    else:
        blinds, ante = None, rng.choice([1, unit // 2])
    game = rng.choice(GAME_LIST)
    qualifier = None if game.is_split or rng.random() < 0.5 else random_qualifier(rng, game.hand_size)
    return Hand(
        stacks=stacks,
        button=rng.randrange(n),
        structure=random_structure(rng, unit),
        blinds=blinds,
        ante=ante,
        seed=rng.randrange(2**32),
        burn=rng.random() < 0.9,
        exposed_replacement=rng.choice(["now", "after_draw"]),
        game=game,
        qualifier=qualifier,
        carry=rng.choice([0, 0, 0, rng.randint(1, 20 * unit)]),
    )


def random_dealing_error(hand: Hand, rng: random.Random) -> tuple[Any, ...] | None:
    """Now and then, a dealing error found at the table (an exposed card of the deal, a wrong count)."""
    roll = rng.random()
    if roll < 0.01 and hand.phase == "bet" and hand.round_index == 0:
        reported = set(hand._deal_errors.reported())
        fresh = [p for p in range(hand.n_seats * hand.game.hand_size) if p not in reported]
        return ("exposed_in_deal", rng.choice(fresh))
    if roll < 0.014:
        folded = hand.folded
        live = [seat for seat in range(hand.n_seats) if not folded[seat]]
        return ("wrong_count", rng.choice(live))
    return None


def _below(rng: random.Random, n: int) -> int:
    """An int from 0 to n - 1, from one draw: all the harness asks of chance, at a fraction of randrange."""
    return int(rng.random() * n)


def random_action(hand: Hand, rng: random.Random) -> tuple[Any, ...]:
    error = random_dealing_error(hand, rng)
    if error is not None:
        return error
    legal = hand.legal()
    if legal.draw:
        cards = hand.hands[hand.actor]  # type: ignore[index]
        size = hand.game.hand_size
        count = min(_below(rng, size + 2), size)  # 0 to size cards, all of them twice as often
        thrown = rng.sample(cards, count) if count else []
        if thrown and rng.random() < 0.05:  # the dealer exposes a card or two
            return ("draw", thrown, 1 + _below(rng, len(thrown)))
        return ("draw", thrown)
    choices: list[tuple[Any, ...]] = [("fold",)] if rng.random() < 0.3 else []
    if legal.check:
        choices.append(("check",))
    if legal.call:
        choices.append(("call",))
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        pick = rng.random()  # the least, the most, or any total between, each a third of the time
        total = low if pick < 1 / 3 else high if pick < 2 / 3 else low + _below(rng, high - low + 1)
        choices.append(("raise", total))
    return choices[_below(rng, len(choices))] if choices else ("fold",)


def apply(hand: Hand, action: tuple[Any, ...]) -> Any:
    """Hand.act, plus the dealer's errors: ("draw", cards, exposed) and the errors of the deal.

    Returns what the hand returns: the event recorded, or the ruling on a dealer's error.
    """
    if action[0] == "draw" and len(action) == 3:
        return hand.draw(action[1], exposed=action[2])
    if action[0] == "exposed_in_deal":
        return hand.record_exposed_card(action[1])
    if action[0] == "wrong_count":
        return hand.record_wrong_count(action[1])
    return hand.act(action)


def snapshot(hand: Hand) -> tuple[Any, ...]:
    where = hand.cards_in_play()
    return (
        hand.phase,
        hand.actor,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.hands,
        len(hand.history),
        where["stub"],
        where["discards"],
        where["burns"],
        hand.legal(),
    )


def check_invariants(hand: Hand, start_total: int) -> None:
    # Each of the hand's answers is asked once: each hands out a new list.
    stacks, folded = hand.stacks, hand.folded
    assert min(stacks) >= 0
    assert sum(stacks) + hand.pot == start_total + hand.carry, "chips not conserved"
    where = hand.cards_in_play()
    every = where["hands"] + where["stub"] + where["discards"] + where["burns"]
    assert len(every) == 52, f"{len(every)} cards accounted for"
    assert len(set(every)) == 52, "a card is in two places"
    size, dealer = hand.game.hand_size, hand._dealer
    owed = {seat: dealer.owed(seat) for seat in dealer._owed}  # replacements a seat still awaits
    for seat, cards in enumerate(dealer.hands):
        assert len(cards) == (0 if folded[seat] else size - owed.get(seat, 0))
    chips = hand._chips  # the totals the ledger keeps as it goes, against its lists
    assert chips.pot == sum(chips.contributions) + chips.carry
    assert chips.in_hand == folded.count(False)
    assert chips.able == [stack > 0 and not out for stack, out in zip(stacks, folded, strict=True)].count(
        True
    )
    if hand.phase == "bet":  # a player to act has a bet to face or someone to bet against
        actor = hand.actor
        assert actor is not None
        opponents = [s for s in range(hand.n_seats) if s != actor and not folded[s] and stacks[s]]
        assert opponents or hand.legal().call, "a player nobody can bet against is asked to act"


def play(rng: random.Random, check: bool = True, try_illegal: float = 0.0) -> Hand:
    """Play one random hand to the end; with check, assert the invariants after every action."""
    hand = random_hand(rng)
    start_total = sum(hand.history[0]["stacks"])
    if check:
        check_invariants(hand, start_total)
    for _ in range(MAX_ACTIONS):
        if hand.phase == "over":
            break
        if try_illegal and rng.random() < try_illegal:
            before = snapshot(hand)
            try:
                apply(hand, random_illegal(hand, rng))
            except IllegalActionError:
                pass
            else:
                raise AssertionError("an illegal action was accepted")
            assert snapshot(hand) == before, "a rejected action changed the state"
        apply(hand, random_action(hand, rng))
        if check:
            check_invariants(hand, start_total)
    else:
        raise AssertionError(f"hand did not end in {MAX_ACTIONS} actions")
    assert hand.result is not None
    assert hand.payouts is not None
    assert sum(hand.stacks) + hand.result.carried == start_total + hand.carry
    assert sum(hand.payouts) + hand.result.carried == sum(hand.contributions) + hand.carry
    assert hand.pot == hand.result.carried
    if hand.qualifier is None:
        assert hand.result.carried == 0
    return hand


def random_illegal(hand: Hand, rng: random.Random) -> tuple[Any, ...]:
    """An action that the rules forbid right now."""
    legal = hand.legal()
    options: list[tuple[Any, ...]] = []
    if legal.draw:
        mine = hand.hands[hand.actor]  # type: ignore[index]
        held = {c for cards in hand.hands for c in cards}
        not_mine = [c for c in ("Ac", "Kd", "7h", "2s", "Qs", "5d") if c not in mine]
        options += [
            ("check",),
            ("call",),
            ("fold",),
            ("raise", 10**6),
            ("draw", [not_mine[0]]),
            ("draw", [*mine, not_mine[0]]),  # one card more than a hand holds
            ("draw", [mine[0], mine[0]]),
            ("draw", ["Zz"]),
        ]
        options += [("draw", [c]) for c in held - set(mine)][:1]
        options += [("draw", mine[:1], 2), ("draw", [], 1), ("draw", mine[:1], -1)]
        options += [("exposed_in_deal", 0)]  # a card of the deal is reported only before the first draw
    else:
        options += [("draw", [])]
        if not legal.check:
            options.append(("check",))
        if not legal.call:
            options.append(("call",))
        options += [("exposed_in_deal", hand.n_seats * hand.game.hand_size), ("wrong_count", hand.n_seats)]
        if legal.min_raise_to is None:
            options.append(("raise", hand.bets[hand.actor] + 10**6))  # type: ignore[index]
        else:
            options += [("raise", legal.min_raise_to - 1), ("raise", legal.max_raise_to + 1)]  # type: ignore[operator]
    return rng.choice(options)


def run_chunk(seed: int, hands: int, try_illegal: float = 0.05) -> dict[str, int]:
    """Play ``hands`` random hands with every check on; count what they covered."""
    rng = random.Random(seed)
    seen = {
        "hands": 0,
        "showdowns": 0,
        "folded_out": 0,
        "reshuffles": 0,
        "all_ins": 0,
        "side_pots": 0,
        "dead_money_ante": 0,
        "replayed": 0,
        "exposed": 0,
        "misdeals": 0,
        "dead_hands": 0,
        "replaced_in_deal": 0,
        "qualifiers": 0,
        "carried": 0,
        "carry_paid": 0,
        **{game.name: 0 for game in GAME_LIST},
        **{f"{game.name}_reshuffles": 0 for game in GAME_LIST},
        **{f"{game.name}_showdowns": 0 for game in GAME_LIST},
    }
    for number in range(hands):
        hand = play(rng, check=True, try_illegal=try_illegal)
        events = [e["event"] for e in hand.history]
        if number % 25 == 0:  # the history, as JSON, replays to the same hand
            again = Hand.replay(json.loads(json.dumps(hand.history)))
            assert again.history == hand.history
            seen["replayed"] += 1
        seen["exposed"] += "exposed" in events
        seen["misdeals"] += "misdeal" in events
        seen["dead_hands"] += any(e["event"] == "wrong_count" and e["ruling"] == "dead" for e in hand.history)
        seen["replaced_in_deal"] += "deal_replacement" in events
        seen["hands"] += 1
        seen["showdowns"] += "showdown" in events
        seen["folded_out"] += "showdown" not in events
        seen["reshuffles"] += "reshuffle" in events
        seen["all_ins"] += any(e.get("all_in") for e in hand.history)
        seen["side_pots"] += hand.result is not None and len(hand.result.pots) > 1
        seen["dead_money_ante"] += "ante" in events
        seen["qualifiers"] += hand.qualifier is not None
        seen["carried"] += hand.pot > 0
        seen["carry_paid"] += hand.carry > 0 and hand.pot == 0
        seen[hand.game.name] += 1
        seen[f"{hand.game.name}_reshuffles"] += "reshuffle" in events
        seen[f"{hand.game.name}_showdowns"] += "showdown" in events
    return seen
