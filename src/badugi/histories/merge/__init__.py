"""The Merge network's XML hand histories of Badugi (pot and half-pot limit), read (no writer).

``read`` reads a file's ``<game>`` elements, each into its record (``hand``
reads one, ``stakes`` its structure); ``xml_fragment`` finds the elements of a
file that has no root, each with the line it starts on, so that one broken
hand loses only itself. The records are played through the engine by
``badugi.histories.follow``.
"""

from badugi.histories.merge.read import RECOGNISE, iter_merge_records, merge_hands, merge_records

__all__ = ["RECOGNISE", "iter_merge_records", "merge_hands", "merge_records"]
