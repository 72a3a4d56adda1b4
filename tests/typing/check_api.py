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
