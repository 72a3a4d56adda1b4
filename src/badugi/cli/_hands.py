"""Hands as ``rank`` and ``compare`` read and print them: one value for Badugi, a value per half otherwise."""

from __future__ import annotations

from badugi.cards import quote
from badugi.errors import BadugiError
from badugi.games import Game
from badugi.ranking.four_card import evaluate
from badugi.ranking.scale_value import ScaleValue
from badugi.ranking.value import HandValue

__all__ = ["evaluate_arg", "half_json", "halves_arg", "value_json"]


def value_json(hand: str, value: HandValue) -> dict[str, object]:
    """A Badugi hand's value as JSON data."""
    return {
        "hand": hand,
        "rank": value.rank,
        "size": value.size,
        "cards": list(value.cards),
        "is_badugi": value.is_badugi,
        "name": value.name,
    }


def evaluate_arg(hand: str) -> HandValue:
    """A hand given on the command line, valued; its error quotes it (and says to quote spaces)."""
    try:
        return evaluate(hand)
    except BadugiError as exc:
        hint = ""
        if len(hand.replace(",", " ").split()) == 1 and len(hand) <= 3:
            hint = ' (quote a hand written with spaces: badugi rank "Ah 2s 3d 4c")'
        raise BadugiError(f"{quote(hand)}: {exc}{hint}") from None


def halves_arg(game: Game, hand: str) -> tuple[ScaleValue, ...]:
    """A hand given on the command line, valued on each half of a game."""
    try:
        return game.evaluate(hand)
    except BadugiError as exc:
        raise BadugiError(f"{quote(hand)}: {exc}") from None


def half_json(value: ScaleValue) -> dict[str, object]:
    """One half's value as JSON data."""
    return {"scale": value.scale, "rank": value.rank, "cards": list(value.cards), "name": value.name}
