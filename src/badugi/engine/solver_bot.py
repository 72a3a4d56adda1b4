"""SolverBot: plays the solved strategy of heads-up fixed-limit Badugi where it has one, else DrawBot's play.

The strategies are the shipped blueprints (``badugi.engine.blueprint``), two
games of heads-up fixed-limit Badugi with four bets a round and three draws,
solved by sampled CFR (the docs' "How the strategy is made"): blinds of half a
small bet and a small bet (the big blind counting as a bet), and an ante of half
a small bet with no blinds (the library's default format). At any table whose
stakes are one of those shapes times a whole number of chips (blinds ``k`` and
``2k`` with bets ``2k`` and ``4k``; or an ante ``k`` with bets ``2k`` and ``4k``),
it plays that strategy: it reads its seat's record (its cards, what it threw and
got, every bet and every draw's count) as the solve's information state, asks
the strategy, and samples an action from it with its own seeded generator.

Everywhere else it plays as ``DrawBot`` (named as such in ``advice``, which
then says ``None``): three or more seats, another game, other stakes, an ante,
a dealer's error in the record, anyone all in, or a betting sequence the solve
never made (a fifth bet at a table that does not cap heads-up).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from badugi._native import ffi
from badugi.cards import CARD_TEXT
from badugi.engine._checks import short_repr
from badugi.engine.betting import NOTHING_LEGAL
from badugi.engine.blueprint import Blueprint
from badugi.engine.drawbot import DrawBot
from badugi.engine.setup import check_seed
from badugi.engine.view import SeatView
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADUGI

__all__ = ["SolverBot"]

Action = Any  # "fold" | "check" | "call" | ("raise", int) | ("draw", tuple[str, ...])
Advice = tuple[tuple[Action, float], ...]

_CARD = {text: card for card, text in enumerate(CARD_TEXT)}
_BETS = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}
# Events that move nothing: the setup, the forced bets, burns and rounds, and what a hand read from a
# file says of its source ("followed").
_QUIET = frozenset({"setup", "followed", "ante", "blind", "burn", "draw_round", "round"})
_MOST_MOVES = 64


class SolverBot:
    """Plays the solved heads-up strategy, sampling its shares; elsewhere plays as ``DrawBot``.

    Args:
        seed: seeds the choice among the strategy's actions (None: fresh randomness).
        blueprints: the strategies to play, the first whose stakes fit the table's; None for the
            package's (``Blueprint.shipped()``, read on the first decision that needs them).

    Raises:
        GameSetupError: a seed that is not None or an int from 0 to 2**128 - 1, or a blueprint
            that is not a ``Blueprint``.
    """

    def __init__(self, seed: int | None = None, *, blueprints: Sequence[Blueprint] | None = None) -> None:
        checked = check_seed(seed)
        if blueprints is not None and (
            not isinstance(blueprints, (list, tuple)) or not all(isinstance(b, Blueprint) for b in blueprints)
        ):
            raise GameSetupError(
                f"blueprints must be a sequence of Blueprint or None, got {short_repr(blueprints)}"
            )
        self._blueprints = None if blueprints is None else tuple(blueprints)
        self._rng = random.Random(checked)
        self._fallback = DrawBot(seed=checked)

    plays = staticmethod(DrawBot.plays)

    @property
    def blueprints(self) -> tuple[Blueprint, ...]:
        """The strategies it plays (the shipped ones are read on first use)."""
        return Blueprint.shipped() if self._blueprints is None else self._blueprints

    def __call__(self, view: SeatView) -> Action:
        """Choose an action for the seat to act: sampled from ``advice``, or DrawBot's where it is None.

        Raises:
            GameSetupError: ``view`` is not a SeatView.
            IllegalActionError: the view's seat is not to act.
        """
        shares = self.advice(view)
        if shares is None:
            return self._fallback(view)
        pick = self._rng.random()
        for action, share in shares:
            pick -= share
            if pick < 0:
                return action
        return shares[-1][0]  # rounding left a sliver: the last action takes it

    def advice(self, view: SeatView) -> Advice | None:
        """The strategy's share of each legal action where ``view`` stands, or None where it has none.

        Each action is as the engine takes it (``"fold"``, ``"check"``, ``"call"``,
        ``("raise", total)``, ``("draw", cards)`` with the cards in ascending order);
        the shares are positive and sum to 1. None: not heads-up Badugi at the
        blueprint's stakes, or a record the solve never played (see the module).

        Raises:
            GameSetupError: ``view`` is not a SeatView.
            IllegalActionError: the view's seat is not to act.
        """
        if not isinstance(view, SeatView):
            raise GameSetupError(f"a SolverBot reads a SeatView, got {short_repr(view)}")
        if view.legal == NOTHING_LEGAL:
            raise IllegalActionError(f"seat {view.seat} has nothing to choose: it is not its turn")
        if view.game is not BADUGI or len(view.stacks) != 2:
            return None
        blueprint = next((b for b in self.blueprints if _same_shape(view, b.rules)), None)
        if blueprint is None:
            return None
        record = _record_of(view)
        if record is None:
            return None
        shares = blueprint.policy(record[0])
        if shares is None:
            return None
        return _as_actions(view, record[1], shares)

    def __repr__(self) -> str:
        return "SolverBot()"


def _same_shape(view: SeatView, rules: Mapping[str, Any]) -> bool:
    """Whether the hand's stakes are the blueprint's times some whole number of chips."""
    setup = view.history[0] if view.history else None
    if setup is None or setup.get("event") != "setup":
        return False
    structure = setup.get("structure") or {}
    if structure.get("type") != "FixedLimit" or structure.get("uncapped_heads_up"):
        return False
    scale, left = divmod(structure.get("big_bet", 0), rules["big_bet"])
    small, big = setup.get("blinds") or (0, 0)
    return (
        scale > 0
        and left == 0
        and structure.get("cap") == rules["cap"]
        and (small, big, setup.get("ante"), structure.get("small_bet"))
        == (
            scale * rules["small_blind"],
            scale * rules["big_blind"],
            scale * rules["ante"],
            scale * rules["small_bet"],
        )
    )


def _record_of(view: SeatView) -> tuple[Any, list[int]] | None:
    """The seat's record as a ``badugi_sampled_view`` and its hand now (ids, ascending); None: unplayable."""
    record = ffi.new("badugi_sampled_view *")
    record.seat = 1 if view.seat == view.button else 0  # the solve's seat 1 has the button
    held: list[int] = []
    moves = own_draws = 0
    for event in view.history:
        kind = event.get("event")
        if kind in _QUIET or (kind == "deal" and event.get("seat") != view.seat):
            continue
        if kind == "deal" and not held and len(event.get("cards", ())) == 4:
            held = [_CARD[card] for card in event["cards"]]
            for index, card in enumerate(held):
                record.dealt[index] = card
            continue
        code = _move_code(event)
        if code is None or moves == _MOST_MOVES:
            return None
        if code >= 3 and event.get("seat") == view.seat:
            if own_draws == 3:
                return None
            held = _own_draw(record, own_draws, event, held)
            own_draws += 1
        record.moves[moves] = code
        moves += 1
    if len(held) != 4:
        return None
    record.n_moves = moves
    return record, sorted(held)


