"""Ids out of 0..51 in each integer dtype, chosen where narrowing to uint8 would wrap one into range.

A batch must refuse each before it narrows: 257 as uint8 is 1, 2**32 + 1 as
int32 is 1, and so on. The four- and five-card batch tests share this list.
"""

from __future__ import annotations

import numpy as np

OUT_OF_RANGE_IDS: list[tuple[int, type]] = [
    (52, np.uint8),
    (255, np.uint8),
    (257, np.int64),
    (-1, np.int64),
    (-255, np.int16),
    (2**63 + 1, np.uint64),
    (2**32 + 1, np.int64),
    (256 + 3, np.uint16),
    (2**31 + 5, np.uint32),
    (-(2**31), np.int32),
]
