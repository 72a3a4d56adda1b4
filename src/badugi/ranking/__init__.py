"""badugi.ranking: the evaluators, every rank from one table lookup in C.

The layer that turns cards into ranks, above ``badugi.cards`` and the
compiled ``badugi._native`` and below everything that plays a hand:

* ``four_card``: Badugi on four cards (``rank``, ``rank_many``, ``compare``,
  ``winners``, ``evaluate``), the functions the package's front page shows;
  ``value`` holds its ``HandValue`` (``badugi.classes`` says what its 1,092 rank numbers mean);
* ``scales``: the four scales a game is made of (``BADUGI``,
  ``BADUGI_ACE_HIGH``, ``LOW_27``, ``LOW_A5``), one hand or a batch, and
  ``rank_many_on``, every scale of a split game in one pass; ``scale_value``
  holds ``ScaleValue`` and ``low_names`` the lows' names;
* ``lowball``: the two five-card lows by name (``"2-7"``, ``"A-5"``);
* ``_batch``: the one set of rules a batch of hands is read by.

>>> from badugi.ranking import lowball, scales
>>> scales.LOW_27.rank("7s 5h 4d 3c 2s"), lowball.rank("5s 4h 3d 2c As", "A-5")
(1, 1)
"""

from badugi.ranking import four_card, lowball, scales

__all__ = ["four_card", "lowball", "scales"]
