"""Many independent tables of one game stepped in C: ``Tables``, for self-play and solvers.

Each table plays hand after hand of fixed-limit Badugi, Badeucy or Badacey by
the engine's rules (``badugi.engine.hand``): the same blinds and antes, the
same deal, betting, draws, burns and reshuffles, the same payouts, and
``history(i)`` is a history ``Hand.replay`` plays again event by event. The C
core (``csrc/engine/``) shuffles each deck with its own fast generator by
default; with ``deal="hand"`` it shuffles as ``Hand`` does, Python's own
generator written out step for step (SHA-512 seeding and MT19937), so a hand a
table plays with seed ``s`` is dealt the cards ``Hand(..., seed=s)`` deals, at
3.5 microseconds more a hand. Reshuffles are Python's either way, as ``Hand``
makes them from the hand's seed. A live table keeps only its actions; a
history is made when asked, by dealing the hand again and replaying them.

Actions are numbered as the adapters number them (``badugi.adapters.actions``):
0 fold, 1 check or call, 2 bet or raise (one unit in fixed limit, the least a
pot limit allows), ``3 + mask`` a draw (bit ``i`` throws card ``i`` of the hand
in increasing id order; mask 0 stands pat). The pot limits add a fixed menu of
two more bets after the draws: ``3 + 2**hand_size`` bets or raises half the pot
after calling over the bet, ``4 + 2**hand_size`` the whole pot after calling
(``half_pot_action`` and ``pot_action`` say which), each within what the
structure and the stack allow, and each open only if it goes past the bet
before it in the menu.

What it plays today: fixed limit with a cap (either reopening rule,
``FixedLimit.full_bet_rule``), pot limit and half-pot limit with that menu
(``PotLimit``, ``HalfPotLimit``), blinds and/or antes, the burn option, and
stacks of any size from 1 chip: a seat short of a call, a blind or a raise
goes all in for less, and the pot splits into a main pot and side pots as
``badugi.showdown`` settles them. Stacks are reset every hand, or carried
from each hand to the next (``carry_stacks``) until a seat is left short,
when every seat starts again from ``stacks``. No dealer's errors, no
qualifier, no pot carried to the next hand. Anything else is refused with
``GameSetupError``.

``copy()`` (and ``copy.copy``, ``copy.deepcopy``) is an independent copy of every table. A
pickle holds the settings and each table's actions (``_tables_state``): unpickling deals the
tables again and replays the actions in C, each checked as ``step`` checks it.

``numpy`` is needed (``pip install numpy``): every array in and out is one.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Literal

from badugi._native import ffi, lib
from badugi.cards import CARD_TEXT
from badugi.engine import _tables_state as tables_state
from badugi.engine._checks import as_count, as_sequence, short_repr
from badugi.engine.game_settings import check_game
from badugi.engine.history import Event, event
from badugi.engine.rules import MAX_SEATS
from badugi.engine.setup import Setup
from badugi.engine.structures import FixedLimit, HalfPotLimit, PotLimit, Structure
from badugi.errors import GameSetupError, IllegalActionError
from badugi.games import BADUGI, GameLike
from badugi.showdown import settle

__all__ = ["Deal", "Tables"]

#: How a table shuffles each hand's deck: ``"fast"``, the library's own generator (splitmix64 and
#: Lemire's bounded draws, 0.1 us a deck), or ``"hand"``, the deck ``Hand(seed=s)`` deals for the
#: hand's seed ``s`` (Python's generator written out in C: SHA-512 seeding and MT19937, 3.5 us a
#: deck). Either way the history carries the deck, so ``Hand.replay`` plays every hand again.
Deal = Literal["fast", "hand"]

MAX_TABLES = 1 << 17  # about 2 KB a table at fixed limit (its state and two hands' actions): 256 MB
MAX_THREADS = 256  # BADUGI_MAX_WORKERS (csrc/common/workers.h)
_TABLE_CHIPS = 2**31 - 1  # the C core counts a table's chips in 32 bits (TB_MAX_CHIPS)
_MAX_STACK = _TABLE_CHIPS // MAX_SEATS
_BETS = {4: "fold", 5: "check", 6: "call", 7: "bet", 8: "raise"}
_PLAIN = {9: "round", 10: "draw_round"}
_IDS = {text: card for card, text in enumerate(CARD_TEXT)}
_DEALS: dict[object, int] = {"fast": 0, "hand": 1}  # BADUGI_DEAL_FAST, BADUGI_DEAL_HAND
# The structures the C core plays, as badugi.h numbers them (BADUGI_STRUCTURE_*).
_STRUCTURES: dict[type[Structure], int] = {FixedLimit: 0, PotLimit: 1, HalfPotLimit: 2}
_MOST_RECORDS = 1 << 20  # a hand's records (and so its actions), as badugi_tables_new allows


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415 - an optional dependency, imported only where it is needed
    except ImportError as exc:  # pragma: no cover - the test environment has numpy
        raise ImportError("badugi.engine.Tables needs numpy: pip install numpy") from exc
    return numpy


def _cards(count: int, packed: int) -> tuple[str, ...]:
    return tuple(CARD_TEXT[(packed >> (6 * i)) & 63] for i in range(count))


def _checked_setup(
    players: object,
    structure: object,
    *,
    blinds: object,
    ante: object,
    stacks: object,
    game: object,
    burn: object,
) -> Setup:
    """A hand's setup as every table deals it (button 0), checked as ``Hand`` checks it, and for Tables."""
    seats = as_count(players, 2, MAX_SEATS)
    if seats is None:
        raise GameSetupError(f"players must be an int from 2 to {MAX_SEATS}, got {short_repr(players)}")
    given = FixedLimit(2, 4) if structure is None else structure
    if not isinstance(given, Structure) or type(given) not in _STRUCTURES:
        raise GameSetupError(f"Tables plays FixedLimit, PotLimit or HalfPotLimit, got {short_repr(given)}")
    structure = given
    if isinstance(structure, FixedLimit) and (structure.cap is None or structure.uncapped_heads_up):
        raise GameSetupError("Tables needs a capped FixedLimit (cap set, uncapped_heads_up False)")
    chips = as_sequence(stacks)
    per_seat = [stacks] * seats if chips is None else list(chips)
    if len(per_seat) != seats:
        raise GameSetupError(f"stacks must be one int or {seats} of them, got {len(per_seat)}")
    setup = Setup(
        per_seat,  # type: ignore[arg-type]  # Setup checks each stack
        0,
        structure,
        blinds=blinds,  # type: ignore[arg-type]  # and the blinds, the ante, the game and the burn
        ante=ante,  # type: ignore[arg-type]
        seed=0,
        game=check_game(game),
        burn=burn,  # type: ignore[arg-type]
    )
    for seat, stack in enumerate(setup.stacks):
        if stack > _MAX_STACK:
            raise GameSetupError(f"stacks[{seat}] = {stack}: Tables takes stacks of at most {_MAX_STACK}")
    amounts = {"ante": setup.ante, "blinds": max(setup.blinds or (0,))}
    amounts.update(
        {"small_bet": structure.small_bet, "big_bet": structure.big_bet}
        if isinstance(structure, FixedLimit)
        else {"min_bet": structure.min_bet or 0}  # type: ignore[attr-defined]  # a pot limit
    )
    for name, amount in amounts.items():
        if amount > _TABLE_CHIPS:
            raise GameSetupError(
                f"{name}: Tables takes bets, blinds and antes of at most 2**31 - 1, got {amount}"
            )
    return setup


