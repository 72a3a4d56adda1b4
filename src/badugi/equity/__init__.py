"""Draw equity: hand strength, the best discard, draw odds, and equity with draws to come.

The definitions:

* **Strength** of a four-card hand: the share of all 270,725 hands it beats,
  ties counting half. In [0, 1]. (The hand itself is one of the hands it
  ties, so the best hand's strength is just below 1 and the worst's just
  above 0.)
* **The best discard** with ``n`` draws left: the discard (one of the 16
  subsets of the hand) that maximises the expected strength of the final
  hand, assuming the player keeps choosing this way at later draws.

  - With one draw left the expectation is **exact**: every replacement from
    the cards the player cannot see (52 minus its hand minus the known dead
    cards).
  - With more draws left, what a kept group of 0–4 cards is worth with
    ``n-1`` draws to come comes from a table computed once (a dynamic
    programme over kept groups, treating the unseen cards as a full deck
    minus the group). The first draw's replacements are still counted
    exactly from the unseen cards; only the later draws are table-valued.
  - Ties: fewer discards first, then the lower ids kept, so the choice never
    depends on card order.
* **The table strategy** (``strategy="table"``): at every draw, the keep the
  best discard chooses with no card seen, looked up in a table of every hand
  and number of draws left (half a byte each, built on first use in a
  fraction of a second). It is the best discard's own choice at a first draw
  with no dead card; afterwards it ignores what the player has seen (its own
  discards, the dead cards), where ``"best"`` counts them. Measured
  (``tools/table_strategy_agreement.py``, three draws heads-up): it keeps
  differently at 3-4% of the later decisions, and moves a starting hand's
  equity against a random hand by well under a point; in exchange a
  three-draw deal costs about a twelfth as much (the docs' equity guide has
  the figures).

* **The split games** (``game=badugi.games.BADEUCY`` or ``BADACEY``; the
  default ``BADUGI`` is the four-card game above, unchanged): a hand has
  five cards. Its **strength** is its expected share of the pot against one
  random hand of the game: the mean of its halves' strengths, each the share
  of all 2,598,960 five-card hands it beats on that half, ties counting half
  (exact: an integer count over 4 * 2,598,960). **The best discard** is the
  keep, of the 32 subsets of the hand, that maximises the expected final
  strength, by the same rules: exact with one draw left; with more, the draw
  being made counted exactly over the unseen cards and the later ones valued
  from the game's own table, the same dynamic programme over kept groups of
  0-4 cards at a common scale (12,994,800 = lcm of C(52 - k, 5 - k) per draw
  to come), so keeps that tie, tie exactly; the same tie order. Each game's
  tables are built on first use and kept.

How equity deals the cards (``equity``): each player holds its known cards;
a hand of fewer than four holds unknown cards in the other places, throws
them at the first draw and keeps the known ones. A four-card hand's strategy
chooses at the first draw, and every strategy chooses at each later draw,
seeing only its own cards, its own earlier discards, the dead cards and how
many cards each player drew. Players draw in the order given. The cards
follow the card-room rules where they change the odds: one card is burned
before each draw's first replacement, the last card of the stub is never
dealt, and when the stub runs out the discard pile (the discards, the burns
and the last card, not the drawing player's own discards) is shuffled into a
new stub. The dead cards are in the discard pile from the start (mucked
cards, or a player's earlier discards): every player has seen them, and a
reshuffle can bring them back.

Exact answers count every deal; Monte Carlo ones come with a standard error
and depend only on ``(seed, samples)``, never on the number of threads.
"""

from badugi.equity import _args
from badugi.equity.discard import best_discard, strength
from badugi.equity.odds import draw_odds
from badugi.equity.play_out import equity, run_equity
from badugi.equity.values import BestDiscard, DrawOdds, DrawOption, DrawView, Equity

#: Monte Carlo deals when ``samples`` is not given.
DEFAULT_SAMPLES = _args.DEFAULT_SAMPLES

#: A strategy: "best", "table", "pat", or a callable that takes a ``DrawView`` and
#: returns the cards to throw (text or ids; empty to stand pat).
Strategy = _args.Strategy

__all__ = [
    "DEFAULT_SAMPLES",
    "BestDiscard",
    "DrawOdds",
    "DrawOption",
    "DrawView",
    "Equity",
    "Strategy",
    "best_discard",
    "draw_odds",
    "equity",
    "run_equity",
    "strength",
]
