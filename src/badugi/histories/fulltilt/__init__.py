"""Full Tilt Poker's text hand histories of fixed-limit Badugi, read (no writer).

``read`` splits a file into its hands and reads each into its record:
``header`` reads the first line, ``lines`` the body, ``summary`` the
summary. The records are played through the engine by
``badugi.histories.follow``.
"""

from badugi.histories.fulltilt.read import RECOGNISE, fulltilt_records, iter_fulltilt_records

__all__ = ["RECOGNISE", "fulltilt_records", "iter_fulltilt_records"]
