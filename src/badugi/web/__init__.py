"""badugi.web: a table for friends in the browser (``badugi serve``), over the engine's rules.

A small server seats people and bots at one table: the server is the only
authority (a person's browser sends intents, each checked against the
engine's ``Legal`` before it reaches the hand), and every frame a seat, a
watcher or the host receives is built from what its holder may see, so no
hidden card is ever sent to anyone. State lives in one SQLite file; ``kill
-9`` at any moment loses nothing but the hand in play, which is voided and
dealt again from a fresh deck.

The table's own modules (its settings, store, rules, frames, drivers, limits,
names, ledger and replays, the tables of a server) import without the
``web`` extra; what speaks HTTP does not: ``badugi.web.app``, ``api``,
``sockets``, ``security``, ``site`` and ``connection`` (Starlette),
``badugi.web.server`` and ``guard`` (uvicorn) need ``pip install
'badugi[web]'``.

>>> from badugi.web.settings import TableSettings
>>> settings = TableSettings.from_request({"game": "badugi", "seats": ["person", "simple"], "seed": 7})
>>> settings.structure, settings.hands, settings.ante, settings.bets
('fixed', 50, 10, (20, 40))
"""

from badugi.web.protocol import WebInputError
from badugi.web.settings import TableSettings

__all__ = ["TableSettings", "WebInputError"]
