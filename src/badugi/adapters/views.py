"""What one seat knows, as text and as flat vectors: its information state and its observation.

Both hold exactly what the seat would see at the table: its own cards (dealt,
thrown, received), every bet, and how many cards each seat drew; never
another seat's cards, the stub, nor the order of the deck.

* The information state is the seat's whole record (perfect recall): the
  string lists every event it saw, the vector one slot per event.
* The observation is the table now (no recall of the order of bets): the
  seat's cards, the round, who is to act, each seat's chips in, who has
  folded, and each seat's draw counts.

The vectors are plain lists of floats, so the adapters can copy them into
their own arrays; their layout is fixed by the variant (``Layout``).
"""

from __future__ import annotations

from badugi.adapters.table import Seen, TableState
from badugi.adapters.variant import Variant
from badugi.cards import CARD_TEXT

__all__ = ["Layout", "information_state_string", "observation_string", "visible"]


def visible(state: TableState, seat: int) -> list[Seen]:
    """The events ``seat`` saw, in order."""
    return [item for item in state.seen if item.seat is None or item.seat == seat]


def information_state_string(state: TableState, seat: int) -> str:
    """Everything ``seat`` has seen, in order.

    "+Ac" is a card it got, "-Ac" one it threw, "p1:raise" a bet, "p1:draws 2" a draw, "/" a new round.
    """
    words = [f"p{seat}"]
    for item in visible(state, seat):
        if item.kind == "card":
            words.append(f"+{item.text}")
        elif item.kind == "thrown":
            words.append(f"-{item.text}")
        elif item.kind == "round":
            words.append("/")
        else:
            words.append(f"p{item.actor}:{item.text}")
    return " ".join(words)


def _draw_counts(state: TableState) -> list[list[int]]:
    """Per draw so far, the cards each seat drew (-1: has not drawn, or folded)."""
    counts: list[list[int]] = []
    drawing = False  # a draw's first event opens its row; a new betting round closes it
    for item in state.seen:
        if item.kind == "draw":
            if not drawing:
                counts.append([-1] * state.variant.players)
                drawing = True
            counts[-1][item.actor] = item.value
        elif item.kind == "round":
            drawing = False
    return counts


def observation_string(state: TableState, seat: int) -> str:
    """The table now as ``seat`` sees it: its cards, the round, the chips, the folds and the draw counts."""
    hand = state.hand
    cards = "".join(CARD_TEXT[card] for card in state.cards[seat])
    actor = state.actor
    draws = " ".join("".join("-" if c < 0 else str(c) for c in counts) for counts in _draw_counts(state))
    return (
        f"p{seat} cards:{cards or '-'} round:{state.round_index} phase:{state.phase} "
        f"actor:{'-' if actor is None else actor} in:{','.join(map(str, hand.contributions))} "
        f"bets:{','.join(map(str, hand.bets))} "
        f"folded:{''.join('1' if out else '0' for out in hand.folded)} draws:[{draws}]"
    )


class Layout:
    """Where each part of the vectors sits, for one variant.

    Attributes:
        cards: deck index of each card id in the variant's deck.
        token: the size of one event's slot in the information state.
        tokens: the most events a seat can see in a hand.
        information_size, observation_size: the vectors' lengths.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        n, size, deck = variant.players, variant.hand_size, len(variant.deck)
        self.cards = {card: index for index, card in enumerate(variant.deck)}
        cap = variant.structure.cap or 1
        rounds = variant.draws + 1
        self.bets_per_round = n * (cap + 1)  # every seat acts once per full bet, and once more at the start
        # actor, fold/call/raise, count drawn, a card got, a card thrown, a new round
        self.token = n + 3 + (size + 1) + deck + deck + 1
        self.tokens = size + rounds * self.bets_per_round + variant.draws * (n + 2 * size + 1)
        self.information_size = n + deck + self.tokens * self.token
        self.observation_size = n + deck + rounds + 2 + n + n + n + n + variant.draws * n * (size + 2)

    def information_state(self, state: TableState, seat: int) -> list[float]:
        """The seat's record as a vector: who it is, its cards now, then one slot per event it saw."""
        variant = self.variant
        n, size, deck = variant.players, variant.hand_size, len(variant.deck)
        out = [0.0] * self.information_size
        out[seat] = 1.0
        for card in state.cards[seat]:
            out[n + self.cards[card]] = 1.0
        base = n + deck
        for item in visible(state, seat)[: self.tokens]:
            if item.kind != "round":
                out[base + item.actor] = 1.0
            if item.kind == "bet":
                out[base + n + item.value] = 1.0
            elif item.kind == "draw":
                out[base + n + 3 + item.value] = 1.0
            elif item.kind == "card":
                out[base + n + 3 + size + 1 + self.cards[item.value]] = 1.0
            elif item.kind == "thrown":
                out[base + n + 3 + size + 1 + deck + self.cards[item.value]] = 1.0
            else:
                out[base + self.token - 1] = 1.0
            base += self.token
        return out

    def observation(self, state: TableState, seat: int) -> list[float]:
        """The table now as a vector (see ``observation_string``); chips as counts of chips."""
        variant = self.variant
        n, size, deck, hand = variant.players, variant.hand_size, len(variant.deck), state.hand
        out = [0.0] * self.observation_size
        out[seat] = 1.0
        for card in state.cards[seat]:
            out[n + self.cards[card]] = 1.0
        at = n + deck
        out[at + state.round_index] = 1.0
        at += variant.draws + 1
        phase = state.phase
        out[at] = float(phase == "bet")
        out[at + 1] = float(phase == "draw")
        at += 2
        if state.actor is not None:
            out[at + state.actor] = 1.0
        at += n
        for index in range(n):
            out[at + index] = float(hand.contributions[index])
            out[at + n + index] = float(hand.bets[index])
            out[at + 2 * n + index] = float(hand.folded[index])
        at += 3 * n
        for draw, counts in enumerate(_draw_counts(state)):
            for index, count in enumerate(counts):
                out[at + (draw * n + index) * (size + 2) + count + 1] = 1.0
        return out
