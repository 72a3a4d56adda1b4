"""A solved strategy of heads-up Badugi as shipped: a file read once, asked in C where a seat stands.

A blueprint is what ``badugi.solver.sampled`` made, reduced to what play needs:
the rules it was solved for, its abstraction's tables (each hand's bucket for
each number of draws left, and the cards a draw of each size throws) and its
average strategy, each information set's shares in units of 1/65535. It is
read into the same C that made it (``badugi_sampled_new`` with that strategy as
its strategy sums), so the play is looked up by the code the solve ran.

The file (``badugi blueprint 1``): a first line naming the format, a 4-byte
little-endian length, a JSON header, then the three tables, each
zlib-compressed, their lengths and CRC-32s in the header. No numpy, no pickle:
the bot that plays it needs neither.

``Blueprint.shipped()`` are the package's (made by
``tools/make_full_strategy.py``: the blinds game and the ante game), read on
first use and kept.
"""

from __future__ import annotations

import json
import os
import threading
import zlib
from array import array
from importlib import resources
from pathlib import Path
from typing import Any

from badugi._native import ffi, lib
from badugi.errors import GameSetupError

__all__ = ["FORMAT", "MAGIC", "RULE_FIELDS", "SHIPPED", "Blueprint", "check_sampled"]

FORMAT = "badugi blueprint 1"
MAGIC = FORMAT.encode() + b"\n"
#: The rules' fields a header states, as ``badugi_sampled_rules`` names them (the deck apart).
RULE_FIELDS = ("draws", "cap", "small_bet", "big_bet", "small_blind", "big_blind", "ante", "stack")
#: The shipped blueprints' file names, in ``badugi/data``: the blinds game and the ante game.
SHIPPED = ("heads-up-badugi.blueprint", "heads-up-badugi-ante.blueprint")
SECTIONS = ("bucket", "discard", "strategy")
ACTIONS = 19  # the adapters' actions: fold, call, raise, then a draw of each of the 16 masks

_shipped: dict[str, Blueprint] = {}  # the package's, once read
_shipped_lock = threading.Lock()


