"""A seat's information state, as ``badugi.adapters`` writes it, read back into what the C solver asks.

The adapters' information-state string (``badugi.adapters.views``) lists what a
seat saw in order: ``+Ac`` a card it got, ``-Ac`` one it threw, ``p1:raise`` a
bet, ``p1:draws 2`` a draw's count, ``/`` a new round. Read back, it is the
seat's dealt cards, every public move (bets 0..2, draws ``3 + count``), and at
each of its own draws the cards it threw and the cards it got in the order
they came: ``badugi_sampled_view``. That is how a sampled strategy is asked for
its play at every information set of an exact tree (``badugi.solver.GameTree``).
"""

from __future__ import annotations

from typing import Any

from badugi._native import ffi
from badugi.cards import CARD_TEXT
from badugi.errors import GameSetupError

__all__ = ["MOST_MOVES", "view_of"]

MOST_MOVES = 64
_CARD = {text: card for card, text in enumerate(CARD_TEXT)}
_BETS = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}


class _Reader:
    """The view being filled, word by word."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.view = ffi.new("badugi_sampled_view *")
        self.dealt: list[int] = []
        self.draws = -1  # the seat's own draws so far
        self.thrown = [0, 0, 0]
        self.got = [0, 0, 0]
        self.moves = 0

    def fail(self, what: str) -> GameSetupError:
        return GameSetupError(f"{what} in {self.key[:80]!r}")

    def card(self, sign: str, card: int) -> None:
        view, draws = self.view, self.draws
        if sign == "+" and draws < 0:
            if len(self.dealt) == 4:
                raise self.fail("more than four cards dealt")
            self.dealt.append(card)
        elif sign == "+":
            if self.got[draws] >= 4:
                raise self.fail("more than four cards drawn at once")
            view.received[draws][self.got[draws]] = card
            self.got[draws] += 1
        else:  # thrown before its draw's count is said
            if draws + 1 > 2 or self.thrown[draws + 1] >= 4:
                raise self.fail("a card thrown out of place")
            view.thrown[draws + 1][self.thrown[draws + 1]] = card
            self.thrown[draws + 1] += 1

    def move(self, code: int, mine: bool) -> None:
        if self.moves >= MOST_MOVES:
            raise self.fail(f"more than {MOST_MOVES} moves")
        self.view.moves[self.moves] = code
        self.moves += 1
        if mine and code >= 3:
            self.draws += 1


def view_of(key: str) -> Any:
    """``badugi_sampled_view`` of an information-state string.

    Raises:
        badugi.errors.GameSetupError: a string that is not one the adapters write, named.
    """
    words = key.split() if isinstance(key, str) else []
    if not words or words[0] not in ("p0", "p1"):
        raise GameSetupError(f"not a heads-up information state: {str(key)[:80]!r}")
    reader = _Reader(key)
    seat = reader.view.seat = int(words[0][1])
    index = 1
    while index < len(words):
        word = words[index]
        index += 1
        if word == "/":
            continue
        if word[0] in "+-" and word[1:] in _CARD:
            reader.card(word[0], _CARD[word[1:]])
            continue
        actor, _, what = word.partition(":")
        if actor not in ("p0", "p1"):
            raise reader.fail(f"cannot read {word!r}")
        if what == "draws" and index < len(words) and words[index] in ("0", "1", "2", "3", "4"):
            reader.move(3 + int(words[index]), int(actor[1]) == seat)
            index += 1
        elif what in _BETS:
            reader.move(_BETS[what], False)
        else:
            raise reader.fail(f"cannot read {word!r}")
    if len(reader.dealt) != 4:
        raise reader.fail("not the four cards of a heads-up Badugi deal")
    reader.view.n_moves = reader.moves
    for i, card in enumerate(reader.dealt):
        reader.view.dealt[i] = card
    return reader.view
