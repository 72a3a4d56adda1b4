"""The game model: what a game deals, how many draws it has, and how its pot is ranked and split.

A ``Game`` is a description, not code: its hand size, its number of draws,
and its *halves*, one scale each (``badugi.ranking.scales``). The evaluator, the
showdown and the engine take a game and ask it; nothing branches on a game's
name. Adding 2-7 triple draw would be one more description.

=============  =====  =====  ==========================================  =========
game           cards  draws  halves (the pot splits evenly among them)   odd chip
=============  =====  =====  ==========================================  =========
``BADUGI``     4      3      badugi (aces low)                           -
``BADEUCY``    5      3      badugi of the five, aces high; 2-7 low      2-7 half
``BADACEY``    5      3      badugi of the five, aces low; A-5 low       A-5 half
=============  =====  =====  ==========================================  =========

In the split games the five-card low half takes the odd chip of a pot that
does not split evenly between the halves (the rulebook treats the five-card
hand as the high hand). Within a half, ties split and odd chips go from the
left of the button, as in Badugi.

>>> from badugi.games import BADEUCY
>>> BADEUCY.rank("5s 4h 3d 2c 7c")      # (badugi half, 2-7 half): both the best
(1, 1)
"""

from __future__ import annotations

from badugi import _fields as check
from badugi._frozen import Frozen
from badugi._native import lib
from badugi.cards import describe, parse_cards, quote
from badugi.errors import InvalidHandError
from badugi.ranking.scale_value import ScaleValue
from badugi.ranking.scales import BADUGI as BADUGI_SCALE
from badugi.ranking.scales import BADUGI_ACE_HIGH, LOW_27, LOW_A5, Scale, rank_many_on

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from badugi.cards import HandLike

__all__ = ["BADACEY", "BADEUCY", "BADUGI", "GAMES", "MAX_DRAWS", "Game", "GameLike", "by_name", "game_of"]

#: The most draws a game may have: triple draw, as the engine's betting rounds assume.
MAX_DRAWS = 3


class Game(Frozen):
    """One game of the Badugi family.

    Attributes:
        name: "badugi", "badeucy" or "badacey" (what ``by_name`` and the CLI take).
        title: the name as people write it: "Badugi".
        hand_size: cards dealt to each player, and held after every draw.
        draws: draws in a hand (each followed by a betting round).
        halves: the scale of each half of the pot, the Badugi half first; one
            scale means the pot is not split.
        odd_chip_half: which half gets the odd chip when a pot does not split
            evenly between the halves.
    """

    __slots__ = ("draws", "halves", "hand_size", "name", "odd_chip_half", "title")

    name: str
    title: str
    hand_size: int
    draws: int
    halves: tuple[Scale, ...]
    odd_chip_half: int

    def __init__(
        self,
        name: str,
        *,
        title: str,
        hand_size: int,
        draws: int,
        halves: tuple[Scale, ...],
        odd_chip_half: int,
    ) -> None:
        """A game from its description; every field is checked.

        Raises:
            InvalidHandError: a name or title that is not a non-empty str, a
                hand size other than 4 or 5, draws outside 0..3, halves that
                are not 1 to 16 scales of ``badugi.ranking.scales`` that each rank
                hands of that size, or an odd-chip half that is not an index
                into the halves.
        """
        for field, value in (("name", name), ("title", title)):
            if not isinstance(value, str) or not value:
                raise InvalidHandError(f"Game.{field} must be a non-empty str, got {describe(value)}")
        size = check.integer("Game", "hand_size", hand_size, least=4, most=5)
        draw_count = check.integer("Game", "draws", draws, least=0, most=MAX_DRAWS)
        scales = check.items("Game", "halves", halves)
        if not 1 <= len(scales) <= lib.BADUGI_MAX_SCALES:
            raise InvalidHandError(
                f"Game.halves must hold 1 to {lib.BADUGI_MAX_SCALES} scales, got {len(scales)}"
            )
        for scale in scales:
            if not isinstance(scale, Scale):
                raise InvalidHandError(
                    f"Game.halves must hold scales of badugi.ranking.scales, got {describe(scale)}"
                )
            if size not in scale.sizes:
                raise InvalidHandError(f"Game.halves: scale {scale.name} does not rank {size}-card hands")
        odd_chip = check.integer("Game", "odd_chip_half", odd_chip_half, most=len(scales) - 1)
        self._set(
            name=str(name),
            title=str(title),
            hand_size=size,
            draws=draw_count,
            halves=scales,
            odd_chip_half=odd_chip,
        )

    def __repr__(self) -> str:
        if GAMES.get(self.name) is self:
            return f"badugi.games.{self.name.upper()}"
        return (
            f"badugi.games.Game({self.name!r}, title={self.title!r}, hand_size={self.hand_size}, "
            f"draws={self.draws}, halves={self.halves!r}, odd_chip_half={self.odd_chip_half})"
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if GAMES.get(self.name) is self:
            return by_name, (self.name,)  # the same object after pickle
        return _game, (self.name, self.title, self.hand_size, self.draws, self.halves, self.odd_chip_half)

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: object) -> Game:
        return self

    @property
    def is_split(self) -> bool:
        """True when the pot splits between halves."""
        return len(self.halves) > 1

    def parse(self, hand: HandLike) -> list[int]:
        """The ids of a hand of this game, read once and checked.

        Raises:
            InvalidHandError: not ``hand_size`` distinct valid cards; the message names the problem.
        """
        return parse_cards(hand, count=self.hand_size)

    def rank(self, hand: HandLike) -> tuple[int, ...]:
        """One rank per half, the Badugi half first; 1 is the best on each.

        ``BADUGI.rank(h) == (badugi.rank(h),)``.

        Raises:
            InvalidHandError: a hand this game does not deal (wrong count, a duplicate, bad text).
        """
        ids = self.parse(hand)
        return tuple(scale.rank(ids) for scale in self.halves)

    def rank_many(self, cards: Any) -> Any:
        """Rank a batch of hands on every half in one C pass.

        ``cards`` is a numpy array of shape (N, hand_size) in any integer dtype
        (giving a ``uint16`` array of shape (N, halves)), or without numpy a
        flat ``uint8`` buffer or a sequence of rows (giving ``array.array('H')``
        of N * halves ranks, row by row). Input rules as ``badugi.rank_many``.

        Raises:
            InvalidHandError: bad shape or dtype, or the first bad row.
        """
        return rank_many_on(self.halves, cards, self.hand_size)

    def evaluate(self, hand: HandLike) -> tuple[ScaleValue, ...]:
        """The value of a hand on every half: rank, counting cards and a name.

        Raises:
            InvalidHandError: as ``rank``.
        """
        ids = self.parse(hand)
        return tuple(scale.evaluate(ids) for scale in self.halves)


