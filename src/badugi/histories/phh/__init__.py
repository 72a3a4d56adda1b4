"""PHH, the poker hand history standard (TOML), for fixed-limit Badugi (variant ``FB``): read and written.

``read`` plays a PHH hand through the engine, every action checked; ``write``
writes an engine hand (or its history) as PHH; ``phhs`` reads and writes
``.phhs`` files of many hands; ``fields`` names the fields of each kind;
``actions`` parses the action notation; ``toml`` is the subset of TOML the
standard uses, read and written without a dependency; ``record`` follows a
partial PHH hand (unknown cards) from its record.

>>> from badugi.engine import FixedLimit, Hand
>>> from badugi.histories.phh import from_phh, to_phh
>>> h = Hand(stacks=[100, 100], button=0, structure=FixedLimit(2, 4), blinds=(1, 2), seed=7)
>>> _ = h.fold()
>>> from_phh(to_phh(h)).history == h.history
True
"""

from badugi.histories.phh.phhs import dumps_phhs, loads_phhs
from badugi.histories.phh.read import RECORDED, PhhHand, from_phh, read_phh
from badugi.histories.phh.write import HandOrHistory, to_phh

__all__ = [
    "RECORDED",
    "HandOrHistory",
    "PhhHand",
    "dumps_phhs",
    "from_phh",
    "loads_phhs",
    "read_phh",
    "to_phh",
]
