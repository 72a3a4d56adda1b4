"""badugi.web: a table for friends in the browser (``badugi serve``), over the engine's rules.

A small server seats people and bots at one table: the server is the only
authority (a person's browser sends intents, each checked against the
engine's ``Legal`` before it reaches the hand), and every frame a seat
receives is built from that seat's own view of the hand (``view_of``), so no
other seat's hidden card is ever sent to it. State lives in one SQLite file;
``kill -9`` at any moment loses nothing but the hand in play, which is voided
and dealt again from its start with the same cards.

The modules that do not need the ``web`` extra (settings, store, protocol,
views, the match driver and the table) import without it; ``badugi.web.app``
(Starlette) and ``badugi.web.server`` (uvicorn) need ``pip install
'badugi[web]'``.

>>> from badugi.web.settings import TableSettings
>>> settings = TableSettings.from_request({"game": "badugi", "seats": ["person", "simple"], "seed": 7})
>>> settings.structure, settings.hands, settings.ante, settings.bets
('fixed', 50, 10, (20, 40))
"""

from badugi.web.protocol import WebInputError
from badugi.web.settings import TableSettings

__all__ = ["TableSettings", "WebInputError"]
