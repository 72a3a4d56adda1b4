"""Checking the settings that say which game is dealt and what it takes to win: game, qualifier, carry.

``Setup`` and ``Match`` take these from callers, whatever their type, and a
setup event takes the game by its name; each is checked here once and a bad
one is refused with a ``GameSetupError`` naming it.
"""

from __future__ import annotations

from badugi.engine._checks import as_chips, as_int, cut, short_repr
from badugi.errors import GameSetupError, InvalidHandError
from badugi.games import GAMES, Game, game_of

__all__ = ["check_carry", "check_game", "check_qualifier", "game_named"]


def check_game(value: object) -> Game:
    """``value`` if it is a game of ``badugi.games`` (BADUGI, BADEUCY, BADACEY), or that game's name.

    Only the games ``badugi.games`` names: a history records the game by its
    name, and ``Hand.replay`` finds it again by it.

    Raises:
        GameSetupError: anything else, another name or a scale included.
    """
    game = game_of(value)
    if game is not None and any(game is known for known in GAMES.values()):
        return game
    raise GameSetupError(
        f"game must be one of badugi.games: BADUGI, BADEUCY or BADACEY, or its name, got {short_repr(value)}"
    )


def game_named(name: object) -> Game:
    """The game a setup event names ("badugi", "badeucy", "badacey").

    Raises:
        GameSetupError: not one of those names.
    """
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise GameSetupError(f"game must be one of {', '.join(map(repr, GAMES))}, got {short_repr(name)}")
    return game


def check_qualifier(value: object, game: Game) -> int | None:
    """The worst rank that qualifies, from a rank number or a hand of ``game``; None for no qualifier.

    A qualifier is a home rule of single-pot games: a split game's pot has a
    winner on each half, and no rule says what would qualify for each.

    Raises:
        GameSetupError: a split game, a rank outside the game's scale, or
            something that is neither a rank nor a hand of the game.
    """
    if value is None:
        return None
    if game.is_split:
        raise GameSetupError(
            f"{game.title} takes no qualifier: a qualifier applies to single-pot games, "
            f"and {game.title} splits every pot between {len(game.halves)} halves"
        )
    (scale,) = game.halves
    number = as_int(value)
    if number is not None:
        if not 1 <= number <= scale.worst:
            raise GameSetupError(
                f"qualifier rank {short_repr(number)} out of range 1..{scale.worst} "
                f"(1 is the best {game.title} hand)"
            )
        return number
    if isinstance(value, (bool, float)):  # a bool or a float is neither a rank nor a card
        raise GameSetupError(f"qualifier must be a hand or a rank number, got {short_repr(value)}")
    try:
        return scale.rank(game.parse(value))  # type: ignore[arg-type]
    except InvalidHandError as exc:
        raise GameSetupError(
            f"qualifier must be a hand of {game.title} or a rank number, got {short_repr(value)}: "
            f"{cut(str(exc), 120)}"
        ) from None


def check_carry(value: object) -> int:
    """Chips left in the middle by earlier deals: an int from 0 to 2**63-1, as any number of chips.

    Raises:
        GameSetupError: anything else.
    """
    return as_chips("carry (chips in the middle)", value, 0)
