"""A solver's average strategy written as a blueprint: what the ``solver`` bot ships and plays.

``write_blueprint(solver, path)`` keeps what play needs (the rules, the
abstraction's tables, the average strategy in units of 1/65535 an information
set) and drops what only a run needs (the regrets, the sums' scale, the
schedule): the full game's 33 MB of arrays become a few MB.
``badugi.engine.blueprint.Blueprint`` reads it back.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

from badugi._native import ffi, lib
from badugi.engine.blueprint import MAGIC, RULE_FIELDS, SECTIONS
from badugi.errors import GameSetupError
from badugi.solver.sampled.abstraction import EXACT
from badugi.solver.sampled.native import check, rules_struct
from badugi.solver.sampled.solver import SampledCFR
from badugi.solver.tree import _numpy

__all__ = ["blueprint_bytes", "write_blueprint"]


def blueprint_bytes(solver: SampledCFR) -> bytes:
    """The blueprint of ``solver``'s average strategy, as a file's bytes.

    Raises:
        badugi.errors.GameSetupError: not a SampledCFR, or one over the exact information sets (a
            blueprint holds buckets), or buckets too many for a byte each (more than 256).
    """
    np = _numpy()
    if not isinstance(solver, SampledCFR):
        raise GameSetupError(f"a blueprint is made from a SampledCFR, got {type(solver).__name__}")
    abstraction = solver.abstraction
    if abstraction.kind == EXACT or max(abstraction.sizes) > 256:
        raise GameSetupError(f"a blueprint holds at most 256 buckets a level, not {abstraction!r}")
    shares = np.empty(solver.slots, dtype="<u2")
    check(
        lib.badugi_sampled_export(solver._handle, ffi.from_buffer("uint16_t[]", shares), solver.slots),
        "the strategy",
    )
    c_rules = rules_struct(solver.variant)
    rules: dict[str, object] = {name: int(getattr(c_rules, name)) for name in RULE_FIELDS}
    rules["deck"] = list(solver.variant.deck)
    tables = {
        "bucket": np.frombuffer(abstraction.buckets, dtype="<u4").astype(np.uint8).tobytes(),
        "discard": bytes(abstraction.discards),
        "strategy": shares.tobytes(),
    }
    packed = {name: zlib.compress(tables[name], 9) for name in SECTIONS}
    header = {
        "rules": rules,
        "abstraction": {
            "remember_bets": abstraction.remember_bets,
            "remember_draws": abstraction.remember_draws,
            "sizes": list(abstraction.sizes),
        },
        "slots": solver.slots,
        "information_sets": solver.information_sets,
        "seed": solver.seed,
        "iterations": solver.iterations,
        "sections": {name: [len(packed[name]), zlib.crc32(packed[name])] for name in SECTIONS},
    }
    encoded = json.dumps(header, sort_keys=True).encode()
    return MAGIC + len(encoded).to_bytes(4, "little") + encoded + b"".join(packed[name] for name in SECTIONS)


def write_blueprint(solver: SampledCFR, path: str | os.PathLike[str]) -> int:
    """Write ``solver``'s blueprint to ``path`` (a temporary file beside it, then a rename); its size.

    Raises:
        badugi.errors.GameSetupError: as ``blueprint_bytes``.
        OSError: the file cannot be written.
    """
    data = blueprint_bytes(solver)
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()
    return len(data)