def _config(setup: Setup, carry_stacks: bool) -> Any:
    """The C core's configuration of ``setup`` (checked by ``_checked_setup``).

    Raises:
        GameSetupError: a pot limit whose stacks allow more bets than a hand's records may hold.
    """
    structure, game, seats = setup.structure, setup.game, setup.seats
    config = ffi.new("badugi_tables_config *")
    config.players = seats
    config.hand_size = game.hand_size
    config.draws = game.draws
    config.n_halves = len(game.halves)
    for half, scale in enumerate(game.halves):
        config.halves[half] = scale._code  # how a scale is handed to C (as the equity engines do)
    config.odd_chip_half = game.odd_chip_half
    config.burn = int(setup.burn)
    config.uncapped_heads_up = 0
    config.blinds = int(setup.blinds is not None)
    if setup.blinds is not None:
        config.small_blind, config.big_blind = setup.blinds
    config.ante = setup.ante
    for seat, stack in enumerate(setup.stacks):
        config.stacks[seat] = stack
    config.structure = _STRUCTURES[type(structure)]
    if isinstance(structure, FixedLimit):
        assert structure.cap is not None  # _checked_setup saw to it
        full_bets = structure.cap
        too_many = f"a cap of {full_bets} bets a round is more than"
        remedy = "lower the cap"
    else:
        assert isinstance(structure, PotLimit)  # and HalfPotLimit, its subclass
        big_blind = None if setup.blinds is None else setup.blinds[1]
        smallest = structure._smallest(big_blind, setup.ante)
        # A full raise moves the bet up by the smallest bet at least, and no bet passes what one
        # seat can hold: its stack, or with carried stacks every chip at the table.
        deepest = sum(setup.stacks) if carry_stacks else max(setup.stacks)
        full_bets = deepest // smallest
        too_many = (
            f"stacks this deep over a smallest bet of {smallest} allow {full_bets} bets a round, more than"
        )
        remedy = "raise the smallest bet or make the stacks shallower"
    # Every record a hand can make: antes, blinds and deals; a round's markers and its actions: at
    # most full_bets full bets and one all-in for less a seat, each answered by every other seat,
    # so (full_bets + seats + 1) * seats; a draw's draws, its burn and at most one reshuffle per
    # card it deals; the end.
    rounds = game.draws + 1
    records = (
        3 * seats
        + rounds * ((full_bets + seats + 1) * seats + 2)
        + rounds * (seats * (game.hand_size + 2) + 2)
        + 8
    )
    if records > _MOST_RECORDS:
        raise GameSetupError(
            f"{type(structure).__name__}: {too_many} Tables keeps (a hand of at most"
            f" {_MOST_RECORDS} records): {remedy}"
        )
    if isinstance(structure, FixedLimit):  # every number below fits the C's int32 now
        config.cap = structure.cap
        config.full_bet_rule = int(structure.full_bet_rule)
        config.small_bet, config.big_bet = structure.small_bet, structure.big_bet
    else:
        config.smallest_bet = smallest
    config.log_capacity = records
    return config


