"""Random hands played by the library's rules and by the sampled solver's C walker: a helper of the tests.

``badugi_sampled_play`` plays a hand told its cards and actions and writes a
record after the deal and after each action (``record``). The references:
``badugi.adapters.TableState`` for any deck (the engine's chips, the adapters'
deck rules: the stub's last card, the reshuffle, a draw capped by what the
deck can replace), and ``engine.Hand`` itself for the full deck.
"""

from __future__ import annotations

import random
from typing import Any

from badugi._native import ffi, lib
from badugi.adapters import Variant
from badugi.adapters.table import TableState
from badugi.cards import CARD_TEXT
from badugi.engine import FixedLimit, Hand
from badugi.solver.sampled.native import rules_struct

WIDTH = lib.BADUGI_SAMPLED_PLAY_WIDTH
_ID = {text: card for card, text in enumerate(CARD_TEXT)}

#: One record: (actor or -1, round, legal actions as bits, seat 0's and seat 1's chips in,
#: stub size, pile size (None once over: a folded hand's cards go to the pile in one and not
#: the other, which changes nothing), seat 0's chips won once over, and whether the action was
#: a draw the stub ran short in: its cards then come one at a time, as dealt).
Record = tuple[int, int, int, int, int, int, int | None, float, int]


def walker_records(
    variant: Variant, deal: list[int], actions: list[int], draw_cards: list[int]
) -> tuple[int, list[Record], int]:
    """What the C walker says after the deal and after each action: (status, records, bad index)."""
    out = ffi.new("int32_t[]", (len(actions) + 1) * WIDTH)
    bad = ffi.new("int64_t *")
    status = lib.badugi_sampled_play(
        rules_struct(variant),
        bytes(deal),
        ffi.new("int16_t[]", actions) if actions else ffi.NULL,
        len(actions),
        bytes(draw_cards),
        len(draw_cards),
        out,
        len(out),
        bad,
    )
    rows = []
    for i in range(max(status, 0)):
        row = [out[i * WIDTH + j] for j in range(WIDTH)]
        over = row[1] < 0
        rows.append(
            (row[1], row[2], row[3], row[4], row[5], row[6], None if over else row[7], float(row[8]), row[9])
        )
    return status, rows, int(bad[0])


def table_record(state: TableState, short: int = 0) -> Record:
    legal = 0
    for action in [] if state.is_terminal else state.legal_actions():
        legal |= 1 << action
    over = state.is_terminal
    chips = state.hand.contributions
    return (
        -1 if over else (state.actor if state.actor is not None else -1),
        state.round_index,
        legal,
        chips[0],
        chips[1],
        len(state.stub),
        None if over else len(state.discards),
        state.returns()[0] if over else 0.0,
        short,
    )


def play_table_state(
    variant: Variant, rng: random.Random
) -> tuple[list[int], list[int], list[int], list[Record]]:
    """A random hand of ``TableState``: its deal, actions, drawn cards, and a record per decision point."""
    state = TableState(variant)
    deal: list[int] = []
    actions: list[int] = []
    draw_cards: list[int] = []
    records: list[Record] = []
    short = 0
    while not state.is_terminal:
        if state.is_chance:
            cards, chances = zip(*state.chance_outcomes(), strict=True)
            card = rng.choices(cards, chances)[0]
            state.apply(card)
            (deal if len(deal) < 8 else draw_cards).append(card)
        else:
            action = rng.choice(state.legal_actions())
            thrown = bin(action - 3).count("1") if state.phase == "draw" else 0
            # A draw the stub cannot cover without its last card deals one card at a time.
            short = int(thrown > 0 and len(state.stub) - 1 < thrown)
            state.apply(action)
            actions.append(action)
        if not state.is_chance:
            records.append(table_record(state, short))
            short = 0
    return deal, actions, draw_cards, records


def play_hand(rng: random.Random, *, blinds: tuple[int, int] | None, ante: int, draws: int = 3) -> Any:
    """A random full-deck hand of ``engine.Hand`` heads-up (fixed limit 2/4, cap 4), the adapters' actions.

    Returns (deal, actions, draw_cards, records, variant): the records are Hand's own
    legal actions, chips and payouts at each turn.
    """
    hand = Hand([100, 100], 1, FixedLimit(2, 4), blinds=blinds, ante=ante, seed=rng.getrandbits(32))
    variant = Variant(
        draws=3,
        cap=4,
        small_blind=blinds[0] if blinds else 0,
        big_blind=blinds[1] if blinds else 0,
        ante=ante,
    )
    assert draws == 3
    deal = [_ID[text] for seat in (0, 1) for text in hand.hands[seat]]
    actions: list[int] = []
    draw_cards: list[int] = []
    records = [hand_record(hand)]
    while hand.phase != "over":
        legal = hand.legal()
        seat = hand.actor
        assert seat is not None
        if legal.draw:
            held = sorted(_ID[text] for text in hand.hands[seat])
            mask = rng.randrange(16)
            thrown = [card for i, card in enumerate(held) if mask >> i & 1]
            event = hand.draw([CARD_TEXT[card] for card in thrown])
            draw_cards.extend(_ID[text] for text in event["received"])
            actions.append(3 + mask)
        else:
            choices = ([0] if legal.call else []) + [1] + ([2] if legal.max_raise_to is not None else [])
            action = rng.choice(choices)
            if action == 0:
                hand.fold()
            elif action == 1:
                hand.call() if legal.call else hand.check()
            else:
                assert legal.max_raise_to is not None
                hand.raise_to(legal.max_raise_to)
            actions.append(action)
        records.append(hand_record(hand))
    return deal, actions, draw_cards, records, variant


def hand_record(hand: Hand) -> tuple[int, int, int, int, float]:
    """What ``Hand`` says: the actor (-1 once over), its legal actions as the adapters number them, chips."""
    if hand.phase == "over":
        payouts = hand.payouts
        assert payouts is not None
        return (
            -1,
            0,
            hand.contributions[0],
            hand.contributions[1],
            float(payouts[0] - hand.contributions[0]),
        )
    legal = hand.legal()
    bits = 0
    if legal.draw:
        bits = ((1 << 16) - 1) << 3  # a full deck always replaces every card
    else:
        bits = (
            (1 if legal.call else 0)
            | (2 if legal.check or legal.call else 0)
            | (4 if legal.max_raise_to else 0)
        )
    actor = hand.actor
    assert actor is not None
    return (actor, bits, hand.contributions[0], hand.contributions[1], 0.0)
