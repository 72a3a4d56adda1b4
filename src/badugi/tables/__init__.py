"""Starting-hand tables: every four-card starting hand's equity with draws to come.

``canonical_hands()`` lists the 16,432 starting hands up to the suits.
"""

from __future__ import annotations

from badugi.tables._hands import StartingHand, canonical_hands, starting_hand

__all__ = ["StartingHand", "canonical_hands", "starting_hand"]
