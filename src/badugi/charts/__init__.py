"""Starting-hand charts: every starting hand's equity with draws to come.

* ``canonical_hands(game)``: the starting hands up to the suits, each with
  the number of the game's hands it stands for (16,432 of Badugi's 270,725
  hands; 134,459 of the 2,598,960 five-card hands of Badeucy and Badacey);
  ``starting_hand(hand, game)`` finds the one a hand belongs to.
* ``vs_random(..., game=)``: each starting hand's equity heads-up against a
  random hand of the game, its standard error, and its percentile.
* ``heads_up(hands_a, hands_b, ...)``: the equity matrix of chosen Badugi starting hands.

Both run their chunks on this machine's cores, or on a Dask cluster given a
``dask.distributed.Client``; with ``out`` they save each finished chunk and
resume where a stopped run left off. A cluster that fails during the run
raises ``TableRunError``, the finished chunks kept, so a rerun resumes.
``import badugi.charts`` imports no Dask: only a run given a client does.
"""

from __future__ import annotations

from badugi.charts import _tables
from badugi.charts._hands import StartingHand, canonical_hands, starting_hand
from badugi.charts._schedule import TableRunError
from badugi.charts._store import TableFileError
from badugi.charts._tables import heads_up, vs_random
from badugi.charts._values import HeadsUpCell, HeadsUpTable, VsRandomRow, VsRandomTable

#: Monte Carlo deals per hand (vs_random) or per pair (heads_up) when ``samples`` is not given.
DEFAULT_TABLE_SAMPLES = _tables.DEFAULT_TABLE_SAMPLES

__all__ = [
    "DEFAULT_TABLE_SAMPLES",
    "HeadsUpCell",
    "HeadsUpTable",
    "StartingHand",
    "TableFileError",
    "TableRunError",
    "VsRandomRow",
    "VsRandomTable",
    "canonical_hands",
    "heads_up",
    "starting_hand",
    "vs_random",
]
