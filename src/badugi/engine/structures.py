"""Betting structures: how much a player may bet or raise.

A structure answers two questions for the engine: given the state of the
betting round, what totals may the player raise to, and what total reopens the
betting for the players who have acted? The engine then applies what every
structure shares: a player may always go all-in for less, and an all-in short
of what reopens the betting does not reopen it unless the all-ins together
reach it.

* ``FixedLimit(small_bet, big_bet, cap=4)``: every bet and raise is one unit,
  the small bet on the first two rounds and the big bet on the last two; a
  round allows ``cap`` bets and raises (one bet and three raises), and a big
  blind counts as the bet (seeds 000 and 003). Facing an all-in for less than
  a full bet or raise, a player completes it: the bet or raise goes one unit
  above the last full one. An all-in of half a bet or more reopens the betting
  (the half-bet rule: Robert's Rules of Poker, "An all-in wager of a half a bet
  or more is treated as a full bet"; the TDA's Rule 47-B, "In limit, at least
  50% of a full bet or raise is required to re-open betting for players who
  have already acted"); ``full_bet_rule=True`` keeps the strict rule, where
  only a full bet or raise does.
* ``PotLimit()``: a raise may be at most the pot after calling (seed 002:
  blinds 2 and 4 and one caller of 4 let the next player raise to 18).
* ``HalfPotLimit()``: the same with half the pot (the same example gives 11).

For both pot structures the smallest bet is the big blind (in a game without
blinds: ``min_bet``, else the ante, else 1 chip), and the smallest raise is
the size of the last full bet or raise in the round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from badugi.engine._checks import MAX_CHIPS, as_int, check_fields, short_repr
from badugi.errors import GameSetupError

__all__ = ["BettingRound", "FixedLimit", "HalfPotLimit", "PotLimit", "Structure"]


@dataclass(frozen=True)
class BettingRound:
    """What a structure needs to know to price a raise.

    Attributes:
        index: 0 before the first draw .. 3 after the last.
        current_bet: the highest total anyone has put in this round.
        player_bet: what the player to act has put in this round.
        pot: every chip put in so far, this round's bets included.
        last_raise: size of the last full bet or raise this round (the big
            blind before the first draw), 0 if nobody has bet.
        full_bets: full bets and raises made this round (a big blind counts).
        players_in: players who have not folded.
        big_blind: the big blind, or None in a game without blinds.
        ante: the ante.
        last_full_bet: the total of the last full bet or raise this round (the
            full big blind before the first draw), 0 if nobody has made one;
            all-ins for less may have taken ``current_bet`` above it.
        reopened_at: the total of the last bet or raise this round that
            reopened the betting (a full one, or under the half-bet rule an
            all-in of half a bet or more; the full big blind before the first
            draw), 0 if none has.
    """

    index: int
    current_bet: int
    player_bet: int
    pot: int
    last_raise: int
    full_bets: int
    players_in: int
    big_blind: int | None
    ante: int
    last_full_bet: int = 0
    reopened_at: int = 0

    def __post_init__(self) -> None:
        check_fields(self, _ROUND_FIELDS)


_ROUND_FIELDS = {
    "index": "int",
    "current_bet": "int",
    "player_bet": "int",
    "pot": "int",
    "last_raise": "int",
    "full_bets": "int",
    "players_in": "int",
    "big_blind": "int or None",
    "ante": "int",
    "last_full_bet": "int",
    "reopened_at": "int",
}


class Structure:
    """A betting structure; subclasses say which raises are allowed.

    The structures here are frozen values: they compare by their settings,
    copy and pickle, and cannot be changed once made.
    """

    def raise_range(self, state: BettingRound) -> tuple[int, int] | None:
        """The least and most total a full raise may go to, or None if no raise is allowed.

        The engine caps both by the player's stack and allows a smaller all-in.
        """
        raise NotImplementedError

    def reopening_total(self, state: BettingRound) -> int | None:
        """The least total a bet or raise must reach to reopen the betting for players who have acted.

        None when no raise is allowed (capped). A full bet or raise always
        reopens it: by default, only a full one does.
        """
        full = self.raise_range(state)
        return None if full is None else full[0]

    def reopens_with(self) -> str:
        """What an all-in must come to for it to reopen the betting, in words (for the engine's refusals)."""
        return "a full raise"

    def describe(self) -> dict[str, object]:
        """A JSON-serialisable description, recorded in hand histories."""
        raise NotImplementedError


def _positive_int(owner: object, name: str, allow_none: bool = False) -> None:
    """Require the field ``name`` of ``owner`` to be a positive number of chips (or None), stored as an int.

    An object whose ``__index__`` gives an int (a numpy integer) is accepted
    and stored as that plain int, so the structure compares, pickles and
    describes itself exactly like one made from ints; a bool is refused.
    """
    value = getattr(owner, name)
    if value is None and allow_none:
        return
    number = as_int(value)
    if number is not None and number > MAX_CHIPS:
        raise GameSetupError(f"{name} must be at most 2**63-1, got {short_repr(value)}")
    if number is None or number <= 0:
        raise GameSetupError(f"{name} must be a positive int, got {short_repr(value)}")
    object.__setattr__(owner, name, number)  # a frozen dataclass sets its fields this way


@dataclass(frozen=True)
class FixedLimit(Structure):
    """Fixed limit: bets and raises of exactly one unit, at most ``cap`` per round.

    Args:
        small_bet: the unit on the first two betting rounds.
        big_bet: the unit on the last two (usually twice the small bet).
        cap: bets and raises allowed per round, the opening bet (or big
            blind) included; 4 means one bet and three raises. None: no cap.
        uncapped_heads_up: if True, there is no cap while only two players
            are in the hand, as some card rooms rule.
        full_bet_rule: if True, only a full bet or raise reopens the betting
            for players who have acted (the strict rule). By default an
            all-in of half a bet or more reopens it too (the half-bet rule of
            Robert's Rules of Poker and the TDA's Rule 47-B), as PokerStars
            plays. Either way a raise after such an all-in goes one unit above
            the last full bet or raise (it completes the all-in), and the all-in
            does not count toward the cap.

    Raises:
        GameSetupError: a bet or cap that is not a positive int, or a flag that is not a bool.
    """

    small_bet: int
    big_bet: int
    cap: int | None = 4
    uncapped_heads_up: bool = False
    full_bet_rule: bool = False

    def __post_init__(self) -> None:
        _positive_int(self, "small_bet")
        _positive_int(self, "big_bet")
        _positive_int(self, "cap", allow_none=True)
        for flag in ("uncapped_heads_up", "full_bet_rule"):
            if not isinstance(getattr(self, flag), bool):
                raise GameSetupError(f"{flag} must be a bool, got {short_repr(getattr(self, flag))}")

    def unit(self, round_index: int) -> int:
        """The bet size on a betting round (0..3)."""
        return self.small_bet if round_index < 2 else self.big_bet

    def raise_range(self, state: BettingRound) -> tuple[int, int] | None:  # noqa: D102
        capped = self.cap is not None and not (self.uncapped_heads_up and state.players_in == 2)
        if capped and self.cap is not None and state.full_bets >= self.cap:
            return None
        # A full bet or raise is one unit above the last full one. All-ins for
        # less in between are completed, not raised on top of (a bet of 10
        # facing an all-in bet of 3 goes to 10, not 13); if they together
        # reached that level, the next level up.
        unit = self.unit(state.index)
        total = state.last_full_bet + unit
        if total <= state.current_bet:
            total += ((state.current_bet - total) // unit + 1) * unit
        return total, total

    def reopening_total(self, state: BettingRound) -> int | None:  # noqa: D102
        full = self.raise_range(state)
        if full is None or self.full_bet_rule:
            return None if full is None else full[0]
        # Half a bet over the last bet that reopened the betting (rounded up: "half a bet or more"),
        # never more than the full raise, which reopens it under either rule.
        return min(full[0], state.reopened_at + (self.unit(state.index) + 1) // 2)

    def reopens_with(self) -> str:  # noqa: D102
        return "a full bet or raise" if self.full_bet_rule else "half a bet"

    def describe(self) -> dict[str, object]:  # noqa: D102
        return {
            "type": "FixedLimit",
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "cap": self.cap,
            "uncapped_heads_up": self.uncapped_heads_up,
            "full_bet_rule": self.full_bet_rule,
        }


@dataclass(frozen=True)
class PotLimit(Structure):
    """Pot limit: raise by at most the pot after calling.

    Args:
        min_bet: the smallest bet in a game without blinds (default: the
            ante, or 1 chip); with blinds the smallest bet is the big blind.

    Raises:
        GameSetupError: ``min_bet`` is neither None nor a positive int.
    """

    #: The largest raise as a fraction of the pot after calling: num / den.
    fraction: ClassVar[tuple[int, int]] = (1, 1)

    min_bet: int | None = None

    def __post_init__(self) -> None:
        _positive_int(self, "min_bet", allow_none=True)

    def smallest_bet(self, state: BettingRound) -> int:
        """The smallest opening bet."""
        if state.big_blind is not None:
            return state.big_blind
        if self.min_bet is not None:
            return self.min_bet
        return max(state.ante, 1)

    def raise_range(self, state: BettingRound) -> tuple[int, int] | None:  # noqa: D102
        call = state.current_bet - state.player_bet
        num, den = self.fraction
        most = state.current_bet + (state.pot + call) * num // den
        least = state.current_bet + max(state.last_raise, self.smallest_bet(state))
        return least, max(least, most)

    def describe(self) -> dict[str, object]:  # noqa: D102
        return {"type": type(self).__name__, "min_bet": self.min_bet}


@dataclass(frozen=True)
class HalfPotLimit(PotLimit):
    """Half-pot limit: raise by at most half the pot after calling (rounded down)."""

    fraction: ClassVar[tuple[int, int]] = (1, 2)


_STRUCTURES: dict[str, type[Structure]] = {
    "FixedLimit": FixedLimit,
    "PotLimit": PotLimit,
    "HalfPotLimit": HalfPotLimit,
}


def structure_from(description: object) -> Structure:
    """Rebuild a structure from ``Structure.describe()`` (used to replay histories).

    Raises:
        GameSetupError: not a description of one of the structures here.
    """
    if not isinstance(description, Mapping):
        raise GameSetupError(f"a structure is described by a mapping, got {short_repr(description)}")
    kind = description.get("type")
    cls = _STRUCTURES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise GameSetupError(f"unknown betting structure {short_repr(kind)}")
    fields = {key: value for key, value in description.items() if key != "type"}
    allowed = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(str(key) for key in fields if key not in allowed)
    if unknown:
        raise GameSetupError(f"{kind} has no setting {short_repr(unknown[0])}")
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if field.default is dataclasses.MISSING and field.name not in fields:
            raise GameSetupError(f"{kind} needs {field.name}")
    return cls(**fields)
