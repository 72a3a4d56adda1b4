"""The names people take at a table: short, printable, never a bot's, never a look-alike of another seat's.

Two names are one name to a reader if they look alike: "Player 1" and
"Ρlayer 1" (a Greek capital rho), "bob" and "B0B", "Ann" and "Ann\u200b" (a
zero-width space). ``skeleton`` folds a name to what a reader sees: Unicode's
compatibility forms (NFKC), case, accents and marks, invisible characters,
separators, and the letters of other scripts (and the digits) drawn like Latin
letters; two names with the same skeleton are refused at one table.

>>> skeleton("Ρlayer 1") == skeleton("player 1") == skeleton("PLAYER_l")
True
>>> check_name("Simple bot 2", taken=[])
Traceback (most recent call last):
  ...
badugi.web.protocol.WebInputError: "Simple bot 2" is a bot's name: choose another
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from badugi.engine import BOTS
from badugi.web.protocol import WebInputError, shown

__all__ = ["LONGEST_NAME", "check_name", "skeleton"]

#: The longest name a seat may have, in characters.
LONGEST_NAME = 24

# Letters of other scripts (Greek, Cyrillic, and a few more) and digits drawn like a Latin letter, folded
# to that letter. Unicode's confusables list has thousands; these are the ones a keyboard or a phone
# offers, which is where a name that mimics another comes from.
_LOOK_ALIKES = {
    **dict.fromkeys("αаɑ", "a"),
    **dict.fromkeys("βвЬь", "b"),
    **dict.fromkeys("сϲⅽ", "c"),
    **dict.fromkeys("ԁⅾ", "d"),
    **dict.fromkeys("εеҽ", "e"),
    **dict.fromkeys("ɡ", "g"),
    **dict.fromkeys("һн", "h"),
    **dict.fromkeys("ιіӏ1|ǀ!ⅰ", "l"),
    **dict.fromkeys("ј", "j"),
    **dict.fromkeys("κк", "k"),
    **dict.fromkeys("мⅿ", "m"),
    **dict.fromkeys("ηпո", "n"),
    **dict.fromkeys("οо0σ", "o"),
    **dict.fromkeys("ρр", "p"),
    **dict.fromkeys("ԛ", "q"),
    **dict.fromkeys("г", "r"),
    **dict.fromkeys("ѕ5$", "s"),
    **dict.fromkeys("τт7", "t"),
    **dict.fromkeys("υսμ", "u"),
    **dict.fromkeys("νѵⅴ", "v"),
    **dict.fromkeys("ԝωш", "w"),
    **dict.fromkeys("χхⅹ", "x"),
    **dict.fromkeys("γуү", "y"),
    **dict.fromkeys("ᴢ", "z"),
    "2": "z",
    "3": "e",
    "4": "a",
    "8": "b",
}
# "i" and "l" are one letter to a reader of many fonts (and "I", once folded to lower case).
_LOOK_ALIKES["i"] = "l"
_SEPARATORS = frozenset(" _-.·'’`\u00a0")


def skeleton(name: str) -> str:
    """What a reader sees of ``name``: the form two look-alike names share (see the module)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    plain = unicodedata.normalize("NFKD", folded)
    seen = []
    for char in plain:
        if unicodedata.category(char) in ("Mn", "Me", "Cf") or char in _SEPARATORS:
            continue  # marks, invisible characters and separators: not what tells two names apart
        seen.append(_LOOK_ALIKES.get(char, char))
    return "".join(seen)


_BOT_SKELETONS = tuple(skeleton(kind.title) for kind in BOTS.values()) + tuple(
    skeleton(f"{name} bot") for name in BOTS
)


def check_name(name: object, taken: Iterable[str]) -> str:
    """``name`` as a person's name at a table where ``taken`` are the other seats' names.

    Raises:
        WebInputError: not 1 to ``LONGEST_NAME`` printable characters, a
            bot's name, or a look-alike of a name in ``taken``.
    """
    if not isinstance(name, str):
        raise WebInputError(f"a name is text of 1 to {LONGEST_NAME} characters, got {shown(name)}")
    if not name.isprintable():  # a line break, a tab, an invisible or a right-to-left override
        raise WebInputError(
            f"a name is printable text, without control or invisible characters; got {shown(name)}"
        )
    text = " ".join(name.split())
    if not 1 <= len(text) <= LONGEST_NAME:
        raise WebInputError(f"a name is 1 to {LONGEST_NAME} printable characters, got {shown(name)}")
    seen = skeleton(text)
    if not seen:
        raise WebInputError(f"a name needs a letter or a digit, got {shown(name)}")
    if any(seen.startswith(bot) for bot in _BOT_SKELETONS):
        raise WebInputError(f"{shown(text)} is a bot's name: choose another")
    for other in taken:
        if skeleton(other) == seen:
            raise WebInputError(f"{shown(text)} looks like {shown(other)}, another seat's name: choose one")
    return text
