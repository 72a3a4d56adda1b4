"""Static checks of the five-card scales' types: mypy (strict) reads this file, pytest does not run it."""

from __future__ import annotations

from array import array

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from badugi.ranking import lowball, scales
from badugi.ranking.scale_value import ScaleValue

assert_type(lowball.rank("7s 5h 4d 3c 2s", "2-7"), int)
assert_type(lowball.rank([24, 17, 14, 9, 7], "A-5"), int)
assert_type(lowball.rank_many(np.zeros((3, 5), dtype=np.uint8), "2-7"), npt.NDArray[np.uint16])
assert_type(lowball.rank_many(bytes(10), "A-5"), array[int])
value = lowball.evaluate("7s 5h 4d 3c 2s", "2-7")
assert_type(value, ScaleValue)
assert_type(value.rank, int)
assert_type(value.scale, str)
assert_type(value.cards, tuple[str, ...])
assert_type(value.name, str)
assert_type(value > lowball.evaluate("8s 5h 4d 3c 2s", "2-7"), bool)

scale = scales.by_name("2-7")
assert_type(scale, scales.Scale)
assert_type(scales.LOW_A5.worst, int)
assert_type(scales.BADUGI.sizes, tuple[int, ...])
assert_type(scales.BADUGI_ACE_HIGH.rank("5s 4h 3d 2c Kc"), int)
assert_type(scales.BADUGI.describe(1), str)
assert_type(scales.LOW_27.evaluate("7s 5h 4d 3c 2s"), ScaleValue)
assert_type(scales.BADUGI.rank_many(np.zeros((3, 4), dtype=np.int64)), npt.NDArray[np.uint16])
assert_type(scales.BADUGI.rank_many(bytes(8), cards_per_hand=4), array[int])
assert_type(
    scales.rank_many_on([scales.BADUGI_ACE_HIGH, scales.LOW_27], np.zeros((3, 5), dtype=np.uint8)),
    npt.NDArray[np.uint16],
)
assert_type(scales.rank_many_on(["badugi", "A-5"], bytes(10)), array[int])
