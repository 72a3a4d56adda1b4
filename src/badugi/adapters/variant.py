"""What a solver or learner plays: the game, the seats, the draws, the fixed limits and the deck.

A ``Variant`` is a frozen value. Its game is one of ``badugi.games``, played
with as many draws as asked (the hand ends after the betting round that
follows the last of them). Its deck may be
reduced to fewer ranks and suits so that small variants solve exactly: the
cards stay the real cards of those ranks and suits, ranked by the library's
evaluators as they are in a full deck.

The hand size is the game's: the game model deals four cards in Badugi and
five in the split games, and no game of the family ranks smaller hands.
"""

from __future__ import annotations

from badugi._frozen import Frozen
from badugi.cards import CARD_TEXT, RANK_CHARS, SUIT_CHARS, quote
from badugi.engine.rules import MAX_SEATS
from badugi.engine.structures import FixedLimit
from badugi.errors import BadugiError, GameSetupError
from badugi.games import MAX_DRAWS, Game, by_name

__all__ = ["PARAMETERS", "Variant", "variant_from"]

#: What ``Variant`` takes, by name, as OpenSpiel and PettingZoo pass them.
PARAMETERS = (
    "game",
    "players",
    "draws",
    "small_bet",
    "big_bet",
    "cap",
    "small_blind",
    "big_blind",
    "ante",
    "stack",
    "ranks",
    "suits",
)


def _count(name: str, value: object, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameSetupError(f"{name} must be an int from {least} to {most}, got {quote(value)}")
    if not least <= value <= most:
        raise GameSetupError(f"{name} must be from {least} to {most}, got {value}")
    return value


def _letters(name: str, value: object, alphabet: str) -> str:
    """Distinct letters of ``alphabet`` (any case), in the alphabet's order."""
    if not isinstance(value, str) or not value:
        raise GameSetupError(
            f"{name} must be a non-empty str of letters from {alphabet!r}, got {quote(value)}"
        )
    upper = alphabet.upper()
    wanted = value.upper()
    unknown = [c for c in wanted if c not in upper]
    if unknown:
        raise GameSetupError(f"{name}: {unknown[0]!r} is not one of {alphabet!r}")
    if len(set(wanted)) != len(wanted):
        raise GameSetupError(f"{name} names a letter twice: {value!r}")
    return "".join(alphabet[i] for i, c in enumerate(upper) if c in wanted)


class Variant(Frozen):
    """A variant of one game of the family, with fixed-limit betting.

    Args:
        game: "badugi", "badeucy" or "badacey".
        players: seats, 2 to 8.
        draws: draws in a hand, 0 to 3 (each followed by a betting round).
        small_bet, big_bet: the fixed-limit units (``FixedLimit``): the small
            bet on the first two betting rounds, the big bet after.
        cap: bets and raises a round allows (the big blind counts as one).
        small_blind, big_blind: the blinds (both 0: no blinds, then an ante is needed).
        ante: what every seat antes.
        stack: the chips every seat starts with.
        ranks: the ranks of the deck, e.g. "A234" (from "A23456789TJQK").
        suits: the suits of the deck, e.g. "cd" (from "cdhs").

    Raises:
        badugi.errors.GameSetupError: a parameter of the wrong type or out of range, named in the message.
    """

    __slots__ = (
        "ante",
        "big_blind",
        "deck",
        "draws",
        "game",
        "players",
        "ranks",
        "small_blind",
        "stack",
        "structure",
        "suits",
    )

    game: Game
    draws: int
    players: int
    structure: FixedLimit
    small_blind: int
    big_blind: int
    ante: int
    stack: int
    ranks: str
    suits: str
    deck: tuple[int, ...]

    def __init__(
        self,
        game: str = "badugi",
        *,
        players: int = 2,
        draws: int = 1,
        small_bet: int = 2,
        big_bet: int = 4,
        cap: int = 2,
        small_blind: int = 1,
        big_blind: int = 2,
        ante: int = 0,
        stack: int = 100,
        ranks: str = RANK_CHARS,
        suits: str = SUIT_CHARS,
    ) -> None:
        try:
            base = by_name(game)
        except BadugiError as exc:
            raise GameSetupError(f"game: {exc}") from None
        seats = _count("players", players, 2, MAX_SEATS)
        draw_count = _count("draws", draws, 0, MAX_DRAWS)
        units = [
            _count(name, value, 1, 10**9) for name, value in (("small_bet", small_bet), ("big_bet", big_bet))
        ]
        rounds_cap = _count("cap", cap, 1, 100)
        small, big = (
            _count(name, value, 0, 10**9)
            for name, value in (("small_blind", small_blind), ("big_blind", big_blind))
        )
        if (small == 0) != (big == 0) or small > big:
            raise GameSetupError(
                f"the blinds must be 0 < small_blind <= big_blind, or both 0; got {small} and {big}"
            )
        antes = _count("ante", ante, 0, 10**9)
        if big == 0 and antes == 0:
            raise GameSetupError("a hand needs forced bets: blinds, an ante, or both")
        chips = _count("stack", stack, 1, 10**12)
        rank_letters = _letters("ranks", ranks, RANK_CHARS)
        suit_letters = _letters("suits", suits, SUIT_CHARS)
        deck = tuple(
            card for card, text in enumerate(CARD_TEXT) if text[0] in rank_letters and text[1] in suit_letters
        )
        # The deal needs a card for every seat and the stub's last card, which is never dealt.
        needed = seats * base.hand_size + 1
        if len(deck) < needed:
            raise GameSetupError(
                f"the deck of {len(deck)} cards ({rank_letters} x {suit_letters}) is too small: "
                f"{seats} players of {base.title} need {needed} (their hands and the stub's last card)"
            )
        self._set(
            game=base,
            draws=draw_count,
            players=seats,
            structure=FixedLimit(small_bet=units[0], big_bet=units[1], cap=rounds_cap),
            small_blind=small,
            big_blind=big,
            ante=antes,
            stack=chips,
            ranks=rank_letters,
            suits=suit_letters,
            deck=deck,
        )

    def __repr__(self) -> str:
        return (
            f"Variant({self.game.name!r}, players={self.players}, draws={self.draws}, "
            f"small_bet={self.structure.small_bet}, big_bet={self.structure.big_bet}, "
            f"cap={self.structure.cap}, "
            f"small_blind={self.small_blind}, big_blind={self.big_blind}, ante={self.ante}, "
            f"stack={self.stack}, ranks={self.ranks!r}, suits={self.suits!r})"
        )

    @property
    def hand_size(self) -> int:
        """Cards each player holds: the game's."""
        return self.game.hand_size

    @property
    def blinds(self) -> tuple[int, int] | None:
        """``(small, big)``, or None in an ante game."""
        return None if self.big_blind == 0 else (self.small_blind, self.big_blind)


def variant_from(parameters: dict[str, object], where: str) -> Variant:
    """The variant that named parameters describe (``Variant``'s defaults for those left out).

    Raises:
        badugi.errors.GameSetupError: an unknown name (``where`` says whose), or a value ``Variant`` refuses.
    """
    unknown = sorted(set(parameters) - set(PARAMETERS))
    if unknown:
        raise GameSetupError(f"{where} has no parameter {unknown[0]!r} (it takes {', '.join(PARAMETERS)})")
    given = dict(parameters)
    name = given.pop("game", "badugi")
    return Variant(name, **given)  # type: ignore[arg-type] # each value is checked by Variant