#: Badugi: four cards, three draws, one pot to the best badugi (aces low).
BADUGI = Game("badugi", title="Badugi", hand_size=4, draws=3, halves=(BADUGI_SCALE,), odd_chip_half=0)
#: Badeucy: five cards, three draws, each pot split between the best badugi with aces high
#: and the best deuce-to-seven low; the odd chip goes to the low.
BADEUCY = Game(
    "badeucy", title="Badeucy", hand_size=5, draws=3, halves=(BADUGI_ACE_HIGH, LOW_27), odd_chip_half=1
)
#: Badacey: five cards, three draws, each pot split between the best badugi (aces low) and
#: the best ace-to-five low; the odd chip goes to the low.
BADACEY = Game(
    "badacey", title="Badacey", hand_size=5, draws=3, halves=(BADUGI_SCALE, LOW_A5), odd_chip_half=1
)

#: Every game of the library by name.
GAMES: dict[str, Game] = {game.name: game for game in (BADUGI, BADEUCY, BADACEY)}


def _game(  # noqa: PLR0917 - what __reduce__ gives back, in order
    name: str, title: str, hand_size: int, draws: int, halves: tuple[Scale, ...], odd_chip_half: int
) -> Game:
    """A game made by a caller, rebuilt from its fields (pickle)."""
    return Game(
        name, title=title, hand_size=hand_size, draws=draws, halves=halves, odd_chip_half=odd_chip_half
    )


#: A game as the library's functions take it: a ``Game``, or a game's name in any case ("badeucy").
GameLike = Game | str


def game_of(value: object) -> Game | None:
    """``value`` as a game: a ``Game`` itself, or the name of one of ``GAMES`` in any case; else None.

    Every function that takes a game takes its name too, as the command line does, and each says in
    its own words what else it refuses.

    >>> game_of("Badeucy") is BADEUCY, game_of(BADUGI) is BADUGI, game_of("holdem")
    (True, True, None)
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        return GAMES.get(value.strip().lower())
    return None


def by_name(name: str) -> Game:
    """The game with this name ("badugi", "badeucy", "badacey"; any case).

    Raises:
        InvalidHandError: no such game; the message lists the names.
    """
    game = GAMES.get(name.lower()) if isinstance(name, str) else None
    if game is None:
        raise InvalidHandError(f"unknown game {quote(name)}: choose one of {', '.join(GAMES)}")
    return game
