# The cffi extension built from csrc/badugi.h; see tools/build_ffi.py.
from typing import Any

ffi: Any
lib: Any

# Attached by lib.badugi_install_python_fastpath() (csrc/pyfast.c).
def rank_object(hand: object) -> int: ...
def rank_on_object(hand: object, scale: object) -> int: ...
def rank_low_object(hand: object, name: object) -> int: ...
