"""Starting hands up to the suits: 16,432 classes of four-card hands, 134,459 of five-card ones.

Relabelling the suits (one of the 24 permutations of c, d, h, s) changes no
hand's value in any game of the family, nor its odds with draws to come
against a deck that treats the suits alike. Each class is named by its
**representative**: the member whose ids, in ascending order, come first
lexicographically (so the lowest ids). C sweeps the hands
(``badugi_suit_classes``): the five-card sweep is 2,598,960 hands, each with
its 24 relabellings, too slow here.
"""

from __future__ import annotations

import itertools
import threading

from badugi import _fields as check
from badugi._fields import trusted
from badugi._frozen import Frozen
from badugi._native import ffi, lib
from badugi.cards import CARD_TEXT, HandLike, describe
from badugi.equity._args import short
from badugi.errors import InvalidHandError
from badugi.games import BADUGI, GAMES, Game, GameLike, game_of

__all__ = [
    "StartingHand",
    "canonical_hands",
    "class_count",
    "read_table_game",
    "relabellings",
    "starting_hand",
]

#: The 24 relabellings of the suits, each as new_suit = permutation[old_suit].
_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))
#: How many classes the hands of each size make.
_CLASSES = {4: lib.BADUGI_SUIT_CLASSES4, 5: lib.BADUGI_SUIT_CLASSES5}


def read_table_game(game: object) -> Game:
    """One of the games of ``badugi.games``: a table records its game by name, so no game of one's own."""
    named = game_of(game)
    if named is not None and GAMES.get(named.name) == named:
        return GAMES[named.name]
    names = ", ".join(name.upper() for name in GAMES)
    given = (
        f"a Game of its own named {game.name!r} (a table records its game by name)"
        if isinstance(game, Game)
        else short(game)
    )
    raise InvalidHandError(f"a table's game is one of badugi.games ({names}) or its name, got {given}")


class StartingHand(Frozen):
    """A starting hand up to the suits: one representative and how many hands it stands for.

    Attributes:
        cards: the representative's cards as text, highest first, e.g.
            ("4s", "3h", "2d", "Ac"); its ids are the lowest of its class.
        count: how many of the game's hands the class holds (1 to 24).
        index: its place in ``canonical_hands(game)``: 0..16,431 for Badugi,
            0..134,458 for a five-card game.
        name: the representative's made hand now, e.g. "4-3-2-A badugi"; in
            a split game its halves' names, the Badugi half first, joined by
            " / " ("7-3-2-A badugi / K-7-3-2-A").
        game: the game (``badugi.games``) whose hands these are.
    """

    __slots__ = ("cards", "count", "game", "index", "name")

    cards: tuple[str, ...]
    count: int
    index: int
    name: str
    game: Game

    def __init__(
        self, cards: tuple[str, ...], count: int, index: int, name: str, game: GameLike = BADUGI
    ) -> None:
        """A starting hand; every field is checked (the table builds its own unchecked).

        Raises:
            InvalidHandError: a game that is not one of ``badugi.games``, cards
                that are not the game's number of distinct card texts ("Kc")
                or not the representative of their class, highest first, a
                count or an index that is not the class's, or a name that is
                not the cards' made hand.
        """
        chosen = read_table_game(game)
        texts = check.card_texts("StartingHand", "cards", cards, (chosen.hand_size,))
        number = check.integer("StartingHand", "count", count, least=1, most=24)
        place = check.integer("StartingHand", "index", index, least=0, most=class_count(chosen) - 1)
        made = made_hand(chosen, texts)
        if not isinstance(name, str) or str(name) != made:
            raise InvalidHandError(
                f"StartingHand.name must be {made!r} for these cards, got {describe(name)}"
            )
        own = starting_hand(texts, chosen)
        if own.cards != texts:
            raise InvalidHandError(
                f"StartingHand.cards must be its class's representative, {own.text}, got {' '.join(texts)}"
            )
        if (own.count, own.index) != (number, place):
            raise InvalidHandError(
                f"StartingHand.count and index must be the class's, {own.count} and {own.index}, "
                f"got {number} and {place}"
            )
        self._set(cards=texts, count=number, index=place, name=made, game=chosen)

    @property
    def text(self) -> str:
        """The cards with spaces: "4s 3h 2d Ac"."""
        return " ".join(self.cards)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        game = "" if self.game == BADUGI else f", game={self.game!r}"
        return f"StartingHand(cards={self.cards!r}, count={self.count!r}, index={self.index!r}{game})"


