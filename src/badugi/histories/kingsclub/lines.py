"""The lines of a KingsClub text hand history, as patterns: what each kind of line looks like.

KingsClub (the room behind the Real Deal Mix tables) writes a hand as

    #37732805: Limit Badugi - 30/60
    2020-10-30 19:53:19
    Table 'Bronx  BT' Seat 1 is the button
    Seat 1: Player0 (1,285)
    *** 1ST BETTING ROUND ***
    Player1: posts the small blind 15
    Dealt to Hero: [8d 7s 8h 9d]
    Player0 raises to 60
    *** 1ST DRAW ***
    Player1 draws 2
    Hero discards [Kc 5d Jc] draws [Jd Tc Qs]
    ...
    Player0 shows [4h Ad As 8c]
    *** SUMMARY ***
    Seat 1: Player0 (1,015) -270
    Rake 1.75
    Player1 wins pot (568.25)

The posts have a colon after the name, the actions none. Every amount is a
round's total (``calls 90`` and ``raises to 90`` both leave the seat with 90
in the round). Only the grammar lives here; ``badugi.histories.kingsclub.hand``
reads the lines into a record. Patterns match a line with its spaces at both
ends taken off.
"""

from __future__ import annotations

import re

from badugi.cards import RANK_CHARS, SUIT_CHARS

__all__ = [
    "ACTIONS",
    "AMOUNT",
    "CARD",
    "DEALT",
    "HEADER",
    "NET",
    "NOISE",
    "POSTS",
    "RAKE",
    "ROUND",
    "SEAT",
    "TABLE",
    "TIME",
    "UNCALLED",
    "WINS",
]

#: An amount as KingsClub writes it: ``15``, ``1,285``, ``928.25`` (dollars and cents, no sign).
AMOUNT = r"[0-9]+(?:,[0-9]{3})*(?:\.[0-9]{1,2})?"
_AMT = rf"({AMOUNT})"
_ALL_IN = r"(,? and is all[- ]in)?"
_DISCONNECT = r"(?: \(disconnect\))?"
CARD = re.compile(rf"[{RANK_CHARS}][{SUIT_CHARS}]")

#: A hand's first line: its number, the limit, the game and the bets (``Limit Badugi - 30/60``).
HEADER = re.compile(
    rf"#(?P<hand>[0-9]+): (?P<limit>No Limit|Pot Limit|Limit) (?P<game>.+?)"
    rf" - (?P<small>{AMOUNT})/(?P<big>{AMOUNT})"
)
TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}")
#: ``Table 'T123 [4]'`` is a tournament's table (number 123, table 4).
TABLE = re.compile(
    r"Table (?:ID )?'(?P<table>.*)'(?: (?P<max>[0-9]+)-max)? Seat #?(?P<button>[0-9]+) is the button"
)
TOURNAMENT_TABLE = re.compile(r"T(?P<tournament>[0-9]+) \[(?P<table>[0-9]+)\]")
SEAT = re.compile(rf"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)")
ROUND = re.compile(
    r"\*\*\* (?:(?P<bet>[1-4])(?:ST|ND|RD|TH) BETTING ROUND|(?P<draw>[1-3])(?:ST|ND|RD) DRAW|SUMMARY) \*\*\*"
)

#: What follows ``Name: `` on a post's line, by kind.
POSTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ante", re.compile(rf"posts ante {_AMT}{_ALL_IN}")),
    ("small_blind", re.compile(rf"posts the small blind {_AMT}{_ALL_IN}")),
    ("big_blind", re.compile(rf"posts the big blind {_AMT}{_ALL_IN}")),
    ("blind", re.compile(rf"posts blind {_AMT}{_ALL_IN}")),
)
#: What follows ``Name `` on an action's line, by kind.
ACTIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(rf"folds{_DISCONNECT}")),
    ("check", re.compile(rf"checks{_DISCONNECT}")),
    ("call", re.compile(rf"calls {_AMT}{_ALL_IN}{_DISCONNECT}")),
    ("bet", re.compile(rf"bets {_AMT}{_ALL_IN}{_DISCONNECT}")),
    ("raise", re.compile(rf"raises to {_AMT}{_ALL_IN}{_DISCONNECT}")),
    ("draws", re.compile(rf"draws ([0-9]+)(?: cards?)?{_DISCONNECT}")),
    ("discards", re.compile(rf"discards \[([^\]]*)\] draws \[([^\]]*)\]{_DISCONNECT}")),
    ("pat", re.compile(rf"stands pat(?: on \[([^\]]*)\])?{_DISCONNECT}")),
    ("show", re.compile(r"shows \[([^\]]*)\](?: .*)?")),
    ("muck", re.compile(r"mucks(?: hand)?(?: \[([^\]]*)\])?")),
)
#: ``Dealt to Name: [X X X X]``; an ``X`` is a card not shown.
DEALT = re.compile(r"Dealt to (?P<name>.+?): \[(?P<cards>[^\]]*)\]")
UNCALLED = re.compile(rf"Uncalled bet \({_AMT}\) returned to (.+)")
#: The summary's line of a seat: its stack after the hand and what the hand won or lost it.
NET = re.compile(rf"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<stack>{AMOUNT})\) (?P<net>[-+]?{AMOUNT})")
RAKE = re.compile(rf"Rake {_AMT}")
#: ``Player1 wins pot (568.25)``, ``Player2 wins (550.25) from pot``, ``X wins side pot 1 (40)``.
WINS = re.compile(
    rf"(?P<name>.+?) wins (?:main pot |pot )?(?:side pot (?P<side>[0-9]+) )?\((?P<amount>{AMOUNT})\)"
    r"(?: from (?:the )?(?:main |side )?pot(?: [0-9]+)?)?"
)
#: The table's lines about a player, not the hand: understood and passed over.
NOISE = re.compile(
    r".+?:? (?:sits out|is sitting out|sits in|is back|has returned|is disconnected|is connected"
    r"|has timed out|leaves the table|joins the table.*)"
    r'|.+ said, ".*"'
)