def _move_code(event: Mapping[str, Any]) -> int | None:
    """A bet's code (0..2) or a draw's (3 + its count); None for what the solve never met.

    The solve plays deep stacks with no dealer's errors: an all-in, an exposed
    card or a misdeal is a record it has no strategy for.
    """
    kind = event.get("event")
    if event.get("all_in"):
        return None
    if kind in _BETS:
        return _BETS[kind]
    if kind == "draw" and not event.get("exposed"):
        return 3 + int(event["count"])
    return None


def _own_draw(record: Any, index: int, event: Mapping[str, Any], held: list[int]) -> list[int]:
    """Write the seat's ``index``-th draw into ``record``; the hand it leaves."""
    thrown = [_CARD[card] for card in event["discards"]]
    got = [_CARD[card] for card in event["received"]]
    for place, (out, into) in enumerate(zip(thrown, got, strict=True)):
        record.thrown[index][place] = out
        record.received[index][place] = into
    return [card for card in held if card not in thrown] + got


def _as_actions(view: SeatView, hand: list[int], shares: tuple[float, ...]) -> Advice | None:
    """The 19 shares as the engine's legal actions, merged where the table allows fewer."""
    legal = view.legal
    merged: dict[Action, float] = {}

    def add(action: Action, share: float) -> None:
        if share > 0:
            merged[action] = merged.get(action, 0.0) + share

    if legal.draw:
        for mask in range(16):
            cards = tuple(CARD_TEXT[card] for bit, card in enumerate(hand) if mask >> bit & 1)
            add(("draw", cards), shares[3 + mask])
    else:
        passive = "check" if legal.check else "call"
        add("fold" if legal.call else passive, shares[0])
        add(passive, shares[1])
        raise_to = legal.min_raise_to
        add(("raise", raise_to) if raise_to is not None else passive, shares[2])
    total = sum(merged.values())
    if total <= 0:
        return None
    return tuple((action, share / total) for action, share in merged.items())
