"""Static checks of the public types: mypy (strict) reads this file, pytest does not run it."""

from __future__ import annotations

from array import array

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import badugi
from badugi import HandValue, InvalidHandError

assert_type(badugi.rank("Ah 2s 3d 4c"), int)
assert_type(badugi.rank(["Ah", "2s", "3d", "4c"]), int)
assert_type(badugi.rank([2, 7, 9, 12]), int)
assert_type(badugi.compare("Ah 2s 3d 4c", (2, 7, 9, 13)), int)
assert_type(badugi.winners(["Ah 2s 3d 4c", "Kc Kd Kh Ks"]), list[int])

value = badugi.evaluate("Qh 10d 8s 10h")
assert_type(value, HandValue)
assert_type(value.rank, int)
assert_type(value.size, int)
assert_type(value.cards, tuple[str, ...])
assert_type(value.is_badugi, bool)
other = badugi.evaluate("Ah 2s 3d 4c")
assert_type(value > other, bool)
assert_type(max([value, other]), HandValue)

assert_type(badugi.rank_many(np.zeros((3, 4), dtype=np.uint8)), npt.NDArray[np.uint16])
assert_type(badugi.rank_many(bytes(8)), array[int])

err: ValueError = InvalidHandError("x")

# The showdown and the game engine.
settled = badugi.showdown(["Ah 2s 3d 4c", None, "Kc Kd Kh Ks"], [10, 5, 10], button=0)
assert_type(settled, badugi.Showdown)
assert_type(settled.payouts, tuple[int, ...])
assert_type(settled.pots[0].winners, tuple[int, ...])

from badugi.engine import FixedLimit, Hand, Legal, SeatView, SimpleBot, view_of  # noqa: E402
from badugi.engine.match import Match, MatchResult  # noqa: E402

hand = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=1)
assert_type(hand.legal(), Legal)
assert_type(hand.actor, int | None)
assert_type(hand.payouts, list[int] | None)
assert_type(hand.hands, list[list[str]])
assert_type(view_of(hand, 0), SeatView)
assert_type(Match([SimpleBot(), SimpleBot()], seed=1).run(), MatchResult)

# Games, qualifiers and the middle.
from badugi.games import BADEUCY, Game  # noqa: E402

five = Hand([100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1, game=BADEUCY)
assert_type(five.game, Game)
assert_type(view_of(five, 0).game, Game)
qualified = Hand([100, 100], 0, FixedLimit(2, 4), seed=1, ante=1, qualifier="9c 8d 7h 6s", carry=5)
assert_type(qualified.qualifier, int | None)
assert_type(qualified.carry, int)
assert_type(qualified.pot, int)
matched = Match([SimpleBot(), SimpleBot()], game=BADEUCY)
assert_type(matched.middle, int)
assert_type(Match([SimpleBot(), SimpleBot()], qualifier=126).qualifier, int | None)

# What an action did, and where a hand is (issue 30): the events actions return, the kinds as types.
from badugi.engine.hand import Phase  # noqa: E402
from badugi.engine.history import Event  # noqa: E402
from badugi.engine.misdeal import CountRuling, ExposedRuling  # noqa: E402
from badugi.errors import IllegalActionError  # noqa: E402

acting = Hand([100, 100, 100], 0, FixedLimit(2, 4), blinds=(1, 2), seed=1)
assert_type(acting.phase, Phase)
assert_type(acting.raise_to(4), Event)
assert_type(acting.call(), Event)
assert_type(acting.act("fold"), Event)
assert_type(acting.record_exposed_card(7), ExposedRuling)
assert_type(acting.record_wrong_count(1), CountRuling)
assert_type(IllegalActionError("x", 2).seat, int | None)