class Tables:
    """``count`` tables of ``players`` seats, each dealing its next hand as soon as one ends.

    Args:
        count: tables (1 to 2**17; each holds its state and two hands' actions: about 2 KB at
            fixed limit, more in a pot limit the deeper the stacks are over its smallest bet).
        players: seats at each table (2 to 8).
        structure: ``FixedLimit(...)`` with a cap, under either reopening rule
            (``full_bet_rule``), or ``PotLimit(...)`` or ``HalfPotLimit(...)``: their bets
            are a menu of three, the least, half the pot and the pot (see the module).
        blinds: ``(small, big)``, or None for an ante game.
        ante: what every seat antes.
        stacks: every seat's chips at the start of every hand (of the first, with
            ``carry_stacks``): one int, or one per seat (1 to 268,435,455; a seat short of
            a bet goes all in for less: side pots).
        seed: an int from 0 to 2**64 - 1; the same seed and actions play the same hands.
        game: ``BADUGI`` (the default), ``BADEUCY`` or ``BADACEY`` (or its name).
        burn: burn a card before each draw's replacements.
        threads: threads ``step`` spreads the tables over (each table is
            independent, so every thread count plays the same hands); they are
            started at the first step and wait, parked, between steps.
        carry_stacks: each hand starts from the stacks the last one ended with,
            not from ``stacks``; once a hand leaves a seat with fewer chips than
            a hand needs (``least_stack``: 1, or with no draw more than the ante
            and the big blind), every seat starts the next hand from ``stacks``
            again. The hands from one such start to the next are a *match*:
            ``starting_stacks()`` and ``match_starts()`` tell where each table is.
        deal: ``"fast"`` (the library's own shuffle, the default) or ``"hand"`` (each
            hand's deck the one ``Hand(seed=s)`` deals for its seed ``s``, 3.5 us more a
            hand). Either way the history records the deck, so ``Hand.replay`` plays it.

    ``actions`` is the number of actions (the mask's width); ``half_pot_action`` and
    ``pot_action`` are the pot limits' half-pot and pot bets (None in fixed limit).

    Table ``i``'s ``k``-th hand has the button on seat ``k % players`` and its
    own seed (``history(i)`` records it), derived from ``seed``, ``i`` and ``k``.

    ``copy()``, ``copy.copy`` and ``copy.deepcopy`` give independent copies;
    a pickle replays each table's actions (a damaged one raises ``GameSetupError``).

    Threads may share a ``Tables``: each call into its C state holds its lock, so calls from
    several threads run one after another (its own ``threads`` work inside a step).

    Raises:
        GameSetupError: a setting out of range or of the wrong type, or one
            Tables does not play (a structure of another kind, fixed limit with no
            cap, a cap or a pot limit too deep for a hand's records, chips past 2**31 - 1).
        MemoryError: the tables do not fit in memory.
        ImportError: numpy is not installed.
    """

    def __init__(
        self,
        count: int,
        players: int,
        structure: Structure | None = None,
        *,
        blinds: Sequence[int] | None = (1, 2),
        ante: int = 0,
        stacks: int | Sequence[int] = 200,
        seed: int = 0,
        game: GameLike = BADUGI,
        burn: bool = True,
        threads: int = 1,
        carry_stacks: bool = False,
        deal: Deal = "fast",
    ) -> None:
        self._np = _numpy()
        tables = as_count(count, 1, MAX_TABLES)
        if tables is None:
            raise GameSetupError(f"count must be an int from 1 to {MAX_TABLES}, got {short_repr(count)}")
        number = as_count(seed, 0, 2**64 - 1)
        if number is None:
            raise GameSetupError(f"seed must be an int from 0 to 2**64 - 1, got {short_repr(seed)}")
        self._setup = setup = _checked_setup(
            players, structure, blinds=blinds, ante=ante, stacks=stacks, game=game, burn=burn
        )
        if type(carry_stacks) is not bool:
            raise GameSetupError(f"carry_stacks must be True or False, got {short_repr(carry_stacks)}")
        config = _config(setup, carry_stacks)
        config.carry_stacks = int(carry_stacks)
        given: object = deal  # checked as anything a caller may pass
        code = _DEALS.get(given) if type(given) is str else None
        if code is None:
            raise GameSetupError(f"deal must be 'fast' or 'hand', got {short_repr(deal)}")
        config.deal = code
        self.deal: Deal = deal
        workers = as_count(threads, 1, MAX_THREADS)
        if workers is None:
            raise GameSetupError(f"threads must be an int from 1 to {MAX_THREADS}, got {short_repr(threads)}")
        config.threads = workers
        handle = ffi.new("badugi_tables **")
        status = lib.badugi_tables_new(config, number, tables, handle)
        if status == lib.BADUGI_E_MEMORY:
            raise MemoryError(f"badugi: no memory for {tables} tables")
        if status < 0:  # pragma: no cover - every setting was checked above
            raise SystemError(f"badugi internal error: badugi_tables_new failed ({status})")
        self._tables = ffi.gc(handle[0], lib.badugi_tables_free)
        self._lock = threading.Lock()  # one call into the C state at a time, whatever threads call
        self._threads = workers
        self.carry_stacks = carry_stacks
        self.least_stack = int(lib.badugi_tables_least_stack(config))
        self.count, self.players, self.structure, self.seed = tables, setup.seats, setup.structure, number
        self.game = setup.game
        self.actions = int(lib.badugi_tables_actions(self._tables))
        past_draws = 3 + (1 << self.game.hand_size)
        pot_menu = self.actions > past_draws
        # The pot limits' half-pot and pot bets (None in fixed limit): see the module's docstring.
        self.half_pot_action: int | None = past_draws if pot_menu else None
        self.pot_action: int | None = past_draws + 1 if pot_menu else None
        self._width = int(lib.badugi_tables_observation_width(self._tables))
        self._records = int(config.log_capacity)

    def __repr__(self) -> str:
        return f"<Tables {self.count} x {self.players} seats, {self.game.name}, {self.structure!r}>"

    def copy(self) -> Tables:
        """An independent copy: every table in the same state (its hand in play and its last one).

        The copy and the original step apart from then on (a search can try actions on a copy).
        ``copy.copy`` and ``copy.deepcopy`` give the same.
        """
        handle = ffi.new("badugi_tables **")
        with self._lock:
            status = lib.badugi_tables_copy(self._tables, handle)
        if status == lib.BADUGI_E_MEMORY:
            raise MemoryError(f"badugi: no memory to copy {self.count} tables")
        self._call(status)
        twin = object.__new__(Tables)
        twin.__dict__.update(self.__dict__)  # the settings: immutable values, shared
        twin._tables = ffi.gc(handle[0], lib.badugi_tables_free)
        twin._lock = threading.Lock()
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> Tables:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The settings and each table's actions: unpickling plays them again (_tables_state).
        setup = self._setup
        arguments = {
            "players": setup.seats,
            "structure": setup.structure,
            "blinds": setup.blinds,
            "ante": setup.ante,
            "stacks": setup.stacks,
            "game": setup.game,
            "burn": setup.burn,
            "threads": self._threads,
            "carry_stacks": self.carry_stacks,
            "deal": self.deal,
        }
        with self._lock:
            states = tables_state.played(self._tables, self.count, self._records, self.players)
        return _restored, (arguments, self.count, self.seed, states)

    def reset(self, seed: int | None = None) -> None:
        """Every table deals its first hand afresh: the tables ``Tables(..., seed=seed)`` holds.

        ``seed`` is an int from 0 to 2**64 - 1, or None for this one's (``self.seed``). With
        ``carry_stacks`` every seat starts again from ``stacks``: a new match at every table.

        Raises:
            GameSetupError: ``seed`` is not None or such an int.
        """
        number = self.seed if seed is None else as_count(seed, 0, 2**64 - 1)
        if number is None:
            raise GameSetupError(f"seed must be None or an int from 0 to 2**64 - 1, got {short_repr(seed)}")
        with self._lock:
            self._call(lib.badugi_tables_reset(self._tables, number))
        self.seed = number

    def legal(self, out: Any = None) -> Any:
        """A numpy bool array (count, actions): which actions each table's actor may take now.

        ``out``, such an array the caller made (C-contiguous, writeable), is filled and returned
        instead of a fresh one: a loop that asks every step reuses one buffer, and spares the
        allocation and the fresh pages a new array's first write touches.

        Raises:
            GameSetupError: ``out`` is not None nor a C-contiguous writeable bool array (count, actions).
        """
        np = self._np
        if out is None:
            mask = np.empty((self.count, self.actions), dtype=bool)  # C writes every entry, 0 or 1
        else:
            mask = out
            fits = (
                isinstance(out, np.ndarray)
                and out.dtype == np.bool_
                and out.shape == (self.count, self.actions)
            )
            if not (fits and out.flags.c_contiguous and out.flags.writeable):
                raise GameSetupError(
                    f"out must be a writeable C-contiguous numpy bool array of shape ({self.count}, "
                    f"{self.actions}), got {short_repr(out)}"
                )
        with self._lock:
            self._call(lib.badugi_tables_legal(self._tables, ffi.from_buffer("uint8_t[]", mask), mask.size))
        return mask

    def actor(self) -> Any:
        """A numpy int32 array (count,): the seat to act or draw at each table."""
        seats = self._np.zeros(self.count, dtype=self._np.int32)
        with self._lock:
            self._call(lib.badugi_tables_actor(self._tables, ffi.from_buffer("int32_t[]", seats), seats.size))
        return seats

    def step(self, acts: object) -> tuple[Any, Any]:
        """One action at every table; returns (rewards, done).

        ``acts`` holds one action per table (ints). ``rewards`` (count,
        players) holds, for each table whose hand just ended, what each seat
        won less what it put in (0 elsewhere); ``done`` (count,) is True there.
        Such a table has dealt its next hand already.

        Raises:
            IllegalActionError: ``acts`` is not ``count`` ints, or an action is
                not legal at its table (the message names the table and the
                action); no table changes.
        """
        np = self._np
        try:
            array = np.asarray(acts)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"acts must be {self.count} ints, got {short_repr(acts)}") from exc
        if array.shape != (self.count,) or not (array.dtype.kind in "iu" or array.size == 0):
            raise IllegalActionError(
                f"acts must be {self.count} ints (shape ({self.count},)), got {short_repr(acts)}"
            )
        if array.dtype.kind == "u" and array.size and int(array.max()) >= 2**63:
            raise IllegalActionError(f"action {int(array.max())} is not an action (0..{self.actions - 1})")
        checked = np.ascontiguousarray(array, dtype=np.int64)
        rewards = np.zeros((self.count, self.players), dtype=np.int64)  # C writes the ended hands' rows
        done = np.empty(self.count, dtype=bool)  # C writes every table's, 0 or 1
        with self._lock:
            status = lib.badugi_tables_step(
                self._tables,
                ffi.from_buffer("int64_t[]", checked),
                checked.size,
                ffi.from_buffer("int64_t[]", rewards),
                rewards.size,
                ffi.from_buffer("uint8_t[]", done),
                done.size,
            )
        if status > 0:
            table = int(status) - 1
            action = int(checked[table])
            seat = int(self.actor()[table])
            raise IllegalActionError(
                f"table {table}: action {action} is not legal for seat {seat} now "
                f"(legal: {np.flatnonzero(self.legal()[table]).tolist()})",
                seat,
            )
        self._call(int(status))
        return rewards, done

    def starting_stacks(self) -> Any:
        """A numpy int64 array (count, players): the stacks each table's hand in play started with.

        Without ``carry_stacks`` they are always ``stacks``.
        """
        return self._stacks()[0]

    def match_starts(self) -> Any:
        """A numpy bool array (count,): True where the hand in play is the first of a match.

        That is each table's first hand, and with ``carry_stacks`` every hand
        after one that left a seat short (every seat back to ``stacks``); a
        learner ends its episode there. Without ``carry_stacks`` every hand is
        a match of its own, so it is True everywhere.
        """
        fresh = self._stacks()[1]
        return fresh if self.carry_stacks else self._np.ones(self.count, dtype=bool)

    def _stacks(self) -> tuple[Any, Any]:
        np = self._np
        stacks = np.zeros((self.count, self.players), dtype=np.int64)
        fresh = np.zeros(self.count, dtype=np.uint8)
        with self._lock:
            status = lib.badugi_tables_stacks(
                self._tables,
                ffi.from_buffer("int64_t[]", stacks),
                stacks.size,
                ffi.from_buffer("uint8_t[]", fresh),
                fresh.size,
            )
        self._call(status)
        return stacks, fresh.astype(bool)

    def observe(self, seat: int | None = None) -> Any:
        """A numpy int64 array (count, 11 + 6 * players): each table as its actor sees it, or ``seat``.

        Columns: 0 the actor, 1 the phase (0 betting, 1 drawing), 2 the betting
        round (during a draw, the one before), 3 the button, 4 chips a call
        puts in (the bet to match less the seat's, at most its stack; 0 in a
        draw), 5 the pot, 6..10 the actor's cards in increasing id order (-1
        past the hand's size); then for each seat ``s``, from ``11 + 6 * s``:
        its stack, its bet this round, whether it folded, and the cards it
        threw at each of the three draws (-1 before that draw).

        With ``seat`` (0 to players - 1), every table as that seat sees it,
        whether or not it is to act: columns 4 and 6..10 are what a call would
        put in for that seat and its cards, the others are the same (column 0
        is still the actor). A search or a learner that needs every seat's
        view, not only the actor's, asks for each seat in turn.

        Raises:
            GameSetupError: ``seat`` is not None or a seat of these tables.
        """
        viewer = -1
        if seat is not None:
            chosen = as_count(seat, 0, self.players - 1)
            if chosen is None:
                raise GameSetupError(
                    f"seat must be None or an int from 0 to {self.players - 1}, got {short_repr(seat)}"
                )
            viewer = chosen
        np = self._np
        out = np.zeros((self.count, self._width), dtype=np.int64)
        buffer = ffi.from_buffer("int64_t[]", out)
        with self._lock:
            self._call(lib.badugi_tables_observe(self._tables, viewer, buffer, out.size))
        return out

    def history(self, table: int) -> tuple[Event, ...]:
        """Table ``table``'s last finished hand as the engine's history (``Hand.replay`` takes it).

        Raises:
            GameSetupError: ``table`` is not a table, or it has not finished a hand yet.
        """
        index = as_count(table, 0, self.count - 1)
        if index is None:
            raise GameSetupError(f"table must be an int from 0 to {self.count - 1}, got {short_repr(table)}")
        seed, button = ffi.new("uint64_t *"), ffi.new("int32_t *")
        deck, stacks = ffi.new("uint8_t[52]"), ffi.new("int64_t[]", self.players)
        records = ffi.new("int32_t[]", self._records * lib.BADUGI_TABLES_RECORD)
        with self._lock:
            count = lib.badugi_tables_last_hand(
                self._tables,
                index,
                seed,
                button,
                deck,
                stacks,
                records,
                self._records * lib.BADUGI_TABLES_RECORD,
            )
        self._call(count)
        if count == 0:
            raise GameSetupError(f"table {index} has not finished a hand yet")
        rows = [list(records[k * 8 : k * 8 + 8]) for k in range(count)]
        return _Renderer(self, int(seed[0]), int(button[0]), list(deck), list(stacks)).events(rows)

    @staticmethod
    def _call(status: int) -> None:
        if status < 0:  # pragma: no cover - sizes are this class's own; a bug, never bad input
            message = ffi.string(lib.badugi_strerror(status)).decode()
            raise SystemError(f"badugi internal error in Tables: {message}")


