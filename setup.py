"""Only what pyproject.toml cannot say: the cffi module, table generation, wheel tag.

All metadata lives in pyproject.toml. ``cffi_modules`` has no declarative form;
the lookup tables must be generated before the extension is compiled, which
happens in ``build_ext`` (not on ``sdist`` or ``egg_info``); and the wheel's
limited-API tag must follow what cffi decided for the extension, which no
static setting can.
"""

import os
import runpy

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))

# The oldest CPython that [project].requires-python admits: the one wheel
# built for the limited API installs on it and on every later CPython.
LIMITED_API_TAG = "cp310"


class GenerateTableThenBuild(build_ext):
    """Write the tables into csrc/generated/ (only what changed), then compile."""

    def run(self) -> None:
        generator = runpy.run_path(os.path.join(HERE, "tools", "gen_table.py"))
        generator["main"]([])
        super().run()


class LimitedApiWheel(bdist_wheel):
    """Tag the wheel cp310-abi3 when every extension is built for the limited API.

    cffi compiles the extension against the limited API (``_native.abi3.so``)
    wherever the interpreter has one, and not on a debug or free-threaded
    CPython or on PyPy; without this the wheel would still carry the building
    interpreter's tag (``cp311-cp311``) and install on that version only.
    """

    def finalize_options(self) -> None:
        extensions = self.distribution.ext_modules or []
        if (
            not self.py_limited_api
            and extensions
            and all(getattr(ext, "py_limited_api", False) for ext in extensions)
        ):
            self.py_limited_api = LIMITED_API_TAG
        super().finalize_options()


setup(
    cffi_modules=["tools/build_ffi.py:ffibuilder"],
    cmdclass={"build_ext": GenerateTableThenBuild, "bdist_wheel": LimitedApiWheel},
)
