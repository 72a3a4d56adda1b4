"""A solver saved to a file and read back: atomically written, refused if it is not a solver's.

The file is a compressed numpy archive (``.npz``, no pickles): the regrets, the
strategy sums and the unmerged delta (a run stopped mid-batch resumes exactly),
the abstraction's tables, and a JSON header with the variant, the abstraction's
settings, the schedule, the seed and the iterations done. It is written to a
temporary file beside the target, flushed to disk, then renamed over it, so a
run killed while saving leaves the last checkpoint whole.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from badugi.adapters.variant import Variant
from badugi.errors import GameSetupError
from badugi.solver.sampled.abstraction import Abstraction
from badugi.solver.sampled.schedule import Schedule
from badugi.solver.sampled.solver import ARRAYS, SampledCFR
from badugi.solver.tree import _numpy

__all__ = ["load", "save"]

FORMAT = "badugi sampled CFR checkpoint 1"


def _variant_fields(variant: Variant) -> dict[str, Any]:
    structure = variant.structure
    return {
        "game": variant.game.name,
        "players": variant.players,
        "draws": variant.draws,
        "small_bet": structure.small_bet,
        "big_bet": structure.big_bet,
        "cap": structure.cap,
        "small_blind": variant.small_blind,
        "big_blind": variant.big_blind,
        "ante": variant.ante,
        "stack": variant.stack,
        "ranks": variant.ranks,
        "suits": variant.suits,
    }


def header_of(solver: SampledCFR) -> dict[str, Any]:
    """What a checkpoint says of the run, as JSON-able data."""
    abstraction = solver.abstraction
    return {
        "format": FORMAT,
        "variant": _variant_fields(solver.variant),
        "abstraction": {
            "kind": abstraction.kind,
            "remember_bets": abstraction.remember_bets,
            "remember_draws": abstraction.remember_draws,
            "sizes": list(abstraction.sizes),
            "deck": list(abstraction.deck),
        },
        "schedule": {name: getattr(solver.schedule, name) for name in solver.schedule._fields()},
        "seed": solver.seed,
        "iterations": solver.iterations,
        "most_slots": solver._most_slots,
    }


def save(solver: SampledCFR, path: str | os.PathLike[str]) -> None:
    """Write ``solver`` to ``path`` atomically (a temporary file beside it, then a rename).

    Raises:
        badugi.errors.GameSetupError: ``solver`` is not a SampledCFR.
        OSError: the file cannot be written (the old one, if any, is left as it was).
    """
    np = _numpy()
    if not isinstance(solver, SampledCFR):
        raise GameSetupError(f"save writes a SampledCFR, got {type(solver).__name__}")
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    arrays = {name: solver.array(name) for name in ARRAYS}
    abstraction = solver.abstraction
    try:
        with open(temporary, "wb") as handle:
            np.savez_compressed(
                handle,
                header=np.frombuffer(json.dumps(header_of(solver)).encode(), dtype=np.uint8),
                buckets=np.frombuffer(abstraction.buckets, dtype="<u4"),
                discards=np.frombuffer(abstraction.discards, dtype=np.uint8),
                **arrays,
            )
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()


def load(path: str | os.PathLike[str]) -> SampledCFR:
    """The solver saved at ``path``.

    Raises:
        badugi.errors.GameSetupError: not a checkpoint of this format, or a damaged one.
        OSError: the file cannot be read.
    """
    np = _numpy()
    try:
        with np.load(path, allow_pickle=False) as archive:
            header = json.loads(bytes(archive["header"]).decode())
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise GameSetupError(f"{os.fspath(path)!r} is not a {FORMAT!r}")
            tables = {name: np.array(archive[name]) for name in ("buckets", "discards", *ARRAYS)}
    except (ValueError, KeyError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise GameSetupError(f"{os.fspath(path)!r} is not a sampled CFR checkpoint: {exc}") from None
    try:
        variant = Variant(**header["variant"])
        settings = header["abstraction"]
        abstraction = Abstraction(
            settings["kind"],
            remember_bets=settings["remember_bets"],
            remember_draws=settings["remember_draws"],
            sizes=tuple(settings["sizes"]),
            deck=tuple(settings["deck"]),
            buckets=tables["buckets"].astype("<u4").tobytes(),
            discards=tables["discards"].astype(np.uint8).tobytes(),
        )
        solver = SampledCFR(
            variant,
            abstraction,
            seed=header["seed"],
            schedule=Schedule(**header["schedule"]),
            most_slots=header["most_slots"],
        )
    except (KeyError, TypeError) as exc:
        raise GameSetupError(f"{os.fspath(path)!r} is a damaged checkpoint: {exc!r}") from None
    for name in ARRAYS:
        solver.set_array(name, tables[name])
    iterations = header.get("iterations")
    if type(iterations) is not int or iterations < 0:
        raise GameSetupError(f"{os.fspath(path)!r} is a damaged checkpoint: iterations {iterations!r}")
    solver.iterations = iterations
    return solver