def _restored(arguments: object, count: object, seed: object, states: object) -> Tables:
    """A pickled ``Tables``: ``Tables(count, seed=seed, **arguments)``, each table's actions played again.

    Raises:
        GameSetupError: the settings are not a ``Tables``'s, or ``states`` is not one
            ``_tables_state.TableState`` a table whose actions replay (a damaged pickle).
    """
    if not isinstance(arguments, dict):
        raise GameSetupError(f"a pickled Tables has settings, got {short_repr(arguments)}")
    try:
        tables = Tables(count, seed=seed, **arguments)  # type: ignore[arg-type]
    except TypeError as exc:  # a setting no Tables takes
        raise GameSetupError(f"a pickled Tables has settings Tables does not take: {exc}") from None
    if not isinstance(states, tuple) or len(states) != tables.count:
        raise GameSetupError(
            f"a pickled Tables has one state a table ({tables.count}), got {short_repr(states)}"
        )
    for table, state in enumerate(states):
        tables_state.restore(tables._tables, table, state, tables._records, tables.players)
    return tables


class _Renderer:
    """The C core's records of one hand as the engine's events, in the engine's order."""

    def __init__(self, tables: Tables, seed: int, button: int, deck: list[int], stacks: list[int]) -> None:
        base = tables._setup
        self.setup = Setup(
            stacks,
            button,
            base.structure,
            blinds=base.blinds,
            ante=base.ante,
            seed=seed,
            deck=deck,
            burn=base.burn,
            game=base.game,
        )
        self.stacks = list(stacks)
        self.put = [0] * len(self.stacks)
        self.hands: list[list[int] | None] = [None] * len(self.stacks)
        self.bets = [0] * len(self.stacks)  # this betting round's

    def _chips(self, seat: int, amount: int) -> bool:
        self.bets[seat] += amount
        self.stacks[seat] -= amount
        self.put[seat] += amount
        return self.stacks[seat] == 0

    def events(self, rows: list[list[int]]) -> tuple[Event, ...]:
        out = [self.setup.event()]
        for kind, seat, a, b, n1, p1, n2, p2 in rows:
            if kind == 1:
                all_in = self._chips(seat, a)
                self.bets[seat] = 0  # an ante is dead money, not a bet
                out.append(event("ante", seat=seat, amount=a, all_in=all_in))
            elif kind == 2:
                name = "big" if b else "small"
                out.append(event("blind", seat=seat, blind=name, amount=a, all_in=self._chips(seat, a)))
            elif kind == 4:
                self.hands[seat] = None
                out.append(event("fold", seat=seat))
            elif kind == 5:
                out.append(event("check", seat=seat))
            elif kind == 6:
                out.append(event("call", seat=seat, amount=a, to=b, all_in=self._chips(seat, a)))
            elif kind in (7, 8):
                self._chips(seat, a - self.bets[seat])
                out.append(event(_BETS[kind], seat=seat, to=a, full=bool(b), all_in=self.stacks[seat] == 0))
            elif kind in _PLAIN:
                self.bets = [0] * len(self.stacks)
                out.append(event(_PLAIN[kind], index=a))
            elif kind in (3, 11, 12, 13):
                out.append(self._cards_event(kind, seat, a, n1, p1, n2, p2))
            elif kind == 14:
                out.extend(self._settle(a))
        return tuple(out)

    def _cards_event(self, kind: int, seat: int, a: int, *lists: int) -> Event:
        """A deal, a burn, a reshuffle or a draw (``cards``: the record's two card lists); hands follow."""
        ids = _IDS
        n1, p1, n2, p2 = lists
        if kind == 3:
            cards = _cards(n1, p1)
            self.hands[seat] = [ids[c] for c in cards]
            return event("deal", seat=seat, cards=cards)
        if kind == 11:
            return event("burn", card=CARD_TEXT[a])
        if kind == 12:
            return event("reshuffle", cards=a)
        thrown, received = _cards(n1, p1), _cards(n2, p2)
        held = self.hands[seat] or []
        gone = {ids[c] for c in thrown}
        self.hands[seat] = [c for c in held if c not in gone] + [ids[c] for c in received]
        return event("draw", seat=seat, count=n1, exposed=0, discards=thrown, received=received)

    def _settle(self, aggressor: int) -> list[Event]:
        setup = self.setup
        held = {seat: cards for seat, cards in enumerate(self.hands) if cards is not None}
        result = settle(
            held, self.put, setup.button, None if aggressor < 0 else aggressor, setup.game, None, 0
        )
        events = []
        if len(held) > 1:
            events.append(
                event(
                    "showdown",
                    order=result.order,
                    hands=Event((str(s), tuple(CARD_TEXT[c] for c in held[s])) for s in result.order),
                    pots=tuple(
                        Event(amount=pot.amount, eligible=pot.eligible, winners=pot.winners)
                        for pot in result.pots
                    ),
                )
            )
        stacks = tuple(stack + paid for stack, paid in zip(self.stacks, result.payouts, strict=True))
        events.append(event("payouts", payouts=result.payouts, stacks=stacks, carried=result.carried))
        return events
