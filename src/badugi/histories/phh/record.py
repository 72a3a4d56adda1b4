"""A PHH hand with cards nobody saw (``??``) as a ``HandRecord``, for ``follow`` to play.

A complete PHH hand is dealt by the engine from a deck the reader orders
(``badugi.histories.phh.read``); a partial one cannot be, so it is followed instead: the antes
and blinds PHH implies, the deal (``d dh`` before the first action), each
action (``cbr`` a bet or raise, ``cc`` a check or call, ``f``), each draw (an
``sd`` with the ``d dh`` that answers it, both ``??`` where unknown), each show
(``sm cards``) and muck (``sm``). A step's place is its number in ``actions``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from badugi.cards import quote
from badugi.engine.structures import FixedLimit
from badugi.errors import HandHistoryError
from badugi.histories.phh.actions import Action, parse_cards
from badugi.histories.record import HandRecord, RecordedPlayer, Step, step_kind

__all__ = ["implied_posts", "phh_record", "shown_later"]


def implied_posts(
    stacks: Sequence[int], button: int, blinds: tuple[int, int] | None, ante: int
) -> list[Step]:
    """The forced bets PHH's ``antes`` and ``blinds_or_straddles`` imply, as the engine posts them."""
    n = len(stacks)
    left = list(stacks)
    steps: list[Step] = []
    if ante:
        for k in range(n):
            seat = (button + 1 + k) % n
            amount = min(ante, left[seat])
            left[seat] -= amount
            steps.append(Step("ante", seat, amount=amount))
    if blinds is not None:
        small_seat = button if n == 2 else (button + 1) % n
        for seat, amount, kind in (
            (small_seat, blinds[0], "small_blind"),
            ((small_seat + 1) % n, blinds[1], "big_blind"),
        ):
            if amount:
                steps.append(Step(step_kind(kind), seat, amount=min(amount, left[seat])))
    return steps


def phh_record(  # noqa: PLR0912 - one branch a PHH action
    label: str,
    *,
    names: Sequence[str],
    stacks: Sequence[int],
    seat_of: Sequence[int],
    button: int,
    structure: FixedLimit,
    blinds: tuple[int, int] | None,
    ante: int,
    actions: Sequence[Action],
    fields: Mapping[str, Any] | None = None,
) -> HandRecord:
    """The record of a PHH hand whose fields the reader has read (``stacks`` in engine seat order).

    Raises:
        HandHistoryError: a draw the record deals no cards for, cards dealt
            without a draw, or ``sm -`` (show what was dealt) of a hand not known.
    """
    steps = implied_posts(stacks, button, blinds, ante)
    pending: dict[int, int] = {}  # player -> the index in ``steps`` of its draw waiting for its cards
    dealing = True
    for action in actions:
        if action.kind == "":
            continue
        assert action.player is not None
        seat = seat_of[action.player]
        if action.kind == "dh" and dealing:
            steps.append(Step("deal", seat, cards=action.cards, line=action.number))
            continue
        dealing = False
        if action.kind == "dh":
            if action.player not in pending:
                raise HandHistoryError(
                    f"{action.where()}: p{action.player + 1} is dealt cards it did not draw for"
                )
            index = pending.pop(action.player)
            drew = steps[index]
            if len(action.cards) != drew.count:
                raise HandHistoryError(
                    f"{action.where()}: p{action.player + 1} threw {drew.count} cards "
                    f"and is dealt {len(action.cards)}"
                )
            steps[index] = Step(
                "draw", seat, count=drew.count, cards=drew.cards, received=action.cards, line=drew.line
            )
            continue
        if action.kind == "sd":
            steps.append(Step("draw", seat, count=len(action.cards), cards=action.cards, line=action.number))
            if action.cards:
                pending[action.player] = len(steps) - 1
            continue
        if pending and action.kind in ("cc", "f", "cbr", "sm"):
            player = min(pending)
            raise HandHistoryError(
                f"{action.where()}: p{player + 1} drew and the record deals it no cards before this action"
            )
        if action.kind == "cc":
            steps.append(Step("check_or_call", seat, line=action.number))
        elif action.kind == "f":
            steps.append(Step("fold", seat, line=action.number))
        elif action.kind == "cbr":
            steps.append(Step("bet_or_raise", seat, amount=action.amount, line=action.number))
        elif action.muck:
            steps.append(Step("muck", seat, line=action.number))
        elif action.show_dealt:
            raise HandHistoryError(
                f"{action.where()}: 'sm -' shows the cards dealt, "
                "which a hand with unknown cards does not know"
            )
        else:
            steps.append(Step("show", seat, cards=action.cards, line=action.number))
    if pending:
        player = min(pending)
        raise HandHistoryError(
            f"p{player + 1} drew (action {steps[pending[player]].line}) and the record deals it no cards"
        )
    players = [RecordedPlayer("", 0)] * len(stacks)
    for k, seat in enumerate(seat_of):
        players[seat] = RecordedPlayer(names[k], stacks[seat], None)
    return HandRecord(
        source="PHH",
        label=label,
        players=tuple(players),
        button=button,
        structure=structure,
        blinds=blinds,
        steps=tuple(steps),
        ante=ante,
        place="action",
        fields=MappingProxyType(dict(fields or {})),
    )


def shown_later(value: object, seat_of: Sequence[int]) -> tuple[Step, ...]:
    """The ``show`` steps of ``_shown_cards``: the hands a record tells once out of play, one a player.

    Raises:
        HandHistoryError: not one text a player, or text that is not cards.
    """
    if (
        not isinstance(value, list)
        or len(value) != len(seat_of)
        or not all(isinstance(v, str) for v in value)
    ):
        raise HandHistoryError(
            f"_shown_cards must be an array of {len(seat_of)} strings, one a player, got {quote(value)}"
        )
    steps = []
    for k, text in enumerate(value):
        if text:
            cards = parse_cards(text, f"_shown_cards[{k}] (p{k + 1})")
            steps.append(Step("show", seat_of[k], cards=tuple(cards)))
    return tuple(steps)
