"""The most rake a hand can have taken: what no room takes is refused, naming the hand and the line.

The rooms whose histories are read took about 5% of a pot, with a cap of a
few big bets (PokerStars 4.5-5%, Full Tilt 5%, Merge 5%), and nothing from
most tiny pots; rounding to whole cents can make that a cent of a few. So a
rake is refused when it is the whole pot (nobody would have won anything),
or more than a tenth of the pot, rounded up to the next chip or cent: twice
what any of them took, and room for the rounding of the smallest pots.
"""

from __future__ import annotations

__all__ = ["MOST_SHARE", "rake_refusal"]

#: The most of a pot a rake takes, as a fraction of one: a tenth (rounded up to a whole chip or cent).
MOST_SHARE = (1, 10)


def rake_refusal(rake: int, pot: int) -> str | None:
    """What is wrong with taking ``rake`` from a pot of ``pot`` (the rake included), or None."""
    if rake <= 0:
        return None
    if rake >= pot:
        return f"the rake {rake} is the whole pot of {pot}: no room takes a pot"
    top, bottom = MOST_SHARE
    most = -(-pot * top // bottom)  # rounded up
    if rake > most:
        return f"the rake {rake} is more than a tenth of the pot of {pot}: more than any room takes"
    return None
