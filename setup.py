"""Only what pyproject.toml cannot say: the cffi module and table generation.

All metadata lives in pyproject.toml. ``cffi_modules`` has no declarative form,
and the lookup tables must be generated before the extension is compiled, which
happens in ``build_ext`` (not on ``sdist`` or ``egg_info``).
"""

import os
import runpy

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


class GenerateTableThenBuild(build_ext):
    """Write the tables into csrc/generated/ (only what changed), then compile."""

    def run(self) -> None:
        generator = runpy.run_path(os.path.join(HERE, "tools", "gen_table.py"))
        generator["main"]([])
        super().run()


setup(
    cffi_modules=["tools/build_ffi.py:ffibuilder"],
    cmdclass={"build_ext": GenerateTableThenBuild},
)
