"""The lines of a PokerStars text hand history, as patterns: what each kind of line looks like.

Only the grammar lives here; ``badugi.histories.pokerstars.hand`` turns the lines into a
``HandRecord``. The patterns match a line with its spaces at both ends taken
off (PokerStars ends many lines with a space).
"""

from __future__ import annotations

import re

from badugi.cards import RANK_CHARS, SUIT_CHARS

__all__ = [
    "ACTIONS",
    "CARD",
    "COLLECTED",
    "DEALT",
    "HEADER",
    "NOISE",
    "PLAYER_NOISE",
    "SEAT",
    "STAKES",
    "STREET",
    "SUMMARY_SEAT",
    "TABLE",
    "TOTAL",
    "UNCALLED",
]

#: An amount as PokerStars writes it: ``10``, ``1,500``, ``$0.25``, ``€5``.
AMOUNT = r"[$€£]?[0-9]+(?:,[0-9]{3})*(?:\.[0-9]{1,2})?"
_AMT = rf"({AMOUNT})"
_ALL_IN = r"( and is all-in)?"
CARD = re.compile(rf"[{RANK_CHARS}][{SUIT_CHARS}]")

#: A hand's first line; ``rest`` is the game, the stakes and the time.
HEADER = re.compile(r"PokerStars (?:Zoom |Rush |Home Game )?(?:Hand|Game) #(?P<hand>[0-9]+): +(?P<rest>.*)")
#: The rest of a tournament's first line.
TOURNAMENT = re.compile(
    r"Tournament #(?P<tournament>[0-9]+), (?P<middle>.+?) - (?:Match Round \w+, )?"
    r"Level (?P<level>\w+) \((?P<stakes>[^()]*)\) - (?P<time>.+)"
)
#: The rest of a cash game's first line: ``Badugi Limit ($0.10/$0.20 USD) - time``, or a mixed
#: game's ``8-Game (Badugi Limit, $0.10/$0.20 USD) - time``.
CASH = re.compile(r"(?P<game>[^()]+?) \((?P<stakes>[^()]*)\) - (?P<time>.+)")
STAKES = re.compile(rf"(?P<small>{AMOUNT})/(?P<big>{AMOUNT})(?: (?P<iso>[A-Z]{{3}}))?")
TABLE = re.compile(
    r"Table '(?P<table>.*)'(?: (?P<max>[0-9]+)-max)?(?P<play> \(Play Money\))?(?: \(Real Money\))?"
    r" Seat #(?P<button>[0-9]+) is the button"
)
SEAT = re.compile(
    rf"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips(?:, {AMOUNT} bounty)?\)"
    r"(?P<out> is sitting out| out of hand.*)?"
)
STREET = re.compile(r"\*\*\* (DEALING HANDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|SHOW DOWN|SUMMARY) \*\*\*")

#: What follows ``Name: `` on a player's line, by kind.
ACTIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ante", re.compile(rf"posts the ante {_AMT}{_ALL_IN}")),
    ("small", re.compile(rf"posts small blind {_AMT}{_ALL_IN}")),
    ("big", re.compile(rf"posts big blind {_AMT}{_ALL_IN}")),
    ("both", re.compile(rf"posts small & big blinds {_AMT}{_ALL_IN}")),
    ("fold", re.compile(r"folds(?: \[([^\]]*)\])?")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(rf"calls {_AMT}{_ALL_IN}")),
    ("bet", re.compile(rf"bets {_AMT}{_ALL_IN}")),
    ("raise", re.compile(rf"raises {_AMT} to {_AMT}{_ALL_IN}")),
    ("discard", re.compile(r"discards ([0-9]+) cards?(?: \[([^\]]*)\])?")),
    ("pat", re.compile(r"stands pat(?: on \[([^\]]*)\])?")),
    ("show", re.compile(r"shows \[([^\]]*)\](?: (\(.*\)))?")),
    ("muck", re.compile(r"mucks hand(?: \[([^\]]*)\])?")),
    ("noshow", re.compile(r"doesn't show hand")),
    ("noise", re.compile(r"sits out|is sitting out|sits in|is back|has returned")),
)
DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<first>[^\]]*)\](?: \[(?P<second>[^\]]*)\])?")
UNCALLED = re.compile(rf"Uncalled bet \({_AMT}\) returned to (.+)")
COLLECTED = re.compile(rf"(.+) collected {_AMT} from (pot|main pot|side pot(?:-[0-9]+)?)")
#: A table's lines about a player, not the hand: understood and passed over.
PLAYER_NOISE = re.compile(
    r".+ (?:is disconnected|is connected|has timed out(?: while (?:being )?disconnected)?|has returned"
    r"|leaves the table|joins the table at seat #[0-9]+|will be allowed to play after the button"
    r"|was removed from the table for failing to post|has [0-9]+ seconds? left to act"
    r"|is sitting out|sits out|finished the tournament.*|wins the tournament.*|re-buys and receives.*"
    r"|wins the .* bounty for eliminating .*|cashed out the hand.*)"
    r'|.+ said, ".*"'
)
#: The table's lines about no player.
NOISE = re.compile(r"Betting is capped|The deck is reshuffled|Hand cancelled")
TOTAL = re.compile(
    rf"Total pot {_AMT}(?: Main pot {AMOUNT}\.)?(?: Side pot(?:-[0-9]+)? {AMOUNT}\.)* \| Rake {_AMT}"
)
SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<name>.+?)(?: \((?:button|small blind|big blind)\))* "
    r"(?P<what>folded (?:before|after) .*|showed \[(?P<showed>[^\]]*)\] and "
    rf"(?:won \((?P<won>{AMOUNT})\)|lost).*|mucked(?: \[(?P<mucked>[^\]]*)\])?"
    rf"|collected \((?P<collected>{AMOUNT})\).*|lost.*|didn't .*|is sitting out)"
)