class Blueprint:
    """A shipped strategy, ready to be asked: ``policy(view)`` gives its play at a seat's turn.

    Attributes:
        rules: the rules solved, as ``badugi_sampled_rules`` names them (``deck`` a tuple of ids).
        header: everything the file says of itself (its seed, iterations, abstraction), as JSON data.
    """

    def __init__(self, header: dict[str, Any], bucket: bytes, discard: bytes, strategy: bytes) -> None:
        """Build the C solver from a header and its three tables (what ``load`` read)."""
        self.header = header
        self.rules: dict[str, Any] = dict(header["rules"])
        rules = ffi.new("badugi_sampled_rules *")
        deck = self.rules["deck"]
        rules.n_deck = len(deck)
        for index, card in enumerate(deck):
            rules.deck[index] = card
        for name in RULE_FIELDS:
            setattr(rules, name, self.rules[name])
        settings = header["abstraction"]
        given = ffi.new("badugi_sampled_abstraction *")
        given.cards = lib.BADUGI_SAMPLED_BUCKETS
        given.remember_bets = int(settings["remember_bets"])
        given.remember_draws = int(settings["remember_draws"])
        for level, size in enumerate(settings["sizes"]):
            given.buckets[level] = size
        wide = array("I", iter(bucket))  # one byte a hand in the file, four in the C (not frombytes)
        buckets = ffi.from_buffer("uint32_t[]", wide)
        discards = ffi.from_buffer("uint8_t[]", bytearray(discard))
        given.bucket, given.bucket_size = buckets, len(wide)
        given.discard, given.discard_size = discards, len(discard)
        handle = ffi.new("badugi_sampled **")
        check_sampled(
            lib.badugi_sampled_new(rules, given, int(header["slots"]), handle), "the blueprint's rules"
        )
        self._handle = ffi.gc(handle[0], lib.badugi_sampled_free)
        shares = array("H")
        shares.frombytes(strategy)
        if len(shares) != header["slots"]:
            raise GameSetupError(f"the blueprint's strategy has {len(shares)} slots, not {header['slots']}")
        sums = array("q", shares)
        check_sampled(
            lib.badugi_sampled_set(
                self._handle, lib.BADUGI_SAMPLED_AVERAGE, ffi.from_buffer("int64_t[]", sums), len(sums)
            ),
            "the blueprint's strategy",
        )
        self._out = threading.local()
        self._name: str | None = None  # a shipped one's file name
        self._path: str | None = None  # or the path it was loaded from

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Blueprint:
        """The blueprint in the file at ``path``.

        Raises:
            badugi.errors.GameSetupError: not a blueprint, or a damaged one (named).
            OSError: the file cannot be read.
        """
        blueprint = cls.from_bytes(Path(path).read_bytes(), os.fspath(path))
        blueprint._path = os.fspath(path)
        return blueprint

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "the blueprint") -> Blueprint:
        """The blueprint a file's bytes hold.

        Raises:
            badugi.errors.GameSetupError: not a blueprint, or a damaged one (named).
        """
        if not isinstance(data, (bytes, bytearray)) or not data.startswith(MAGIC):
            raise GameSetupError(f"{name!r} is not a {FORMAT!r} file")
        at = len(MAGIC)
        length = int.from_bytes(data[at : at + 4], "little")
        try:
            header = json.loads(bytes(data[at + 4 : at + 4 + length]).decode())
            at += 4 + length
            tables = []
            for section in SECTIONS:
                size, crc = header["sections"][section]
                packed = bytes(data[at : at + size])
                at += size
                if len(packed) != size or zlib.crc32(packed) != crc:
                    raise GameSetupError(f"{name!r} is damaged: its {section} table fails its check")
                tables.append(zlib.decompress(packed))
            return cls(header, *tables)
        except (ValueError, KeyError, TypeError, zlib.error) as exc:
            raise GameSetupError(f"{name!r} is a damaged blueprint: {exc!r}") from None

    @classmethod
    def shipped(cls) -> tuple[Blueprint, ...]:
        """The package's blueprints (``SHIPPED``), read on the first call and kept for the process.

        Raises:
            badugi.errors.GameSetupError: a file of the package is missing or damaged.
        """
        return tuple(cls._shipped_one(name) for name in SHIPPED)

    @classmethod
    def _shipped_one(cls, name: str) -> Blueprint:
        with _shipped_lock:
            if name not in _shipped:
                blueprint = cls.from_bytes(_shipped_bytes(name), name)
                blueprint._name = name
                _shipped[name] = blueprint
            return _shipped[name]

    def reread(self) -> Blueprint:
        """A new blueprint read from this one's file, apart from it (a shipped one read again, uncached).

        For work that changes the C solver's other arrays (a best response's learning,
        ``badugi.solver.sampled.respond``) without touching the one the bots share.

        Raises:
            badugi.errors.GameSetupError: this one was made from bytes (there is no file), or
                its file is gone or damaged.
        """
        if self._name is not None:
            return Blueprint.from_bytes(_shipped_bytes(self._name), self._name)
        if self._path is not None:
            try:
                return Blueprint.load(self._path)
            except OSError as exc:
                raise GameSetupError(f"the blueprint {self._path!r} cannot be read again: {exc}") from None
        raise GameSetupError("this blueprint was made from bytes: there is no file to read it again from")

    def policy(self, view: Any) -> tuple[float, ...] | None:
        """The strategy at a ``badugi_sampled_view``: a share for each of the 19 actions, or None.

        None where the view is no turn of its seat under these rules (a move the
        rules solved never make, such as a fifth bet where they cap at four).
        """
        out = getattr(self._out, "buffer", None)
        if out is None:
            out = self._out.buffer = ffi.new("double[19]")
        status = lib.badugi_sampled_policy(self._handle, view, 1, out, ACTIONS)
        if status < 0:
            return None
        return tuple(out)

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<Blueprint: blinds {rules['small_blind']}/{rules['big_blind']}, bets {rules['small_bet']}/"
            f"{rules['big_bet']}, cap {rules['cap']}, {rules['draws']} draws; "
            f"{self.header.get('iterations', 0):,} iterations, {self.header['slots']:,} slots>"
        )

    # A blueprint is read once a process: a shipped one pickles by its name; copies are itself.
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        if self._name is None:
            raise GameSetupError("only a shipped blueprint pickles (by name); load a file by its path")
        return (Blueprint._shipped_one, (self._name,))

    def __copy__(self) -> Blueprint:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Blueprint:
        return self


def _shipped_bytes(name: str) -> bytes:
    try:
        return resources.files("badugi").joinpath("data").joinpath(name).read_bytes()
    except OSError as exc:
        raise GameSetupError(f"the shipped blueprint {name} cannot be read: {exc}") from None


def check_sampled(status: int, what: str) -> int:
    """``status`` if it is no error code of ``badugi_sampled_*``; else the library's error naming ``what``.

    The one reading of those codes, for the bot's blueprints here and ``badugi.solver.sampled``.
    """
    if status >= 0:
        return status
    message = ffi.string(lib.badugi_strerror(status)).decode()
    if status == lib.BADUGI_E_TOO_MANY:
        raise GameSetupError(f"{what}: the abstraction needs more slots than allowed ({message})")
    if status == lib.BADUGI_E_MEMORY:
        raise MemoryError(f"{what}: out of memory")
    raise GameSetupError(f"{what}: {message}")
