"""The C solver's structures filled from Python values, and its error codes as the library's errors."""

from __future__ import annotations

from typing import Any

from badugi._native import ffi, lib
from badugi.adapters.variant import Variant
from badugi.engine.blueprint import check_sampled as check
from badugi.errors import GameSetupError
from badugi.games import BADUGI
from badugi.solver.sampled.abstraction import EXACT, Abstraction
from badugi.solver.sampled.schedule import Schedule

__all__ = ["abstraction_struct", "check", "rules_struct", "run_struct"]


def rules_struct(variant: Variant) -> Any:
    """``badugi_sampled_rules`` for a heads-up Badugi ``Variant``.

    Raises:
        badugi.errors.GameSetupError: not a Variant, not heads-up Badugi, or rules the C refuses (named).
    """
    if not isinstance(variant, Variant):
        raise GameSetupError(f"sampled CFR plays a Variant, got {type(variant).__name__}")
    if variant.players != 2 or variant.game is not BADUGI:
        raise GameSetupError(f"sampled CFR plays heads-up Badugi, not {variant!r}")
    structure = variant.structure
    rules = ffi.new("badugi_sampled_rules *")
    rules.n_deck = len(variant.deck)
    for index, card in enumerate(variant.deck):
        rules.deck[index] = card
    rules.draws = variant.draws
    if structure.cap is None or structure.cap > lib.BADUGI_SAMPLED_MOST_CAP:
        raise GameSetupError(
            f"sampled CFR plays a cap of 1 to {lib.BADUGI_SAMPLED_MOST_CAP}, got {structure.cap}"
        )
    rules.cap = structure.cap
    most = lib.BADUGI_SAMPLED_MOST_CHIPS
    for name, value in (
        ("small_bet", structure.small_bet),
        ("big_bet", structure.big_bet),
        ("small_blind", variant.small_blind),
        ("big_blind", variant.big_blind),
        ("ante", variant.ante),
    ):
        if value > most:
            raise GameSetupError(f"sampled CFR plays a {name} of at most {most:,}, got {value:,}")
        setattr(rules, name, value)
    # Nobody may go all in: the C plays no side pots, so the stack must cover every bet.
    put_in = variant.ante + sum(
        variant.big_blind + (structure.cap - 1) * structure.small_bet
        if level == 0 and variant.big_blind
        else structure.cap * (structure.small_bet if level < 2 else structure.big_bet)
        for level in range(variant.draws + 1)
    )
    if put_in >= variant.stack or put_in > most:
        raise GameSetupError(
            f"sampled CFR needs a stack above the most a seat can put in ({put_in:,} chips here, "
            f"at most {most:,}): {variant!r}"
        )
    rules.stack = min(variant.stack, 2**31 - 1)
    return rules


def abstraction_struct(abstraction: Abstraction, variant: Variant) -> tuple[Any, list[Any]]:
    """``badugi_sampled_abstraction`` and the buffers it points into (keep them alive while it is used).

    Raises:
        badugi.errors.GameSetupError: not an Abstraction, or buckets made for another deck or number of draws.
    """
    if not isinstance(abstraction, Abstraction):
        raise GameSetupError(f"an abstraction is an Abstraction, got {type(abstraction).__name__}")
    struct = ffi.new("badugi_sampled_abstraction *")
    if abstraction.kind == EXACT:
        struct.cards = lib.BADUGI_SAMPLED_EXACT
        if len(variant.deck) > lib.BADUGI_SAMPLED_EXACT_MOST_DECK:
            raise GameSetupError(
                f"the exact abstraction takes a deck of at most {lib.BADUGI_SAMPLED_EXACT_MOST_DECK} cards, "
                f"the variant's has {len(variant.deck)}"
            )
        return struct, []
    if abstraction.deck != variant.deck or len(abstraction.sizes) != variant.draws + 1:
        raise GameSetupError(f"{abstraction!r} was made for another deck or number of draws than {variant!r}")
    struct.cards = lib.BADUGI_SAMPLED_BUCKETS
    struct.remember_bets = int(abstraction.remember_bets)
    struct.remember_draws = abstraction.remember_draws
    buckets = ffi.from_buffer("uint32_t[]", bytearray(abstraction.buckets))
    discards = ffi.from_buffer("uint8_t[]", bytearray(abstraction.discards or b"\0"))
    struct.bucket = buckets
    struct.bucket_size = len(abstraction.buckets) // 4
    struct.discard = discards
    struct.discard_size = len(abstraction.discards)
    for level, size in enumerate(abstraction.sizes):
        struct.buckets[level] = size
    return struct, [buckets, discards]


def run_struct(schedule: Schedule, seed: int, first: int, count: int, threads: int) -> Any:
    """``badugi_sampled_run`` for iterations ``first .. first + count - 1``."""
    run = ffi.new("badugi_sampled_run *")
    run.seed = seed
    run.first = first
    run.count = count
    run.batch = schedule.batch
    run.epoch = schedule.epoch
    run.alpha = schedule.alpha
    run.beta = schedule.beta
    run.gamma = schedule.gamma
    run.prune_below = schedule.prune_below
    run.prune_share = schedule.prune_share
    run.prune_from = schedule.prune_from
    run.threads = threads
    return run