def made_hand(game: Game, cards: object) -> str:
    """The name of a hand of the game: its halves' names, joined by " / "."""
    return " / ".join(value.name for value in game.evaluate(cards))  # type: ignore[arg-type]


def relabellings(ids: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct hand that relabelling the suits makes of ``ids``, each sorted, in ascending order."""
    found = {tuple(sorted(c - c % 4 + permutation[c % 4] for c in ids)) for permutation in _SUIT_PERMUTATIONS}
    return sorted(found)


class _Classes:
    """One game's starting hands, and each representative's place and ids."""

    __slots__ = ("hands", "ids_of", "index_of")

    def __init__(self, game: Game) -> None:
        size = game.hand_size
        capacity = _CLASSES[size]
        representatives = ffi.new("uint8_t[]", capacity * size)
        counts = ffi.new("uint8_t[]", capacity)
        found = lib.badugi_suit_classes(size, representatives, counts, capacity)
        if found != capacity:
            raise SystemError(f"badugi internal error: {found} classes of {size}-card hands, not {capacity}")
        flat = bytes(ffi.buffer(representatives))
        ranks = game.rank_many(flat)  # one C pass: every half's rank, class by class
        halves = len(game.halves)
        # Best made hand first (the halves' ranks in order, the Badugi half first); within equal
        # ranks, by the representative's ids, which is the order C gives them in.
        order = sorted(range(capacity), key=lambda k: tuple(ranks[k * halves : (k + 1) * halves]))
        names: list[dict[int, str]] = [{} for _ in game.halves]  # a name per rank, each half
        self.hands: tuple[StartingHand, ...]
        self.ids_of: list[tuple[int, ...]] = []
        self.index_of: dict[tuple[int, ...], int] = {}
        hands = []
        for index, k in enumerate(order):
            ids = tuple(flat[k * size : (k + 1) * size])
            self.ids_of.append(ids)
            self.index_of[ids] = index
            parts = []
            for h, scale in enumerate(game.halves):
                rank = ranks[k * halves + h]
                if rank not in names[h]:
                    names[h][rank] = scale.evaluate(list(ids)).name
                parts.append(names[h][rank])
            text = tuple(CARD_TEXT[c] for c in reversed(ids))
            hands.append(
                trusted(
                    StartingHand, cards=text, count=counts[k], index=index, name=" / ".join(parts), game=game
                )
            )
        self.hands = tuple(hands)


_lock = threading.Lock()
#: Built once per game, on first use.
_classes: dict[Game, _Classes] = {}


def _of(game: Game) -> _Classes:
    found = _classes.get(game)
    if found is None:
        with _lock:
            found = _classes.get(game)
            if found is None:
                found = _classes[game] = _Classes(game)
    return found


def class_count(game: Game = BADUGI) -> int:
    """How many starting hands the game's hands make: 16,432 of four cards, 134,459 of five."""
    return int(_CLASSES[game.hand_size])


def canonical_hands(game: GameLike = BADUGI) -> tuple[StartingHand, ...]:
    """The game's starting hands up to the suits, best made hand first, with their counts.

    16,432 of Badugi's 270,725 hands; 134,459 of the 2,598,960 hands of a
    five-card game (Badeucy, Badacey). Each is named by its representative
    (the lowest ids of its class, see the module docstring); the counts add
    up to the game's hands. The order is by the made hand, the Badugi half
    first (``game.rank``), then by the representative's ids. Built once per
    game (a third of a second for Badugi, about 3 seconds for a five-card
    game), then cached.

    Raises:
        InvalidHandError: a game that is not one of ``badugi.games``.
    """
    return _of(read_table_game(game)).hands


def representative_ids(index: int, game: Game = BADUGI) -> tuple[int, ...]:
    """The representative's ids, ascending, of the game's starting hand at ``index``."""
    return _of(game).ids_of[index]


def starting_hand(hand: HandLike, game: GameLike = BADUGI) -> StartingHand:
    """The starting hand (up to the suits) of the game that ``hand`` belongs to.

    Raises:
        InvalidHandError: the game is not one of ``badugi.games``, or the hand
            is not one of its hands.
    """
    chosen = read_table_game(game)
    ids = chosen.parse(hand)
    classes = _of(chosen)
    return classes.hands[classes.index_of[relabellings(tuple(ids))[0]]]
