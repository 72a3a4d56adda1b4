"""badugi.references: the slow twins of the evaluators, written from the rules.

Each values one hand the obvious way (every group of cards, every key) and
shares no code with the table generators in ``tools/``, so agreement on
every hand checks both. Use them to check, never to play: they are
thousands of times slower.

* ``badugi4``: Badugi on four cards, with the fast API's names (``rank``,
  ``compare``, ``winners``);
* ``badugi5``: the Badugi half of five cards, aces low or high;
* ``lowball``: the 2-7 and A-5 lows.

>>> from badugi.references import badugi4
>>> badugi4.rank("Ah 2s 3d 4c")
1
"""

from badugi.references import badugi4, badugi5, lowball

__all__ = ["badugi4", "badugi5", "lowball"]
