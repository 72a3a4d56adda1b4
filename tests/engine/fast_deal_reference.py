"""The fast deal of ``Tables``, written again from its description, to check the C against.

A hand's deck is a Fisher-Yates shuffle from the top: place ``k`` (0 to 51) takes the card at a
place drawn uniformly from ``k`` to 51. The draws come from splitmix64 seeded with the hand's
seed, each 64-bit output cut into four 16-bit pieces from its low end; a place below ``n`` is
Lemire's: the piece times ``n``, its high 16 bits, unless its low 16 bits fall in the sliver
``2**16 mod n`` below ``n``, where the next piece is drawn instead. Shares nothing with
``csrc/engine/rng.c`` but the description.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class _Pieces:
    """splitmix64 (Steele, Lea and Flood), read 16 bits at a time."""

    def __init__(self, seed: int) -> None:
        self.state = seed
        self.word = 0
        self.left = 0

    def next(self) -> int:
        if self.left == 0:
            self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = self.state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            self.word = z ^ (z >> 31)
            self.left = 4
        piece = self.word & 0xFFFF
        self.word >>= 16
        self.left -= 1
        return piece

    def below(self, n: int) -> int:
        product = self.next() * n
        if product & 0xFFFF < n:
            sliver = (0x10000 - n) % n
            while product & 0xFFFF < sliver:
                product = self.next() * n
        return product >> 16


def fast_deck(seed: int) -> list[int]:
    """The deck (card ids, top first) the fast deal gives a hand of ``seed``."""
    pieces = _Pieces(seed)
    deck = list(range(52))
    for place in range(52):
        other = place + pieces.below(52 - place)
        deck[place], deck[other] = deck[other], deck[place]
    return deck
