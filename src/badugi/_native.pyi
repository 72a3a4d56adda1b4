# The cffi extension built from csrc/badugi.h; see tools/build_ffi.py.
from typing import Any

ffi: Any
lib: Any
