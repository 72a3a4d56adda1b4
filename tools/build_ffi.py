"""cffi build script for ``badugi._native`` (out-of-line, API mode).

setuptools runs this through ``cffi_modules`` in ``setup.py`` and reads the
global ``ffibuilder``. cffi executes it on every setup command, with a
relative ``__file__`` and without the project root on ``sys.path``, so every
path here is resolved from this file and nothing is imported from the project.

``c_sources()`` is the one list of the C files the extension is made of (with
``PYTHON_GLUE``, the file that uses the Python C API); the sanitizer tests'
harness builder (tests/c_harness.py) reads it from here too. The
generated ones are written by ``tools/gen_table.py`` just before compiling
(see ``setup.py``); running this file directly generates them first, for a
quick in-place build during development.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from cffi import FFI

TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT_DIR = os.path.dirname(TOOLS_DIR)
CSRC_DIR = os.path.join(ROOT_DIR, "csrc")
GENERATED_DIR = os.path.join(CSRC_DIR, "generated")
# Where ``#include "..."`` looks after the including file's own folder: csrc/ (so a file names
# another layer's header by its path there, "common/workers.h"), the generated lookups, and
# common/, whose headers sampled CFR (csrc/sampled/) names by their bare names.
INCLUDE_DIRS = (CSRC_DIR, GENERATED_DIR, os.path.join(CSRC_DIR, "common"))

# Hand-written, in csrc/: one file per idea, one folder per layer, as the package is
# (tests/test_c_layers.py checks that each folder uses only the ones above it in this list).
HAND_WRITTEN = (
    "common/text.c",  # the card-text parser
    "common/errors.c",  # error codes to messages
    "common/workers.c",  # the lock and worker threads
    "common/pool.c",  # worker threads parked between calls (engine.Tables' steps)
    "ranking/rank4.c",  # four-card Badugi: table lookup and SIMD batch kernels
    "ranking/scales5.c",  # five-card scales (2-7, A-5, best badugi of five) and the fused batch
    "ranking/scales5_sse2.c",  # their SSE2 batch kernel
    "ranking/scales5_avx2.c",  # their AVX2 batch kernel
    "equity/drawvalue.c",  # strength and the draw-value tables: what each keep is worth
    "equity/draw_api.c",  # their checked entry points
    "equity/drawvalue5.c",  # the split games' five-card strength and draw-value tables
    "equity/keeptable5.c",  # their no-card-seen keep tables
    "equity/draw5_api.c",  # their checked entry points
    "equity/suit_classes.c",  # hands up to the suits: the starting hands' classes
    "equity/equity_spot.c",  # an equity question, checked and laid out
    "equity/equity_exact.c",  # exact single-draw equity
    "equity/equity_mc.c",  # Monte Carlo equity by the card-room deck rules
    "equity/equity_heads_up.c",  # many heads-up Monte Carlo runs in one call: the heads-up matrix
    "engine/rng.c",  # engine.Tables: Python's shuffles (SHA-512 seeding, MT19937), step for step
    "engine/record.c",  # engine.Tables: the history's records, while a hand is replayed
    "engine/deck.c",  # engine.Tables: the stub, discards, burns and reshuffles
    "engine/hand.c",  # engine.Tables: blinds, antes, the deal, the betting, the draws
    "engine/payouts.c",  # engine.Tables: the payouts, halves and odd chips
    "engine/state.c",  # engine.Tables: copies, and the actions a pickle replays
    "engine/api.c",  # engine.Tables: the checked entry points
    "sampled/rules.c",  # sampled CFR: the rules of a heads-up fixed-limit hand, on its public state
    "sampled/cards.c",  # sampled CFR: the deal, the draws' replacements and the reshuffle
    "sampled/public_tree.c",  # sampled CFR: the public states a strategy tells apart, and their moves
    "sampled/infosets.c",  # sampled CFR: where each information set's regrets live
    "sampled/traverse.c",  # sampled CFR: one external-sampling traversal
    "sampled/run.c",  # sampled CFR: batches over threads, merging, discounting
    "sampled/respond.c",  # sampled CFR: what a best response to the average strategy wins, played
    "sampled/api.c",  # sampled CFR: the checked entry points
)
# Written by tools/gen_table.py into csrc/generated/ (or wherever it is told).
GENERATED = ("badugi_lookups.c",)
# C that uses the Python C API (only the extension compiles it; the sanitizer
# harness, a plain C program, does not).
PYTHON_GLUE = [os.path.join(CSRC_DIR, "ranking", "pyfast.c")]


def c_sources(generated_dir: str = GENERATED_DIR) -> list[str]:
    """Absolute paths of every C file to compile, the generated ones taken from generated_dir."""
    return [os.path.join(CSRC_DIR, name) for name in HAND_WRITTEN] + [
        os.path.join(generated_dir, name) for name in GENERATED
    ]


def _relative(path: str) -> str:
    # setuptools wants source paths relative to the directory it builds from.
    return os.path.relpath(path)


with open(os.path.join(CSRC_DIR, "badugi.h"), encoding="utf-8") as header:
    CDEF = header.read()


def make_builder(path: Callable[[str], str]) -> FFI:
    """The cffi builder, with every source and include path passed through ``path``."""
    builder = FFI()
    builder.cdef(CDEF)
    builder.set_source(
        "badugi._native",
        '#include <stddef.h>\n#include <stdint.h>\n#include "badugi.h"\n',
        sources=[path(source) for source in c_sources() + PYTHON_GLUE],
        include_dirs=[path(folder) for folder in INCLUDE_DIRS],
    )
    return builder


ffibuilder = make_builder(_relative)

if __name__ == "__main__":
    import runpy

    runpy.run_path(os.path.join(TOOLS_DIR, "gen_table.py"))["main"]([])
    # compile() works from inside its tmpdir, so relative paths would miss.
    make_builder(os.path.abspath).compile(tmpdir=os.path.join(ROOT_DIR, "build", "inplace"), verbose=True)
