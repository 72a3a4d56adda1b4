"""The fields of a PHH hand: which the standard defines, and which this package writes itself.

PHH orders every per-player array by position: ``p1`` is the first player
left of the button (the small blind) and the last is the button. Heads-up
that is still so: ``p1`` is the player who is not on the button, and the
blinds and antes arrays are read reversed (``blinds_or_straddles = [1, 2]``
has the button, ``p2``, post 1 and ``p1`` post 2), which is exactly where the
engine puts the blinds heads-up.

The engine's own settings that PHH has no field for are written as
user-defined fields (a leading underscore, which PHH readers ignore):
``_seed``, ``_deck`` (the 52 cards, top first), ``_burn``, and, when they are
not the defaults, ``_cap`` and ``_uncapped_heads_up``; ``_unlike_pokerkit`` names
the rule where PokerKit would play a hand written anyway otherwise.
"""

from __future__ import annotations

__all__ = ["ENGINE_FIELDS", "OPTIONAL_FIELDS", "REQUIRED_FIELDS", "VARIANT", "positions"]

#: The variant code of fixed-limit Badugi.
VARIANT = "FB"

#: What a PHH hand of ``FB`` must have.
REQUIRED_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)

#: The standard's optional fields.
OPTIONAL_FIELDS = frozenset(
    {
        "author",
        "event",
        "url",
        "venue",
        "address",
        "city",
        "region",
        "postal_code",
        "country",
        "time",
        "time_zone",
        "time_zone_abbreviation",
        "day",
        "month",
        "year",
        "hand",
        "level",
        "seats",
        "seat_count",
        "table",
        "players",
        "finishing_stacks",
        "winnings",
        "currency",
        "currency_symbol",
        "ante_trimming_status",
        "time_limit",
        "time_banks",
    }
)

#: The user-defined fields that carry what the engine records and PHH does not.
ENGINE_FIELDS = (
    "_seed",
    "_deck",
    "_burn",
    "_cap",
    "_uncapped_heads_up",
    "_rake",
    "_collected",  # what ``winnings`` says now; still read
    "_returned",
    "_shown_cards",
    "_unlike_pokerkit",  # where PokerKit would play the hand otherwise (to_phh(unlike_pokerkit=True))
)


#: The optional fields ``to_phh`` writes from the hand itself: a file's own are not carried over.
WRITTEN_FROM_THE_HAND = frozenset(
    {"players", "seats", "seat_count", "finishing_stacks", "ante_trimming_status", "winnings"}
)


def positions(seats: int, button: int) -> list[int]:
    """The engine seat of each PHH player: ``p1`` is the first seat left of the button, the button last."""
    return [(button + 1 + k) % seats for k in range(seats)]
