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

# Hand-written, in csrc/: one file per idea.
HAND_WRITTEN = (
    "rank4.c",  # four-card Badugi: table lookup and SIMD batch kernels
    "scales5.c",  # five-card scales (2-7, A-5, best badugi of five) and the fused batch
    "scales5_sse2.c",  # their SSE2 batch kernel
    "scales5_avx2.c",  # their AVX2 batch kernel
    "text.c",  # the card-text parser
    "errors.c",  # error codes to messages
    "drawvalue.c",  # strength and the draw-value tables: what each keep is worth
    "draw_api.c",  # their checked entry points
    "drawvalue5.c",  # the split games' five-card strength and draw-value tables
    "keeptable5.c",  # their no-card-seen keep tables
    "draw5_api.c",  # their checked entry points
    "suit_classes.c",  # hands up to the suits: the starting hands' classes
    "equity_spot.c",  # an equity question, checked and laid out
    "equity_exact.c",  # exact single-draw equity
    "equity_mc.c",  # Monte Carlo equity by the card-room deck rules
    "equity_heads_up.c",  # many heads-up Monte Carlo runs in one call: the heads-up matrix
    "workers.c",  # the lock and worker threads
    "pool.c",  # worker threads parked between calls (engine.Tables' steps)
    "tables_rng.c",  # engine.Tables: Python's shuffles (SHA-512 seeding, MT19937), step for step
    "tables_deck.c",  # engine.Tables: the stub, discards, burns and reshuffles
    "tables_hand.c",  # engine.Tables: blinds, antes, the deal, fixed-limit betting, the draws
    "tables_showdown.c",  # engine.Tables: the payouts, halves and odd chips
    "tables_api.c",  # engine.Tables: the checked entry points
    "tables_state.c",  # engine.Tables: copies, and the actions a pickle replays
    "sampled/rules.c",  # sampled CFR: the rules of a heads-up fixed-limit hand, on its public state
    "sampled/cards.c",  # sampled CFR: the deal, the draws' replacements and the reshuffle
    "sampled/public_tree.c",  # sampled CFR: the public states a strategy tells apart, and their moves
    "sampled/infosets.c",  # sampled CFR: where each information set's regrets live
    "sampled/traverse.c",  # sampled CFR: one external-sampling traversal
    "sampled/run.c",  # sampled CFR: batches over threads, merging, discounting
    "sampled/api.c",  # sampled CFR: the checked entry points
)
# Written by tools/gen_table.py into csrc/generated/ (or wherever it is told).
GENERATED = ("badugi_tables.c",)
# C that uses the Python C API (only the extension compiles it; the sanitizer
# harness, a plain C program, does not).
PYTHON_GLUE = [os.path.join(CSRC_DIR, "pyfast.c")]


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
        include_dirs=[path(CSRC_DIR), path(GENERATED_DIR)],
    )
    return builder


ffibuilder = make_builder(_relative)

if __name__ == "__main__":
    import runpy

    runpy.run_path(os.path.join(TOOLS_DIR, "gen_table.py"))["main"]([])
    # compile() works from inside its tmpdir, so relative paths would miss.
    make_builder(os.path.abspath).compile(tmpdir=os.path.join(ROOT_DIR, "build", "inplace"), verbose=True)
