"""The five-card draw values of the split games in C: strength counts, keep values, the best keep.

A game is passed to C as its halves' scale codes (one or two five-card
scales); C keeps one set of tables per game, built on first use. Everything
here takes ids that ``badugi.equity`` has already checked, so a negative
status from C is a bug and raises ``SystemError``.
"""

from __future__ import annotations

from badugi._native import ffi, lib
from badugi.equity._run import _checked, _id_array, scale_code

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from badugi.ranking.scales import Scale

__all__ = [
    "HANDS",
    "LEVEL_SCALE",
    "MAX_HALVES",
    "best_keep",
    "keep_table",
    "keep_values",
    "scale",
    "strength",
]

#: Five-card hands: 2,598,960.
HANDS: int = lib.BADUGI_HANDS5
#: What each draw to come multiplies a value's scale by: lcm over k of C(52 - k, 5 - k).
LEVEL_SCALE: int = lib.BADUGI_DRAW5_SCALE
#: The most halves a five-card game may have for its draw values.
MAX_HALVES: int = lib.BADUGI_DRAW5_MAX_HALVES


def _codes(halves: tuple[Scale, ...]) -> Any:
    return ffi.new("int32_t[]", [scale_code(half) for half in halves])


def scale(halves: int, draws: int) -> int:
    """The denominator of a value with draws (0..2) to come after this one.

    2 * halves * HANDS * LEVEL_SCALE ** draws.
    """
    later: int = LEVEL_SCALE**draws  # int ** int is typed Any (a negative power is a float)
    return 2 * halves * HANDS * later


def strength(halves: tuple[Scale, ...], hand: list[int]) -> int:
    """The strength count of five checked ids: the sum over the halves of 2 * beaten + tied."""
    return _checked(
        lib.badugi_strength5(_codes(halves), len(halves), ffi.new("uint8_t[5]", hand)), "strength5"
    )


def keep_values(
    halves: tuple[Scale, ...], hand: list[int], seen: list[int], draws: int, method: int = 0
) -> list[tuple[int, int]]:
    """(sum, count) for each keep mask 0..31 of hand; the value is sum / count / scale(halves, draws - 1)."""
    num = ffi.new("uint64_t[64]")
    den = ffi.new("uint64_t[32]")
    _checked(
        lib.badugi_keep_values5(
            _codes(halves),
            len(halves),
            ffi.new("uint8_t[5]", hand),
            _id_array(seen),
            len(seen),
            draws,
            method,
            num,
            den,
        ),
        "keep_values5",
    )
    return [(num[2 * k] | num[2 * k + 1] << 64, den[k]) for k in range(32)]


def best_keep(halves: tuple[Scale, ...], hand: list[int], seen: list[int], draws: int) -> int:
    """The best keep mask of hand, with seen cards out of the deck."""
    return _checked(
        lib.badugi_best_keep5(
            _codes(halves), len(halves), ffi.new("uint8_t[5]", hand), _id_array(seen), len(seen), draws
        ),
        "best_keep5",
    )


def keep_table(halves: tuple[Scale, ...], draws: int) -> bytes:
    """The no-card-seen keep of every hand by colex index, a mask over its ids sorted ascending."""
    out = ffi.new("uint8_t[]", HANDS)
    _checked(lib.badugi_keep_table5(_codes(halves), len(halves), draws, out, HANDS), "keep_table5")
    return bytes(ffi.buffer(out))
